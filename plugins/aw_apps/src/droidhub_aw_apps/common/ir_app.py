"""What an information-retrieval question sees of an app: records, and how they are stored.

An :class:`IRApp` says which fields an app's records have and of which kind, how a
spec row becomes a record, how random noise records are drawn, and how records are
written to and read from the app's database through the Device. The app modules
(``tasks_app``, ``sports_tracker``, ``joplin``, ``calendar_questions``) each define one
as ``IR_APP``; :mod:`droidhub_aw_apps.common.ir_task` uses them.
"""

from __future__ import annotations

import abc
import datetime as dt
import random
import re
import sqlite3
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from droidhub_aw_apps.common.ir_spec import resolve_day, resolve_moment
from droidhub_aw_apps.common.sqlite_rows import Table

if TYPE_CHECKING:
    from droidhub import Device

#: A row of an app's data as the IR engine sees it: field name -> typed value
#: (str, int/float, bool, date, time, datetime or None).
Record = dict[str, Any]


# --- values ------------------------------------------------------------------------------
def parse_time(text: str) -> dt.time:
    """``14:40``, ``2:40pm``, ``2pm``, ``12am`` -> a time; ValueError otherwise."""
    cleaned = text.strip().lower().replace(" ", "")
    for fmt in ("%H:%M", "%I:%M%p", "%I%p"):
        try:
            return dt.datetime.strptime(cleaned, fmt).time()
        except ValueError:
            continue
    raise ValueError(f"time {text!r} is not like 14:40, 2:40pm or 2pm")


def parse_duration_minutes(text: str) -> float:
    """``30 m``, ``45min``, ``1.5 hours``, ``2 h``, ``90`` -> minutes."""
    match = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*", text.lower())
    if not match:
        raise ValueError(f"duration {text!r} is not like '45 min' or '1.5 hours'")
    amount, unit = float(match.group(1)), match.group(2)
    if unit in ("", "m", "min", "mins", "minute", "minutes"):
        return amount
    if unit in ("h", "hr", "hrs", "hour", "hours"):
        return amount * 60
    raise ValueError(f"duration {text!r} has an unknown unit {unit!r} (use min or hours)")


def parse_bool(text: str) -> bool:
    """``true`` / ``false`` in any case."""
    lowered = text.strip().lower()
    if lowered not in ("true", "false"):
        raise ValueError(f"{text!r} is not True or False")
    return lowered == "true"


def parse_value(kind: str, text: str, now: dt.datetime) -> Any:
    """Read a rendered template as a value of ``kind``; dates accept day anchors
    (``today+3``), datetimes accept ``now+90m`` and ``YYYY-MM-DD HH:MM``."""
    if kind == "text":
        return text
    if kind == "number":
        return float(text)
    if kind == "bool":
        return parse_bool(text)
    if kind == "time":
        return parse_time(text)
    if kind == "date":
        try:
            return dt.date.fromisoformat(text.strip())
        except ValueError:
            return resolve_day(text, now.date())
    if kind == "datetime":
        moment = resolve_moment(text, now)
        if moment is not None:
            return moment
        return dt.datetime.fromisoformat(text.strip()).replace(tzinfo=now.tzinfo)
    raise ValueError(f"unknown field kind {kind!r}")


class IRApp(abc.ABC):
    """An app IR questions are asked about: its records, noise and device storage.

    Records live in one database file (``table.db_path``); :meth:`write` replaces its
    content in one pass with the app stopped and returns the file as it was, which
    :meth:`restore` puts back byte for byte.
    """

    #: The key specs use in ``app``.
    key: ClassVar[str]
    #: The app's main table (database path, package, launch component).
    table: ClassVar[Table]
    #: Names of the app as ``open_app`` accepts them (the first is the task's app name).
    app_names: ClassVar[tuple[str, ...]]
    #: Field name -> kind (text, number, bool, date, time, datetime).
    fields: ClassVar[Mapping[str, str]]

    @abc.abstractmethod
    def record(self, values: Mapping[str, str], now: dt.datetime) -> Record:
        """A record from a rendered spec row (field -> text); derived fields filled in."""

    @abc.abstractmethod
    def noise(self, rng: random.Random, now: dt.datetime) -> Record:
        """One random record of plausible user data around ``now``."""

    @abc.abstractmethod
    def rewrite(
        self, conn: sqlite3.Connection, records: Sequence[Record], now: dt.datetime
    ) -> None:
        """Replace the app's rows in an open database with ``records`` (device clock ``now``)."""

    @abc.abstractmethod
    def read(self, device: Device) -> list[Record]:
        """The app's records as they are on ``device`` now."""

    def write(self, device: Device, records: Sequence[Record]) -> bytes:
        """Replace the app's records on ``device``; return the database as it was."""
        now = device.now()
        self.table.ensure_db(device)
        image: list[bytes] = []

        def change(conn: sqlite3.Connection) -> None:
            image.append(conn.serialize())
            self.rewrite(conn, records, now)

        self.table.change(device, change)
        return image[0]

    def restore(self, device: Device, image: bytes) -> None:
        """Put the database back as :meth:`write` found it."""
        self.table.restore(device, image)
