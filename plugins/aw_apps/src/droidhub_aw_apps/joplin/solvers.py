"""UI-only solvers of the Joplin questions: find the note with the app's search and read
it, or open the notebook from the side menu and count its to-dos.

Joplin is React Native: no view has an id. A note's row is a TextView of its title, a
to-do's row holding before it a CheckBox named ``to-do: <title>``; the open note's body
is the TextViews of its viewer's WebView."""

from __future__ import annotations

import re
from collections.abc import Generator, Mapping
from typing import Any

from droidhub import Action, State, UIElement
from droidhub.agents.ui_solver import (
    SolverError,
    SolverScript,
    answer,
    find,
    open_app,
    require,
    scroll,
    tap,
    type_into,
)
from droidhub_aw_apps.common.ui_solvers import SolverList

SOLVERS = SolverList()

PACKAGE = "net.cozic.joplin"
TEXT = "android.widget.TextView"
WEBVIEW = "android.webkit.WebView"


def open_note(state: State, title: str) -> Generator[Action, State, State]:
    """From anywhere: Joplin, its search, the title typed, the matching note opened."""
    state = yield open_app("Joplin")
    state = yield tap(state, desc="Search")
    state = yield type_into(state, title, class_name="android.widget.EditText")
    return (yield tap(state, text=title, class_name=TEXT))


def note_body(state: State) -> str:
    """The open note's body as shown: its viewer's blocks, one a line."""
    elements = state.ui_elements
    start = require(state, class_name=WEBVIEW)
    page = elements[start].bounds
    return "\n".join(
        e.text
        for e in elements[start + 1 :]
        if e.class_name == TEXT and e.text and page is not None and e.bounds is not None
        and page.top <= e.bounds.top < page.bottom
    )  # fmt: skip


@SOLVERS.solves("NotesIsTodo")
def solve_is_todo(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """A to-do's row in the search results carries a check box; a note's does not."""
    state = yield open_app("Joplin")
    state = yield tap(state, desc="Search")
    title = params["title"]
    state = yield type_into(state, title, class_name="android.widget.EditText")
    if find(state, text=title, class_name=TEXT) is None:
        raise SolverError(f"the search shows no note titled {title!r}")
    yield answer("True" if find(state, desc=f"to-do: {title}") is not None else "False")


@SOLVERS.solves("NotesMeetingAttendeeCount")
def solve_attendees(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """The number of people the meeting note's body says were there."""
    state = yield from open_note(state, params["title"])
    match = re.search(r"(\d+) (?:people|attendees|participants|individuals)", note_body(state))
    if match is None:
        raise SolverError("the meeting note names no number of attendees")
    yield answer(match.group(1))


@SOLVERS.solves("NotesRecipeIngredientCount")
def solve_ingredient(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """The amount on the recipe's ingredient line for the ingredient asked."""
    state = yield from open_note(state, params["title"])
    ingredient = params["ingredient"]
    for line in note_body(state).splitlines():
        if line.endswith(f" {ingredient}"):
            yield answer(line[: -len(ingredient) - 1])
            return
    raise SolverError(f"the recipe lists no {ingredient!r}")


def _rows(state: State) -> list[tuple[str, bool]]:
    """The listed notes on screen: title, and whether the row is a to-do's."""
    todos = {e.content_description for e in state.ui_elements if e.checkable}
    return [
        (e.text, f"to-do: {e.text}" in todos)
        for e in state.ui_elements
        if e.class_name == TEXT and e.text and _in_list(state, e)
    ]


def _in_list(state: State, element: UIElement) -> bool:
    """Whether ``element`` lies inside the note list (the ScrollView)."""
    lists = [e.bounds for e in state.ui_elements if e.class_name.endswith("ScrollView")]
    box = element.bounds
    return box is not None and any(b is not None and b.top <= box.top < b.bottom for b in lists)


def _merge(seen: list[tuple[str, bool]], new: list[tuple[str, bool]]) -> list[tuple[str, bool]]:
    """``new`` (what a scroll shows) after ``seen``, without the rows both show."""
    for k in range(min(len(seen), len(new)), 0, -1):
        if seen[-k:] == new[:k]:
            return seen + new[k:]
    return seen + new


@SOLVERS.solves("NotesTodoItemCount")
def solve_todo_count(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Open the notebook from the side menu; count the rows with a check box."""
    state = yield open_app("Joplin")
    state = yield tap(state, desc="Sidebar")
    state = yield tap(state, text=params["folder"])
    rows = _rows(state)
    for _ in range(6):
        state = yield scroll("down")
        merged = _merge(rows, _rows(state))
        if merged == rows:
            break
        rows = merged
    yield answer(str(sum(todo for _, todo in rows)))
