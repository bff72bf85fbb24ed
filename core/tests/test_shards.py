"""Shards and merge: `run --shard I/N` slices, `merge` joins them into one run."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from droidhub.results.shards import shard_of

TASKS = "SystemWifiTurnOn,SystemBluetoothTurnOn,ClockStopWatchRunning"


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "droidhub", *args], capture_output=True, text=True, timeout=300
    )


def _run(out: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    return _cli(
        "run", "--suite", "android_world", "--tasks", TASKS, "--n-combinations", "2",
        "--agent", "oracle", "--device", "virtual", "--out", str(out), "-q", *extra,
    )  # fmt: skip


def _episodes(run: Path) -> dict[str, tuple[float, dict]]:
    rows = [json.loads(line) for line in (run / "results.jsonl").read_text().splitlines()]
    return {r["episode_id"]: (r["reward"], r["params"]) for r in rows}


@given(st.lists(st.text(min_size=1), unique=True), st.integers(1, 6))
def test_shards_are_disjoint_and_cover_everything(ids: list[str], count: int) -> None:
    shards = [shard_of(ids, str, i, count) for i in range(1, count + 1)]
    assert sorted(x for s in shards for x in s) == sorted(ids)
    assert max(map(len, shards)) - min(map(len, shards)) <= 1


def test_two_shards_merged_equal_one_unsharded_run(tmp_path: Path) -> None:
    for index in (1, 2):
        done = _run(tmp_path / f"s{index}", "--shard", f"{index}/2")
        assert done.returncode == 0, done.stderr
    assert len(_episodes(tmp_path / "s1")) == 3 and len(_episodes(tmp_path / "s2")) == 3
    assert _run(tmp_path / "all").returncode == 0
    done = _cli("merge", str(tmp_path / "merged"), str(tmp_path / "s1"), str(tmp_path / "s2"))
    assert done.returncode == 0, done.stderr
    assert "6 episodes of 2 runs merged" in done.stdout
    assert _episodes(tmp_path / "merged") == _episodes(tmp_path / "all")
    episode = tmp_path / "merged/episodes/android_world/SystemWifiTurnOn/0/steps.jsonl"
    assert episode.is_file()  # the episode folders come along
    manifest = json.loads((tmp_path / "merged/run.json").read_text())
    assert "shard" not in manifest and manifest["episodes_planned"] == 6
    report = _cli("report", str(tmp_path / "merged"))
    assert report.returncode == 0 and "Episodes: 6" in report.stdout


def test_merge_refuses_duplicates_and_other_runs_in_one_line(tmp_path: Path) -> None:
    assert _run(tmp_path / "s1", "--shard", "1/2").returncode == 0
    assert _run(tmp_path / "other", "--shard", "2/2", "--seed", "7").returncode == 0
    twice = _cli("merge", str(tmp_path / "m1"), str(tmp_path / "s1"), str(tmp_path / "s1"))
    assert twice.returncode != 0 and "is in both" in twice.stderr
    other = _cli("merge", str(tmp_path / "m2"), str(tmp_path / "s1"), str(tmp_path / "other"))
    assert other.returncode != 0 and "seed: 30 vs 7" in other.stderr
    (tmp_path / "blocker").write_text("a file, where OUT's parent folder should be")
    unwritable = _cli("merge", str(tmp_path / "blocker" / "m3"), str(tmp_path / "s1"))
    assert unwritable.returncode == 1 and "merging into" in unwritable.stderr
    for proc in (twice, other, unwritable):
        assert len(proc.stderr.strip().splitlines()) == 1 and "Traceback" not in proc.stderr


def test_a_bad_shard_and_another_shards_folder_are_refused(tmp_path: Path) -> None:
    bad = _run(tmp_path / "x", "--shard", "3/2")
    assert bad.returncode == 2 and "'3/2' is not I/N" in bad.stderr
    assert _run(tmp_path / "s1", "--shard", "1/2").returncode == 0
    resumed = _run(tmp_path / "s1", "--shard", "2/2")
    assert resumed.returncode == 2 and "shard" in resumed.stderr
