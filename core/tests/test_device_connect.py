"""Connecting a Device: clear errors when no adb server answers or no phone is there."""

from __future__ import annotations

import shutil
import socket
import subprocess
from collections.abc import Iterator

import pytest

from droidhub.device.client import Device, DeviceError


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_no_server_at_the_address() -> None:
    port = free_port()
    with pytest.raises(DeviceError) as info:
        Device(port=port)
    message = str(info.value)
    assert f"no adb server answers at 127.0.0.1:{port}" in message
    assert "adb start-server" in message
    assert f"droidhub device serve --port {port}" in message


def test_no_server_does_not_start_one() -> None:
    # adbutils alone would run `adb start-server` here; a Device must not.
    port = free_port()
    with pytest.raises(DeviceError):
        Device(port=port)
    with socket.socket() as sock:
        sock.settimeout(0.5)
        assert sock.connect_ex(("127.0.0.1", port)) != 0


@pytest.fixture
def stock_adb_server() -> Iterator[int]:
    """The stock adb server (Debian's ``adb``) on a free port, with no phone attached."""
    if shutil.which("adb") is None:
        pytest.skip("the stock adb client is not installed")
    # On a loaded machine the daemon can miss the client's start-up deadline (exit 255,
    # "failed to start daemon"); a fresh port and another try is what a person would do.
    failures = []
    for _attempt in range(3):
        port = free_port()
        started = subprocess.run(
            ["adb", "-P", str(port), "start-server"], capture_output=True, text=True
        )
        if started.returncode == 0:
            break
        failures.append(f"port {port}: exit {started.returncode}: {started.stderr.strip()}")
        subprocess.run(["adb", "-P", str(port), "kill-server"], capture_output=True)
    else:
        pytest.fail("the stock adb server did not start: " + "; ".join(failures))
    try:
        yield port
    finally:
        subprocess.run(["adb", "-P", str(port), "kill-server"], capture_output=True)


@pytest.mark.adb
def test_stock_server_without_phones(stock_adb_server: int) -> None:
    with pytest.raises(DeviceError, match=r"no phone is ready .* \(attached: none\)"):
        Device(port=stock_adb_server)
    with pytest.raises(DeviceError, match="no phone 'emulator-5554' is ready"):
        Device("emulator-5554", port=stock_adb_server)
