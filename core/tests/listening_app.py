"""A test app model that records what the virtual phone delivers to it.

Kept in a module of its own (not conftest.py) so the tests import it by a name no
other distribution's tests use.
"""

from __future__ import annotations

from droidhub.virtual.app import Intent, VirtualApp
from droidhub.virtual.phone import VirtualPhone


class ListeningApp(VirtualApp):
    """An app model that records each start, stop, tap, swipe and key the phone delivers
    to it, as ``(kind, detail)`` in :attr:`events`, oldest first. Subclasses add their
    data, screen and what else they record."""

    def __init__(self) -> None:
        self.events: list[tuple[str, object]] = []

    def on_start(self, phone: VirtualPhone, intent: Intent) -> None:
        self.events.append(("start", intent))

    def on_stop(self, phone: VirtualPhone) -> None:
        self.events.append(("stop", None))

    def on_tap(self, phone: VirtualPhone, x: int, y: int) -> None:
        self.events.append(("tap", (x, y)))

    def on_swipe(
        self, phone: VirtualPhone, x1: int, y1: int, x2: int, y2: int, duration_ms: int
    ) -> None:
        self.events.append(("swipe", (x1, y1, x2, y2, duration_ms)))

    def on_key(self, phone: VirtualPhone, keycode: str) -> None:
        self.events.append(("key", keycode))
