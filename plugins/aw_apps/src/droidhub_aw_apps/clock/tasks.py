"""Clock tasks: the stopwatch paused or running, and a timer entered but not started.

Android gives no programmatic view of the stopwatch or of a timer being typed in, so
AndroidWorld reads the screen: the focused activity must be ``DeskClock`` and the UI
hierarchy must show the stopwatch's buttons (``Start`` / ``Pause`` and ``Lap``) or the
timer set-up display (``01h 02m 03s``, or its description ``1 hours, 2 minutes, 3
seconds``). The checks below read the hierarchy the same way; on the virtual phone,
:class:`ClockApp` draws that hierarchy from its state. Set-up and tear-down clear the
app's data, which resets and pauses the stopwatch.
"""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict, Field

from droidhub import AppSpec, DeviceError, Evaluator, Footprint, StateRefs, TaskEval
from droidhub.virtual.appmodel import Intent, Screen, VirtualApp
from droidhub_aw_apps.common.hierarchy import Node, hit, render
from droidhub_aw_apps.common.keys import KEY_DEL

if TYPE_CHECKING:
    from droidhub import Device, Env, UIElement
    from droidhub.virtual.appmodel import VirtualPhone

PACKAGE = "com.google.android.deskclock"
ACTIVITY = "com.android.deskclock.DeskClock"
TABS = ("Alarm", "Clock", "Timer", "Stopwatch")

APPS = (AppSpec(PACKAGE, ACTIVITY, names=("clock",), label="Clock"),)


# --- reading the clock's screen ---------------------------------------------------------


def _clock_screen(env: Env) -> list[UIElement] | None:
    """The UI elements when the clock's DeskClock activity is focused, else None."""
    if "DeskClock" not in env.device.foreground_activity():
        return None
    return env.device.ui_elements()


def stopwatch_running(env: Env) -> float:
    """1.0 when the clock shows a running stopwatch (its Pause and Lap buttons)."""
    elements = _clock_screen(env)
    if elements is None:
        return 0.0
    descriptions = {e.content_description for e in elements}
    return 1.0 if {"Pause", "Lap"} <= descriptions else 0.0


def stopwatch_paused(env: Env) -> float:
    """1.0 when the clock shows the stopwatch page with its Start button."""
    elements = _clock_screen(env)
    if elements is None:
        return 0.0
    start = any(e.content_description == "Start" for e in elements)
    # The tab label plus the page's own title: two mentions only on the stopwatch page.
    mentions = sum(1 for e in elements if "Stopwatch" in (e.text, e.content_description))
    return 1.0 if start and mentions >= 2 else 0.0


def timer_entered(env: Env, hours: int, minutes: int, seconds: int) -> float:
    """1.0 when the clock's timer set-up shows exactly this duration."""
    elements = _clock_screen(env)
    if elements is None:
        return 0.0
    text = f"{hours:02d}h {minutes:02d}m {seconds:02d}s"
    description = f"{hours} hours, {minutes} minutes, {seconds} seconds"
    found = any(e.text == text or e.content_description == description for e in elements)
    return 1.0 if found else 0.0


STOPWATCH_RUNNING = Evaluator(
    "clock_stopwatch_running", "the clock shows its stopwatch running", stopwatch_running
)
STOPWATCH_PAUSED = Evaluator(
    "clock_stopwatch_paused", "the clock shows its stopwatch paused", stopwatch_paused
)
TIMER_ENTERED = Evaluator(
    "clock_timer_entered", "the clock's timer set-up shows a duration", timer_entered
)

EVALUATORS = (STOPWATCH_RUNNING, STOPWATCH_PAUSED, TIMER_ENTERED)


def _tap_element(device: Device, *labels: str) -> None:
    """Tap the first element whose text or description is one of ``labels``."""
    for element in device.ui_elements():
        if (element.text in labels or element.content_description in labels) and element.bounds:
            device.tap(*element.bounds.center)
            return
    raise DeviceError(f"no element labelled {' or '.join(labels)} on the clock's screen")


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


# --- tasks ------------------------------------------------------------------------------


class _ClockTask(TaskEval):
    """Starts from a cleared clock (stopwatch reset and paused) and clears it after."""

    app_names = ("clock",)
    complexity = 1.0
    footprint = Footprint(writes=StateRefs(packages=frozenset({PACKAGE})))

    def initialize_task(self, env: Env) -> None:
        """Clear the clock's data."""
        super().initialize_task(env)
        env.device.clear_app(PACKAGE)

    def tear_down(self, env: Env) -> None:
        """Clear the clock's data again."""
        env.device.clear_app(PACKAGE)
        super().tear_down(env)

    def _open_tab(self, env: Env, tab: str) -> None:
        env.device.start_activity(component=f"{PACKAGE}/{ACTIVITY}")
        _tap_element(env.device, tab)


class TimerParams(BaseModel):
    """The timer's duration."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    hours: int = Field(ge=0, le=23)
    minutes: int = Field(ge=0, le=59)
    seconds: int = Field(ge=0, le=59)


class ClockTimerEntry(_ClockTask):
    """Type a timer's duration in, without starting it."""

    template = (
        "Create a timer with {hours} hours, {minutes} minutes, and {seconds} seconds. "
        "Do not start the timer."
    )
    tags = ("data_entry", "parameterized")
    Params = TimerParams
    params: TimerParams

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> TimerParams:
        """Any duration below a day."""
        return TimerParams(
            hours=rng.randint(0, 23), minutes=rng.randint(0, 59), seconds=rng.randint(0, 59)
        )

    def is_successful(self, env: Env) -> float:
        """Whether the timer set-up on screen shows the duration."""
        p = self.params
        return TIMER_ENTERED(env, hours=p.hours, minutes=p.minutes, seconds=p.seconds)

    def oracle(self, env: Env) -> None:
        """Open the Timer tab and key the digits in (hhmmss, leading zeros skipped)."""
        self._open_tab(env, "Timer")
        p = self.params
        digits = f"{p.hours:02d}{p.minutes:02d}{p.seconds:02d}".lstrip("0")
        for digit in digits:
            env.device.keyevent(f"KEYCODE_{digit}")


class ClockStopWatchRunning(_ClockTask):
    """Start the stopwatch (and leave it on screen)."""

    template = "Run the stopwatch."

    def is_successful(self, env: Env) -> float:
        """Whether the stopwatch is on screen and running."""
        return STOPWATCH_RUNNING(env)

    def oracle(self, env: Env) -> None:
        """Open the Stopwatch tab and press Start."""
        self._open_tab(env, "Stopwatch")
        _tap_element(env.device, "Start")


class ClockStopWatchPausedVerify(_ClockTask):
    """Show the stopwatch paused. It is paused after set-up, but the check reads the
    screen, so the agent must still open the stopwatch (doing nothing scores 0)."""

    template = "Pause the stopwatch."
    tags = ("verification",)

    def is_successful(self, env: Env) -> float:
        """Whether the stopwatch is on screen and not running."""
        return STOPWATCH_PAUSED(env)

    def oracle(self, env: Env) -> None:
        """Open the Stopwatch tab (it is already paused)."""
        self._open_tab(env, "Stopwatch")


TASKS: tuple[type[TaskEval], ...] = (
    ClockStopWatchPausedVerify,
    ClockStopWatchRunning,
    ClockTimerEntry,
)
