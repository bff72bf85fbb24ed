"""A phone that goes away or gets stuck mid-run is quarantined; its episodes go to the
others.

The phones are served by a VirtualDeviceServer in the test process, and the run (a
subprocess) reaches them by serial with --adb-port, as it would real phones; the
test detaches one while the run is going.
"""

from __future__ import annotations

import contextlib
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from runner_plugins import (
    assert_each_quick_episode_once,
    droidhub,
    droidhub_env,
    hang_site,
    quick_run_args,
    results_rows,
    running_droidhub,
    wait_until,
)

from droidhub.virtual.server import VirtualDeviceServer


@pytest.fixture
def server() -> Iterator[VirtualDeviceServer]:
    with VirtualDeviceServer(devices=2, apps=list) as srv:
        yield srv


@pytest.fixture
def site(tmp_path: Path) -> Path:
    """A folder with the hang test plugin installed, for the run's PYTHONPATH."""
    return hang_site(tmp_path / "site")


@pytest.fixture
def out(tmp_path: Path) -> Path:
    """The run's output folder (not created: the run makes it)."""
    return tmp_path / "run"


def _run_and_detach(
    site: Path, out: Path, server: VirtualDeviceServer, serials: str, detach: str, n: int
) -> subprocess.CompletedProcess[str]:
    """Start a run on ``serials``; once an episode is recorded, detach ``detach``."""
    args = quick_run_args(n, "hang_agents:Slow", out, "--device", serials)
    with running_droidhub(site, [*args, "--adb-port", str(server.port)]) as proc:
        assert wait_until(lambda: bool(results_rows(out)), 60), "the run recorded nothing in 60 s"
        server.remove_phone(detach)
        stdout, stderr = proc.communicate(timeout=120)
    return subprocess.CompletedProcess(proc.args, proc.returncode, stdout, stderr)


def test_a_lost_phone_is_quarantined_and_the_other_runs_its_episodes(
    site: Path, out: Path, server: VirtualDeviceServer
) -> None:
    proc = _run_and_detach(site, out, server, "virtual-0,virtual-1", "virtual-1", 10)
    assert proc.returncode == 0, proc.stderr
    assert "device virtual-1 quarantined: 3 device errors in a row" in proc.stderr
    assert "quarantined=virtual-1" in proc.stderr  # the progress line shows it
    rows = results_rows(out)
    # Every episode exactly once, none recorded as a device error: the ones the lost
    # phone could not finish went to the phone that stayed.
    assert_each_quick_episode_once(out, 10)
    assert all(r["error"] is None for r in rows), [r["error"] for r in rows]
    assert "Traceback" not in proc.stderr


def test_when_every_phone_is_lost_the_run_stops_and_a_rerun_resumes(
    site: Path, out: Path, server: VirtualDeviceServer
) -> None:
    proc = _run_and_detach(site, out, server, "virtual-0", "virtual-0", 8)
    assert proc.returncode == 4, proc.stderr
    last = proc.stderr.strip().splitlines()[-1]
    assert last.startswith("error: every device was quarantined (virtual-0: ")
    assert "episodes were not run. Rerun the same command once a device is back" in last
    done = results_rows(out)
    assert 1 <= len(done) < 8 and all(r["error"] is None for r in done)
    # A rerun on a phone that works runs only the rest.
    args = quick_run_args(8, "hang_agents:Slow", out, "--device", "virtual-1")
    again = droidhub(site, *args, "--adb-port", str(server.port), HANG_SLOW="0")
    assert again.returncode == 0, again.stderr
    assert f"({len(done)} already recorded)" in again.stderr
    assert_each_quick_episode_once(out, 8)


class StuckPhoneServer:
    """An adb server whose one phone, ``stuck-1``, is listed but never answers a command:
    host queries are answered, anything sent to the phone waits forever."""

    def __init__(self) -> None:
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.clients: list[socket.socket] = []
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self.listener.accept()
            except OSError:
                return
            self.clients.append(conn)
            threading.Thread(target=self._answer, args=(conn,), daemon=True).start()

    @staticmethod
    def _answer(conn: socket.socket) -> None:
        def block(text: str) -> bytes:
            return b"OKAY" + b"%04x" % len(text) + text.encode()

        replies = {
            "host:version": block("0029"),
            "host:devices": block("stuck-1\tdevice\n"),
            "host-serial:stuck-1:features": block("shell_v2"),
            "host:tport:serial:stuck-1": b"OKAY" + (1).to_bytes(8, "little"),
        }
        with contextlib.suppress(OSError, ValueError):
            reader = conn.makefile("rb")
            while True:
                size = reader.read(4)
                if len(size) < 4:
                    return
                request = reader.read(int(size, 16)).decode()
                if request not in replies:
                    reader.read()  # the phone is stuck: wait until the client hangs up
                    return
                conn.sendall(replies[request])

    def close(self) -> None:
        self.listener.close()
        for conn in self.clients:
            with contextlib.suppress(OSError):
                conn.close()


def test_a_stuck_phone_times_out_its_episodes_and_is_quarantined(site: Path, out: Path) -> None:
    stuck = StuckPhoneServer()
    try:
        proc = subprocess.run(
            [
                sys.executable, "-m", "droidhub", "run", "--agent", "noop", "--suite", "hang",
                "--tasks", "Quick",
                "--n-combinations", "4", "--device", "stuck-1", "--adb-port", str(stuck.port),
                "--step-timeout", "1", "--episode-timeout", "2", "--out", str(out),
                # After each timeout the phone is probed for at most this long (10 s
                # by default); a stuck one never answers.
                "--teardown-timeout", "1",
            ],
            env=droidhub_env(site),
            capture_output=True,
            text=True,
            timeout=120,
        )  # fmt: skip
    finally:
        stuck.close()
    assert proc.returncode == 4, proc.stderr
    last = proc.stderr.strip().splitlines()[-1]
    assert last.startswith(
        "error: every device was quarantined (stuck-1: timeout: the episode was still in "
        "env.reset at its limit (--episode-timeout 2s)); 4 episodes were not run."
    ), proc.stderr
    assert not (out / "results.jsonl").read_text()  # nothing recorded: a rerun runs all
    assert "Traceback" not in proc.stderr
