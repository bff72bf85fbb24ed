"""A task whose tear-down hangs or raises errs its own episode once; the phone is
renewed (virtual) and keeps working, and no phone is quarantined for it."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from runner_plugins import droidhub, hang_site

TASKS = "Quick,TearDownHangs,Quick2,TearDownRaises,Quick3"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return hang_site(tmp_path_factory.mktemp("site"))


@pytest.mark.parametrize(
    ("device", "executor"), [("virtual", "threads"), ("virtual:2", "processes")]
)
def test_a_hung_or_failing_tear_down_errs_its_episode_once_and_the_run_goes_on(
    site: Path, tmp_path: Path, device: str, executor: str
) -> None:
    out = tmp_path / "run"
    args = ["run", "--suite", "hang", "--tasks", TASKS, "--n-combinations", "2"]
    args += ["--agent", "noop", "--device", device, "--executor", executor]
    args += ["--teardown-timeout", "1", "--quarantine-after", "1", "--out", str(out)]
    proc = droidhub(site, *args)
    assert proc.returncode == 3, proc.stderr  # finished, with errored episodes
    assert "quarantined" not in proc.stderr
    rows = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    assert Counter(r["episode_id"] for r in rows) == Counter(
        f"hang/{task}/{i}" for task in TASKS.split(",") for i in range(2)
    )
    errored = {r["episode_id"]: r for r in rows if r["error"]}
    assert set(errored) == {f"hang/{t}/{i}" for t in ("TearDownHangs", "TearDownRaises")
                            for i in range(2)}  # fmt: skip
    for episode_id, row in errored.items():
        assert row["error_kind"] == "teardown", row
        if "Hangs" in episode_id:
            assert "tear_down did not finish in time (--teardown-timeout 1s)" in row["error"]
        else:
            assert "tear_down failed: RuntimeError: tear-down exploded" in row["error"]
    # The phones went on: every other episode ran, set up and scored as usual.
    assert all(r["error"] is None and r["steps"] == 1 for r in rows if "Quick" in r["task"])
    if executor == "threads":
        assert "replaced by a fresh phone" in proc.stderr
