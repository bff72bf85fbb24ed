"""UI-only solvers: how a task is done through the screen alone.

A task's oracle writes device state directly; it proves the task can be scored, not
that an agent could do it. A UI solver proves the second: it sees only what any agent
sees — the goal, the task's parameters (a JSON copy) and each observed
:class:`droidhub.State` — and answers with :class:`droidhub.Action` values that the
env carries out on the phone. It gets no Env, no Device, no app model and no file.

A solver is a generator function. It receives the goal, the params and the first
state; each ``yield`` hands an action to the runner and resumes with the state
observed after it; returning ends the episode with ``status: complete``. A question
task yields :func:`answer` before it returns::

    def solve_create_note(goal, params, state):
        state = yield tap(state, desc="Create a new file or folder")
        state = yield type_into(state, params["file_name"], resource_id=NAME_FIELD)
        yield tap(state, text="OK")

Plugins register solvers with the ``droidhub_ui_solvers`` hook as :class:`UISolver`
values; the ``ui_oracle`` agent runs them, and ``droidhub check --ui`` proves each.
The helpers below find elements by text, content-desc, resource-id or class; when an
element is missing they raise :class:`SolverError` naming what was sought and what the
screen shows, so a broken solver says why.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping
from dataclasses import dataclass
from typing import Any

from droidhub.android.phone import PIXEL_6
from droidhub.android.scrolling import drag_travel
from droidhub.android.ui_tree import UIElement
from droidhub.env.actions import Action
from droidhub.env.environment import SCROLL_MS, State

#: What a solver is while it runs: it yields actions and is sent the next state.
SolverScript = Generator[Action, State, None]
#: A part of a solver, used as ``state = yield from part(state)``: it yields actions
#: and returns the state observed after its last one.
SolverSteps = Generator[Action, State, State]
#: A solver: ``(goal, params, first_state) -> SolverScript``.
SolveFunction = Callable[[str, Mapping[str, Any], State], SolverScript]


@dataclass(frozen=True)
class UISolver:
    """The UI-only solver of one task: ``family``/``task`` name it, ``solve`` runs it."""

    family: str
    task: str
    solve: SolveFunction
    #: Whether the solver reads pixels (``state.screenshot``), as a multimodal agent
    #: would, for what is drawn but not in the UI tree; the ``ui_oracle`` agent then
    #: observes screenshots too.
    pixels: bool = False

    @property
    def key(self) -> str:
        """``family/task``, the name the ``ui_oracle`` agent looks solvers up by."""
        return f"{self.family}/{self.task}"


class SolverError(RuntimeError):
    """A solver found the screen other than it expected (the message says how)."""


def _matches(
    element: UIElement,
    text: str | None,
    desc: str | None,
    resource_id: str | None,
    class_name: str | None,
    contains: str | None,
) -> bool:
    if text is not None and element.text != text:
        return False
    if desc is not None and element.content_description != desc:
        return False
    if resource_id is not None and not (
        element.resource_id == resource_id or element.resource_id.endswith(f":id/{resource_id}")
    ):
        return False
    if class_name is not None and not element.class_name.endswith(class_name):
        return False
    if contains is not None:
        haystack = f"{element.text}\n{element.content_description}".lower()
        if contains.lower() not in haystack:
            return False
    return True


def find_all(
    state: State,
    *,
    text: str | None = None,
    desc: str | None = None,
    resource_id: str | None = None,
    class_name: str | None = None,
    contains: str | None = None,
) -> list[int]:
    """Indexes of every element matching all the given criteria, in screen order.

    ``text`` and ``desc`` match exactly; ``contains`` matches text or content-desc
    ignoring case; ``resource_id`` matches the full id or its part after ``:id/``;
    ``class_name`` matches the end of the class (``EditText``).
    """
    return [
        i
        for i, element in enumerate(state.ui_elements)
        if _matches(element, text, desc, resource_id, class_name, contains)
    ]


def find(state: State, **criteria: str | None) -> int | None:
    """The index of the first element matching ``criteria`` (see :func:`find_all`)."""
    found = find_all(state, **criteria)
    return found[0] if found else None


def screen_texts(state: State) -> list[str]:
    """Every non-empty text and content-desc on the screen, in order."""
    return [
        part
        for element in state.ui_elements
        for part in (element.text, element.content_description)
        if part
    ]


def require(state: State, **criteria: str | None) -> int:
    """Like :func:`find`, but a missing element raises :class:`SolverError`."""
    index = find(state, **criteria)
    if index is None:
        sought = ", ".join(f"{k}={v!r}" for k, v in criteria.items() if v is not None)
        shown = "; ".join(screen_texts(state)[:30])
        raise SolverError(f"no element with {sought} on screen ({state.foreground}): {shown}")
    return index


def tap(state: State, **criteria: str | None) -> Action:
    """A click on the element matching ``criteria``."""
    return Action(action_type="click", index=require(state, **criteria))


def long_press(state: State, **criteria: str | None) -> Action:
    """A long press on the element matching ``criteria``."""
    return Action(action_type="long_press", index=require(state, **criteria))


def type_into(state: State, text: str, **criteria: str | None) -> Action:
    """Type ``text`` into the element matching ``criteria`` (the env taps it first)."""
    return Action(action_type="input_text", text=text, index=require(state, **criteria))


def scroll(direction: str = "down", index: int | None = None) -> Action:
    """Scroll the screen (or the element at ``index``) to reveal what is ``direction``."""
    return Action(action_type="scroll", direction=direction, index=index)  # type: ignore[arg-type]


def list_on_top(state: State) -> int | None:
    """The index of the list a person would scroll: the last (topmost: a dialog's comes
    after the screen behind it) scrollable element taller than half its width (not a
    strip of tabs), or None.

    Scrolling that element rather than the whole screen keeps each scroll within it: a
    scroll drags from the middle to the edge in 300 ms and the list flings on after,
    so a drag across the whole screen can carry a short list past a row unseen."""
    for index in range(len(state.ui_elements) - 1, -1, -1):
        element = state.ui_elements[index]
        box = element.bounds
        if element.scrollable and box is not None and box.height > box.width / 2:
            return index
    return None


def scroll_list(state: State, direction: str = "down") -> Action:
    """Scroll the list on top (:func:`list_on_top`; the screen when none shows) to reveal
    what is ``direction``."""
    return scroll(direction, list_on_top(state))


def scroll_travel(state: State, index: int | None = None) -> int:
    """How far a :func:`scroll` of the element at ``index`` (None: the screen) carries
    the list under it, in px, at most: the drag from the element's middle to its edge in
    :data:`droidhub.env.environment.SCROLL_MS`, less the touch slop, then the fling
    (:mod:`droidhub.android.scrolling`). Less where the list ends first."""
    box = state.ui_elements[index].bounds if index is not None else None
    height = box.height if box is not None else PIXEL_6.height
    return drag_travel(height // 2, SCROLL_MS)


def _scroll_until(
    state: State, direction: str, limit: int, criteria: dict[str, str | None]
) -> Generator[Action, State, State]:
    """Scroll the list on top ``direction`` until an element matching ``criteria``
    shows, at most ``limit`` times, stopping early when a scroll changes nothing; the
    last state."""
    for _ in range(limit):
        if find(state, **criteria) is not None:
            return state
        before = state.ui_tree
        state = yield scroll_list(state, direction)
        if before and state.ui_tree == before:
            break
    return state


def scroll_to(
    state: State, direction: str = "down", limit: int = 10, **criteria: str | None
) -> Generator[Action, State, State]:
    """Scroll until an element matching ``criteria`` shows; the state that shows it.

    Use as ``state = yield from scroll_to(state, text="Display")``. After ``limit``
    scrolls without it, or when a scroll changes nothing, raises :class:`SolverError`.
    """
    state = yield from _scroll_until(state, direction, limit, criteria)
    require(state, **criteria)
    return state


def seek(state: State, limit: int = 10, **criteria: str | None) -> SolverSteps:
    """Scroll down until an element matching ``criteria`` shows, and if the end of the
    list comes first, back up until it shows; the state that shows it. Raises
    :class:`SolverError` when neither direction finds it."""
    for direction in ("down", "up"):
        state = yield from _scroll_until(state, direction, limit, criteria)
    require(state, **criteria)
    return state


def open_app(name: str) -> Action:
    """Launch the app called ``name`` (as the ``open_app`` action names apps)."""
    return Action(action_type="open_app", app_name=name)


def press_back() -> Action:
    """The BACK key."""
    return Action(action_type="navigate_back")


def press_home() -> Action:
    """The HOME key."""
    return Action(action_type="navigate_home")


def press_enter() -> Action:
    """The ENTER key (``keyboard_enter``)."""
    return Action(action_type="keyboard_enter")


def answer(text: str) -> Action:
    """Answer a question task with ``text``."""
    return Action(action_type="answer", text=text)
