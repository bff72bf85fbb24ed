"""The virtual adb server's bounds: no client can starve the others, hold memory
without end, linger idle for ever, or connect as another user.

Sleeping shells and abusive clients are raw sockets speaking the adb protocol; the
clients that must still be served are the stock ``adb`` client. Every wait has a
generous guard and the tests assert outcomes, never durations.
"""

from __future__ import annotations

import contextlib
import shutil
import signal
import socket
import struct
import subprocess
import sys
import threading
from collections.abc import Iterable, Iterator

import pytest
from other_user import AS_ROOT, exchange_as_nobody
from test_adb_server import device_service, expect_okay, read_all, send  # the raw client

from droidhub.virtual.app import VirtualApp
from droidhub.virtual.pytest_plugin import stock_adb_env
from droidhub.virtual.server import VirtualDeviceServer

GUARD_S = 20.0
_SERVE = ("-m", "droidhub", "device", "serve")


def _no_apps() -> list[VirtualApp]:
    return []


@pytest.fixture
def server() -> Iterator[VirtualDeviceServer]:
    with VirtualDeviceServer(devices=2, apps=_no_apps, idle_timeout=1.0) as srv:
        yield srv


def adb_shell(port: int, serial: str, command: str) -> str:
    """``adb -s SERIAL shell COMMAND`` with the stock client; its stdout."""
    result = subprocess.run(
        ["adb", "-P", str(port), "-s", serial, "shell", command],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        timeout=GUARD_S,
        env=stock_adb_env(port),
    )
    return result.stdout.decode()


def assert_cut_off(sock: socket.socket, chunks: Iterable[bytes]) -> None:
    """Send ``chunks`` without reading; the server must end the connection."""
    sock.settimeout(GUARD_S)
    try:
        for chunk in chunks:
            sock.sendall(chunk)
        while sock.recv(65536):  # what was answered before the cut, then the end
            pass
    except (ConnectionResetError, BrokenPipeError):
        pass  # cut off while we were still writing
    except TimeoutError:
        pytest.fail("the server kept the connection open")


# --- 13: shells run without starving each other ------------------------------------------------
@pytest.mark.skipif(shutil.which("adb") is None, reason="the stock adb client is not on PATH")
def test_forty_sleeping_shells_starve_neither_phone() -> None:
    with VirtualDeviceServer(devices=2, apps=_no_apps) as srv, contextlib.ExitStack() as stack:
        for _ in range(40):
            sock = device_service(srv.port, "virtual-0", "shell,v2,raw:sleep 30")
            stack.enter_context(sock)
        assert srv.connection_count >= 40
        assert adb_shell(srv.port, "virtual-1", "getprop ro.product.model") == "Pixel 6\n"
        assert adb_shell(srv.port, "virtual-0", "getprop ro.serialno") == "virtual-0\n"


def test_stopping_the_server_ends_sleeping_shells() -> None:
    srv = VirtualDeviceServer(devices=1, apps=_no_apps).start()
    sock = device_service(srv.port, "virtual-0", "shell:sleep 60")
    try:
        # stop() returns only when the shell threads are done: it must not wait out
        # the sleep.
        stopper = threading.Thread(target=srv.stop, daemon=True)
        stopper.start()
        stopper.join(GUARD_S)
        assert not stopper.is_alive(), "stop() waited for the sleeping shell"
        sock.settimeout(GUARD_S)
        with contextlib.suppress(ConnectionResetError):
            assert sock.recv(100) == b""
    finally:
        sock.close()


# --- 13: bounded buffers ----------------------------------------------------------------------
def test_a_shell_packet_of_64_mib_is_refused(server: VirtualDeviceServer) -> None:
    with device_service(server.port, "virtual-0", "shell,v2,raw:") as sock:
        header = struct.pack("<BI", 0, 64 * 1024 * 1024)
        assert_cut_off(sock, [header, *(bytes(1 << 20) for _ in range(64))])
    assert adb_ok(server)


def test_a_command_line_without_end_is_cut_off(server: VirtualDeviceServer) -> None:
    with device_service(server.port, "virtual-0", "shell,v2,raw:") as sock:
        packet = struct.pack("<BI", 0, 65536) + b"x" * 65536
        assert_cut_off(sock, [packet] * 32)  # 2 MiB, no newline
    assert adb_ok(server)


def test_a_sync_client_that_never_reads_its_answers_is_cut_off(
    server: VirtualDeviceServer,
) -> None:
    phone = server.phone("virtual-0")
    phone.shell(
        "mkdir /sdcard/many && cd /sdcard/many && touch "
        + " ".join(f"file-with-a-long-name-{i:04d}.txt" for i in range(400))
    )
    with device_service(server.port, "virtual-0", "sync:") as sock:
        path = b"/sdcard/many"
        request = b"LIST" + struct.pack("<I", len(path)) + path
        batch = request * 4096
        # Each request asks for ~15 KiB of listing; 64 MiB of them, none read.
        assert_cut_off(sock, (batch for _ in range((64 << 20) // len(batch))))
    assert adb_ok(server)


def adb_ok(server: VirtualDeviceServer) -> bool:
    """The server still answers a well-behaved client."""
    with device_service(server.port, "virtual-1", "shell:echo alive") as sock:
        sock.settimeout(GUARD_S)
        return read_all(sock) == b"alive\n"


# --- 13: idle connections ---------------------------------------------------------------------
def test_idle_connections_are_closed(server: VirtualDeviceServer) -> None:
    with socket.create_connection(("127.0.0.1", server.port), timeout=GUARD_S) as silent:
        assert silent.recv(100) == b""  # never sent a request
    with device_service(server.port, "virtual-0", "sync:") as sync:
        sync.settimeout(GUARD_S)
        with contextlib.suppress(ConnectionResetError):
            assert sync.recv(100) == b""  # switched to sync, then said nothing


def test_a_running_command_is_not_idle(server: VirtualDeviceServer) -> None:
    # The 1 s idle timeout is for silent clients; a command working for longer is not.
    with device_service(server.port, "virtual-0", "shell:sleep 2; echo done") as sock:
        sock.settimeout(GUARD_S)
        assert read_all(sock) == b"done\n"


# --- 5: other users ----------------------------------------------------------------------------
def _version_as_nobody(port: int) -> bytes:
    """What ``host:version`` answers a client running as uid 65534 (nobody)."""
    return exchange_as_nobody(port, b"000chost:version", GUARD_S)


@pytest.mark.skipif(not AS_ROOT, reason="needs root to switch users")
def test_only_the_servers_user_is_served_unless_allowed() -> None:
    with VirtualDeviceServer(devices=1, apps=_no_apps) as srv:
        refused = _version_as_nobody(srv.port)
        assert not refused.startswith(b"OKAY")
        assert refused.startswith(b"FAIL") and b"--allow-other-users" in refused
        with socket.create_connection(("127.0.0.1", srv.port), timeout=GUARD_S) as sock:
            sock.sendall(b"000chost:version")
            assert sock.recv(4) == b"OKAY"  # the server's own user still is
    with VirtualDeviceServer(devices=1, apps=_no_apps, allow_other_users=True) as srv:
        assert _version_as_nobody(srv.port).startswith(b"OKAY")


def test_the_server_listens_on_loopback_only() -> None:
    with pytest.raises(ValueError, match="loopback"):
        VirtualDeviceServer(devices=0, host="0.0.0.0").start()


# --- 13: ready means ready ---------------------------------------------------------------------
def test_a_client_connecting_while_serve_starts_sees_every_phone() -> None:
    with socket.socket() as probe:  # a free port to name before the server exists
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    proc = subprocess.Popen(
        [sys.executable, *_SERVE, "--port", str(port), "--devices", "3"],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        sock = None
        for _ in range(600):  # connect at the first moment the port answers
            try:
                sock = socket.create_connection(("127.0.0.1", port), timeout=GUARD_S)
                break
            except ConnectionRefusedError:
                threading.Event().wait(0.05)
        assert sock is not None, "`droidhub device serve` never listened"
        with sock:
            send(sock, "host:devices")
            expect_okay(sock)
            listing = read_all(sock)
        assert listing[4:].decode().count("\tdevice\n") == 3
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=GUARD_S)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=GUARD_S)


def test_serve_names_its_bounds_and_refuses_a_bad_idle_timeout() -> None:
    from click.testing import CliRunner

    from droidhub.virtual.cli import device_group

    shown = CliRunner().invoke(device_group, ["serve", "--help"]).output
    assert "--allow-other-users" in shown and "--idle-timeout" in shown
    bad = CliRunner().invoke(device_group, ["serve", "--idle-timeout", "0"])
    assert bad.exit_code == 2 and "--idle-timeout" in bad.output
    assert "Traceback" not in bad.output


@pytest.mark.skipif(shutil.which("adb") is None, reason="the stock adb client is not on PATH")
def test_a_shell_whose_client_left_frees_its_thread() -> None:
    with VirtualDeviceServer(devices=1, apps=_no_apps, shell_workers=1) as srv:
        command = "shell,v2,raw:sleep 60; touch /sdcard/after"
        device_service(srv.port, "virtual-0", command).close()  # ask, then leave
        # The phone's only shell thread is free again, and the line's rest never ran.
        assert adb_shell(srv.port, "virtual-0", "getprop ro.serialno") == "virtual-0\n"
        assert adb_shell(srv.port, "virtual-0", "ls /sdcard/after") == ""
