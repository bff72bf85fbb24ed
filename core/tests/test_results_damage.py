"""A damaged ``results.jsonl`` loses no finished episode: the CLI repairs what a crash
leaves, moves lines that are no result aside with their numbers, and says so."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from runner_plugins import droidhub, hang_site

EPISODES = [f"hang/Quick/{i}" for i in range(4)]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return hang_site(tmp_path_factory.mktemp("site"))


def _run(site: Path, out: Path) -> tuple[int, str]:
    args = ["run", "--suite", "hang", "--tasks", "Quick", "--n-combinations", "4"]
    proc = droidhub(site, *args, "--agent", "noop", "--out", str(out))
    return proc.returncode, proc.stderr


def _ids(out: Path) -> Counter[str]:
    text = (out / "results.jsonl").read_text(encoding="utf-8")
    assert text.endswith("\n")
    return Counter(json.loads(line)["episode_id"] for line in text.splitlines())


def _finished_run(site: Path, out: Path) -> bytes:
    code, err = _run(site, out)
    assert code == 0, err
    assert _ids(out) == Counter(EPISODES)
    return (out / "results.jsonl").read_bytes()


def test_a_last_result_without_its_line_end_is_kept(site: Path, tmp_path: Path) -> None:
    out = tmp_path / "run"
    data = _finished_run(site, out)
    (out / "results.jsonl").write_bytes(data[:-1])  # the crash came before the "\n"

    code, err = _run(site, out)
    assert code == 0, err
    assert "the last result had no line end" in err
    assert "(4 already recorded)" in err
    assert _ids(out) == Counter(EPISODES)
    assert (out / "results.jsonl").read_bytes() == data
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    assert summary["episodes"] == 4


def test_a_line_cut_mid_write_is_moved_aside_and_its_episode_runs_again(
    site: Path, tmp_path: Path
) -> None:
    out = tmp_path / "run"
    data = _finished_run(site, out)
    cut = data[:-25]  # killed while writing the last line
    (out / "results.jsonl").write_bytes(cut)

    code, err = _run(site, out)
    assert code == 0, err
    assert "moved 1 line that is no result (line 4)" in err
    assert _ids(out) == Counter(EPISODES)
    (rejected,) = (out / "results.rejected.jsonl").read_text(encoding="utf-8").splitlines()
    row = json.loads(rejected)
    assert row["line"] == 4
    assert row["text"] == cut.decode().splitlines()[-1]


def test_a_damaged_middle_line_is_named_by_report_export_and_merge_then_moved_by_run(
    site: Path, tmp_path: Path
) -> None:
    out = tmp_path / "run"
    _finished_run(site, out)
    lines = (out / "results.jsonl").read_text(encoding="utf-8").splitlines()
    damaged = lines[1].replace('"reward"', '"reward": "lots", "x"', 1)
    lines[1] = damaged
    (out / "results.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")

    for args in (
        ["report", str(out)],
        ["export", str(out), "--out", str(tmp_path / "steps.jsonl")],
        ["merge", str(tmp_path / "merged"), str(out)],
    ):
        proc = droidhub(site, *args)
        assert proc.returncode == 0, proc.stderr
        warnings = [line for line in proc.stderr.splitlines() if line.startswith("warning:")]
        assert len(warnings) == 1, proc.stderr
        assert "results.jsonl line 2 is no result and left out (reward:" in warnings[0]
    # Reading never changed the folder.
    assert not (out / "results.rejected.jsonl").exists()
    assert (out / "results.jsonl").read_text(encoding="utf-8").splitlines()[1] == damaged

    code, err = _run(site, out)
    assert code == 0, err
    assert "moved 1 line that is no result (line 2)" in err
    assert "(3 already recorded)" in err
    assert _ids(out) == Counter(EPISODES)
    row = json.loads((out / "results.rejected.jsonl").read_text(encoding="utf-8"))
    assert (row["line"], row["text"]) == (2, damaged)

    proc = droidhub(site, "report", str(out))
    assert proc.returncode == 0, proc.stderr
    assert "1 rejected line kept in" in proc.stderr
