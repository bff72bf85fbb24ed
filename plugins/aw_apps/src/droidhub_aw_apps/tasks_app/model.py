"""The Tasks app (``org.tasks``, versionCode 130605 — 13.6.3 — as AndroidWorld pins it).

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
import uuid
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING

from droidhub_aw_apps.common.app_identity import model_of
from droidhub_aw_apps.common.app_specs import private_data_app
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
    private_data_app(PACKAGE, ACTIVITY, names=("tasks", "tasks app", "org.tasks"), label="Tasks"),
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


@model_of(APPS[0])
class TasksApp(DatabaseApp):
    """The Tasks app on the virtual phone: its database with the real schema, empty."""

    version_name = "13.6.3"
    db_path = DB_PATH
    schema = SCHEMA
