"""``droidhub device doctor`` and ``droidhub device setup`` through the CLI, against a
virtual phone: doctor names each problem with its fix, setup fixes them, --dry-run
changes nothing, a missing device is exit 6; and the virtual phone's ``pm install`` /
``pm uninstall`` behave as a real phone's do."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from apk_files import apk

from droidhub.device.client import Device
from droidhub.virtual.server import VirtualDeviceServer

_OSMAND_MAP = "Liechtenstein_europe.obf"  # a data file aw_apps' OsmAnd first run copies


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "droidhub", "device", *args],
        capture_output=True,
        text=True,
        timeout=300,
    )


def _on(device: Device, command: str, *args: str) -> subprocess.CompletedProcess[str]:
    return _cli(command, device.serial, "--adb-port", str(device.port), *args)


@pytest.fixture
def apks(tmp_path: Path) -> Path:
    """A folder as AndroidWorld's downloads leave it: Markor's APK and OsmAnd's map."""
    (tmp_path / "net.gsantner.markor_146.apk").write_bytes(
        apk("net.gsantner.markor", 146, ("android.permission.POST_NOTIFICATIONS",))
    )
    (tmp_path / _OSMAND_MAP).write_bytes(b"obf map")
    return tmp_path


def _failed(doctor: subprocess.CompletedProcess[str]) -> dict[str, dict[str, str]]:
    return {c["name"]: c for c in json.loads(doctor.stdout)["checks"] if not c["ok"]}


def test_setup_makes_doctor_pass_and_doctor_names_each_problem_with_its_fix(
    virtual_device: Device, apks: Path
) -> None:
    device = virtual_device
    fresh = _on(device, "doctor", "--json")
    assert fresh.returncode == 1
    assert "window animations off (global window_animation_scale)" in _failed(fresh)

    dry = _on(device, "setup", "--apks", str(apks), "--dry-run")
    assert dry.returncode == 0, dry.stdout + dry.stderr
    assert "shell settings put global window_animation_scale 0" in dry.stdout
    assert "shell service call alarm 3 s16 UTC" in dry.stdout
    assert device.get_setting("global", "window_animation_scale") == "1.0"  # nothing changed
    assert not device.exists(f"/sdcard/Android/data/net.osmand/files/{_OSMAND_MAP}")

    done = _on(device, "setup", "--apks", str(apks))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "left for a person" in done.stdout and "Markor: open it and tap NEXT" in done.stdout
    passing = _on(device, "doctor")
    assert passing.returncode == 0, passing.stdout
    assert "MISSING" not in passing.stdout
    assert passing.stdout.splitlines()[-1].endswith("checks pass")

    # Break it: animations back on, another time zone, 12-hour clock, Markor gone.
    device.put_setting("global", "window_animation_scale", "1")
    device.shell(["service", "call", "alarm", "3", "s16", "Europe/Zurich"])
    device.put_setting("system", "time_12_24", "12")
    assert device.shell(["pm", "uninstall", "net.gsantner.markor"]).strip() == "Success"
    broken = _on(device, "doctor")
    assert broken.returncode == 1
    lines = broken.stdout.splitlines()
    missing = [line for line in lines if line.startswith("MISSING")]
    assert len(missing) == 4, broken.stdout
    prefix = f"adb -P {device.port} -s {device.serial} shell"
    for problem, fix in (
        ("window animations off (global window_animation_scale): 1 (wanted 0)",
         f"{prefix} settings put global window_animation_scale 0"),
        ("time zone: Europe/Zurich (wanted UTC)", f"{prefix} service call alarm 3 s16 UTC"),
        ("24-hour clock (system time_12_24): 12 (wanted 24)",
         f"{prefix} settings put system time_12_24 24"),
        ("app net.gsantner.markor: not installed (wanted versionCode 146)",
         f"droidhub device setup {device.serial} --apks DIR --adb-port {device.port}"),
    ):  # fmt: skip
        at = lines.index(f"MISSING  {problem}")
        assert lines[at + 1].strip().startswith(f"fix: {fix}"), lines[at + 1]

    again = _on(device, "setup", "--apks", str(apks))
    assert again.returncode == 0, again.stdout + again.stderr
    assert "copy net.gsantner.markor_146.apk (sha256 " in again.stdout
    assert _on(device, "doctor").returncode == 0
    listed = device.shell(["pm", "list", "packages", "--show-versioncode", "markor"])
    assert listed.strip() == "package:net.gsantner.markor versionCode:146"
    # pm install -g granted what the manifest asks for; the copy was cleaned up.
    assert "POST_NOTIFICATIONS: granted=true" in device.shell(
        ["dumpsys", "package", "net.gsantner.markor"]
    )
    assert not device.exists("/data/local/tmp/net.gsantner.markor_146.apk")


def test_setup_reports_a_missing_apk_and_fails(virtual_device: Device, tmp_path: Path) -> None:
    device = virtual_device
    device.shell(["pm", "uninstall", "net.gsantner.markor"])
    result = _on(device, "setup", "--apks", str(tmp_path))
    assert result.returncode == 1
    assert f"net.gsantner.markor: {tmp_path}/net.gsantner.markor_146.apk not found" in result.stdout
    assert "net.gsantner.markor" not in device.shell(["pm", "list", "packages"])


def test_a_device_that_is_not_there_is_one_line_and_exit_6(
    virtual_server: VirtualDeviceServer,
) -> None:
    for command in ("doctor", "setup"):
        result = _cli(command, "emulator-5554", "--adb-port", str(virtual_server.port))
        assert result.returncode == 6, result.stderr
        assert result.stdout == ""
        assert len(result.stderr.strip().splitlines()) == 1
        assert result.stderr.startswith("no device emulator-5554: ")


def test_pm_install_and_uninstall_answer_as_android_13(virtual_device: Device) -> None:
    device = virtual_device
    device.push(b"not an apk", "/data/local/tmp/junk.apk")
    junk = device.run(["pm", "install", "-r", "/data/local/tmp/junk.apk"])
    assert junk.exit_code == 1
    assert junk.output.startswith("Failure [INSTALL_PARSE_FAILED_NOT_APK: ")
    device.push(apk("org.example.unmodelled", 3), "/data/local/tmp/other.apk")
    other = device.run(["pm", "install", "/data/local/tmp/other.apk"])
    assert (other.exit_code, other.output.split(":")[0]) == (
        1,
        "Failure [INSTALL_FAILED_INTERNAL_ERROR",
    )
    assert device.run(["pm", "uninstall", "org.example.unmodelled"]).output.strip() == (
        "Failure [DELETE_FAILED_INTERNAL_ERROR]"
    )
    # A downgrade over the installed Markor is refused; with -d it goes through.
    device.push(apk("net.gsantner.markor", 100), "/data/local/tmp/old.apk")
    old = device.run(["pm", "install", "/data/local/tmp/old.apk"])
    assert old.output.startswith("Failure [INSTALL_FAILED_VERSION_DOWNGRADE")
    assert device.shell(["pm", "install", "-d", "/data/local/tmp/old.apk"]).strip() == "Success"
    assert "versionCode=100 " in device.shell(["dumpsys", "package", "net.gsantner.markor"])
    # Uninstalled, the package and its data are gone; installed again, it starts afresh.
    device.write_text("/sdcard/Android/data/net.gsantner.markor/files/x.txt", "x")
    assert device.shell(["pm", "uninstall", "net.gsantner.markor"]).strip() == "Success"
    assert "net.gsantner.markor" not in device.shell(["pm", "list", "packages"])
    assert not device.exists("/sdcard/Android/data/net.gsantner.markor/files/x.txt")
    assert not device.exists("/data/data/net.gsantner.markor")
    assert device.shell(["pm", "install", "/data/local/tmp/old.apk"]).strip() == "Success"
    assert device.exists("/data/data/net.gsantner.markor")
    device.start_activity("net.gsantner.markor/.activity.MainActivity")
    assert device.foreground_activity().startswith("net.gsantner.markor/")
