"""The Tasks app (``org.tasks``, versionCode 130605 — 13.6.5 — as AndroidWorld pins it).

Tasks keeps its to-dos in a Room database, ``/data/data/org.tasks/databases/database``,
table ``tasks``. Times are epoch milliseconds. ``importance`` is the priority: 0 high,
1 medium, 2 low, 3 none. A due date without a time is stored at 12:00:00.000 local
time; a due date with a time has its seconds set to 1 (that is how the app tells the
two apart). ``completed`` is the completion time, 0 while the task is open.

State helpers read and write the table through the Device (pull, query locally; write
with the app stopped), so they work the same on the virtual phone and an emulator.
"""

from __future__ import annotations

import datetime as dt
import random
import sqlite3
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from droidhub import AppSpec
from droidhub.virtual.appmodel import VirtualApp
from droidhub_aw_apps.common.ir_app import IRApp, Record, parse_time, parse_value
from droidhub_aw_apps.common.sqlite_files import DatabaseApp
from droidhub_aw_apps.common.sqlite_rows import Table

if TYPE_CHECKING:
    from droidhub import Device

PACKAGE = "org.tasks"
ACTIVITY = "com.todoroo.astrid.activity.MainActivity"
DB_PATH = "/data/data/org.tasks/databases/database"

#: Columns without a default that droidhub's rows leave at 0.
_ZERO_COLUMNS = (
    "estimatedSeconds", "elapsedSeconds", "timerStart", "notificationFlags",
    "lastNotified", "repeat_from", "collapsed", "parent", "read_only",
)  # fmt: skip

#: Where the tasks live, for the shared SQLite helpers (launch, stop, restore, insert).
TABLE = Table(
    PACKAGE, DB_PATH, "tasks", "_id", f"{PACKAGE}/{ACTIVITY}", dict.fromkeys(_ZERO_COLUMNS, 0)
)

APPS = (
    AppSpec(
        PACKAGE,
        ACTIVITY,
        names=("tasks", "tasks app", "org.tasks"),
        label="Tasks",
        data_paths=(f"/data/data/{PACKAGE}",),
    ),
)

#: Priorities as the app names them (``importance`` column).
HIGH, MEDIUM, LOW, NONE = 0, 1, 2, 3

#: The ``tasks`` table of the pinned version (Room schema), with its indices.
SCHEMA = """
CREATE TABLE IF NOT EXISTS `tasks` (
  `_id` INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, `title` TEXT,
  `importance` INTEGER NOT NULL, `dueDate` INTEGER NOT NULL, `hideUntil` INTEGER NOT NULL,
  `created` INTEGER NOT NULL, `modified` INTEGER NOT NULL, `completed` INTEGER NOT NULL,
  `deleted` INTEGER NOT NULL, `notes` TEXT, `estimatedSeconds` INTEGER NOT NULL,
  `elapsedSeconds` INTEGER NOT NULL, `timerStart` INTEGER NOT NULL,
  `notificationFlags` INTEGER NOT NULL, `lastNotified` INTEGER NOT NULL, `recurrence` TEXT,
  `repeat_from` INTEGER NOT NULL DEFAULT 0, `calendarUri` TEXT, `remoteId` TEXT,
  `collapsed` INTEGER NOT NULL, `parent` INTEGER NOT NULL, `order` INTEGER,
  `read_only` INTEGER NOT NULL DEFAULT 0);
CREATE UNIQUE INDEX IF NOT EXISTS `t_rid` ON `tasks` (`remoteId`);
CREATE INDEX IF NOT EXISTS `active_and_visible` ON `tasks` (`completed`, `deleted`, `hideUntil`);
"""


@dataclass
class TaskRow:
    """One row of the ``tasks`` table (the columns tasks set; the rest default to 0)."""

    title: str
    importance: int = NONE
    dueDate: int = 0
    hideUntil: int = 0
    completed: int = 0
    created: int = 0
    modified: int = 0
    deleted: int = 0
    notes: str | None = None
    remoteId: str = field(default_factory=lambda: uuid.uuid4().hex)
    _id: int | None = None


def due_millis(day: dt.date, at: dt.time | None, tz: dt.tzinfo | None) -> int:
    """``dueDate`` for a day (noon, no time) or a day and time (seconds set to 1)."""
    when = dt.datetime.combine(day, at or dt.time(12, 0), tzinfo=tz)
    return int(when.timestamp() * 1000) + (1000 if at is not None else 0)


def has_due_time(due: int) -> bool:
    """Whether a ``dueDate`` carries a time of day (the app's own rule)."""
    return due > 0 and due % 60000 > 0


def add_tasks(device: Device, rows: Sequence[TaskRow]) -> None:
    """Insert ``rows`` into the app's database (the app is stopped first)."""
    TABLE.change(device, lambda conn: TABLE.insert(conn, map(asdict, rows)))


def clear_tasks(device: Device) -> None:
    """Delete every task."""
    device.write_db(DB_PATH, PACKAGE, lambda conn: conn.execute("DELETE FROM tasks"))


def list_tasks(device: Device) -> list[TaskRow]:
    """Every task that is not deleted, in insertion order."""
    rows = device.query_db(
        DB_PATH,
        "SELECT _id, title, importance, dueDate, hideUntil, completed, created, modified, "
        "deleted, notes, remoteId FROM tasks WHERE deleted = 0 ORDER BY _id",
    )
    return [TaskRow(**row) for row in rows]


class TasksApp(DatabaseApp):
    """The Tasks app on the virtual phone: its database with the real schema, empty."""

    package = PACKAGE
    label = "Tasks"
    activity = ACTIVITY
    version_name = "13.6.5"
    db_path = DB_PATH
    schema = SCHEMA


def virtual_apps() -> list[VirtualApp]:
    """A fresh Tasks model."""
    return [TasksApp()]


# --- information retrieval -------------------------------------------------------------------
_NOISE_TITLES = (
    "Buy groceries", "Pay electricity bill", "Book dentist visit", "Water the plants",
    "Plan weekend hike", "Renew passport", "Call the bank", "Fix the bike tire",
    "Prepare slides for demo", "Clean the garage", "Send birthday card", "Return library books",
    "Back up the laptop", "Order printer ink", "Sort old photos", "Vacuum the car",
    "Write thank-you notes", "Schedule oil change", "Read chapter 4", "Update resume",
)  # fmt: skip
_NOISE_NOTES = (
    "Before the weekend.", "Check the receipt first.", "Ask Sam about it.", "Low effort.",
    "Needs about an hour.", "Remember the coupon.",
)  # fmt: skip


class TasksIR(IRApp):
    """Tasks as IR questions see it: one record per task."""

    key = "tasks"
    table = TABLE
    app_names = ("tasks", "tasks app")
    fields: ClassVar[Mapping[str, str]] = {
        "title": "text",
        "notes": "text",
        "importance": "number",
        "due_date": "date",
        "due_time": "time",
        "hide_until_date": "date",
        "hide_until_time": "time",
        "completed": "bool",
        "completed_date": "date",
        "completed_time": "time",
    }

    def record(self, values: Mapping[str, str], now: dt.datetime) -> Record:
        """A task from spec text: dates ISO or ``today-3``, times like 2:30pm, importance 0-3."""
        rec: Record = dict.fromkeys(self.fields)
        rec["title"] = values["title"]
        rec["notes"] = values.get("notes")
        rec["importance"] = int(values.get("importance", str(NONE)))
        for prefix in ("due", "hide_until", "completed"):
            if f"{prefix}_date" in values:
                rec[f"{prefix}_date"] = parse_value("date", values[f"{prefix}_date"], now)
                if values.get(f"{prefix}_time"):
                    rec[f"{prefix}_time"] = parse_time(values[f"{prefix}_time"])
        rec["completed"] = rec["completed_date"] is not None
        return rec

    def noise(self, rng: random.Random, now: dt.datetime) -> Record:
        """A task due within three weeks of today, half of them completed."""
        due = now.date() + dt.timedelta(days=rng.randint(-10, 14))
        hide = due - dt.timedelta(days=rng.randint(1, 6))
        rec: Record = dict.fromkeys(self.fields)
        rec.update(
            title=rng.choice(_NOISE_TITLES),
            notes=rng.choice(_NOISE_NOTES) if rng.random() < 0.5 else None,
            importance=rng.randint(HIGH, NONE),
            due_date=due,
            due_time=dt.time(rng.randint(7, 21), rng.choice((0, 15, 30, 45))),
            hide_until_date=hide,
            hide_until_time=dt.time(9, 0),
        )
        if rng.random() < 0.5:
            rec["completed"] = True
            rec["completed_date"] = now.date() - dt.timedelta(days=rng.randint(1, 20))
            rec["completed_time"] = dt.time(rng.randint(8, 20), rng.choice((0, 30)))
        else:
            rec["completed"] = False
        return rec

    def _row(self, rec: Record, tz: dt.tzinfo | None) -> TaskRow:
        due = due_millis(rec["due_date"], rec["due_time"], tz) if rec["due_date"] else 0
        hide = 0
        if rec["hide_until_date"]:
            at = rec["hide_until_time"] or dt.time(0, 0)
            hide = int(
                dt.datetime.combine(rec["hide_until_date"], at, tzinfo=tz).timestamp() * 1000
            )
        done = 0
        if rec["completed_date"]:
            at = rec["completed_time"] or dt.time(12, 0)
            done = int(dt.datetime.combine(rec["completed_date"], at, tzinfo=tz).timestamp() * 1000)
        created = (due or hide or done) - 7 * 86_400_000
        return TaskRow(
            title=rec["title"],
            importance=int(rec["importance"]),
            dueDate=due,
            hideUntil=hide,
            completed=done,
            created=created,
            modified=created,
            notes=rec["notes"],
        )

    def rewrite(
        self, conn: sqlite3.Connection, records: Sequence[Record], now: dt.datetime
    ) -> None:
        """Replace every task with ``records``."""
        conn.execute("DELETE FROM tasks")
        TABLE.insert(conn, (asdict(self._row(r, now.tzinfo)) for r in records))

    def read(self, device: Device) -> list[Record]:
        """Every visible task as a record."""
        tz = device.now().tzinfo
        out = []
        for row in list_tasks(device):
            rec: Record = dict.fromkeys(self.fields)
            rec.update(title=row.title, notes=row.notes, importance=row.importance)
            if row.dueDate > 0:
                due = dt.datetime.fromtimestamp(row.dueDate / 1000, tz)
                rec["due_date"] = due.date()
                rec["due_time"] = (
                    due.time().replace(second=0) if has_due_time(row.dueDate) else None
                )
            if row.hideUntil > 0:
                hide = dt.datetime.fromtimestamp(row.hideUntil / 1000, tz)
                rec["hide_until_date"], rec["hide_until_time"] = hide.date(), hide.time()
            rec["completed"] = row.completed > 0
            if row.completed > 0:
                done = dt.datetime.fromtimestamp(row.completed / 1000, tz)
                rec["completed_date"], rec["completed_time"] = done.date(), done.time()
            out.append(rec)
        return out


IR_APP = TasksIR()
TASKS: tuple[type, ...] = ()
EVALUATORS: tuple[Any, ...] = ()
