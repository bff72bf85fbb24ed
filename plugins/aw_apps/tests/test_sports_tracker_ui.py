"""OpenTracks' screens through adb, and its questions answered through them alone."""

from __future__ import annotations

import datetime as dt

from screen_checks import assert_solved_through_screen, screen_elements, tap_element

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


def test_the_track_list_shows_each_track_as_the_app_does_and_deletes_one(
    virtual_device: Device,
) -> None:
    now = virtual_device.now()
    add_tracks(
        virtual_device,
        [
            make_track("Morning run", "running", now - dt.timedelta(hours=3), 90, 12345),
            make_track("Old ride", "cycling", now - dt.timedelta(days=9), 45, 800, "Windy"),
        ],
    )
    virtual_device.shell(["monkey", "-p", "de.dennisguse.opentracks", "1"])
    assert _text(virtual_device, "track_list_item_name") == ["Morning run", "Old ride"]
    old = now.date() - dt.timedelta(days=9)
    assert _text(virtual_device, "track_list_item_date") == ["Today", f"{old.day} {old:%b}"]
    assert _text(virtual_device, "track_list_item_time_distance") == [
        "1:30:00 ‧ 12.35 km",
        "45:00 ‧ 800 m",
    ]
    assert _text(virtual_device, "track_list_item_category_description") == [
        "[running]",
        "[cycling] Windy",
    ]
    tap_element(virtual_device, text="Old ride")
    assert _text(virtual_device, "stats_total_time_value") == ["45:00"]
    tap_element(virtual_device, content_description="Delete")
    tap_element(virtual_device, text="OK")
    assert virtual_device.query_db(DB, "SELECT name FROM tracks") == [{"name": "Morning run"}]


def test_the_opentracks_questions_are_answered_through_the_screen() -> None:
    assert_solved_through_screen(TASKS)
