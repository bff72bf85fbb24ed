"""Demonstrations as data: `droidhub export RUN --format hf` and loading it back."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from droidhub.report.export import HF_EXTRA_HINT, export_hf

REPO = Path(__file__).resolve().parents[2]
EPISODES = 50


def _documented_columns() -> set[str]:
    """The column names of the dataset table in docs/trajectory-format.md."""
    doc = (REPO / "docs" / "trajectory-format.md").read_text(encoding="utf-8")
    section = doc.split("## Hugging Face datasets", 1)[1]
    rows = [line.split("|")[1] for line in section.splitlines() if line.startswith("| **")]
    return {name for row in rows for name in re.findall(r"\*\*([a-z_]+)\*\*", row)}


@pytest.fixture(scope="module")
def oracle_run(tmp_path_factory: pytest.TempPathFactory, run_cli: Any) -> Path:
    """A 50-episode ui_oracle run on two virtual phones, recording pixels and tree."""
    out = tmp_path_factory.mktemp("hf") / "run"
    proc = run_cli(
        "run", "--suite", "android_world", "--tasks", "SystemWifiTurnOn,SystemWifiTurnOff",
        "--n-combinations", str(EPISODES // 2), "--agent", "ui_oracle",
        "--agent-option", "observe=both", "--device", "virtual:2", "--out", str(out), "--quiet",
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    return out


@pytest.fixture(scope="module")
def run_cli() -> object:
    """Module-scoped: ``droidhub ARGS`` in a subprocess (the run is shared by the tests).

    Its own, not conftest's: with every test folder in one session, ``import conftest``
    may find another folder's conftest."""

    def run(*args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "droidhub", *args],
            capture_output=True, text=True, timeout=timeout,
        )  # fmt: skip

    return run


def test_a_50_episode_run_loads_back_as_a_dataset(
    oracle_run: Path, run_cli: Any, tmp_path: Path
) -> None:
    datasets = pytest.importorskip(
        "datasets", reason="the hf extra is not installed (pip install './core[hf]')"
    )
    out = tmp_path / "ds"
    proc = run_cli("export", str(oracle_run), "--format", "hf", "--out", str(out))
    assert proc.returncode == 0, proc.stderr
    ds = datasets.load_from_disk(str(out))
    results = [json.loads(x) for x in (oracle_run / "results.jsonl").read_text().splitlines()]
    assert len(results) == EPISODES
    assert len(ds) == sum(r["steps"] for r in results) > EPISODES
    assert f"{len(ds)} steps written to {out}" in proc.stderr
    assert set(ds.column_names) == _documented_columns()
    assert isinstance(ds.features["screenshot"], datasets.Image)
    assert len(set(ds["episode_id"])) == EPISODES
    assert set(ds["task"]) == {"SystemWifiTurnOn", "SystemWifiTurnOff"}
    # The oracle solves every episode, and the rows say so.
    assert all(ds["episode_success"]) and set(ds["episode_reward"]) == {1.0}

    row = ds[0]
    shot = row["screenshot"]
    assert shot.size == (1080, 2400)  # the phone's own pixels, decoded as PIL
    assert shot.convert("L").getextrema()[0] < shot.convert("L").getextrema()[1]
    assert row["ui_tree"].startswith("<?xml") and "<hierarchy" in row["ui_tree"]
    action = json.loads(row["action"])
    assert action["action_type"] == row["action_type"]
    assert row["goal"] in ("Turn wifi on.", "Turn wifi off.")
    # A click names its element, and its point is the element's centre, as the Env taps.
    clicks = ds.filter(lambda r: r["action_type"] == "click" and r["target_element"])
    assert len(clicks) > 0
    click = clicks[0]
    left, top, right, bottom = json.loads(click["target_element"])["bounds"]
    assert (click["target_x"], click["target_y"]) == ((left + right) // 2, (top + bottom) // 2)
    steps = ds.filter(lambda r: r["episode_id"] == row["episode_id"])
    assert sorted(steps["step_id"]) == list(range(len(steps)))


def test_without_datasets_the_error_says_which_extra(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setitem(sys.modules, "datasets", None)  # import fails as if absent
    with pytest.raises(ImportError) as caught:
        export_hf(tmp_path, tmp_path / "ds")
    assert str(caught.value) == HF_EXTRA_HINT
    assert "pip install './core[hf]'" in HF_EXTRA_HINT
