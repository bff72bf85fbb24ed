"""The process executor (``droidhub run --executor processes``, the default with several
phones): the same results as the threads, a worker killed mid-run costs no episode, and
Ctrl-C leaves no worker behind."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest
from runner_plugins import droidhub, droidhub_env, hang_site, sigint_default


def _lines(out: Path) -> list[dict]:
    path = out / "results.jsonl"
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def _workers(pid: int) -> list[int]:
    """The spawned worker processes among ``pid``'s children."""
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        for child in (task / "children").read_text().split():
            cmdline = Path(f"/proc/{child}/cmdline").read_bytes()
            if b"spawn_main" in cmdline:
                found.append(int(child))
    return found


def _run(*args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "droidhub", *args], capture_output=True, text=True, timeout=timeout
    )


def test_processes_and_threads_give_the_same_rewards_instance_for_instance(
    tmp_path: Path,
) -> None:
    pytest.importorskip("droidhub_aw_apps")
    tasks = "SystemWifiTurnOn,MarkorCreateNote,ExpenseDeleteSingle,SimpleCalendarAddOneEvent"
    rewards = {}
    for executor in ("threads", "processes"):
        out = tmp_path / executor
        done = _run("run", "--suite", "android_world", "--tasks", tasks, "--n-combinations",
                    "3", "--agent", "random", "--device", "virtual:2", "--executor", executor,
                    "--out", str(out))  # fmt: skip
        assert done.returncode in (0, 3), done.stderr
        rows = _lines(out)
        assert len(rows) == 12 and {r["device"] for r in rows} == {"virtual-0", "virtual-1"}
        rewards[executor] = {r["episode_id"]: (r["reward"], r["steps"]) for r in rows}
    assert rewards["processes"] == rewards["threads"]


def test_a_worker_killed_mid_run_costs_no_episode(tmp_path: Path) -> None:
    site = hang_site(tmp_path / "site")
    out = tmp_path / "run"
    args = ["run", "--suite", "hang", "--tasks", "Quick", "--n-combinations", "30",
            "--agent", "hang_agents:Slow", "--device", "virtual:2", "--out", str(out)]  # fmt: skip
    proc = subprocess.Popen(
        [sys.executable, "-m", "droidhub", *args],
        env=droidhub_env(site, HANG_SLOW="0.3"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and len(_lines(out)) < 3:
            time.sleep(0.05)
        workers = _workers(proc.pid)
        assert len(workers) == 2, workers
        os.kill(workers[0], signal.SIGKILL)
        _, stderr = proc.communicate(timeout=180)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=30)
    assert proc.returncode == 0, stderr
    counts = Counter(r["episode_id"] for r in _lines(out))
    assert counts == Counter({f"hang/Quick/{i}": 1 for i in range(30)})
    # The episode the kill cut short ran again, as attempt 2.
    assert sorted(r["attempt"] for r in _lines(out)) == [1] * 29 + [2]
    assert "Traceback" not in stderr


def test_ctrl_c_leaves_no_worker_and_a_rerun_completes(tmp_path: Path) -> None:
    site = hang_site(tmp_path / "site")
    out = tmp_path / "run"
    args = ["run", "--suite", "hang", "--tasks", "Quick", "--n-combinations", "40",
            "--agent", "hang_agents:Slow", "--device", "virtual:2", "--executor",
            "processes", "--out", str(out)]  # fmt: skip
    proc = subprocess.Popen(
        [sys.executable, "-m", "droidhub", *args],
        env=droidhub_env(site, HANG_SLOW="0.5"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=sigint_default,
    )
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and len(_lines(out)) < 2:
            time.sleep(0.05)
        workers = _workers(proc.pid)
        assert len(workers) == 2
        proc.send_signal(signal.SIGINT)
        _, stderr = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=30)
    assert proc.returncode == 130, stderr
    assert "Stopped by Ctrl-C" in stderr and "Traceback" not in stderr
    assert not [w for w in workers if Path(f"/proc/{w}").exists()], "a worker outlived the run"
    first = _lines(out)
    assert 2 <= len(first) < 40
    again = droidhub(site, *args, HANG_SLOW="0")
    assert again.returncode == 0, again.stderr
    counts = Counter(r["episode_id"] for r in _lines(out))
    assert counts == Counter({f"hang/Quick/{i}": 1 for i in range(40)})
