"""AndroidWorld's own set-up and check commands, replayed against a fresh virtual phone.

``data/aw_commands.json`` holds, for each of AW's 116 tasks, every adb call AW's code
(google-research/android_world at the commit it names) made while it saved its apps'
snapshots and ran the task's ``initialize_task``, ``is_successful`` and ``tear_down``
on a virtual phone, with the phone's answer: the exit status and the output, exact
(``out``), as a regular expression of the shape AW's parser needs (``re``), as a
digest of a long exact output (``digest``) or not checked (``out: "any"``). It was
written by ``tools/aw_command_fixture.py`` inside AW's interpreter; this test needs no
AW code: it sends the same argument lists through the stock ``adb`` client, in order,
and holds the phone to every recorded answer. The distinct calls are stored once
(``calls``) and each task lists its calls by index. A push keeps its size and sha256,
not its bytes: the replay pushes as many zero bytes (no recorded answer depends on
them: the phone's listings give sizes, and AW reads pulled databases on the host);
``{local}`` is this test's own temp file.

Tasks AW's code could not finish here (``stopped``) replay up to where it stopped:
their reasons are in each phase's ``error``.

The fixture was recorded with the phones' sandboxes on tmpfs, whose folder sizes
(40 bytes and 20 more an entry) the phone then showed. Since folders show ext4's sizes
wherever the sandbox is, the 23 app-data listings (``ls DIR -ll -au``) whose only
difference was those sizes and their ``total`` were recorded again by replaying the
same calls, and so were five shared-storage listings recorded before shared storage
showed its FUSE mount's modes and owner (``drwxrws---``, ``-rw-rw----``, ``u0_a196
media_rw``, whichever alias names the path): their other words, and every other
answer, are as first recorded.

The whole replay takes minutes, so it is a ``sweep``; one task per app replays in the
fast tests.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from droidhub.virtual.pytest_plugin import stock_adb_env
from droidhub.virtual.server import VirtualDeviceServer

FIXTURE = Path(__file__).parent / "data" / "aw_commands.json"
RECORDED: dict[str, Any] = json.loads(FIXTURE.read_text(encoding="utf-8"))
CALLS: list[dict[str, Any]] = RECORDED["calls"]
TASKS: dict[str, Any] = RECORDED["tasks"]

#: One task per app AW's code touches in a different way: databases pulled and pushed,
#: files made with the shell, a snapshot saved and restored, a UI dump read, an SMS
#: provider queried, an SMS delivered through the emulator console, a browser page
#: pushed; the rest are a sweep.
FAST = (
    "ExpenseDeleteSingle",
    "MarkorCreateNote",
    "SimpleSmsSend",
    "SimpleSmsReply",
    "BrowserMultiply",
    "FilesDeleteFile",
    "ClockStopWatchRunning",
    "SystemWifiTurnOff",
    "VlcCreatePlaylist",
)

pytestmark = [
    pytest.mark.adb,
    pytest.mark.skipif(shutil.which("adb") is None, reason="the stock adb client is not on PATH"),
]


@pytest.fixture(scope="module")
def emulator_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VirtualDeviceServer]:
    """Phones with an emulator console, as AW's emulator-5554 has (AW delivers SMS
    through it), served and reached with a home folder that holds no console token, as
    the recording's had."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("HOME", str(tmp_path_factory.mktemp("home")))
        with VirtualDeviceServer(devices=0, console_port=0) as server:
            yield server


def adb(port: int, serial: str, args: list[str]) -> tuple[int, bytes]:
    """``adb -P PORT -s SERIAL ARGS`` as android_env's AdbController runs it."""
    proc = subprocess.run(
        [shutil.which("adb") or "adb", "-P", str(port), "-s", serial, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL,
        timeout=120,
        env=stock_adb_env(port),
        check=False,
    )
    return proc.returncode, proc.stdout


def mismatch(call: dict[str, Any], status: int, output: str) -> str | None:
    """Why the phone's answer is not the recorded one, or None when it is."""
    if status != call["status"]:
        return f"exit status {status}, recorded {call['status']}"
    if "re" in call:
        return None if re.fullmatch(call["re"], output) else f"output does not match {call['re']!r}"
    if "digest" in call:
        digest = hashlib.sha256(output.encode()).hexdigest()
        return None if digest == call["digest"] else f"output of {len(output)} chars differs"
    if call["out"] in ("any", output):
        return None
    return f"output differs from the recorded {call['out'][:300]!r}"


def replay(server: VirtualDeviceServer, name: str, tmp_path: Path) -> list[str]:
    """Replay task ``name``'s calls on a fresh phone; the calls answered differently."""
    serial = server.add_phone()
    differences = []
    try:
        for i, number in enumerate(TASKS[name]["calls"]):
            call = CALLS[number]
            local = tmp_path / f"call{i}"
            if "push" in call:
                local.write_bytes(bytes(call["push"]["size"]))
            args = [str(local) if a == "{local}" else a for a in call["args"]]
            status, raw = adb(server.port, serial, args)
            output = raw.decode("utf-8", "replace")
            why = mismatch(call, status, output)
            if why is not None:
                differences.append(
                    f"#{i} {' '.join(call['args'])[:120]!r}: {why}; got {output[:300]!r}"
                )
    finally:
        server.remove_phone(serial)
    return differences


def test_the_fixture_holds_every_aw_task_and_why_some_stopped() -> None:
    assert len(TASKS) == 116
    assert all(entry["calls"] for entry in TASKS.values())
    assert set(FAST) <= set(TASKS) - set(RECORDED["stopped"])
    for name, entry in TASKS.items():
        errors = [phase["error"] for phase in entry["phases"].values() if "error" in phase]
        assert bool(errors) == (name in RECORDED["stopped"]), name


@pytest.mark.parametrize("name", FAST)
def test_replay_of_one_task_per_app(
    emulator_server: VirtualDeviceServer, name: str, tmp_path: Path
) -> None:
    assert replay(emulator_server, name, tmp_path) == []


@pytest.mark.sweep
@pytest.mark.parametrize("name", sorted(set(TASKS) - set(FAST)))
def test_replay_of_every_task(
    emulator_server: VirtualDeviceServer, name: str, tmp_path: Path
) -> None:
    assert replay(emulator_server, name, tmp_path) == []
