"""The steps Simple Calendar Pro's UI solvers are made of: reading its screens (the
month grid, event rows, pickers, the status bar's clock) and moving around them.

Everything here sees only :class:`droidhub.State` values and yields
:class:`droidhub.Action` values, like the solvers (:mod:`.solvers`) built from it. The
phone's today is read off the screen, never assumed. The month grid's cells
(``month_view_background``) carry no text: ``MonthView`` draws the numbers, so the grid
is read from the screenshot as a person reads it: the other months' days are drawn at
half alpha, the shown month's in full ink, today's inside a circle in the primary
colour. The date picker marks the picked day.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any

from droidhub import Action, State
from droidhub.agents.ui_solver import (
    SolverError,
    answer,
    find,
    find_all,
    open_app,
    require,
    screen_texts,
    tap,
)
from droidhub_aw_apps.calendar import ids
from droidhub_aw_apps.common import relative_dates

#: A step of a solver that hands back the state it ends on.
Steps = Generator[Action, State, State]
#: A step that hands back its last state and the event rows it read.
Gather = Generator[Action, State, "tuple[State, list[EventRow]]"]

MONTHS = (
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
)  # fmt: skip
#: The month grid's columns start on Sunday (the app's default in the US locale).
GRID_WEEKDAYS = ("Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday")
_TIME = re.compile(r"(\d{1,2}):(\d{2})\s*([AP]M)?", re.IGNORECASE)
_DAY_SECTION = re.compile(r"^(\d{1,2}) (\w+day)$")


# --- reading the screen -----------------------------------------------------------------
def is_id(resource_id: str, name: str) -> bool:
    """Whether ``resource_id`` is the app's id ``name`` (with or without its package)."""
    return resource_id == name or resource_id.endswith(f":id/{name}")


def parse_clock(text: str) -> dt.time:
    """``09:45 AM``, ``21:45``, ``9:45am``, ``12pm`` -> a time."""
    cleaned = text.strip().lower().replace(" ", "")
    for fmt in ("%H:%M", "%I:%M%p", "%I%p"):
        try:
            return dt.datetime.strptime(cleaned, fmt).time()
        except ValueError:
            continue
    raise SolverError(f"cannot read the time {text!r}")


def _start_time(time_text: str) -> dt.time:
    match = _TIME.search(time_text)
    if match is None:
        raise SolverError(f"no time in {time_text!r}")
    return parse_clock(match.group(0))


@dataclass(frozen=True)
class Cell:
    """A day cell of the month grid: its element index, day number and column."""

    index: int
    day: int
    column: int
    today: bool


@dataclass(frozen=True)
class Grid:
    """The month view as the tree shows it: the month name and the shown month's cells."""

    month: int
    year: int | None
    cells: list[Cell]

    @property
    def length(self) -> int:
        """Days in the shown month."""
        return max(c.day for c in self.cells)

    def cell(self, day: int) -> Cell:
        """The shown month's cell of ``day``."""
        for c in self.cells:
            if c.day == day:
                return c
        raise SolverError(f"day {day} is not in the month grid")

    @property
    def today(self) -> Cell | None:
        """Today's cell, when today is in the shown month."""
        return next((c for c in self.cells if c.today), None)


#: The primary colour today's circle is filled with (Simple-Commons' system-theme
#: ``you_primary_color``), and how near a pixel must be to count as it.
PRIMARY_RGB = (0x4C, 0x8D, 0xF6)
#: ``normal_text_size`` (14 sp) on the Pixel 6 (2.625 px a dp): a day number's size.
NUMBER_PX = round(14 * 2.625)


def _near(pixel: tuple[int, ...], colour: tuple[int, int, int], tolerance: int = 40) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(pixel[:3], colour, strict=True))


def _cell_ink(image: Any, box: Any) -> tuple[bool, bool]:
    """(whether the cell's number is drawn in full ink, whether it is today's circle),
    from the band at the cell's top where ``MonthView`` draws the number."""
    centre = (box.left + box.right) // 2
    top, bottom = box.top, box.top + round(1.5 * NUMBER_PX)
    left, right = centre - NUMBER_PX, centre + NUMBER_PX
    darkest, primary = 255, 0
    for y in range(top, bottom, 2):
        for x in range(left, right, 2):
            pixel = image.getpixel((x, y))
            darkest = min(darkest, sum(pixel[:3]) // 3)
            primary += _near(pixel, PRIMARY_RGB)
    return darkest < 90, primary > 40


def read_grid(state: State) -> Grid:
    """The month grid on screen, read from its cells' places and the pixels in them:
    the shown month's days are the cells drawn in full ink (the neighbouring months'
    days are at half alpha), today the one in a filled primary circle."""
    label = state.ui_elements[require(state, resource_id=ids.TOP_VALUE)].text.split()
    if not label or label[0] not in MONTHS:
        raise SolverError(f"the month view shows no month name: {label}")
    month = MONTHS.index(label[0]) + 1
    year = int(label[1]) if len(label) > 1 and label[1].isdigit() else None
    if state.screenshot is None:
        raise SolverError("the month grid's numbers are drawn: a screenshot is needed")
    image = state.screenshot.convert("RGB")
    cells: list[Cell] = []
    for position, index in enumerate(find_all(state, resource_id=ids.MONTH_CELL)):
        box = state.ui_elements[index].bounds
        if box is None:
            continue
        full, today = _cell_ink(image, box)
        if full or today:
            cells.append(Cell(index, len(cells) + 1, position % 7, today))
        elif cells:
            break  # the next month's days
    if not cells:
        raise SolverError("the month grid shows no days")
    return Grid(month, year, cells)


@dataclass(frozen=True)
class Today:
    """Today as the month grid shows it: day of month, weekday (Monday 0), month length,
    month number."""

    day: int
    weekday: int
    length: int
    month: int

    def offset_of(self, month: int, day: int) -> int:
        """Days from today to ``day`` of ``month`` (this month, the next or the previous)."""
        if month == self.month:
            return day - self.day
        if month == self.month % 12 + 1:
            return self.length - self.day + day
        return -(self.day + 40 - day)  # a past month: before everything nearer

    def offset(self, phrase: str) -> int:
        """Days from today to the day ``phrase`` names ("tomorrow", "this Friday",
        "October 22 2023"...)."""
        named = relative_dates.absolute_date(phrase)
        if named is not None:
            return self.offset_of(named[0], named[1])
        # Phrases depend on the weekday only: any date with today's weekday will do.
        anchor = dt.date(2001, 1, 1) + dt.timedelta(days=self.weekday)
        return (relative_dates.resolve(phrase, anchor) - anchor).days


def read_today(state: State) -> Today:
    """Today from the month view of the current month (its selected cell)."""
    grid = read_grid(state)
    cell = grid.today
    if cell is None:
        raise SolverError("the month grid marks no day as today; tap 'Go to today' first")
    weekday = (cell.column - 1) % 7  # Sunday-first columns -> Monday 0
    return Today(cell.day, weekday, grid.length, grid.month)


def today_date(state: State) -> Generator[Action, State, tuple[State, dt.date]]:
    """Open the app and read today's date from its month view (for solvers of other
    apps whose screens name days relative to today)."""
    state = yield from launch(state)
    today = read_today(state)
    year = 2024 if today.month == 2 and today.length == 29 else 2023
    return state, dt.date(year, today.month, today.day)


def status_clock(state: State) -> dt.time:
    """The time the status bar's clock shows."""
    for element in state.ui_elements:
        if element.package == "com.android.systemui" and re.fullmatch(
            r"\d{1,2}:\d{2}", element.text
        ):
            return parse_clock(element.text)
    raise SolverError("the status bar shows no clock")


@dataclass(frozen=True)
class EventRow:
    """An event of a day view, event list or search results: where to tap and what shows."""

    index: int
    title: str
    time: str
    description: str
    #: Day offset from today (event list and search results: from its section); None
    #: in the day view.
    section: tuple[int, int] | None = None

    @property
    def start(self) -> dt.time:
        """Start time of day."""
        return _start_time(self.time)

    @property
    def starts_here(self) -> bool:
        """False for a day view row of an event that began on an earlier day: its start
        time is followed by that day in brackets (``11:00 PM (October 15) - ...``)."""
        return "(" not in self.time.split(" - ")[0]


def read_rows(state: State) -> list[EventRow]:
    """Every event row on screen, in order, with its day section (month, day) if any."""
    rows: list[EventRow] = []
    month: int | None = None
    section: tuple[int, int] | None = None
    current: dict[str, Any] | None = None

    def flush() -> None:
        if current is not None:
            rows.append(EventRow(**current))

    for i, element in enumerate(state.ui_elements):
        rid = element.resource_id
        if is_id(rid, ids.SECTION_TITLE):
            text = element.text.strip()
            match = _DAY_SECTION.match(text)
            if match is not None and month is not None:
                section = (month, int(match.group(1)))
            elif text.split() and text.split()[0].capitalize() in MONTHS:
                month = MONTHS.index(text.split()[0].capitalize()) + 1
        elif is_id(rid, ids.EVENT_ITEM_TITLE):
            flush()
            current = {"index": i, "title": element.text, "time": "", "description": ""}
            current["section"] = section
        elif is_id(rid, ids.EVENT_ITEM_TIME) and current is not None:
            current["time"] = element.text
        elif is_id(rid, ids.EVENT_ITEM_DESCRIPTION) and current is not None:
            current["description"] = element.text
    flush()
    return rows


def _list_has_more(state: State, list_index: int) -> bool:
    """Whether the list at ``list_index`` may hold more below: its last shown row
    reaches its bottom edge (a row cut by the edge is shown clipped to it)."""
    box = state.ui_elements[list_index].bounds
    if box is None:
        return False
    bottoms = [
        e.bounds.bottom
        for e in state.ui_elements[list_index + 1 :]
        if e.bounds is not None
        and box.top <= e.bounds.top < box.bottom
        and (
            is_id(e.resource_id, ids.EVENT_ITEM_TITLE)
            or is_id(e.resource_id, ids.SECTION_TITLE)
            or is_id(e.resource_id, ids.EVENT_ITEM)
        )
    ]
    return bool(bottoms) and max(bottoms) >= box.bottom - 2


def read_all_rows(
    state: State,
    list_id: str,
    limit: int = 8,
    enough: Callable[[list[EventRow]], bool] | None = None,
) -> Gather:
    """Scroll the list ``list_id`` down until its end (or until ``enough`` of the rows
    seen); the last state and every row seen, once each."""
    seen: dict[tuple[str, str, tuple[int, int] | None], EventRow] = {}
    for _ in range(limit):
        for row in read_rows(state):
            seen.setdefault((row.title, row.time, row.section), row)
        scroller = find(state, resource_id=list_id)
        if scroller is None or not _list_has_more(state, scroller):
            break
        if enough is not None and enough(list(seen.values())):
            break
        before = state.ui_tree
        state = yield Action(action_type="scroll", direction="down", index=scroller)
        if state.ui_tree == before:
            break
    return state, list(seen.values())


def answer_titles(rows: list[EventRow]) -> Action:
    """Answer with the rows' titles as a comma-separated list."""
    return answer(", ".join(r.title for r in rows))


# --- moving around ----------------------------------------------------------------------
def launch(state: State) -> Steps:
    """Open the app unless it is already in front."""
    if not state.foreground.startswith(ids.PACKAGE):
        state = yield open_app("Simple Calendar Pro")
    return state


def open_day(state: State, today: Today, offset: int) -> Steps:
    """From the month view of today's month, open the day view of today + ``offset``."""
    day = today.day + offset
    if day > today.length:
        state = yield tap(state, resource_id=ids.TOP_RIGHT_ARROW)
        day -= today.length
    elif day < 1:
        state = yield tap(state, resource_id=ids.TOP_LEFT_ARROW)
        day += read_grid(state).length
    state = yield _tap_cell(state, day)
    return state


def _tap_cell(state: State, day: int) -> Action:
    return Action(action_type="click", index=read_grid(state).cell(day).index)


def open_date(state: State, year: int, month: int, day: int) -> Steps:
    """From the month view, open the day view of an absolute date."""
    grid = read_grid(state)
    shown_year = grid.year if grid.year is not None else year
    shift = (year - shown_year) * 12 + month - grid.month
    for _ in range(abs(shift)):
        arrow = ids.TOP_RIGHT_ARROW if shift > 0 else ids.TOP_LEFT_ARROW
        state = yield tap(state, resource_id=arrow)
    state = yield _tap_cell(state, day)
    return state


def switch_view(state: State, view: str) -> Steps:
    """Pick ``view`` in the toolbar's "Change view" dialog."""
    state = yield tap(state, desc=ids.CHANGE_VIEW)
    state = yield tap(state, text=view)
    return state


def _picker_month(state: State) -> tuple[int, int]:
    for element in state.ui_elements:
        parts = element.content_description.split()
        if len(parts) == 3 and parts[1] in MONTHS and parts[0].isdigit() and parts[2].isdigit():
            return int(parts[2]), MONTHS.index(parts[1]) + 1
    raise SolverError(f"no day of a date picker on screen: {screen_texts(state)[:20]}")


def picked_date(state: State) -> dt.date:
    """The day the open date picker has picked (its selected day cell)."""
    for element in state.ui_elements:
        parts = element.content_description.split()
        if element.selected and len(parts) == 3 and parts[1] in MONTHS:
            return dt.date(int(parts[2]), MONTHS.index(parts[1]) + 1, int(parts[0]))
    raise SolverError("the date picker has no picked day")


def day_desc(day: dt.date) -> str:
    """A date picker day's content-desc, as Android writes it (``05 October 2023``)."""
    return f"{day.day:02d} {MONTHS[day.month - 1]} {day.year}"


def pick_date(state: State, target: dt.date) -> Steps:
    """In an open date picker: go to ``target``'s month, pick it, press OK."""
    for _ in range(24):
        shown = _picker_month(state)
        wanted = (target.year, target.month)
        if shown == wanted:
            break
        desc = ids.NEXT_MONTH if shown < wanted else ids.PREVIOUS_MONTH
        state = yield tap(state, desc=desc)
    state = yield tap(state, desc=day_desc(target))
    state = yield tap(state, resource_id="android:id/button1")
    return state


def pick_time(state: State, when: dt.time) -> Steps:
    """In an open MaterialTimePicker (clock mode): the hour on the face (which then
    shows the minutes), the minute, AM or PM, then OK."""
    hour = when.hour % 12 or 12
    state = yield _tap_face(state, str(hour))
    state = yield _tap_face(state, f"{when.minute:02d}")
    state = yield tap(state, resource_id=ids.TIME_PM if when.hour >= 12 else ids.TIME_AM)
    state = yield tap(state, resource_id=ids.TIME_OK)
    return state


def _tap_face(state: State, number: str) -> Action:
    """A number of the clock face (a TextView after the face in the tree)."""
    face = require(state, resource_id=ids.TIME_FACE)
    for i in find_all(state, text=number):
        if i > face:
            return Action(action_type="click", index=i)
    raise SolverError(f"the clock face shows no {number!r}")
