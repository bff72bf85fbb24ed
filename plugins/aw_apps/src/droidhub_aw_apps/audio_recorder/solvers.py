"""UI-only solvers of the Audio Recorder tasks: record, stop, name in the rename
dialog, save."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from droidhub import Action, State
from droidhub.agents.ui_solver import SolverScript, open_app, require, tap
from droidhub_aw_apps.common.ui_solvers import SolverList

SOLVERS = SolverList()


def _record(name: str | None) -> SolverScript:
    state = yield open_app("Audio Recorder")
    state = yield tap(state, resource_id="btn_record")
    state = yield tap(state, resource_id="btn_record_stop")
    if name is not None:
        # The rename dialog shows the proposed name with the cursor at its end: clear
        # it (Ctrl+A, DEL) and type the name.
        field = require(state, resource_id="input_name")
        state = yield Action(action_type="input_text", text=name, index=field, clear_text=True)
    yield tap(state, resource_id="dialog_positive_btn")


@SOLVERS.solves("AudioRecorderRecordAudio")
def solve_record(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Record a clip and keep the proposed name."""
    del goal, params, state
    yield from _record(None)


@SOLVERS.solves("AudioRecorderRecordAudioWithFileName")
def solve_record_with_name(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Record a clip and save it under the name the goal gives, typed as given (the
    app adds .m4a to whatever is typed, as AndroidWorld's check expects)."""
    del goal, state
    yield from _record(params["file_name"])
