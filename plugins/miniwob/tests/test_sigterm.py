"""SIGTERM mid-run on MiniWoB phones: the run stops in order (exit 143), no Chromium
and no process of the run outlives it, and the rerun completes each episode once."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import tempfile
import time
from collections import Counter
from pathlib import Path

import pytest
from subset_runs import subset_run_args

pytestmark = [pytest.mark.browser, pytest.mark.slow]

TASKS = ["click-button", "click-link", "enter-text", "focus-text", "click-dialog", "click-tab"]


def _ids(out: Path) -> Counter[str]:
    path = out / "results.jsonl"
    if not path.exists():
        return Counter()
    return Counter(json.loads(line)["episode_id"] for line in path.read_text().splitlines())


def _alive_naming(text: str) -> list[str]:
    """Live processes (zombies left out) whose command line holds ``text``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if text in cmdline and state != "Z":
            found.append(f"{entry.name}: {cmdline[:160]}")
    return found


def _eventually_none(text: str) -> list[str]:
    # A process the kernel is killing with its parent may take a moment to be gone.
    deadline = time.monotonic() + 10
    while (left := _alive_naming(text)) and time.monotonic() < deadline:
        time.sleep(0.1)
    return left


def test_sigterm_leaves_no_browser_and_the_rerun_completes_each_episode_once(
    tmp_path: Path,
) -> None:
    out = tmp_path / "run"
    # The browsers' profiles go here, so their command lines name it; short, because
    # Chromium's singleton socket path must fit a unix socket address.
    scratch = Path(tempfile.mkdtemp(prefix="dh-", dir="/tmp"))
    args = subset_run_args(
        out, "--tasks", ",".join(TASKS), "--agent", "oracle", "--device", "virtual:2",
        "--executor", "threads",
    )  # fmt: skip
    env = {**os.environ, "TMPDIR": str(scratch)}
    run = subprocess.Popen(
        args, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline and not _ids(out) and run.poll() is None:
            time.sleep(0.05)
        assert _ids(out), "no episode finished in 180 s"
        run.send_signal(signal.SIGTERM)
        _, err = run.communicate(timeout=120)
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
            run.wait()
    assert run.returncode == 143, err
    assert "Stopped by SIGTERM:" in err
    assert "Traceback" not in err
    assert _eventually_none(str(scratch)) == []

    again = subprocess.run(args, env=env, capture_output=True, text=True, timeout=300)
    assert again.returncode == 0, again.stderr
    assert _ids(out) == Counter(f"miniwob_subset/{t}/0" for t in TASKS)
    assert _eventually_none(str(scratch)) == []
    shutil.rmtree(scratch, ignore_errors=True)
