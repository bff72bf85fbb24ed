"""UI-only solver of the Simple Gallery task: open the picture, Copy to, Download."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from droidhub import State
from droidhub.agents.ui_solver import SolverScript, open_app, scroll_to, tap
from droidhub_aw_apps.common.ui_solvers import SolverList

SOLVERS = SolverList()


@SOLVERS.solves("SaveCopyOfReceiptTaskEval")
def solve_save_copy(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """DCIM, the picture, More options, Copy to, Download."""
    del goal
    state = yield open_app("Simple Gallery")
    state = yield tap(state, text="DCIM")
    state = yield tap(state, desc=params["file_name"])
    state = yield tap(state, desc="More options")
    state = yield tap(state, text="Copy to")
    state = yield from scroll_to(state, text="Download")
    yield tap(state, text="Download")
