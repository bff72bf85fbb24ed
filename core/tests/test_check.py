"""droidhub check catches each kind of broken task, and passes good ones."""

from __future__ import annotations

import contextlib
import os
import signal
from pathlib import Path

import pytest
from plugin_dists import SHODDY_PLUGIN, write_distribution


@pytest.fixture
def shoddy_path(tmp_path: Path, plugin_path: Path) -> Path:
    write_distribution(plugin_path, "droidhub-shoddy", "droidhub_shoddy", SHODDY_PLUGIN, "shoddy")
    return plugin_path


def test_check_reports_each_broken_task_and_exits_non_zero(shoddy_path: Path, run_cli) -> None:
    proc = run_cli("check", "--suite", "shoddy", pythonpath=shoddy_path)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    table = proc.stdout.replace("pass (met at start)", "met-at-start")
    rows = {
        line.split()[0]: line.split()[1:]
        for line in table.splitlines()
        if line.startswith("shoddy/")
    }
    failures = proc.stdout.split("Failures:")[1].split("Without an oracle:")[0]
    # A good task passes everything.
    assert rows["shoddy/Good"][:7] == ["pass", "pass", "pass", "-", "pass", "pass", "pass"]
    # Scores 1 with no action but does not say it is met at start.
    assert (
        "shoddy/AlreadyDone no-op: scores 1 with no action but does not declare met_at_start"
        in failures
    )
    # Writes a file its footprint does not name.
    assert (
        "shoddy/Sprawling footprint: changed outside its footprint: "
        "file:/storage/emulated/0/Download/stray.txt" in failures
    )
    # Leaves its set-up behind.
    assert "shoddy/Leaky tear-down: not restored: setting:global/auto_time" in failures
    # A Verify-style task: met at start, the wrong action scores 0.
    assert rows["shoddy/WifiStaysOn"][2:4] == ["met-at-start", "pass"]
    # No oracle, for the whole task or for this instance: said so with the task's
    # reason, not a failure.
    assert rows["shoddy/NoOracle"][4] == "skip"
    assert rows["shoddy/BeyondThisOne"][4] == "skip"
    assert "shoddy/NoOracle" not in failures and "shoddy/BeyondThisOne" not in failures
    skipped = proc.stdout.split("Without an oracle:")[1]
    assert "shoddy/NoOracle: it needs a gesture the phone does not model" in skipped
    assert "shoddy/BeyondThisOne: this instance asks for a reply no action can send" in skipped
    assert "4 of 7 tasks pass (2 without an oracle)" in proc.stdout


def test_check_of_a_good_suite_exits_zero(shoddy_path: Path, run_cli) -> None:
    proc = run_cli(
        "check", "--suite", "shoddy", "--tasks", "Good,WifiStaysOn,NoOracle", pythonpath=shoddy_path
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "3 of 3 tasks pass (1 without an oracle)" in proc.stdout


def test_ctrl_c_twice_mid_check_ends_it_and_its_workers(tmp_path: Path) -> None:
    # `timeout -s INT` signals the command, then its whole process group, as a terminal's
    # Ctrl-C pressed twice would: the second SIGINT used to cut the pool's shutdown
    # short, and the command's exit then waited forever for workers never told to stop
    # (a race: it hung in about half the tries on a 2-core machine).
    import shutil
    import subprocess
    import sys

    pytest.importorskip("droidhub_aw_apps")
    if shutil.which("timeout") is None:
        pytest.skip("needs coreutils' timeout")
    command = ["timeout", "-s", "INT", "6", sys.executable, "-m", "droidhub", "check",
               "--ui", "--suite", "android_world", "--jobs", "2"]  # fmt: skip
    with open(tmp_path / "err", "w") as err:
        proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=err,
                                start_new_session=True)  # fmt: skip
        try:
            code = proc.wait(timeout=90)  # a hang guard, not a speed measure
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
    assert code == 124, (tmp_path / "err").read_text()[-2000:]  # timeout's: it signalled
    assert (tmp_path / "err").read_text().rstrip().endswith("Aborted!")
