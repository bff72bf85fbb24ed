"""UI-only solvers of the Tasks questions: show the completed and the unstarted tasks
from the list's overflow menu where the question needs them, read the list (grouped by
due date, or by priority from the Sort sheet) and answer with the titles (or their
count) the question asks for. A row's priority is its check box's content-desc.

The list's headers name days relative to today ("Due today", "Due Friday", "Due
Friday, October 27"), and every day before today is one "Overdue" section whose rows
carry their date ("Yest", "Fri 2:30 PM", "Oct 8"); a question that names a weekday
("this Friday") needs today's date first, which the solver reads where a person would,
in Simple Calendar's month view.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Generator, Mapping
from dataclasses import dataclass
from typing import Any

from droidhub import Action, State
from droidhub.agents.ui_solver import (
    SolverError,
    SolverScript,
    answer,
    open_app,
    press_back,
    scroll_list,
    tap,
)
from droidhub_aw_apps.calendar.steps import launch as open_calendar
from droidhub_aw_apps.calendar.steps import read_today
from droidhub_aw_apps.common import relative_dates
from droidhub_aw_apps.common.ui_solvers import SolverList
from droidhub_aw_apps.tasks_app import ids

# pixels=True: today is read off Simple Calendar's month grid, whose numbers and
# today's circle are drawn (not in the tree).
SOLVERS = SolverList()

Steps = Generator[Action, State, State]


@dataclass(frozen=True)
class Item:
    """One line of the list: a section header, or a task with its subtitle, its check
    and its priority."""

    header: str
    title: str = ""
    subtitle: str = ""
    done: bool = False
    priority: str = ""


def _visible(state: State) -> list[Item]:
    """The headers and task rows on screen, in order. A row's check box (its priority
    and check) and its due date come before its title, as the row's layout declares
    them. Rows above the first header on screen have the header "" (their section
    began above the screen)."""
    items: list[Item] = []
    header, done, priority, due = "", False, "", ""
    for element in state.ui_elements:
        rid = element.resource_id.rsplit("/", 1)[-1]
        if rid == ids.HEADER:
            header = element.text
            items.append(Item(header))
        elif rid == ids.ROW:
            done, priority, due = False, "", ""
        elif rid == ids.COMPLETE_BOX:
            done, priority = element.checked, element.content_description
        elif rid == ids.DUE_DATE:
            due = element.text
        elif rid == ids.TITLE:
            items.append(Item(header, element.text, due, done, priority))
    return items


def _same(seen: Item, new: Item) -> bool:
    """Whether ``new`` is ``seen`` again (a row cut by the screen's edge may lack its
    due date; one above the first header on screen lacks its header)."""
    return (
        (seen.title, seen.done, seen.priority) == (new.title, new.done, new.priority)
        and new.header in ("", seen.header)
        and (seen.subtitle == new.subtitle or "" in (seen.subtitle, new.subtitle))
    )


def _merge(seen: list[Item], new: list[Item]) -> list[Item]:
    """``new`` (what a scroll shows) appended to ``seen`` without the overlap; rows
    without a header belong to the section ``seen`` ends in."""
    for k in range(min(len(seen), len(new)), -1, -1):
        if all(_same(a, b) for a, b in zip(seen[len(seen) - k :], new[:k], strict=True)):
            break
    merged = seen[: len(seen) - k]
    for old, fresh in zip(seen[len(seen) - k :], new[:k], strict=True):
        merged.append(Item(old.header, old.title, old.subtitle or fresh.subtitle,
                           old.done, old.priority))  # fmt: skip
    header = merged[-1].header if merged else ""
    for item in new[k:]:
        header = item.header or header
        merged.append(Item(header, item.title, item.subtitle, item.done, item.priority))
    return merged


ItemSteps = Generator[Action, State, tuple[State, list[Item]]]


def read_list(state: State, stop: Callable[[list[Item]], bool] | None = None) -> ItemSteps:
    """Scroll the list to its end (or until ``stop(items)``), gathering every item."""
    items = _merge([], _visible(state))
    for _ in range(12):
        if stop is not None and stop(items):
            break
        state = yield scroll_list(state, "down")
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


def date_asked(phrase: str, today: dt.date) -> dt.date:
    """The day a question names: a phrase relative to today ("this Friday", "in two
    weeks") or a date as AndroidWorld writes it ("October 22 2023")."""
    try:
        return relative_dates.resolve(phrase, today)
    except relative_dates.DatePhraseError:
        pass
    for layout in ("%B %d %Y", "%b %d %Y", "%B %d, %Y", "%Y-%m-%d"):
        try:
            return dt.datetime.strptime(phrase.strip(), layout).date()
        except ValueError:
            continue
    raise SolverError(f"cannot read the date {phrase!r} of the question")


def header_for(day: dt.date, today: dt.date) -> str:
    """The list's header of the section ``day`` is in (the app's own wording)."""
    offset = (day - today).days
    if offset < 0:
        return ids.OVERDUE
    if offset <= 6:
        return "Due " + {0: "today", 1: "tomorrow"}.get(offset, f"{day:%A}")
    text = f"Due {day:%A}, {day:%B} {day.day}"
    return text if day.year == today.year else f"{text}, {day.year}"


_CLOCK = re.compile(r"^\d{1,2}:\d{2} [AP]M$")
_DATE = re.compile(r"^([A-Z][a-z]{2}) (\d{1,2})(?:, (\d{4}))?")


def label_day(label: str, today: dt.date) -> dt.date | None:
    """The day an overdue row's due date names ("Yest", "Fri 2:30 PM", "Oct 8, 7:30 PM";
    a weekday within six days is taken as past, as under "Overdue")."""
    if not label:
        return None
    if _CLOCK.match(label):
        return today
    word = label.split()[0]
    shift = {"Yest": -1, "Today": 0, "Tmrw": 1}.get(word)
    if shift is not None:
        return today + dt.timedelta(days=shift)
    short = [name[:3] for name in relative_dates.WEEKDAYS]
    if word in short:
        back = (today.weekday() - short.index(word)) % 7 or 7
        return today - dt.timedelta(days=back)
    match = _DATE.match(label)
    if match is None:
        return None
    month = dt.datetime.strptime(match[1], "%b").month
    return dt.date(int(match[3] or today.year), month, int(match[2]))


def _open_tasks(state: State) -> Steps:
    if not state.foreground.startswith(ids.PACKAGE):
        state = yield open_app("Tasks")
    return state


def _show(state: State, completed: bool, unstarted: bool) -> Steps:
    """Check "Show completed" and/or "Show unstarted" in the list's overflow menu (both
    start unchecked when the app is launched)."""
    for label, wanted in ((ids.SHOW_COMPLETED, completed), (ids.SHOW_UNSTARTED, unstarted)):
        if wanted:
            state = yield tap(state, desc=ids.MORE_OPTIONS)
            state = yield tap(state, text=label)
    return state


def _group(state: State, mode: str) -> Steps:
    """Group the list by ``mode`` from the Sort sheet's Grouping picker, then close the
    sheet."""
    state = yield tap(state, desc=ids.SORT)
    state = yield tap(state, text=ids.GROUPING)
    state = yield tap(state, text=mode)
    return (yield press_back())


def _descending(state: State) -> Steps:
    """Turn the grouping's order to descending in the Sort sheet, then close it."""
    state = yield tap(state, desc=ids.SORT)
    state = yield tap(state, text=ids.ASCENDING)
    return (yield press_back())


#: From this many days ahead on, a day's section is read from the end of the list: the
#: three steps that turn the order round cost less than the scrolls past the days before.
FAR_AHEAD = 5

Target = Generator[Action, State, tuple[State, str, int, Callable[["Item"], bool]]]


def _day(phrase: str, state: State) -> Target:
    """The header of the section the day ``phrase`` names is in, how many days ahead the
    day is, and which rows of that section are due that day (today read from the
    calendar if the phrase needs it)."""
    direct = {"yesterday": -1, "today": 0, "tomorrow": 1}
    if phrase.lower() in direct:
        ahead = direct[phrase.lower()]
        if ahead < 0:
            return state, ids.OVERDUE, ahead, lambda item: item.subtitle.startswith("Yest")
        header = ("Due today", "Due tomorrow")[ahead]
        return state, header, ahead, lambda item: True
    state, today = yield from today_from_calendar(state)
    day = date_asked(phrase, today)
    ahead = (day - today).days
    if ahead < 0:
        return state, ids.OVERDUE, ahead, lambda item: label_day(item.subtitle, today) == day
    return state, header_for(day, today), ahead, lambda item: True


def _titles(items: list[Item]) -> Action:
    return answer(", ".join(i.title for i in items))


def _past(items: list[Item], header: str) -> bool:
    headers = [i.header for i in items if not i.title]
    return header in headers and headers[-1] != header


def _day_section(phrase: str, state: State) -> ItemSteps:
    """Every task (done, unstarted or not) under the header of the day ``phrase`` names."""
    state, header, ahead, on_day = yield from _day(phrase, state)
    state = yield from _open_tasks(state)
    state = yield from _show(state, completed=True, unstarted=True)
    if ahead >= FAR_AHEAD:
        state = yield from _descending(state)
    state, items = yield from read_list(state, stop=lambda items: _past(items, header))
    return state, [i for i in _section(items, header) if on_day(i)]


@SOLVERS.solves("TasksDueOnDate", pixels=True)
def solve_due_on_date(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Every task under the day's header."""
    state, items = yield from _day_section(params["date"], state)
    yield _titles(items)


@SOLVERS.solves("TasksCompletedTasksForDate", pixels=True)
def solve_completed_for_date(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """The checked tasks under the day's header."""
    state, items = yield from _day_section(params["date"], state)
    yield _titles([i for i in items if i.done])


def _section(items: list[Item], header: str) -> list[Item]:
    return [i for i in items if i.title and i.header == header]


@SOLVERS.solves("TasksHighPriorityTasks", pixels=True)
def solve_high_priority(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Open tasks under "High priority", sorted by priority (unstarted ones shown too)."""
    high = ids.PRIORITY_HEADERS[0]
    state = yield from _open_tasks(state)
    state = yield from _show(state, completed=False, unstarted=True)
    state = yield from _group(state, ids.BY_PRIORITY)
    state, items = yield from read_list(state, stop=lambda items: _past(items, high))
    yield _titles(_section(items, high))


@SOLVERS.solves("TasksHighPriorityTasksDueOnDate", pixels=True)
def solve_high_priority_due_on(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """High-priority tasks (done or not) under the day's header."""
    state, items = yield from _day_section(params["date"], state)
    yield _titles([i for i in items if i.priority == ids.PRIORITY_HEADERS[0]])


def _header_day(header: str, today: dt.date) -> dt.date | None:
    """The day a due-date header names: yesterday for "Overdue" (every day before
    today), None for "No due date"."""
    if header == ids.OVERDUE:
        return today - dt.timedelta(days=1)
    if not header.startswith("Due "):
        return None
    rest = header.removeprefix("Due ")
    if rest in ("today", "tomorrow"):
        return today + dt.timedelta(days=rest == "tomorrow")
    if rest in relative_dates.WEEKDAYS:
        ahead = (relative_dates.WEEKDAYS.index(rest) - today.weekday()) % 7
        return today + dt.timedelta(days=ahead)
    parts = rest.split(", ")
    if len(parts) < 2:
        return None
    day = dt.datetime.strptime(parts[1], "%B %d").date()
    year = int(parts[2]) if len(parts) > 2 else today.year
    return day.replace(year=year)


@SOLVERS.solves("TasksIncompleteTasksOnDate", pixels=True)
def solve_incomplete_on(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Open tasks due on or before the day asked for (unstarted ones included)."""
    state, today = yield from today_from_calendar(state)
    last = date_asked(params["date"], today)
    state = yield from _open_tasks(state)
    state = yield from _show(state, completed=False, unstarted=True)

    def beyond(items: list[Item]) -> bool:
        day = _header_day(items[-1].header, today) if items else None
        return day is None or day > last

    state, items = yield from read_list(state, stop=beyond)
    due = [i for i in items if i.title and (d := _header_day(i.header, today)) and d <= last]
    yield _titles(due)


@SOLVERS.solves("TasksDueNextWeek", pixels=True)
def solve_due_next_week(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Count the tasks due Monday to Sunday of next week in the default list (AW's
    answer tasks are neither completed nor hidden; other tasks are never due then)."""
    state, today = yield from today_from_calendar(state)
    monday = today - dt.timedelta(days=today.weekday()) + dt.timedelta(days=7)
    sunday = monday + dt.timedelta(days=6)
    state = yield from _open_tasks(state)

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
