"""OpenTracks (``de.dennisguse.opentracks``, version code 5705 as AndroidWorld pins it).

OpenTracks records sports activities ("tracks") in
``/data/data/de.dennisguse.opentracks/databases/database.db``, table ``tracks``: one
row per activity with its name, description, category (the activity type, "running"),
start and stop times (epoch milliseconds), total and moving time (milliseconds), total
distance (meters), speeds (meters per second) and elevation gain and loss (meters).
The pinned version stores the activity type both in ``category`` and, for its icon, in
``activity_type``.

State helpers read and write the table through the Device (pull, query locally; write
with the app stopped).
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

PACKAGE = "de.dennisguse.opentracks"
ACTIVITY = "de.dennisguse.opentracks.TrackListActivity"
DB_PATH = "/data/data/de.dennisguse.opentracks/databases/database.db"

#: Where the tracks live, for the shared SQLite helpers (launch, stop, restore, insert).
TABLE = Table(PACKAGE, DB_PATH, "tracks", "_id", f"{PACKAGE}/{ACTIVITY}")

APPS = (
    AppSpec(
        PACKAGE,
        ACTIVITY,
        names=("open tracks sports tracker", "activity tracker", "open tracks", "opentracks"),
        label="OpenTracks",
        data_paths=(f"/data/data/{PACKAGE}",),
    ),
)

#: The ``tracks`` table of the pinned version and its index.
SCHEMA = """
CREATE TABLE IF NOT EXISTS tracks (
  _id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT, description TEXT, category TEXT,
  starttime INTEGER, stoptime INTEGER, numpoints INTEGER, totaldistance FLOAT,
  totaltime INTEGER, movingtime INTEGER, avgspeed FLOAT, avgmovingspeed FLOAT,
  maxspeed FLOAT, minelevation FLOAT, maxelevation FLOAT, elevationgain FLOAT, icon TEXT,
  uuid BLOB, elevationloss FLOAT, starttime_offset INTEGER, activity_type TEXT);
CREATE UNIQUE INDEX IF NOT EXISTS tracks_uuid_index ON tracks(uuid);
"""

#: Activity types (``category``) the IR questions and their noise use.
CATEGORIES = (
    "running", "cycling", "swimming", "hiking", "mountain biking", "kayaking", "skiing",
    "snow boarding", "skate boarding", "climbing", "inline skating",
)  # fmt: skip


@dataclass
class TrackRow:
    """One row of the ``tracks`` table."""

    name: str
    category: str = ""
    description: str = ""
    starttime: int = 0
    stoptime: int = 0
    totaldistance: float = 0.0
    totaltime: int = 0
    movingtime: int = 0
    avgspeed: float = 0.0
    avgmovingspeed: float = 0.0
    maxspeed: float = 0.0
    minelevation: float = 0.0
    maxelevation: float = 0.0
    elevationgain: float = 0.0
    elevationloss: float = 0.0
    numpoints: int = 0
    starttime_offset: int = 0
    icon: str | None = None
    activity_type: str | None = None
    uuid: bytes = field(default_factory=lambda: uuid.uuid4().bytes)
    _id: int | None = None


def make_track(
    name: str,
    category: str,
    start: dt.datetime,
    minutes: float,
    meters: float,
    description: str = "",
    gain: float = 0.0,
    loss: float = 0.0,
) -> TrackRow:
    """A track as the app would record it: times, speeds and icon consistent."""
    begin = int(start.timestamp() * 1000)
    total = int(minutes * 60_000)
    speed = meters / (total / 1000) if total else 0.0
    offset = start.utcoffset()
    return TrackRow(
        name=name,
        category=category,
        description=description,
        starttime=begin,
        stoptime=begin + total,
        totaldistance=float(meters),
        totaltime=total,
        movingtime=total,
        avgspeed=speed,
        avgmovingspeed=speed,
        maxspeed=speed,
        elevationgain=float(gain),
        elevationloss=float(loss),
        starttime_offset=int(offset.total_seconds()) if offset else 0,
        icon=category,
        activity_type=category,
    )


def add_tracks(device: Device, rows: Sequence[TrackRow]) -> None:
    """Insert ``rows`` (the app is stopped first)."""
    TABLE.change(device, lambda conn: TABLE.insert(conn, map(asdict, rows)))


def clear_tracks(device: Device) -> None:
    """Delete every track."""
    device.write_db(DB_PATH, PACKAGE, lambda conn: conn.execute("DELETE FROM tracks"))


def list_tracks(device: Device) -> list[TrackRow]:
    """Every track, in insertion order."""
    columns = [k for k in TrackRow.__dataclass_fields__]
    rows = device.query_db(DB_PATH, f"SELECT {', '.join(columns)} FROM tracks ORDER BY _id")
    return [TrackRow(**row) for row in rows]


class OpenTracksApp(DatabaseApp):
    """OpenTracks on the virtual phone: its database with the real schema, empty."""

    package = PACKAGE
    label = "OpenTracks"
    activity = ACTIVITY
    version_name = "5705"  # AndroidWorld pins it by versionCode
    db_path = DB_PATH
    schema = SCHEMA


def virtual_apps() -> list[VirtualApp]:
    """A fresh OpenTracks model."""
    return [OpenTracksApp()]


# --- information retrieval -------------------------------------------------------------------
_NOISE_NAMES = (
    "Morning loop", "After work", "Sunday outing", "Quick session", "Long one",
    "With the club", "Recovery day", "New route", "Before breakfast", "Evening session",
)  # fmt: skip


class SportsIR(IRApp):
    """OpenTracks as IR questions see it: one record per activity."""

    key = "sports"
    table = TABLE
    app_names = ("open tracks sports tracker", "activity tracker")
    fields: ClassVar[Mapping[str, str]] = {
        "name": "text",
        "description": "text",
        "category": "text",
        "start_date": "date",
        "start_time": "time",
        "duration": "number",
        "distance": "number",
        "elevation_gain": "number",
        "elevation_loss": "number",
    }

    def record(self, values: Mapping[str, str], now: dt.datetime) -> Record:
        """An activity from spec text: duration in minutes, distance in meters."""
        return {
            "name": values.get("name", ""),
            "description": values.get("description", ""),
            "category": values["category"],
            "start_date": parse_value("date", values["start_date"], now),
            "start_time": parse_time(values["start_time"]),
            "duration": float(values["duration"]),
            "distance": float(values["distance"]),
            "elevation_gain": float(values.get("elevation_gain", 0)),
            "elevation_loss": float(values.get("elevation_loss", 0)),
        }

    def noise(self, rng: random.Random, now: dt.datetime) -> Record:
        """An activity within the last four weeks, never in the future."""
        day = now.date() - dt.timedelta(days=rng.randint(0, 27))
        latest = now.hour - 1 if day == now.date() else 20
        return {
            "name": rng.choice(_NOISE_NAMES),
            "description": "",
            "category": rng.choice(CATEGORIES),
            "start_date": day,
            "start_time": dt.time(rng.randint(0, max(0, latest)), rng.choice((0, 15, 30, 45))),
            "duration": float(rng.randint(10, 240)),
            "distance": float(rng.randint(100, 20000)),
            "elevation_gain": float(rng.randint(0, 500)),
            "elevation_loss": float(rng.randint(0, 500)),
        }

    def rewrite(
        self, conn: sqlite3.Connection, records: Sequence[Record], now: dt.datetime
    ) -> None:
        """Replace every track with ``records``."""
        conn.execute("DELETE FROM tracks")
        rows = [
            make_track(
                r["name"],
                r["category"],
                dt.datetime.combine(r["start_date"], r["start_time"], tzinfo=now.tzinfo),
                r["duration"],
                r["distance"],
                r["description"],
                r["elevation_gain"],
                r["elevation_loss"],
            )
            for r in records
        ]
        TABLE.insert(conn, map(asdict, rows))

    def read(self, device: Device) -> list[Record]:
        """Every track as a record."""
        tz = device.now().tzinfo
        out = []
        for row in list_tracks(device):
            start = dt.datetime.fromtimestamp(row.starttime / 1000, tz)
            out.append(
                {
                    "name": row.name,
                    "description": row.description,
                    "category": row.category,
                    "start_date": start.date(),
                    "start_time": start.time(),
                    "duration": row.totaltime / 60_000,
                    "distance": row.totaldistance,
                    "elevation_gain": row.elevationgain,
                    "elevation_loss": row.elevationloss,
                }
            )
        return out


IR_APP = SportsIR()
TASKS: tuple[type, ...] = ()
EVALUATORS: tuple[Any, ...] = ()
