"""Runs that stop on purpose: early stop, FatalAgentError, Ctrl-C."""

from __future__ import annotations

import signal
from pathlib import Path

from runner_plugins import (
    assert_each_quick_episode_once,
    droidhub,
    hang_site,
    logged_events,
    quick_run_args,
    results_rows,
    running_droidhub,
    sigint_default,
    wait_until,
)


def test_the_same_agent_error_in_the_first_k_episodes_stops_the_run(tmp_path: Path) -> None:
    site = hang_site(tmp_path / "site")
    out = tmp_path / "run"
    proc = droidhub(site, *quick_run_args(10, "hang_agents:Raises", out, "--early-stop", "3"))
    assert proc.returncode == 5, proc.stderr
    assert proc.stderr.strip().splitlines()[-1] == (
        "error: stopped early: the first 3 episodes all failed with the same agent error: "
        "ValueError: the model said no (fix the agent, then rerun with --retry-errors; "
        "--early-stop 0 turns this check off)"
    )
    rows = results_rows(out)
    assert len(rows) == 3
    assert all(r["error_source"] == "agent" for r in rows)

    # --early-stop 0: the same agent burns through the whole suite.
    whole = droidhub(site, *quick_run_args(10, "hang_agents:Raises", out, "--early-stop", "0"))
    assert whole.returncode == 3, whole.stderr
    assert len(results_rows(out)) == 10


def test_an_agent_calling_sys_exit_fails_its_episodes_as_the_agent(tmp_path: Path) -> None:
    site = hang_site(tmp_path / "site")
    out = tmp_path / "run"
    proc = droidhub(site, *quick_run_args(2, "hang_agents:Exits", out, "--early-stop", "0"))
    assert proc.returncode == 3, proc.stderr  # finished, with errored episodes
    rows = results_rows(out)
    assert [(r["error"], r["error_source"], r["error_kind"]) for r in rows] == [
        ("SystemExit: 3", "agent", "agent")
    ] * 2


def test_task_errors_do_not_trigger_early_stop(tmp_path: Path) -> None:
    site = hang_site(tmp_path / "site")
    out = tmp_path / "run"
    args = ["run", "--agent", "noop", "--suite", "hang", "--tasks", "Explodes"]
    args += ["--n-combinations", "5"]
    proc = droidhub(site, *args, "--out", str(out))
    assert proc.returncode == 3, proc.stderr
    rows = results_rows(out)
    assert len(rows) == 5 and {r["error_source"] for r in rows} == {"task"}


def test_fatal_agent_error_stops_at_once_with_its_message(tmp_path: Path) -> None:
    site = hang_site(tmp_path / "site")
    out, log = tmp_path / "run", tmp_path / "hang.log"
    proc = droidhub(site, *quick_run_args(5, "hang_agents:RaisesFatal", out), HANG_LOG=str(log))
    assert proc.returncode == 5, proc.stderr
    assert proc.stderr.strip().splitlines()[-1] == (
        "error: 401 Unauthorized: the API key was rejected"
    )
    assert results_rows(out) == []  # not recorded: a rerun after the fix runs it
    assert log.read_text().split()[::2] == ["setup", "teardown"]  # one episode, torn down
    assert "Traceback" not in proc.stderr


def test_ctrl_c_stops_cleanly_and_a_rerun_completes(tmp_path: Path) -> None:
    site = hang_site(tmp_path / "site")
    out, log = tmp_path / "run", tmp_path / "hang.log"
    # 40 half-second episodes on two phones: ~10 s, so a loaded machine that wakes the
    # poll below late still interrupts the run well before its end.
    args = quick_run_args(40, "hang_agents:Slow", out, "--device", "virtual:2")
    with running_droidhub(
        site, args, preexec_fn=sigint_default, HANG_SLOW="0.5", HANG_LOG=str(log)
    ) as proc:
        recorded = wait_until(lambda: len(results_rows(out)) >= 2, 60)
        assert recorded, "the run recorded too little in 60 s"
        proc.send_signal(signal.SIGINT)
        _, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 130, stderr
    assert "Traceback" not in stderr and "Exception in thread" not in stderr
    assert "Stopped by Ctrl-C" in stderr
    first = results_rows(out)
    assert 2 <= len(first) < 40, "the Ctrl-C came too late to test stopping"
    assert len({r["episode_id"] for r in first}) == len(first)
    assert all(r["error"] is None for r in first)  # nothing recorded as interrupted
    # Every episode that was set up was torn down, the interrupted ones included.
    events = logged_events(log)
    setups = sorted(task for what, task in events if what == "setup")
    assert setups == sorted(task for what, task in events if what == "teardown")
    assert len(setups) > len(first)  # some were in flight when Ctrl-C came

    again = droidhub(site, *args, HANG_SLOW="0")
    assert again.returncode == 0, again.stderr
    assert_each_quick_episode_once(out, 40)
