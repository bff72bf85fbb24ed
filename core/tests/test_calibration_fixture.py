"""`droidhub calibrate` on a fixture of 20 judged episodes in three runs, against figures
worked out by hand below (issue 21: "calibrate's figures equal hand-computed ones")."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from click.testing import CliRunner

from droidhub.cli.main import main

#: Per run (an agent): each episode's programmatic success and the judge's verdict.
#: strong: 6 of 8 succeed, the judge says yes to 6; middle: 3 of 6, judged 2;
#: weak: 1 of 6, judged 3.
FIXTURE = {
    "strong": [(1, 1), (1, 1), (1, 1), (1, 1), (1, 1), (1, 0), (0, 1), (0, 0)],
    "middle": [(1, 1), (1, 0), (1, 0), (0, 1), (0, 0), (0, 0)],
    "weak": [(1, 0), (0, 1), (0, 1), (0, 1), (0, 0), (0, 0)],
}
# (judge, real) over the 20: strong tp 5, fn 1, fp 1, tn 1; middle tp 1, fn 2, fp 1,
# tn 2; weak tp 0, fn 1, fp 3, tn 2. In all: tp 6, fn 4, fp 5, tn 5.
TP, FN, FP, TN = 6, 4, 5, 5
EXPECTED = {
    "accuracy": (TP + TN) / 20,  # 11/20
    "precision": TP / (TP + FP),  # 6/11
    "recall": TP / (TP + FN),  # 6/10
    "npv": TN / (TN + FN),  # 5/9
    "tnr": TN / (TN + FP),  # 5/10
    "f1": 2 * TP / (2 * TP + FP + FN),  # 12/21
}
# Runs ranked by real success: strong .75 > middle .5 > weak .167; by judged success:
# strong .75 > weak .5 > middle .333. Of the three pairs, (middle, weak) is the one
# ranked the other way round: tau = (2 concordant - 1 discordant) / 3.
TAU = 1 / 3


def _wilson(k: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval, written out."""
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return centre - half, centre + half


WILSON = {
    "accuracy": _wilson(TP + TN, 20),
    "precision": _wilson(TP, TP + FP),
    "recall": _wilson(TP, TP + FN),
    "npv": _wilson(TN, TN + FN),
    "tnr": _wilson(TN, TN + FP),
}


def _write_runs(root: Path) -> list[Path]:
    runs = []
    for agent, episodes in FIXTURE.items():
        run = root / agent
        (run / "judgements").mkdir(parents=True)
        results, verdicts = [], []
        for i, (real, judged) in enumerate(episodes):
            episode_id = f"android_world/SystemWifiTurnOn/{i}"
            results.append(
                dict(episode_id=episode_id, task="SystemWifiTurnOn", family="android_world",
                     instance=i, seed=i, reward=float(real), success=bool(real), agent=agent)
            )  # fmt: skip
            verdicts.append({"episode_id": episode_id, "success": bool(judged)})
        (run / "results.jsonl").write_text("".join(json.dumps(r) + "\n" for r in results))
        (run / "judgements" / "fixture.jsonl").write_text(
            "".join(json.dumps(v) + "\n" for v in verdicts)
        )
        runs.append(run)
    return runs


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    runs = _write_runs(tmp_path_factory.mktemp("calibration"))
    done = CliRunner().invoke(main, ["calibrate", *map(str, runs), "--judge", "fixture", "--json"])
    assert done.exit_code == 0, done.output
    figures: dict[str, object] = json.loads(done.output)["fixture"]
    return figures


def test_every_episode_is_counted(report: dict[str, object]) -> None:
    assert report["episodes"] == 20


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_measure_equals_the_hand_computed_one(report: dict[str, object], name: str) -> None:
    measure = report[name]
    assert isinstance(measure, dict)
    assert measure["value"] == pytest.approx(EXPECTED[name])
    if name in WILSON:
        assert (measure["low"], measure["high"]) == pytest.approx(WILSON[name], abs=1e-6)
    else:  # F1's interval is a bootstrap: it only has to hold the value
        assert measure["low"] <= EXPECTED[name] <= measure["high"]


def test_kendalls_tau_ranks_the_three_runs(report: dict[str, object]) -> None:
    assert report["kendall_tau"] == pytest.approx(TAU)
