"""Clock tasks: the stopwatch paused or running, and a timer entered but not started.

Android gives no programmatic view of the stopwatch or of a timer being typed in, so
AndroidWorld reads the screen: the focused activity must be ``DeskClock`` and the UI
hierarchy must show the stopwatch's buttons (``Start`` / ``Pause`` and ``Lap``) or the
timer set-up display (``01h 02m 03s``, or its description ``1 hours, 2 minutes, 3
seconds``). The checks below read the hierarchy the same way; on the virtual phone,
:class:`~droidhub_aw_apps.clock.screens.ClockApp` draws that hierarchy from its state.
Set-up and tear-down clear the app's data, which resets and pauses the stopwatch.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict, Field

from droidhub import DeviceError, Evaluator, Footprint, StateRefs, TaskEval
from droidhub_aw_apps.clock.model import ACTIVITY, PACKAGE

if TYPE_CHECKING:
    from droidhub import Device, Env, UIElement


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
    # The stopwatch page is the one chosen: its navigation item is the selected one.
    chosen = any(e.selected and "Stopwatch" in (e.text, e.content_description) for e in elements)
    return 1.0 if start and chosen else 0.0


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
