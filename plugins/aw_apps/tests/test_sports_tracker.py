"""The OpenTracks model: the tracks table at the real path, and its helpers."""

from __future__ import annotations

import datetime as dt

import pytest

from droidhub import Device
from droidhub.virtual.appmodel import VirtualPhone
from droidhub_aw_apps.sports_tracker import model as sports_tracker
from droidhub_aw_apps.sports_tracker.ir import IR_APP, shown_meters, track_of
from droidhub_aw_apps.sports_tracker.model import DB_PATH, make_track

START = dt.datetime(2023, 10, 12, 7, 30, tzinfo=dt.UTC)


def test_the_phone_has_an_empty_tracks_table_with_the_apps_columns(
    virtual_device: Device, virtual_phone: VirtualPhone
) -> None:
    assert virtual_phone.host_path(DB_PATH).is_file()
    columns = [r["name"] for r in virtual_device.query_db(DB_PATH, "PRAGMA table_info(tracks)")]
    assert columns[:5] == ["_id", "name", "description", "category", "starttime"]
    assert {"totaldistance", "totaltime", "movingtime", "avgspeed", "elevationgain", "uuid"} <= set(
        columns
    )
    assert sports_tracker.list_tracks(virtual_device) == []


def test_a_track_is_consistent_like_the_app_records_it() -> None:
    track = make_track("Morning run", "running", START, minutes=25, meters=5000, gain=40)
    assert track.stoptime - track.starttime == track.totaltime == 25 * 60_000
    assert track.avgspeed == pytest.approx(5000 / 1500)
    assert track.activity_type == track.icon == "running"
    assert len(track.uuid) == 16


def test_add_list_and_clear_tracks_through_the_device(virtual_device: Device) -> None:
    tracks = [
        make_track("Morning run", "running", START, 25, 5000),
        make_track("Lake swim", "swimming", START + dt.timedelta(days=1), 40, 1200),
    ]
    sports_tracker.add_tracks(virtual_device, tracks)
    back = sports_tracker.list_tracks(virtual_device)
    assert [(t.name, t.category, t.totaldistance, t.starttime) for t in back] == [
        ("Morning run", "running", 5000.0, tracks[0].starttime),
        ("Lake swim", "swimming", 1200.0, tracks[1].starttime),
    ]
    sports_tracker.clear_tracks(virtual_device)
    assert sports_tracker.list_tracks(virtual_device) == []


def test_question_rows_round_trip_through_the_phone(virtual_device: Device) -> None:
    row = {
        "name": "Hill Walk",
        "category": "hiking",
        "start_date": "October 13 2023",
        "start_time": "2:15pm",
        "duration": "105",
        "total_distance": "8000",
    }
    image = IR_APP.write(virtual_device, [track_of(row)])
    [back] = sports_tracker.list_tracks(virtual_device)
    start = dt.datetime.fromtimestamp(back.starttime / 1000, dt.UTC)
    assert start == dt.datetime(2023, 10, 13, 14, 15, tzinfo=dt.UTC)
    assert back.totaltime == 105 * 60_000
    # Stored as AW stores it: rounded to the hundredth of a mile the app shows.
    assert back.totaldistance == round(4.97 * 1609.34) == shown_meters(8000)
    IR_APP.restore(virtual_device, image)
    assert virtual_device.pull(DB_PATH) == image
