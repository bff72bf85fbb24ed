"""OpenTracks' screens on the virtual phone (de.dennisguse.opentracks, version code 5705
as AndroidWorld pins it; OpenTracksApp/OpenTracks), drawn from its ``tracks`` table with
the widget toolkit:

* The track list, newest first (``track_list``). Each item as ``track_list_item.xml``
  lays it out: the name (``track_list_item_name``), the day
  (``track_list_item_date``: "Today", "Yesterday", the weekday within a week, else like
  "8 Oct"), the start time (``track_list_item_time``, HH:mm), the total time and
  distance (``track_list_item_time_distance``, like "1:30:00 ‧ 12.35 km") and the
  activity type with the description (``track_list_item_category_description``, like
  "[running] Felt strong"). A tap opens the track.
* A recorded track's statistics (``statistics_recorded.xml``): name, activity type,
  description, start date and time, distance, total and moving time, elevation gain
  and loss, with "Delete" in the toolbar (confirmed in a dialog).

BACK closes the dialog, then the track; on the list it leaves.
"""

from __future__ import annotations

import datetime as dt
import sqlite3
from contextlib import closing
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from droidhub.virtual.appmodel import (
    Button,
    Column,
    Dialog,
    IconButton,
    Row,
    ScrollList,
    Text,
    Theme,
    Toolbar,
    VirtualApp,
    WidgetApp,
    Window,
)
from droidhub_aw_apps.sports_tracker import ids
from droidhub_aw_apps.sports_tracker.model import DB_PATH, OpenTracksApp

if TYPE_CHECKING:
    from droidhub.virtual.appmodel import VirtualPhone


@dataclass
class _Track:
    id: int
    name: str
    category: str
    description: str
    start: dt.datetime
    total_ms: int
    moving_ms: int
    meters: float
    gain: float
    loss: float


def elapsed(millis: int) -> str:
    """Android's ``DateUtils.formatElapsedTime``: M:SS, or H:MM:SS from an hour on."""
    seconds = millis // 1000
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes:02d}:{secs:02d}"


def distance(meters: float) -> str:
    """A metric distance as OpenTracks prints it: km with two decimals above 1 km."""
    if meters > 1000:
        return f"{meters / 1000:.2f}".rstrip("0").rstrip(".") + " km"
    return f"{meters:.2f}".rstrip("0").rstrip(".") + " m"


def day_label(day: dt.date, today: dt.date) -> str:
    """Today, Yesterday, the weekday within a week, else like "8 Oct" ("8 Oct 2022")."""
    days = (today - day).days
    if days == 0:
        return "Today"
    if days == 1:
        return "Yesterday"
    if 0 < days < 7:
        return f"{day:%A}"
    return f"{day.day} {day:%b}" + ("" if day.year == today.year else f" {day.year}")


class OpenTracksScreens(WidgetApp):
    """The track list and a track's statistics."""

    theme: ClassVar[Theme] = Theme(primary="#1E88E5", on_primary="#FFFFFF", accent="#1E88E5")

    def __init__(self) -> None:
        super().__init__()
        self.open_id: int | None = None
        self.confirming = False

    def on_start(self, phone: VirtualPhone, intent: Any) -> None:
        """A launch shows the list."""
        super().on_start(phone, intent)
        self.open_id, self.confirming = None, False

    def on_stop(self, phone: VirtualPhone) -> None:
        """Force-stopped: the list next time."""
        super().on_stop(phone)
        self.open_id, self.confirming = None, False

    def _tracks(self, phone: VirtualPhone) -> list[_Track]:
        path = phone.host_path(DB_PATH)
        if not path.exists():
            return []
        with closing(sqlite3.connect(path)) as conn:
            rows = conn.execute(
                "SELECT _id, name, category, description, starttime, totaltime, movingtime, "
                "totaldistance, elevationgain, elevationloss FROM tracks "
                "ORDER BY starttime DESC, _id DESC"
            ).fetchall()
        tz = phone.tzinfo()
        return [
            _Track(
                r[0],
                r[1] or "",
                r[2] or "",
                r[3] or "",
                dt.datetime.fromtimestamp(r[4] / 1000, tz),
                r[5],
                r[6],
                r[7] or 0.0,
                r[8] or 0.0,
                r[9] or 0.0,
            )
            for r in rows
        ]

    def build(self, phone: VirtualPhone) -> Window:
        """The open track's statistics, or the list."""
        tracks = self._tracks(phone)
        track = next((t for t in tracks if t.id == self.open_id), None)
        if track is not None:
            return self._statistics(phone, track)
        self.open_id = None
        today = phone.now().date()
        items = [self._item(t, today) for t in tracks]
        toolbar = Toolbar("OpenTracks")
        body = [ScrollList(items, key="tracks", resource_id="track_list")]
        return Window(ids.PACKAGE, toolbar, body)

    def _item(self, track: _Track, today: dt.date) -> Column:
        category = f"[{track.category}]" if track.category else ""
        line = " ".join(p for p in (category, track.description) if p)

        def open_track() -> None:
            self.open_id = track.id
            self.reset_ui()

        return Column(
            [
                Row([Text(track.name, resource_id=ids.NAME),
                     Text(day_label(track.start.date(), today), resource_id=ids.DATE)],
                    weights=[3, 2]),
                Row([Text(f"{elapsed(track.total_ms)}{ids.SEPARATOR}{distance(track.meters)}",
                          resource_id=ids.TIME_DISTANCE, style="caption"),
                     Text(f"{track.start:%H:%M}", resource_id=ids.TIME, style="caption")],
                    weights=[3, 2]),
                Text(line, resource_id=ids.CATEGORY, style="caption"),
            ],
            resource_id=ids.ITEM,
            key=f"track-{track.id}",
            on_click=open_track,
        )  # fmt: skip

    def _statistics(self, phone: VirtualPhone, track: _Track) -> Window:
        def close() -> None:
            self.open_id = None
            self.reset_ui()

        toolbar = Toolbar(
            track.name, up=True, on_up=close,
            actions=[IconButton("Delete", "delete", lambda: setattr(self, "confirming", True),
                                resource_id="track_detail_delete")],
        )  # fmt: skip
        values = [
            ("Activity type", track.category, "stats_activity_type_value"),
            ("Description", track.description, "stats_description_value"),
            ("Start", f"{track.start:%b %d, %Y %H:%M}", "stats_start_datetime_value"),
            ("Distance", distance(track.meters), "stats_distance_value"),
            ("Total time", elapsed(track.total_ms), "stats_total_time_value"),
            ("Moving time", elapsed(track.moving_ms), "stats_moving_time_value"),
            ("Elevation gain", f"{track.gain:.0f} m", "stats_elevation_gain_value"),
            ("Elevation loss", f"{track.loss:.0f} m", "stats_elevation_loss_value"),
        ]
        body: list[Any] = []
        for label, value, rid in values:
            body.append(Row([Text(label, style="caption"), Text(value, resource_id=rid)]))
        dialog = None
        if self.confirming:
            dialog = Dialog(
                title="Delete track?",
                message=f"{track.name} will be deleted.",
                buttons=[
                    Button("Cancel", lambda: setattr(self, "confirming", False), style="text"),
                    Button("OK", lambda: self._delete(phone, track.id), style="text"),
                ],
            )
        return Window(ids.PACKAGE, toolbar, body, dialog=dialog)

    def _delete(self, phone: VirtualPhone, track_id: int) -> None:
        with closing(sqlite3.connect(phone.host_path(DB_PATH))) as conn, conn:
            conn.execute("DELETE FROM tracks WHERE _id=?", (track_id,))
        self.open_id, self.confirming = None, False
        self.reset_ui()

    def on_back(self, phone: VirtualPhone) -> bool:
        """BACK closes the dialog, then the track; on the list it leaves."""
        if self.confirming:
            self.confirming = False
        elif self.open_id is not None:
            self.open_id = None
            self.reset_ui()
        else:
            return False
        return True


class OpenTracksScreensApp(OpenTracksScreens, OpenTracksApp):
    """OpenTracks on the virtual phone: its database and its screens."""

    def __init__(self) -> None:
        OpenTracksScreens.__init__(self)


def virtual_apps() -> list[VirtualApp]:
    """A fresh OpenTracks model."""
    return [OpenTracksScreensApp()]
