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
* Aggregated stats (the bottom bar's ``aggregated_stats_button``): a row per activity
  type over the tracks the filter selects (all of them at first); the bottom bar's
  Filter opens the filter dialog (the types, From and To with their date pickers), and
  once applied the same place clears it (:mod:`.aggregated`).

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
from droidhub.virtual.views import Window, alert_dialog, dp, popup_menu
from droidhub.virtual.views.window import CONTENT
from droidhub_aw_apps.common.fresh_launch import FreshLaunchApp
from droidhub_aw_apps.common.sqlite_files import select_rows
from droidhub_aw_apps.sports_tracker import aggregated, details, ids, layouts
from droidhub_aw_apps.sports_tracker.aggregated import FilterDraft, TypeLine
from droidhub_aw_apps.sports_tracker.layouts import TrackLine
from droidhub_aw_apps.sports_tracker.model import DB_PATH, OpenTracksApp

if TYPE_CHECKING:
    from droidhub.virtual.appmodel import VirtualPhone
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


def _type_line(category: str, count: float, meters: float, moving: float, top: float) -> TypeLine:
    """One type's row: AggregatedStatisticsAdapter's texts (the maximum speed is at
    least the average moving one: TrackStatistics.getMaxSpeed)."""
    report = category not in PACE_TYPES
    average = _per_second(meters, int(moving))
    labels = ("Avg moving speed", "Max speed") if report else ("Avg moving pace", "Fastest pace")
    return TypeLine(
        category, int(count), distance_parts(meters), elapsed(int(moving)),
        (*speed_parts(average, report), labels[0]),
        (*speed_parts(max(top, average), report), labels[1]),
    )  # fmt: skip


class OpenTracksScreens(FreshLaunchApp):
    """The track list, a track, the recording screen and settings; made, launched and
    force-stopped, it shows the list."""

    def reset_state(self) -> None:
        """The list, nothing open, no filter."""
        self.page = "list"
        self.open_id: int | None = None
        #: "", "overflow" or "delete".
        self.over = ""
        #: Aggregated stats' applied filter (first day, last day, checked types) and
        #: its open dialog.
        self.range: tuple[dt.date, dt.date, tuple[str, ...]] | None = None
        self.draft: FilterDraft | None = None
        self.reset_view_state()

    def _tracks(self, phone: VirtualPhone) -> list[_Track]:
        rows = select_rows(
            phone,
            DB_PATH,
            "SELECT _id, name, category, description, starttime, totaltime, movingtime, "
            "totaldistance, maxspeed, elevationgain, elevationloss FROM tracks "
            "ORDER BY starttime DESC, _id DESC",
        )
        tz = phone.tzinfo()
        return [
            _Track(r[0], r[1] or "", r[2] or "", r[3] or "",
                   dt.datetime.fromtimestamp(r[4] / 1000, tz), r[5] or 0, r[6] or 0,
                   r[7] or 0.0, r[8] or 0.0, r[9] or 0.0, r[10] or 0.0)
            for r in rows
        ]  # fmt: skip

    def _go(self, page: str, track_id: int | None = None) -> None:
        self.page, self.open_id, self.over = page, track_id, ""
        self.range, self.draft = None, None
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
        elif self.page == "aggregated":
            window = self._aggregated(phone)
        elif self.page == "settings":
            window = Window(details.settings(lambda: self._go("list")),
                            background=layouts.SURFACE, status_bar=layouts.SURFACE)  # fmt: skip
        else:
            self.page = "list"
            today = phone.today()
            lines = [
                TrackLine(t.id, t.name, t.category, day_label(t.start.date(), today),
                          f"{t.start:%H:%M}", time_distance(t.total_ms, t.meters), t.description)
                for t in tracks
            ]  # fmt: skip
            window = Window(
                layouts.track_list(lines, lambda i: self._go("track", i),
                                   lambda: self._show("overflow"), lambda: self._go("recording"),
                                   lambda: self._go("aggregated")),
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

    def _aggregated(self, phone: VirtualPhone) -> Window:
        lines = self._type_lines(phone)
        # The app says the filter found nothing only once a filter is applied.
        empty = ids.AGGREGATED_EMPTY if lines or self.range is None else ids.FILTER_NO_RESULTS
        window = Window(
            aggregated.aggregated_stats(lines, empty, self.range is not None,
                                        lambda: self._go("list"),
                                        lambda: self._filter_tapped(phone, lines)),
            background=layouts.SURFACE, status_bar=layouts.SURFACE,
        )  # fmt: skip
        if self.draft is not None:
            window.dialog = aggregated.filter_dialog(self.draft, self._apply_filter,
                                                     self._close_filter)  # fmt: skip
            window.on_cancel = self._close_filter
        return window

    def _filter_tapped(self, phone: VirtualPhone, lines: list[TypeLine]) -> None:
        """The bottom bar's Filter: opens the dialog, or clears an applied filter."""
        if self.range is not None:
            self.range = None
            return
        start, end = aggregated.week_of(phone.today())
        self.draft = FilterDraft({line.category: True for line in lines}, start, end)

    def _apply_filter(self) -> None:
        draft = self.draft
        assert draft is not None
        chosen = tuple(c for c, on in draft.checked.items() if on)
        self.range, self.draft = (draft.start, draft.end, chosen), None
        self.reset_view_state()

    def _close_filter(self) -> None:
        self.draft = None

    def _type_lines(self, phone: VirtualPhone) -> list[TypeLine]:
        """AggregatedStatistics over the tracks the filter selects: per type its count,
        distance, moving time and speeds; most tracks first, then by name."""
        query = "SELECT category, totaldistance, movingtime, maxspeed FROM tracks"
        args: list[int | str] = []
        if self.range is not None:
            start, end, types = self.range
            tz = phone.tzinfo()
            first = dt.datetime.combine(start, dt.time(), tz)
            last = dt.datetime.combine(end, dt.time(23, 59, 59), tz)
            query += " WHERE starttime BETWEEN ? AND ?"
            args = [int(first.timestamp() * 1000), int(last.timestamp() * 1000)]
            if types:
                query += f" AND category IN ({', '.join('?' * len(types))})"
                args += list(types)
        rows = select_rows(phone, DB_PATH, query, args)
        totals: dict[str, list[float]] = {}
        for category, meters, moving, top in rows:
            total = totals.setdefault(category or "", [0, 0.0, 0, 0.0])
            total[0] += 1
            total[1] += meters or 0.0
            total[2] += moving or 0
            total[3] = max(total[3], top or 0.0)
        order = sorted(totals.items(), key=lambda kv: (-kv[1][0], kv[0]))
        return [_type_line(category, *values) for category, values in order]

    def _delete(self, phone: VirtualPhone, track_id: int) -> None:
        with closing(sqlite3.connect(phone.host_path(DB_PATH))) as conn, conn:
            conn.execute("DELETE FROM tracks WHERE _id=?", (track_id,))
        self._go("list")

    def on_back(self, phone: VirtualPhone) -> bool:
        """BACK closes a popup, then the page; on the list it leaves."""
        del phone
        if self.draft is not None:
            self.draft = None
        elif self.over:
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
