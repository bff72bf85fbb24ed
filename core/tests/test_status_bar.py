"""System UI's status bar through adb only: the dump's tree (AOSP 13's ids, the classes
uiautomator reports, System UI's content descriptions) as the last windows of the
document; the icons follow the phone's settings (Wi-Fi, airplane mode, Do Not
Disturb) in the dump and in the pixels; the clock follows ``date``; the icons are dark
over a light bar and white over a dark one."""

from __future__ import annotations

import datetime as dt
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest
from PIL import Image, ImageChops

from droidhub.android.ui_tree import UIElement, parse_hierarchy
from droidhub.device.client import Device
from droidhub.virtual.appmodel import VirtualApp
from droidhub.virtual.server import VirtualDeviceServer
from droidhub.virtual.views import TextView, ViewApp, Window

SYSTEMUI = "com.android.systemui"
NOTES, NIGHT = "com.example.notes", "com.example.night"


class Notes(ViewApp):
    """An app with a white status bar."""

    package, label = NOTES, "Notes"

    def build(self, phone: object) -> Window:
        return Window(TextView("title", "My notes"))


class Night(ViewApp):
    """An app with a black status bar."""

    package, label = NIGHT, "Night"

    def build(self, phone: object) -> Window:
        return Window(TextView("title", "Dark"), background="#FF000000", status_bar="#FF000000")


@pytest.fixture
def device() -> Iterator[Device]:
    def apps() -> list[VirtualApp]:
        return [Notes(), Night()]

    with VirtualDeviceServer(devices=1, apps=apps) as server:
        phone = Device(server.serials[0], host="127.0.0.1", port=server.port)
        phone.shell(["am", "start", "-n", f"{NOTES}/.MainActivity"])
        yield phone


def bar(device: Device) -> list[UIElement]:
    """The status bar's nodes, in document order."""
    return [e for e in parse_hierarchy(device.ui_tree()) if e.package == SYSTEMUI]


def ids(device: Device) -> dict[str, UIElement]:
    """The status bar's nodes by id (the outer of two same-named ones)."""
    found: dict[str, UIElement] = {}
    for element in bar(device):
        found.setdefault(element.resource_id.removeprefix(f"{SYSTEMUI}:id/"), element)
    return found


def descriptions(device: Device) -> list[str]:
    return [e.content_description for e in bar(device) if e.content_description]


def screenshot(device: Device) -> Image.Image:
    return device.screenshot().convert("RGB")


def test_the_dump_holds_system_uis_tree_as_the_last_windows(device: Device) -> None:
    xml = device.ui_tree()
    root = ET.fromstring(xml[xml.index("<hierarchy") :])[0]
    status_window, navigation = list(root)[-2:]
    assert status_window.get("package") == SYSTEMUI and status_window.get("resource-id") == ""
    assert navigation.get("resource-id") == f"{SYSTEMUI}:id/navigation_bar_frame"
    path = []
    node = status_window
    while len(node):
        node = node[0]
        path.append((node.get("resource-id", "").split("/")[-1], node.get("class")))
    assert path == [
        ("status_bar_container", "android.widget.FrameLayout"),
        ("status_bar", "android.widget.FrameLayout"),
        ("status_bar_contents", "android.widget.LinearLayout"),
        ("status_bar_start_side_container", "android.widget.FrameLayout"),
        ("status_bar_start_side_content", "android.widget.FrameLayout"),
        ("status_bar_start_side_except_heads_up", "android.widget.LinearLayout"),
        ("clock", "android.widget.TextView"),
    ]
    by_id = ids(device)
    assert by_id["status_bar"].bounds is not None and by_id["status_bar"].bounds.bottom == 118
    clock = by_id["clock"]
    assert (clock.text, clock.content_description) == ("15:34", "3:34 PM")
    classes = {name: by_id[name].class_name.rsplit(".", 1)[-1] for name in by_id}
    assert classes["system_icon_area"] == classes["system_icons"] == "LinearLayout"
    assert classes["statusIcons"] == classes["battery"] == "LinearLayout"
    assert classes["wifi_combo"] == classes["mobile_combo"] == "FrameLayout"
    assert classes["wifi_signal"] == classes["mobile_signal"] == "ImageView"
    assert by_id["wifi_combo"].content_description == "Wifi signal full."
    assert by_id["mobile_combo"].content_description == "Phone signal full."
    assert by_id["battery"].content_description == "Battery 100 percent."
    # Wi-Fi carries the traffic: no data type; no airplane, Bluetooth or DND icon.
    assert descriptions(device) == [
        "3:34 PM",
        "Wifi signal full.",
        "Phone signal full.",
        "Battery 100 percent.",
    ]
    # Nothing of the bar takes a tap.
    assert not any(e.clickable for e in bar(device))


def test_wifi_off_removes_its_icon_from_the_dump_and_the_pixels(device: Device) -> None:
    wifi = ids(device)["wifi_signal"].bounds
    assert wifi is not None
    box = (wifi.left, wifi.top, wifi.right, wifi.bottom)
    before = screenshot(device).crop(box)
    darkest, _ = before.convert("L").getextrema()
    assert isinstance(darkest, int) and darkest < 128  # the glyph, dark on the white bar
    device.shell(["settings", "put", "global", "wifi_on", "0"])
    by_id = ids(device)
    assert "wifi_combo" not in by_id and "wifi_signal" not in by_id
    assert by_id["mobile_type"].content_description == "LTE"  # mobile data carries it now
    assert ImageChops.difference(before, screenshot(device).crop(box)).getbbox() is not None
    device.shell(["settings", "put", "global", "wifi_on", "1"])
    assert "wifi_combo" in ids(device) and "mobile_type" not in ids(device)


def test_airplane_mode_shows_its_icon_and_no_cell_signal(device: Device) -> None:
    strip = (0, 0, 1080, 118)
    before = screenshot(device).crop(strip)
    device.shell(["settings", "put", "global", "airplane_mode_on", "1"])
    assert "Airplane mode." in descriptions(device)
    assert "mobile_combo" not in ids(device)
    airplane = next(e for e in bar(device) if e.content_description == "Airplane mode.")
    assert airplane.class_name == "android.widget.ImageView" and airplane.resource_id == ""
    assert ImageChops.difference(before, screenshot(device).crop(strip)).getbbox() is not None


def test_do_not_disturb_shows_while_zen_mode_is_set(device: Device) -> None:
    assert "Do Not Disturb" not in descriptions(device)
    device.shell(["settings", "put", "global", "zen_mode", "1"])
    assert descriptions(device)[1] == "Do Not Disturb"  # the first of the status icons
    device.shell(["settings", "put", "global", "zen_mode", "0"])
    assert "Do Not Disturb" not in descriptions(device)


def test_bluetooth_on_shows_no_icon_without_a_connected_device(device: Device) -> None:
    before = descriptions(device)
    device.shell(["settings", "put", "global", "bluetooth_on", "1"])
    assert descriptions(device) == before


def test_the_clock_follows_date(device: Device) -> None:
    device.set_time(dt.datetime(2023, 10, 16, 9, 5, 0))
    clock = ids(device)["clock"]
    assert (clock.text, clock.content_description) == ("09:05", "9:05 AM")
    device.set_time(dt.datetime(2023, 10, 16, 21, 47, 0))
    assert ids(device)["clock"].text == "21:47"


def test_icons_are_dark_on_a_light_bar_and_white_on_a_dark_one(device: Device) -> None:
    def battery_ink() -> tuple[int, int, int]:
        battery = ids(device)["battery"].bounds
        assert battery is not None
        centre = ((battery.left + battery.right) // 2, (battery.top + battery.bottom) // 2)
        pixel = screenshot(device).getpixel(centre)
        assert isinstance(pixel, tuple)
        return pixel[0], pixel[1], pixel[2]

    assert max(battery_ink()) < 128
    device.shell(["am", "start", "-n", f"{NIGHT}/.MainActivity"])
    assert min(battery_ink()) > 200
