"""The summary's intervals and rates equal hand-worked ones (issue 35: statistics that
say what they are), read through `droidhub report` on a fixture run folder."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from droidhub.report.statistics import clustered_bootstrap_ci95, pass_at_k, pass_hat_k, wilson

# Task A solved in instances 0 and 1, task B never: 2 of 6 episodes.
SOLVED = {("A", 0): True, ("A", 1): True, ("A", 2): False,
          ("B", 0): False, ("B", 1): False, ("B", 2): False}  # fmt: skip


def _fixture(run: Path) -> None:
    run.mkdir()
    lines = [
        json.dumps({
            "episode_id": f"fam/{task}/{i}", "task": task, "family": "fam", "instance": i,
            "seed": i, "reward": float(ok), "success": ok, "steps": 1,
        })
        for (task, i), ok in SOLVED.items()
    ]  # fmt: skip
    (run / "results.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_wilson_pass_k_and_seed_spread_equal_hand_worked_values(tmp_path: Path) -> None:
    run = tmp_path / "run"
    _fixture(run)
    proc = subprocess.run(
        [sys.executable, "-m", "droidhub", "report", str(run)],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    summary = json.loads((run / "summary.json").read_text(encoding="utf-8"))
    # Wilson 2 of 6 by hand: p = 1/3, z^2/n = 0.64025, centre 0.39838, half 0.30162.
    assert summary["successes"] == 2
    assert summary["episode_success_ci95"] == pytest.approx([0.0968, 0.7000], abs=5e-4)
    # Per task: A 2 of 3 -> Wilson (0.2077, 0.9385); B 0 of 3 -> (0, 0.5615).
    per_task = {t["task"]: t for t in summary["per_task"]}
    assert per_task["A"]["success_ci95"] == pytest.approx([0.2077, 0.9385], abs=5e-4)
    assert per_task["B"]["success_ci95"] == pytest.approx([0.0, 0.5615], abs=5e-4)
    # k = 3 (each task ran 3): pass@3 = mean(1, 0); pass^3 = mean(0, 0).
    assert (summary["pass_k"], summary["pass_at_k"], summary["pass_hat_k"]) == (3, 0.5, 0.0)
    # Success by instance index: 1/2, 1/2, 0/2 -> sample sd of (0.5, 0.5, 0) = 0.2887.
    assert (summary["seeds"], summary["seed_sd"]) == (3, pytest.approx(0.288675, abs=1e-6))
    assert "Episodes solved: 2 of 6 (Wilson 95% CI 9.7%-70.0%)" in proc.stdout
    assert "pass@3: 50.0%   pass^3: 0.0%" in proc.stdout
    assert "Spread over seeds: success rate sd 28.9% over 3 instance indices" in proc.stdout
    # Resampling tasks draws B twice a quarter of the time: the lower end is 0.
    lo, hi = summary["success_rate_ci95"]
    assert lo == 0.0 and summary["success_rate"] < hi <= 1.0


def test_the_estimators_on_small_cases_worked_by_hand() -> None:
    assert wilson(3, 3) == pytest.approx((0.4385, 1.0), abs=5e-4)
    assert wilson(0, 3) == pytest.approx((0.0, 0.5615), abs=5e-4)
    # n = 3, c = 1, k = 2: 1 - C(2,2)/C(3,2) = 2/3; all of 2 from 1 success: 0.
    assert pass_at_k(3, 1, 2) == pytest.approx(2 / 3)
    assert pass_hat_k(3, 1, 2) == 0.0
    # n = 3, c = 2, k = 2: 1 - C(1,2)/C(3,2) = 1; C(2,2)/C(3,2) = 1/3.
    assert (pass_at_k(3, 2, 2), pass_hat_k(3, 2, 2)) == (1.0, pytest.approx(1 / 3))
    with pytest.raises(ValueError, match=r"k=4 must be in 1\.\.3"):
        pass_at_k(3, 1, 4)
    # Every task always solved: no spread to show, the interval is a point.
    assert clustered_bootstrap_ci95([[1.0, 1.0], [1.0]]) == (1.0, 1.0)
    # One task solved, one never: the clustered interval spans both ends.
    assert clustered_bootstrap_ci95([[1.0] * 3, [0.0] * 3]) == (0.0, 1.0)
