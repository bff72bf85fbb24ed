"""XBOUND's Explore Metric: its arithmetic on a hand-made fixture, how a probe judges an
action, and the whole path on the virtual phone through the CLI."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

from droidhub import Action
from droidhub.evaluation.probes import ProbeParams, ProbeTask, explore_metric, stage

# Screens with their probes (screen, app, kind, right): s1 2 of 4 right, s2 1 of 1, s3 0 of
# 3 (app a); s4 2 of 4 (app b). Per screen 0.5, 1, 0, 0.5: the metric is their mean,
# 2 / 4; app a (0.5 + 1 + 0) / 3 = 0.5, app b 0.5; width 4 of 8 right, depth 1 of 4.
FIXTURE = [
    ("s1", "a", "width", True), ("s1", "a", "width", False), ("s1", "a", "width", True),
    ("s1", "a", "depth", False),
    ("s2", "a", "depth", True),
    ("s3", "a", "width", False), ("s3", "a", "width", False), ("s3", "a", "depth", False),
    ("s4", "b", "width", True), ("s4", "b", "width", True), ("s4", "b", "width", False),
    ("s4", "b", "depth", False),
]  # fmt: skip


def test_the_metric_is_the_mean_over_screens_of_each_screens_share() -> None:
    report = explore_metric(FIXTURE)
    assert report.screens == {"s1": 0.5, "s2": 1.0, "s3": 0.0, "s4": 0.5}
    assert report.metric == pytest.approx(2.0 / 4)
    assert report.apps == pytest.approx({"a": 0.5, "b": 0.5})
    assert report.width == pytest.approx(4 / 8) and report.depth == pytest.approx(1 / 4)
    assert report.probes == 12


@pytest.mark.parametrize(
    ("metric", "name"),
    [(0.0, "learning"), (0.2999, "learning"), (0.3, "improvement"), (0.5999, "improvement"),
     (0.6, "proficient"), (0.8999, "proficient"), (0.9, "expert"), (1.0, "expert")],
)  # fmt: skip
def test_stages_begin_at_exactly_30_60_and_90_percent(metric: float, name: str) -> None:
    assert stage(metric) == name


def _probe(**fields: object) -> ProbeTask:
    base = {"kind": "width", "task": "f/T", "task_params": {}, "prefix": [],
            "instruction": 'Tap "Save"', "expected": {"action_type": "click"},
            "screen": "f/T/0#0", "app": "app"}  # fmt: skip
    return ProbeTask(ProbeParams.model_validate({**base, **fields}))


def test_a_width_probe_wants_a_tap_inside_its_element() -> None:
    probe = _probe(box=[100, 200, 300, 260])
    tap = Action(action_type="click", x=1, y=1)
    assert probe.answers(tap, (100, 200)) and probe.answers(tap, (300, 260))
    assert not probe.answers(tap, (301, 230)) and not probe.answers(tap, None)
    assert not probe.answers(Action(action_type="long_press", x=1, y=1), (150, 230))


def test_a_depth_probe_wants_a_tap_within_14_percent_of_the_diagonal() -> None:
    probe = _probe(kind="depth", point=[540.0, 1200.0])
    reach = 0.14 * math.hypot(1080, 2400)
    tap = Action(action_type="click", x=1, y=1)
    assert probe.answers(tap, (540, int(1200 + reach)))
    assert not probe.answers(tap, (540, int(1200 + reach) + 2))


def test_scrolls_need_the_direction_and_text_the_words() -> None:
    scroll = _probe(kind="depth", expected={"action_type": "scroll", "direction": "down"})
    assert scroll.answers(Action(action_type="swipe", direction="down"), None)
    assert not scroll.answers(Action(action_type="scroll", direction="up"), None)
    typed = _probe(kind="depth", expected={"action_type": "input_text", "text": "Buy milk"})
    assert typed.answers(Action(action_type="input_text", text=" buy  MILK."), None)
    assert not typed.answers(Action(action_type="input_text", text="Buy eggs"), None)


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "droidhub", *args], capture_output=True, text=True, timeout=600
    )


def test_probes_on_the_virtual_phone_rank_ui_oracle_expert_and_random_low(tmp_path: Path) -> None:
    pytest.importorskip("droidhub_aw_apps")
    ref, probes = tmp_path / "ref", tmp_path / "probes.jsonl"
    done = _cli("run", "--suite", "android_world", "--tasks", "SystemWifiTurnOn,MarkorCreateNote",
                "--agent", "ui_oracle", "--device", "virtual", "--out", str(ref))  # fmt: skip
    assert done.returncode == 0, done.stderr
    done = _cli("probe", "build", str(ref), "--out", str(probes))
    assert done.returncode == 0, done.stderr
    built = [json.loads(line) for line in probes.read_text().splitlines()]
    assert {p["kind"] for p in built} == {"width", "depth"}
    # A probes file that cannot be written: one line, exit 1.
    unwritable = _cli("probe", "build", str(ref), "--out", str(probes / "under-a-file.jsonl"))
    assert unwritable.returncode == 1 and "Traceback" not in unwritable.stderr
    assert unwritable.stderr.strip().splitlines() == [
        f"error: cannot write {probes / 'under-a-file.jsonl'}: Not a directory"
    ]
    metrics = {}
    for agent in ("ui_oracle", "random"):
        out = tmp_path / agent
        done = _cli("probe", "run", str(probes), "--agent", agent, "--out", str(out))
        assert done.returncode in (0, 3), done.stderr
        report = _cli("probe", "report", str(out), "--json")
        assert report.returncode == 0, report.stderr
        metrics[agent] = json.loads(report.stdout)
    oracle, rand = metrics["ui_oracle"], metrics["random"]
    assert oracle["probes"] == len(built)
    assert oracle["explore_metric"] == 1.0 and oracle["stage"] == "expert"
    assert set(oracle["apps"]) == {"com.android.settings", "net.gsantner.markor",
                                   "com.google.android.apps.nexuslauncher"}  # fmt: skip
    assert rand["explore_metric"] < 0.5
    assert all(a["explore_metric"] <= 0.6 for a in rand["apps"].values())


def test_a_file_that_is_not_probes_is_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"kind": "sideways"}\n')
    done = _cli("probe", "run", str(bad), "--agent", "noop", "--out", str(tmp_path / "r"))
    assert done.returncode == 2 and "is not a probes file" in done.stderr
    assert "Traceback" not in done.stderr
