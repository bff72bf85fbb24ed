"""UI steps the record apps' solvers share (Pro Expense, Broccoli): looking at the
source material an add-from task points at, before its rows are typed in."""

from __future__ import annotations

from collections.abc import Generator

from droidhub import Action, State
from droidhub.agents.ui_solver import SolverSteps, open_app, require, seek, tap


def read_markor_note(name: str) -> Generator[Action, State, str]:
    """Markor, then the note ``name`` (scrolled into sight) opened in its editor; the
    note's text as the editor shows it."""
    state = yield open_app("Markor")
    state = yield from seek(state, text=name)
    state = yield tap(state, text=name)
    return state.ui_elements[require(state, class_name="EditText")].text


def view_gallery_picture(name: str) -> SolverSteps:
    """Simple Gallery Pro, its DCIM folder, then the picture ``name`` opened."""
    state = yield open_app("Simple Gallery Pro")
    state = yield tap(state, text="DCIM")
    return (yield tap(state, desc=name))
