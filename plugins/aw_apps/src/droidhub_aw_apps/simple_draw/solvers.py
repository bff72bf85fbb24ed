"""UI-only solver of the Simple Draw Pro task: draw a stroke, save under a name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from droidhub import Action, State
from droidhub.agents.ui_solver import SolverScript, open_app, require, tap
from droidhub_aw_apps.common.ui_solvers import SolverList

SOLVERS = SolverList()


@SOLVERS.solves("SimpleDrawProCreateDrawing")
def solve_create_drawing(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """A stroke on the canvas, Save, the name (typed over the proposed one), the
    extension's radio button, OK."""
    del goal
    state = yield open_app("Simple Draw Pro")
    canvas = state.ui_elements[require(state, resource_id="my_canvas")]
    state = yield Action(
        action_type="swipe", direction="right", index=state.ui_elements.index(canvas)
    )
    state = yield tap(state, resource_id="menu_save")
    name = params["file_name"]
    stem, _, extension = name.rpartition(".")
    state = yield Action(action_type="input_text", text=stem)
    state = yield tap(state, text=f".{extension.lower()}", class_name="RadioButton")
    yield tap(state, text="OK")
