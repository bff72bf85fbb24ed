"""SIGTERM (what systemd, Slurm, Kubernetes and ``timeout`` send) stops a run as Ctrl-C
does: episodes in flight torn down and not recorded, a message, exit 143; no process
of the run outlives it, and a rerun completes every episode exactly once."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from runner_plugins import (
    assert_each_quick_episode_once,
    droidhub,
    droidhub_env,
    hang_site,
    logged_events,
    quick_run_args,
    results_rows,
    running_droidhub,
    wait_until,
)

N = 6


def session_members(sid: int) -> list[str]:
    """Command lines of the live processes of session ``sid`` (zombies left out)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        if int(fields[3]) == sid and fields[0] != "Z":
            name = stat[stat.index("(") + 1 : stat.rindex(")")]
            found.append(f"{entry.name} ({name}, {fields[0]}, ppid {fields[1]}): {cmdline.strip()}")
    return found


def session_left(sid: int) -> list[str]:
    """The processes of session ``sid`` still alive once those already exiting (killed
    by the kernel with their parent, or closing a pipe the parent held) are gone."""
    deadline = time.monotonic() + 10
    while (members := session_members(sid)) and time.monotonic() < deadline:
        time.sleep(0.1)
    return members


@pytest.mark.parametrize(
    ("device", "executor"), [("virtual", "threads"), ("virtual:2", "processes")]
)
def test_sigterm_mid_run_stops_in_order_and_the_rerun_completes_each_episode_once(
    tmp_path: Path, device: str, executor: str
) -> None:
    site = hang_site(tmp_path / "site")
    out, log = tmp_path / "run", tmp_path / "hang.log"
    args = quick_run_args(N, "hang_agents:Slow", out, "--device", device, "--executor", executor)
    with running_droidhub(
        site, args, start_new_session=True, HANG_SLOW="1.5", HANG_LOG=str(log)
    ) as run:
        wait_until(lambda: "setup" in (log.read_text() if log.exists() else ""), 120)
        run.send_signal(signal.SIGTERM)
        _, err = run.communicate(timeout=120)
    assert run.returncode == 143, err
    assert "Stopped by SIGTERM:" in err and "torn down and not recorded" in err
    assert f"Rerun the same command (--out {out}) to resume." in err
    events = logged_events(log)
    setups = {task for what, task in events if what == "setup"}
    teardowns = {task for what, task in events if what == "teardown"}
    assert setups == teardowns, events  # every episode set up was torn down
    assert len(results_rows(out)) < N
    assert session_left(run.pid) == []

    rerun = droidhub(site, *args, HANG_SLOW="0")
    assert rerun.returncode == 0, rerun.stderr
    assert_each_quick_episode_once(out, N)


@pytest.mark.parametrize("executor", ["threads", "processes"])
def test_a_finished_run_leaves_no_process_behind(tmp_path: Path, executor: str) -> None:
    site = hang_site(tmp_path / "site")
    out = tmp_path / "run"
    args = ["run", "--suite", "hang", "--tasks", "Quick,Quick2", "--agent", "noop"]
    args += ["--device", "virtual:2", "--executor", executor, "--out", str(out)]
    run = subprocess.Popen(
        [sys.executable, "-m", "droidhub", *args],
        env=droidhub_env(site),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    _, err = run.communicate(timeout=300)
    assert run.returncode == 0, err
    assert session_left(run.pid) == []
