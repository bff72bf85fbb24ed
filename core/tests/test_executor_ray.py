"""The Ray executor on a real local Ray cluster (``--executor ray`` with no address starts
one with this machine's CPUs): the same results as the threads, an actor killed mid-run
costs no episode, a killed driver resumes on rerun."""

from __future__ import annotations

import os
import signal
import tempfile
from pathlib import Path

import pytest
from runner_plugins import (
    aw_mix_rows,
    kill_a_phone_owner_mid_run,
    rerun_completes,
    results_rows,
    rewards_and_steps,
    slow_run,
    slow_run_under_way,
)

pytest.importorskip("ray", reason="the Ray executor needs ray (core's test extra installs it)")


def _actors(run_pid: int) -> list[int]:
    """Pids of the running Ray actors that own phones, found by their process title (not
    among the children of the run ``run_pid``: Ray starts them)."""
    del run_pid
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


def test_ray_and_threads_give_the_same_rewards_instance_for_instance(tmp_path: Path) -> None:
    pytest.importorskip("droidhub_aw_apps")
    rewards = {}
    for executor in ("threads", "ray"):
        out = tmp_path / executor
        rows = aw_mix_rows(out, executor, 2, "ui_oracle", "--agent-option", "observe=both")
        assert len(rows) == 8
        rewards[executor] = rewards_and_steps(rows)
        # The actors' episode files came back to the driver's run folder.
        for r in rows:
            folder = out / "episodes" / r["family"] / r["task"] / str(r["instance"])
            assert (folder / "steps.jsonl").is_file(), folder
            assert len(list(folder.glob("*.png"))) == r["steps"]
    assert rewards["ray"] == rewards["threads"]


def test_an_actor_killed_mid_run_costs_no_episode(tmp_path: Path) -> None:
    before = _scratch_folders()
    run = slow_run(tmp_path, 24, "--executor", "ray")
    kill_a_phone_owner_mid_run(run, _actors, start_new_session=True, timeout=240)
    # The killed actor could not delete its scratch folder; the actors after it did.
    assert _scratch_folders() <= before


def test_a_killed_driver_resumes_on_rerun(tmp_path: Path) -> None:
    run = slow_run(tmp_path, 30, "--executor", "ray")
    with slow_run_under_way(run, start_new_session=True) as proc:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
    first = len(results_rows(run.out))
    assert 3 <= first < 30
    stderr = rerun_completes(run, timeout=240)
    assert f"({first} already recorded)" in stderr
