"""The Clock app on the view engine: the four pages of its bottom navigation, the
stopwatch (start, pause, lap, reset) counting the phone's clock, and the timer's
set-up keypad and its timers counting down; the views are :mod:`.layouts`.

Alarm and Clock show their pages' FAB only ("Add alarm", "Cities"); their lists are
not modelled. Digit keys and typed digits reach the timer's keypad, as a hardware
keyboard's do on the real page.
"""

from __future__ import annotations

import datetime as dt
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from droidhub.virtual.appmodel import Intent, VirtualApp
from droidhub.virtual.views import MATCH_PARENT, View, ViewApp, ViewGroupLinear, Window
from droidhub_aw_apps.clock import layouts
from droidhub_aw_apps.clock.layouts import PAGES
from droidhub_aw_apps.clock.model import APPS
from droidhub_aw_apps.common.app_identity import model_of
from droidhub_aw_apps.common.keys import KEY_DEL

if TYPE_CHECKING:
    from droidhub.virtual.appmodel import VirtualPhone

_TITLES = {page: title for page, title, _ in PAGES}
_NONE: tuple[str, str, None] = ("", "", None)


@dataclass
class _Timer:
    """A timer: its length, the time left when it last paused, and since when it runs."""

    length: int
    left: float
    since: dt.datetime | None = None

    def remaining(self, now: dt.datetime) -> float:
        """Seconds left now (never below zero); shown rounded up, as a timer counts."""
        ran = (now - self.since).total_seconds() if self.since is not None else 0.0
        return max(0.0, self.left - ran)


@model_of(APPS[0])
class ClockApp(ViewApp):
    """Google's Clock: pages, the stopwatch and the timers, drawn from state; the
    stopwatch and the timers run with the phone's clock."""

    def __init__(self) -> None:
        super().__init__()
        self._reset()

    def _reset(self) -> None:
        self.page = "page_alarm"
        #: Seconds counted before the current run, and when the current run began.
        self.elapsed = 0.0
        self.since: dt.datetime | None = None
        self.laps: list[float] = []
        self.digits = ""
        self.timers: list[_Timer] = []
        self.timer_setup = True

    def install(self, phone: VirtualPhone) -> None:
        """Fresh (or cleared) data: stopwatch reset and paused, no timers."""
        self._reset()

    def on_start(self, phone: VirtualPhone, intent: Intent) -> None:
        """The stopwatch shortcut starts it; the timer intent opens the keypad."""
        super().on_start(phone, intent)
        if intent.action == "com.android.deskclock.action.START_STOPWATCH":
            self.page = "page_stopwatch"
            if self.since is None:
                self.since = phone.now()
        elif intent.action == "android.intent.action.SET_TIMER":
            self.page, self.timer_setup, self.digits = "page_timer", True, ""

    # --- the stopwatch ---------------------------------------------------------------
    def _counted(self, now: dt.datetime) -> float:
        return self.elapsed + ((now - self.since).total_seconds() if self.since else 0.0)

    def _start(self, phone: VirtualPhone) -> None:
        self.since = phone.now()

    def _pause(self, phone: VirtualPhone) -> None:
        self.elapsed, self.since = self._counted(phone.now()), None

    def _lap(self, phone: VirtualPhone) -> None:
        self.laps.append(self._counted(phone.now()))

    def _reset_stopwatch(self) -> None:
        self.elapsed, self.since, self.laps = 0.0, None, []

    def _stopwatch(self, phone: VirtualPhone) -> tuple[View, View]:
        seconds = self._counted(phone.now())
        minutes, rest = divmod(int(seconds), 60)
        hundredths = f"{int(seconds * 100) % 100:02d}"
        laps = [f"# {n}    {_clock_text(t)}" for n, t in enumerate(self.laps, 1)][::-1]
        page = layouts.stopwatch_fragment(f"{minutes:02d}:{rest:02d}", hundredths, laps)
        running, started = self.since is not None, bool(self.since or self.elapsed)
        fab = (("Pause", "pause", lambda: self._pause(phone)) if running
               else ("Start", "play_arrow", lambda: self._start(phone)))  # fmt: skip
        left = ("Reset", "stop", self._reset_stopwatch) if started else _NONE
        right = ("Lap", "flag", lambda: self._lap(phone)) if running else _NONE
        if started and not running:
            right = ("Share", "share", lambda: None)
        return page, layouts.fab_container(left, fab, right)

    # --- the timer -------------------------------------------------------------------
    def _duration(self) -> tuple[int, int, int]:
        padded = self.digits.rjust(6, "0")
        return int(padded[0:2]), int(padded[2:4]), int(padded[4:6])

    def _type_digit(self, digit: str) -> None:
        for char in digit:
            if len(self.digits) < 6 and (self.digits or char != "0"):
                self.digits += char

    def _start_timer(self, phone: VirtualPhone) -> None:
        h, m, s = self._duration()
        length = h * 3600 + m * 60 + s
        self.timers.append(_Timer(length, float(length), phone.now()))
        self.timer_setup, self.digits = False, ""

    def _play_pause(self, phone: VirtualPhone, timer: _Timer) -> None:
        now = phone.now()
        if timer.since is not None:
            timer.left, timer.since = timer.remaining(now), None
        else:
            timer.since = now

    def _timer(self, phone: VirtualPhone) -> tuple[View, View]:
        if self.timer_setup or not self.timers:
            h, m, s = self._duration()
            page = layouts.timer_setup_view(h, m, s, self._type_digit, self._delete_digit)
            fab = (
                ("Start", "play_arrow", lambda: self._start_timer(phone)) if self.digits else _NONE
            )
            return page, layouts.fab_container(_NONE, fab, _NONE)
        timer = self.timers[-1]
        running = timer.since is not None

        def delete() -> None:
            self.timers.remove(timer)
            self.timer_setup = not self.timers

        def reset() -> None:
            timer.left, timer.since = float(timer.length), None

        def add_minute() -> None:
            timer.left += 60

        left = _clock_text(math.ceil(timer.remaining(phone.now())), hours=True)
        page = layouts.timer_item(
            left, running, delete, reset, add_minute, lambda: self._play_pause(phone, timer)
        )
        fab = ("Pause" if running else "Start", "pause" if running else "play_arrow",
               lambda: self._play_pause(phone, timer))  # fmt: skip
        right = ("Add Timer", "add", lambda: self._set(timer_setup=True, digits=""))
        return page, layouts.fab_container(("Delete", "close", delete), fab, right)

    def _delete_digit(self) -> None:
        self.digits = self.digits[:-1]

    def _set(self, **changes: object) -> None:
        for name, value in changes.items():
            setattr(self, name, value)

    # --- the screen ------------------------------------------------------------------
    def build(self, phone: VirtualPhone) -> Window:
        """desk_clock with the page chosen in the bottom navigation."""
        if self.page == "page_stopwatch":
            page, fabs = self._stopwatch(phone)
        elif self.page == "page_timer":
            page, fabs = self._timer(phone)
        else:
            page = ViewGroupLinear("", width=MATCH_PARENT, height=MATCH_PARENT)
            label = "Add alarm" if self.page == "page_alarm" else "Cities"
            icon = "add" if self.page == "page_alarm" else "public"
            fabs = layouts.fab_container(_NONE, (label, icon, lambda: None), _NONE)
        navigation = layouts.bottom_view(self.page, self._go)
        content = layouts.desk_clock(_TITLES[self.page], page, fabs, navigation)
        return Window(content, status_bar=layouts.BACKGROUND)

    def _go(self, page: str) -> None:
        self.page = page
        self.reset_view_state()

    # --- keys ------------------------------------------------------------------------
    def on_key(self, phone: VirtualPhone, keycode: str) -> bool | None:
        """Digit keys and delete reach the timer keypad; the rest as any view app."""
        if self.page == "page_timer" and self.timer_setup:
            if keycode.startswith("KEYCODE_") and keycode[8:].isdigit():
                self._type_digit(keycode[8:])
                return True
            if keycode.isdigit() and 7 <= int(keycode) <= 16:
                self._type_digit(str(int(keycode) - 7))
                return True
            if keycode in KEY_DEL:
                self._delete_digit()
                return True
        return super().on_key(phone, keycode)

    def on_text(self, phone: VirtualPhone, text: str) -> None:
        """Typed digits reach the timer keypad."""
        if self.page == "page_timer" and self.timer_setup:
            self._type_digit("".join(c for c in text if c.isdigit()))


def _clock_text(seconds: float, hours: bool = False) -> str:
    """``MM:SS`` (``H:MM:SS`` with ``hours``)."""
    h, rest = divmod(int(seconds), 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if hours else f"{h * 60 + m:02d}:{s:02d}"


def virtual_apps() -> list[VirtualApp]:
    """A fresh clock model."""
    return [ClockApp()]
