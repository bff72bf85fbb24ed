"""The virtual adb server against hostile clients: what a client sends can neither
reach host files outside a phone's sandbox nor learn host paths from its errors.

Every test talks to a real server through the stock ``adb`` client (as a user would)
or a raw socket (for what no well-behaved client sends). Marker files with a unique
string are planted next to the sandboxes; no answer may ever contain it, and no file
may appear outside the sandbox.
"""

from __future__ import annotations

import logging
import shutil
import subprocess
import uuid
from collections.abc import Iterator
from pathlib import Path

import adbutils
import pytest

from droidhub.virtual.app import Intent, VirtualApp
from droidhub.virtual.phone import VirtualPhone
from droidhub.virtual.pytest_plugin import stock_adb_env
from droidhub.virtual.server import VirtualDeviceServer
from droidhub.virtual.shell import ShellOutcome

pytestmark = pytest.mark.skipif(
    shutil.which("adb") is None,
    reason="the stock adb client is not on PATH (Debian/Ubuntu: apt-get install adb)",
)


class CrashingApp(VirtualApp):
    """An app model with a bug whose message names a host path, as real bugs do."""

    package = "com.example.crash"
    label = "Crash"

    def __init__(self) -> None:
        self.where = ""

    def install(self, phone: VirtualPhone) -> None:
        self.where = str(phone.root)

    def on_start(self, phone: VirtualPhone, intent: Intent) -> None:
        raise RuntimeError(f"cannot open {self.where}/data/data/{self.package}/db")


class ExplodingPhone(VirtualPhone):
    """A phone whose ``shell`` itself raises, naming its sandbox."""

    def shell(self, command: str, stdin: bytes = b"") -> ShellOutcome:
        if command == "explode":
            raise RuntimeError(f"bug in the phone at {self.root}")
        return super().shell(command, stdin)


@pytest.fixture
def served(tmp_path: Path) -> Iterator[VirtualDeviceServer]:
    """A server whose sandboxes live under ``tmp_path/phones``."""
    with VirtualDeviceServer(
        devices=2,
        root=tmp_path / "phones",
        apps=lambda: [CrashingApp()],
        phone_factory=ExplodingPhone,
    ) as server:
        yield server


def adb(port: int, *args: str, timeout: float = 60) -> tuple[str, str, int]:
    """Run the stock client against ``port``; return stdout, stderr and exit status."""
    result = subprocess.run(
        ["adb", "-P", str(port), *args],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        timeout=timeout,
        env=stock_adb_env(port),
    )
    return (
        result.stdout.decode("utf-8", "replace"),
        result.stderr.decode("utf-8", "replace"),
        result.returncode,
    )


def sh(port: int, command: str, serial: str = "virtual-0") -> tuple[str, str, int]:
    """``adb -s SERIAL shell COMMAND``."""
    return adb(port, "-s", serial, "shell", command)


# --- 4: no host path or traceback reaches a client ------------------------------------------
def test_failing_commands_answer_like_android_and_keep_host_paths_in_the_log(
    served: VirtualDeviceServer, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    port = served.port
    sandbox = str(served.phone("virtual-0").root)
    caplog.set_level(logging.ERROR)
    answers = [
        # An app model raising (its message names the sandbox).
        sh(port, "am start -n com.example.crash/.MainActivity"),
        # The phone itself raising out of shell().
        sh(port, "explode"),
        # A command meeting a host error: a folder moved onto a file.
        sh(port, "mkdir /sdcard/d && touch /sdcard/f && mv /sdcard/d /sdcard/f"),
    ]
    for out, err, code in answers:
        both = out + err
        assert code != 0, both
        assert "Traceback" not in both
        assert sandbox not in both and str(tmp_path) not in both
        assert "/tmp" not in both and "/dev/shm" not in both
    assert "internal error" in answers[0][0] + answers[0][1]
    assert answers[1][2] == 255
    # The server's log keeps what a developer needs to find the bug.
    assert "cannot open" in caplog.text and "bug in the phone" in caplog.text
    assert sh(port, "echo still serving") == ("still serving\n", "", 0)


# --- 3: no path leads out of the sandbox ------------------------------------------------------
def _outside(tmp_path: Path, sandbox: Path) -> set[Path]:
    """Every file and folder under ``tmp_path`` but outside ``sandbox``."""
    return {p for p in tmp_path.rglob("*") if sandbox not in (p, *p.parents)}


def test_links_moves_copies_and_dotdot_never_reach_outside_the_sandbox(
    served: VirtualDeviceServer, tmp_path: Path
) -> None:
    port = served.port
    sandbox = served.phone("virtual-0").root
    secret = f"marker-{uuid.uuid4().hex}"
    for place in (tmp_path, tmp_path / "phones", sandbox.parent.parent):
        (place / "marker.txt").write_text(secret)
    before = _outside(tmp_path, sandbox)
    host_dir = str(tmp_path)

    # A link to / is the phone's root, as on Android.
    out, _err, code = sh(port, "ln -s / /sdcard/x && ls /sdcard/x/")
    assert code == 0 and "data" in out.split() and "marker.txt" not in out
    # A relative link that climbs past / is refused with toybox's error and status.
    out, err, code = sh(port, "cd /sdcard/Download && ln -s ../../../../.. up")
    assert code == 1 and "Permission denied" in err
    # Inside the sandbox it is fine; moved or copied to where it would lead out, refused.
    assert sh(port, "ln -s ../../../.. /sdcard/Download/l && mkdir -p /sdcard/a/b")[2] == 0
    assert sh(port, "ln -s ../../../../.. /sdcard/a/b/up")[2] == 0
    for move in ("mv /sdcard/Download/l /data/", "mv /sdcard/Download/l /l"):
        out, err, code = sh(port, move)
        assert code == 1 and "Permission denied" in err, move
    for copy in ("cp -r /sdcard/a /data/", "cp -r /sdcard/a/b /", "cp -a /sdcard/a/b/up /"):
        out, err, code = sh(port, copy)
        assert code == 1 and "Permission denied" in err, copy

    attacks = [
        "cat /sdcard/x/../marker.txt /sdcard/x/../../marker.txt",
        f"ln -s {host_dir} /sdcard/t; cat /sdcard/t/marker.txt",
        f"cat {host_dir}/marker.txt; cat ../../../../marker.txt; cat /../../marker.txt",
        "cat /sdcard/Download/l/../marker.txt /sdcard/Download/l/../../marker.txt",
        "cat /sdcard/a/b/up/../marker.txt; ls /sdcard/a/b/up/../ /l /b /data/up",
        f"cp {host_dir}/marker.txt /sdcard/ ; cp ../../../../marker.txt /sdcard/m2",
        "cat /sdcard/marker.txt /sdcard/m2; grep -r marker /sdcard/x/..",
        "sh /sdcard/x/../../marker.txt; ls -la /../.. /sdcard/x/..",
        f"echo pwned > {host_dir}/pwned.txt; echo pwned > ../../../../pwned.txt",
        "echo pwned > /sdcard/x/../pwned.txt; touch /sdcard/a/b/up/../pwned2.txt",
        "mkdir -p /sdcard/x/../../newdir; cp /sdcard/Download/l/../../x /sdcard/y",
        "find / -name marker.txt; find /sdcard/x/.. -name 'marker*'",
        f"ln {host_dir}/marker.txt /sdcard/hard; cat /sdcard/hard",
    ]
    answers = [sh(port, attack) for attack in attacks]
    local = tmp_path / "pulled"
    local.mkdir()
    upload = tmp_path / "upload.txt"
    upload.write_text("pushed")
    for remote in (
        "/sdcard/x/../marker.txt",
        f"{host_dir}/marker.txt",
        "/../../marker.txt",
        "/sdcard/a/b/up/../marker.txt",
    ):
        answers.append(adb(port, "-s", "virtual-0", "pull", remote, str(local / "got")))
    for remote in ("/../../pwned3.txt", f"{host_dir}/pwned3.txt", "/sdcard/x/../../pwned3"):
        answers.append(adb(port, "-s", "virtual-0", "push", str(upload), remote))
    device = adbutils.AdbClient(host="127.0.0.1", port=port).device("virtual-0")
    for remote in ("/..", "/../..", "/sdcard/x/..", "/sdcard/a/b/up", host_dir):
        names = [entry.path for entry in device.sync.list(remote)]
        answers.append((" ".join(names), "", 0))
        answers.append((repr(device.sync.stat(remote + "/marker.txt")), "", 0))
    with pytest.raises(adbutils.AdbError):
        device.sync.read_bytes("/../../marker.txt")

    for out, err, _code in answers:
        assert secret not in out + err
        assert str(sandbox) not in out + err
    pulled = [p.read_text(errors="replace") for p in local.rglob("*") if p.is_file()]
    assert not any(secret in text for text in pulled)
    # Nothing was written, made or linked outside the sandbox.
    assert _outside(tmp_path, sandbox) - {local, upload} == before | {p for p in local.rglob("*")}
