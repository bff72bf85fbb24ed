"""The app model the media apps (Retro Music, VLC, Chrome) share: a view app whose
whole screen state starts afresh when the app is made, installed, launched and
force-stopped."""

from __future__ import annotations

from typing import TYPE_CHECKING

from droidhub_aw_apps.common.fresh_launch import FreshLaunchApp

if TYPE_CHECKING:
    from droidhub.virtual.appmodel import VirtualPhone


class FreshStartApp(FreshLaunchApp):
    """A :class:`FreshLaunchApp` whose screen state also starts afresh when its data is
    installed (or cleared)."""

    def install(self, phone: VirtualPhone) -> None:
        """Fresh data: nothing open."""
        del phone
        self.reset_state()
