"""The virtual device server speaks the adb host protocol: raw sockets and adbutils.

The phones are real virtual phones without app models (they start fastest); the
protocol is observed byte for byte from a bare socket, and through adbutils.
"""

from __future__ import annotations

import errno
import os
import socket
import struct
from collections.abc import Iterator
from typing import ClassVar

import adbutils
import pytest

from droidhub.virtual.adb_server import ADB_SERVER_VERSION, FEATURES
from droidhub.virtual.app import VirtualApp
from droidhub.virtual.phone_settings import EVENT_LOOP_ENV
from droidhub.virtual.server import VirtualDeviceServer

ALL_BYTES = bytes(range(256)) * 4


class TrackedApp(VirtualApp):
    """An app model that remembers being closed (the phone closes its models)."""

    package = "org.droidhub.tracked"
    label = "Tracked"
    instances: ClassVar[list[TrackedApp]] = []

    def __init__(self) -> None:
        self.closed = False
        TrackedApp.instances.append(self)

    def close(self) -> None:
        self.closed = True


def _no_apps() -> list[VirtualApp]:
    return []


@pytest.fixture(scope="module", params=["uvloop", "asyncio"])
def server(request: pytest.FixtureRequest) -> Iterator[VirtualDeviceServer]:
    """Two phones served on uvloop's event loop (the default) and on asyncio's own (where
    uvloop is not installed): the protocol must not depend on the loop."""
    before = os.environ.get(EVENT_LOOP_ENV)
    os.environ[EVENT_LOOP_ENV] = request.param
    try:
        srv = VirtualDeviceServer(devices=2, apps=_no_apps)
    finally:
        if before is None:
            del os.environ[EVENT_LOOP_ENV]
        else:
            os.environ[EVENT_LOOP_ENV] = before
    assert srv.event_loop == request.param
    with srv:
        assert type(srv._loop).__module__.split(".")[0] == request.param  # the loop it runs on
        yield srv


# --- a raw client ------------------------------------------------------------------------
def connect(port: int) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=5)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return sock


def send(sock: socket.socket, request: str) -> None:
    data = request.encode()
    sock.sendall(f"{len(data):04x}".encode() + data)


def read_exact(sock: socket.socket, n: int) -> bytes:
    data = b""
    while len(data) < n:
        chunk = sock.recv(n - len(data))
        if not chunk:
            raise EOFError(f"wanted {n} bytes, got {data!r} before the end")
        data += chunk
    return data


def read_all(sock: socket.socket) -> bytes:
    data = b""
    while chunk := sock.recv(65536):
        data += chunk
    return data


def read_block(sock: socket.socket) -> str:
    return read_exact(sock, int(read_exact(sock, 4), 16)).decode()


def expect_okay(sock: socket.socket) -> None:
    status = read_exact(sock, 4)
    if status == b"FAIL":
        raise AssertionError(f"FAIL {read_block(sock)}")
    assert status == b"OKAY"


def host_query(port: int, request: str) -> str:
    with connect(port) as sock:
        send(sock, request)
        expect_okay(sock)
        return read_block(sock)


def host_fail(port: int, request: str) -> str:
    with connect(port) as sock:
        send(sock, request)
        assert read_exact(sock, 4) == b"FAIL"
        return read_block(sock)


def device_service(port: int, serial: str, service: str) -> socket.socket:
    sock = connect(port)
    send(sock, f"host:transport:{serial}")
    expect_okay(sock)
    send(sock, service)
    expect_okay(sock)
    return sock


def tport_shell(port: int, selector: str, command: str) -> tuple[int, bytes]:
    """Pick a phone with ``host:tport:SELECTOR`` and run ``shell:COMMAND`` on it: the
    transport id the server answered the pick with, and all the shell wrote."""
    with connect(port) as sock:
        send(sock, f"host:tport:{selector}")
        expect_okay(sock)
        (transport_id,) = struct.unpack("<Q", read_exact(sock, 8))
        send(sock, f"shell:{command}")
        expect_okay(sock)
        return transport_id, read_all(sock)


def shell_v2(port: int, serial: str, command: str) -> tuple[bytes, bytes, int]:
    with device_service(port, serial, f"shell,v2,raw:{command}") as sock:
        out, err = b"", b""
        while True:
            kind, length = struct.unpack("<BI", read_exact(sock, 5))
            data = read_exact(sock, length)
            if kind == 1:
                out += data
            elif kind == 2:
                err += data
            elif kind == 3:
                assert read_all(sock) == b"", "nothing may follow the exit packet"
                return out, err, data[0]


def sync_request(sock: socket.socket, ident: bytes, path: str) -> None:
    raw = path.encode()
    sock.sendall(ident + struct.pack("<I", len(raw)) + raw)


def push(sock: socket.socket, path: str, data: bytes, mode: int = 0o100644) -> None:
    sync_request(sock, b"SEND", f"{path},{mode}")
    for i in range(0, len(data), 65536):
        chunk = data[i : i + 65536]
        sock.sendall(b"DATA" + struct.pack("<I", len(chunk)) + chunk)
    sock.sendall(b"DONE" + struct.pack("<I", 1_697_328_000))


def server_alive(port: int) -> bool:
    return host_query(port, "host:version") == f"{ADB_SERVER_VERSION:04x}"


# --- host services -----------------------------------------------------------------------
def test_version_is_41_and_the_connection_closes_at_once(server: VirtualDeviceServer) -> None:
    with connect(server.port) as sock:
        send(sock, "host:version")
        # Read to the end: a server that kept the connection open would leave recv to
        # time out (5 s) instead.
        assert read_all(sock) == b"OKAY00040029"


def test_devices_lists_every_phone(server: VirtualDeviceServer) -> None:
    assert host_query(server.port, "host:devices") == "virtual-0\tdevice\nvirtual-1\tdevice\n"
    long = host_query(server.port, "host:devices-l").splitlines()
    assert [line.split()[:2] for line in long] == [
        ["virtual-0", "device"],
        ["virtual-1", "device"],
    ]
    assert long[0].endswith("transport_id:1") and long[1].endswith("transport_id:2")


def test_features_state_and_serial_per_phone(server: VirtualDeviceServer) -> None:
    features = host_query(server.port, "host-serial:virtual-1:features").split(",")
    assert set(FEATURES) <= set(features)
    assert host_query(server.port, "host-serial:virtual-1:get-state") == "device"
    assert host_query(server.port, "host-serial:virtual-1:get-serialno") == "virtual-1"
    assert host_query(server.port, "host-transport-id:2:get-serialno") == "virtual-1"


def test_transport_selection_errors_name_the_problem(server: VirtualDeviceServer) -> None:
    assert host_fail(server.port, "host:transport:nope") == "device 'nope' not found"
    assert host_fail(server.port, "host:features") == "more than one device/emulator"
    assert host_fail(server.port, "host:transport-id:99") == "no device with transport id '99'"
    assert host_fail(server.port, "host:frobnicate") == "unknown host service 'frobnicate'"


def test_tport_answers_the_transport_id(server: VirtualDeviceServer) -> None:
    answer = tport_shell(server.port, "serial:virtual-1", "getprop ro.serialno")
    assert answer == (2, b"virtual-1\n")


def test_transport_any_with_one_phone() -> None:
    with VirtualDeviceServer(devices=1, apps=_no_apps) as srv:
        assert tport_shell(srv.port, "any", "echo only one") == (1, b"only one\n")


def test_forward_is_refused_with_a_reason_and_lists_stay_empty(
    server: VirtualDeviceServer,
) -> None:
    reason = host_fail(server.port, "host-serial:virtual-0:forward:tcp:0;tcp:8080")
    assert "virtual-0" in reason and "tcp:8080" in reason
    # The stock client sends forward on a connection already switched to the phone.
    with connect(server.port) as sock:
        send(sock, "host:transport:virtual-0")
        expect_okay(sock)
        send(sock, "host:forward:tcp:0;tcp:8080")
        assert read_exact(sock, 4) == b"FAIL"
    assert host_query(server.port, "host:list-forward") == ""


def test_track_devices_reports_phones_coming_and_going(server: VirtualDeviceServer) -> None:
    with connect(server.port) as sock:
        send(sock, "host:track-devices")
        expect_okay(sock)
        assert read_block(sock) == "virtual-0\tdevice\nvirtual-1\tdevice\n"
        serial = server.add_phone()
        assert serial in read_block(sock)
        server.remove_phone(serial)
        assert serial not in read_block(sock)


# --- device services ---------------------------------------------------------------------
def test_shell_v1_passes_output_through_then_closes(server: VirtualDeviceServer) -> None:
    with device_service(server.port, "virtual-0", "shell:echo 'hello  world'") as sock:
        assert read_all(sock) == b"hello  world\n"


def test_exec_is_binary_safe(server: VirtualDeviceServer) -> None:
    server.phone("virtual-0").host_path("/sdcard/all.bin").write_bytes(ALL_BYTES)
    with device_service(server.port, "virtual-0", "exec:cat /sdcard/all.bin") as sock:
        assert read_all(sock) == ALL_BYTES


def test_shell_v2_separates_streams_and_gives_the_exit_code(server: VirtualDeviceServer) -> None:
    out, err, code = shell_v2(server.port, "virtual-0", "ls /sdcard/Music /nonexistent")
    assert (out, err, code) == (
        b"/sdcard/Music:\n",
        b"ls: /nonexistent: No such file or directory\n",
        1,
    )
    assert shell_v2(server.port, "virtual-0", "echo ok") == (b"ok\n", b"", 0)
    out, err, code = shell_v2(server.port, "virtual-0", "whatever")
    assert (out, code) == (b"", 127) and b"whatever: inaccessible or not found" in err


def test_unknown_device_service_fails(server: VirtualDeviceServer) -> None:
    with connect(server.port) as sock:
        send(sock, "host:transport:virtual-0")
        expect_okay(sock)
        send(sock, "jdwp:1234")
        assert read_exact(sock, 4) == b"FAIL"
        assert "jdwp:1234" in read_block(sock)


# --- sync --------------------------------------------------------------------------------
def test_sync_v1_send_stat_list_recv(server: VirtualDeviceServer) -> None:
    data = os.urandom(200_000)
    with device_service(server.port, "virtual-0", "sync:") as sock:
        push(sock, "/sdcard/Download/deep/new/file.bin", data)
        assert read_exact(sock, 8) == b"OKAY\0\0\0\0"

        sync_request(sock, b"STAT", "/sdcard/Download/deep/new/file.bin")
        # One write, so a client reading it with a single recv gets all 16 bytes.
        reply = sock.recv(64)
        ident, mode, size, mtime = struct.unpack("<4sIII", reply)
        assert (ident, size, mtime) == (b"STAT", len(data), 1_697_328_000)
        assert mode == 0o100660  # shared storage shows -rw-rw----, as on Android

        sync_request(sock, b"STAT", "/sdcard/missing")
        assert sock.recv(64) == b"STAT" + bytes(12)

        sync_request(sock, b"LIST", "/sdcard/Download/deep/new")
        names = []
        while True:
            ident, mode, size, _, namelen = struct.unpack("<4sIIII", read_exact(sock, 20))
            if ident == b"DONE":
                break
            names.append((read_exact(sock, namelen).decode(), size))
        assert names[:2] == [(".", names[0][1]), ("..", names[1][1])]
        assert names[2:] == [("file.bin", len(data))]

        sync_request(sock, b"RECV", "/sdcard/Download/deep/new/file.bin")
        received = b""
        while True:
            ident, size = struct.unpack("<4sI", read_exact(sock, 8))
            if ident == b"DONE":
                break
            assert ident == b"DATA" and size <= 65536
            received += read_exact(sock, size)
        assert received == data

        sync_request(sock, b"RECV", "/sdcard/missing")
        ident, size = struct.unpack("<4sI", read_exact(sock, 8))
        assert ident == b"FAIL"
        assert read_exact(sock, size) == b"open failed: No such file or directory"


def test_sync_v2_stat_and_list(server: VirtualDeviceServer) -> None:
    with device_service(server.port, "virtual-1", "sync:") as sock:
        push(sock, "/data/local/tmp/a.txt", b"abc", mode=0o100600)
        assert read_exact(sock, 8) == b"OKAY\0\0\0\0"
        fields = "<4sIQQIIIIQqqq"
        sync_request(sock, b"STA2", "/data/local/tmp/a.txt")
        reply = struct.unpack(fields, sock.recv(256))
        assert reply[0] == b"STA2" and reply[1] == 0
        # As adbd: the owner's permission bits are copied to group and others.
        assert reply[4] == 0o100666 and reply[8] == 3 and reply[10] == 1_697_328_000

        sync_request(sock, b"LST2", "/data/local/tmp/nothing")
        reply = struct.unpack(fields, sock.recv(256))
        assert reply[:2] == (b"LST2", errno.ENOENT)

        sync_request(sock, b"LIS2", "/data/local/tmp")
        names = []
        while True:
            head = struct.unpack(fields + "I", read_exact(sock, struct.calcsize(fields + "I")))
            if head[0] == b"DONE":
                break
            assert head[0] == b"DNT2"
            names.append(read_exact(sock, head[-1]).decode())
        assert names == [".", "..", "a.txt"]
        sock.sendall(b"QUIT" + bytes(4))
        assert read_all(sock) == b""


def test_phones_are_isolated(server: VirtualDeviceServer) -> None:
    with device_service(server.port, "virtual-0", "sync:") as sock:
        push(sock, "/sdcard/only-on-0.txt", b"zero")
        assert read_exact(sock, 8)[:4] == b"OKAY"
    with device_service(server.port, "virtual-1", "sync:") as sock:
        sync_request(sock, b"STAT", "/sdcard/only-on-0.txt")
        assert sock.recv(64) == b"STAT" + bytes(12)


# --- adbutils, unchanged -----------------------------------------------------------------
def test_adbutils_api_works_unchanged(server: VirtualDeviceServer) -> None:
    client = adbutils.AdbClient(host="127.0.0.1", port=server.port)
    assert client.server_version() == ADB_SERVER_VERSION
    assert [d.serial for d in client.device_list()] == ["virtual-0", "virtual-1"]
    device = client.device("virtual-1")
    assert device.shell("echo from adbutils") == "from adbutils"
    device.sync.push(ALL_BYTES, "/sdcard/all.bin")
    assert device.shell(["cat", "/sdcard/all.bin"], encoding=None) == ALL_BYTES
    assert device.get_state() == "device"
    payload = os.urandom(300_000)
    device.sync.push(payload, "/sdcard/Pictures/p.bin")
    assert device.sync.read_bytes("/sdcard/Pictures/p.bin") == payload
    assert device.sync.exists("/sdcard/Pictures/p.bin")
    assert not device.sync.exists("/sdcard/Pictures/none.bin")
    assert "p.bin" in [f.path for f in device.sync.list("/sdcard/Pictures")]
    with pytest.raises(adbutils.AdbError, match="No such file"):
        device.sync.read_bytes("/sdcard/Pictures/none.bin")
