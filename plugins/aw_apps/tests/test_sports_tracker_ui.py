"""OpenTracks' screens through adb, and its questions answered through them alone."""

from __future__ import annotations

import datetime as dt
import subprocess
import sys

from droidhub import Device
from droidhub.android.ui_tree import UIElement, parse_hierarchy
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


def _elements(device: Device) -> list[UIElement]:
    return parse_hierarchy(device.ui_tree())


def _text(device: Device, rid: str) -> list[str]:
    return [e.text for e in _elements(device) if e.resource_id.endswith(rid)]


def _tap(device: Device, **wanted: str) -> None:
    for element in _elements(device):
        if all(getattr(element, k).endswith(v) for k, v in wanted.items()):
            assert element.bounds is not None
            device.tap(*element.bounds.center)
            return
    raise AssertionError(f"nothing with {wanted} on screen")


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
    _tap(virtual_device, text="Old ride")
    assert _text(virtual_device, "stats_total_time_value") == ["45:00"]
    _tap(virtual_device, content_description="Delete")
    _tap(virtual_device, text="OK")
    assert virtual_device.query_db(DB, "SELECT name FROM tracks") == [{"name": "Morning run"}]


def test_the_opentracks_questions_are_answered_through_the_screen() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "droidhub", "check", "--ui", "--tasks", ",".join(TASKS)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert f"{len(TASKS)} of {len(TASKS)} tasks pass" in proc.stdout
