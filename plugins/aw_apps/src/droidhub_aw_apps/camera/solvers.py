"""UI-only solvers of the Camera tasks: the shutter, in photo or video mode."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from droidhub import State
from droidhub.agents.ui_solver import SolverScript, UISolver, open_app, tap


def solve_take_photo(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Open the camera and press the shutter."""
    del goal, params
    state = yield open_app("Camera")
    yield tap(state, desc="Shutter")


def solve_take_video(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Switch to video, start recording, stop it."""
    del goal, params
    state = yield open_app("Camera")
    state = yield tap(state, desc="Switch to video")
    state = yield tap(state, desc="Start recording")
    yield tap(state, resource_id="shutter_button")


SOLVERS = [
    UISolver("android_world", "CameraTakePhoto", solve_take_photo),
    UISolver("android_world", "CameraTakeVideo", solve_take_video),
]
