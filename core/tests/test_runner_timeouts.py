"""A hung agent or task ends its own episode by timeout; the run goes on and ends.

Each run has three episodes, one of which hangs forever; the limits are 1-2 s and
the hang guard of every subprocess is 120 s, so a run that hangs fails the test
instead of hanging it. Nothing asserts how long anything took.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from runner_plugins import droidhub, hang_site


def _rows(out: Path) -> dict[str, dict]:
    lines = (out / "results.jsonl").read_text().splitlines()
    return {r["episode_id"]: r for r in map(json.loads, lines)}


def _logged(log: Path) -> list[str]:
    return log.read_text().split() if log.exists() else []


@pytest.mark.parametrize(
    ("agent", "hung_task", "limit", "expected"),
    [
        (
            "hang_agents:StepHangsOnQuick2",
            "Quick2",
            ["--step-timeout", "1"],
            "timeout: agent step 1 did not finish in time (--step-timeout 1s)",
        ),
        (
            "noop",
            "SetUpHangs",
            ["--episode-timeout", "2"],
            "timeout: the episode was still in initialize_task at its limit (--episode-timeout 2s)",
        ),
        (
            "noop",
            "ScoringHangs",
            ["--episode-timeout", "2"],
            "timeout: the episode was still in is_successful at its limit (--episode-timeout 2s)",
        ),
    ],
    ids=["agent-step", "initialize_task", "is_successful"],
)
def test_a_hung_episode_times_out_is_torn_down_and_the_run_goes_on(
    tmp_path: Path, agent: str, hung_task: str, limit: list[str], expected: str
) -> None:
    site = hang_site(tmp_path / "site")
    out, log = tmp_path / "run", tmp_path / "hang.log"
    tasks = f"Quick,Quick3,{hung_task}"
    proc = droidhub(
        site,
        "run",
        "--suite",
        "hang",
        "--tasks",
        tasks,
        "--agent",
        agent,
        *limit,
        "--out",
        str(out),
        HANG_LOG=str(log),
    )
    rows = _rows(out)
    assert len(rows) == 3, proc.stderr  # every episode recorded, the hung one too
    hung = rows[f"hang/{hung_task}/0"]
    assert hung["error"] == expected
    assert (hung["error_source"], hung["reward"], hung["success"]) == ("timeout", 0.0, False)
    others = [r for r in rows.values() if r is not hung]
    assert all(r["error"] is None for r in others), others
    assert proc.returncode == 3, proc.stderr  # finished, one episode errored
    assert "Traceback" not in proc.stderr
    # Tear-down ran for every set-up, the abandoned episode's included.
    logged = _logged(log)
    setups = {e for w, e in zip(logged[::2], logged[1::2], strict=True) if w == "setup"}
    teardowns = {e for w, e in zip(logged[::2], logged[1::2], strict=True) if w == "teardown"}
    assert len(setups) == 3 and setups == teardowns, logged
