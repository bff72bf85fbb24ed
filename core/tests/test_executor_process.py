"""The process executor (``droidhub run --executor processes``, the default with several
phones): the same results as the threads, a worker killed mid-run costs no episode, and
Ctrl-C leaves no worker behind."""

from __future__ import annotations

import signal
from pathlib import Path

import pytest
from runner_plugins import (
    aw_mix_rows,
    kill_a_phone_owner_mid_run,
    rerun_completes,
    results_rows,
    rewards_and_steps,
    running_droidhub,
    sigint_default,
    slow_run,
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


def test_processes_and_threads_give_the_same_rewards_instance_for_instance(
    tmp_path: Path,
) -> None:
    pytest.importorskip("droidhub_aw_apps")
    rewards = {}
    for executor in ("threads", "processes"):
        rows = aw_mix_rows(tmp_path / executor, executor, 3, "random")
        assert len(rows) == 12 and {r["device"] for r in rows} == {"virtual-0", "virtual-1"}
        rewards[executor] = rewards_and_steps(rows)
    assert rewards["processes"] == rewards["threads"]


def test_a_worker_killed_mid_run_costs_no_episode(tmp_path: Path) -> None:
    stderr = kill_a_phone_owner_mid_run(slow_run(tmp_path, 30), _workers)
    assert "Traceback" not in stderr


def test_ctrl_c_leaves_no_worker_and_a_rerun_completes(tmp_path: Path) -> None:
    run = slow_run(tmp_path, 40, "--executor", "processes")
    with running_droidhub(run.site, run.args, preexec_fn=sigint_default, HANG_SLOW="0.5") as proc:
        wait_until(lambda: len(results_rows(run.out)) >= 2, 120)
        workers = _workers(proc.pid)
        assert len(workers) == 2
        proc.send_signal(signal.SIGINT)
        _, stderr = proc.communicate(timeout=120)
    assert proc.returncode == 130, stderr
    assert "Stopped by Ctrl-C" in stderr and "Traceback" not in stderr
    assert not [w for w in workers if Path(f"/proc/{w}").exists()], "a worker outlived the run"
    first = results_rows(run.out)
    assert 2 <= len(first) < 40
    rerun_completes(run)
