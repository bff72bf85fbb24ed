"""The device benchmark runs and prints what it promises (a small run)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

BENCHMARK = Path(__file__).resolve().parents[2] / "benchmarks" / "device_shell.py"


def test_benchmark_prints_round_trips_and_throughput() -> None:
    result = subprocess.run(
        [sys.executable, str(BENCHMARK), "--calls", "30", "--megabytes", "2"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    medians = {
        name: float(ms)
        for name, ms in re.findall(r"^(.+?)\s+median\s+([\d.]+) ms", result.stdout, re.M)
    }
    assert set(medians) == {
        "droidhub Device.shell",
        "adbutils device.shell",
        "raw socket shell,v2 (floor)",
        "raw socket host:version",
    }
    # adbutils sleeps 10 ms in each of its two closes; droidhub's Device must not.
    assert medians["droidhub Device.shell"] < medians["adbutils device.shell"] / 3
    assert re.search(r"Device\.push .* MB/s", result.stdout)
    assert re.search(r"Device\.pull .* MB/s", result.stdout)
    assert "target: Device.shell median < 3.0 ms" in result.stdout
