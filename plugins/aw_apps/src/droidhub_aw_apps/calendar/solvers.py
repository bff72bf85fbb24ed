"""UI-only solvers of Simple Calendar Pro's 17 tasks: they add, delete and read events
through the app's screens as an agent would, from the goal, the params and the screen
(the steps they are made of are in :mod:`droidhub_aw_apps.calendar.steps`).

Adding: the FAB, title and description typed, the start date and time and the end time
picked in the framework's pickers, the repetition chosen, Save. Deleting: the day
opened from the month grid, each event opened and deleted (Yes). Questions: the day
view of the asked day, the simple event list (next week), or the search bar (a title,
a person) and the event's editor; the answer is what those screens show.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

from droidhub import Action, State
from droidhub.agents.ui_solver import (
    SolverError,
    SolverScript,
    answer,
    require,
    tap,
    type_into,
)
from droidhub_aw_apps.calendar import ids
from droidhub_aw_apps.calendar.steps import (
    MONTHS,
    EventRow,
    Gather,
    answer_titles,
    launch,
    open_date,
    open_day,
    parse_clock,
    pick_date,
    pick_time,
    picked_date,
    read_all_rows,
    read_rows,
    read_today,
    status_clock,
    switch_view,
)
from droidhub_aw_apps.common import relative_dates
from droidhub_aw_apps.common.ui_solvers import SolverList

# pixels=True: the month grid's day numbers and today's circle are drawn, not in the
# tree; the solvers read them from the screenshot.
SOLVERS = SolverList()


# --- adding and deleting events ---------------------------------------------------------
def _add_event(
    params: Mapping[str, Any], state: State, phrase: str | None, repeat: str | None
) -> SolverScript:
    """FAB, title, description, start date and time, end time (and date), repeat, save."""
    state = yield tap(state, resource_id=ids.FAB)
    state = yield type_into(state, params["event_title"], resource_id=ids.TITLE)
    state = yield type_into(state, params["event_description"], resource_id=ids.DESCRIPTION)
    state = yield tap(state, resource_id=ids.START_DATE)
    if phrase is None:
        day = dt.date(int(params["year"]), int(params["month"]), int(params["day"]))
    else:  # the new event starts today: the picker shows today picked
        day = relative_dates.resolve(phrase, picked_date(state))
    state = yield from pick_date(state, day)
    start = dt.datetime.combine(day, dt.time(int(params["hour"])))
    end = start + dt.timedelta(minutes=int(params["duration_mins"]))
    state = yield tap(state, resource_id=ids.START_TIME)
    state = yield from pick_time(state, start.time())
    state = yield tap(state, resource_id=ids.END_TIME)
    state = yield from pick_time(state, end.time())
    if end.date() != start.date():
        state = yield tap(state, resource_id=ids.END_DATE)
        state = yield from pick_date(state, end.date())
    if repeat is not None:
        state = yield tap(state, resource_id=ids.REPETITION)
        state = yield tap(state, text={"daily": ids.DAILY, "weekly": ids.WEEKLY}[repeat])
    yield tap(state, resource_id=ids.SAVE)


@SOLVERS.solves("SimpleCalendarAddOneEvent", pixels=True)
def solve_add_one_event(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """An event on the date the params give."""
    del goal
    state = yield from launch(state)
    yield from _add_event(params, state, None, None)


@SOLVERS.solves("SimpleCalendarAddOneEventTomorrow", pixels=True)
def solve_add_tomorrow(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """An event tomorrow (from the picker's today)."""
    del goal
    state = yield from launch(state)
    yield from _add_event(params, state, "tomorrow", None)


@SOLVERS.solves("SimpleCalendarAddOneEventInTwoWeeks", pixels=True)
def solve_add_in_two_weeks(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """An event in two weeks."""
    del goal
    state = yield from launch(state)
    yield from _add_event(params, state, "in two weeks", None)


@SOLVERS.solves("SimpleCalendarAddOneEventRelativeDay", pixels=True)
def solve_add_relative_day(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """An event this <weekday>, the weekday the goal names (no param holds it)."""
    weekday = goal.split(" for this ", 1)[1].split(" ", 1)[0]
    state = yield from launch(state)
    yield from _add_event(params, state, f"this {weekday}", None)


@SOLVERS.solves("SimpleCalendarAddRepeatingEvent", pixels=True)
def solve_add_repeating(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """A daily or weekly event, forever."""
    del goal
    state = yield from launch(state)
    yield from _add_event(params, state, None, str(params["repeat_rule"]))


def _ymd(params: Mapping[str, Any]) -> tuple[int, int, int]:
    return int(params["year"]), int(params["month"]), int(params["day"])


def _delete_rows(state: State, keep: Any) -> SolverScript:
    """In a day view: open each event ``keep(row)`` accepts, delete it, confirm."""
    for _ in range(20):
        targets = [r for r in read_rows(state) if keep(r)]
        if not targets:
            return
        state = yield Action(action_type="click", index=targets[0].index)
        state = yield tap(state, desc=ids.DELETE_DESC)
        state = yield tap(state, resource_id="button1")  # Yes


@SOLVERS.solves("SimpleCalendarDeleteEvents", pixels=True)
def solve_delete_events(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Every event of an absolute date."""
    del goal
    state = yield from launch(state)
    state = yield from open_date(state, *_ymd(params))
    yield from _delete_rows(state, lambda r: r.starts_here)


@SOLVERS.solves("SimpleCalendarDeleteOneEvent", pixels=True)
def solve_delete_one_event(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """The event of a date with a given title and hour."""
    del goal
    state = yield from launch(state)
    state = yield from open_date(state, *_ymd(params))
    title, hour = params["event_title"], int(params["hour"])
    yield from _delete_rows(state, lambda r: r.title == title and r.start.hour == hour)


@SOLVERS.solves("SimpleCalendarDeleteEventsOnRelativeDay", pixels=True)
def solve_delete_relative_day(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Every event of this <weekday>."""
    del goal
    state = yield from launch(state)
    today = read_today(state)
    offset = today.offset(f"this {params['day_of_week']}")
    state = yield from open_day(state, today, offset)
    yield from _delete_rows(state, lambda r: r.starts_here)


# --- questions ----------------------------------------------------------------------------
def _day_rows(state: State, phrase: str) -> Gather:
    """Open the day ``phrase`` names and read all its events."""
    today = read_today(state)
    state = yield from open_day(state, today, today.offset(phrase))
    state, rows = yield from read_all_rows(state, ids.DAY_EVENTS)
    return state, [r for r in rows if r.starts_here]


@SOLVERS.solves("SimpleCalendarAnyEventsOnDate", "SimpleCalendarEventsOnDate", pixels=True)
def _titles_on_day(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    del goal
    state = yield from launch(state)
    state, rows = yield from _day_rows(state, params["date"])
    yield answer_titles(rows)


@SOLVERS.solves("SimpleCalendarEventOnDateAtTime", pixels=True)
def solve_event_at_time(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Events starting at a time of a day."""
    del goal
    state = yield from launch(state)
    state, rows = yield from _day_rows(state, params["date"])
    when = parse_clock(params["time"])
    yield answer_titles([r for r in rows if r.start == when])


@SOLVERS.solves("SimpleCalendarEventsInTimeRange", pixels=True)
def solve_events_in_range(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Events starting between a time and 8pm of a day."""
    del goal
    state = yield from launch(state)
    state, rows = yield from _day_rows(state, params["date"])
    first, last = parse_clock(params["start_time"]), dt.time(20)
    yield answer_titles([r for r in rows if first <= r.start <= last])


@SOLVERS.solves("SimpleCalendarFirstEventAfterStartTime", pixels=True)
def solve_first_after(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """The first event starting at or after a time of a day."""
    del goal
    state = yield from launch(state)
    state, rows = yield from _day_rows(state, params["date"])
    after = [r for r in rows if r.start >= parse_clock(params["time"])]
    first = min((r.start for r in after), default=None)
    yield answer_titles([r for r in after if r.start == first])


@SOLVERS.solves("SimpleCalendarNextEvent", pixels=True)
def solve_next_event(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """The first event after the status bar's clock: today's day view, then the next days."""
    del goal, params
    state = yield from launch(state)
    now = status_clock(state)
    today = read_today(state)
    state = yield from open_day(state, today, 0)
    for day in range(8):
        state, rows = yield from read_all_rows(state, ids.DAY_EVENTS)
        later = [r for r in rows if r.starts_here and (day > 0 or r.start > now)]
        if later:
            first = min(r.start for r in later)
            yield answer_titles([r for r in later if r.start == first])
            return
        state = yield tap(state, resource_id=ids.TOP_RIGHT_ARROW)
    raise SolverError("no upcoming event in the coming week")


@SOLVERS.solves("SimpleCalendarEventsInNextWeek", pixels=True)
def solve_events_next_week(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Events of next Monday to Sunday, from the simple event list."""
    del goal, params
    state = yield from launch(state)
    today = read_today(state)
    first = 7 - today.weekday
    state = yield from switch_view(state, ids.SIMPLE_EVENT_LIST)

    def past_the_week(rows: list[EventRow]) -> bool:
        return any(r.section and today.offset_of(*r.section) > first + 6 for r in rows)

    state, rows = yield from read_all_rows(state, ids.EVENTS_LIST, enough=past_the_week)
    week = [
        r
        for r in rows
        if r.section is not None and first <= today.offset_of(*r.section) <= first + 6
    ]
    yield answer_titles(week)


def _search(state: State, text: str) -> Gather:
    state = yield type_into(state, text, resource_id=ids.SEARCH_FIELD)
    return state, read_rows(state)


@SOLVERS.solves("SimpleCalendarLocationOfEvent", pixels=True)
def solve_location(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Search the title, open the event, read its location."""
    del goal
    state = yield from launch(state)
    title = params["title"]
    state, rows = yield from _search(state, title)
    match = [r for r in rows if r.title.casefold() == title.casefold()] or rows
    if not match:
        raise SolverError(f"searching {title!r} found nothing")
    state = yield Action(action_type="click", index=match[0].index)
    yield answer(state.ui_elements[require(state, resource_id=ids.LOCATION)].text)


@SOLVERS.solves("SimpleCalendarNextMeetingWithPerson", pixels=True)
def solve_next_meeting(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Search the person; the first result is the earliest; its editor gives the time and
    its date picker the full date."""
    del goal
    state = yield from launch(state)
    person = params["person"]
    state, rows = yield from _search(state, person)
    match = [r for r in rows if person.casefold() in r.title.casefold()]
    if not match:
        raise SolverError(f"searching {person!r} found no event naming them")
    state = yield Action(action_type="click", index=match[0].index)
    start = parse_clock(state.ui_elements[require(state, resource_id=ids.START_TIME)].text)
    state = yield tap(state, resource_id=ids.START_DATE)
    day = picked_date(state)
    yield answer(f"{MONTHS[day.month - 1]} {day.day} {day.year} {start:%H:%M}")
