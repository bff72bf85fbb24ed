"""OpenTracks' screens on the virtual phone (de.dennisguse.opentracks v4.11.3, versionCode
5705 as AndroidWorld pins it), on the view engine, bound to its ``tracks`` table
(:mod:`.layouts` and :mod:`.details` declare the trees):

* The track list, newest first: each item's activity icon, name, day ("Today",
  "Yesterday", the weekday within a week, else like "8 Oct"), total time and distance
  ("1:30:00 (12.35 km)"), start time (HH:mm) and description. A tap opens the track;
  the overflow opens Settings (or Help); the record button starts a recording.
* A recorded track (TrackRecordedActivity): the tabs over its statistics (name,
  description, start, distance, times, speeds, elevation), the bottom bar with the
  back arrow and ``track_detail``'s menu; Delete (in the overflow) asks "Delete
  track?" and OK deletes the row.
* The recording screen (TrackRecordingActivity): the statistics grid from zero and
  Stop, which a long press stops.
* Settings: the top level.

BACK closes a popup or dialog, then the track, the recording or settings; on the list
it leaves.

Where this differs from the real app: a recording writes no track (the real one adds
a row at once and stops into TrackStoppedActivity); the pages under Settings and
Help, Markers, Search and the other tabs are not modelled (their taps do nothing).
"""

from __future__ import annotations

import datetime as dt
import sqlite3
from contextlib import closing
from dataclasses import dataclass
from typing import TYPE_CHECKING

from droidhub.virtual.appmodel import VirtualApp
from droidhub.virtual.views import ViewApp, Window, alert_dialog, dp, popup_menu
from droidhub.virtual.views.window import CONTENT
from droidhub_aw_apps.sports_tracker import details, ids, layouts
from droidhub_aw_apps.sports_tracker.layouts import TrackLine
from droidhub_aw_apps.sports_tracker.model import DB_PATH, OpenTracksApp

if TYPE_CHECKING:
    from droidhub.virtual.appmodel import Intent, VirtualPhone
    from droidhub.virtual.views import MenuItem


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
    max_speed: float
    gain: float
    loss: float


def elapsed(millis: int) -> str:
    """Android's ``DateUtils.formatElapsedTime``: MM:SS, or H:MM:SS from an hour on."""
    seconds = millis // 1000
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes:02d}:{secs:02d}"


def distance_parts(meters: float) -> tuple[str, str]:
    """DistanceFormatter, metric (the default unit system): two decimals, km above
    0.5 km, else m."""
    if meters > 500:
        return f"{meters / 1000:,.2f}", "km"
    return f"{meters:,.2f}", "m"


def time_distance(total_ms: int, meters: float) -> str:
    """ListItemUtils' line: the total time, then the distance in brackets."""
    value, unit = distance_parts(meters)
    return f"{elapsed(total_ms)} ({value} {unit})"


def day_label(day: dt.date, today: dt.date) -> str:
    """StringUtils.formatDateTodayRelative: Today, Yesterday, the weekday within a week,
    else like "8 Oct" ("8 Oct 2022" in another year)."""
    days = (today - day).days
    if days == 0:
        return ids.TODAY
    if days == 1:
        return ids.YESTERDAY
    if days < 7:
        return f"{day:%A}"
    return f"{day.day} {day:%b}" + ("" if day.year == today.year else f" {day.year}")


def _medium_datetime(when: dt.datetime) -> str:
    """FormatStyle.MEDIUM in English: "Oct 15, 2023, 3:34:00 PM"."""
    hour = when.hour % 12 or 12
    return f"{when:%b} {when.day}, {when.year}, {hour}:{when:%M:%S %p}"


#: Activity types (as their localized names) that report pace rather than speed
#: (ActivityType's showSpeedPreferred is false).
PACE_TYPES = frozenset({
    "climbing", "hiking", "off trail hiking", "running", "speed walking", "street running",
    "track running", "trail hiking", "trail running", "walking", "swimming",
    "swimming in open water", "workout",
})  # fmt: skip


def _per_second(meters: float, millis: int) -> float:
    return meters / (millis / 1000) if millis else 0.0


def speed_parts(mps: float, report_speed: bool) -> tuple[str, str]:
    """SpeedFormatter, metric: km/h with one decimal, or the pace as M:SS min/km."""
    if report_speed:
        return f"{mps * 3.6:,.1f}", "km/h"
    pace = round(1000 / mps) if mps > 0 else 0
    return f"{pace // 60}:{pace % 60:02d}", "min/km"


class OpenTracksScreens(ViewApp):
    """The track list, a track, the recording screen and settings."""

    def __init__(self) -> None:
        super().__init__()
        self._home()

    def _home(self) -> None:
        self.page = "list"
        self.open_id: int | None = None
        #: "", "overflow" or "delete".
        self.over = ""

    def on_start(self, phone: VirtualPhone, intent: Intent) -> None:
        """A launch shows the list."""
        super().on_start(phone, intent)
        self._home()

    def on_stop(self, phone: VirtualPhone) -> None:
        """Force-stopped: the list next time."""
        del phone
        self._home()
        self.reset_view_state()

    def _tracks(self, phone: VirtualPhone) -> list[_Track]:
        path = phone.host_path(DB_PATH)
        if not path.exists():
            return []
        with closing(sqlite3.connect(path)) as conn:
            rows = conn.execute(
                "SELECT _id, name, category, description, starttime, totaltime, movingtime, "
                "totaldistance, maxspeed, elevationgain, elevationloss FROM tracks "
                "ORDER BY starttime DESC, _id DESC"
            ).fetchall()
        tz = phone.tzinfo()
        return [
            _Track(r[0], r[1] or "", r[2] or "", r[3] or "",
                   dt.datetime.fromtimestamp(r[4] / 1000, tz), r[5] or 0, r[6] or 0,
                   r[7] or 0.0, r[8] or 0.0, r[9] or 0.0, r[10] or 0.0)
            for r in rows
        ]  # fmt: skip

    def _go(self, page: str, track_id: int | None = None) -> None:
        self.page, self.open_id, self.over = page, track_id, ""
        self.reset_view_state()

    def _show(self, over: str) -> None:
        self.over = over

    # --- screens -------------------------------------------------------------------------
    def build(self, phone: VirtualPhone) -> Window:
        """The page in front, with its popup or dialog."""
        tracks = self._tracks(phone)
        track = next((t for t in tracks if t.id == self.open_id), None)
        if self.page == "track" and track is not None:
            window = self._recorded(phone, track)
        elif self.page == "recording":
            window = Window(
                details.track_recording(
                    [("00:00", "", "Total time"), ("0.00", "m", "Distance"),
                     ("0.00", "km/h", "Avg moving speed"), ("0.00", "km/h", "Max speed")],
                    lambda: self._go("list"), lambda: self._show("overflow"),
                ),
                background=layouts.SURFACE, status_bar=layouts.SURFACE,
            )  # fmt: skip
            self._popup(window, details.RECORD_OVERFLOW, top=False)
        elif self.page == "settings":
            window = Window(details.settings(lambda: self._go("list")),
                            background=layouts.SURFACE, status_bar=layouts.SURFACE)  # fmt: skip
        else:
            self.page = "list"
            today = phone.now().date()
            lines = [
                TrackLine(t.id, t.name, t.category, day_label(t.start.date(), today),
                          f"{t.start:%H:%M}", time_distance(t.total_ms, t.meters), t.description)
                for t in tracks
            ]  # fmt: skip
            window = Window(
                layouts.track_list(lines, lambda i: self._go("track", i),
                                   lambda: self._show("overflow"), lambda: self._go("recording")),
                background=layouts.SURFACE, status_bar=layouts.SURFACE,
            )  # fmt: skip
            self._popup(window, layouts.OVERFLOW, top=True)
        return window

    def _popup(self, window: Window, items: tuple[MenuItem, ...], top: bool) -> None:
        """The overflow's popup over its button (the toolbar's at the top, the bottom
        bar's at the bottom)."""
        if self.over != "overflow":
            return
        window.dialog = popup_menu(items, self._choose)
        right = CONTENT[2]
        y = CONTENT[1] + dp(8) if top else CONTENT[3] - dp(80)
        window.popup_anchor = (right - dp(40), y, right, y)
        window.on_cancel = lambda: self._show("")

    def _choose(self, item: MenuItem) -> None:
        self.over = ""
        if item.id in ("track_list_settings", "track_detail_settings"):
            self._go("settings")
        elif item.id == "track_detail_delete":
            self.over = "delete"

    def _recorded(self, phone: VirtualPhone, track: _Track) -> Window:
        start, report = track.start, track.category not in PACE_TYPES
        stats = details.Stats(
            track.name, track.category, track.description, _medium_datetime(start),
            distance_parts(track.meters), elapsed(track.moving_ms), elapsed(track.total_ms),
            speed_parts(track.max_speed, report),
            speed_parts(_per_second(track.meters, track.moving_ms), report),
            speed_parts(_per_second(track.meters, track.total_ms), report),
            (f"{track.gain:.0f}", "m"), (f"{track.loss:.0f}", "m"), report,
        )  # fmt: skip
        window = Window(
            details.track_recorded(stats, lambda: self._go("list"),
                                   lambda: self._show("overflow")),
            background=layouts.SURFACE, status_bar=layouts.SURFACE,
        )  # fmt: skip
        self._popup(window, details.DETAIL_OVERFLOW, top=False)
        if self.over == "delete":
            window.dialog = alert_dialog(
                ids.DELETE_TITLE, ids.DELETE_MESSAGE, package_ids=True,
                positive=("OK", lambda: self._delete(phone, track.id)),
                negative=("Cancel", lambda: self._show("")),
            )  # fmt: skip
            window.on_cancel = lambda: self._show("")
        return window

    def _delete(self, phone: VirtualPhone, track_id: int) -> None:
        with closing(sqlite3.connect(phone.host_path(DB_PATH))) as conn, conn:
            conn.execute("DELETE FROM tracks WHERE _id=?", (track_id,))
        self._go("list")

    def on_back(self, phone: VirtualPhone) -> bool:
        """BACK closes a popup, then the page; on the list it leaves."""
        del phone
        if self.over:
            self.over = ""
        elif self.page != "list":
            self._go("list")
        else:
            return False
        return True


class OpenTracksScreensApp(OpenTracksScreens, OpenTracksApp):
    """OpenTracks on the virtual phone: its database and its screens."""


def virtual_apps() -> list[VirtualApp]:
    """A fresh OpenTracks model."""
    return [OpenTracksScreensApp()]
