"""Simple Calendar Pro as information-retrieval questions see it.

The questions are spec files (``specs/SimpleCalendar*.toml``); this module says how an
answer row becomes an event of the app's ``events`` table and draws AW's noise: 75
events within 15 days either side of the reference day, 15 to 60 minutes long, titled
and described by the calendar's event generator, each redrawn (up to 100 times) while
it meets every exclusion condition; then the answer events and the noise are shuffled
together.
"""

from __future__ import annotations

import datetime as dt
import random
import sqlite3
from collections.abc import Sequence
from typing import Any

from droidhub_aw_apps.calendar import model as calendar
from droidhub_aw_apps.common.ir_app import IRApp, Row, moment
from droidhub_aw_apps.common.ir_instance import (
    compare,
    parse_date,
    parse_time,
    random_moment,
)
from droidhub_aw_apps.common.ir_spec import Condition

#: Seconds an event lasts when its row gives no duration.
DEFAULT_SECONDS = 1800
#: Noise events per instance, and draws allowed for each.
NOISE_EVENTS = 75
MAX_TRIES = 100


def duration_seconds(text: str) -> int:
    """``1.5 hours``, ``2 h``, ``45min``, ``30 m`` -> seconds, read as AW reads them: a
    number before the first ``h`` is hours, else before the first ``m`` minutes."""
    if "h" in text:
        return int(3600 * float(text[: text.find("h")].strip()))
    if "m" in text:
        return 60 * int(text[: text.find("m")].strip())
    raise ValueError(f"duration {text!r} is not like '45 min' or '1.5 hours'")


def event_of(row: Row) -> calendar.CalendarEvent:
    """The event an answer row describes."""
    start = int(moment(row["start_date"], row.get("start_time")).timestamp())
    seconds = duration_seconds(row["duration"]) if "duration" in row else DEFAULT_SECONDS
    return calendar.CalendarEvent(
        start_ts=start,
        end_ts=start + seconds,
        title=row.get("title", ""),
        location=row.get("location", ""),
        description=row.get("description", ""),
    )


def is_allowed(start: dt.datetime, minutes: int, title: str, exclude: Sequence[Condition]) -> bool:
    """Whether a noise event escapes the exclusions (it must not meet all of them).

    A ``start_date`` or ``start_time`` condition holds when the event's span overlaps
    the value (``eq``) or when its start or its end compares as asked; when both are
    given with ``eq``, they are one moment the event must not span.
    """
    if not exclude:
        return True
    exact = {c.field: c for c in exclude if c.op == "eq"}
    point = None
    if "start_date" in exact and "start_time" in exact:
        point = dt.datetime.combine(
            parse_date(exact["start_date"].value), parse_time(exact["start_time"].value)
        )
    begin = start.replace(tzinfo=None)
    end = begin + dt.timedelta(minutes=minutes)
    all_met = True
    for cond in exclude:
        if cond.field in ("start_date", "start_time"):
            value: Any
            first: Any
            last: Any
            if point is not None:
                value, first, last = point, begin, end
            elif cond.field == "start_date":
                value, first, last = parse_date(cond.value), begin.date(), end.date()
            else:
                value, first, last = parse_time(cond.value), begin.time(), end.time()
            if cond.op == "eq":
                met = compare(first, "le", value) and compare(last, "ge", value)
            else:
                met = compare(first, cond.op, value) or compare(last, cond.op, value)
            all_met = all_met and met
        elif cond.field == "title":
            all_met = all_met and compare(title.lower(), cond.op, cond.value.lower())
    return not all_met


def noise_event(rng: random.Random, exclude: Sequence[Condition]) -> calendar.CalendarEvent:
    """One of AW's noise events (see the module docstring)."""
    for _ in range(MAX_TRIES):
        start = random_moment(rng, dt.timedelta(days=30))
        minutes = rng.choice(calendar.DURATIONS_MINS)
        title = calendar.random_title(rng)
        description = calendar.random_description(rng)
        if is_allowed(start, minutes, title, exclude):
            begin = int(start.timestamp())
            return calendar.CalendarEvent(
                start_ts=begin, end_ts=begin + minutes * 60, title=title, description=description
            )
    raise ValueError("no noise event escaped the exclusion conditions in 100 draws")


class CalendarIR(IRApp):
    """Simple Calendar Pro's events as IR rows."""

    key = "calendar"
    table = calendar.EVENTS
    app_names = ("simple calendar pro", "simple calendar", "calendar")
    rows_field = "events"
    fields = ("start_date", "start_time", "duration", "description", "title", "location")

    def app_rows(
        self, rows: Sequence[Row], exclude: Sequence[Condition], rng: random.Random
    ) -> list[calendar.CalendarEvent]:
        """The answer events, 75 noise events, shuffled."""
        events = [event_of(r) for r in rows]
        events += [noise_event(rng, exclude) for _ in range(NOISE_EVENTS)]
        rng.shuffle(events)
        return events

    def rewrite(self, conn: sqlite3.Connection, rows: Sequence[calendar.CalendarEvent]) -> None:
        """Replace every event with ``rows``."""
        conn.execute(f'DELETE FROM "{calendar.EVENTS_TABLE}"')
        self.table.insert(conn, [event.row() for event in rows])


IR_APP = CalendarIR()
