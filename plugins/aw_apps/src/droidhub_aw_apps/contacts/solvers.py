"""UI-only solvers of the Contacts tasks, through the new-contact editor (its fields,
in order: First name, Last name, Phone, Email; the phone's label is a Spinner whose
drop-down lists the labels)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from droidhub import Action, State
from droidhub.agents.ui_solver import SolverScript, SolverSteps, find_all, open_app, tap
from droidhub_aw_apps.common.ui_solvers import SolverList

SOLVERS = SolverList()


def _fill(state: State, values: list[str]) -> SolverSteps:
    """Type each value into the editor's text fields, in order (empty ones skipped)."""
    for position, value in enumerate(values):
        if value:
            field = find_all(state, class_name="EditText")[position]
            state = yield Action(action_type="input_text", text=value, index=field)
    return state


@SOLVERS.solves("ContactsAddContact")
def solve_add_contact(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Create contact, the name split into first and last, the number, Save."""
    del goal
    first, _, last = params["name"].partition(" ")
    state = yield open_app("Contacts")
    state = yield tap(state, desc="Create contact")
    state = yield from _fill(state, [first, last, params["number"]])
    yield tap(state, resource_id="editor_menu_save_button")


@SOLVERS.solves("ContactsNewContactDraft")
def solve_new_contact_draft(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Create contact, the fields, then the label spinner and the label asked; no Save."""
    del goal
    state = yield open_app("Contacts")
    state = yield tap(state, desc="Create contact")
    state = yield from _fill(state, [params["first"], params["last"], params["phone"]])
    spinner = find_all(state, class_name="Spinner")[0]
    if state.ui_elements[spinner].text != params["phone_label"]:
        state = yield Action(action_type="click", index=spinner)
        row = find_all(state, class_name="CheckedTextView", text=params["phone_label"])[0]
        yield Action(action_type="click", index=row)
