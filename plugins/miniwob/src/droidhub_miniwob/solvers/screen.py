"""What every solver does: read the UI tree as an agent would, find an element once it
has stopped moving, tap it where nothing covers it, type into it."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PIL import Image

from droidhub import Action, BoundingBox, Observe, UIElement
from droidhub.virtual.views import keyboard
from droidhub_miniwob.pages import html_root
from droidhub_miniwob.solvers.registry import Solver, SolverError

if TYPE_CHECKING:
    from droidhub import Env

BUTTON = "android.widget.Button"
EDIT_TEXT = "android.widget.EditText"
CHECK_BOX = "android.widget.CheckBox"
RADIO_BUTTON = "android.widget.RadioButton"
TEXT_VIEW = "android.widget.TextView"
LIST_VIEW = "android.widget.ListView"
IMAGE = "android.widget.Image"

_WAIT_S = 3.0


def page_files() -> Path:
    """The ``miniwob`` package's html folder: the pages' own files, which a solver may read
    for what a person learns by playing a page (its wordings, its word lists)."""
    return html_root()


def elements(env: Env) -> list[UIElement]:
    """The UI elements on screen now."""
    return env.get_state(observe=Observe.UI_TREE).ui_elements


def look(env: Env) -> tuple[list[UIElement], Image.Image]:
    """The UI elements and the screenshot, taken together."""
    state = env.get_state(observe=Observe.BOTH)
    if state.screenshot is None:
        raise SolverError("the phone gave no screenshot")
    return state.ui_elements, state.screenshot.convert("RGB")


def bounds_of(on_screen: list[UIElement], resource_id: str) -> BoundingBox | None:
    """The bounds of the element with ``resource_id`` (the page's HTML id), if shown."""
    return next((e.bounds for e in on_screen if e.resource_id == resource_id and e.bounds), None)


def point_in(box: BoundingBox, fx: float, fy: float) -> tuple[int, int]:
    """The point ``fx`` of the way across ``box`` and ``fy`` of the way down."""
    return (
        round(box.left + (box.right - box.left) * fx),
        round(box.top + (box.bottom - box.top) * fy),
    )


def wait_gone(env: Env, match: Callable[[UIElement], bool], what: str) -> None:
    """Wait until no element ``match`` accepts is on screen (a popup fading out over what
    lies below it); :class:`SolverError` naming ``what`` if it stays."""
    deadline = time.monotonic() + _WAIT_S
    while any(match(e) for e in elements(env)):
        if time.monotonic() > deadline:
            raise SolverError(f"{what} stayed open")
        time.sleep(0.05)


def find(
    env: Env,
    match: Callable[[UIElement], bool],
    what: str,
    timeout: float = _WAIT_S,
) -> UIElement:
    """The first element ``match`` accepts, once it has stopped moving: pages animate
    (an accordion slides open), and a tap aimed at a moving target misses. Waits up to
    ``timeout``; :class:`SolverError` naming ``what`` if it never shows up."""
    deadline = time.monotonic() + timeout
    previous: UIElement | None = None
    while True:
        found = next(
            (e for e in elements(env) if e.bounds is not None and e.bounds.area > 0 and match(e)),
            None,
        )
        if found is not None and found == previous:
            return found
        if time.monotonic() >= deadline:
            if found is not None:
                return found
            raise SolverError(f"no {what} on screen after {timeout:.0f} s")
        previous = found
        time.sleep(0.03)


def of_class(cls: str) -> Callable[[UIElement], bool]:
    """A matcher: an element of class ``cls``."""
    return lambda e: e.class_name == cls


def by_text(cls: str, text: str) -> Callable[[UIElement], bool]:
    """A matcher: an element of class ``cls`` whose text is ``text``."""
    return lambda e: e.class_name == cls and e.text.strip() == text


def described(description: str) -> Callable[[UIElement], bool]:
    """A matcher: an element whose content description is ``description``."""
    return lambda e: e.content_description == description


def clickable_text(text: str) -> Callable[[UIElement], bool]:
    """A matcher: a clickable element whose text is ``text``."""
    return lambda e: e.clickable and e.text == text


def tap(env: Env, element: UIElement, on_screen: list[UIElement] | None = None) -> None:
    """Tap ``element`` where nothing drawn after it covers it (MiniWoB places buttons
    that overlap); ``on_screen`` is the tree it came from, read again if None."""
    x, y = clear_point(element, elements(env) if on_screen is None else on_screen)
    if keyboard.covers(y):
        # Where the soft keyboard shows while a field has focus (a drop-down of
        # suggestions reaches that far): BACK takes it down first. Without a keyboard
        # the app swallows BACK.
        env.execute_action(Action(action_type="navigate_back"))
    env.execute_action(Action(action_type="click", x=x, y=y))


def tap_first(cls: str, what: str) -> Solver:
    """The solver of a page whose goal is one tap on its first element of class ``cls``,
    whatever the utterance says; ``what`` names that element in errors."""

    def solve(env: Env, utterance: str) -> None:
        del utterance
        tap(env, find(env, of_class(cls), what))

    return solve


def clear_point(element: UIElement, on_screen: list[UIElement]) -> tuple[int, int]:
    """A point of ``element`` that no later clickable element covers (later in the tree
    is drawn on top); its centre when every point is covered."""
    box = element.bounds
    assert box is not None
    later = on_screen[on_screen.index(element) + 1 :] if element in on_screen else []
    covers = [
        e.bounds
        for e in later
        if e.clickable and e.bounds is not None and not contains(e.bounds, box)
    ]
    steps = (0.5, 0.25, 0.75, 0.1, 0.9)
    # An element cut off by the screen's edge (a dialog dragged half off the page) has
    # its middle beyond that edge: aim at the part of it nearest the edge first.
    xs = (0.25, 0.1, 0.5) if box.left <= 0 < box.right else steps
    for fy in steps:
        for fx in xs:
            x, y = point_in(box, fx, fy)
            if not any(c.left <= x < c.right and c.top <= y < c.bottom for c in covers):
                return x, y
    return box.center


def contains(outer: BoundingBox, inner: BoundingBox) -> bool:
    return (
        outer.left <= inner.left
        and outer.top <= inner.top
        and outer.right >= inner.right
        and outer.bottom >= inner.bottom
    )


def type_into(env: Env, element: UIElement, text: str) -> None:
    """Tap ``element`` and type ``text`` into it (the ``input_text`` action)."""
    assert element.bounds is not None
    x, y = element.bounds.center
    env.execute_action(Action(action_type="input_text", text=text, x=x, y=y))


def quoted(utterance: str) -> list[str]:
    """The double-quoted strings of an utterance, in order."""
    return re.findall(r'"([^"]*)"', utterance)


def read_utterance(pattern: str | re.Pattern[str], utterance: str) -> re.Match[str]:
    """The match of ``pattern`` on the whole of ``utterance``; :class:`SolverError` when
    the utterance is not of that form (the page words its task some other way)."""
    match = re.fullmatch(pattern, utterance)
    if match is None:
        raise SolverError(f"unexpected utterance {utterance!r}")
    return match


def ordinal_of(thing: str, utterance: str) -> int:
    """The number of the ordinal (``3rd``) that stands before ``thing`` in ``utterance``:
    3 for ``input`` in "Focus into the 3rd input textbox."; :class:`SolverError` when
    the utterance names no such position."""
    match = re.search(rf"(\d+)(st|nd|rd|th) {re.escape(thing)}", utterance)
    if match is None:
        raise SolverError(f"no {thing} position in {utterance!r}")
    return int(match.group(1))


def one_quoted(utterance: str) -> str:
    found = quoted(utterance)
    if not found:
        raise SolverError(f"no quoted text in the utterance {utterance!r}")
    return found[0]


def submit(env: Env, label: str = "Submit") -> None:
    """Tap the button labelled ``label``."""
    tap(env, find(env, by_text(BUTTON, label), f"{label!r} button"))


def edit_texts(env: Env) -> list[UIElement]:
    """The text fields on screen, in document order."""
    return [e for e in elements(env) if e.class_name == EDIT_TEXT]
