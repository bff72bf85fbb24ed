"""The virtual device server stays up and answers under abuse, and starts, grows and
stops cleanly: malformed requests, dropped connections, connection floods, failing
phones, interactive shells, sandbox escapes through sync."""

from __future__ import annotations

import os
import socket
import struct
import threading
import time
from collections.abc import Iterator

import adbutils
import pytest
from click.testing import CliRunner
from test_adb_server import (  # the raw client
    TrackedApp,
    _no_apps,
    connect,
    device_service,
    host_query,
    push,
    read_all,
    read_block,
    read_exact,
    send,
    server_alive,
    shell_v2,
    sync_request,
)

from droidhub.virtual.cli import device_group
from droidhub.virtual.phone import VirtualPhone
from droidhub.virtual.server import VirtualDeviceServer
from droidhub.virtual.shell import ShellOutcome


@pytest.fixture(scope="module")
def server() -> Iterator[VirtualDeviceServer]:
    """Two phones without app models, for the tests of this module."""
    with VirtualDeviceServer(devices=2, apps=_no_apps) as srv:
        yield srv


# --- robustness --------------------------------------------------------------------------
def test_malformed_requests_get_fail_and_the_server_keeps_serving(
    server: VirtualDeviceServer,
) -> None:
    with connect(server.port) as sock:
        sock.sendall(b"zz!!host:version")
        assert read_exact(sock, 4) == b"FAIL"
        assert "bad length prefix 'zz!!'" in read_block(sock)
    with connect(server.port) as sock:
        sock.sendall(b"0000")
        assert read_exact(sock, 4) == b"FAIL"
    with connect(server.port) as sock:  # promises 255 bytes, sends 3, leaves
        sock.sendall(b"00ffabc")
    with connect(server.port) as sock:
        sock.sendall(b"00")  # half a length prefix
    with connect(server.port) as sock:
        sock.sendall(b"0004\xff\xfe\xfd\xfc")
        assert read_exact(sock, 4) == b"FAIL"
    with device_service(server.port, "virtual-0", "sync:") as sock:
        sock.sendall(b"WHAT" + struct.pack("<I", 1) + b"/")
        assert read_exact(sock, 4) == b"FAIL"
    with device_service(server.port, "virtual-0", "sync:") as sock:
        sock.sendall(b"STAT" + struct.pack("<I", 5000))
        assert read_exact(sock, 4) == b"FAIL"
    assert server_alive(server.port)
    assert shell_v2(server.port, "virtual-0", "echo still here") == (b"still here\n", b"", 0)


def test_disconnect_mid_send_leaves_no_partial_file(server: VirtualDeviceServer) -> None:
    with device_service(server.port, "virtual-0", "sync:") as sock:
        sync_request(sock, b"SEND", "/sdcard/Download/partial.bin,33188")
        sock.sendall(b"DATA" + struct.pack("<I", 65536) + os.urandom(1000))
    target = server.phone("virtual-0").host_path("/sdcard/Download/partial.bin")
    # The server has dealt with the cut once no connection is left (its transfer's
    # clean-up runs before; the earlier tests' connections are closed too): waiting on the
    # file alone could look before the server even made it.
    deadline = time.monotonic() + 20  # a guard only
    while server.connection_count and time.monotonic() < deadline:
        time.sleep(0.01)
    assert server.connection_count == 0
    assert not target.exists()
    assert server_alive(server.port)


def test_disconnect_mid_recv_keeps_the_server_running(server: VirtualDeviceServer) -> None:
    big = os.urandom(8 * 1024 * 1024)
    with device_service(server.port, "virtual-1", "sync:") as sock:
        push(sock, "/sdcard/big.bin", big)
        assert read_exact(sock, 8)[:4] == b"OKAY"
    for _ in range(3):
        with device_service(server.port, "virtual-1", "sync:") as sock:
            sync_request(sock, b"RECV", "/sdcard/big.bin")
            read_exact(sock, 100_000)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    client = adbutils.AdbClient(host="127.0.0.1", port=server.port)
    assert client.device("virtual-1").sync.read_bytes("/sdcard/big.bin") == big


def test_a_thousand_concurrent_connections(server: VirtualDeviceServer) -> None:
    socks = [connect(server.port) for _ in range(1000)]
    try:
        for i, sock in enumerate(socks):
            if i % 10 == 0:
                sock.sendall(b"nonsense")
            else:
                send(sock, "host:version")
        # Other clients are served while the thousand are open.
        assert shell_v2(server.port, "virtual-0", "echo meanwhile") == (b"meanwhile\n", b"", 0)
        answers = [read_all(sock) for sock in socks]
    finally:
        for sock in socks:
            sock.close()
    assert sum(a == b"OKAY00040029" for a in answers) == 900
    assert sum(a.startswith(b"FAIL") for a in answers) == 100
    assert server_alive(server.port)


# --- lifecycle ---------------------------------------------------------------------------
def test_fresh_phones_are_added_and_removed_while_running() -> None:
    TrackedApp.instances.clear()
    with VirtualDeviceServer(devices=1, apps=lambda: [TrackedApp()]) as server:
        serial = server.add_phone()
        assert serial == "virtual-1" and server.serials == ["virtual-0", serial]
        assert len(TrackedApp.instances) == 2  # fresh models for each phone
        sandbox = server.phone(serial).host_path("/")
        assert shell_v2(server.port, serial, "getprop ro.serialno")[0] == b"virtual-1\n"
        assert b"org.droidhub.tracked" in shell_v2(server.port, serial, "pm list packages")[0]
        server.remove_phone(serial)
        assert TrackedApp.instances[1].closed and not TrackedApp.instances[0].closed
        assert not sandbox.exists()
        assert serial not in host_query(server.port, "host:devices")
        with pytest.raises(KeyError, match=serial):
            server.phone(serial)


def test_stop_leaves_nothing_behind() -> None:
    before = set(threading.enumerate())
    TrackedApp.instances.clear()
    srv = VirtualDeviceServer(devices=2, apps=lambda: [TrackedApp()]).start()
    port = srv.port
    root = srv.phone("virtual-0").host_path("/").parent
    idle = connect(port)  # a client that never sends anything must not block stop()
    assert shell_v2(port, "virtual-1", "echo x")[2] == 0
    srv.stop()
    idle.close()
    assert set(threading.enumerate()) <= before
    assert [app.closed for app in TrackedApp.instances] == [True, True]
    assert not root.exists()
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection(("127.0.0.1", port), timeout=1)
    srv.stop()  # twice is harmless


def test_default_port_is_never_5037(server: VirtualDeviceServer) -> None:
    assert server.port != 5037


def test_shell_without_a_command_runs_each_line_of_input(server: VirtualDeviceServer) -> None:
    with device_service(server.port, "virtual-0", "shell,v2,raw:") as sock:
        lines = b"echo a\nls /nonexistent\necho b\n"
        sock.sendall(struct.pack("<BI", 0, len(lines)) + lines + struct.pack("<BI", 4, 0))
        out, err = b"", b""
        while True:
            kind, length = struct.unpack("<BI", read_exact(sock, 5))
            data = read_exact(sock, length)
            if kind == 3:
                break
            out, err = (out + data, err) if kind == 1 else (out, err + data)
    assert (out, data) == (b"a\nb\n", b"\x00")
    assert err == b"ls: /nonexistent: No such file or directory\n"


def test_serve_on_a_busy_port_says_what_to_do() -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = CliRunner().invoke(device_group, ["serve", "--port", str(port)])
    assert result.exit_code == 1
    assert f"cannot listen on 127.0.0.1:{port}" in result.output
    assert "--port 0" in result.output


class ExplodingPhone(VirtualPhone):
    """A phone with a bug: ``explode`` raises out of ``shell``."""

    def shell(self, command: str, stdin: bytes = b"") -> ShellOutcome:
        if command == "explode":
            raise RuntimeError("bug in the phone")
        return super().shell(command, stdin)


def test_a_phone_that_raises_answers_with_an_error_not_silence() -> None:
    with VirtualDeviceServer(devices=1, phone_factory=ExplodingPhone, apps=_no_apps) as srv:
        out, err, code = shell_v2(srv.port, "virtual-0", "explode")
        assert (out, code) == (b"", 255) and b"internal error" in err
        assert b"RuntimeError" not in err  # the traceback is the server log's, not the client's
        assert shell_v2(srv.port, "virtual-0", "echo fine") == (b"fine\n", b"", 0)


def _session(port: int, service: str, keys: list[bytes]) -> tuple[bytes, bytes, int]:
    with device_service(port, "virtual-0", service) as sock:
        for chunk in keys:
            sock.sendall(struct.pack("<BI", 0, len(chunk)) + chunk)
        sock.sendall(struct.pack("<BI", 4, 0))  # close stdin: the input ends
        out, err = b"", b""
        while True:
            kind, length = struct.unpack("<BI", read_exact(sock, 5))
            data = read_exact(sock, length)
            if kind == 3:
                return out, err, data[0]
            out, err = (out + data, err) if kind == 1 else (out, err + data)


def test_terminal_session_echoes_edits_and_ends_on_ctrl_d(server: VirtualDeviceServer) -> None:
    out, err, code = _session(
        server.port, "shell,v2,pty:", [b"echo hx", b"\x7fi\r", b"ls /nope\r", b"\x04"]
    )
    prompt = b"virtual-0:/ # "
    assert out == (
        prompt
        + b"echo hx\b \bi\r\nhi\r\n"
        + prompt
        + b"ls /nope\r\nls: /nope: No such file or directory\r\n"
        + prompt
    )
    assert (err, code) == (b"", 1)


def test_piped_session_runs_a_last_line_without_newline(server: VirtualDeviceServer) -> None:
    out, err, code = _session(server.port, "shell,v2,raw:", [b"echo a\necho b"])
    assert (out, err, code) == (b"a\nb\n", b"", 0)


def test_sync_paths_cannot_leave_the_sandbox(server: VirtualDeviceServer) -> None:
    name = f"droidhub-escape-{os.getpid()}-{time.monotonic_ns()}.txt"
    with device_service(server.port, "virtual-0", "sync:") as sock:
        push(sock, f"/sdcard/../../../../../../tmp/{name}", b"contained")
        assert read_exact(sock, 8)[:4] == b"OKAY"
    assert not os.path.exists(f"/tmp/{name}")
    assert server.phone("virtual-0").host_path(f"/tmp/{name}").read_bytes() == b"contained"


class FragilePhone(VirtualPhone):
    """A phone whose close fails."""

    def close(self) -> None:
        super().close()
        raise RuntimeError("close failed on purpose")


def test_stop_goes_on_when_a_phone_fails_to_close() -> None:
    TrackedApp.instances.clear()
    srv = VirtualDeviceServer(
        devices=2, phone_factory=FragilePhone, apps=lambda: [TrackedApp()]
    ).start()
    root = srv.phone("virtual-0").host_path("/").parent
    srv.stop()
    assert [app.closed for app in TrackedApp.instances] == [True, True]
    assert not root.exists()


def test_wait_for_device_answers_once_a_phone_is_attached() -> None:
    with VirtualDeviceServer(devices=0, apps=_no_apps) as srv:
        assert host_query(srv.port, "host:devices") == ""
        with connect(srv.port) as sock:
            send(sock, "host:wait-for-any-device")
            # No phone, no answer: a correct server never sends before one is attached.
            sock.settimeout(0.3)
            with pytest.raises(TimeoutError):
                sock.recv(1)
            sock.settimeout(5)
            srv.add_phone()
            assert read_all(sock) == b"OKAYOKAY"
        assert srv.serials == ["virtual-0"]


def test_kill_is_acknowledged_but_the_server_keeps_serving(server: VirtualDeviceServer) -> None:
    with connect(server.port) as sock:
        send(sock, "host:kill")
        assert read_all(sock) == b"OKAY"
    assert server_alive(server.port)
    client = adbutils.AdbClient(host="127.0.0.1", port=server.port)
    client.server_kill()  # adbutils expects the OKAY
    assert client.device("virtual-0").shell("echo alive") == "alive"


def test_a_client_that_stops_waiting_is_let_go() -> None:
    with VirtualDeviceServer(devices=0, apps=_no_apps) as srv:
        with connect(srv.port) as sock:
            send(sock, "host:wait-for-any-device")
            time.sleep(0.1)
            assert srv.connection_count == 1
        deadline = time.monotonic() + 5
        while srv.connection_count and time.monotonic() < deadline:
            time.sleep(0.02)
        assert srv.connection_count == 0


def _broken_phone(serial: str, root: object, apps: object) -> VirtualPhone:
    raise RuntimeError(f"cannot make {serial}")


def test_a_failed_start_leaves_nothing_behind() -> None:
    before = set(threading.enumerate())
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = VirtualDeviceServer(devices=1, port=port, phone_factory=_broken_phone, apps=_no_apps)
    with pytest.raises(RuntimeError, match="cannot make virtual-0"):
        server.start()
    assert set(threading.enumerate()) <= before
    with socket.socket() as again:  # the port was let go
        again.bind(("127.0.0.1", port))
