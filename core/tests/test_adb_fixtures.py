"""The pytest fixtures plugin authors get, and adbutils' own API on a virtual phone.

No conftest defines ``virtual_device`` and friends: they come from droidhub's
``pytest11`` entry point, exactly as in a plugin's test suite.
"""

from __future__ import annotations

import os

import adbutils
import pytest

from droidhub.device.client import Device
from droidhub.env.environment import Env
from droidhub.virtual.server import VirtualDeviceServer

MARK = "/sdcard/Download/fixture-mark.txt"


@pytest.mark.parametrize("run", [1, 2])
def test_every_test_gets_a_fresh_phone(virtual_device: Device, run: int) -> None:
    # Whichever run comes second would see the first one's mark on a shared phone.
    assert not virtual_device.exists(MARK)
    virtual_device.write_text(MARK, f"run {run}")
    assert virtual_device.read_text(MARK) == f"run {run}"


def test_virtual_phone_is_the_phone_behind_the_device(
    virtual_device: Device, virtual_phone: object, virtual_server: VirtualDeviceServer
) -> None:
    assert virtual_server.phone(virtual_device.serial) is virtual_phone
    virtual_device.put_setting("global", "wifi_on", "0")
    assert virtual_server.phone(virtual_device.serial).settings.get("global", "wifi_on") == "0"


def test_virtual_env_observes_the_home_screen(virtual_env: Env) -> None:
    virtual_env.reset()
    state = virtual_env.get_state()
    assert state.screenshot is not None and state.screenshot.size == (1080, 2400)
    assert state.ui_elements, "the launcher shows app icons"
    assert virtual_env.apps, "the installed plugins' apps are in the env"


def test_adbutils_screenshot_hierarchy_and_shell2(
    virtual_server: VirtualDeviceServer, virtual_device: Device
) -> None:
    device = adbutils.AdbClient(host="127.0.0.1", port=virtual_server.port).device(
        virtual_device.serial
    )
    image = device.screenshot(error_ok=False)
    assert image.size == (1080, 2400)
    xml = device.dump_hierarchy()
    assert xml.startswith("<?xml") and "<hierarchy" in xml
    failed = device.shell2("ls /no/such/folder")
    assert failed.returncode == 1 and "No such file or directory" in failed.output
    payload = os.urandom(1024 * 1024)
    device.sync.push(payload, "/sdcard/Music/song.bin")
    assert device.sync.read_bytes("/sdcard/Music/song.bin") == payload
    assert virtual_device.pull("/sdcard/Music/song.bin") == payload
