"""The Ray executor on a real local Ray cluster (``--executor ray`` with no address starts
one with this machine's CPUs): the same results as the threads, an actor killed mid-run
costs no episode, a killed driver resumes on rerun."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from runner_plugins import (
    assert_each_quick_episode_once,
    assert_one_episode_ran_again,
    droidhub,
    hang_site,
    quick_run_args,
    results_rows,
    running_droidhub,
)

pytest.importorskip("ray", reason="the Ray executor needs ray (core's test extra installs it)")


def _actors() -> list[int]:
    """Pids of the running Ray actors that own phones (their process title)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                cmdline = (entry / "cmdline").read_bytes()
            except OSError:
                continue
            if cmdline.startswith(b"ray::PhoneActor"):
                found.append(int(entry.name))
    return found


def _scratch_folders() -> set[Path]:
    """The actors' scratch folders in this machine's temp dir."""
    return set(Path(tempfile.gettempdir()).glob("droidhub-actor-*"))


def _ray_run_args(n: int, out: Path) -> list[str]:
    """``n`` slow ``hang/Quick`` episodes on two virtual phones, each owned by a Ray actor."""
    return quick_run_args(n, "hang_agents:Slow", out, "--device", "virtual:2", "--executor", "ray")


def _wait_for(out: Path, count: int, proc: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and len(results_rows(out)) < count and proc.poll() is None:
        time.sleep(0.05)
    assert len(results_rows(out)) >= count, "the run recorded too little"


@contextlib.contextmanager
def _ray_run_under_way(site: Path, n: int, out: Path) -> Iterator[subprocess.Popen[str]]:
    """A Ray run of ``n`` slow episodes (in a session of its own, killed with it on
    leaving) once it has recorded three of them: its actors and driver are busy."""
    args = _ray_run_args(n, out)
    with running_droidhub(site, args, start_new_session=True, HANG_SLOW="0.3") as proc:
        _wait_for(out, 3, proc)
        yield proc


def test_ray_and_threads_give_the_same_rewards_instance_for_instance(tmp_path: Path) -> None:
    pytest.importorskip("droidhub_aw_apps")
    tasks = "SystemWifiTurnOn,MarkorCreateNote,ExpenseDeleteSingle,SimpleCalendarAddOneEvent"
    rewards = {}
    for executor in ("threads", "ray"):
        out = tmp_path / executor
        args = ["run", "--suite", "android_world", "--tasks", tasks, "--n-combinations", "2",
                "--agent", "ui_oracle", "--agent-option", "observe=both", "--device",
                "virtual:2", "--executor", executor, "--out", str(out)]  # fmt: skip
        done = subprocess.run(
            [sys.executable, "-m", "droidhub", *args], capture_output=True, text=True, timeout=300
        )
        assert done.returncode in (0, 3), done.stderr
        rows = results_rows(out)
        assert len(rows) == 8
        rewards[executor] = {r["episode_id"]: (r["reward"], r["steps"]) for r in rows}
        # The actors' episode files came back to the driver's run folder.
        for r in rows:
            folder = out / "episodes" / r["family"] / r["task"] / str(r["instance"])
            assert (folder / "steps.jsonl").is_file(), folder
            assert len(list(folder.glob("*.png"))) == r["steps"]
    assert rewards["ray"] == rewards["threads"]


def test_an_actor_killed_mid_run_costs_no_episode(tmp_path: Path) -> None:
    site = hang_site(tmp_path / "site")
    out = tmp_path / "run"
    before = _scratch_folders()
    with _ray_run_under_way(site, 24, out) as proc:
        actors = _actors()
        assert len(actors) == 2, actors
        os.kill(actors[0], signal.SIGKILL)
        _, stderr = proc.communicate(timeout=240)
    assert proc.returncode == 0, stderr
    assert_one_episode_ran_again(out, 24)
    # The killed actor could not delete its scratch folder; the actors after it did.
    assert _scratch_folders() <= before


def test_a_killed_driver_resumes_on_rerun(tmp_path: Path) -> None:
    site = hang_site(tmp_path / "site")
    out = tmp_path / "run"
    with _ray_run_under_way(site, 30, out) as proc:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
    first = len(results_rows(out))
    assert 3 <= first < 30
    again = droidhub(site, *_ray_run_args(30, out), HANG_SLOW="0", timeout=240)
    assert again.returncode == 0, again.stderr
    assert f"({first} already recorded)" in again.stderr
    assert_each_quick_episode_once(out, 30)
