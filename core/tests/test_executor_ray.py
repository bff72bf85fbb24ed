"""The Ray executor on a real local Ray cluster (``--executor ray`` with no address starts
one with this machine's CPUs): the same results as the threads, an actor killed mid-run
costs no episode, a killed driver resumes on rerun."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest
from runner_plugins import droidhub, droidhub_env, hang_site, results_rows

pytest.importorskip("ray", reason="the Ray executor needs ray (core's test extra installs it)")

QUICK = ["--suite", "hang", "--tasks", "Quick", "--agent", "hang_agents:Slow",
         "--device", "virtual:2", "--executor", "ray"]  # fmt: skip


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


def _start(site: Path, out: Path, n: int, slow: str) -> subprocess.Popen[str]:
    args = ["run", *QUICK, "--n-combinations", str(n), "--out", str(out)]
    return subprocess.Popen(
        [sys.executable, "-m", "droidhub", *args],
        env=droidhub_env(site, HANG_SLOW=slow),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )


def _wait_for(out: Path, count: int, proc: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and len(results_rows(out)) < count and proc.poll() is None:
        time.sleep(0.05)
    assert len(results_rows(out)) >= count, "the run recorded too little"


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
    proc = _start(site, out, 24, "0.3")
    try:
        _wait_for(out, 3, proc)
        actors = _actors()
        assert len(actors) == 2, actors
        os.kill(actors[0], signal.SIGKILL)
        _, stderr = proc.communicate(timeout=240)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=30)
    assert proc.returncode == 0, stderr
    counts = Counter(r["episode_id"] for r in results_rows(out))
    assert counts == Counter({f"hang/Quick/{i}": 1 for i in range(24)})
    # The episode the kill cut short ran again, as attempt 2.
    assert sorted(r["attempt"] for r in results_rows(out)) == [1] * 23 + [2]


def test_a_killed_driver_resumes_on_rerun(tmp_path: Path) -> None:
    site = hang_site(tmp_path / "site")
    out = tmp_path / "run"
    proc = _start(site, out, 30, "0.3")
    try:
        _wait_for(out, 3, proc)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=30)
    first = len(results_rows(out))
    assert 3 <= first < 30
    again = droidhub(site, "run", *QUICK, "--n-combinations", "30", "--out", str(out),
                     HANG_SLOW="0", timeout=240)  # fmt: skip
    assert again.returncode == 0, again.stderr
    assert f"({first} already recorded)" in again.stderr
    counts = Counter(r["episode_id"] for r in results_rows(out))
    assert counts == Counter({f"hang/Quick/{i}": 1 for i in range(30)})
