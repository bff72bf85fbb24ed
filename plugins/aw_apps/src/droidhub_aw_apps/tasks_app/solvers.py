"""UI-only solvers of the Tasks questions: read the task list, grouped by due date or by
priority, and answer with the titles (or their count) the question asks for.

The list's headers name days relative to today ("Today", "Tomorrow", else "Fri, Oct
20"); a question that names a weekday ("this Friday") needs today's date first, which
the solver reads where a person would, in Simple Calendar's month view.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Generator, Mapping
from dataclasses import dataclass
from typing import Any

from droidhub import Action, State
from droidhub.ui_solver import (
    SolverScript,
    UISolver,
    answer,
    open_app,
    scroll,
    tap,
)
from droidhub_aw_apps.calendar.steps import launch as open_calendar
from droidhub_aw_apps.calendar.steps import read_today
from droidhub_aw_apps.common import relative_dates
from droidhub_aw_apps.tasks_app import ids

Steps = Generator[Action, State, State]


@dataclass(frozen=True)
class Item:
    """One line of the list: a section header, or a task with its subtitle and check."""

    header: str
    title: str = ""
    subtitle: str = ""
    done: bool = False


def _visible(state: State) -> list[Item]:
    """The headers and task rows on screen, in order (a row's check is on its layout,
    which comes before its title)."""
    items: list[Item] = []
    header, done = "", False
    for element in state.ui_elements:
        rid = element.resource_id.rsplit("/", 1)[-1]
        if rid == ids.HEADER:
            header = element.text
            items.append(Item(header))
        elif rid == ids.ROW:
            done = element.checked
        elif rid == ids.TITLE and header:
            items.append(Item(header, element.text, "", done))
        elif rid == ids.DUE_DATE and items and items[-1].title:
            last = items[-1]
            items[-1] = Item(last.header, last.title, element.text, last.done)
    return items


def _merge(seen: list[Item], new: list[Item]) -> list[Item]:
    """``new`` (what a scroll shows) appended to ``seen`` without the overlap."""
    for k in range(min(len(seen), len(new)), 0, -1):
        if seen[-k:] == new[:k]:
            return seen + new[k:]
    return seen + new


ItemSteps = Generator[Action, State, tuple[State, list[Item]]]


def read_list(state: State, stop: Callable[[list[Item]], bool] | None = None) -> ItemSteps:
    """Scroll the list to its end (or until ``stop(items)``), gathering every item."""
    items = _visible(state)
    for _ in range(12):
        if stop is not None and stop(items):
            break
        state = yield scroll("down")
        merged = _merge(items, _visible(state))
        if merged == items:
            break
        items = merged
    return state, items


def today_from_calendar(state: State) -> Generator[Action, State, tuple[State, dt.date]]:
    """Open Simple Calendar and read today from its month view."""
    state = yield from open_calendar(state)
    today = read_today(state)
    year = 2024 if today.month == 2 and today.length == 29 else 2023
    return state, dt.date(year, today.month, today.day)


def header_for(day: dt.date, today: dt.date) -> str:
    """The list's header of ``day`` (the app's own wording)."""
    named = {-1: "Yesterday", 0: "Today", 1: "Tomorrow"}.get((day - today).days)
    return named or f"{day:%a}, {day:%b} {day.day}"


def _open_tasks(state: State) -> Steps:
    if not state.foreground.startswith(ids.PACKAGE):
        state = yield open_app("Tasks")
    return state


def _sort(state: State, mode: str | None, completed: bool, unstarted: bool) -> Steps:
    """Open the Sort sheet, choose ``mode`` and the switches, close it."""
    if mode is None and not completed and not unstarted:
        return state
    state = yield tap(state, desc=ids.SORT)
    if mode is not None:
        state = yield tap(state, text=mode)
    for label, wanted in ((ids.SHOW_COMPLETED, completed), (ids.SHOW_UNSTARTED, unstarted)):
        if wanted:
            state = yield tap(state, text=label)
    return (yield tap(state, text=ids.DONE))


def _day(phrase: str, state: State) -> Generator[Action, State, tuple[State, str]]:
    """The header of the day ``phrase`` names (today from the calendar if needed)."""
    direct = {"today": "Today", "tomorrow": "Tomorrow", "yesterday": "Yesterday"}
    if phrase.lower() in direct:
        return state, direct[phrase.lower()]
    state, today = yield from today_from_calendar(state)
    return state, header_for(relative_dates.resolve(phrase, today), today)


def _titles(items: list[Item]) -> Action:
    return answer(", ".join(i.title for i in items))


def solve_due_on_date(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Every task under the day's header."""
    state, header = yield from _day(params["date"], state)
    state = yield from _open_tasks(state)
    state = yield from _sort(state, None, completed=True, unstarted=True)
    state, items = yield from read_list(state, stop=lambda items: _past(items, header))
    yield _titles([i for i in items if i.title and i.header == header])


def _past(items: list[Item], header: str) -> bool:
    headers = [i.header for i in items if not i.title]
    return header in headers and headers[-1] != header


def solve_completed_for_date(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """The checked tasks under the day's header."""
    state, header = yield from _day(params["date"], state)
    state = yield from _open_tasks(state)
    state = yield from _sort(state, None, completed=True, unstarted=True)
    state, items = yield from read_list(state, stop=lambda items: _past(items, header))
    yield _titles([i for i in items if i.title and i.header == header and i.done])


def _section(items: list[Item], header: str) -> list[Item]:
    return [i for i in items if i.title and i.header == header]


def solve_high_priority(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Open tasks under "High priority", sorted by priority (unstarted ones shown too)."""
    high = ids.PRIORITY_HEADERS[0]
    state = yield from _open_tasks(state)
    state = yield from _sort(state, "Priority", completed=False, unstarted=True)
    state, items = yield from read_list(state, stop=lambda items: _past(items, high))
    yield _titles(_section(items, high))


def _due_label(day: dt.date, today: dt.date) -> str:
    """A row's due date when sorted by priority (Yest/Today/Tmrw or Oct 20)."""
    named = {-1: "Yest", 0: "Today", 1: "Tmrw"}.get((day - today).days)
    return named or f"{day:%b} {day.day}"


def solve_high_priority_due_on(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """High-priority tasks (done or not) whose due date is the day asked for."""
    phrase = params["date"].lower()
    relative = {"today": 0, "tomorrow": 1, "yesterday": -1}
    if phrase in relative:
        label = {0: "Today", 1: "Tmrw", -1: "Yest"}[relative[phrase]]
    else:
        state, today = yield from today_from_calendar(state)
        label = _due_label(relative_dates.resolve(phrase, today), today)
    high = ids.PRIORITY_HEADERS[0]
    state = yield from _open_tasks(state)
    state = yield from _sort(state, "Priority", completed=True, unstarted=True)
    state, items = yield from read_list(state, stop=lambda items: _past(items, high))
    due = [i for i in _section(items, high) if i.subtitle.split(",")[0] == label]
    yield _titles(due)


def _header_day(header: str, today: dt.date) -> dt.date | None:
    """The day a due-date header names (None for "No due date")."""
    named = {"Yesterday": -1, "Today": 0, "Tomorrow": 1}
    if header in named:
        return today + dt.timedelta(days=named[header])
    try:
        parsed = dt.datetime.strptime(header, "%a, %b %d").date()
    except ValueError:
        return None
    day = parsed.replace(year=today.year)
    # A date more than half a year away belongs to the neighbouring year.
    if (day - today).days > 183:
        day = day.replace(year=today.year - 1)
    elif (today - day).days > 183:
        day = day.replace(year=today.year + 1)
    return day


def solve_incomplete_on(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Open tasks due on or before the day asked for (unstarted ones included)."""
    state, today = yield from today_from_calendar(state)
    last = relative_dates.resolve(params["date"], today)
    state = yield from _open_tasks(state)
    state = yield from _sort(state, None, completed=False, unstarted=True)

    def beyond(items: list[Item]) -> bool:
        day = _header_day(items[-1].header, today) if items else None
        return day is None or day > last

    state, items = yield from read_list(state, stop=beyond)
    due = [i for i in items if i.title and (d := _header_day(i.header, today)) and d <= last]
    yield _titles(due)


def solve_due_next_week(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Count the tasks (done or not) due Monday to Sunday of next week."""
    state, today = yield from today_from_calendar(state)
    monday = today - dt.timedelta(days=today.weekday()) + dt.timedelta(days=7)
    sunday = monday + dt.timedelta(days=6)
    state = yield from _open_tasks(state)
    state = yield from _sort(state, None, completed=True, unstarted=True)

    def beyond(items: list[Item]) -> bool:
        day = _header_day(items[-1].header, today) if items else None
        return day is None or day > sunday

    state, items = yield from read_list(state, stop=beyond)
    count = 0
    for item in items:
        day = _header_day(item.header, today)
        if item.title and day is not None and monday <= day <= sunday:
            count += 1
    yield answer(str(count))


SOLVERS = [
    UISolver("android_world", "TasksDueOnDate", solve_due_on_date),
    UISolver("android_world", "TasksCompletedTasksForDate", solve_completed_for_date),
    UISolver("android_world", "TasksHighPriorityTasks", solve_high_priority),
    UISolver("android_world", "TasksHighPriorityTasksDueOnDate", solve_high_priority_due_on),
    UISolver("android_world", "TasksIncompleteTasksOnDate", solve_incomplete_on),
    UISolver("android_world", "TasksDueNextWeek", solve_due_next_week),
]
