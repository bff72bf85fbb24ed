"""What agents and observer plugins leave in the run: step info, usage, hook failures."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from runner_plugins import droidhub, hang_site, quick_run_args


def _finished_run(
    tmp_path: Path, agent: str, n: int = 1, *extra: str, noisy: bool = False
) -> tuple[Path, Path, subprocess.CompletedProcess[str]]:
    """A run of ``n`` ``hang/Quick`` episodes by ``agent`` (``extra`` options last; a
    ``--tasks`` there adds tasks), which must finish cleanly: the hang site (with the
    ``noisy`` observer), the run folder and the finished process."""
    site = hang_site(tmp_path / "site", noisy=noisy)
    out = tmp_path / "run"
    proc = droidhub(site, *quick_run_args(n, agent, out, *extra))
    assert proc.returncode == 0, proc.stderr
    return site, out, proc


def test_agent_step_info_is_kept_per_step_and_usage_summed_per_episode(tmp_path: Path) -> None:
    site, out, _ = _finished_run(tmp_path, "hang_agents:Reports")
    (row,) = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    assert row["steps"] == 3
    assert row["usage"] == {"prompt_tokens": 30.0, "cost": 0.75, "calls": 3.0}
    steps = (out / "episodes/hang/Quick/0/steps.jsonl").read_text().splitlines()
    infos = [json.loads(line)["agent_info"] for line in steps]
    assert [i["thought"] for i in infos] == ["step 1", "step 2", "step 3"]
    assert infos[0]["usage"] == {"prompt_tokens": 10, "cost": 0.25, "calls": 1}
    exported = droidhub(site, "export", str(out))
    assert exported.returncode == 0, exported.stderr
    lines = [json.loads(line) for line in exported.stdout.splitlines()]
    assert [line["agent_info"]["thought"] for line in lines] == ["step 1", "step 2", "step 3"]


def test_observer_hook_failures_go_to_run_json_and_under_the_summary(tmp_path: Path) -> None:
    # A failing observer does not fail the run.
    _, out, proc = _finished_run(tmp_path, "noop", 2, noisy=True)
    manifest = json.loads((out / "run.json").read_text())
    assert manifest["plugin_errors"] == [
        {
            "plugin": "noisy",
            "hook": "droidhub_step",
            "cause": "KeyError: 'no such column'",
            "count": 2,
        }
    ]
    assert "Plugin hooks that failed during the run" in proc.stdout
    assert "  noisy droidhub_step (2 times): KeyError: 'no such column'" in proc.stdout
    assert len((out / "results.jsonl").read_text().splitlines()) == 2


def test_an_answer_that_is_no_action_costs_a_step_and_the_episode_goes_on(
    tmp_path: Path,
) -> None:
    _, out, _ = _finished_run(tmp_path, "hang_agents:Babbles", 1, "--tasks", "Quick2")
    rows = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    assert [(r["error"], r["steps"]) for r in rows] == [(None, 10), (None, 10)]
    steps = (out / "episodes/hang/Quick/0/steps.jsonl").read_text().splitlines()
    first = json.loads(steps[0])
    assert first["action"] == {"raw": "I think I should tap the button"}
    assert first["error"].startswith("action is not valid JSON")


def test_invalid_actions_are_invalid_steps_with_their_reasons(tmp_path: Path) -> None:
    _, out, _ = _finished_run(tmp_path, "hang_agents:BadThenDone")
    (row,) = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    assert row["error"] is None and row["steps"] == 5
    steps = [
        json.loads(line)
        for line in (out / "episodes/hang/Quick/0/steps.jsonl").read_text().splitlines()
    ]
    assert [s["action"].get("action_type") for s in steps] == [
        "fly", "input_text", "input_text", None, "status",
    ]  # fmt: skip
    errors = [s["error"] for s in steps]
    assert "action_type: Input should be" in errors[0] and "(got 'fly')" in errors[0]
    assert "text: Value error, contains a NUL character" in errors[1]
    assert "text: Value error, is not valid Unicode text" in errors[2]
    assert errors[3].startswith("action is not valid JSON")
    assert errors[4] is None
