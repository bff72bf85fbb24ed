"""The Tasks app (``org.tasks``) as information-retrieval questions see it: one record
per task row (title, notes, importance, due and hide-until dates and times,
completion); and the noise rows.

The questions themselves are the spec files in ``specs/``.
"""

from __future__ import annotations

import datetime as dt
import random
import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import asdict
from typing import TYPE_CHECKING, ClassVar

from droidhub_aw_apps.common.ir_app import IRApp, Record, parse_time, parse_value
from droidhub_aw_apps.tasks_app.model import (
    HIGH,
    NONE,
    TABLE,
    TaskRow,
    due_millis,
    has_due_time,
    list_tasks,
)

if TYPE_CHECKING:
    from droidhub import Device


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
