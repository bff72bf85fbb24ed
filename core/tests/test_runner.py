"""The runner end to end on the virtual phone, through the CLI as a user runs it."""

from __future__ import annotations

import json
import signal
from collections import Counter
from pathlib import Path

import pytest
from runner_plugins import results_rows, running_droidhub, tiny_run_args, wait_until

from droidhub.results.records import read_results


def test_oracle_run_records_every_episode_and_goes_on_after_an_error(
    plugin_path: Path, run_cli, tmp_path: Path
) -> None:
    out = tmp_path / "run"
    args = tiny_run_args("oracle", out, "--device", "virtual", "--n-combinations", "2")
    proc = run_cli(*args, "--html", str(out / "report.html"), pythonpath=plugin_path)
    assert proc.returncode == 3, proc.stderr  # finished, with errored episodes
    assert "2 of 4 episodes ended in an error" in proc.stdout
    assert "plugin broken failed" in proc.stderr  # the broken plugin is named, the run goes on
    rows = {r["episode_id"]: r for r in results_rows(out)}
    assert set(rows) == {f"tiny/{t}/{i}" for t in ("TinyWriteWord", "TinyExplodes") for i in (0, 1)}
    for i in (0, 1):
        ok = rows[f"tiny/TinyWriteWord/{i}"]
        assert (ok["reward"], ok["success"], ok["error"]) == (1.0, True, None)
        assert ok["steps"] == 1 and ok["device"] == "virtual-0"
        assert ok["params"]["word"] in ok["goal"]
        bad = rows[f"tiny/TinyExplodes/{i}"]
        assert bad["reward"] == 0.0 and not bad["success"]
        assert bad["error"] == "RuntimeError: set-up exploded on purpose"
        assert bad["error_source"] == "task" and bad["attempt"] == 1
        assert "initialize_task" in bad["traceback"]
    # Summary: 2 tasks, one always solved, one never: 50%.
    summary = json.loads((out / "summary.json").read_text())
    assert summary["success_rate"] == 0.5 and summary["errors"] == 2
    assert "Success rate: 50.0%" in proc.stdout
    html = (out / "report.html").read_text()
    assert "set-up exploded on purpose" in html and "tiny/TinyWriteWord/1" in html
    manifest = json.loads((out / "run.json").read_text())
    assert manifest["plugins"]["droidhub-tiny"] == "1.2.3" and manifest["seed"] == 30
    # The step record holds the UI tree the agent saw.
    step = json.loads((out / "episodes/tiny/TinyWriteWord/0/steps.jsonl").read_text())
    assert step["action"] == {"action_type": "status", "goal_status": "complete"}
    assert (out / "episodes/tiny/TinyWriteWord/0" / step["ui_tree"]).read_text().startswith("<?xml")


def test_killed_run_resumes_with_every_episode_exactly_once(
    plugin_path: Path, run_cli, tmp_path: Path
) -> None:
    out = tmp_path / "run"
    args = tiny_run_args(
        "droidhub_tiny:SlowAgent", out, "--tasks", "TinyWriteWord", "--n-combinations", "8"
    )
    with running_droidhub(plugin_path, args) as proc:
        wait_until(lambda: len(results_rows(out)) >= 3, timeout=60)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
    first = len(results_rows(out))
    assert 3 <= first < 8, f"the kill came too late to test resuming ({first} episodes done)"

    again = run_cli(*args, pythonpath=plugin_path)
    assert again.returncode == 0, again.stderr
    assert f"({first} already recorded)" in again.stderr
    counts = Counter(r["episode_id"] for r in results_rows(out))
    assert counts == Counter({f"tiny/TinyWriteWord/{i}": 1 for i in range(8)})
    assert all(r.reward == 0.0 for r in read_results(out))  # the slow agent does nothing


def test_resume_into_a_different_run_is_refused(plugin_path: Path, run_cli, tmp_path: Path) -> None:
    out = tmp_path / "run"
    args = tiny_run_args("noop", out, "--tasks", "TinyWriteWord")
    first = run_cli(*args, pythonpath=plugin_path)
    assert first.returncode == 0, first.stderr
    other = run_cli(*args, "--seed", "7", pythonpath=plugin_path)
    assert other.returncode == 2
    assert "seed: 30 there vs 7 now" in other.stderr


def test_episodes_spread_over_parallel_virtual_phones(
    plugin_path: Path, run_cli, tmp_path: Path
) -> None:
    out = tmp_path / "run"
    args = tiny_run_args("oracle", out, "--tasks", "TinyWriteWord", "--device", "virtual:2")
    proc = run_cli(*args, "--n-combinations", "6", pythonpath=plugin_path)
    assert proc.returncode == 0, proc.stderr
    rows = results_rows(out)
    assert len(rows) == 6 and all(r["reward"] == 1.0 for r in rows)
    assert {r["device"] for r in rows} == {"virtual-0", "virtual-1"}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--suite", "tiny", "--tasks", "TinyWriteWrd"], "did you mean TinyWriteWord"),
        (["--suite", "tiny", "--agent", "clever"], "unknown agent 'clever'"),
        (["--suite", "tiny", "--device", "virtual:0"], "must be 1..64"),
        (["--suite", "tiny", "--device", "virtual:2:x"], "'virtual:N' with N the number"),
        (["--suite", "tinny"], "did you mean tiny"),
    ],
)
def test_bad_options_are_explained(
    plugin_path: Path, run_cli, tmp_path: Path, args, message
) -> None:
    proc = run_cli(
        "run", "--agent", "noop", *args, "--out", str(tmp_path / "r"), pythonpath=plugin_path
    )
    assert proc.returncode == 2
    assert message in proc.stderr
