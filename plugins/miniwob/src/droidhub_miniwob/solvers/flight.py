"""The solver of book-flight: a search form, then the cheapest or shortest flight of a
result list longer than the screen."""

from __future__ import annotations

import re
import time
from typing import TYPE_CHECKING

from droidhub import Action, UIElement
from droidhub_miniwob.solvers.registry import SolverError, solves
from droidhub_miniwob.solvers.screen import (
    BUTTON,
    LIST_VIEW,
    TEXT_VIEW,
    elements,
    find,
    read_utterance,
    tap,
    type_into,
    wait_gone,
)
from droidhub_miniwob.solvers.widgets import pick_calendar_date

if TYPE_CHECKING:
    from droidhub import Env

_REQUEST = re.compile(
    r"Book the (cheapest|shortest) one-way flight from: (.+) to: (.+) on "
    r"(\d{1,2})/(\d{1,2})/(\d{4})\."
)
_PRICE = re.compile(r"Book flight for \$(\d+)")
_DURATION = re.compile(r"(\d+)h (\d+)m")
_MAX_SCROLLS = 8


def _choose_airport(env: Env, field_id: str, wanted: str) -> None:
    """Type ``wanted`` (a city or an airport code) and tap the suggestion that names it."""
    field = find(env, lambda e: e.resource_id == field_id, f"field {field_id}")
    type_into(env, field, wanted)

    def names_it(e: UIElement) -> bool:
        return (
            e.clickable
            and e.class_name == TEXT_VIEW
            and (e.text.startswith(wanted + " (") or e.text.endswith(f"({wanted})"))
        )

    suggestion = find(env, names_it, f"suggestion for {wanted!r}")
    tap(env, suggestion)
    # The suggestion list closes once one is picked; it would cover the next field.
    wait_gone(
        env,
        lambda e: e.class_name == LIST_VIEW and e.resource_id.startswith("ui-id"),
        f"the suggestions for {wanted!r}",
    )


def _flights(on_screen: list[UIElement]) -> list[tuple[UIElement, int, int]]:
    """Each book button on screen with its flight's price and duration in minutes (the
    duration is listed just before the button, in the same flight)."""
    found = []
    minutes = None
    for e in on_screen:
        duration = _DURATION.fullmatch(e.text.strip()) if e.class_name == TEXT_VIEW else None
        if duration:
            minutes = int(duration.group(1)) * 60 + int(duration.group(2))
        price = _PRICE.fullmatch(e.text.strip()) if e.class_name == BUTTON else None
        if price and minutes is not None:
            found.append((e, int(price.group(1)), minutes))
            minutes = None
    return found


def _scroll_results(env: Env, down: bool) -> bool:
    """Swipe the result list one page; whether what is shown changed."""
    on_screen = elements(env)
    area = next((e for e in on_screen if e.resource_id == "area"), None)
    if area is None:
        return False
    before = [e.bounds for e in on_screen if e.class_name == BUTTON]
    index = on_screen.index(area)
    env.execute_action(
        Action(action_type="scroll", direction="down" if down else "up", index=index)
    )
    time.sleep(0.3)
    return [e.bounds for e in elements(env) if e.class_name == BUTTON] != before


@solves("book-flight")
def _book_flight(env: Env, utterance: str) -> None:
    # "Book the cheapest one-way flight from: Crooked Creek, AK to: MCI on 12/17/2016."
    request = read_utterance(_REQUEST, utterance.strip())
    want, origin, destination = request.group(1), request.group(2), request.group(3)
    month, day, year = (int(g) for g in request.groups()[3:])
    _choose_airport(env, "flight-from", origin)
    _choose_airport(env, "flight-to", destination)
    pick_calendar_date(env, month, day, year)
    tap(env, find(env, lambda e: e.resource_id == "search", "Search button"))
    find(env, lambda e: bool(_PRICE.fullmatch(e.text.strip())), "a flight")
    # Read every flight (the list is longer than the screen), then go back to the best.
    seen: dict[tuple[int, int], None] = {}
    for _ in range(_MAX_SCROLLS):
        for _, price, minutes in _flights(elements(env)):
            seen[(price, minutes)] = None
        if not _scroll_results(env, down=True):
            break
    if not seen:
        raise SolverError("no flights listed")
    key = 0 if want == "cheapest" else 1
    best = min(pair[key] for pair in seen)
    for _ in range(_MAX_SCROLLS):
        on_screen = elements(env)
        match = next((b for b, *pair in _flights(on_screen) if pair[key] == best), None)
        if match is not None:
            tap(env, match, on_screen)
            return
        if not _scroll_results(env, down=False):
            break
    raise SolverError(f"the {want} flight went out of reach")
