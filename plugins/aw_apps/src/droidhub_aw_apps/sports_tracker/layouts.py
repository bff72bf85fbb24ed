"""OpenTracks' layout files (v4.11.3, versionCode 5705) as view trees.

Each function is one file of the app's ``res/layout`` with its ids, view classes and
nesting, the English strings of ``values/strings.xml`` and the theme's colours (the
Material 3 DayNight theme in OpenTracks' orange); data comes in as plain values and
actions as callables, bound by :mod:`.screens`.

Facts checked in the sources at the tag v4.11.3:

- ``track_list``: a CoordinatorLayout holding the AppBarLayout with the
  ``track_list_toolbar`` (the logo as navigation icon, "OpenTracks", the ``track_list``
  menu: Search and Markers as actions, Settings and Help in the overflow), the body
  (``track_list`` RecyclerView; ``track_list_empty_view`` shows only while there is no
  track), the ``bottom_app_bar`` with ``aggregated_stats_button`` and
  ``sensor_start_button`` (icon-only Material buttons), and
  ``track_list_fab_action`` ("Record", red_dark) at the bar's end.
- ``track_list_item`` (a ConstraintLayout without an id): ``track_list_item_icon`` (the
  activity type's icon, described "Track" whatever the type: TrackListAdapter.bind sets
  R.string.image_track), ``track_list_item_name``,
  ``track_list_item_date`` (Today, Yesterday, the weekday within a week, "8 Oct"),
  ``track_list_item_time_distance`` ("1:30:00 (12.35 km)": ListItemUtils), the
  marker count (GONE / empty without markers), ``track_list_item_time`` (HH:mm) and
  ``track_list_item_category_description``: the description alone, since the
  activity type is always found (ActivityType.findBy falls back to UNKNOWN, so the
  "[category]" prefix is never written), then ``marker_list_item_bottom_line``.
- ``track_recorded``: ``track_detail_activity_tablayout`` (Stats, Intervals, By time, By
  distance) over ``track_detail_activity_view_pager`` showing ``statistics_recorded``,
  and ``bottomappbar`` included as ``bottom_app_bar_layout`` > ``bottom_app_bar`` with
  the back arrow and ``track_detail`` (Show on map, Share, Markers; Edit, Delete,
  Resume track, Settings in the overflow). Delete asks "Delete track?".
- ``track_recording``: the same tabs over ``track_recording_coordinator_layout`` >
  the pager with ``statistics_recording``'s ``stats_layout`` grid of
  ``stats_generic_item`` cells, the ``bottom_app_bar`` with ``track_record``'s menu and
  the ``track_recording_fab_action`` "Stop".
- ``settings``: a toolbar "Settings" over ``settings_fragment`` with ``settings.xml``'s
  top level, and the ``bottom_app_bar_layout``.

The activity type shows as text only in Aggregated stats (:mod:`.aggregated`) and in a
track's edit screen (not modelled); the list and the track's statistics show it as an
icon alone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import ClassVar, Unpack

from droidhub.virtual import views
from droidhub.virtual.views.menus import ActionMenuView
from droidhub.virtual.views.paint import Painter
from droidhub.virtual.views.view import Action, Attributes
from droidhub_aw_apps.sports_tracker import ids

# --- the theme (values/colors.xml, styles_theme.xml: Material 3 with opentracks orange) --
PRIMARY = "#FFFF6D00"  # @color/opentracks
RECORD = "#FFBE161B"  # @color/red_dark, the record button
SURFACE = "#FFFEF7FF"  # Material 3's colorSurface (light)
SURFACE_CONTAINER = "#FFF3EDF7"  # the bottom app bar's backgroundTint
ON_SURFACE = "#FF1D1B20"
ON_SURFACE_VARIANT = "#FF49454F"
OUTLINE = "#FFCAC4D0"

#: Each activity type's icon (ActivityType's drawables), as Material Symbols.
ACTIVITY_ICONS: dict[str, str] = {
    "biking": "directions_bike", "cycling": "directions_bike", "road biking": "directions_bike",
    "track cycling": "directions_bike", "mountain biking": "pedal_bike",
    "dirt bike": "pedal_bike", "motor bike": "two_wheeler", "running": "directions_run",
    "street running": "directions_run", "track running": "directions_run",
    "trail running": "directions_run", "walking": "directions_walk", "hiking": "hiking",
    "trail hiking": "hiking", "off trail hiking": "hiking", "speed walking": "directions_walk",
    "swimming": "pool", "swimming in open water": "pool", "kayaking": "kayaking",
    "sailing": "sailing", "boat": "rowing", "ferry": "rowing", "motor boating": "rowing",
    "skiing": "downhill_skiing", "cross-country skiing": "downhill_skiing",
    "snowboarding": "snowboarding", "skateboarding": "skateboarding",
    "inline skating": "roller_skating", "climbing": "hiking", "airplane": "flight",
    "driving": "directions_car", "escooter": "electric_scooter", "kickscooter": "moped",
    "workout": "fitness_center",
}  # fmt: skip
#: ActivityIcon.ICON_UNKNOWN is the app's logo.
UNKNOWN_ICON = "navigation"


class GridLayout(views.LinearLayout):
    """androidx's GridLayout (``android.widget.GridLayout``), rows of cells."""

    class_name: ClassVar[str] = "android.widget.GridLayout"


class IconButton(views.Button):
    """``Widget.Material3.Button.IconButton``: a MaterialButton (``android.widget.Button``)
    showing only its icon."""

    def __init__(self, id: str, icon: str, on_click: Action | None = None) -> None:
        super().__init__(id, "", width=48, height=48, padding=12, on_click=on_click)
        self.min_width = self.min_height = views.dp(48)
        self.icon = icon

    def draw(self, painter: Painter) -> None:
        """The icon centred."""
        size = views.dp(24)
        x, y = (self.left + self.right - size) // 2, (self.top + self.bottom - size) // 2
        painter.icon(self.icon, (x, y, x + size, y + size), ON_SURFACE_VARIANT)


def activity_icon(category: str) -> str:
    """The icon of an activity type (the logo when the type is not one of the app's)."""
    return ACTIVITY_ICONS.get(category, UNKNOWN_ICON)


def _toolbar(id: str, title: str, navigation: str, menu: views.View | None = None) -> views.Toolbar:
    """A MaterialToolbar: its navigation icon, its title, its menu."""
    bar = views.Toolbar(
        id,
        views.ImageButton("", navigation, tint=PRIMARY, padding=16, width=56, height=56),
        views.TextView("", title, text_size=22, text_color=ON_SURFACE, max_lines=1, weight=1,
                       width=0),
        background=SURFACE, elevation=0, height=64,
    )  # fmt: skip
    if menu is not None:
        bar.add(menu)
    return bar


# --- track_list -----------------------------------------------------------------------
@dataclass(frozen=True)
class TrackLine:
    """A track as its list item shows it."""

    track_id: int
    name: str
    category: str
    day: str
    time: str
    time_distance: str
    description: str


def track_list(
    tracks: Sequence[TrackLine],
    open_track: Callable[[int], object],
    on_overflow: Action,
    on_record: Action,
    on_aggregated: Action | None = None,
) -> views.CoordinatorLayout:
    """``track_list``: the toolbar, the list (or the empty view), the bottom bar, the
    record button."""
    # track_list_search has an action view (SearchView, shown "ifRoom" without
    # collapseActionView): the menu shows the iconified SearchView, not an item view.
    search = views.LinearLayout(
        "",
        views.LinearLayout("search_bar",
                           views.ImageView("search_button", "search", tint=ON_SURFACE_VARIANT,
                                                         padding=12, content_desc=ids.SEARCH,
                                                         clickable=True),
                           height=views.MATCH_PARENT, gravity=views.Gravity.CENTER_VERTICAL),
        height=views.MATCH_PARENT,
    )  # fmt: skip
    markers = views.MenuItem("track_list_markers", ids.MARKERS, "location_on")
    menu = ActionMenuView(
        search,
        views.ActionMenuItemView(markers, tint=ON_SURFACE_VARIANT),
        views.OverflowMenuButton(on_overflow, tint=ON_SURFACE_VARIANT),
    )
    toolbar = _toolbar("track_list_toolbar", ids.APP_NAME, "navigation", menu)
    app_bar = views.LinearLayout("", toolbar, orientation=views.VERTICAL, width=views.MATCH_PARENT)

    def bind(line: TrackLine) -> views.View:
        return track_list_item(line, lambda: open_track(line.track_id))

    body = views.LinearLayout("", orientation=views.VERTICAL, width=views.MATCH_PARENT,
                              height=views.MATCH_PARENT,
                              padding=(0, 0, 0, 64), margin=(0, 64, 0, 0))  # fmt: skip
    if tracks:
        body.add(views.RecyclerView("track_list", tracks, bind, height=0, weight=0.8))
    else:
        body.add(views.View(height=0, weight=0.8), _empty_view())
    return views.CoordinatorLayout(
        "", app_bar, body, bottom_app_bar(on_aggregated), views.FloatingActionButton(
            "track_list_fab_action", "fiber_manual_record", background=RECORD,
            content_desc=ids.RECORD, layout_gravity=views.Gravity.BOTTOM | views.Gravity.END,
            margin=(0, 0, 16, 36), on_click=on_record,
        ),
        width=views.MATCH_PARENT, height=views.MATCH_PARENT, background=SURFACE,
    )  # fmt: skip


#: ``track_list``'s menu items left for the overflow.
OVERFLOW = (
    views.MenuItem("track_list_settings", ids.SETTINGS),
    views.MenuItem("track_list_help", ids.HELP),
)


def _empty_view() -> views.View:
    return views.RelativeLayout(
        "track_list_empty_view",
        views.LinearLayout("track_list_arrow_long",
                           views.View(width=0, height=views.MATCH_PARENT, weight=3),
                           views.ImageView("", "arrow_downward", tint=ON_SURFACE_VARIANT, width=0,
                                           weight=1,
                                           content_desc=ids.ARROW, padding=(0, 0, 0, 50)),
                           width=views.MATCH_PARENT, padding=(0, 16, 0, 0),
                           rules=views.Rules(align_parent_bottom=True)),
        views.TextView("", ids.EMPTY_MESSAGE, text_size=20, gravity=views.Gravity.END,
                       width=views.MATCH_PARENT,
                       padding=(16, 0, 16, 0), rules=views.Rules(above="track_list_arrow_long")),
        width=views.MATCH_PARENT, height=0, weight=1.2,
    )  # fmt: skip


def bottom_app_bar(on_aggregated: Action | None = None) -> views.Toolbar:
    """``track_list``'s ``bottom_app_bar``: aggregated statistics and the GPS switch."""
    return views.Toolbar(
        "bottom_app_bar",
        IconButton("aggregated_stats_button", "bar_chart", on_aggregated),
        IconButton("sensor_start_button", "gps_off"),
        background=SURFACE_CONTAINER, elevation=0, height=80, padding=(4, 0, 0, 0),
        layout_gravity=views.Gravity.BOTTOM,
    )  # fmt: skip


def _small(
    id: str, text: str, max_lines: int | None = 1, **attributes: Unpack[Attributes]
) -> views.TextView:
    """A ``textAppearanceBodySmall`` text (12 sp, onSurfaceVariant)."""
    return views.TextView(id, text, text_size=12, text_color=ON_SURFACE_VARIANT,
                          max_lines=max_lines,
                          **attributes)  # fmt: skip


def track_list_item(line: TrackLine, on_click: Action) -> views.ViewGroupRelative:
    """``track_list_item``: icon, name and day, time and distance, start time, the
    description, the bottom line."""
    return views.ViewGroupRelative(
        "",
        views.ImageView("track_list_item_icon", activity_icon(line.category), tint=ON_SURFACE,
                        content_desc=ids.TRACK,
                        rules=views.Rules(align_parent_top=True, align_parent_left=True)),
        views.TextView("track_list_item_name", line.name, text_size=16, text_color=ON_SURFACE,
                       max_lines=1, width=views.MATCH_PARENT, margin=(8, 0, 8, 0),
                       rules=views.Rules(to_right_of="track_list_item_icon",
                                         to_left_of="track_list_item_date")),
        _small("track_list_item_date", line.day,
               rules=views.Rules(align_parent_top=True, align_parent_right=True)),
        _small("track_list_item_time_distance", line.time_distance, margin=(8, 0, 0, 0),
               rules=views.Rules(below="track_list_item_name", to_right_of="track_list_item_icon")),
        views.ImageView("track_list_item_marker_count_icon", "location_on", visibility=views.GONE,
                        rules=views.Rules(below="track_list_item_name")),
        _small("track_list_item_marker_count", "", rules=views.Rules(below="track_list_item_name")),
        _small("track_list_item_time", line.time,
               rules=views.Rules(below="track_list_item_name", align_parent_right=True)),
        _small("track_list_item_category_description", line.description, 2,
               width=views.MATCH_PARENT,
               margin=(32, 0, 0, 0), rules=views.Rules(below="track_list_item_time_distance")),
        views.View("marker_list_item_bottom_line", width=views.MATCH_PARENT, height=1,
                   background=OUTLINE,
                   margin=(0, 8, 0, 0),
                   rules=views.Rules(below="track_list_item_category_description")),
        width=views.MATCH_PARENT, padding=8, on_click=on_click, long_clickable=True,
    )  # fmt: skip
