"""Simple Calendar Pro as information-retrieval questions see it.

The questions themselves are spec files (``specs/SimpleCalendar*.toml``); this
module only says what an event looks like to them. Each event is one row of the
app's ``events`` table (:mod:`droidhub_aw_apps.calendar.model` owns the model, schema and
state helpers); a question sees its title, location, description, and its start and
end split into the day and the time of day on the phone's clock.
"""

from __future__ import annotations

import datetime as dt
import random
import sqlite3
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from droidhub_aw_apps.calendar import model as calendar
from droidhub_aw_apps.common.ir_app import (
    IRApp,
    Record,
    parse_duration_minutes,
    parse_time,
    parse_value,
)
from droidhub_aw_apps.common.ir_spec import resolve_moment

if TYPE_CHECKING:
    from droidhub import Device

#: Minutes an event lasts when its spec row gives no duration.
DEFAULT_MINUTES = 30


def _event_record(
    title: str, location: str, description: str, start: dt.datetime, end: dt.datetime
) -> Record:
    return {
        "title": title,
        "location": location,
        "description": description,
        "start": start,
        "end": end,
        "start_date": start.date(),
        "start_time": start.time(),
        "end_date": end.date(),
        "end_time": end.time(),
        "duration": (end - start).total_seconds() / 60,
    }


class CalendarIR(IRApp):
    """Simple Calendar Pro's events as records."""

    key = "calendar"
    table = calendar.EVENTS
    app_names = ("simple calendar pro", "simple calendar", "calendar")
    fields: ClassVar[Mapping[str, str]] = {
        "title": "text",
        "location": "text",
        "description": "text",
        "start": "datetime",
        "end": "datetime",
        "start_date": "date",
        "start_time": "time",
        "end_date": "date",
        "end_time": "time",
        "duration": "number",
    }

    def record(self, values: Mapping[str, str], now: dt.datetime) -> Record:
        """An event from spec text: ``start_date`` + ``start_time`` (or ``start``, such
        as ``now+90m``) and an optional ``duration`` (``45 min``, ``1.5 hours``)."""
        tz = now.tzinfo
        if "start" in values:
            start = _moment(values["start"], now)
        else:
            day = parse_value("date", values["start_date"], now)
            start = dt.datetime.combine(day, parse_time(values["start_time"]), tzinfo=tz)
        minutes = (
            parse_duration_minutes(values["duration"]) if "duration" in values else DEFAULT_MINUTES
        )
        end = start + dt.timedelta(minutes=minutes)
        return _event_record(
            values["title"], values.get("location", ""), values.get("description", ""), start, end
        )

    def noise(self, rng: random.Random, now: dt.datetime) -> Record:
        """An event within two weeks of now, 15 to 60 minutes, ending the day it starts."""
        day = now.date() + dt.timedelta(days=rng.randint(-14, 21))
        start = dt.datetime.combine(
            day, dt.time(rng.randint(6, 22), rng.choice((0, 15, 30, 45))), tzinfo=now.tzinfo
        )
        end = start + dt.timedelta(minutes=rng.choice(calendar.DURATIONS_MINS))
        if end.date() != start.date():  # keep noise on one day: a day's list stays clear
            end = dt.datetime.combine(day, dt.time(23, 59), tzinfo=now.tzinfo)
        return _event_record(
            calendar.random_title(rng), "", calendar.random_description(rng), start, end
        )

    def rewrite(
        self, conn: sqlite3.Connection, records: Sequence[Record], now: dt.datetime
    ) -> None:
        """Replace every event with ``records``."""
        conn.execute(f'DELETE FROM "{calendar.EVENTS_TABLE}"')
        rows: list[dict[str, Any]] = []
        for r in records:
            start = r["start"]
            end = start + dt.timedelta(minutes=r["duration"])
            event = calendar.CalendarEvent(
                start_ts=int(start.timestamp()),
                end_ts=int(end.timestamp()),
                title=r["title"],
                location=r["location"] or "",
                description=r["description"] or "",
            )
            rows.append(event.row())
        self.table.insert(conn, rows)

    def read(self, device: Device) -> list[Record]:
        """Every event on the phone as a record, on the phone's clock."""
        tz = device.now().tzinfo
        out = []
        for event in calendar.list_events(device):
            start = dt.datetime.fromtimestamp(event.start_ts, tz)
            end = dt.datetime.fromtimestamp(event.end_ts, tz)
            out.append(_event_record(event.title, event.location, event.description, start, end))
        return out


def _moment(text: str, now: dt.datetime) -> dt.datetime:
    moment = resolve_moment(text, now)
    if moment is None:
        moment = dt.datetime.fromisoformat(text).replace(tzinfo=now.tzinfo)
    return moment.replace(second=0, microsecond=0)


IR_APP = CalendarIR()
