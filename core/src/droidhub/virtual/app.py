"""App models for the virtual phone.

A plugin contributes models through the ``droidhub_virtual_apps`` hook. A model owns
its package's state on the phone (databases with the real schemas, files,
preferences, all at their Android paths inside the phone's sandbox), may contribute
content providers, may render its screen, and receives input and intents while it is
in the foreground. Every method has a do-nothing default, so a state-only model
overrides :meth:`VirtualApp.install` and little else.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar, Generic, TypeVar

if TYPE_CHECKING:
    from droidhub.virtual.phone import VirtualPhone
    from droidhub.virtual.providers import ContentProvider


@dataclass
class Intent:
    """An intent as ``am start`` / ``am broadcast`` parsed it."""

    action: str | None = None
    component: str | None = None
    package: str | None = None
    data: str | None = None
    categories: Sequence[str] = ()
    extras: Mapping[str, str | int | float | bool] = field(default_factory=dict)


@dataclass
class BroadcastReply:
    """The result an ordered broadcast's receiver sets: code, data and extras."""

    code: int = 0
    data: str | None = None
    extras: Mapping[str, str | int | float | bool] = field(default_factory=dict)


@dataclass
class Screen:
    """What a UI model shows: the window's nodes as ``uiautomator`` XML, and pixels.

    ``hierarchy`` is a complete ``<hierarchy rotation="0">...</hierarchy>`` document in
    ``uiautomator dump`` format with bounds in device pixels. ``png`` is the full
    screen (1080x2400 on the Pixel 6 the virtual phone models); None lets the phone
    draw the hierarchy itself.
    """

    hierarchy: str
    png: bytes | None = None


class VirtualApp:
    """Base of every app model the virtual phone hosts."""

    #: Android package name, as on a real device (``com.simplemobiletools.smsmessenger``).
    package: ClassVar[str] = ""
    #: Launcher label (``Simple SMS Messenger``).
    label: ClassVar[str] = ""
    #: Launch activity, relative (``.activities.MainActivity``) or full.
    activity: ClassVar[str] = ".MainActivity"
    #: ``versionName`` reported by ``dumpsys package``.
    version_name: ClassVar[str] = "1.0"

    def install(self, phone: VirtualPhone) -> None:
        """Create the app's data on ``phone``: called when the phone is created and
        again after ``pm clear`` wiped ``/data/data/<package>``."""

    def providers(self) -> Mapping[str, ContentProvider]:
        """Content providers by authority (``com.android.contacts``)."""
        return {}

    def on_start(self, phone: VirtualPhone, intent: Intent) -> None:
        """The app's activity was started (it is now in the foreground)."""

    def on_stop(self, phone: VirtualPhone) -> None:
        """The app was force-stopped (or its data cleared)."""

    def on_broadcast(self, phone: VirtualPhone, intent: Intent) -> BroadcastReply | None:
        """A broadcast addressed to this package; return the ordered-broadcast result."""
        del phone, intent
        return None

    def screen(self, phone: VirtualPhone) -> Screen | None:
        """The app's current screen, or None for the phone's plain screen with its label."""
        del phone
        return None

    def screen_without_pixels(self, phone: VirtualPhone) -> Screen | None:
        """The screen for ``uiautomator dump``, where only the hierarchy is used.

        Defaults to :meth:`screen`; a model whose pixels are costly (a browser
        screenshot) overrides it to return the hierarchy with ``png`` None.
        """
        return self.screen(phone)

    def on_tap(self, phone: VirtualPhone, x: int, y: int) -> bool | None:
        """A tap while in the foreground (device pixels).

        Return False when nothing took it and the app is as it was (a tap on a label):
        a dump after it is then the dump before. None, or anything else, says the
        screen may have changed.
        """
        del phone, x, y
        return None

    def on_swipe(
        self, phone: VirtualPhone, x1: int, y1: int, x2: int, y2: int, duration_ms: int
    ) -> bool | None:
        """A swipe (or a long press: same points, long duration) while in the foreground.

        Return False when nothing took it, as :meth:`on_tap`.
        """
        del phone, x1, y1, x2, y2, duration_ms
        return None

    def on_text(self, phone: VirtualPhone, text: str) -> None:
        """``input text`` while in the foreground (the text as the app would receive it)."""

    def on_key(self, phone: VirtualPhone, keycode: str) -> bool | None:
        """``input keyevent`` while in the foreground (``KEYCODE_ENTER``...).

        For ``KEYCODE_BACK``, return True when the app handled it (closed a dialog,
        went up a page): it then stays in front. Otherwise the phone goes back to the
        previous activity, which finishes the app.
        """
        del phone, keycode
        return None

    def on_key_combination(self, phone: VirtualPhone, keycodes: list[str]) -> None:
        """``input keycombination`` while in the foreground: ``keycodes`` held down
        together (``["KEYCODE_CTRL_LEFT", "KEYCODE_A"]`` selects all of the focused
        field's text, which the next typed text or DEL replaces)."""
        del phone, keycodes

    def close(self) -> None:
        """Release what the model holds (a browser...); called when the phone stops."""


#: The kind of window a :class:`WindowApp` builds (the view engine's or the widget kit's).
WindowT = TypeVar("WindowT")


class WindowApp(VirtualApp, Generic[WindowT]):
    """A UI model whose screen is a window :meth:`build` makes afresh from the model's
    state; BACK that nothing on the window took (a dialog, a popup) goes to
    :meth:`on_back`."""

    def build(self, phone: VirtualPhone) -> WindowT:
        """The current screen, from the model's state."""
        raise NotImplementedError

    def on_back(self, phone: VirtualPhone) -> bool:
        """BACK reached the app (no dialog or popup took it): True if the app handled it
        (it stays in front), False to leave the app."""
        del phone
        return False
