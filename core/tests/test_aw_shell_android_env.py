"""android_env's own ``AdbController`` and ``AdbCallParser`` (the layer AndroidWorld's code
talks through) driving a virtual phone over the stock ``adb`` client.

Skipped where the ``android-env`` package is not installed (``pip install android-env``):
droidhub does not depend on it. Each request is one of the kinds AndroidWorld's set-up
sends: generic shell commands, settings, push, pull, get_current_activity, package
manager, orientation.
"""

from __future__ import annotations

import datetime as dt
import shutil
from collections.abc import Iterator
from typing import Any

import pytest

from droidhub.virtual.server import VirtualDeviceServer

android_env = pytest.importorskip("android_env")
pytestmark = [
    pytest.mark.adb,
    pytest.mark.skipif(shutil.which("adb") is None, reason="the stock adb client is not on PATH"),
]

from android_env.components import adb_call_parser, adb_controller, config_classes  # noqa: E402
from android_env.proto import adb_pb2  # noqa: E402

OK = adb_pb2.AdbResponse.Status.OK


@pytest.fixture
def parser(virtual_server: VirtualDeviceServer) -> Iterator[Any]:
    serial = virtual_server.add_phone()
    config = config_classes.AdbControllerConfig(
        adb_path=shutil.which("adb") or "adb",
        adb_server_port=virtual_server.port,
        device_name=serial,
        default_timeout=30.0,
    )
    try:
        yield adb_call_parser.AdbCallParser(adb_controller.AdbController(config))
    finally:
        virtual_server.remove_phone(serial)


def generic(parser: Any, args: list[str]) -> str:
    response = parser.parse(
        adb_pb2.AdbRequest(generic=adb_pb2.AdbRequest.GenericRequest(args=args), timeout_sec=30)
    )
    assert response.status == OK, response
    return str(response.generic.output.decode())


def test_android_worlds_device_time_set_up(parser: Any) -> None:
    settings = adb_pb2.AdbRequest.SettingsRequest
    for namespace, key, value in (
        (settings.Namespace.GLOBAL, "auto_time", "0"),
        (settings.Namespace.GLOBAL, "auto_time_zone", "0"),
        (settings.Namespace.SYSTEM, "time_12_24", "24"),
    ):
        request = settings(name_space=namespace, put=settings.Put(key=key, value=value))
        assert parser.parse(adb_pb2.AdbRequest(settings=request)).status == OK
    out = generic(parser, ["shell", "service", "call", "alarm", "3", "s16", "UTC"])
    assert out.startswith("Result: Parcel(")
    generic(parser, ["shell", "date", "101515342023.00"])
    assert generic(parser, ["shell", "date"]).startswith("Sun Oct 15 15:34:0")


def test_check_file_exists_push_and_pull(parser: Any) -> None:
    push = adb_pb2.AdbRequest.Push(content=b"hello", path="/sdcard/Download/hi.txt")
    assert parser.parse(adb_pb2.AdbRequest(push=push)).status == OK
    script = '\n  if [ -f "/sdcard/Download/hi.txt" ]; then\n      echo "Exists"\n  fi\n  '
    assert "Exists" in generic(parser, ["shell", script])
    pull = parser.parse(
        adb_pb2.AdbRequest(pull=adb_pb2.AdbRequest.Pull(path="/sdcard/Download/hi.txt"))
    )
    assert pull.status == OK and pull.pull.content == b"hello"
    # file_utils.get_file_list_with_metadata; adb push keeps the pushed file's own time,
    # as adbd does, so only the format is checked here
    listing = generic(parser, ["shell", "ls", "/sdcard/Download", "-ll", "-au"])
    line = next(x for x in listing.splitlines() if x.startswith("-"))
    parts = line.split(None, 8)
    assert (parts[4], parts[8]) == ("5", "hi.txt")
    dt.datetime.fromisoformat(" ".join(parts[5:7])[:-3])


def test_current_activity_orientation_and_packages(parser: Any) -> None:
    current = parser.parse(
        adb_pb2.AdbRequest(get_current_activity=adb_pb2.AdbRequest.GetCurrentActivity())
    )
    assert current.status == OK
    assert current.get_current_activity.full_activity.startswith(
        "com.google.android.apps.nexuslauncher/"
    )
    orientation = parser.parse(
        adb_pb2.AdbRequest(get_orientation=adb_pb2.AdbRequest.GetOrientationRequest())
    )
    assert orientation.status == OK and orientation.get_orientation.orientation == 0
    manager = adb_pb2.AdbRequest.PackageManagerRequest
    listing = manager(list=manager.List(packages=manager.List.Packages()))
    packages = parser.parse(adb_pb2.AdbRequest(package_manager=listing))
    assert packages.status == OK and "android" in packages.package_manager.list.items
