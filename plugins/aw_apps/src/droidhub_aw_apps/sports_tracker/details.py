"""OpenTracks' track screens and settings (v4.11.3): ``track_recorded`` with
``statistics_recorded``, ``track_recording`` with ``statistics_recording`` and
``settings`` with ``settings.xml``'s top level (the facts are in :mod:`.layouts`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from droidhub.virtual import views
from droidhub.virtual.views.view import Action
from droidhub_aw_apps.sports_tracker import ids
from droidhub_aw_apps.sports_tracker.layouts import (
    ON_SURFACE,
    ON_SURFACE_VARIANT,
    OUTLINE,
    PRIMARY,
    SURFACE,
    SURFACE_CONTAINER,
    GridLayout,
    activity_icon,
)

#: ``track_detail``'s items: the actions, then the overflow.
DETAIL_ACTIONS = (
    views.MenuItem("track_detail_menu_show_on_map", "Show on map", "map"),
    views.MenuItem("track_detail_share", "Share", "share"),
    views.MenuItem("track_detail_markers", ids.MARKERS, "location_on"),
)
DETAIL_OVERFLOW = (
    views.MenuItem("track_detail_edit", "Edit"),
    views.MenuItem("track_detail_delete", ids.DELETE),
    views.MenuItem("track_detail_resume_track", "Resume track"),
    views.MenuItem("track_detail_settings", ids.SETTINGS),
)
#: ``track_record``'s items: the actions, then the overflow.
RECORD_ACTIONS = (
    views.MenuItem("track_detail_menu_show_on_map", "Show on map", "map"),
    views.MenuItem("track_detail_insert_marker", "Insert marker", "add_circle"),
    views.MenuItem("track_detail_menu_select_layout", "Select Layout", "grid_view"),
    views.MenuItem("track_detail_markers", ids.MARKERS, "location_on"),
)
RECORD_OVERFLOW = (views.MenuItem("track_detail_edit", "Edit"),
                   views.MenuItem("track_detail_settings", ids.SETTINGS))  # fmt: skip
#: The speed group's labels, as speeds or as paces.
SPEED_LABELS = ("Max speed", "Avg moving speed", "Avg speed")
PACE_LABELS = ("Fastest pace", "Avg moving pace", "Avg pace")
#: ``settings.xml``'s top level: (title, icon).
SETTINGS_ROWS = (
    ("Default Units and Activity", "tune"), ("User Interface", "grid_view"),
    ("GPS", "satellite_alt"), ("Bluetooth Sensors", "bluetooth"),
    ("Statistics Announcements", "volume_up"), ("Import/Export", "swap_vert"),
    ("Reset", "refresh"), ("Public API", "settings"), ("About OpenTracks", "info"),
)  # fmt: skip


def _tabs(selected: int = 0) -> views.HorizontalScrollView:
    """``track_detail_activity_tablayout``: the four tabs, the first selected."""
    tabs = views.HorizontalScrollView(
        "track_detail_activity_tablayout", width=views.MATCH_PARENT, height=48, background=SURFACE
    )
    for index, title in enumerate(ids.TABS):
        tabs.add(
            views.LinearLayout(
                "",
                views.TextView(
                    "",
                    title,
                    text_size=14,
                    medium=True,
                    gravity=views.Gravity.CENTER,
                    text_color=PRIMARY if index == selected else ON_SURFACE_VARIANT,
                    width=views.MATCH_PARENT,
                    height=views.MATCH_PARENT,
                ),
                width=0,
                weight=1,
                height=views.MATCH_PARENT,
                selected=index == selected,
                content_desc=title,
                clickable=True,
            )
        )
    return tabs


def _bottom_bar(
    navigation: str, actions: Sequence[views.MenuItem], overflow: Sequence[views.MenuItem],
    on_navigate: Action | None, on_overflow: Action,
) -> views.Toolbar:  # fmt: skip
    return views.Toolbar(
        "bottom_app_bar",
        views.ImageButton("", navigation, tint=ON_SURFACE_VARIANT, padding=16, width=56, height=56,
                          content_desc="Navigate up" if on_navigate else "", on_click=on_navigate),
        views.View(width=0, height=0, weight=1),
        views.action_menu(actions, overflow, on_overflow, tint=ON_SURFACE_VARIANT),
        background=SURFACE_CONTAINER, elevation=0, height=80, layout_gravity=views.Gravity.BOTTOM,
    )  # fmt: skip


@dataclass(frozen=True)
class Stats:
    """What ``statistics_recorded`` shows of a track."""

    name: str
    category: str
    description: str
    start: str
    distance: tuple[str, str]
    moving_time: str
    total_time: str
    max_speed: tuple[str, str]
    moving_speed: tuple[str, str]
    average_speed: tuple[str, str]
    gain: tuple[str, str]
    loss: tuple[str, str]
    #: Whether the activity type reports speed (else pace: ActivityType's flag).
    report_speed: bool = True


def statistics_recorded(stats: Stats) -> views.ScrollView:
    """``statistics_recorded``: the activity's icon, name, description and start, then
    distance and times, speeds and elevation, each group under a line."""
    column = views.LinearLayout("", orientation=views.VERTICAL, width=views.MATCH_PARENT)
    header = views.RelativeLayout(
        "",
        views.ImageView("stats_activity_type_icon", activity_icon(stats.category), tint=ON_SURFACE,
                        icon_size=40, width=48, height=48,
                        rules=views.Rules(align_parent_left=True)),
        views.TextView("stats_name_value", stats.name, text_size=20, text_color=ON_SURFACE,
                       width=views.MATCH_PARENT, margin=(16, 0, 0, 0),
                       rules=views.Rules(to_right_of="stats_activity_type_icon")),
        views.TextView("stats_description_value", stats.description, text_size=16,
                       width=views.MATCH_PARENT,
                       margin=(16, 0, 0, 0), text_color=ON_SURFACE,
                       rules=views.Rules(to_right_of="stats_activity_type_icon",
                                         below="stats_name_value")),
        views.TextView("stats_start_datetime_value", stats.start, text_size=14,
                       width=views.MATCH_PARENT,
                       margin=(16, 0, 0, 0), text_color=ON_SURFACE_VARIANT,
                       rules=views.Rules(to_right_of="stats_activity_type_icon",
                                         below="stats_description_value")),
        width=views.MATCH_PARENT, padding=16,
    )  # fmt: skip
    column.add(header)
    speed_labels = SPEED_LABELS if stats.report_speed else PACE_LABELS
    groups = (
        ("stats_information_horizontal_line",
         (("stats_distance", "Distance", stats.distance),
          ("stats_moving_time", "Moving time", (stats.moving_time, "")),
          ("stats_total_time", "Total time", (stats.total_time, "")))),
        ("stats_speed_horizontal_line",
         (("stats_max_speed", speed_labels[0], stats.max_speed),
          ("stats_moving_speed", speed_labels[1], stats.moving_speed),
          ("stats_average_speed", speed_labels[2], stats.average_speed))),
        ("stats_altitude_horizontal_line",
         (("stats_altitude_gain", "Gain", stats.gain),
          ("stats_altitude_loss", "Loss", stats.loss))),
    )  # fmt: skip
    for line, values in groups:
        column.add(views.View(line, width=views.MATCH_PARENT, height=1, background=OUTLINE))
        grid = views.ViewGroupRelative("", width=views.MATCH_PARENT)
        cells: list[views.View] = []
        for prefix, label, value in values:
            unit = value[1]
            texts = views.LinearLayout(
                "",
                views.TextView(f"{prefix}_label", label, text_size=14,
                               text_color=ON_SURFACE_VARIANT),
                views.LinearLayout(
                    "",
                    views.TextView(f"{prefix}_value", value[0], text_size=28,
                                   text_color=ON_SURFACE),
                    *([views.TextView(f"{prefix}_unit", unit, text_size=14, margin=(4, 0, 0, 0),
                                      text_color=ON_SURFACE_VARIANT)] if unit else []),
                    gravity=views.Gravity.BOTTOM,
                ),
                orientation=views.VERTICAL, width=views.MATCH_PARENT, padding=(16, 8, 16, 8),
            )  # fmt: skip
            cells.append(texts)
        rows = views.LinearLayout("", orientation=views.VERTICAL, width=views.MATCH_PARENT)
        for start in range(0, len(cells), 2):
            pair = cells[start : start + 2]
            for cell in pair:
                cell.width, cell.weight = 0, 1
            rows.add(views.LinearLayout("", *pair, width=views.MATCH_PARENT))
        grid.add(rows)
        column.add(grid)
    column.add(views.View("stats_end_horizontal_line", width=views.MATCH_PARENT, height=1,
                          background=OUTLINE))  # fmt: skip
    return views.ScrollView("", column, width=views.MATCH_PARENT, height=views.MATCH_PARENT)


def track_recorded(stats: Stats, on_back: Action, on_overflow: Action) -> views.CoordinatorLayout:
    """``track_recorded``: the tabs over the pager with the statistics, the bottom bar."""
    return views.CoordinatorLayout(
        "",
        views.LinearLayout(
            "",
            _tabs(),
            views.ViewGroupFrame("track_detail_activity_view_pager", statistics_recorded(stats),
                                 width=views.MATCH_PARENT, height=0, weight=1),
            orientation=views.VERTICAL, width=views.MATCH_PARENT, height=views.MATCH_PARENT,
            padding=(0, 0, 0, 80),
        ),
        views.ViewGroupFrame(
            "bottom_app_bar_layout",
            _bottom_bar("arrow_back", DETAIL_ACTIONS, DETAIL_OVERFLOW, on_back, on_overflow),
            width=views.MATCH_PARENT, height=views.MATCH_PARENT,
        ),
        width=views.MATCH_PARENT, height=views.MATCH_PARENT, background=SURFACE,
    )  # fmt: skip


def track_recording(
    cells: Sequence[tuple[str, str, str]], on_stop: Action, on_overflow: Action
) -> views.CoordinatorLayout:
    """``track_recording``: the tabs, ``statistics_recording``'s grid of
    ``stats_generic_item`` (value, unit, description), the bottom bar and Stop (a long
    press stops, a tap only says to hold it)."""
    grid = GridLayout("stats_layout", orientation=views.VERTICAL, width=views.MATCH_PARENT)
    for start in range(0, len(cells), 2):
        row = views.LinearLayout("", width=views.MATCH_PARENT)
        for value, unit, description in cells[start : start + 2]:
            row.add(
                views.ViewGroupRelative(
                    "",
                    views.TextView(
                        "stats_value",
                        value,
                        text_size=40,
                        text_color=ON_SURFACE,
                        rules=views.Rules(align_parent_left=True),
                    ),
                    views.TextView(
                        "stats_unit",
                        unit,
                        text_size=14,
                        text_color=ON_SURFACE_VARIANT,
                        margin=(4, 20, 0, 0),
                        rules=views.Rules(to_right_of="stats_value"),
                    ),
                    views.TextView(
                        "stats_description_main",
                        description,
                        text_size=14,
                        text_color=ON_SURFACE_VARIANT,
                        rules=views.Rules(below="stats_value"),
                    ),
                    width=0,
                    weight=1,
                    padding=16,
                )
            )
        grid.add(row)
    pager = views.ViewGroupFrame("track_detail_activity_view_pager",
                                 views.ScrollView("", grid, width=views.MATCH_PARENT,
                                                  height=views.MATCH_PARENT),
                                 width=views.MATCH_PARENT, height=views.MATCH_PARENT)  # fmt: skip
    return views.CoordinatorLayout(
        "",
        views.LinearLayout(
            "",
            _tabs(),
            views.CoordinatorLayout("track_recording_coordinator_layout", pager,
                                    width=views.MATCH_PARENT,
                                    height=0, weight=1),
            orientation=views.VERTICAL, width=views.MATCH_PARENT, height=views.MATCH_PARENT,
            padding=(0, 0, 0, 80),
        ),
        _bottom_bar("navigation", RECORD_ACTIONS, RECORD_OVERFLOW, None, on_overflow),
        views.FloatingActionButton("track_recording_fab_action", "stop", background=PRIMARY,
                                   content_desc=ids.STOP, margin=(0, 0, 16, 52),
                                   on_long_click=on_stop),
        width=views.MATCH_PARENT, height=views.MATCH_PARENT, background=SURFACE,
    )  # fmt: skip


def settings(on_back: Action) -> views.CoordinatorLayout:
    """``settings``: the toolbar "Settings" over ``settings_fragment`` holding the top
    level's preference rows, and the bottom bar with the back arrow."""
    rows = [
        views.preference(
            title, icon=views.PreferenceImageView(icon=icon, tint=PRIMARY), on_click=lambda: None
        )
        for title, icon in SETTINGS_ROWS
    ]
    toolbar = views.Toolbar(
        "",
        views.ImageButton("", "settings", tint=PRIMARY, padding=16, width=56, height=56),
        views.TextView("", ids.SETTINGS, text_size=22, text_color=ON_SURFACE, max_lines=1),
        background=SURFACE, elevation=0, height=64,
    )  # fmt: skip
    return views.CoordinatorLayout(
        "",
        views.LinearLayout(
            "",
            views.LinearLayout("", toolbar, orientation=views.VERTICAL, width=views.MATCH_PARENT),
            views.FrameLayout("settings_fragment",
                              views.RecyclerView("recycler_view", rows, lambda row: row),
                              width=views.MATCH_PARENT, height=0, weight=1),
            orientation=views.VERTICAL, width=views.MATCH_PARENT, height=views.MATCH_PARENT,
            padding=(0, 0, 0, 80),
        ),
        views.ViewGroupFrame(
            "bottom_app_bar_layout",
            _bottom_bar("arrow_back", (), (), on_back, lambda: None),
            width=views.MATCH_PARENT, height=views.MATCH_PARENT,
        ),
        width=views.MATCH_PARENT, height=views.MATCH_PARENT, background=SURFACE,
    )  # fmt: skip
