"""The ``llm`` judge on real runs against a scripted chat-completions server, then
``droidhub calibrate`` measuring it against the programmatic rewards."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from pytest_httpserver import HTTPServer
from werkzeug import Request, Response

from droidhub_agents.judge import parse_verdict

from conftest import completion

TASKS = "SystemWifiTurnOn,SystemBluetoothTurnOn"


class ScriptedJudge:
    """Summarises any step; judges success when two steps or more were taken (the
    noop agent takes one: it only says it is done)."""

    def __init__(self) -> None:
        self.prompts: list[str] = []
        self.images: list[int] = []

    def __call__(self, request: Request) -> Response:
        content = json.loads(request.get_data())["messages"][-1]["content"]
        text = content[0]["text"] if isinstance(content, list) else content
        self.prompts.append(text)
        parts = content if isinstance(content, list) else []
        self.images.append(sum(p.get("type") == "image_url" for p in parts))
        if text.startswith("You are reviewing one step"):
            reply = "The agent acted on the screen."
        else:
            steps = len(re.findall(r"^Step \d+:", text, re.MULTILINE))
            reply = f"{steps} steps were taken.\nVerdict: {'Yes' if steps >= 2 else 'No'}"
        return Response(json.dumps(completion(reply)), content_type="application/json")


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "droidhub", *args],
        capture_output=True, text=True, timeout=300,
        env={**os.environ, "OPENAI_API_KEY": "test-key"},
    )  # fmt: skip


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("Verdict: Yes", True),
        ("verdict: no", False),
        ("Verdict: No\nVerdict: Yes", True),
        ("Yes", None),
    ],
)
def test_the_verdict_line_is_read(text: str, verdict: bool | None) -> None:
    assert parse_verdict(text) is verdict


def test_judge_writes_verdicts_resumably_and_calibrate_measures_them(
    httpserver: HTTPServer, tmp_path: Path
) -> None:
    scripted = ScriptedJudge()
    httpserver.expect_request("/v1/chat/completions", method="POST").respond_with_handler(scripted)
    url = httpserver.url_for("/v1")
    good, bad = tmp_path / "ui_oracle", tmp_path / "noop"
    # The ui_oracle run records a screenshot at every step; the noop run records none.
    for out, agent in ((good, "ui_oracle"), (bad, "noop")):
        options = ["--agent-option", "observe=both"] if agent == "ui_oracle" else []
        done = _cli("run", "--suite", "android_world", "--tasks", TASKS, "--agent", agent,
                    *options, "--device", "virtual", "--out", str(out))  # fmt: skip
        assert done.returncode == 0, done.stdout + done.stderr

    for run in (good, bad):
        done = _cli("judge", str(run), "--judge", "llm", "--agent-option", f"base_url={url}")
        assert done.returncode == 0, done.stdout + done.stderr
        assert "2 episodes, 0 judged before, 2 to judge" in done.stdout
        assert "2 of 2 verdicts agree with the reward" in done.stdout
        if run == good:
            # Every request about the recorded run carries its screenshots (the last
            # step's "after" screen is not recorded: one image then).
            assert scripted.images and all(n >= 1 for n in scripted.images)
            assert max(scripted.images) == 2
    verdicts = [
        json.loads(line) for line in (good / "judgements" / "llm.jsonl").read_text().splitlines()
    ]
    assert [v["success"] for v in verdicts] == [True, True]
    steps = [json.loads(r)["steps"] for r in (good / "results.jsonl").read_text().splitlines()]
    # One summary per recorded step, then the verdict.
    assert sorted(v["usage"]["calls"] for v in verdicts) == sorted(s + 1 for s in steps)
    assert all("Verdict: Yes" in v["reasoning"] for v in verdicts)

    asked = len(scripted.prompts)
    again = _cli("judge", str(good), "--judge", "llm", "--agent-option", f"base_url={url}")
    assert again.returncode == 0 and "2 judged before, 0 to judge" in again.stdout
    assert len(scripted.prompts) == asked  # resumed: no episode judged twice

    done = _cli("calibrate", str(good), str(bad), "--json")
    assert done.returncode == 0, done.stderr
    report: dict[str, Any] = json.loads(done.stdout)["llm"]
    assert report["episodes"] == 4
    for key in ("accuracy", "precision", "recall", "npv", "tnr", "f1"):
        assert report[key]["value"] == 1.0, key
    assert report["kendall_tau"] == 1.0
    text = _cli("calibrate", str(good), str(bad)).stdout
    assert "accuracy  100.0% [" in text and "Kendall's tau over 2 runs: 1.000" in text
    # The run's HTML report shows the judge beside the rewards.
    assert _cli("report", str(good), "--html", str(tmp_path / "r.html")).returncode == 0
    page = (tmp_path / "r.html").read_text()
    assert "judge llm" in page and "100.0% agree with the reward" in page


def test_an_unknown_judge_or_judge_option_is_one_line(tmp_path: Path) -> None:
    done = _cli("run", "--suite", "android_world", "--tasks", "SystemWifiTurnOn", "--agent",
                "noop", "--device", "virtual", "--out", str(tmp_path / "run"))  # fmt: skip
    assert done.returncode == 0, done.stderr
    run = str(tmp_path / "run")
    refusals = {
        ("--judge", "oracle-of-delphi"): "no judge 'oracle-of-delphi'",
        ("--judge", "llm", "--agent-option", "bogus=1"): "unknown option 'bogus' for judge llm",
        ("--judge", "llm", "--agent-option", "temperature=hot"): (
            "option 'temperature' of judge llm: Input should be a valid number"
        ),
    }
    for args, message in refusals.items():
        done = _cli("judge", run, *args)
        assert done.returncode == 2, done.stderr
        assert message in done.stderr and "Traceback" not in done.stderr
    assert not (tmp_path / "run" / "judgements").exists()


def test_a_failing_judge_model_stops_in_one_line_and_keeps_the_verdicts_made(
    httpserver: HTTPServer, tmp_path: Path
) -> None:
    run = tmp_path / "run"
    done = _cli("run", "--suite", "android_world", "--tasks", TASKS, "--agent", "noop",
                "--device", "virtual", "--out", str(run))  # fmt: skip
    assert done.returncode == 0, done.stderr
    scripted, calls = ScriptedJudge(), []

    def first_episode_only(request: Request) -> Response:
        calls.append(1)  # a noop episode costs two calls: a step summary, the verdict
        return scripted(request) if len(calls) <= 2 else Response("down", status=500)

    httpserver.expect_request("/v1/chat/completions").respond_with_handler(first_episode_only)
    url = httpserver.url_for("/v1")
    judge = ("judge", str(run), "--judge", "llm",
             "--agent-option", f"base_url={url}", "--agent-option", "max_retries=0")  # fmt: skip
    failed = _cli(*judge)
    assert failed.returncode == 1, failed.stdout + failed.stderr
    assert "Traceback" not in failed.stderr
    [line] = failed.stderr.strip().splitlines()
    assert line.startswith("error: judge llm failed on android_world/")
    assert "1 verdicts written" in line and "rerun to judge the rest" in line
    calls.clear()  # the server answers again: the rerun judges only the episode left
    again = _cli(*judge)
    assert again.returncode == 0, again.stderr
    assert "1 judged before, 1 to judge" in again.stdout
