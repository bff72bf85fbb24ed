"""OpenTracks' track screens and settings (v4.11.3): ``track_recorded`` with
``statistics_recorded``, ``track_recording`` with ``statistics_recording`` and
``settings`` with ``settings.xml``'s top level (the facts are in :mod:`.layouts`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from droidhub.virtual.views import (
    MATCH_PARENT,
    VERTICAL,
    CoordinatorLayout,
    FloatingActionButton,
    FrameLayout,
    Gravity,
    ImageButton,
    ImageView,
    LinearLayout,
    MenuItem,
    PreferenceImageView,
    RecyclerView,
    RelativeLayout,
    Rules,
    ScrollView,
    TextView,
    Toolbar,
    View,
    ViewGroupFrame,
    action_menu,
    preference,
)
from droidhub_aw_apps.sports_tracker import ids
from droidhub_aw_apps.sports_tracker.layouts import (
    ON_SURFACE,
    ON_SURFACE_VARIANT,
    OUTLINE,
    PRIMARY,
    SURFACE,
    SURFACE_CONTAINER,
    ConstraintLayout,
    GridLayout,
    HorizontalScrollView,
    activity_icon,
)

Action = Callable[[], object]

#: ``track_detail``'s items: the actions, then the overflow.
DETAIL_ACTIONS = (
    MenuItem("track_detail_menu_show_on_map", "Show on map", "map"),
    MenuItem("track_detail_share", "Share", "share"),
    MenuItem("track_detail_markers", ids.MARKERS, "location_on"),
)
DETAIL_OVERFLOW = (
    MenuItem("track_detail_edit", "Edit"),
    MenuItem("track_detail_delete", ids.DELETE),
    MenuItem("track_detail_resume_track", "Resume track"),
    MenuItem("track_detail_settings", ids.SETTINGS),
)
#: ``track_record``'s items: the actions, then the overflow.
RECORD_ACTIONS = (
    MenuItem("track_detail_menu_show_on_map", "Show on map", "map"),
    MenuItem("track_detail_insert_marker", "Insert marker", "add_circle"),
    MenuItem("track_detail_menu_select_layout", "Select Layout", "grid_view"),
    MenuItem("track_detail_markers", ids.MARKERS, "location_on"),
)
RECORD_OVERFLOW = (MenuItem("track_detail_edit", "Edit"),
                   MenuItem("track_detail_settings", ids.SETTINGS))  # fmt: skip
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


def _tabs(selected: int = 0) -> HorizontalScrollView:
    """``track_detail_activity_tablayout``: the four tabs, the first selected."""
    tabs = HorizontalScrollView("track_detail_activity_tablayout", width=MATCH_PARENT,
                                height=48, background=SURFACE)  # fmt: skip
    for index, title in enumerate(ids.TABS):
        tabs.add(
            LinearLayout(
                "",
                TextView(
                    "",
                    title,
                    text_size=14,
                    medium=True,
                    gravity=Gravity.CENTER,
                    text_color=PRIMARY if index == selected else ON_SURFACE_VARIANT,
                    width=MATCH_PARENT,
                    height=MATCH_PARENT,
                ),
                width=0,
                weight=1,
                height=MATCH_PARENT,
                selected=index == selected,
                content_desc=title,
                clickable=True,
            )
        )
    return tabs


def _bottom_bar(
    navigation: str, actions: Sequence[MenuItem], overflow: Sequence[MenuItem],
    on_navigate: Action | None, on_overflow: Action,
) -> Toolbar:  # fmt: skip
    return Toolbar(
        "bottom_app_bar",
        ImageButton("", navigation, tint=ON_SURFACE_VARIANT, padding=16, width=56, height=56,
                    content_desc="Navigate up" if on_navigate else "", on_click=on_navigate),
        View(width=0, height=0, weight=1),
        action_menu(actions, overflow, on_overflow, tint=ON_SURFACE_VARIANT),
        background=SURFACE_CONTAINER, elevation=0, height=80, layout_gravity=Gravity.BOTTOM,
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


def statistics_recorded(stats: Stats) -> ScrollView:
    """``statistics_recorded``: the activity's icon, name, description and start, then
    distance and times, speeds and elevation, each group under a line."""
    column = LinearLayout("", orientation=VERTICAL, width=MATCH_PARENT)
    header = RelativeLayout(
        "",
        ImageView("stats_activity_type_icon", activity_icon(stats.category), tint=ON_SURFACE,
                  icon_size=40, width=48, height=48, content_desc=stats.category,
                  rules=Rules(align_parent_left=True)),
        TextView("stats_name_value", stats.name, text_size=20, text_color=ON_SURFACE,
                 width=MATCH_PARENT, margin=(16, 0, 0, 0),
                 rules=Rules(to_right_of="stats_activity_type_icon")),
        TextView("stats_description_value", stats.description, text_size=16, width=MATCH_PARENT,
                 margin=(16, 0, 0, 0), text_color=ON_SURFACE,
                 rules=Rules(to_right_of="stats_activity_type_icon", below="stats_name_value")),
        TextView("stats_start_datetime_value", stats.start, text_size=14, width=MATCH_PARENT,
                 margin=(16, 0, 0, 0), text_color=ON_SURFACE_VARIANT,
                 rules=Rules(to_right_of="stats_activity_type_icon",
                             below="stats_description_value")),
        width=MATCH_PARENT, padding=16,
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
        column.add(View(line, width=MATCH_PARENT, height=1, background=OUTLINE))
        grid = ConstraintLayout("", width=MATCH_PARENT)
        cells: list[View] = []
        for prefix, label, value in values:
            unit = value[1]
            texts = LinearLayout(
                "",
                TextView(f"{prefix}_label", label, text_size=14, text_color=ON_SURFACE_VARIANT),
                LinearLayout(
                    "",
                    TextView(f"{prefix}_value", value[0], text_size=28, text_color=ON_SURFACE),
                    *([TextView(f"{prefix}_unit", unit, text_size=14, margin=(4, 0, 0, 0),
                                text_color=ON_SURFACE_VARIANT)] if unit else []),
                    gravity=Gravity.BOTTOM,
                ),
                orientation=VERTICAL, width=MATCH_PARENT, padding=(16, 8, 16, 8),
            )  # fmt: skip
            cells.append(texts)
        rows = LinearLayout("", orientation=VERTICAL, width=MATCH_PARENT)
        for start in range(0, len(cells), 2):
            pair = cells[start : start + 2]
            for cell in pair:
                cell.width, cell.weight = 0, 1
            rows.add(LinearLayout("", *pair, width=MATCH_PARENT))
        grid.add(rows)
        column.add(grid)
    column.add(View("stats_end_horizontal_line", width=MATCH_PARENT, height=1,
                    background=OUTLINE))  # fmt: skip
    return ScrollView("", column, width=MATCH_PARENT, height=MATCH_PARENT)


def track_recorded(stats: Stats, on_back: Action, on_overflow: Action) -> CoordinatorLayout:
    """``track_recorded``: the tabs over the pager with the statistics, the bottom bar."""
    return CoordinatorLayout(
        "",
        LinearLayout(
            "",
            _tabs(),
            ViewGroupFrame("track_detail_activity_view_pager", statistics_recorded(stats),
                           width=MATCH_PARENT, height=0, weight=1),
            orientation=VERTICAL, width=MATCH_PARENT, height=MATCH_PARENT,
            padding=(0, 0, 0, 80),
        ),
        ViewGroupFrame(
            "bottom_app_bar_layout",
            _bottom_bar("arrow_back", DETAIL_ACTIONS, DETAIL_OVERFLOW, on_back, on_overflow),
            width=MATCH_PARENT, height=MATCH_PARENT,
        ),
        width=MATCH_PARENT, height=MATCH_PARENT, background=SURFACE,
    )  # fmt: skip


def track_recording(
    cells: Sequence[tuple[str, str, str]], on_stop: Action, on_overflow: Action
) -> CoordinatorLayout:
    """``track_recording``: the tabs, ``statistics_recording``'s grid of
    ``stats_generic_item`` (value, unit, description), the bottom bar and Stop (a long
    press stops, a tap only says to hold it)."""
    grid = GridLayout("stats_layout", orientation=VERTICAL, width=MATCH_PARENT)
    for start in range(0, len(cells), 2):
        row = LinearLayout("", width=MATCH_PARENT)
        for value, unit, description in cells[start : start + 2]:
            row.add(
                ConstraintLayout(
                    "",
                    TextView(
                        "stats_value",
                        value,
                        text_size=40,
                        text_color=ON_SURFACE,
                        rules=Rules(align_parent_left=True),
                    ),
                    TextView(
                        "stats_unit",
                        unit,
                        text_size=14,
                        text_color=ON_SURFACE_VARIANT,
                        margin=(4, 20, 0, 0),
                        rules=Rules(to_right_of="stats_value"),
                    ),
                    TextView(
                        "stats_description_main",
                        description,
                        text_size=14,
                        text_color=ON_SURFACE_VARIANT,
                        rules=Rules(below="stats_value"),
                    ),
                    width=0,
                    weight=1,
                    padding=16,
                )
            )
        grid.add(row)
    pager = ViewGroupFrame("track_detail_activity_view_pager",
                           ScrollView("", grid, width=MATCH_PARENT, height=MATCH_PARENT),
                           width=MATCH_PARENT, height=MATCH_PARENT)  # fmt: skip
    return CoordinatorLayout(
        "",
        LinearLayout(
            "",
            _tabs(),
            CoordinatorLayout("track_recording_coordinator_layout", pager, width=MATCH_PARENT,
                              height=0, weight=1),
            orientation=VERTICAL, width=MATCH_PARENT, height=MATCH_PARENT,
            padding=(0, 0, 0, 80),
        ),
        _bottom_bar("navigation", RECORD_ACTIONS, RECORD_OVERFLOW, None, on_overflow),
        FloatingActionButton("track_recording_fab_action", "stop", background=PRIMARY,
                             content_desc=ids.STOP, margin=(0, 0, 16, 52),
                             on_long_click=on_stop),
        width=MATCH_PARENT, height=MATCH_PARENT, background=SURFACE,
    )  # fmt: skip


def settings(on_back: Action) -> CoordinatorLayout:
    """``settings``: the toolbar "Settings" over ``settings_fragment`` holding the top
    level's preference rows, and the bottom bar with the back arrow."""
    rows = [
        preference(title, icon=PreferenceImageView(icon=icon, tint=PRIMARY), on_click=lambda: None)
        for title, icon in SETTINGS_ROWS
    ]
    toolbar = Toolbar(
        "",
        ImageButton("", "settings", tint=PRIMARY, padding=16, width=56, height=56),
        TextView("", ids.SETTINGS, text_size=22, text_color=ON_SURFACE, max_lines=1),
        background=SURFACE, elevation=0, height=64,
    )  # fmt: skip
    return CoordinatorLayout(
        "",
        LinearLayout(
            "",
            LinearLayout("", toolbar, orientation=VERTICAL, width=MATCH_PARENT),
            FrameLayout("settings_fragment",
                        RecyclerView("recycler_view", rows, lambda row: row),
                        width=MATCH_PARENT, height=0, weight=1),
            orientation=VERTICAL, width=MATCH_PARENT, height=MATCH_PARENT,
            padding=(0, 0, 0, 80),
        ),
        ViewGroupFrame(
            "bottom_app_bar_layout",
            _bottom_bar("arrow_back", (), (), on_back, lambda: None),
            width=MATCH_PARENT, height=MATCH_PARENT,
        ),
        width=MATCH_PARENT, height=MATCH_PARENT, background=SURFACE,
    )  # fmt: skip
