"""OpenTracks as information-retrieval questions see it.

The questions are spec files (``specs/SportsTracker*.toml``); this module says how an
answer row becomes a row of the ``tracks`` table and draws AW's noise: 20 activities of
a random category of AW's (``ir_noise.json``), named from that category's names,
starting in the fortnight around a week before the reference moment, 1 to 299 minutes
long, up to 20 km, each drawn again while it meets every exclusion condition. Answer
activities and noise are shuffled together.

Distances are stored as AW stores them: rounded to the hundredth of a mile the app
shows, then back to whole meters; the answer sums the rounded distances.

Speeds and icon too are stored as AW's set-up writes them, its unit quirk included: the
average (and average moving) speed is the distance in meters over the time in
milliseconds times 1000, a millionth of meters per second where the app's column holds
meters per second; the maximum speed is 0 and the icon NULL. The app shows no speed
this module's questions ask about, and AW's answers never read them.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Sequence
from dataclasses import replace

from droidhub_aw_apps.common.ir_app import NoiseDrawnIRApp, Row, day_meets, moment, noise_pools
from droidhub_aw_apps.common.ir_instance import compare, random_moment
from droidhub_aw_apps.common.ir_spec import Condition
from droidhub_aw_apps.common.relative_dates import REFERENCE_NOW
from droidhub_aw_apps.sports_tracker.model import TABLE, TrackRow, make_track

#: AW's noise activity names by category.
NOISE_NAMES: dict[str, list[str]] = noise_pools("sports_tracker")["names"]
NOISE_COUNT = 20
METERS_PER_MILE = 1609.34


def shown_meters(meters: float) -> int:
    """``meters`` rounded as the app shows them (hundredths of a mile), in meters."""
    return round(round(meters / METERS_PER_MILE, 2) * METERS_PER_MILE)


def track_of(row: Row) -> TrackRow:
    """The activity an answer (or noise) row describes, with AW's speeds and no icon
    (see the module docstring)."""
    track = make_track(
        row["name"],
        row.get("category", ""),
        moment(row["start_date"], row["start_time"]),
        float(row["duration"]),
        float(shown_meters(float(row["total_distance"]))),
        row.get("description", ""),
        int(row.get("elevation_gain", 0)),
        int(row.get("elevation_loss", 0)),
    )
    aw_speed = track.totaldistance / (track.totaltime * 1000) if track.totaltime else 0.0
    return replace(track, avgspeed=aw_speed, avgmovingspeed=aw_speed, maxspeed=0.0, icon=None)


def noise_track(rng: random.Random) -> TrackRow:
    """One of AW's noise activities, before the exclusions."""
    category = rng.choice(list(NOISE_NAMES))
    name = rng.choice(NOISE_NAMES[category])
    start = random_moment(rng, center=REFERENCE_NOW - dt.timedelta(days=7))
    minutes = dt.timedelta(minutes=rng.randrange(1, 60 * 5)).seconds // 60
    row = {
        "name": name,
        "category": category,
        "start_date": f"{start:%B %d %Y}",
        "start_time": f"{start:%H:%M}",
        "duration": str(minutes),
        "total_distance": str(rng.randint(0, 20000)),
        "elevation_gain": str(rng.randint(0, 500)),
        "elevation_loss": str(rng.randint(0, 500)),
    }
    return track_of(row)


class SportsIR(NoiseDrawnIRApp):
    """OpenTracks' activities as IR rows."""

    key = "sports"
    table = TABLE
    app_names = ("open tracks sports tracker", "activity tracker")
    rows_field = "sports_activities"
    noise_count = NOISE_COUNT
    fields = (
        "name", "description", "category", "start_date", "start_time", "duration",
        "total_distance", "elevation_gain", "elevation_loss",
    )  # fmt: skip

    def answer_rows(self, rows: Sequence[Row]) -> list[dict[str, str]]:
        """The rows with their distances as stored (see the module docstring)."""
        out = [dict(r) for r in rows]
        for r in out:
            if "total_distance" in r:
                r["total_distance"] = str(shown_meters(float(r["total_distance"])))
        return out

    app_row = staticmethod(track_of)
    draw_noise = staticmethod(noise_track)

    def meets(self, track: TrackRow, cond: Condition) -> bool:
        """Whether an activity meets exclusion condition ``cond``."""
        if cond.field == "start_date":
            return day_meets(track.starttime, cond)
        if cond.field == "category":
            return compare(track.category.lower(), cond.op, cond.value.lower())
        if cond.field == "total_distance":
            return compare(track.totaldistance, cond.op, float(shown_meters(float(cond.value))))
        return True


IR_APP = SportsIR()
