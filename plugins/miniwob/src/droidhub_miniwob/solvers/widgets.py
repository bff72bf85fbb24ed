"""Solvers of pages built around one widget: drop-down and scroll lists (the phone's
select dialog), date and time pickers, a slider, a scrolling text area, a grid."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from droidhub import Action, UIElement
from droidhub_miniwob.solvers.registry import SolverError, solves
from droidhub_miniwob.solvers.screen import (
    EDIT_TEXT,
    by_text,
    described,
    elements,
    find,
    of_class,
    read_utterance,
    submit,
    tap,
    type_into,
    wait_gone,
)

if TYPE_CHECKING:
    from droidhub import BoundingBox, Env


SPINNER = "android.widget.Spinner"
CHECKED_TEXT_VIEW = "android.widget.CheckedTextView"


def pick_options(env: Env, names: list[str]) -> None:
    """Open the drop-down and pick ``names`` in the phone's select dialog (check each
    row and confirm with OK when the list takes several)."""
    tap(env, find(env, of_class(SPINNER), "drop-down list"))
    for name in names:
        row = find(env, by_text(CHECKED_TEXT_VIEW, name), name)
        tap(env, row)
    if len(names) > 1 or any(e.text == "OK" for e in elements(env)):
        submit(env, "OK")


@solves("choose-list")
def _choose_list(env: Env, utterance: str) -> None:
    # "Select Niue from the list and click Submit."
    match = read_utterance(r"Select (.*) from the list and click Submit\.", utterance)
    pick_options(env, [match.group(1)])
    submit(env)


@solves("click-scroll-list")
def _click_scroll_list(env: Env, utterance: str) -> None:
    # "Select Cuba, Bermuda from the scroll list and click Submit."
    match = read_utterance(r"Select (.*) from the scroll list and click Submit\.", utterance)
    pick_options(env, match.group(1).split(", "))
    submit(env)


@solves("scroll-text-2")
def _scroll_text(env: Env, utterance: str) -> None:
    # "Scroll the textarea to the top of the text hit submit." (or "to the bottom")
    direction = "down" if "bottom" in utterance else "up"
    area = find(env, lambda e: e.scrollable and e.class_name == EDIT_TEXT, "scrollable text")
    box = area.bounds
    assert box is not None
    x, top, bottom = box.center[0], box.top + 10, box.bottom - 10
    # Quick full-height flicks (the finger moves against the direction of reading).
    start, end = (bottom, top) if direction == "down" else (top, bottom)
    for _ in range(4):
        env.device.swipe(x, start, x, end, 120)
    env.execute_action(Action(action_type="wait"))  # let the last fling come to rest
    submit(env)


def _slider_value(env: Env) -> int:
    return int(find(env, lambda e: e.resource_id == "val", "slider value").text)


@solves("use-slider")
def _use_slider(env: Env, utterance: str) -> None:
    # "Select 43 with the slider and hit Submit." The range is not shown: the handle's
    # place and a tap far from it tell where values lie; tap where the target should
    # be, then step with the arrow keys (the tapped handle has the focus).
    match = re.search(r"Select (-?\d+) with the slider", utterance)
    if match is None:
        raise SolverError(f"no value in {utterance!r}")
    target = int(match.group(1))
    track = find(env, lambda e: e.resource_id == "slider", "slider")
    box = track.bounds
    assert box is not None
    vertical = (box.bottom - box.top) > (box.right - box.left)

    def point(fraction: float) -> tuple[int, int]:
        if vertical:  # the minimum is at the bottom
            return box.center[0], round(box.bottom - (box.bottom - box.top) * fraction)
        return round(box.left + (box.right - box.left) * fraction), box.center[1]

    def along(b: BoundingBox) -> float:
        if vertical:
            return (box.bottom - b.center[1]) / (box.bottom - box.top)
        return (b.center[0] - box.left) / (box.right - box.left)

    on_screen = elements(env)
    handle = next(
        (
            e.bounds
            for e in on_screen[on_screen.index(track) + 1 :]
            if e.bounds is not None
            and box.left <= e.bounds.center[0] <= box.right
            and box.top <= e.bounds.center[1] <= box.bottom
        ),
        None,
    )
    f0, v0 = (along(handle), _slider_value(env)) if handle else (0.5, None)
    f1 = 0.9 if f0 < 0.5 else 0.1
    env.execute_action(Action(action_type="click", x=point(f1)[0], y=point(f1)[1]))
    v1 = _slider_value(env)
    if v0 is not None and v1 != v0:
        fraction = min(1.0, max(0.0, f1 + (target - v1) * (f1 - f0) / (v1 - v0)))
        x, y = point(fraction)
        env.execute_action(Action(action_type="click", x=x, y=y))
    for _ in range(30):
        value = _slider_value(env)
        if value == target:
            break
        up = "KEYCODE_DPAD_UP" if vertical else "KEYCODE_DPAD_RIGHT"
        down = "KEYCODE_DPAD_DOWN" if vertical else "KEYCODE_DPAD_LEFT"
        env.device.keyevent(up if value < target else down)
    submit(env)


def _axis(found: list[UIElement], prefix: str, horizontal: bool) -> Callable[[float], float]:
    """Device-pixel position of a value on one axis, fitted to its tick labels
    (``x-n2`` ... ``x-p2``: each label sits at its value)."""
    ticks = []
    for e in found:
        if e.resource_id.startswith(prefix) and e.bounds is not None:
            try:
                value = float(e.text)
            except ValueError:
                continue
            ticks.append((value, e.bounds.center[0] if horizontal else e.bounds.center[1]))
    if len(ticks) < 2:
        raise SolverError(f"fewer than two {prefix} tick labels on screen")
    (v1, p1), (v2, p2) = min(ticks), max(ticks)
    return lambda value: p1 + (value - v1) * (p2 - p1) / (v2 - v1)


@solves("grid-coordinate")
def _grid_coordinate(env: Env, utterance: str) -> None:
    # "Click on the grid coordinate (-2,1)."
    match = re.search(r"\((-?\d+),\s*(-?\d+)\)", utterance)
    if match is None:
        raise SolverError(f"no coordinate in {utterance!r}")
    found = elements(env)
    x = _axis(found, "x-", horizontal=True)(int(match.group(1)))
    y = _axis(found, "y-", horizontal=False)(int(match.group(2)))
    env.execute_action(Action(action_type="click", x=round(x), y=round(y)))


def _fill_picker(env: Env, values: dict[str, str]) -> None:
    """Open the phone's date or time dialog from the page's field, type each value into
    the picker field whose description is its key, and confirm."""
    tap(env, find(env, lambda e: e.resource_id == "tt", "date or time field"))
    for label, value in values.items():
        field = find(env, described(label), f"{label} picker")
        type_into(env, field, value)
    submit(env, "OK")


@solves("enter-date")
def _enter_date(env: Env, utterance: str) -> None:
    # "Enter 10/12/2010 as the date and hit submit."
    match = re.search(r"(\d{1,2})/(\d{1,2})/(\d{4})", utterance)
    if match is None:
        raise SolverError(f"no date in {utterance!r}")
    month, day, year = (int(g) for g in match.groups())
    tap(env, find(env, lambda e: e.resource_id == "tt", "date field"))
    pick_dialog_date(env, month, day, year)
    submit(env)


def _at_rest(env: Env, match: Callable[[UIElement], bool]) -> list[UIElement]:
    """The screen once the elements ``match`` accepts stay put for a fifth of a second
    (a fling decelerates over several frames), or after 3 s."""
    deadline = time.monotonic() + 3.0
    before = [e.bounds for e in elements(env) if match(e)]
    while True:
        time.sleep(0.2)
        on_screen = elements(env)
        now = [e.bounds for e in on_screen if match(e)]
        if now == before or time.monotonic() > deadline:
            return on_screen
        before = now


def pick_dialog_date(env: Env, month: int, day: int, year: int) -> None:
    """In the phone's date dialog (calendar mode): the year from the list behind the
    header's year, the month with the previous and next month buttons (each day's
    description, "dd MMMM yyyy", names the month shown), then the day, and OK."""
    tap(env, find(env, lambda e: e.resource_id == "android:id/date_picker_header_year", "year"))
    for _ in range(40):
        # A scroll flings on after the finger lifts, and a tap on a moving list only
        # stops it: read the list once it has come to rest.
        on_screen = _at_rest(env, lambda e: e.resource_id == "android:id/text1")
        shown = [e for e in on_screen if e.resource_id == "android:id/text1" and e.text.isdigit()]
        if not shown:
            raise SolverError("the date dialog shows no list of years")
        years_list = next(e for e in on_screen if e.resource_id.endswith("year_picker"))
        edge = years_list.bounds
        # A year cut off at the list's edge is not tapped: scrolled on, it shows whole.
        wanted = next((e for e in shown if e.text == str(year)), None)
        if (
            wanted is not None
            and wanted.bounds is not None
            and edge is not None
            and edge.top < wanted.bounds.top
            and wanted.bounds.bottom < edge.bottom
        ):
            tap(env, wanted, on_screen)
            break
        index = on_screen.index(years_list)
        if int(shown[0].text) >= year:
            env.execute_action(Action(action_type="scroll", direction="up", index=index))
        else:
            env.execute_action(Action(action_type="scroll", direction="down", index=index))
    else:
        raise SolverError(f"the list of years never showed {year}")

    def month_shown() -> str:  # a day's description names the month: "dd MMMM yyyy"
        day_of = r"\d\d [A-Z][a-z]+ \d{4}"
        first = find(env, lambda e: bool(re.fullmatch(day_of, e.content_description)), "a day")
        return first.content_description.split(" ", 1)[1]

    _turn_to(env, month, year, month_shown, ("Previous month", "Next month"), 13, "the date dialog")
    label = f"{day:02d} {_MONTHS[month - 1]} {year}"
    tap(env, find(env, described(label), f"day {label}"))
    submit(env, "OK")


_MONTHS = (
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
)  # fmt: skip


def _turn_to(
    env: Env,
    month: int,
    year: int,
    month_shown: Callable[[], str],
    buttons: tuple[str, str],
    most: int,
    what: str,
) -> None:
    """Turn a calendar to ``month`` of ``year``: ``month_shown`` reads the month on screen
    ("October 2023"), ``buttons`` are the descriptions of the back and forward buttons;
    :class:`SolverError` after ``most`` turns."""
    wanted = year * 12 + month - 1
    for _ in range(most):
        name, shown_year = month_shown().split()
        at = int(shown_year) * 12 + _MONTHS.index(name)
        if at == wanted:
            return
        label = buttons[0] if wanted < at else buttons[1]
        tap(env, find(env, described(label), label))
    raise SolverError(f"{what} never showed {month}/{year}")


def pick_calendar_date(env: Env, month: int, day: int, year: int) -> None:
    """Open the ``#datepicker`` field's calendar (jQuery UI's datepicker: its title names
    the month shown, Prev and Next turn it, each day is a link), pick the date, and wait
    until the calendar has faded out (it covers what lies below it)."""
    tap(env, find(env, lambda e: e.resource_id == "datepicker", "date field"))

    def month_shown() -> str:  # the title names the month: "MMMM yyyy"
        return find(env, lambda e: bool(re.fullmatch(r"[A-Z][a-z]+ \d{4}", e.text)), "month").text

    _turn_to(env, month, year, month_shown, ("Prev", "Next"), 36, "the calendar")
    tap(env, find(env, lambda e: e.clickable and e.text == str(day), f"day {day}"))
    wait_gone(env, described("Next"), "the calendar")


@solves("choose-date", "choose-date-easy", "choose-date-medium")
def _choose_date(env: Env, utterance: str) -> None:
    # "Select 07/24/2016 as the date and hit submit."
    match = re.search(r"(\d{1,2})/(\d{1,2})/(\d{4})", utterance)
    if match is None:
        raise SolverError(f"no date in {utterance!r}")
    month, day, year = (int(g) for g in match.groups())
    pick_calendar_date(env, month, day, year)
    submit(env)


@solves("enter-time")
def _enter_time(env: Env, utterance: str) -> None:
    # "Enter 10:24 AM as the time and press submit."
    match = re.search(r"(\d{1,2}):(\d{2})\s*([AP]M)", utterance)
    if match is None:
        raise SolverError(f"no time in {utterance!r}")
    hour, minute, half = match.groups()
    _fill_picker(env, {"Hour": hour, "Minute": minute, "AM/PM": half})
    submit(env)
