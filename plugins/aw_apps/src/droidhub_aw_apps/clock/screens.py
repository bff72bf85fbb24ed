"""The Clock app on the virtual phone: tabs, the stopwatch (start, pause, lap) and the
timer's set-up keypad, drawn from the model's state.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import TYPE_CHECKING

from droidhub.virtual.appmodel import Intent, Screen, VirtualApp
from droidhub_aw_apps.clock.model import ACTIVITY, PACKAGE, TABS
from droidhub_aw_apps.common.hierarchy import Node, hit, render
from droidhub_aw_apps.common.keys import KEY_DEL

if TYPE_CHECKING:
    from droidhub.virtual.appmodel import VirtualPhone


# --- the app model ----------------------------------------------------------------------


@dataclass
class _Timer:
    seconds: int
    running: bool = True


class ClockApp(VirtualApp):
    """Google's Clock: tabs, the stopwatch, and the timer keypad, drawn from state.

    Taps on tabs and buttons, digit keys and typed digits drive it as the real app;
    the stopwatch counts the phone's time while it runs.
    """

    package = PACKAGE
    label = "Clock"
    activity = ACTIVITY

    def __init__(self) -> None:
        self._reset()

    def _reset(self) -> None:
        self.tab = "Alarm"
        self.stopwatch_running = False
        self.stopwatch_started = False
        #: Seconds counted before the current run, and when the current run began.
        self.elapsed = 0.0
        self.since: dt.datetime | None = None
        self.laps = 0
        self.digits = ""
        self.timers: list[_Timer] = []
        self.timer_setup = True

    def install(self, phone: VirtualPhone) -> None:
        """Fresh (or cleared) data: stopwatch reset and paused, no timers."""
        self._reset()

    def on_start(self, phone: VirtualPhone, intent: Intent) -> None:
        """The stopwatch shortcut starts it; the timer intent opens the keypad."""
        if intent.action == "com.android.deskclock.action.START_STOPWATCH":
            self.tab = "Stopwatch"
            self._stopwatch_button("Start", phone.now())
        elif intent.action == "android.intent.action.SET_TIMER":
            self.tab, self.timer_setup, self.digits = "Timer", True, ""

    # drawing
    def _duration(self) -> tuple[int, int, int]:
        padded = self.digits.rjust(6, "0")
        return int(padded[0:2]), int(padded[2:4]), int(padded[4:6])

    def _nodes(self, now: dt.datetime) -> list[Node]:
        nodes = [Node("android.widget.TextView", text=self.tab, bounds=(48, 120, 700, 240))]
        if self.tab == "Stopwatch":
            nodes += self._stopwatch_nodes(now)
        elif self.tab == "Timer":
            nodes += self._timer_nodes()
        for i, name in enumerate(TABS):
            nodes.append(
                Node(
                    "android.widget.TextView",
                    text=name,
                    resource_id=f"{PACKAGE}:id/tab_{name.lower()}",
                    bounds=(i * 270, 2200, (i + 1) * 270, 2360),
                    clickable=True,
                    selected=name == self.tab,
                )
            )
        return nodes

    def _stopwatch_nodes(self, now: dt.datetime) -> list[Node]:
        seconds = self.elapsed + ((now - self.since).total_seconds() if self.since else 0.0)
        minutes, rest = divmod(int(seconds), 60)
        nodes = [
            Node(
                "android.widget.TextView",
                text=f"{minutes:02d}:{rest:02d}",
                bounds=(240, 700, 840, 900),
            ),
            Node(
                "android.widget.ImageButton",
                content_desc="Pause" if self.stopwatch_running else "Start",
                resource_id=f"{PACKAGE}:id/fab",
                bounds=(430, 1900, 650, 2120),
                clickable=True,
            ),
        ]
        if self.stopwatch_running:
            nodes.append(self._button("Lap", (130, 1940, 330, 2080)))
        elif self.stopwatch_started:
            nodes.append(self._button("Reset", (130, 1940, 330, 2080)))
        return nodes

    def _timer_nodes(self) -> list[Node]:
        if not self.timer_setup and self.timers:
            timer = self.timers[-1]
            h, rest = divmod(timer.seconds, 3600)
            m, s = divmod(rest, 60)
            return [
                Node(
                    "android.widget.TextView",
                    text=f"{h}:{m:02d}:{s:02d}",
                    bounds=(200, 700, 880, 900),
                ),
                self._button("Pause" if timer.running else "Start", (430, 1900, 650, 2120)),
                self._button("Add timer", (780, 1940, 980, 2080)),
            ]
        h, m, s = self._duration()
        nodes = [
            Node(
                "android.widget.TextView",
                text=f"{h:02d}h {m:02d}m {s:02d}s",
                content_desc=f"{h} hours, {m} minutes, {s} seconds",
                resource_id=f"{PACKAGE}:id/timer_setup_time",
                bounds=(120, 400, 960, 600),
            ),
            self._button("Delete", (860, 420, 1000, 580)),
        ]
        for i, digit in enumerate("1234567890"):
            col, line = (i % 3, i // 3) if digit != "0" else (1, 3)
            left, top = 190 + col * 250, 750 + line * 250
            nodes.append(
                Node(
                    "android.widget.Button",
                    text=digit,
                    bounds=(left, top, left + 200, top + 200),
                    clickable=True,
                )
            )
        if self.digits:
            nodes.append(self._button("Start", (430, 1900, 650, 2120)))
        return nodes

    @staticmethod
    def _button(description: str, bounds: tuple[int, int, int, int]) -> Node:
        return Node(
            "android.widget.ImageButton", content_desc=description, bounds=bounds, clickable=True
        )

    def screen(self, phone: VirtualPhone) -> Screen:
        """The current tab, drawn from state."""
        return Screen(hierarchy=render(PACKAGE, self._nodes(phone.now())))

    # input
    def on_tap(self, phone: VirtualPhone, x: int, y: int) -> None:
        """Tabs, stopwatch buttons, and the timer keypad."""
        now = phone.now()
        node = hit(self._nodes(now), x, y)
        if node is None:
            return
        label = node.text or node.content_desc
        if node.text in TABS:
            self.tab = node.text
        elif self.tab == "Stopwatch":
            self._stopwatch_button(label, now)
        elif self.tab == "Timer":
            self._timer_button(label)

    def _stopwatch_button(self, label: str, now: dt.datetime) -> None:
        if label == "Start" and not self.stopwatch_running:
            self.stopwatch_running = self.stopwatch_started = True
            self.since = now
        elif label == "Pause" and self.stopwatch_running and self.since is not None:
            self.elapsed += (now - self.since).total_seconds()
            self.stopwatch_running, self.since = False, None
        elif label == "Lap":
            self.laps += 1
        elif label == "Reset":
            self.stopwatch_started, self.laps, self.elapsed = False, 0, 0.0

    def _timer_button(self, label: str) -> None:
        if not self.timer_setup:
            if label == "Add timer":
                self.timer_setup, self.digits = True, ""
            elif label in ("Pause", "Start") and self.timers:
                self.timers[-1].running = label == "Start"
            return
        if label.isdigit() and len(label) == 1:
            self._type_digit(label)
        elif label == "Delete":
            self.digits = self.digits[:-1]
        elif label == "Start" and self.digits:
            h, m, s = self._duration()
            self.timers.append(_Timer(h * 3600 + m * 60 + s))
            self.timer_setup, self.digits = False, ""

    def _type_digit(self, digit: str) -> None:
        if len(self.digits) < 6 and (self.digits or digit != "0"):
            self.digits += digit

    def on_key(self, phone: VirtualPhone, keycode: str) -> None:
        """Digit keys and delete reach the timer keypad."""
        if self.tab != "Timer" or not self.timer_setup:
            return
        if keycode.startswith("KEYCODE_") and keycode[8:].isdigit():
            self._type_digit(keycode[8:])
        elif keycode in KEY_DEL:
            self.digits = self.digits[:-1]
        elif keycode.isdigit() and 7 <= int(keycode) <= 16:
            self._type_digit(str(int(keycode) - 7))

    def on_text(self, phone: VirtualPhone, text: str) -> None:
        """Typed digits reach the timer keypad."""
        for char in text:
            if char.isdigit():
                self.on_key(phone, f"KEYCODE_{char}")


def virtual_apps() -> list[VirtualApp]:
    """A fresh clock model."""
    return [ClockApp()]
