"""benchmarks/miniwob_step.py, which measures what these tests must not (step and reset
latency against the raw DevTools floor), still runs against the current code."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[3] / "benchmarks" / "miniwob_step.py"


@pytest.mark.browser
@pytest.mark.slow
def test_the_step_benchmark_runs_and_reports_its_ratios() -> None:
    result = subprocess.run(
        [sys.executable, str(SCRIPT), "--steps", "1"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=240,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    summary = result.stdout.strip().splitlines()[-1]
    assert summary.startswith("reset ") and "x the floor" in summary
