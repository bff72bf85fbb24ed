"""UI-only solver of SystemCopyToClipboard: type the text into a field and copy it
with the field's Copy / Paste menu (SMS Messenger's recipient field has one)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from droidhub import State
from droidhub.agents.ui_solver import SolverScript, long_press, open_app, tap, type_into
from droidhub_aw_apps.common.ui_solvers import SolverList

SOLVERS = SolverList()


@SOLVERS.solves("SystemCopyToClipboard")
def solve_copy_to_clipboard(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """SMS Messenger, New conversation, type the text, long press the field, Copy."""
    del goal
    state = yield open_app("Simple SMS Messenger")
    state = yield tap(state, desc="New conversation")
    state = yield type_into(state, params["clipboard_content"], class_name="EditText")
    state = yield long_press(state, class_name="EditText")
    yield tap(state, text="Copy")
