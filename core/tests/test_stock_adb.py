"""The stock ``adb`` client (Debian's ``adb`` package) against ``droidhub device serve``.

Each test runs with every client at hand: ``adb`` on PATH (Debian ships 29), and the
newer one adbutils bundles (36), when it is there.

The server runs as a user starts it, in a subprocess; every ``adb`` call names its
port (``-P``, and ``ADB_SERVER_SOCKET`` to the same place), so the client never
touches a real adb server on 5037, and never starts a daemon of its own: the server is
listening before the first call.
"""

from __future__ import annotations

import io
import os
import shutil
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import adbutils
import pytest
from PIL import Image

from droidhub.virtual.pytest_plugin import stock_adb_env

pytestmark = [
    pytest.mark.adb,
    pytest.mark.skipif(
        shutil.which("adb") is None,
        reason="the stock adb client is not on PATH (Debian/Ubuntu: apt-get install adb)",
    ),
]

_BUNDLED = Path(adbutils.__file__).parent / "binaries" / "adb"


@pytest.fixture(scope="module", params=["path", "adbutils-bundled"])
def client(request: pytest.FixtureRequest) -> str:
    """The adb client binary a test runs with."""
    if request.param == "path":
        return shutil.which("adb") or "adb"
    if not os.access(_BUNDLED, os.X_OK):
        pytest.skip(f"adbutils bundles no adb client here ({_BUNDLED})")
    return str(_BUNDLED)


def start_serve(*args: str) -> tuple[subprocess.Popen[str], int, list[str]]:
    """Run ``droidhub device serve ARGS``; return the process, its port and serials."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "droidhub", "device", "serve", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        text=True,
    )
    assert proc.stdout is not None
    header = proc.stdout.readline()
    if "listening on 127.0.0.1:" not in header:
        proc.kill()
        _, err = proc.communicate(timeout=10)
        raise AssertionError(f"`droidhub device serve` did not start: {header!r} {err}")
    port = int(header.rsplit(":", 1)[1])
    count = int(args[args.index("--devices") + 1]) if "--devices" in args else 1
    serials = [proc.stdout.readline().split()[0] for _ in range(count)]
    return proc, port, serials


def stop_serve(proc: subprocess.Popen[str]) -> tuple[int, str]:
    """Ctrl-C the server; return its exit code and what it printed on stderr."""
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=20)
    return proc.returncode, err


@pytest.fixture(scope="module")
def served() -> Iterator[int]:
    proc, port, serials = start_serve("--devices", "2")
    assert serials == ["virtual-0", "virtual-1"]
    try:
        yield port
    finally:
        if proc.poll() is None:
            stop_serve(proc)


def adb(
    client: str, port: int, *args: str, stdin: bytes | None = None, check: bool = True
) -> subprocess.CompletedProcess[bytes]:
    result = subprocess.run(
        [client, "-P", str(port), *args],
        input=stdin,
        stdin=subprocess.DEVNULL if stdin is None else None,
        capture_output=True,
        timeout=60,
        env=stock_adb_env(port),
    )
    if check and result.returncode != 0:
        raise AssertionError(f"adb {' '.join(args)} failed: {result.stderr.decode()}")
    return result


def test_devices_lists_the_virtual_phones(client: str, served: int) -> None:
    out = adb(client, served, "devices").stdout.decode()
    assert out.splitlines()[1:3] == ["virtual-0\tdevice", "virtual-1\tdevice"]
    long = adb(client, served, "devices", "-l").stdout.decode()
    assert "model:Pixel_6" in long and "transport_id:2" in long


def test_shell_answers_settings(client: str, served: int) -> None:
    result = adb(client, served, "-s", "virtual-0", "shell", "settings", "get", "global", "wifi_on")
    assert result.stdout == b"1\n"


def test_shell_gives_exit_codes_and_separate_stderr(client: str, served: int) -> None:
    result = adb(client, served, "-s", "virtual-1", "shell", "no_such_command", check=False)
    assert result.returncode == 127
    assert result.stdout == b""
    assert b"no_such_command: inaccessible or not found" in result.stderr


def test_shared_storage_names_are_links_as_on_android(client: str, served: int) -> None:
    def shell(command: str) -> str:
        return adb(client, served, "-s", "virtual-0", "shell", command).stdout.decode()

    # The system image's link in /, and the one in /storage/self, as toybox lists them.
    (sdcard,) = [line for line in shell("ls -l /").splitlines() if "sdcard" in line]
    assert sdcard.split() == [
        "lrw-r--r--", "1", "root", "root", "21", "2009-01-01", "00:00",
        "sdcard", "->", "/storage/self/primary",
    ]  # fmt: skip
    primary = shell("ls -l /storage/self").splitlines()[1].split()
    assert primary[:5] == ["lrwxrwxrwx", "1", "root", "root", "19"]
    assert primary[-3:] == ["primary", "->", "/storage/emulated/0"]
    assert shell("readlink /sdcard; readlink /storage/self/primary") == (
        "/storage/self/primary\n/storage/emulated/0\n"
    )
    assert shell("readlink -f /sdcard/Download; realpath /sdcard") == (
        "/storage/emulated/0/Download\n/storage/emulated/0\n"
    )
    # Named as it is, the link is not followed by ls -l, find, stat or test -L;
    # with a slash after it, it is.
    assert shell("ls -l /sdcard").split()[-3:] == ["/sdcard", "->", "/storage/self/primary"]
    assert "Download" in shell("ls -l /sdcard/")
    assert shell("find /sdcard -maxdepth 1") == "/sdcard\n"
    assert "/sdcard/Download\n" in shell("find /sdcard/ -maxdepth 1")
    assert shell("stat -c '%F|%s|%A|%U|%N' /sdcard") == (
        "symbolic link|21|lrw-r--r--|root|'/sdcard' -> '/storage/self/primary'\n"
    )
    assert shell("test -L /sdcard && test -d /sdcard && echo both") == "both\n"
    # Behind the links, shared storage as a phone lists it through its FUSE mount.
    alarms = [line for line in shell("ls -l /sdcard/").splitlines() if line.endswith(" Alarms")]
    assert alarms[0].split()[:4] == ["drwxrws---", "2", "u0_a196", "media_rw"]
    assert shell("echo x > /sdcard/Download/m.txt; stat -c '%A %u %g' /sdcard/Download/m.txt") == (
        "-rw-rw---- 10196 1023\n"
    )
    # Not a link (nor a link named with a slash after it, which leads through), or a
    # missing folder on the way: exit 1, nothing said.
    assert (
        shell(
            "readlink /sdcard/Download; echo $?; readlink /sdcard/; echo $?; "
            "readlink -f /sdcard/a/b; echo $?"
        )
        == "1\n1\n1\n"
    )


def test_push_keeps_the_files_mtime_and_dates_new_folders_by_the_phones_clock(
    client: str, served: int, tmp_path: Path
) -> None:
    """As adbd does: the pushed file takes the mtime the client sends (the host
    file's), the folders the push makes or adds to take the phone's time."""
    original = tmp_path / "note.txt"
    original.write_text("hello")
    os.utime(original, (1_600_000_000, 1_600_000_000))
    adb(client, served, "-s", "virtual-1", "push", str(original), "/sdcard/Dated/a/note.txt")

    def shell(*words: str) -> str:
        return adb(client, served, "-s", "virtual-1", "shell", *words).stdout.decode().strip()

    phone_now = int(shell("date", "+%s"))
    assert shell("stat", "-c", "%Y", "/sdcard/Dated/a/note.txt") == "1600000000"
    for folder in ("/sdcard/Dated", "/sdcard/Dated/a"):
        assert abs(int(shell("stat", "-c", "%Y", folder)) - phone_now) < 600


def test_push_then_pull_of_5_mb_is_byte_identical(client: str, served: int, tmp_path: Path) -> None:
    original = tmp_path / "random.bin"
    original.write_bytes(os.urandom(5 * 1024 * 1024))
    pushed = adb(
        client, served, "-s", "virtual-0", "push", str(original), "/sdcard/Download/new/r.bin"
    )
    assert b"1 file pushed" in pushed.stdout + pushed.stderr  # adb 36 reports on stderr
    back = tmp_path / "back.bin"
    adb(client, served, "-s", "virtual-0", "pull", "/sdcard/Download/new/r.bin", str(back))
    assert back.read_bytes() == original.read_bytes()
    listing = adb(client, served, "-s", "virtual-0", "shell", "ls", "/sdcard/Download/new").stdout
    assert listing == b"r.bin\n"
    # The other phone has its own storage.
    other = adb(
        client, served, "-s", "virtual-1", "shell", "ls", "/sdcard/Download/new", check=False
    )
    assert other.returncode != 0


def test_pull_of_a_missing_file_says_so(client: str, served: int, tmp_path: Path) -> None:
    failed = adb(
        client,
        served,
        "-s",
        "virtual-0",
        "pull",
        "/sdcard/nothing.txt",
        str(tmp_path / "x"),
        check=False,
    )
    assert failed.returncode == 1
    assert b"No such file or directory" in failed.stdout + failed.stderr


def test_exec_out_screencap_is_a_png(client: str, served: int) -> None:
    png = adb(client, served, "-s", "virtual-1", "exec-out", "screencap", "-p").stdout
    assert Image.open(io.BytesIO(png)).size == (1080, 2400)


def test_piped_shell_session(client: str, served: int) -> None:
    result = adb(client, served, "-s", "virtual-0", "shell", stdin=b"getprop ro.serialno\nexit\n")
    assert result.stdout == b"virtual-0\n"


def test_piped_shell_reads_a_command_over_several_lines_as_sh_does(
    client: str, served: int
) -> None:
    script = b'echo "one\ntwo"\nif true; then\n  echo three\nfi\nprintf "%s|" "a\rb"\n'
    result = adb(client, served, "-s", "virtual-0", "shell", stdin=script)
    assert result.stdout == b"one\ntwo\nthree\na\rb|"


def test_piped_shell_keeps_the_folder_and_variables_until_exit(client: str, served: int) -> None:
    script = b"cd /sdcard\npwd\nX=5\necho $X\nexit 4\necho never\n"
    result = adb(client, served, "-s", "virtual-0", "shell", stdin=script, check=False)
    assert (result.stdout, result.returncode) == (b"/sdcard\n5\n", 4)


def test_kill_server_does_not_stop_it(client: str, served: int) -> None:
    adb(client, served, "kill-server", check=False)
    assert adb(client, served, "devices").stdout.decode().count("\tdevice") == 2
    plain = adbutils.AdbClient(host="127.0.0.1", port=served)
    assert plain.device("virtual-0").shell("echo still ours") == "still ours"


def test_serve_stops_cleanly_on_ctrl_c(client: str) -> None:
    proc, port, serials = start_serve("--devices", "1")
    assert serials == ["virtual-0"]
    assert adb(client, port, "-s", "virtual-0", "shell", "echo", "up").stdout == b"up\n"
    code, err = stop_serve(proc)
    assert code == 0 and "stopped" in err
    # Nothing listens any more. (Not asked with `adb`: finding no server, it would
    # start a real daemon on the port.)
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection(("127.0.0.1", port), timeout=2)


def test_serve_stops_on_the_first_ctrl_c_while_a_shell_sleeps(client: str) -> None:
    proc, port, _serials = start_serve("--devices", "1")
    sleeper = subprocess.Popen(
        [client, "-P", str(port), "-s", "virtual-0", "shell", "sleep", "60"],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=stock_adb_env(port),
    )
    try:
        # A raw shell too, answered OKAY: by then its sleep is running on the phone.
        with socket.create_connection(("127.0.0.1", port), timeout=20) as sock:
            for request in (b"host:transport:virtual-0", b"shell:sleep 60"):
                sock.sendall(b"%04x" % len(request) + request)
                assert sock.recv(4) == b"OKAY"
            code, err = stop_serve(proc)  # one SIGINT; raises if it hangs past 20 s
    finally:
        sleeper.kill()
        sleeper.wait(timeout=20)
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=20)
    assert code == 0 and "stopped" in err
    assert "Traceback" not in err
