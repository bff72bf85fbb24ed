"""Shell commands travel over open shell sessions (``shell,v2,raw:`` with commands on
stdin): one connection serves command after command, each in a shell of its own, and
a session that times out, is closed by the server or is cut by ``Device.close`` costs
nothing but a new one. End to end: adb protocol to a virtual phone."""

from __future__ import annotations

import gc
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from droidhub.device.client import Device, DeviceError, ShellResult
from droidhub.virtual.server import VirtualDeviceServer

TCP_TABLE = Path("/proc/net/tcp")
ESTABLISHED = "01"


@pytest.fixture(scope="module")
def server() -> Iterator[VirtualDeviceServer]:
    with VirtualDeviceServer(devices=1) as running:
        yield running


@pytest.fixture
def device(server: VirtualDeviceServer) -> Device:
    return Device(server.serials[0], port=server.port)


def connections_to(port: int) -> int:
    """Established loopback TCP connections whose far end is ``port`` (the clients')."""
    count = 0
    for line in TCP_TABLE.read_text().splitlines()[1:]:
        fields = line.split()
        remote, state = fields[2], fields[3]
        if state == ESTABLISHED and int(remote.rsplit(":", 1)[1], 16) == port:
            count += 1
    return count


@pytest.mark.skipif(not TCP_TABLE.exists(), reason="needs Linux's /proc/net/tcp")
def test_commands_one_after_another_share_one_connection(
    server: VirtualDeviceServer, device: Device
) -> None:
    before = connections_to(server.port)
    outputs = [device.shell(["echo", str(n)]) for n in range(50)]
    assert outputs == [f"{n}\n" for n in range(50)]
    assert connections_to(server.port) == before + 1  # the one idle session
    with ThreadPoolExecutor(4) as pool:
        assert list(pool.map(lambda n: device.shell(["echo", str(n)]), range(40))) == [
            f"{n}\n" for n in range(40)
        ]
    assert connections_to(server.port) <= before + 4  # one session per thread at most
    device.close()
    assert connections_to(server.port) == before


@pytest.mark.skipif(not TCP_TABLE.exists(), reason="needs Linux's /proc/net/tcp")
def test_a_device_dropped_unclosed_closes_its_sessions_at_once(
    server: VirtualDeviceServer,
) -> None:
    before = connections_to(server.port)
    gc.disable()  # freed by reference counting alone: no cycle holds a session open
    try:
        dropped = Device(server.serials[0], port=server.port)
        assert dropped.shell("echo hi") == "hi\n"
        assert connections_to(server.port) == before + 1
        del dropped
        assert connections_to(server.port) == before
    finally:
        gc.enable()


def test_each_command_has_a_shell_of_its_own(device: Device) -> None:
    assert device.run("cd /sdcard && export X=1 && pwd") == ShellResult("/sdcard\n", 0)
    assert device.run('pwd; echo "[$X]"') == ShellResult("/\n[]\n", 0)
    assert device.run("exit 3") == ShellResult("", 3)
    broken = device.run('echo "unterminated')
    assert broken.exit_code == 1 and "unterminated quoted string" in broken.output
    assert device.run("echo after") == ShellResult("after\n", 0)


def test_a_command_that_reads_stdin_gets_none(device: Device) -> None:
    assert device.run("cat") == ShellResult("", 0)
    assert device.run("echo next") == ShellResult("next\n", 0)


def test_output_keeps_its_order_its_bytes_and_lookalike_markers(device: Device) -> None:
    both = device.run("echo out; echo err >&2; echo out2")
    assert both.exit_code == 0 and sorted(both.output.splitlines()) == ["err", "out", "out2"]
    assert both.output.index("out\n") < both.output.index("out2\n")
    lookalike = "x-droidhub-done-0123456789abcdef 0\n"
    assert device.run(["printf", "%s", lookalike]) == ShellResult(lookalike, 0)
    lines = "".join(f"line {n}\n" for n in range(5000))  # packets of several chunks
    assert device.run(["printf", "%s", lines]).output == lines


def test_commands_as_sessions_and_as_services_agree(device: Device) -> None:
    commands = [
        "echo hi",
        "printf 'a\\nb'",
        "ls /no/such/dir",
        "frobnicate",
        "false",
        "echo 'two\nlines'",
        "{ echo grouped\n}",
    ]
    in_sessions = [device.run(c) for c in commands]
    device.features = frozenset(device.features - {"shell_v2"})  # one service a command
    assert [device.run(c) for c in commands] == in_sessions


def test_a_timed_out_command_costs_its_session_only(device: Device) -> None:
    with pytest.raises(DeviceError, match=r"`sleep 5` on virtual-\d+: no answer within 0.2 s"):
        device.run("sleep 5", timeout=0.2)
    assert device.shell("echo still fine") == "still fine\n"


def test_a_session_the_server_closed_while_idle_is_replaced() -> None:
    with VirtualDeviceServer(devices=1, idle_timeout=0.3) as server:
        device = Device(server.serials[0], port=server.port)
        assert device.shell("echo one") == "one\n"
        time.sleep(0.8)  # past the server's idle timeout: it closed the session
        assert device.shell("echo two") == "two\n"


def test_close_cuts_a_command_running_in_a_session(device: Device) -> None:
    errors: list[str] = []

    def sleeper() -> None:
        try:
            device.run("sleep 30")
        except DeviceError as exc:
            errors.append(str(exc))

    thread = threading.Thread(target=sleeper)
    thread.start()
    time.sleep(0.3)  # the command is running
    device.close("the episode was abandoned")
    thread.join(timeout=10)
    assert not thread.is_alive()
    assert errors and "the episode was abandoned" in errors[0]
    with pytest.raises(DeviceError, match="was closed"):
        device.shell("echo no more")


def test_a_session_client_that_leaves_stops_its_command_on_the_phone() -> None:
    # One worker thread for the phone's commands: were the sleep left running after
    # its client gave up, the next command would wait the 30 s out and time out too.
    with VirtualDeviceServer(devices=1, shell_workers=1) as server:
        device = Device(server.serials[0], port=server.port)
        with pytest.raises(DeviceError, match=r"no answer within 0\.3 s"):
            device.run("sleep 30", timeout=0.3)
        assert device.run("echo free", timeout=10) == ShellResult("free\n", 0)
