"""`droidhub run --retry-errors` runs again only the episodes that ended in an error."""

from __future__ import annotations

import json
from pathlib import Path

from runner_plugins import droidhub, hang_site

from droidhub.results.records import set_aside_errored

ARGS = ["run", "--agent", "noop", "--suite", "hang", "--tasks", "Quick,BrokenUntilFixed"]
ARGS += ["--n-combinations", "2"]


def _lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def _run_with_two_errors(tmp_path: Path) -> tuple[Path, Path]:
    """A first run of ``ARGS`` into ``tmp_path/run``, whose two ``BrokenUntilFixed``
    episodes end in an error (``HANG_FIXED`` unset): the hang site and the run folder."""
    site = hang_site(tmp_path / "site")
    out = tmp_path / "run"
    first = droidhub(site, *ARGS, "--out", str(out))
    assert first.returncode == 3, first.stderr
    return site, out


def test_retry_errors_reruns_the_errored_episodes_only_and_keeps_the_old_attempts(
    tmp_path: Path,
) -> None:
    site, out = _run_with_two_errors(tmp_path)
    before = {r["episode_id"]: r for r in _lines(out / "results.jsonl")}
    assert {k for k, r in before.items() if r["error"]} == {
        "hang/BrokenUntilFixed/0",
        "hang/BrokenUntilFixed/1",
    }
    # A plain rerun resumes: everything is recorded, nothing runs again.
    same = droidhub(site, *ARGS, "--out", str(out), HANG_FIXED="1")
    assert same.returncode == 3 and len(_lines(out / "results.jsonl")) == 4

    retry = droidhub(site, *ARGS, "--retry-errors", "--out", str(out), HANG_FIXED="1")
    assert retry.returncode == 0, retry.stderr
    assert "Retrying 2 errored episodes" in retry.stderr
    after = _lines(out / "results.jsonl")
    assert sorted(r["episode_id"] for r in after) == sorted(before)  # one line each
    rows = {r["episode_id"]: r for r in after}
    for i in (0, 1):
        fixed = rows[f"hang/BrokenUntilFixed/{i}"]
        assert (fixed["error"], fixed["reward"], fixed["attempt"]) == (None, 1.0, 2)
        # The honest failure (reward 0, no error) was not run again: the same line.
        assert rows[f"hang/Quick/{i}"] == before[f"hang/Quick/{i}"]
    attempts = _lines(out / "attempts.jsonl")
    assert sorted((a["episode_id"], a["attempt"]) for a in attempts) == [
        ("hang/BrokenUntilFixed/0", 1),
        ("hang/BrokenUntilFixed/1", 1),
    ]
    assert all(a["error"] == "RuntimeError: not fixed yet" for a in attempts)
    summary = json.loads((out / "summary.json").read_text())
    assert summary["episodes"] == 4 and summary["errors"] == 0  # old attempts not counted

    # Nothing errored is left: a second retry runs nothing and moves nothing.
    again = droidhub(site, *ARGS, "--retry-errors", "--out", str(out), HANG_FIXED="1")
    assert again.returncode == 0, again.stderr
    assert len(_lines(out / "attempts.jsonl")) == 2
    assert len(_lines(out / "results.jsonl")) == 4


def test_a_retry_killed_after_setting_aside_loses_nothing_and_numbers_attempts(
    tmp_path: Path,
) -> None:
    site, out = _run_with_two_errors(tmp_path)
    # What a retry does first, then it is killed before running anything.
    assert set_aside_errored(out) == {"hang/BrokenUntilFixed/0": 2, "hang/BrokenUntilFixed/1": 2}
    kept = _lines(out / "results.jsonl") + _lines(out / "attempts.jsonl")
    assert sorted(r["episode_id"] for r in kept) == sorted(
        f"hang/{t}/{i}" for t in ("Quick", "BrokenUntilFixed") for i in (0, 1)
    )
    # Any rerun, retry or not, runs the set-aside episodes as their second attempt.
    rerun = droidhub(site, *ARGS, "--out", str(out), HANG_FIXED="1")
    assert rerun.returncode == 0, rerun.stderr
    rows = {r["episode_id"]: r for r in _lines(out / "results.jsonl")}
    assert len(rows) == 4 and len(_lines(out / "results.jsonl")) == 4
    assert [rows[f"hang/BrokenUntilFixed/{i}"]["attempt"] for i in (0, 1)] == [2, 2]
