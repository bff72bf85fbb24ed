"""The process executor (``droidhub run --executor processes``, the default with several
phones): the same results as the threads, a worker killed mid-run costs no episode, and
Ctrl-C leaves no worker behind."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
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
    sigint_default,
    wait_until,
)


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
        rows = results_rows(out)
        assert len(rows) == 12 and {r["device"] for r in rows} == {"virtual-0", "virtual-1"}
        rewards[executor] = {r["episode_id"]: (r["reward"], r["steps"]) for r in rows}
    assert rewards["processes"] == rewards["threads"]


def test_a_worker_killed_mid_run_costs_no_episode(tmp_path: Path) -> None:
    site = hang_site(tmp_path / "site")
    out = tmp_path / "run"
    args = quick_run_args(30, "hang_agents:Slow", out, "--device", "virtual:2")
    with running_droidhub(site, args, HANG_SLOW="0.3") as proc:
        wait_until(lambda: len(results_rows(out)) >= 3, 120)
        workers = _workers(proc.pid)
        assert len(workers) == 2, workers
        os.kill(workers[0], signal.SIGKILL)
        _, stderr = proc.communicate(timeout=180)
    assert proc.returncode == 0, stderr
    assert_one_episode_ran_again(out, 30)
    assert "Traceback" not in stderr


def test_ctrl_c_leaves_no_worker_and_a_rerun_completes(tmp_path: Path) -> None:
    site = hang_site(tmp_path / "site")
    out = tmp_path / "run"
    args = quick_run_args(40, "hang_agents:Slow", out, "--device", "virtual:2")
    args += ["--executor", "processes"]
    with running_droidhub(site, args, preexec_fn=sigint_default, HANG_SLOW="0.5") as proc:
        wait_until(lambda: len(results_rows(out)) >= 2, 120)
        workers = _workers(proc.pid)
        assert len(workers) == 2
        proc.send_signal(signal.SIGINT)
        _, stderr = proc.communicate(timeout=120)
    assert proc.returncode == 130, stderr
    assert "Stopped by Ctrl-C" in stderr and "Traceback" not in stderr
    assert not [w for w in workers if Path(f"/proc/{w}").exists()], "a worker outlived the run"
    first = results_rows(out)
    assert 2 <= len(first) < 40
    again = droidhub(site, *args, HANG_SLOW="0")
    assert again.returncode == 0, again.stderr
    assert_each_quick_episode_once(out, 40)
