"""UI-only solvers of the Joplin questions: find the note with the app's search and read
it, or open the notebook from the side menu and count its to-dos."""

from __future__ import annotations

import re
from collections.abc import Generator, Mapping
from typing import Any

from droidhub import Action, State
from droidhub.agents.ui_solver import (
    SolverError,
    SolverScript,
    UISolver,
    answer,
    find_all,
    open_app,
    require,
    scroll,
    tap,
    type_into,
)

PACKAGE = "net.cozic.joplin"
TITLE = "note_title"


def open_note(state: State, title: str) -> Generator[Action, State, State]:
    """From anywhere: Joplin, its search, the title typed, the matching note opened."""
    state = yield open_app("Joplin")
    state = yield tap(state, desc="Search")
    state = yield type_into(state, title, resource_id="search_input")
    return (yield tap(state, text=title, resource_id=TITLE))


def note_body(state: State) -> str:
    """The open note's body as shown."""
    return state.ui_elements[require(state, resource_id="note_body")].text


def solve_is_todo(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """A to-do's row in the search results carries a check box; a note's does not."""
    state = yield open_app("Joplin")
    state = yield tap(state, desc="Search")
    title = params["title"]
    state = yield type_into(state, title, resource_id="search_input")
    row = [e for e in state.ui_elements if e.resource_id.endswith(f"/{TITLE}") and e.text == title]
    if not row:
        raise SolverError(f"the search shows no note titled {title!r}")
    index = state.ui_elements.index(row[0])
    # The row layout (checkable for a to-do) is the title's parent, just before it.
    yield answer("True" if state.ui_elements[index - 1].checkable else "False")


def solve_attendees(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """The number of people the meeting note's body says were there."""
    state = yield from open_note(state, params["title"])
    match = re.search(r"(\d+) (?:people|attendees|participants|individuals)", note_body(state))
    if match is None:
        raise SolverError("the meeting note names no number of attendees")
    yield answer(match.group(1))


def solve_ingredient(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """The amount on the recipe's ingredient line for the ingredient asked."""
    state = yield from open_note(state, params["title"])
    ingredient = params["ingredient"]
    for line in note_body(state).splitlines():
        if line.startswith("- ") and line.endswith(f" {ingredient}"):
            yield answer(line[2 : -len(ingredient) - 1])
            return
    raise SolverError(f"the recipe lists no {ingredient!r}")


def _rows(state: State) -> list[tuple[str, bool]]:
    """The listed notes on screen: title, and whether the row is a to-do's."""
    elements = state.ui_elements
    return [
        (elements[i].text, elements[i - 1].checkable) for i in find_all(state, resource_id=TITLE)
    ]


def _merge(seen: list[tuple[str, bool]], new: list[tuple[str, bool]]) -> list[tuple[str, bool]]:
    """``new`` (what a scroll shows) after ``seen``, without the rows both show."""
    for k in range(min(len(seen), len(new)), 0, -1):
        if seen[-k:] == new[:k]:
            return seen + new[k:]
    return seen + new


def solve_todo_count(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Open the notebook from the side menu; count the rows with a check box."""
    state = yield open_app("Joplin")
    state = yield tap(state, desc="Side menu")
    state = yield tap(state, text=params["folder"])
    rows = _rows(state)
    for _ in range(6):
        state = yield scroll("down")
        merged = _merge(rows, _rows(state))
        if merged == rows:
            break
        rows = merged
    yield answer(str(sum(todo for _, todo in rows)))


SOLVERS = [
    UISolver("android_world", "NotesIsTodo", solve_is_todo),
    UISolver("android_world", "NotesMeetingAttendeeCount", solve_attendees),
    UISolver("android_world", "NotesRecipeIngredientCount", solve_ingredient),
    UISolver("android_world", "NotesTodoItemCount", solve_todo_count),
]
