"""UI-only solvers of the Files tasks: open the folder, select the file by a long
press, Delete (and OK), or the overflow's Move to… (then browse to the destination
and Move)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from droidhub import State
from droidhub.agents.ui_solver import (
    SolverScript,
    SolverSteps,
    long_press,
    open_app,
    scroll_to,
    tap,
)
from droidhub_aw_apps.common.ui_solvers import SolverList
from droidhub_aw_apps.files.model import STORAGE_LABEL

SOLVERS = SolverList()


def _open_and_select(state: State, folder: str, name: str) -> SolverSteps:
    state = yield open_app("Files")
    state = yield from scroll_to(state, text=folder, resource_id="title")
    state = yield tap(state, text=folder, resource_id="title")
    state = yield from scroll_to(state, text=name, resource_id="title")
    return (yield long_press(state, text=name, resource_id="title"))


@SOLVERS.solves("FilesDeleteFile")
def solve_delete_file(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Select the file in its folder, Delete."""
    del goal
    state = yield from _open_and_select(state, params["subfolder"], params["file_name"])
    state = yield tap(state, desc="Delete")
    yield tap(state, text="OK")


@SOLVERS.solves("FilesMoveFile")
def solve_move_file(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Select the file, the overflow's Move to…, the storage root in the breadcrumb,
    the destination, Move."""
    del goal
    state = yield from _open_and_select(state, params["source_folder"], params["file_name"])
    state = yield tap(state, desc="More options")
    state = yield tap(state, text="Move to\u2026")
    state = yield tap(state, text=STORAGE_LABEL, resource_id="breadcrumb_text")
    destination = params["destination_folder"]
    state = yield from scroll_to(state, text=destination, resource_id="title")
    state = yield tap(state, text=destination, resource_id="title")
    yield tap(state, text="MOVE")
