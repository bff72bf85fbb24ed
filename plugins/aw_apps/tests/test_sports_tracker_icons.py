"""A track's activity type told by its icon, as the solvers see it through adb: the icon
beside a type's name in Aggregated stats, cut out of a screencap by its bounds, matches
the icons of exactly that type's rows in the track list."""

from __future__ import annotations

import datetime as dt

from PIL import Image
from screen_checks import screen_elements, tap_element

from droidhub import Device
from droidhub.device.screen import screencap_image
from droidhub_aw_apps.sports_tracker.icons import icon_difference, icon_in, same_icon
from droidhub_aw_apps.sports_tracker.model import add_tracks, make_track

#: One track each, newest first; hiking and climbing share the app's hiking drawable.
TRACKS = (
    ("Morning run", "running"),
    ("Pool laps", "swimming"),
    ("Evening run", "running"),
    ("Ridge walk", "hiking"),
    ("Road loop", "cycling"),
    ("Crag day", "climbing"),
    ("Fell run", "running"),
)


def _icons(device: Device, rid: str) -> list[Image.Image | None]:
    """The pixels of every view ``rid`` on screen, in order."""
    shot = screencap_image(device)
    return [icon_in(shot, e.bounds) for e in screen_elements(device) if e.resource_id.endswith(rid)]


def _type_icon(device: Device, category: str) -> Image.Image:
    """The icon of ``category``'s row in Aggregated stats (the screen open now)."""
    shot = screencap_image(device)
    icon: Image.Image | None = None
    for element in screen_elements(device):
        if element.resource_id.endswith("/activity_icon"):
            icon = icon_in(shot, element.bounds)
        elif element.resource_id.endswith("type_label") and element.text == category:
            assert icon is not None, f"{category!r}'s icon is cut by the screen's edge"
            return icon
    raise AssertionError(f"no whole row {category!r} in Aggregated stats")


def test_a_type_icon_from_aggregated_stats_finds_exactly_its_rows(virtual_device: Device) -> None:
    now = virtual_device.now()
    add_tracks(
        virtual_device,
        [
            make_track(name, category, now - dt.timedelta(hours=2 + 5 * i), 30, 3000)
            for i, (name, category) in enumerate(TRACKS)
        ],
    )
    virtual_device.shell(["monkey", "-p", "de.dennisguse.opentracks", "1"])
    rows = _icons(virtual_device, "track_list_item_icon")
    assert len(rows) == len(TRACKS) and all(r is not None for r in rows)
    tap_element(virtual_device, resource_id="aggregated_stats_button")
    for category in ("running", "swimming", "cycling", "hiking"):
        icon = _type_icon(virtual_device, category)
        matched = [TRACKS[i][0] for i, r in enumerate(rows) if r is not None and same_icon(r, icon)]
        wanted = {category, "climbing"} if category == "hiking" else {category}
        assert matched == [name for name, c in TRACKS if c in wanted], category
    # Different glyphs are far apart, not just past the threshold.
    run, swim = _type_icon(virtual_device, "running"), _type_icon(virtual_device, "swimming")
    assert icon_difference(run, swim) > 3 * 6.0
    assert icon_difference(run, run) == 0
