"""The virtual adb server against hostile clients: what a client sends can neither
reach host files outside a phone's sandbox nor learn host paths from its errors.

Every test talks to a real server through the stock ``adb`` client (as a user would)
or a raw socket (for what no well-behaved client sends). Marker files with a unique
string are planted next to the sandboxes; no answer may ever contain it, and no file
may appear outside the sandbox.
"""

from __future__ import annotations

import logging
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from droidhub.virtual.app import Intent, VirtualApp
from droidhub.virtual.phone import VirtualPhone
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
    env = {k: v for k, v in os.environ.items() if k != "ANDROID_SERIAL"}
    env["ADB_SERVER_SOCKET"] = f"tcp:127.0.0.1:{port}"
    result = subprocess.run(
        ["adb", "-P", str(port), *args],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        timeout=timeout,
        env=env,
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
