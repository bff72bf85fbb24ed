"""Simple Calendar Pro (6.22.2, versionCode 238, as AndroidWorld pins it): its database,
random events and the app model.

The app keeps its events in the Room database ``events.db`` (schema version 8): the
``events`` table holds one row per event, times as Unix seconds. State helpers
(:func:`add_events`, :func:`list_events`, :func:`clear_events`) work through the Device
only, so question tasks and other plugins use them on any phone.
"""

from __future__ import annotations

import datetime as dt
import random
import sqlite3
from collections.abc import Callable
from contextlib import closing
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict

from droidhub.virtual.appmodel import VirtualApp
from droidhub_aw_apps.common import relative_dates
from droidhub_aw_apps.common.app_identity import model_of
from droidhub_aw_apps.common.app_specs import private_data_app
from droidhub_aw_apps.common.relative_dates import REFERENCE_NOW
from droidhub_aw_apps.common.sqlite_files import DatabaseApp
from droidhub_aw_apps.common.sqlite_rows import (
    Row,
    Table,
    random_items,
)

if TYPE_CHECKING:
    from droidhub import Device


PACKAGE = "com.simplemobiletools.calendar.pro"
ACTIVITY = "com.simplemobiletools.calendar.pro.activities.MainActivity"
DB_PATH = f"/data/data/{PACKAGE}/databases/events.db"
EVENTS_TABLE = "events"
#: Room schema version of events.db in 6.22.2.
SCHEMA_VERSION = 8
#: The timezone AndroidWorld's phones run in; stored with every event set up.
TIMEZONE = "UTC"

#: ``repeat_interval`` (seconds) of each recurrence the tasks name.
REPEAT_INTERVALS: dict[str, int] = {"daily": 24 * 60 * 60, "weekly": 7 * 24 * 60 * 60}

_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS `events` (`id` INTEGER PRIMARY KEY AUTOINCREMENT, "
    "`start_ts` INTEGER NOT NULL, `end_ts` INTEGER NOT NULL, `title` TEXT NOT NULL, "
    "`location` TEXT NOT NULL, `description` TEXT NOT NULL, "
    "`reminder_1_minutes` INTEGER NOT NULL, `reminder_2_minutes` INTEGER NOT NULL, "
    "`reminder_3_minutes` INTEGER NOT NULL, `reminder_1_type` INTEGER NOT NULL, "
    "`reminder_2_type` INTEGER NOT NULL, `reminder_3_type` INTEGER NOT NULL, "
    "`repeat_interval` INTEGER NOT NULL, `repeat_rule` INTEGER NOT NULL, "
    "`repeat_limit` INTEGER NOT NULL, `repetition_exceptions` TEXT NOT NULL, "
    "`attendees` TEXT NOT NULL, `import_id` TEXT NOT NULL, `time_zone` TEXT NOT NULL, "
    "`flags` INTEGER NOT NULL, `event_type` INTEGER NOT NULL, `parent_id` INTEGER NOT NULL, "
    "`last_updated` INTEGER NOT NULL, `source` TEXT NOT NULL, "
    "`availability` INTEGER NOT NULL, `color` INTEGER NOT NULL, `type` INTEGER NOT NULL)",
    "CREATE UNIQUE INDEX IF NOT EXISTS `index_events_id` ON `events` (`id`)",
    "CREATE TABLE IF NOT EXISTS `event_types` (`id` INTEGER PRIMARY KEY AUTOINCREMENT, "
    "`title` TEXT NOT NULL, `color` INTEGER NOT NULL, `caldav_calendar_id` INTEGER NOT NULL, "
    "`caldav_display_name` TEXT NOT NULL, `caldav_email` TEXT NOT NULL, "
    "`type` INTEGER NOT NULL)",
    "CREATE UNIQUE INDEX IF NOT EXISTS `index_event_types_id` ON `event_types` (`id`)",
    "CREATE TABLE IF NOT EXISTS `widgets` (`id` INTEGER PRIMARY KEY AUTOINCREMENT, "
    "`widget_id` INTEGER NOT NULL, `period` INTEGER NOT NULL)",
    "CREATE UNIQUE INDEX IF NOT EXISTS `index_widgets_widget_id` ON `widgets` (`widget_id`)",
    "CREATE TABLE IF NOT EXISTS `tasks` (`id` INTEGER PRIMARY KEY AUTOINCREMENT, "
    "`task_id` INTEGER NOT NULL, `start_ts` INTEGER NOT NULL, `flags` INTEGER NOT NULL)",
    "CREATE UNIQUE INDEX IF NOT EXISTS `index_tasks_id_task_id` ON `tasks` (`id`, `task_id`)",
    "CREATE TABLE IF NOT EXISTS android_metadata (locale TEXT)",
    "INSERT INTO android_metadata VALUES ('en_US')",
    # The app's first start adds the "Regular event" type (id 1) every event points at.
    "INSERT INTO event_types (id, title, color, caldav_calendar_id, caldav_display_name, "
    "caldav_email, type) VALUES (1, 'Regular event', -14983648, 0, '', '', 0)",
    f"PRAGMA user_version = {SCHEMA_VERSION}",
)


class CalendarEvent(BaseModel):
    """One row of the ``events`` table (``id`` is -1 until the database assigns one)."""

    model_config = ConfigDict(frozen=True)

    start_ts: int
    end_ts: int
    title: str
    location: str = ""
    description: str = ""
    repeat_interval: int = 0
    repeat_rule: int = 0
    id: int = -1
    # The other columns, at the values an ICS import gives them; AW's event rows carry
    # them too, so params hold the whole row as AW's do.
    reminder_1_minutes: int = -1
    reminder_2_minutes: int = -1
    reminder_3_minutes: int = -1
    reminder_1_type: int = 0
    reminder_2_type: int = 0
    reminder_3_type: int = 0
    repeat_limit: int = 0
    repetition_exceptions: str = "[]"
    attendees: str = ""
    import_id: str = ""
    time_zone: str = TIMEZONE
    flags: int = 0
    event_type: int = 1
    parent_id: int = 0
    last_updated: int = 0
    source: str = "imported-ics"
    availability: int = 0
    color: int = 0
    type: int = 0

    @property
    def duration_mins(self) -> int:
        """Length in whole minutes."""
        return (self.end_ts - self.start_ts) // 60

    def start(self, tz: dt.tzinfo = dt.UTC) -> dt.datetime:
        """Start as an aware datetime in ``tz``."""
        return relative_dates.local_datetime(self.start_ts, tz)

    def row(self) -> Row:
        """The columns this event sets (the rest take :data:`EVENT_DEFAULTS`)."""
        return self.model_dump(exclude={"id"})

    def on_day(self, day: dt.date, tz: dt.tzinfo = dt.UTC) -> CalendarEvent:
        """The same event at the same time of day, moved to ``day``."""
        start = self.start(tz)
        new_start = relative_dates.at_hour(day, start.hour, tz, start.minute)
        return self.model_copy(
            update={"start_ts": new_start, "end_ts": new_start + self.end_ts - self.start_ts}
        )


#: Column values of an event set up by a task (AndroidWorld's, as an ICS import makes).
EVENT_DEFAULTS: dict[str, Any] = {
    name: field.default
    for name, field in CalendarEvent.model_fields.items()
    if name not in ("start_ts", "end_ts", "title", "id")
}

EVENTS = Table(
    package=PACKAGE,
    db_path=DB_PATH,
    name=EVENTS_TABLE,
    key="id",
    component=f"{PACKAGE}/{ACTIVITY}",
    defaults=EVENT_DEFAULTS,
)


# --- state helpers (Device only) -------------------------------------------------------


def list_events(device: Device) -> list[CalendarEvent]:
    """Every event on the phone, in id order (one pull of the database)."""
    fields = set(CalendarEvent.model_fields)
    return [
        CalendarEvent(**{k: v for k, v in row.items() if k in fields})
        for row in EVENTS.read(device)
    ]


def add_events(device: Device, events: list[CalendarEvent]) -> None:
    """Insert ``events`` (their ids are assigned by the database), app stopped."""
    EVENTS.add_rows(device, [e.row() for e in events])


def clear_events(device: Device) -> None:
    """Delete every event, app stopped."""
    EVENTS.clear(device)


def weekly_repeat_rule(weekday: int) -> int:
    """Simple Calendar's weekly ``repeat_rule``: bit ``weekday - 1``, Monday being 1."""
    if not 1 <= weekday <= 7:
        raise ValueError(f"weekday {weekday} out of range; use 1 (Monday) to 7 (Sunday)")
    return 1 << (weekday - 1)


# --- the events table as the app's own screens use it (the phone's local file) ---------


def read_event_rows(path: Path) -> list[Row]:
    """Every row of the ``events`` table in the database file ``path``, in id order."""
    if not path.exists():
        return []
    with closing(sqlite3.connect(path)) as conn:
        cursor = conn.execute(f'SELECT * FROM "{EVENTS_TABLE}" ORDER BY id')
        names = [d[0] for d in cursor.description]
        return [dict(zip(names, values, strict=True)) for values in cursor.fetchall()]


def insert_event_row(path: Path, row: Row) -> int:
    """Insert ``row`` (completed with :data:`EVENT_DEFAULTS`) as the app saves a new
    event; its new id."""
    full = EVENTS.full_row(row)
    columns = ", ".join(f'"{c}"' for c in full)
    marks = ", ".join("?" for _ in full)
    with closing(sqlite3.connect(path)) as conn, conn:
        cursor = conn.execute(
            f'INSERT INTO "{EVENTS_TABLE}" ({columns}) VALUES ({marks})', tuple(full.values())
        )
        return int(cursor.lastrowid or 0)


def update_event_row(path: Path, event_id: int, changes: Row) -> None:
    """Set the columns of ``changes`` on the event ``event_id``."""
    if not changes:
        return
    assignments = ", ".join(f'"{c}" = ?' for c in changes)
    with closing(sqlite3.connect(path)) as conn, conn:
        conn.execute(
            f'UPDATE "{EVENTS_TABLE}" SET {assignments} WHERE id = ?',
            (*changes.values(), event_id),
        )


def delete_event_row(path: Path, event_id: int) -> None:
    """Delete the event ``event_id`` (every occurrence of a repeating one)."""
    with closing(sqlite3.connect(path)) as conn, conn:
        conn.execute(f'DELETE FROM "{EVENTS_TABLE}" WHERE id = ?', (event_id,))


# --- random events (AndroidWorld's value spaces) ---------------------------------------

TITLE_PREFIXES = (
    "Meeting with", "Call with", "Workshop on", "Appointment for", "Catch up on",
    "Review session for",
)  # fmt: skip
TITLE_NAMES = ("Alice", "Bob", "the Team", "HR", "Dr. Smith", "Marketing")
TITLE_SUBJECTS = ("Project X", "Annual Report", "Budget Planning", "Campaign")
DESCRIPTION_ACTIONS = (
    "discuss", "finalize", "plan", "celebrate", "prepare for", "review", "explore",
    "understand", "organize", "strategize about",
)  # fmt: skip
DESCRIPTION_SUBJECTS = (
    "upcoming project milestones", "marketing strategies", "annual budget", "product launch",
    "team roles", "client feedback", "contract details", "software updates",
    "business objectives",
)  # fmt: skip
DESCRIPTION_NOTES = (
    "Please bring relevant documents.", "Remember to confirm attendance.",
    "Let's be punctual.", "Looking forward to productive discussions.",
    "Snacks will be provided.",
)  # fmt: skip
DURATIONS_MINS = (15, 30, 45, 60)


def random_title(rng: random.Random) -> str:
    """``Meeting with Alice``, ``Workshop on Budget Planning``..."""
    prefix = rng.choice(TITLE_PREFIXES)
    tail = rng.choice(TITLE_NAMES) if "with" in prefix else rng.choice(TITLE_SUBJECTS)
    return f"{prefix} {tail}"


def random_description(rng: random.Random) -> str:
    """``We will plan annual budget.`` and sometimes a note after it."""
    text = f"We will {rng.choice(DESCRIPTION_ACTIONS)} {rng.choice(DESCRIPTION_SUBJECTS)}."
    if rng.choice([False, True]):
        text += f" {rng.choice(DESCRIPTION_NOTES)}"
    return text


def random_october_ts(
    rng: random.Random, first_day: int = REFERENCE_NOW.day, last_day: int = 31
) -> int:
    """A whole hour of a day between ``first_day`` and ``last_day`` of October 2023 (UTC)."""
    day = rng.randint(first_day, last_day)
    hour = rng.randint(0, 23)
    return relative_dates.at_hour(dt.date(2023, 10, day), hour, dt.UTC)


def random_event(rng: random.Random, start_ts: int) -> CalendarEvent:
    """An event starting at ``start_ts`` lasting 15 to 60 minutes."""
    end_ts = start_ts + rng.choice(DURATIONS_MINS) * 60
    return CalendarEvent(
        start_ts=start_ts,
        end_ts=end_ts,
        title=random_title(rng),
        description=random_description(rng),
    )


def random_noise_events(
    rng: random.Random,
    n: int,
    keep: Callable[[CalendarEvent], bool] | None = None,
    targets: list[CalendarEvent] | None = None,
) -> list[CalendarEvent]:
    """``n`` different events in October 2023 passing ``keep``; by default, events
    sharing no target's title."""
    titles = {t.title for t in targets or []}
    accept = keep or (lambda e: e.title not in titles)
    return random_items(rng, n, lambda: random_event(rng, random_october_ts(rng, 1)), accept)


# --- the app ---------------------------------------------------------------------------

APPS = (
    private_data_app(
        PACKAGE,
        ACTIVITY,
        names=("simple calendar pro", "simple calendar"),
        label="Simple Calendar Pro",
    ),
)


@model_of(APPS[0])
class SimpleCalendarApp(DatabaseApp):
    """Simple Calendar Pro on the virtual phone: ``events.db`` with the app's schema and
    its regular event type."""

    version_name = "6.22.2"
    db_path = DB_PATH
    schema = ";\n".join(_SCHEMA)


def virtual_apps() -> list[VirtualApp]:
    """A fresh Simple Calendar Pro model."""
    return [SimpleCalendarApp()]
