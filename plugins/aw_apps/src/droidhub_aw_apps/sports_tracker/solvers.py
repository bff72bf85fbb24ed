"""UI-only solvers of the OpenTracks questions: read the track list (newest first) back to
the oldest day the question covers, then count, sum or list what it asks.

The list names recent days relative to today ("Today", "Yesterday", "Friday") and older
ones by date ("8 Oct"); the questions name days relative to today too ("last Monday",
"10 days ago"), so the solver first reads today's date where a person would, in Simple
Calendar's month view.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Generator, Mapping
from dataclasses import dataclass
from typing import Any

from droidhub import Action, State
from droidhub.agents.ui_solver import SolverError, SolverScript, answer, open_app, scroll
from droidhub_aw_apps.calendar.steps import today_date
from droidhub_aw_apps.common import relative_dates
from droidhub_aw_apps.common.ui_solvers import SolverList
from droidhub_aw_apps.sports_tracker import ids

# pixels=True: today is read off Simple Calendar's month grid, whose numbers and
# today's circle are drawn (not in the tree).
SOLVERS = SolverList()

_FIELDS = (ids.NAME, ids.DATE, ids.TIME_DISTANCE, ids.TIME, ids.DESCRIPTION)


@dataclass(frozen=True)
class Track:
    """One item of the list, as shown: its texts and its activity type (the icon's
    description)."""

    name: str
    day: str
    time_distance: str
    time: str
    description: str
    category: str

    @property
    def minutes(self) -> float:
        """The total time (MM:SS or H:MM:SS, before the distance) in minutes."""
        parts = [int(p) for p in self.time_distance.split(" (")[0].split(":")]
        seconds = 0
        for part in parts:
            seconds = seconds * 60 + part
        return seconds / 60

    @property
    def meters(self) -> float:
        """The distance in brackets ("(12.35 km)", "(350.00 m)") in meters."""
        text = self.time_distance.split(" (", 1)[1].rstrip(")")
        value, unit = text.split()
        return float(value.replace(",", "")) * (1000 if unit == "km" else 1)


def _visible(state: State) -> list[Track]:
    """The complete items on screen, in order (an item cut by the list's edge is left
    for the next screen). An item starts with its icon, whose description is the
    activity type."""
    tracks: list[Track] = []
    current: dict[str, str] = {}
    category: str | None = None
    for element in state.ui_elements:
        rid = element.resource_id.rsplit("/", 1)[-1]
        if rid == ids.ICON:
            current, category = {}, element.content_description
        elif rid in _FIELDS and category is not None:
            current[rid] = element.text
            if all(f in current for f in _FIELDS):
                name, day, time_distance, time, description = (current[f] for f in _FIELDS)
                tracks.append(Track(name, day, time_distance, time, description, category))
                current, category = {}, None
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


TrackSteps = Generator[Action, State, tuple[dt.date, list[tuple[dt.date, Track]]]]


def read_back_to(state: State, first: Callable[[dt.date], dt.date]) -> TrackSteps:
    """Today (from the calendar), then every track from the newest back to ``first(today)``."""
    state, today = yield from today_date(state)
    oldest = first(today)
    state = yield open_app("OpenTracks")
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
    return today, [(day_of(t.day, today), t) for t in seen]


def _monday(today: dt.date) -> dt.date:
    return today - dt.timedelta(days=today.weekday())


Tracks = Generator[Action, State, list[Track]]


def _this_week(state: State, category: str) -> Tracks:
    """The tracks of ``category`` from Monday to today."""
    today, tracks = yield from read_back_to(state, _monday)
    monday = _monday(today)
    return [t for day, t in tracks if monday <= day <= today and t.category == category]


def _on_day(state: State, phrase: str) -> Tracks:
    """The tracks of the day ``phrase`` names ("last Monday", "10 days ago")."""

    def first(today: dt.date) -> dt.date:
        return relative_dates.resolve(phrase, today)

    today, tracks = yield from read_back_to(state, first)
    day = first(today)
    return [t for d, t in tracks if d == day]


def _number(value: float) -> str:
    return str(round(value))


@SOLVERS.solves("SportsTrackerActivitiesCountForWeek", pixels=True)
def solve_count_for_week(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Tracks of the category from Monday to today."""
    found = yield from _this_week(state, params["category"])
    yield answer(str(len(found)))


@SOLVERS.solves("SportsTrackerLongestDistanceActivity", pixels=True)
def solve_longest_distance(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """The longest distance of the category this week, in meters."""
    found = yield from _this_week(state, params["category"])
    yield answer(_number(max((t.meters for t in found), default=0)))


@SOLVERS.solves("SportsTrackerTotalDurationForCategoryThisWeek", pixels=True)
def solve_duration_this_week(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """The total minutes of the category this week."""
    found = yield from _this_week(state, params["category"])
    yield answer(_number(sum(t.minutes for t in found)))


@SOLVERS.solves("SportsTrackerActivitiesOnDate", pixels=True)
def solve_activities_on(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """The categories of the tracks of a day."""
    found = yield from _on_day(state, params["date"])
    yield answer(", ".join(t.category for t in found))


@SOLVERS.solves("SportsTrackerActivityDuration", pixels=True)
def solve_activity_duration(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """The minutes of the category's track(s) of a day."""
    found = yield from _on_day(state, params["date"])
    yield answer(_number(sum(t.minutes for t in found if t.category == params["category"])))


@SOLVERS.solves("SportsTrackerTotalDistanceForCategoryOverInterval", pixels=True)
def solve_distance_over(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """The meters of the category from one day to another, both included."""

    def first(today: dt.date) -> dt.date:
        return relative_dates.resolve(params["start_date"], today)

    today, tracks = yield from read_back_to(state, first)
    start, end = first(today), relative_dates.resolve(params["end_date"], today)
    found = [t.meters for d, t in tracks if start <= d <= end and t.category == params["category"]]
    yield answer(_number(sum(found)))
