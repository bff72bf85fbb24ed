"""The app model of an app whose screen state starts afresh when the model is made, when
the app is launched and when it is force-stopped."""

from __future__ import annotations

from typing import TYPE_CHECKING

from droidhub.virtual.views import ViewApp

if TYPE_CHECKING:
    from droidhub.virtual.appmodel import Intent, VirtualPhone


class FreshLaunchApp(ViewApp):
    """A view app that shows its first screen, with nothing open, when the model is
    made, when it is launched and when it is force-stopped (or its data cleared): each
    time, :meth:`reset_state` sets its screen state afresh.

    An app that keeps something across a launch overrides :meth:`on_start`."""

    def __init__(self) -> None:
        super().__init__()
        self.reset_state()

    def reset_state(self) -> None:
        """Put every field of the screen state back to the first screen's value."""
        raise NotImplementedError

    def on_start(self, phone: VirtualPhone, intent: Intent) -> None:
        """A launch shows the first screen."""
        super().on_start(phone, intent)
        self.reset_state()

    def on_stop(self, phone: VirtualPhone) -> None:
        """Force-stopped: nothing open next time."""
        del phone
        self.reset_state()
