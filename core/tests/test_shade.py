"""System UI's notification shade and quick settings, through adb only: a swipe down
from the status bar pulls it over the app, its dump is System UI's window with the
AOSP ids, tiles flip the phone's settings, BACK / a swipe up / a tap below the panel
go back a level, HOME goes home.

The arithmetic: the status bar is 118 px; the quick row's four tiles are 2 x 2 under
the header (118 px clock row, 126 px date row), so the Bluetooth tile is the second of
the first row; the expanded panel's tiles follow the brightness slider.
"""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest
from PIL import Image, ImageChops

from droidhub.android.ui_tree import UIElement, parse_hierarchy
from droidhub.device.client import Device
from droidhub.virtual.appmodel import VirtualApp
from droidhub.virtual.server import VirtualDeviceServer
from droidhub.virtual.views import TextView, ViewApp, Window

SYSTEMUI = "com.android.systemui"
NOTES = "com.example.notes"


class Notes(ViewApp):
    """An app with a title, to show under the shade."""

    package, label = NOTES, "Notes"

    def build(self, phone: object) -> Window:
        return Window(TextView("title", "My notes"))


@pytest.fixture
def device() -> Iterator[Device]:
    def apps() -> list[VirtualApp]:
        return [Notes()]

    with VirtualDeviceServer(devices=1, apps=apps) as server:
        phone = Device(server.serials[0], host="127.0.0.1", port=server.port)
        phone.shell(["am", "start", "-n", f"{NOTES}/.MainActivity"])
        yield phone


def pull_down(device: Device) -> None:
    """A swipe from the status bar to the middle of the screen."""
    device.swipe(540, 40, 540, 1200)


def by_id(device: Device) -> dict[str, UIElement]:
    return {e.resource_id: e for e in parse_hierarchy(device.ui_tree()) if e.resource_id}


def tile(device: Device, label: str) -> UIElement:
    """The tile whose content-desc starts with ``label``."""
    elements = parse_hierarchy(device.ui_tree())
    found = [
        e
        for e in elements
        if e.class_name in ("android.widget.Switch", "android.widget.Button")
        and e.content_description.split(",")[0] == label
    ]
    assert found, f"no tile {label!r} in {[e.content_description for e in elements]}"
    return found[0]


def centre(element: UIElement) -> tuple[int, int]:
    box = element.bounds
    assert box is not None
    return (box.left + box.right) // 2, (box.top + box.bottom) // 2


def test_a_swipe_from_the_status_bar_pulls_the_quick_row_over_the_app(device: Device) -> None:
    assert f"{NOTES}:id/title" in by_id(device)
    pull_down(device)
    ids = by_id(device)
    assert f"{NOTES}:id/title" not in ids  # the shade's window is in front
    for name in ("notification_shade", "notification_panel", "qs_frame", "header",
                 "quick_qs_panel", "notification_stack_scroller", "clock", "date"):  # fmt: skip
        assert f"{SYSTEMUI}:id/{name}" in ids, name
    assert ids[f"{SYSTEMUI}:id/no_notifications"].text == "No notifications"
    assert f"{SYSTEMUI}:id/brightness_slider" not in ids  # only once expanded
    labels = [
        e.text for e in parse_hierarchy(device.ui_tree()) if e.resource_id.endswith("tile_label")
    ]
    assert labels == ["Internet", "Bluetooth", "Flashlight", "Do Not Disturb"]
    bluetooth = tile(device, "Bluetooth")
    assert bluetooth.class_name == "android.widget.Switch"
    assert (bluetooth.text, bluetooth.checkable, bluetooth.checked) == ("Off", True, False)
    assert bluetooth.clickable and bluetooth.long_clickable
    internet = tile(device, "Internet")
    assert internet.class_name == "android.widget.Button"
    assert internet.content_description == "Internet,AndroidWifi"


def test_a_swipe_lower_down_does_not_pull_the_shade(device: Device) -> None:
    device.swipe(540, 400, 540, 1400)
    assert f"{NOTES}:id/title" in by_id(device)


def test_a_tap_on_the_bluetooth_tile_flips_bluetooth_on(device: Device) -> None:
    assert device.get_setting("global", "bluetooth_on") == "0"
    pull_down(device)
    device.tap(*centre(tile(device, "Bluetooth")))
    assert device.get_setting("global", "bluetooth_on") == "1"
    bluetooth = tile(device, "Bluetooth")
    assert (bluetooth.text, bluetooth.checked) == ("On", True)
    device.tap(*centre(bluetooth))
    assert device.get_setting("global", "bluetooth_on") == "0"


def test_a_second_pull_expands_quick_settings(device: Device) -> None:
    pull_down(device)
    device.swipe(540, 900, 540, 1800)
    ids = by_id(device)
    slider = ids[f"{SYSTEMUI}:id/slider"]
    assert slider.class_name == "android.widget.SeekBar"
    assert slider.content_description == "Display brightness"
    assert f"{SYSTEMUI}:id/brightness_slider" in ids and f"{SYSTEMUI}:id/qs_pager" in ids
    assert f"{SYSTEMUI}:id/quick_qs_panel" not in ids
    assert ids[f"{SYSTEMUI}:id/settings_button"].content_description == "Open settings"
    assert ids[f"{SYSTEMUI}:id/pm_lite"].content_description == "Power menu"
    assert ids["android:id/edit"].content_description == "Edit order of settings"
    device.tap(*centre(tile(device, "Airplane mode")))
    assert device.get_setting("global", "airplane_mode_on") == "1"
    device.swipe(900, 1000, 100, 1000)  # the second page of tiles
    assert tile(device, "Screen Cast").class_name == "android.widget.Button"
    assert by_id(device)[f"{SYSTEMUI}:id/qs_pager"].scrollable
    x, y = centre(slider)
    device.swipe(x, y, 1075, y)  # the thumb follows the finger past the track's end
    assert device.get_setting("system", "screen_brightness") == "255"


def test_back_and_swipe_up_close_one_level_at_a_time(device: Device) -> None:
    pull_down(device)
    device.swipe(540, 900, 540, 1800)
    device.keyevent("KEYCODE_BACK")
    ids = by_id(device)
    assert f"{SYSTEMUI}:id/quick_qs_panel" in ids and f"{SYSTEMUI}:id/slider" not in ids
    device.keyevent("KEYCODE_BACK")
    assert f"{NOTES}:id/title" in by_id(device)
    assert device.foreground_activity().startswith(NOTES)  # BACK did not reach the app
    pull_down(device)
    device.swipe(540, 1500, 540, 300)
    assert f"{NOTES}:id/title" in by_id(device)


def test_a_tap_below_the_panel_closes_it_and_home_goes_home(device: Device) -> None:
    pull_down(device)
    device.tap(540, 2000)
    assert f"{NOTES}:id/title" in by_id(device)
    pull_down(device)
    device.keyevent("KEYCODE_HOME")
    ids = by_id(device)
    assert f"{SYSTEMUI}:id/notification_shade" not in ids
    assert any(i.endswith(":id/workspace") for i in ids)


def test_the_internet_tile_opens_the_internet_dialog_and_its_switch_turns_wifi_off(
    device: Device,
) -> None:
    pull_down(device)
    device.tap(*centre(tile(device, "Internet")))
    ids = by_id(device)
    assert ids[f"{SYSTEMUI}:id/internet_dialog_title"].text == "Internet"
    assert f"{SYSTEMUI}:id/quick_qs_panel" not in ids  # the dialog's window is in front
    switch = ids[f"{SYSTEMUI}:id/wifi_toggle"]
    assert switch.class_name == "android.widget.Switch" and switch.checked
    device.tap(*centre(switch))
    assert device.get_setting("global", "wifi_on") == "0"
    assert f"{SYSTEMUI}:id/wifi_connected_layout" not in by_id(device)
    done = by_id(device)[f"{SYSTEMUI}:id/done_button"]
    assert done.text == "Done"
    device.tap(*centre(done))
    assert tile(device, "Internet").content_description == "Internet,T-Mobile"


def test_open_settings_collapses_the_shade_and_starts_settings(device: Device) -> None:
    pull_down(device)
    device.swipe(540, 900, 540, 1800)
    device.tap(*centre(by_id(device)[f"{SYSTEMUI}:id/settings_button"]))
    assert device.foreground_activity().startswith("com.android.settings/")
    assert f"{SYSTEMUI}:id/notification_shade" not in by_id(device)


def test_the_screenshot_shows_the_shade_where_the_app_was(device: Device) -> None:
    before = Image.open(io.BytesIO(device.screenshot_png())).convert("RGB")
    pull_down(device)
    after = Image.open(io.BytesIO(device.screenshot_png())).convert("RGB")
    assert after.size == (1080, 2400)
    changed = ImageChops.difference(before, after).getbbox()
    assert changed is not None and changed[1] < 118 < 700 < changed[3]
    # the Internet tile (on) is in the accent colour, Bluetooth (off) is not
    internet, bluetooth = tile(device, "Internet"), tile(device, "Bluetooth")
    assert internet.bounds is not None and bluetooth.bounds is not None
    spot = (internet.bounds.left + 40, internet.bounds.top + 20)
    off = (bluetooth.bounds.left + 40, bluetooth.bounds.top + 20)
    assert after.getpixel(spot) != after.getpixel(off)
