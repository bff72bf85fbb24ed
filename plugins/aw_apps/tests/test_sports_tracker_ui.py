"""OpenTracks' screens through adb, and its questions answered through them alone."""

from __future__ import annotations

import datetime as dt
import xml.etree.ElementTree as ET

from screen_checks import (
    assert_solved_through_screen,
    find_element,
    screen_elements,
    tap_element,
)

from droidhub import Device
from droidhub_aw_apps.sports_tracker.model import add_tracks, make_track

TASKS = (
    "SportsTrackerActivitiesCountForWeek",
    "SportsTrackerActivitiesOnDate",
    "SportsTrackerActivityDuration",
    "SportsTrackerLongestDistanceActivity",
    "SportsTrackerTotalDistanceForCategoryOverInterval",
    "SportsTrackerTotalDurationForCategoryThisWeek",
)
DB = "/data/data/de.dennisguse.opentracks/databases/database.db"


def _text(device: Device, rid: str) -> list[str]:
    return [e.text for e in screen_elements(device) if e.resource_id.endswith(rid)]


def _start(device: Device) -> None:
    device.shell(["monkey", "-p", "de.dennisguse.opentracks", "1"])


def _tree(device: Device) -> dict[str, ET.Element]:
    """The dump's nodes by their id's name (the first of each)."""
    nodes: dict[str, ET.Element] = {}
    for node in ET.fromstring(device.ui_tree()).iter("node"):
        nodes.setdefault(node.get("resource-id", "").rsplit("/", 1)[-1], node)
    return nodes


def _ids(node: ET.Element) -> list[str]:
    return [c.get("resource-id", "").rsplit("/", 1)[-1] for c in node]


def test_the_track_list_shows_each_track_as_the_app_does_and_deletes_one(
    virtual_device: Device,
) -> None:
    now = virtual_device.now()
    add_tracks(
        virtual_device,
        [
            make_track("Morning run", "running", now - dt.timedelta(hours=3), 90, 12345),
            make_track("Old ride", "cycling", now - dt.timedelta(days=9), 45, 400, "Windy"),
        ],
    )
    _start(virtual_device)
    assert _text(virtual_device, "track_list_item_name") == ["Morning run", "Old ride"]
    old = now.date() - dt.timedelta(days=9)
    assert _text(virtual_device, "track_list_item_date") == ["Today", f"{old.day} {old:%b}"]
    # ListItemUtils: the total time, then the distance in brackets (km above 0.5 km).
    assert _text(virtual_device, "track_list_item_time_distance") == [
        "1:30:00 (12.35 km)",
        "45:00 (400.00 m)",
    ]
    # The activity type is the icon alone, described "Track" (TrackListAdapter.bind);
    # the line under the row is the description alone.
    assert _text(virtual_device, "track_list_item_category_description") == ["", "Windy"]
    icons = [e for e in screen_elements(virtual_device) if e.resource_id.endswith("item_icon")]
    assert [e.content_description for e in icons] == ["Track", "Track"]
    tap_element(virtual_device, text="Old ride")
    assert _text(virtual_device, "stats_total_time_value") == ["45:00"]
    assert _text(virtual_device, "stats_distance_value") == ["400.00"]
    # Cycling reports speed (km/h, one decimal): 400 m in 45 minutes.
    assert _text(virtual_device, "stats_average_speed_value") == ["0.5"]
    assert _text(virtual_device, "stats_average_speed_label") == ["Avg speed"]
    tap_element(virtual_device, content_description="More options")
    tap_element(virtual_device, text="Delete")
    assert "Delete track?" in [e.text for e in screen_elements(virtual_device)]
    tap_element(virtual_device, resource_id="android:id/button1")
    assert virtual_device.query_db(DB, "SELECT name FROM tracks") == [{"name": "Morning run"}]
    assert _text(virtual_device, "track_list_item_name") == ["Morning run"]


def test_the_list_and_track_screens_are_the_real_layouts(virtual_device: Device) -> None:
    now = virtual_device.now()
    add_tracks(virtual_device, [make_track("Lake loop", "hiking", now, 30, 2500, "Sunny")])
    _start(virtual_device)
    nodes = _tree(virtual_device)
    assert nodes["track_list_toolbar"].get("class") == "android.view.ViewGroup"
    assert nodes["track_list"].get("class") == "androidx.recyclerview.widget.RecyclerView"
    assert "track_list_empty_view" not in nodes  # GONE while there are tracks
    assert _ids(nodes["bottom_app_bar"]) == ["aggregated_stats_button", "sensor_start_button"]
    assert nodes["aggregated_stats_button"].get("class") == "android.widget.Button"
    assert nodes["track_list_fab_action"].get("content-desc") == "Record"
    # Search is the menu's SearchView (abc_search_view), iconified; Markers an item view.
    assert nodes["search_button"].get("content-desc") == "Search"
    assert nodes["track_list_markers"].get("content-desc") == "Markers"
    # track_list_item: a ConstraintLayout without an id, its views in the layout's order.
    item = next(iter(nodes["track_list"]))
    assert item.get("class") == "android.view.ViewGroup" and item.get("resource-id") == ""
    assert _ids(item) == [
        "track_list_item_icon", "track_list_item_name", "track_list_item_date",
        "track_list_item_time_distance", "track_list_item_time",
        "track_list_item_category_description", "marker_list_item_bottom_line",
    ]  # fmt: skip
    # The track: the tabs over the pager, the bottom bar with track_detail's actions.
    tap_element(virtual_device, text="Lake loop")
    nodes = _tree(virtual_device)
    tabs = [c.get("content-desc") for c in nodes["track_detail_activity_tablayout"]]
    assert tabs == ["Stats", "Intervals", "By time", "By distance"]
    assert nodes["stats_name_value"].get("text") == "Lake loop"
    assert nodes["stats_activity_type_icon"].get("content-desc") == ""  # no description
    # Hiking reports pace: 2.5 km in 30 minutes is 12:00 min/km.
    assert nodes["stats_average_speed_label"].get("text") == "Avg pace"
    assert nodes["stats_average_speed_value"].get("text") == "12:00"
    assert nodes["stats_average_speed_unit"].get("text") == "min/km"
    assert "track_detail_share" in nodes and "bottom_app_bar_layout" in nodes
    virtual_device.keyevent("KEYCODE_BACK")
    assert _text(virtual_device, "track_list_item_name") == ["Lake loop"]


def test_recording_and_settings_are_one_tap_away(virtual_device: Device) -> None:
    _start(virtual_device)
    # No track: the empty view's message shows above its arrow.
    texts = [e.text for e in screen_elements(virtual_device)]
    assert "Start recording your next adventure here" in texts
    tap_element(virtual_device, content_description="Record")
    nodes = _tree(virtual_device)
    assert nodes["stats_layout"].get("class") == "android.widget.GridLayout"
    assert nodes["track_recording_fab_action"].get("content-desc") == "Stop"
    fab = find_element(virtual_device, resource_id="track_recording_fab_action").bounds
    assert fab is not None
    virtual_device.swipe(*fab.center, *fab.center, 800)  # a long press stops
    assert "Start recording your next adventure here" in [
        e.text for e in screen_elements(virtual_device)
    ]
    image = virtual_device.screenshot().convert("RGB")
    assert image.getpixel(fab.center) != (254, 247, 255)  # the red record button
    tap_element(virtual_device, content_description="More options")
    tap_element(virtual_device, text="Settings")
    texts = [e.text for e in screen_elements(virtual_device) if e.text]
    assert texts[:3] == ["Settings", "Default Units and Activity", "User Interface"]
    assert "settings_fragment" in _tree(virtual_device)
    virtual_device.keyevent("KEYCODE_BACK")
    assert "Start recording your next adventure here" in [
        e.text for e in screen_elements(virtual_device)
    ]


def test_the_opentracks_questions_are_answered_through_the_screen() -> None:
    assert_solved_through_screen(TASKS)


def _rows(device: Device) -> list[tuple[str, ...]]:
    """Aggregated stats' rows: type, count, distance and unit, moving time."""
    columns = [
        _text(device, rid)
        for rid in (
            "aggregated_stats_type_label", "aggregated_stats_num_tracks",
            "aggregated_stats_distance", "aggregated_stats_distance_unit", "aggregated_stats_time",
        )
    ]  # fmt: skip
    return list(zip(*columns, strict=True))


def test_aggregated_stats_sum_each_activity_type_and_the_filter_narrows_them(
    virtual_device: Device,
) -> None:
    now = virtual_device.now()  # Sunday 15 October 2023, 15:34
    add_tracks(
        virtual_device,
        [
            make_track("Run 1", "running", now - dt.timedelta(days=1), 30, 5000),
            make_track("Run 2", "running", now - dt.timedelta(days=9), 90, 12340),
            make_track("Ride", "cycling", now - dt.timedelta(days=2), 45, 20000),
            make_track("Walk", "walking", now - dt.timedelta(days=1), 20, 1500),
        ],
    )
    _start(virtual_device)
    tap_element(virtual_device, resource_id="aggregated_stats_button")
    nodes = _tree(virtual_device)
    assert "Aggregated stats" in [e.text for e in screen_elements(virtual_device)]
    assert (
        nodes["aggregated_stats_list"].get("class") == "androidx.recyclerview.widget.RecyclerView"
    )
    # Most tracks first, then by name; the time is the moving time.
    assert _rows(virtual_device) == [
        ("running", "(2)", "17.34", "km", "2:00:00"),
        ("cycling", "(1)", "20.00", "km", "45:00"),
        ("walking", "(1)", "1.50", "km", "20:00"),
    ]
    # Running reports pace, cycling speed (AggregatedStatisticsAdapter).
    assert _text(virtual_device, "aggregated_stats_avg_rate_label")[:2] == [
        "Avg moving pace", "Avg moving speed",
    ]  # fmt: skip
    assert _text(virtual_device, "aggregated_stats_avg_rate")[1] == "26.7"
    # The filter: every type checked, the range from the US week's Sunday (today).
    tap_element(virtual_device, content_description="Filter")
    buttons = [e for e in screen_elements(virtual_device)
               if e.resource_id.endswith("filter_dialog_check_button")]  # fmt: skip
    assert [(b.text, b.checked) for b in buttons] == [
        ("running", True), ("cycling", True), ("walking", True),
    ]  # fmt: skip
    assert _text(virtual_device, "filter_date_edit_text_from") == ["Sunday, October 15, 2023"]
    assert _text(virtual_device, "filter_date_edit_text_to") == ["Saturday, October 21, 2023"]
    # Walking left out, from Monday 9 October.
    tap_element(virtual_device, resource_id="filter_dialog_check_button", text="walking")
    buttons = [e for e in screen_elements(virtual_device)
               if e.resource_id.endswith("filter_dialog_check_button")]  # fmt: skip
    assert [b.checked for b in buttons] == [True, True, False]
    tap_element(virtual_device, resource_id="filter_date_edit_text_from")
    tap_element(virtual_device, content_description="09 October 2023")
    assert _text(virtual_device, "filter_date_edit_text_from") == ["Monday, October 9, 2023"]
    tap_element(virtual_device, text="OK")
    assert _rows(virtual_device) == [
        ("cycling", "(1)", "20.00", "km", "45:00"),
        ("running", "(1)", "5.00", "km", "30:00"),
    ]
    assert "aggregated_statistics_clear_filter" in _tree(virtual_device)
    # Filter again clears the filter; a range without tracks says so.
    tap_element(virtual_device, content_description="Filter")
    assert _rows(virtual_device)[0][:2] == ("running", "(2)")
    tap_element(virtual_device, content_description="Filter")
    tap_element(virtual_device, resource_id="filter_date_edit_text_to")
    tap_element(virtual_device, content_description="Previous month")
    tap_element(virtual_device, content_description="01 September 2023")
    tap_element(virtual_device, text="OK")
    texts = [e.text for e in screen_elements(virtual_device)]
    assert "There are not activities for the specified filter" in texts
    virtual_device.keyevent("KEYCODE_BACK")
    assert "Run 2" in _text(virtual_device, "track_list_item_name")
