"""The virtual phone through the adb protocol: droidhub's Device layer (and adbutils)
read its answers exactly as they read a real phone's."""

from __future__ import annotations

import datetime as dt

import adbutils

from droidhub.device.client import Device
from droidhub.virtual.phone import LAUNCHER_PACKAGE, VirtualPhone


def test_settings_and_clock_through_device(
    virtual_device: Device, virtual_phone: VirtualPhone
) -> None:
    assert virtual_device.get_setting("global", "wifi_on") == "1"
    assert virtual_device.get_setting("secure", "no_such_key") is None
    virtual_device.put_setting("system", "screen_brightness", "255")
    assert virtual_phone.settings.get("system", "screen_brightness") == "255"
    now = virtual_device.now()
    assert (now.year, now.month, now.day) == (2023, 10, 15) and now.utcoffset() == dt.timedelta(0)
    virtual_device.set_time(dt.datetime(2023, 10, 20, 8, 30, 0, tzinfo=dt.UTC))
    assert virtual_phone.now().strftime("%Y-%m-%d %H:%M") == "2023-10-20 08:30"
    assert virtual_device.is_booted()


def test_content_roundtrip_through_device(virtual_device: Device) -> None:
    body = "Don't forget: 'milk' & \"eggs\"; 50% off — 日本"
    virtual_device.content_insert("content://sms/inbox", {"address": "+15550100", "body": body})
    rows = virtual_device.content_query(
        "content://sms/inbox", projection=["address", "body", "type"]
    )
    assert rows == [{"address": "+15550100", "body": body, "type": "1"}]
    virtual_device.content_delete("content://sms", where="address = '+15550100'")
    assert virtual_device.content_query("content://sms") == []


def test_activities_through_device(virtual_device: Device, virtual_phone: VirtualPhone) -> None:
    assert virtual_device.foreground_activity().startswith(LAUNCHER_PACKAGE + "/")
    virtual_device.start_activity(component="com.android.settings/.Settings")
    assert virtual_phone.foreground_package == "com.android.settings"
    assert virtual_device.foreground_activity().startswith("com.android.settings/")
    virtual_device.go_home()
    assert virtual_phone.foreground_package == LAUNCHER_PACKAGE
    assert "com.android.settings" in virtual_device.packages()


def test_screen_through_device(virtual_device: Device) -> None:
    image = virtual_device.screenshot()
    assert image.size == (1080, 2400)
    labels = [e.text for e in virtual_device.ui_elements() if e.clickable]
    assert "Settings" in labels


def test_files_through_device(virtual_device: Device, virtual_phone: VirtualPhone) -> None:
    virtual_device.write_text("/sdcard/Documents/note.txt", "héllo\n")
    assert (
        virtual_phone.host_path("/storage/emulated/0/Documents/note.txt").read_text() == "héllo\n"
    )
    assert virtual_device.exists("/sdcard/Documents/note.txt")
    assert "note.txt" in virtual_device.listdir("/sdcard/Documents")
    virtual_device.remove("/sdcard/Documents/note.txt")
    assert not virtual_device.exists("/sdcard/Documents/note.txt")


def test_adbutils_reads_the_phone(virtual_device: Device) -> None:
    # adbutils' own helpers parse `wm size`, `dumpsys display`, `dumpsys window` and
    # `uiautomator dump` output: they must work unchanged.
    client = adbutils.AdbClient(host=virtual_device.host, port=virtual_device.port)
    device = client.device(virtual_device.serial)
    assert device.window_size() == (1080, 2400)
    assert device.app_current().package == LAUNCHER_PACKAGE
    assert "<hierarchy" in device.dump_hierarchy()
    assert device.getprop("ro.build.version.sdk") == "33"
