"""Solvers of pages where the target must be looked for: a movie search form laid
out differently each time, a file tree to open, result pages of a search engine."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from droidhub import UIElement
from droidhub_miniwob.solvers.registry import SolverError, solves
from droidhub_miniwob.solvers.screen import (
    EDIT_TEXT,
    LIST_VIEW,
    TEXT_VIEW,
    elements,
    find,
    of_class,
    one_quoted,
    ordinal_of,
    read_utterance,
    submit,
    tap,
    type_into,
)

if TYPE_CHECKING:
    from droidhub import Env


_MOVIE_FIELDS = {"genre": ("genre",), "director": ("director",), "year": ("year", "date")}


@solves("multi-layouts", "multi-orderings")
def _movie_search(env: Env, utterance: str) -> None:
    # "Search for drama movies directed by Holloway from year 2011."
    match = read_utterance(r"Search for (.+) movies directed by (.+) from year (\d+)\.", utterance)
    values = {"genre": match.group(1), "director": match.group(2), "year": match.group(3)}
    found = elements(env)
    fields = [e for e in found if e.class_name == EDIT_TEXT and e.bounds is not None]
    labels = [e for e in found if e.class_name == TEXT_VIEW and e.bounds and not e.clickable]
    for key, words in _MOVIE_FIELDS.items():
        label = next((e for e in labels if any(w in (e.text or "").lower() for w in words)), None)
        hints = [f for f in fields if any(w in f.content_description.lower() for w in words)]
        if hints:
            field = hints[0]
        elif label is not None and fields:
            field = _nearest(fields, label)
        else:
            raise SolverError(f"no field for {key} on screen")
        fields.remove(field)
        type_into(env, field, values[key])
    button = [e for e in elements(env) if e.clickable and e.text and e.class_name != EDIT_TEXT]
    if not button:
        raise SolverError("no button to send the search")
    tap(env, button[-1])


def _nearest(candidates: list[UIElement], anchor: UIElement) -> UIElement:
    return min(candidates, key=lambda c: _distance(c, anchor))


def _distance(a: UIElement, b: UIElement) -> float:
    assert a.bounds is not None and b.bounds is not None
    (ax, ay), (bx, by) = a.bounds.center, b.bounds.center
    return ((ax - bx) ** 2 + (ay - by) ** 2) ** 0.5


def _expander(found: list[UIElement], index: int) -> UIElement | None:
    """The folder's expand/collapse handle: a small clickable view just left of the
    name at ``index``, on the same row (files have none)."""
    name = found[index]
    if index == 0 or name.bounds is None:
        return None
    handle = found[index - 1]
    box = handle.bounds
    if handle.class_name != "android.view.View" or not handle.clickable or box is None:
        return None
    same_row = abs(box.center[1] - name.bounds.center[1]) < (name.bounds.bottom - name.bounds.top)
    left_of = box.right <= name.bounds.left + 2 and (box.right - box.left) < 200
    return handle if same_row and left_of else None


@solves("navigate-tree")
def _navigate_tree(env: Env, utterance: str) -> None:
    # 'Navigate through the file tree. Find and click on the folder or file named "X".'
    name = one_quoted(utterance)
    opened: set[str] = set()
    for _ in range(12):
        found = elements(env)
        target = [e for e in found if e.clickable and e.class_name == TEXT_VIEW and e.text == name]
        if target:
            tap(env, target[0], found)
            return
        # Open one folder not opened yet (tapping a file that is not the target fails).
        for index, element in enumerate(found):
            handle = _expander(found, index)
            if handle is not None and element.text not in opened:
                opened.add(element.text)
                tap(env, handle, found)
                time.sleep(0.3)  # the tree slides open
                break
        else:
            raise SolverError(f"{name!r} is in no folder")
    raise SolverError(f"{name!r} not found after opening {len(opened)} folders")


_RESULTS_PER_PAGE = 3


@solves("search-engine")
def _search_engine(env: Env, utterance: str) -> None:
    # 'Use the textbox to enter "Rex" and press "Search", then find and click the 2nd
    # search result.' Results come three to a page, with page numbers below them.
    query = one_quoted(utterance)
    position = ordinal_of("search result", utterance) - 1
    type_into(env, find(env, of_class(EDIT_TEXT), "search box"), query)
    submit(env, "Search")
    page, index = divmod(position, _RESULTS_PER_PAGE)
    if page > 0:
        tap(env, find(env, _in_pagination(str(page + 1)), f"page {page + 1}"))
    pager = find(env, of_class(LIST_VIEW), "page numbers")
    assert pager.bounds is not None
    top = pager.bounds.top
    links = [
        e
        for e in elements(env)
        if e.clickable
        and e.class_name == TEXT_VIEW
        and e.bounds is not None
        and e.bounds.bottom <= top
        and e.resource_id != "query"
    ]
    if index >= len(links):
        raise SolverError(f"page {page + 1} shows {len(links)} results, not {index + 1}")
    tap(env, links[index])


def _in_pagination(text: str) -> Callable[[UIElement], bool]:
    return lambda e: e.clickable and e.class_name == TEXT_VIEW and e.text == text
