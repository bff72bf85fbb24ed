"""AITW action matching: the rules one by one, then ``droidhub metrics`` on real runs."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from droidhub.evaluation.step_metrics import actions_match

SCREEN = {"bounds": [0, 0, 1080, 2400]}
BUTTON = {"bounds": [100, 1000, 300, 1100]}  # 200 x 100, centre (200, 1050)
ROW = {"bounds": [0, 1000, 1080, 1200]}  # centre (540, 1100); at 240 %: y 860..1340


def _step(action: dict[str, Any], elements: list[dict[str, Any]] | None = None) -> dict:
    return {"action": action, "ui_elements": elements or [SCREEN, BUTTON, ROW]}


def _a(action_type: str, **fields: Any) -> dict:
    return _step({"action_type": action_type, **fields})


REF_TAP = _a("click", index=1)


@pytest.mark.parametrize(
    ("step", "reference", "match"),
    [
        # Taps: within 14 % of the diagonal (2631 px -> 368 px) of each other.
        (_a("click", x=200 + 360, y=1050), REF_TAP, True),
        (_a("click", x=200 + 380, y=1050), REF_TAP, False),
        # ...or inside the reference element's box enlarged to 240 %, even farther away.
        (_a("click", x=1000, y=1300), _a("click", index=2), True),  # 501 px off
        (_a("click", x=1000, y=1400), _a("click", index=2), False),  # below 1340
        # Different types never match, even at the same point.
        (_a("long_press", index=1), REF_TAP, False),
        (_a("long_press", index=1), _a("long_press", index=1), True),
        # Scrolls and swipes: the same axis.
        (_a("scroll", direction="up"), _a("scroll", direction="down"), True),
        (_a("swipe", direction="left"), _a("scroll", direction="down"), False),
        # Text: equal after normalisation.
        (_a("input_text", text=" Hello  World. "), _a("input_text", text="hello world"), True),
        (_a("input_text", text="hello"), _a("input_text", text="help"), False),
        (_a("open_app", app_name="settings"), _a("open_app", app_name="Settings"), True),
        (_a("status", goal_status="complete"), _a("status", goal_status="infeasible"), False),
        (_a("navigate_back"), _a("navigate_back"), True),
    ],
)  # fmt: skip
def test_actions_match_as_aitw_defines_it(step: dict, reference: dict, match: bool) -> None:
    assert actions_match(step, reference) is match


def _run(out: Path, agent: str) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "droidhub", "run", "--suite", "android_world",
         "--tasks", "SystemWifiTurnOn,SystemBluetoothTurnOn", "--agent", agent,
         "--device", "virtual", "--out", str(out)],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_metrics_compares_runs_with_a_reference_and_ranks_them(tmp_path: Path) -> None:
    ref, noop = tmp_path / "ref", tmp_path / "noop"
    _run(ref, "ui_oracle")
    _run(noop, "noop")
    proc = subprocess.run(
        [sys.executable, "-m", "droidhub", "metrics", str(ref), str(noop), "--reference", str(ref)],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr
    rows = {line.split()[0]: line.split()[1:] for line in proc.stdout.splitlines()[1:3]}
    assert rows[str(ref)] == ["2", "100.0%", "100.0%", "100.0%"]
    episodes, accuracy, complete, success = rows[str(noop)]
    assert episodes == "2" and complete == "0.0%" and success == "0.0%"
    assert float(accuracy.rstrip("%")) < 50
    assert "Kendall's tau (step accuracy vs success): 1.000 over 2 runs" in proc.stdout
    saved = json.loads((noop / "step_metrics.json").read_text())
    assert saved["reference"] == str(ref) and len(saved["episodes"]) == 2
    assert all(not e["complete_match"] for e in saved["episodes"])
    html = tmp_path / "noop.html"
    done = subprocess.run(
        [sys.executable, "-m", "droidhub", "report", str(noop), "--html", str(html)],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0 and f"step metrics against {ref}" in html.read_text()


def test_metrics_names_a_folder_that_is_not_a_run(tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "droidhub", "metrics", str(tmp_path), "--reference", str(tmp_path)],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert proc.returncode != 0
    assert "holds no results.jsonl" in proc.stderr and "Traceback" not in proc.stderr
