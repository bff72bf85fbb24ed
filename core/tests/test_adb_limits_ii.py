"""Limits of the adb path (issue 29, items 7-9): long text typed whole, a flood of idle
connections that cannot lock other clients out, and a phone's storage that a push
cannot exceed.

Clients are the stock ``adb`` client, :class:`droidhub.Device` and raw sockets on
loopback; every wait has a generous guard and the tests assert outcomes, never
durations.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from droidhub import Device
from droidhub.android.ui_tree import parse_hierarchy
from droidhub.device.transport import MAX_REQUEST_BYTES, DeviceError
from droidhub.virtual import phone_settings
from droidhub.virtual.app import VirtualApp
from droidhub.virtual.phone_settings import SCRATCH_FOLDER, SCRATCH_ROOM
from droidhub.virtual.server import VirtualDeviceServer

GUARD_S = 60.0
MARKOR = "/storage/emulated/0/Documents/Markor"
needs_adb = pytest.mark.skipif(shutil.which("adb") is None, reason="no stock adb on PATH")


def _no_apps() -> list[VirtualApp]:
    return []


def adb(port: int, *args: str) -> subprocess.CompletedProcess[str]:
    """The stock adb client against the server on ``port``."""
    env = {k: v for k, v in os.environ.items() if k != "ANDROID_SERIAL"}
    return subprocess.run(
        ["adb", "-P", str(port), *args],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=GUARD_S,
        env=env,
    )


# --- 7: long text -----------------------------------------------------------------------------
def _tap(device: Device, **wanted: str) -> None:
    for element in parse_hierarchy(device.ui_tree()):
        if all(getattr(element, k).endswith(v) for k, v in wanted.items()):
            assert element.bounds is not None
            device.tap(*element.bounds.center)
            return
    raise AssertionError(f"nothing with {wanted} on screen")


def _long_text(length: int) -> str:
    """``length`` characters of prose with what quoting and ``input text`` must survive:
    spaces, quotes, a literal ``%s``, shell syntax, and line breaks."""
    words = ["It's", "100%s", "sure;", "$(rm", "-rf", "/)", '"quoted"', "`tick`", "a\\b", "x"]
    parts: list[str] = []
    size = 0
    index = 0
    while size < length:
        word = words[index % len(words)] + ("\n" if index % 97 == 96 else " ")
        parts.append(word)
        size += len(word)
        index += 1
    return "".join(parts)[:length].rstrip(" \n") + "."


def test_seventy_thousand_characters_typed_into_a_markor_note_arrive_whole(
    virtual_device: Device,
) -> None:
    pytest.importorskip("droidhub_aw_apps", reason="Markor's app model is droidhub-aw-apps'")
    # The first command ends on "%" and the next starts with "s": still "%s", not a space.
    text = "a" * 3999 + "%s " + _long_text(70_000)
    assert len(text) > 70_000
    virtual_device.shell(["monkey", "-p", "net.gsantner.markor", "1"])
    _tap(virtual_device, content_description="Create a new file or folder")
    _tap(virtual_device, resource_id="new_file_dialog__name")
    virtual_device.input_text("long")
    _tap(virtual_device, text="OK")
    virtual_device.input_text(text)
    virtual_device.keyevent("KEYCODE_BACK")  # Markor saves the note as it closes
    assert virtual_device.read_text(f"{MARKOR}/long.md").rstrip("\n") == text


def test_a_command_longer_than_an_adb_request_can_frame_is_refused_before_sending(
    virtual_device: Device,
) -> None:
    with pytest.raises(DeviceError, match=f"longer than the {MAX_REQUEST_BYTES}"):
        virtual_device.run(["echo", "y" * 70_000])
    assert virtual_device.shell(["echo", "still", "here"]) == "still here\n"


def test_writing_more_files_than_one_command_line_can_name_dates_them_all(
    virtual_device: Device,
) -> None:
    """push_many touches what it wrote from memory, so that the phone's clock dates it:
    a list of files whose names together outrun what one adb request can frame is
    touched in several commands, not refused."""
    folder = "/sdcard/Download/many"
    files = {f"{folder}/{'n' * 90}_{i:04d}.txt": b"x" for i in range(800)}
    assert sum(len(name) + 1 for name in files) > MAX_REQUEST_BYTES
    virtual_device.push_many(files)
    stamps = virtual_device.shell(["stat", "-c", "%Y", *list(files)[::799]]).split()
    phone_now = int(virtual_device.shell(["date", "+%s"]))
    assert len(stamps) == 2 and all(abs(int(s) - phone_now) < 600 for s in stamps)


def test_an_oversized_request_gets_a_short_refusal(virtual_server: VirtualDeviceServer) -> None:
    request = ("host:" + "z" * 70_000).encode()[:MAX_REQUEST_BYTES]
    with socket.create_connection(("127.0.0.1", virtual_server.port), timeout=GUARD_S) as sock:
        sock.sendall(b"%04x" % len(request) + request)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    assert answer.startswith(b"FAIL")
    assert int(answer[4:8], 16) == len(answer) - 8 <= 1024  # the length says it all


# --- 8: a flood of idle connections -----------------------------------------------------------
_FLOOD = """
import socket, sys
port, count = int(sys.argv[1]), int(sys.argv[2])
held = []
for _ in range(count):  # bounded: opens `count` connections, then waits to be told to stop
    held.append(socket.create_connection(("127.0.0.1", port), timeout=60))
print("flooded", flush=True)
sys.stdin.read()  # until the test closes our stdin (or ends)
closed = 0
for sock in held:
    sock.setblocking(False)
    try:
        closed += sock.recv(1) == b""
    except BlockingIOError:
        pass
    except OSError:
        closed += 1
print("closed", closed, flush=True)
"""


@pytest.fixture
def small_server() -> Iterator[VirtualDeviceServer]:
    with VirtualDeviceServer(devices=1, apps=_no_apps, max_connections=64) as server:
        yield server


def _track_devices(port: int) -> socket.socket:
    """A ``host:track-devices`` listener: a legitimate long-lived, idle connection."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=GUARD_S)
    sock.sendall(b"0012host:track-devices")
    assert sock.recv(4) == b"OKAY"
    size = int(sock.recv(4), 16)
    while size:
        size -= len(sock.recv(size))
    return sock


@needs_adb
def test_a_flood_of_idle_connections_from_one_process_leaves_room_for_new_clients(
    small_server: VirtualDeviceServer,
) -> None:
    tracker = _track_devices(small_server.port)  # this process's, opened before the flood
    flood = subprocess.Popen(
        [sys.executable, "-c", _FLOOD, str(small_server.port), "400"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert flood.stdout is not None and flood.stdin is not None
        assert flood.stdout.readline().strip() == "flooded"
        listed = adb(small_server.port, "devices")
        assert listed.returncode == 0, listed.stderr
        assert "virtual-0\tdevice" in listed.stdout
        device = Device("virtual-0", port=small_server.port)
        assert device.shell(["echo", "served"]) == "served\n"
        flood.stdin.close()
        report = flood.stdout.read()
        flood.wait(GUARD_S)
    finally:
        if flood.poll() is None:
            flood.kill()
            flood.wait()
    closed = int(report.split()[-1])
    assert closed >= 400 - 64  # the flooder's oldest idle connections gave way
    # The other peer's listener, idle all along, was not the one closed: it still hears.
    small_server.add_phone()
    tracker.settimeout(GUARD_S)
    assert b"virtual-1" in tracker.recv(4096)
    tracker.close()


# --- 9: storage ---------------------------------------------------------------------------------
@pytest.fixture
def tiny_phone() -> Iterator[VirtualDeviceServer]:
    with VirtualDeviceServer(devices=1, apps=_no_apps, storage_bytes=8 * 1024 * 1024) as server:
        yield server


def _file_of(size: int) -> Iterator[Path]:
    with tempfile.TemporaryDirectory(prefix="droidhub-test-") as folder:
        path = Path(folder) / "big.bin"
        path.write_bytes(os.urandom(size))
        yield path


@pytest.fixture
def twelve_mib() -> Iterator[Path]:
    yield from _file_of(12 * 1024 * 1024)


@needs_adb
def test_a_push_past_the_phones_storage_fails_as_on_android_and_the_server_lives_on(
    tiny_phone: VirtualDeviceServer, twelve_mib: Path
) -> None:
    pushed = adb(tiny_phone.port, "-s", "virtual-0", "push", str(twelve_mib), "/sdcard/big.bin")
    assert pushed.returncode == 1
    message = pushed.stdout + pushed.stderr
    assert (
        f"adb: error: failed to copy '{twelve_mib}' to '/sdcard/big.bin': "
        "remote write failed: No space left on device"
    ) in message
    listing = adb(tiny_phone.port, "-s", "virtual-0", "shell", "ls /sdcard/big.bin")
    assert "No such file or directory" in listing.stdout + listing.stderr  # nothing left
    small = twelve_mib.with_name("small.bin")
    small.write_bytes(b"fits\n")
    assert adb(tiny_phone.port, "-s", "virtual-0", "push", str(small), "/sdcard/").returncode == 0
    shown = adb(tiny_phone.port, "-s", "virtual-0", "shell", "cat /sdcard/small.bin")
    assert shown.stdout == "fits\n"


def test_device_push_and_shell_writes_past_the_storage_fail_with_enospc(
    tiny_phone: VirtualDeviceServer,
) -> None:
    device = Device("virtual-0", port=tiny_phone.port)
    with pytest.raises(DeviceError, match="No space left on device"):
        device.push(b"x" * (9 * 1024 * 1024), "/sdcard/too-big")
    device.push(b"y" * (3 * 1024 * 1024), "/sdcard/three")
    doubled = device.run("cat /sdcard/three /sdcard/three /sdcard/three > /sdcard/nine")
    assert doubled.exit_code == 1
    assert "cat: write: No space left on device" in doubled.output
    copied = device.run(["cp", "/sdcard/three", "/sdcard/a"])
    assert copied.exit_code == 0
    copied = device.run(["cp", "/sdcard/three", "/sdcard/b"])
    assert (copied.exit_code, copied.output) == (1, "cp: No space left on device\n")
    device.remove("/sdcard/a")
    device.push(b"z" * (3 * 1024 * 1024), "/sdcard/again")  # removing made room again


def test_du_counts_the_blocks_files_take_what_a_folder_holds_first(
    tiny_phone: VirtualDeviceServer,
) -> None:
    device = Device("virtual-0", port=tiny_phone.port)
    device.push(os.urandom(1024 * 1024), "/sdcard/Music/one.bin")
    listed = [line.split("\t") for line in device.shell("du -a /sdcard/Music").splitlines()]
    assert [path for _, path in listed] == ["/sdcard/Music/one.bin", "/sdcard/Music"]
    file_k, folder_k = int(listed[0][0]), int(listed[1][0])
    assert 1024 <= file_k <= 1032  # 1K blocks, rounded up (a folder may take one block)
    assert file_k <= folder_k <= file_k + 8
    assert device.shell("du -s /sdcard/Music") == device.shell("du -d 0 /sdcard/Music")
    assert device.shell("du -sm /sdcard/Music").split("\t")[0] in ("1", "2")
    totals = device.shell("du -sc /sdcard/Music /sdcard/Music").splitlines()
    assert totals[-1] == f"{2 * folder_k}\ttotal"
    assert device.shell("du /sdcard") == "0\t/sdcard\n"  # the link itself, not followed
    missing = device.run("du /sdcard/none")
    assert (missing.exit_code, missing.output) == (
        1,
        "du: /sdcard/none: No such file or directory\n",
    )


def test_df_tells_the_phones_storage(tiny_phone: VirtualDeviceServer) -> None:
    device = Device("virtual-0", port=tiny_phone.port)
    device.push(b"x" * (2 * 1024 * 1024), "/sdcard/two")
    lines = device.shell(["df", "/data", "/sdcard"]).splitlines()
    assert lines[0].split()[:5] == ["Filesystem", "1K-blocks", "Used", "Available", "Use%"]
    data, shared = (line.split() for line in lines[1:])
    assert data[-1] == "/data" and shared[-1] == "/storage/emulated"
    size, used, available = (int(v) for v in data[1:4])
    assert size == 8 * 1024 and used >= 2 * 1024 and used + available == size
    human = device.shell(["df", "-h", "/sdcard"]).splitlines()[1].split()
    assert human[1] == "8M"


def test_storage_is_set_by_the_environment_and_serve_option(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("DROIDHUB_VIRTUAL_STORAGE", "3M")
    with VirtualDeviceServer(devices=1, apps=_no_apps) as server:
        device = Device("virtual-0", port=server.port)
        assert device.shell(["df", "/data"]).splitlines()[1].split()[1] == str(3 * 1024)
        with pytest.raises(DeviceError, match="No space left on device"):
            device.push(b"x" * (4 * 1024 * 1024), "/sdcard/four")
    monkeypatch.setenv("DROIDHUB_VIRTUAL_STORAGE", "lots")
    with pytest.raises(
        ValueError, match=r"DROIDHUB_VIRTUAL_STORAGE: storage size 'lots' is not a size"
    ):
        VirtualDeviceServer(devices=1, apps=_no_apps)


def test_serve_takes_a_storage_size_and_refuses_a_bad_one() -> None:
    serve = [sys.executable, "-m", "droidhub", "device", "serve"]
    bad = subprocess.run([*serve, "--storage", "6Q"], capture_output=True, text=True)
    assert bad.returncode == 2
    assert "storage size '6Q' is not a size" in bad.stderr
    helped = subprocess.run([*serve, "--help"], capture_output=True, text=True)
    assert "--storage SIZE" in helped.stdout and "DROIDHUB_VIRTUAL_STORAGE" in helped.stdout
    server = subprocess.Popen(
        [*serve, "--storage", "5M"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
    )
    try:
        assert server.stdout is not None
        port = int(server.stdout.readline().rsplit(":", 1)[1])
        device = Device("virtual-0", port=port)
        assert device.shell(["df", "/data"]).splitlines()[1].split()[1] == str(5 * 1024)
    finally:
        server.terminate()
        server.wait(GUARD_S)


def test_sandboxes_live_on_disk_unless_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DROIDHUB_VIRTUAL_DIR", raising=False)
    monkeypatch.delenv("TMPDIR", raising=False)
    with VirtualDeviceServer(devices=1, apps=_no_apps) as server:
        root = server.phone("virtual-0").root
        # /var/tmp, kept on disk, not /tmp, which many systems keep in memory
        assert Path("/var/tmp").resolve() in root.resolve().parents
        assert not str(root).startswith("/dev/shm")


def test_sandboxes_follow_the_users_tmpdir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("DROIDHUB_VIRTUAL_DIR", raising=False)
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    monkeypatch.setattr(tempfile, "tempdir", None)  # read TMPDIR again
    with VirtualDeviceServer(devices=1, apps=_no_apps) as server:
        assert tmp_path.resolve() in server.phone("virtual-0").root.resolve().parents


@pytest.mark.skipif(
    not phone_settings._has_room(SCRATCH_FOLDER, SCRATCH_ROOM),
    reason="no writable /dev/shm with 1 GiB free",
)
def test_scratch_phones_live_in_memory_unless_a_folder_is_named(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("DROIDHUB_VIRTUAL_DIR", raising=False)
    with VirtualDeviceServer(devices=1, apps=_no_apps, scratch=True) as server:
        assert str(server.phone("virtual-0").root).startswith("/dev/shm/")
    monkeypatch.setenv("DROIDHUB_VIRTUAL_DIR", str(tmp_path))
    with VirtualDeviceServer(devices=1, apps=_no_apps, scratch=True) as server:
        assert tmp_path in server.phone("virtual-0").root.parents


def test_a_client_beyond_the_limit_is_served_and_the_oldest_idle_connection_gives_way() -> None:
    with VirtualDeviceServer(devices=1, apps=_no_apps, max_connections=5) as server:
        held = [socket.create_connection(("127.0.0.1", server.port)) for _ in range(5)]
        try:
            for sock in held:  # each has been accepted: it answers, so it is counted
                sock.sendall(b"000chost:version")
                assert sock.recv(12) == b"OKAY00040029"
            idle = [socket.create_connection(("127.0.0.1", server.port)) for _ in range(5)]
            held += idle
            with socket.create_connection(("127.0.0.1", server.port), timeout=GUARD_S) as sock:
                sock.sendall(b"000chost:version")
                assert sock.recv(12) == b"OKAY00040029"
            idle[0].settimeout(GUARD_S)
            assert idle[0].recv(1) == b""  # the oldest idle one was closed for it
        finally:
            for sock in held:
                sock.close()
