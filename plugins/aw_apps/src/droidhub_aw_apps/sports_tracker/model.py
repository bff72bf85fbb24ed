"""OpenTracks (``de.dennisguse.opentracks`` 4.11.3, versionCode 5705 as AndroidWorld pins it).

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
import uuid
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING

from droidhub_aw_apps.common.app_specs import private_data_app
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
    private_data_app(
        PACKAGE,
        ACTIVITY,
        names=("open tracks sports tracker", "activity tracker", "open tracks", "opentracks"),
        label="OpenTracks",
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
    version_name = "4.11.3"  # tag v4.11.3, versionCode 5705 as AndroidWorld pins it
    db_path = DB_PATH
    schema = SCHEMA
