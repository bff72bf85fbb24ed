"""droidhub's families as inspect_ai tasks: `droidhub/android_world` resolves through
inspect's entry point, each sample gets a phone, the model's tool calls act on it, and
droidhub's reward is the score in inspect's log."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("inspect_ai", reason="the inspect extra")

from inspect_ai import eval as inspect_eval
from inspect_ai.model import ModelOutput, ModelUsage, get_model

TASKS = ["SystemWifiTurnOn", "SystemWifiTurnOff", "SystemBluetoothTurnOn"]


def _call(tool: str, **arguments: object) -> ModelOutput:
    out = ModelOutput.for_tool_call("mockllm/model", tool, dict(arguments))
    # With its usage given, the mock model counts no tokens (which would need a download).
    out.usage = ModelUsage(input_tokens=10, output_tokens=5, total_tokens=15)
    return out


def test_three_tasks_are_scored_by_droidhubs_reward_in_inspects_log(tmp_path: Path) -> None:
    script = []
    for _ in TASKS:  # each sample: read the screen, open Settings, then submit
        script += [_call("ui_elements"), _call("open_app", name="Settings"),
                   _call("submit", answer="done")]  # fmt: skip
    model = get_model("mockllm/model", custom_outputs=script)
    (log,) = inspect_eval(
        "droidhub/android_world",
        task_args={"tasks": ",".join(TASKS)},
        model=model,
        log_dir=str(tmp_path / "logs"),
        display="none",
        max_samples=1,  # the scripted answers are consumed in order
    )
    assert log.status == "success", log.error
    assert log.samples is not None
    scores = {s.id: s.scores["droidhub_reward"].value for s in log.samples if s.scores}
    assert scores == {f"android_world/{t}/0": 0.0 for t in TASKS}
    for sample in log.samples:
        assert sample.error is None
        goal = sample.metadata["goal"]
        assert goal in {"Turn wifi on.", "Turn wifi off.", "Turn bluetooth on."}
        tool_answers = [m.text for m in sample.messages if m.role == "tool"]
        assert any("] " in answer or "][" in answer for answer in tool_answers), tool_answers
        assert any("open_app" in answer for answer in tool_answers), tool_answers
    assert list((tmp_path / "logs").iterdir())  # the log inspect's viewer reads


def test_an_inspect_eval_leaves_no_phone_folder_behind(tmp_path: Path) -> None:
    # The process's virtual device server lives as long as inspect does: it is stopped
    # at exit, and its sandbox folder with it.
    import os
    import subprocess
    import sys

    phones = tmp_path / "phones"
    phones.mkdir()
    done = subprocess.run(
        [sys.executable, "-m", "inspect_ai", "eval", "droidhub/android_world",
         "--model", "mockllm/model", "-T", "tasks=SystemWifiTurnOn", "--limit", "1",
         "--log-dir", str(tmp_path / "logs"), "--display", "none"],
        env={**os.environ, "DROIDHUB_VIRTUAL_DIR": str(phones)},
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    assert list((tmp_path / "logs").iterdir())  # it ran
    assert list(phones.iterdir()) == []
