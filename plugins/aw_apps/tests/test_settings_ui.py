"""Settings as Android 13 lays it out, driven through adb as a client drives a phone
(``input tap|swipe|keyevent``, ``uiautomator dump``, ``settings get``), and the system
tasks solved through it by their UI-only solvers."""

from __future__ import annotations

from screen_checks import assert_solved_through_screen

from droidhub import Device
from droidhub.android.ui_tree import UIElement, parse_hierarchy

SETTINGS = "com.android.settings"
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


def test_the_first_screen_lists_android_13s_top_level_entries(virtual_device: Device) -> None:
    _open_settings(virtual_device)
    titles = [e.text for e in _screen(virtual_device) if e.resource_id == "android:id/title"]
    assert titles[:5] == [
        "Network & internet",
        "Connected devices",
        "Apps",
        "Notifications",
        "Battery",
    ]
    # The list is longer than the screen: the rest shows after scrolling, the first go.
    assert "System" not in titles
    virtual_device.swipe(540, 2000, 540, 800, 300)
    titles = [e.text for e in _screen(virtual_device) if e.resource_id == "android:id/title"]
    assert "Display" in titles and "Network & internet" not in titles


def test_wifi_is_reached_by_navigating_and_back_goes_up_one_page(
    virtual_device: Device,
) -> None:
    virtual_device.put_setting("global", "wifi_on", "0")
    _open_settings(virtual_device)
    assert WIFI not in [e.text for e in _screen(virtual_device)]
    _tap_text(virtual_device, "Network & internet")
    _tap_text(virtual_device, "Internet")
    switch = _switch_on_row(virtual_device, WIFI)
    assert not switch.checked
    assert switch.bounds is not None
    virtual_device.tap(*switch.bounds.center)
    assert virtual_device.get_setting("global", "wifi_on") == "1"
    assert _switch_on_row(virtual_device, WIFI).checked
    virtual_device.keyevent("KEYCODE_BACK")
    texts = [e.text for e in _screen(virtual_device)]
    assert "Network & internet" in texts and "Airplane mode" in texts
    assert "AndroidWifi" in texts  # the Internet row's summary follows the radio
    virtual_device.keyevent("KEYCODE_BACK")
    virtual_device.keyevent("KEYCODE_BACK")
    assert SETTINGS not in virtual_device.foreground_activity()


def test_bluetooth_is_three_pages_deep(virtual_device: Device) -> None:
    virtual_device.put_setting("global", "bluetooth_on", "1")
    _open_settings(virtual_device)
    for title in ("Connected devices", "Connection preferences", "Bluetooth"):
        _tap_text(virtual_device, title)
    switch = _switch_on_row(virtual_device, "Use Bluetooth")
    assert switch.checked and switch.bounds is not None
    virtual_device.tap(*switch.bounds.center)
    assert virtual_device.get_setting("global", "bluetooth_on") == "0"


def test_brightness_is_set_by_tapping_and_dragging_the_seekbar(virtual_device: Device) -> None:
    _open_settings(virtual_device)
    virtual_device.swipe(540, 2000, 540, 1300, 300)
    _tap_text(virtual_device, "Display")
    _tap_text(virtual_device, "Brightness level")
    slider = next(e for e in _screen(virtual_device) if e.class_name == "android.widget.SeekBar")
    assert slider.package == "com.android.systemui" and slider.bounds is not None
    box = slider.bounds
    virtual_device.tap(box.right - 1, box.center[1])
    assert virtual_device.get_setting("system", "screen_brightness") == "255"
    virtual_device.swipe(box.right - 1, box.center[1], box.left, box.center[1], 400)
    assert virtual_device.get_setting("system", "screen_brightness") == "1"
    virtual_device.tap(box.center[0], box.center[1])
    assert virtual_device.get_setting("system", "screen_brightness") not in ("1", "255")
    # BACK closes the dialog: the Display page shows the level in percent.
    virtual_device.keyevent("KEYCODE_BACK")
    summaries = [e.text for e in _screen(virtual_device) if e.resource_id == "android:id/summary"]
    assert any(s.endswith("%") for s in summaries)


SYSTEM_TASKS = (
    "SystemWifiTurnOn,SystemWifiTurnOff,SystemWifiTurnOnVerify,SystemWifiTurnOffVerify,"
    "SystemBluetoothTurnOn,SystemBluetoothTurnOff,SystemBluetoothTurnOnVerify,"
    "SystemBluetoothTurnOffVerify,SystemBrightnessMax,SystemBrightnessMin,"
    "SystemBrightnessMaxVerify,SystemBrightnessMinVerify,OpenAppTaskEval"
)


def test_every_system_task_is_solved_through_the_screen() -> None:
    assert_solved_through_screen(SYSTEM_TASKS.split(","))
