"""UI-only solvers of the Clock tasks: the Timer tab's keypad, the Stopwatch tab's
start/pause button (read before it is pressed)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from droidhub import State
from droidhub.agents.ui_solver import SolverScript, find, open_app, tap
from droidhub_aw_apps.common.ui_solvers import SolverList

SOLVERS = SolverList()


@SOLVERS.solves("ClockTimerEntry")
def solve_timer_entry(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Timer tab, then the digits of HHMMSS without leading zeros, as the keypad fills
    from the right; the timer is not started."""
    del goal
    state = yield open_app("Clock")
    state = yield tap(state, desc="Timer", resource_id="page_timer")
    digits = str(params["hours"] * 10000 + params["minutes"] * 100 + params["seconds"])
    for digit in digits.lstrip("0"):
        state = yield tap(state, resource_id=f"timer_setup_digit_{digit}")


def _stopwatch(want_running: bool) -> Any:
    def solve(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
        del goal, params
        state = yield open_app("Clock")
        state = yield tap(state, desc="Stopwatch", resource_id="page_stopwatch")
        press = "Start" if want_running else "Pause"
        if find(state, desc=press) is not None:
            yield tap(state, desc=press)

    solve.__doc__ = f"Stopwatch tab; {'start' if want_running else 'pause'} it unless it is."
    return solve


SOLVERS.solves("ClockStopWatchRunning")(_stopwatch(True))
SOLVERS.solves("ClockStopWatchPausedVerify")(_stopwatch(False))
