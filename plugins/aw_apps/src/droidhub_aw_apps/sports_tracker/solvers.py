"""UI-only solvers of the OpenTracks questions, through the screens a person would use.

The list shows each track's day, time and distance but its activity type only as an
icon (described "Track"); the type shows as text in Aggregated stats (the bottom bar's
first button), a row per type with its count, distance and moving time over the tracks
its filter selects. So each question sets the filter's range (From and To, each a
calendar-mode date picker) to the days it asks about and reads the type's row; the
longest distance of a week, which no row holds, is the one of the week's tracks in the
list whose pair (the row's count) adds up to the row's distance and time.

The questions name days relative to today ("last Monday", "10 days ago"), so a solver
whose question does first reads today's date where a person would, in Simple
Calendar's month view.
"""

from __future__ import annotations

import datetime as dt
import itertools
from collections.abc import Generator, Mapping
from dataclasses import dataclass
from typing import Any

from droidhub import Action, State
from droidhub.agents.ui_solver import (
    SolverError,
    SolverScript,
    answer,
    find_all,
    open_app,
    require,
    scroll,
    scroll_to,
    seek,
    tap,
)
from droidhub_aw_apps.calendar.steps import today_date
from droidhub_aw_apps.common import relative_dates
from droidhub_aw_apps.common.ui_solvers import SolverList
from droidhub_aw_apps.sports_tracker import ids

# pixels=True: today is read off Simple Calendar's month grid, whose numbers and
# today's circle are drawn (not in the tree).
SOLVERS = SolverList()

_FIELDS = (ids.NAME, ids.DATE, ids.TIME_DISTANCE, ids.TIME, ids.DESCRIPTION)


def _minutes(elapsed: str) -> float:
    """MM:SS or H:MM:SS in minutes."""
    seconds = 0
    for part in elapsed.split(":"):
        seconds = seconds * 60 + int(part)
    return seconds / 60


def _meters(value: str, unit: str) -> float:
    return float(value.replace(",", "")) * (1000 if unit == "km" else 1)


@dataclass(frozen=True)
class Track:
    """One item of the list, as shown."""

    name: str
    day: str
    time_distance: str
    time: str
    description: str

    @property
    def minutes(self) -> float:
        """The total time (before the distance) in minutes."""
        return _minutes(self.time_distance.split(" (")[0])

    @property
    def meters(self) -> float:
        """The distance in brackets ("(12.35 km)", "(350.00 m)") in meters."""
        return _meters(*self.time_distance.split(" (", 1)[1].rstrip(")").split())


def _visible(state: State) -> list[Track]:
    """The complete items on screen, in order (an item cut by the list's edge is left
    for the next screen). An item starts with its icon."""
    tracks: list[Track] = []
    current: dict[str, str] | None = None
    for element in state.ui_elements:
        rid = element.resource_id.rsplit("/", 1)[-1]
        if rid == ids.ICON:
            current = {}
        elif rid in _FIELDS and current is not None:
            current[rid] = element.text
            if all(f in current for f in _FIELDS):
                tracks.append(Track(*(current[f] for f in _FIELDS)))
                current = None
    return tracks


def day_of(label: str, today: dt.date) -> dt.date:
    """The date a list item's day label names."""
    if label == "Today":
        return today
    if label == "Yesterday":
        return today - dt.timedelta(days=1)
    if label in relative_dates.WEEKDAYS:
        back = (today.weekday() - relative_dates.WEEKDAYS.index(label)) % 7
        return today - dt.timedelta(days=back or 7)
    for pattern in ("%d %b %Y", "%d %b"):
        try:
            parsed = dt.datetime.strptime(label, pattern).date()
        except ValueError:
            continue
        return parsed if pattern == "%d %b %Y" else parsed.replace(year=today.year)
    raise SolverError(f"the list shows a day {label!r} the solver cannot read")


Steps = Generator[Action, State, State]
ListSteps = Generator[Action, State, tuple[State, list[tuple[dt.date, Track]]]]


def read_back_to(state: State, today: dt.date, oldest: dt.date) -> ListSteps:
    """From the top of the track list, every track from the newest back to ``oldest``."""
    seen: list[Track] = _visible(state)
    for _ in range(15):
        if seen and day_of(seen[-1].day, today) < oldest:
            break
        state = yield scroll("down")
        more = _visible(state)
        merged = seen + [t for t in more if t not in seen[-len(more) :]] if seen else more
        if merged == seen:
            break
        seen = merged
    return state, [(day_of(t.day, today), t) for t in seen]


# --- aggregated stats -------------------------------------------------------------------
@dataclass(frozen=True)
class TypeRow:
    """An activity type's row of Aggregated stats."""

    category: str
    count: int
    meters: float
    minutes: float


def _type_rows(state: State) -> dict[str, TypeRow]:
    """The rows on screen by type (a row cut by the list's edge is left out)."""
    rows: dict[str, TypeRow] = {}
    current: dict[str, str] = {}
    wanted = (ids.TYPE_LABEL, ids.NUM_TRACKS, ids.TYPE_DISTANCE, ids.TYPE_DISTANCE_UNIT,
              ids.TYPE_TIME)  # fmt: skip
    for element in state.ui_elements:
        rid = element.resource_id.rsplit("/", 1)[-1]
        if rid == ids.TYPE_LABEL:
            current = {}
        if rid in wanted:
            current[rid] = element.text
            if len(current) == len(wanted):
                label, count, value, unit, time = (current[w] for w in wanted)
                rows[label] = TypeRow(label, int(count.strip("()")), _meters(value, unit),
                                      _minutes(time))  # fmt: skip
                current = {}
    return rows


def _full_date(text: str) -> dt.date:
    """A range field's day ("Sunday, October 15, 2023")."""
    return dt.datetime.strptime(text, "%A, %B %d, %Y").date()


def _pick(state: State, field: str, day: dt.date) -> Steps:
    """Open the field's date picker, go to ``day``'s month and tap ``day`` (scrolling
    the dialog until it shows)."""
    state = yield from seek(state, 3, resource_id=field)
    shown = _full_date(state.ui_elements[require(state, resource_id=field)].text)
    state = yield tap(state, resource_id=field)
    months = (day.year - shown.year) * 12 + day.month - shown.month
    arrow = ids.PREVIOUS_MONTH if months < 0 else ids.NEXT_MONTH
    for _ in range(abs(months)):
        state = yield from scroll_to(state, "down", 3, desc=arrow)
        state = yield tap(state, desc=arrow)
    cell = f"{day.day:02d} {day:%B} {day.year}"
    state = yield from scroll_to(state, "down", 3, desc=cell)
    state = yield tap(state, desc=cell)
    return state


def aggregated_over(
    state: State, first: dt.date, last: dt.date | None, wanted: str | None = None
) -> Generator[Action, State, dict[str, TypeRow]]:
    """From the track list: Aggregated stats filtered to ``first``..``last`` (None: the
    filter's own last day); the rows, scrolled through until ``wanted``'s shows (every
    row when None)."""
    state = yield tap(state, resource_id=ids.AGGREGATED_BUTTON)
    state = yield tap(state, desc=ids.FILTER)
    state = yield from seek(state, 3, resource_id=ids.FROM_FIELD)
    if _full_date(state.ui_elements[require(state, resource_id=ids.FROM_FIELD)].text) != first:
        state = yield from _pick(state, ids.FROM_FIELD, first)
    if last is not None:
        state = yield from seek(state, 3, resource_id=ids.TO_FIELD)
        to_text = state.ui_elements[require(state, resource_id=ids.TO_FIELD)].text
        if _full_date(to_text) != last:
            state = yield from _pick(state, ids.TO_FIELD, last)
    state = yield tap(state, text="OK")
    rows = _type_rows(state)
    for _ in range(5):
        if wanted in rows or not find_all(state, resource_id=ids.TYPE_LABEL):
            break
        before = state.ui_tree
        state = yield scroll("down")
        if state.ui_tree == before:
            break
        rows |= _type_rows(state)
    return rows


Today = Generator[Action, State, tuple[State, dt.date | None]]


def _today_if_needed(state: State, *phrases: str) -> Today:
    """Today from the calendar, when a phrase is relative to it (None otherwise)."""
    if all(relative_dates.absolute_date(p) is not None for p in phrases):
        return state, None
    state, today = yield from today_date(state)
    return state, today


def _day(phrase: str, today: dt.date | None) -> dt.date:
    return relative_dates.resolve(phrase, today or dt.date(2023, 1, 1))


def _monday(today: dt.date) -> dt.date:
    return today - dt.timedelta(days=today.weekday())


def _this_week(state: State, category: str) -> Generator[Action, State, TypeRow | None]:
    """The type's row over Monday to today (the filter's range ends on or after today)."""
    state, today = yield from today_date(state)
    state = yield open_app("OpenTracks")
    rows = yield from aggregated_over(state, _monday(today), None, category)
    return rows.get(category)


def _number(value: float) -> str:
    return str(round(value))


@SOLVERS.solves("SportsTrackerActivitiesCountForWeek", pixels=True)
def solve_count_for_week(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """The type's count from Monday to today."""
    row = yield from _this_week(state, params["category"])
    yield answer(str(row.count if row else 0))


@SOLVERS.solves("SportsTrackerTotalDurationForCategoryThisWeek", pixels=True)
def solve_duration_this_week(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """The type's moving time from Monday to today, in minutes."""
    row = yield from _this_week(state, params["category"])
    yield answer(_number(row.minutes if row else 0))


@SOLVERS.solves("SportsTrackerLongestDistanceActivity", pixels=True)
def solve_longest_distance(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """The longest of the type's tracks this week: the week's tracks from the list, then
    the type's row from Monday; the tracks of the row are the ones (as many as its
    count) whose distances and times add up to the row's."""
    state, today = yield from today_date(state)
    monday = _monday(today)
    state = yield open_app("OpenTracks")
    state, listed = yield from read_back_to(state, today, monday)
    week = [t for day, t in listed if monday <= day <= today]
    rows = yield from aggregated_over(state, monday, None, params["category"])
    row = rows.get(params["category"])
    yield answer(_number(max(_tracks_of(row, week), default=0)))


def _tracks_of(row: TypeRow | None, tracks: list[Track]) -> list[float]:
    """The distances of the ``row.count`` tracks whose sums are the row's (each shown
    distance is rounded to 10 m, the sum too)."""
    if row is None:
        return []
    fits = {
        tuple(sorted(t.meters for t in group))
        for group in itertools.combinations(tracks, row.count)
        if abs(sum(t.minutes for t in group) - row.minutes) < 1 / 120
        and abs(sum(t.meters for t in group) - row.meters) <= 10 * row.count
    }
    if len({group[-1] for group in fits}) != 1:
        raise SolverError(f"{len(fits)} sets of the week's tracks add up to {row}")
    return list(fits.pop())


@SOLVERS.solves("SportsTrackerActivitiesOnDate", pixels=True)
def solve_activities_on(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """The types with a track on the day."""
    state, today = yield from _today_if_needed(state, params["date"])
    day = _day(params["date"], today)
    state = yield open_app("OpenTracks")
    rows = yield from aggregated_over(state, day, day)
    yield answer(", ".join(rows))


@SOLVERS.solves("SportsTrackerActivityDuration", pixels=True)
def solve_activity_duration(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """The type's moving time on the day, in minutes."""
    state, today = yield from _today_if_needed(state, params["date"])
    day = _day(params["date"], today)
    state = yield open_app("OpenTracks")
    rows = yield from aggregated_over(state, day, day, params["category"])
    row = rows.get(params["category"])
    yield answer(_number(row.minutes if row else 0))


@SOLVERS.solves("SportsTrackerTotalDistanceForCategoryOverInterval", pixels=True)
def solve_distance_over(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """The type's distance from one day to another, both included."""
    state, today = yield from _today_if_needed(state, params["start_date"], params["end_date"])
    first, last = _day(params["start_date"], today), _day(params["end_date"], today)
    state = yield open_app("OpenTracks")
    rows = yield from aggregated_over(state, first, last, params["category"])
    row = rows.get(params["category"])
    yield answer(_number(row.meters if row else 0))
