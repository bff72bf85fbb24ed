"""Every android_world task passes droidhub check on the virtual phone (the check prints
how long it took; the timeout only guards against a hang)."""

from __future__ import annotations

import re
import subprocess
import sys

# AndroidWorld has 116 tasks; its three multi-app ones live in the composite family.
EXPECTED_TASKS = 113


def test_droidhub_check_passes_every_android_world_task() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "droidhub", "check", "--suite", "android_world"],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stdout[-5000:] + proc.stderr[-2000:]
    summary = re.search(r"(\d+) of (\d+) tasks pass \((\d+) without an oracle\)", proc.stdout)
    assert summary is not None, proc.stdout[-2000:]
    assert summary.groups() == (str(EXPECTED_TASKS), str(EXPECTED_TASKS), "0")
