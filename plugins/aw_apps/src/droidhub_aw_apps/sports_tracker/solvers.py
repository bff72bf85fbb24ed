"""UI-only solvers of the OpenTracks questions, through the screens a person would use.

The list shows each track's day, time and distance but its activity type only as an
icon (described "Track"); the type shows as text in Aggregated stats (the bottom bar's
first button), a row per type with its icon, count, distance and moving time.

The questions about one type's tracks (this week's count, time and longest distance;
a day's duration) learn the type's icon where a person would, beside its name in
Aggregated stats, then go back and read the list, telling the type's tracks by their
icon (:mod:`.icons`). Some types share an icon (biking and cycling, hiking and
climbing, the types the app does not know); so the type's tracks are the look-alikes
whose count, time and distance add up to the type's row, which tells them apart on
every draw measured. A day's duration needs no sums when one look-alike is on the day.

The questions over every type of a day, or over a range of days, set the filter's
range (From and To, each a calendar-mode date picker) and read the rows.

The questions name days relative to today ("last Monday", "10 days ago"), so a solver
whose question does first reads today's date where a person would, in Simple
Calendar's month view.
"""

from __future__ import annotations

import datetime as dt
import itertools
from collections.abc import Callable, Generator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from PIL import Image

from droidhub import Action, State
from droidhub.agents.ui_solver import (
    SolverError,
    SolverScript,
    answer,
    find_all,
    open_app,
    press_back,
    require,
    scroll_list,
    scroll_to,
    seek,
    tap,
)
from droidhub_aw_apps.calendar.steps import today_date
from droidhub_aw_apps.common import relative_dates
from droidhub_aw_apps.common.ui_solvers import SolverList
from droidhub_aw_apps.sports_tracker import ids
from droidhub_aw_apps.sports_tracker.icons import icon_at, same_icon

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


@dataclass(frozen=True)
class Listed:
    """An item of the list as a person sees it: its texts, its icon's pixels (None when
    cut by the list's edge) and where its icon's top is on screen."""

    track: Track
    icon: Image.Image | None = field(compare=False)
    top: int = field(compare=False)


def _listed(state: State) -> list[Listed]:
    """The complete items on screen, in order (an item cut by the list's edge is left
    for the next screen). An item starts with its icon."""
    items: list[Listed] = []
    current: dict[str, str] | None = None
    icon: Image.Image | None = None
    top = 0
    for index, element in enumerate(state.ui_elements):
        rid = element.resource_id.rsplit("/", 1)[-1]
        if rid == ids.ICON:
            current, icon = {}, icon_at(state, index)
            top = element.bounds.top if element.bounds else 0
        elif rid in _FIELDS and current is not None:
            current[rid] = element.text
            if all(f in current for f in _FIELDS):
                items.append(Listed(Track(*(current[f] for f in _FIELDS)), icon, top))
                current = None
    return items


def _visible(state: State) -> list[Track]:
    """The tracks of :func:`_listed`."""
    return [item.track for item in _listed(state)]


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
        state = yield scroll_list(state, "down")
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


def _number(value: float) -> str:
    return str(round(value))


@SOLVERS.solves("SportsTrackerActivitiesOnDate", pixels=True)
def solve_activities_on(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """The types with a track on the day."""
    state, today = yield from _today_if_needed(state, params["date"])
    day = _day(params["date"], today)
    state = yield open_app("OpenTracks")
    rows = yield from aggregated_over(state, day, day)
    yield answer(", ".join(rows))


@SOLVERS.solves("SportsTrackerTotalDistanceForCategoryOverInterval", pixels=True)
def solve_distance_over(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """The type's distance from one day to another, both included."""
    state, today = yield from _today_if_needed(state, params["start_date"], params["end_date"])
    first, last = _day(params["start_date"], today), _day(params["end_date"], today)
    state = yield open_app("OpenTracks")
    rows = yield from aggregated_over(state, first, last, params["category"])
    row = rows.get(params["category"])
    yield answer(_number(row.meters if row else 0))


# --- the type's tracks, told by their icon ------------------------------------------------
TypeIcon = tuple[TypeRow, Image.Image]


def _type_row_with_icon(state: State, category: str) -> TypeIcon | None:
    """The type's row of Aggregated stats and its icon, when the screen shows it whole."""
    icon: Image.Image | None = None
    for index, element in enumerate(state.ui_elements):
        rid = element.resource_id.rsplit("/", 1)[-1]
        if rid == ids.TYPE_ICON:
            icon = icon_at(state, index)
        elif rid == ids.TYPE_LABEL and element.text == category:
            row = _type_rows(state).get(category)
            return (row, icon) if row is not None and icon is not None else None
    return None


def _learn_icon(state: State, category: str) -> Generator[Action, State, TypeIcon]:
    """From the track list: Aggregated stats (every type of every track, no filter),
    scrolled until the type's row shows whole; its totals and its icon."""
    state = yield tap(state, resource_id=ids.AGGREGATED_BUTTON)
    for _ in range(5):
        found = _type_row_with_icon(state, category)
        if found is not None:
            return found
        before = state.ui_tree
        state = yield scroll_list(state, "down")
        if state.ui_tree == before:
            break
    raise SolverError(f"Aggregated stats shows no row {category!r}")


@dataclass
class TypeTracks:
    """The list read from the newest track down, and the type's tracks found in it."""

    row: TypeRow
    icon: Image.Image
    seen: list[Listed]
    #: Whether the list was read to its last track.
    complete: bool = False

    def lookalikes(self) -> list[Track]:
        """The tracks seen whose icon is the type's (other types may share it)."""
        return [i.track for i in self.seen if i.icon is not None and same_icon(i.icon, self.icon)]

    def of_type(self) -> list[Track] | None:
        """The type's tracks: the ``row.count`` look-alikes whose times and distances add
        up to the row's (each distance shown to 10 m). Before the list's end, None while
        no set or several do (a set of other types' tracks adding up to the same minutes
        and the same 10 m is a coincidence this accepts)."""
        alike = self.lookalikes()
        fits = [g for g in itertools.combinations(alike, self.row.count) if _adds_up(self.row, g)]
        if len(fits) == 1:
            return list(fits[0])
        if self.complete:
            raise SolverError(f"{len(fits)} sets of the look-alike tracks add up to {self.row}")
        return None


def _adds_up(row: TypeRow, tracks: Sequence[Track]) -> bool:
    return abs(sum(t.minutes for t in tracks) - row.minutes) < 1 / 120 and abs(
        sum(t.meters for t in tracks) - row.meters
    ) <= 10 * len(tracks)


def _scrolled_to_end(before: list[Listed], after: list[Listed], screen_height: int) -> bool:
    """Whether a scroll reached the list's end: it moved the items less than a scroll
    moves them (half the screen less the touch slop), or not at all."""
    tops = {i.track: i.top for i in before}
    shifts = [tops[i.track] - i.top for i in after if i.track in tops]
    return not shifts or shifts[0] < screen_height // 2 - 60


Scope = Callable[[dt.date], bool]


def type_tracks(
    state: State, category: str, today: dt.date, oldest: dt.date, enough: Scope | None = None
) -> Generator[Action, State, list[tuple[dt.date, Track]]]:
    """From the track list: learn the type's icon in Aggregated stats, go back, and read
    the list from the newest track until the type's tracks from ``oldest`` on are known;
    those tracks with their days. ``enough(day)`` may say the look-alikes of one day
    are the type's own (a question about the type's one track of a day)."""
    row, icon = yield from _learn_icon(state, category)
    state = yield press_back()
    found = TypeTracks(row, icon, _listed(state))
    height = state.screenshot.height if state.screenshot else 2400
    for _ in range(8):
        days = [day_of(i.track.day, today) for i in found.seen]
        past = bool(days) and days[-1] < oldest
        if past and enough is not None and _one_lookalike_on(found, today, enough):
            break
        if (past and found.of_type() is not None) or found.complete:
            break
        shown = _listed(state)
        state = yield scroll_list(state, "down")
        more = _listed(state)
        found.seen += [i for i in more if i not in found.seen]
        found.complete = _scrolled_to_end(shown, more, height)
    if enough is not None and _one_lookalike_on(found, today, enough):
        return [(day_of(t.day, today), t) for t in found.lookalikes()]
    tracks = found.of_type()
    if tracks is None:
        raise SolverError(f"the list was not read far enough to tell the {category} tracks")
    return [(day_of(t.day, today), t) for t in tracks]


def _one_lookalike_on(found: TypeTracks, today: dt.date, scope: Scope) -> bool:
    return len([t for t in found.lookalikes() if scope(day_of(t.day, today))]) == 1


def _week_tracks(state: State, category: str) -> Generator[Action, State, list[Track]]:
    """The type's tracks from Monday to today."""
    state, today = yield from today_date(state)
    monday = _monday(today)
    state = yield open_app("OpenTracks")
    tracks = yield from type_tracks(state, category, today, monday)
    return [t for day, t in tracks if monday <= day <= today]


@SOLVERS.solves("SportsTrackerActivitiesCountForWeek", pixels=True)
def solve_count_for_week(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """How many of the week's tracks are of the type."""
    tracks = yield from _week_tracks(state, params["category"])
    yield answer(str(len(tracks)))


@SOLVERS.solves("SportsTrackerTotalDurationForCategoryThisWeek", pixels=True)
def solve_duration_this_week(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """The total time of the week's tracks of the type, in minutes."""
    tracks = yield from _week_tracks(state, params["category"])
    yield answer(_number(sum(t.minutes for t in tracks)))


@SOLVERS.solves("SportsTrackerLongestDistanceActivity", pixels=True)
def solve_longest_distance(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """The longest distance of the week's tracks of the type."""
    tracks = yield from _week_tracks(state, params["category"])
    yield answer(_number(max((t.meters for t in tracks), default=0)))


@SOLVERS.solves("SportsTrackerActivityDuration", pixels=True)
def solve_activity_duration(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """The time of the type's track of the day, in minutes (today from the calendar: the
    list names recent days by weekday)."""
    state, today = yield from today_date(state)
    day = _day(params["date"], today)
    state = yield open_app("OpenTracks")
    tracks = yield from type_tracks(state, params["category"], today, day, day.__eq__)
    yield answer(_number(sum(t.minutes for d, t in tracks if d == day)))
