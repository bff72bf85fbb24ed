"""OpenTracks as information-retrieval questions see it: one record per
activity (name, description, category, start, duration, distance, elevation); and
the noise rows.

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
from droidhub_aw_apps.sports_tracker.model import (
    CATEGORIES,
    TABLE,
    list_tracks,
    make_track,
)

if TYPE_CHECKING:
    from droidhub import Device


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
