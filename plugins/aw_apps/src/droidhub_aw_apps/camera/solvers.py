"""UI-only solvers of the Camera tasks: the shutter, in photo or video mode."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from droidhub import Action, State
from droidhub.agents.ui_solver import SolverScript, open_app, tap
from droidhub_aw_apps.common.ui_solvers import SolverList

SOLVERS = SolverList()


@SOLVERS.solves("CameraTakePhoto")
def solve_take_photo(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Open the camera and press the shutter."""
    del goal, params
    state = yield open_app("Camera")
    yield tap(state, desc="Shutter")


@SOLVERS.solves("CameraTakeVideo")
def solve_take_video(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Open the mode drawer (a drag to the right over the viewfinder), choose Video,
    then the shutter to start recording and again to stop."""
    del goal, params
    state = yield open_app("Camera")
    state = yield Action(action_type="scroll", direction="left")
    state = yield tap(state, text="Video")
    state = yield tap(state, desc="Shutter")
    yield tap(state, desc="Shutter")
