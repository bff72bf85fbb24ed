"""Settings as Android 13 lays it out, driven through adb as a client drives a phone
(``input tap|swipe|keyevent``, ``uiautomator dump``, ``screencap``, ``settings get``),
and the system tasks solved through it by their UI-only solvers.

The ids, classes and nesting asserted are those of AOSP's layouts (see
``droidhub_aw_apps.system.layouts``): ``settings_homepage_container.xml``,
``homepage_preference.xml``, SettingsLib's collapsing toolbar, preference and main
switch bar, SystemUI's brightness slider.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from screen_checks import assert_solved_through_screen

from droidhub import Device
from droidhub.android.ui_tree import UIElement, parse_hierarchy

SETTINGS = "com.android.settings"
SYSTEMUI = "com.android.systemui"
WIFI = "Wi\u2011Fi"


def _screen(device: Device) -> list[UIElement]:
    return parse_hierarchy(device.ui_tree())


def _tap_text(device: Device, text: str) -> None:
    element = next(e for e in _screen(device) if e.text == text)
    assert element.bounds is not None
    device.tap(*element.bounds.center)


def _open_settings(device: Device) -> None:
    device.shell(["am", "start", "-n", f"{SETTINGS}/.Settings"])


def _switch_on_row(device: Device, title: str) -> UIElement:
    elements = _screen(device)
    row = next(e for e in elements if e.text == title)
    assert row.bounds is not None
    middle = row.bounds.center[1]
    return next(
        e
        for e in elements
        if e.resource_id == "android:id/switch_widget"
        and e.bounds is not None
        and e.bounds.top <= middle < e.bounds.bottom
    )


def _path_to(device: Device, resource_id: str) -> list[str]:
    """The ids (or, without one, the classes) from the content down to the node."""
    root = ET.fromstring(device.ui_tree())

    def walk(node: ET.Element, trail: list[str]) -> list[str] | None:
        here = [*trail, node.get("resource-id") or node.get("class", "")]
        if node.get("resource-id") == resource_id:
            return here
        for child in node:
            found = walk(child, here)
            if found is not None:
                return found
        return None

    path = walk(root, []) or []
    return path[path.index("android:id/content") + 1 :] if "android:id/content" in path else path


def _titles(device: Device) -> list[str]:
    return [e.text for e in _screen(device) if e.resource_id == "android:id/title"]


def test_the_homepage_is_androids_layout_and_its_list_scrolls(virtual_device: Device) -> None:
    _open_settings(virtual_device)
    s = f"{SETTINGS}:id/"
    # Android 13's homepage (12L's two-pane-ready layout): the phone's app bar view
    # holds the title and the search bar, and the app bar comes after the list.
    assert _path_to(virtual_device, f"{s}search_action_bar_title") == [
        f"{s}settings_homepage_container", f"{s}app_bar", f"{s}app_bar_container",
        f"{s}homepage_app_bar_regular_phone_view", f"{s}search_bar", f"{s}search_action_bar",
        f"{s}search_action_bar_title",
    ]  # fmt: skip
    assert _path_to(virtual_device, f"{s}recycler_view") == [
        f"{s}settings_homepage_container", f"{s}main_content_scrollable_container",
        f"{s}homepage_container", f"{s}main_content", "android.widget.LinearLayout",
        "android:id/list_container", f"{s}recycler_view",
    ]  # fmt: skip
    elements = _screen(virtual_device)
    ids = [e.resource_id for e in elements]
    assert ids.index(f"{s}main_content_scrollable_container") < ids.index(f"{s}app_bar")
    assert f"{s}margin_placeholder" not in ids and f"{s}account_avatar" not in ids  # invisible
    by_id = {e.resource_id: e for e in elements}
    assert by_id[f"{s}homepage_title"].text == "Settings"
    assert by_id[f"{s}search_action_bar_title"].text == "Search settings"
    scroller = by_id[f"{s}main_content_scrollable_container"]
    assert scroller.class_name == "android.widget.ScrollView" and scroller.scrollable
    assert not by_id[f"{s}recycler_view"].scrollable  # the scroll view scrolls, not the list
    assert [e.resource_id for e in elements].count(f"{s}icon_frame") == len(_titles(virtual_device))
    titles = _titles(virtual_device)
    assert titles[:5] == ["Network & internet", "Connected devices", "Apps", "Notifications",
                          "Battery"]  # fmt: skip
    # The list is longer than the screen: its last row is cut by the screen's end.
    assert scroller.bounds is not None
    last = [e for e in elements if e.resource_id == "android:id/summary"][-1]
    assert last.bounds is not None and last.bounds.bottom == scroller.bounds.bottom
    assert "System" not in titles
    virtual_device.swipe(540, 2000, 540, 800, 10_000)  # slow: a drag, no fling
    titles = _titles(virtual_device)
    assert "Display" in titles and "Network & internet" not in titles
    virtual_device.swipe(540, 2000, 540, 500, 300)
    virtual_device.swipe(540, 2000, 540, 500, 300)
    assert _titles(virtual_device)[-1] == "Tips & support"


def test_wifi_is_reached_by_navigating_and_back_goes_up_one_page(
    virtual_device: Device,
) -> None:
    virtual_device.put_setting("global", "wifi_on", "0")
    _open_settings(virtual_device)
    assert WIFI not in [e.text for e in _screen(virtual_device)]
    _tap_text(virtual_device, "Network & internet")
    s = f"{SETTINGS}:id/"
    assert _path_to(virtual_device, f"{s}action_bar") == [
        f"{s}content_parent", f"{s}app_bar", f"{s}collapsing_toolbar", f"{s}action_bar",
    ]  # fmt: skip
    toolbar = next(e for e in _screen(virtual_device) if e.resource_id == f"{s}collapsing_toolbar")
    assert toolbar.content_description == "Network & internet"
    _tap_text(virtual_device, "Internet")
    switch = _switch_on_row(virtual_device, WIFI)
    assert switch.class_name == "android.widget.Switch" and not switch.checked
    assert switch.bounds is not None
    virtual_device.tap(*switch.bounds.center)
    assert virtual_device.get_setting("global", "wifi_on") == "1"
    assert _switch_on_row(virtual_device, WIFI).checked
    assert "AndroidWifi" in [e.text for e in _screen(virtual_device)]
    _tap_text(virtual_device, WIFI)  # a tap on the row flips it too
    assert virtual_device.get_setting("global", "wifi_on") == "0"
    up = next(e for e in _screen(virtual_device) if e.content_description == "Navigate up")
    assert up.bounds is not None
    virtual_device.tap(*up.bounds.center)
    texts = [e.text for e in _screen(virtual_device)]
    assert "Airplane mode" in texts and "Off" in texts  # the Internet row reports the radio
    virtual_device.keyevent("KEYCODE_BACK")
    virtual_device.keyevent("KEYCODE_BACK")
    assert SETTINGS not in virtual_device.foreground_activity()


def test_bluetooth_is_three_pages_deep_behind_its_main_switch(virtual_device: Device) -> None:
    virtual_device.put_setting("global", "bluetooth_on", "1")
    _open_settings(virtual_device)
    for title in ("Connected devices", "Connection preferences", "Bluetooth"):
        _tap_text(virtual_device, title)
    s = f"{SETTINGS}:id/"
    text = next(e for e in _screen(virtual_device) if e.text == "Use Bluetooth")
    assert text.resource_id == f"{s}switch_text"
    assert _path_to(virtual_device, "android:id/switch_widget")[-3:] == [
        "android.widget.LinearLayout", f"{s}frame", "android:id/switch_widget",
    ]  # fmt: skip
    switch = _switch_on_row(virtual_device, "Use Bluetooth")
    assert switch.checked and switch.bounds is not None
    virtual_device.tap(*switch.bounds.center)
    assert virtual_device.get_setting("global", "bluetooth_on") == "0"
    _tap_text(virtual_device, "Use Bluetooth")  # the bar flips it as well
    assert virtual_device.get_setting("global", "bluetooth_on") == "1"


def test_brightness_slider_shows_over_a_scrim_and_is_set_by_tap_and_drag(
    virtual_device: Device,
) -> None:
    _open_settings(virtual_device)
    virtual_device.swipe(540, 2000, 540, 1300, 300)
    _tap_text(virtual_device, "Display")
    before = virtual_device.screenshot().convert("RGB")
    _tap_text(virtual_device, "Brightness level")
    elements = _screen(virtual_device)
    assert {e.package for e in elements} == {SYSTEMUI}  # System UI's window is in front
    slider = next(e for e in elements if e.class_name == "android.widget.SeekBar")
    assert slider.resource_id == f"{SYSTEMUI}:id/slider"
    assert slider.content_description == "Display brightness"
    assert _path_to(virtual_device, slider.resource_id) == [
        f"{SYSTEMUI}:id/brightness_mirror_container", f"{SYSTEMUI}:id/brightness_slider",
        slider.resource_id,
    ]  # fmt: skip
    box = slider.bounds
    assert box is not None
    # Pixels: the page behind is dimmed by the scrim, the panel is not.
    after = virtual_device.screenshot().convert("RGB")
    behind = (540, 2000)
    assert sum(after.getpixel(behind)) < 0.5 * sum(before.getpixel(behind))
    assert after.getpixel((box.left - 20, box.center[1])) != after.getpixel(behind)
    virtual_device.tap(box.right - 1, box.center[1])
    assert virtual_device.get_setting("system", "screen_brightness") == "255"
    virtual_device.swipe(box.right - 1, box.center[1], box.left, box.center[1], 400)
    assert virtual_device.get_setting("system", "screen_brightness") == "1"
    virtual_device.tap(box.center[0], box.center[1])
    assert virtual_device.get_setting("system", "screen_brightness") not in ("1", "255")
    # BACK closes the dialog: the Display page shows the level in percent.
    virtual_device.keyevent("KEYCODE_BACK")
    summaries = [e.text for e in _screen(virtual_device) if e.resource_id == "android:id/summary"]
    assert "50%" in summaries
    # A tap outside the panel closes it too.
    _tap_text(virtual_device, "Brightness level")
    virtual_device.tap(540, 2000)
    assert SETTINGS in {e.package for e in _screen(virtual_device)}


SYSTEM_TASKS = (
    "SystemWifiTurnOn,SystemWifiTurnOff,SystemWifiTurnOnVerify,SystemWifiTurnOffVerify,"
    "SystemBluetoothTurnOn,SystemBluetoothTurnOff,SystemBluetoothTurnOnVerify,"
    "SystemBluetoothTurnOffVerify,SystemBrightnessMax,SystemBrightnessMin,"
    "SystemBrightnessMaxVerify,SystemBrightnessMinVerify,OpenAppTaskEval"
)


def test_every_system_task_is_solved_through_the_screen() -> None:
    assert_solved_through_screen(SYSTEM_TASKS.split(","))
