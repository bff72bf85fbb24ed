"""A scripted "model" behind a real chat-completions HTTP server on loopback.

The model reads the goal and the numbered element list out of the prompt, as a real
model would, and answers ``Reason: ... Action: {json}``. It knows two goals: turning
Wi-Fi on in Settings (AndroidWorld's SystemWifiTurnOn: Network & internet, Internet,
the switch) and MiniWoB's click-test.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from pytest_httpserver import HTTPServer
from werkzeug import Request, Response

#: ``droidhub run``'s words for the AndroidWorld task the scripted model plays.
WIFI_TURN_ON = ("--suite", "android_world", "--tasks", "SystemWifiTurnOn")

_LINE = re.compile(r"^(\d+): (\S+)(.*)$", re.MULTILINE)

#: Source of ``element_line(i, e)``, the line the scripted model reads (``_LINE``) for
#: element ``e`` at index ``i`` of AndroidWorld's ``ui_elements``: its class, text, id
#: and checked state. The stand-in agents' modules paste it in (they import ``json``).
ELEMENT_LINE_SOURCE = """
def element_line(i, e):
    parts = [f"{i}: " + (e.class_name or "View").rsplit(".", 1)[-1]]
    if e.text:
        parts.append("text=" + json.dumps(e.text, ensure_ascii=False))
    if e.resource_name:
        parts.append("id=" + e.resource_name.rsplit("/", 1)[-1])
    if e.is_checkable:
        parts.append("checked" if e.is_checked else "unchecked")
    return " ".join(parts)
"""

PROMPT_TOKENS, COMPLETION_TOKENS = 120, 30


def _text_of(message: dict[str, Any]) -> str:
    content = message["content"]
    if isinstance(content, str):
        return content
    return "\n".join(p["text"] for p in content if p.get("type") == "text")


def decide(prompt: str) -> dict[str, Any]:
    """The scripted policy: the next action for the prompt's goal and elements."""
    goal = re.search(r"^Goal: (.*)$", prompt, re.MULTILINE)
    assert goal, prompt
    elements = [(int(m[1]), m[2], m[3]) for m in _LINE.finditer(prompt)]
    if goal[1].startswith("Turn wifi on"):
        return _wifi_step(elements)
    # MiniWoB++ goals are the page's utterance as AndroidWorld words it:
    # "Follow the instructions shown on the top of the screen: Click the button."
    if goal[1].endswith("Click the button."):
        for index, kind, rest in elements:
            if kind == "Button" and "clickable" in rest:
                return {"action_type": "click", "index": index}
    return {"action_type": "status", "goal_status": "infeasible"}


def _wifi_step(elements: list[tuple[int, str, str]]) -> dict[str, Any]:
    """Settings > Network & internet > Internet > the Wi-Fi switch, then done."""
    titles = [i for i, _kind, rest in elements if rest.startswith(' text="Wi\u2011Fi"')]
    for index, _kind, rest in elements:
        # The switch on the Wi-Fi row: the first switch listed after its title.
        if titles and index > titles[0] and "id=switch_widget" in rest:
            if "unchecked" in rest:
                return {"action_type": "click", "index": index}
            return {"action_type": "status", "goal_status": "complete"}
    for label in ('text="Internet"', 'text="Network & internet"'):
        for index, _kind, rest in elements:
            if rest.startswith(f" {label}"):
                return {"action_type": "click", "index": index}
    return {"action_type": "open_app", "app_name": "Settings"}


def completion(text: str) -> dict[str, Any]:
    """A chat-completions response body carrying ``text`` and fixed token counts."""
    return {
        "id": "chatcmpl-test",
        "object": "chat.completion",
        "created": 0,
        "model": "scripted-1",
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": text},
                "finish_reason": "stop",
            }
        ],
        "usage": {
            "prompt_tokens": PROMPT_TOKENS,
            "completion_tokens": COMPLETION_TOKENS,
            "total_tokens": PROMPT_TOKENS + COMPLETION_TOKENS,
        },
    }


@dataclass
class ScriptedModel:
    """Answers chat-completions requests; ``before`` may answer instead (429s, 401s)."""

    requests: list[dict[str, Any]] = field(default_factory=list)
    auth: list[str | None] = field(default_factory=list)
    before: Callable[[int], Response | None] | None = None
    garbage: bool = False

    def __call__(self, request: Request) -> Response:
        body = json.loads(request.get_data())
        self.requests.append(body)
        self.auth.append(request.headers.get("Authorization"))
        if self.before is not None:
            early = self.before(len(self.requests))
            if early is not None:
                return early
        system, user = _text_of(body["messages"][0]), _text_of(body["messages"][-1])
        if system.startswith("You review"):
            text = "The screen changed as intended."
        elif self.garbage:
            text = "I think I would like to tap something, maybe the blue one?"
        else:
            action = decide(user)
            text = f"Reason: scripted.\nAction: {json.dumps(action)}"
        return Response(json.dumps(completion(text)), content_type="application/json")


@pytest.fixture
def model(httpserver: HTTPServer) -> Iterator[tuple[ScriptedModel, str]]:
    """The scripted model and its base URL (``http://127.0.0.1:PORT/v1``)."""
    scripted = ScriptedModel()
    httpserver.expect_request("/v1/chat/completions", method="POST").respond_with_handler(scripted)
    yield scripted, httpserver.url_for("/v1")


def run_cli(tmp_path: Path, *args: str, timeout: float = 180) -> subprocess.CompletedProcess[str]:
    """``droidhub run`` in a child process, its run folder at ``tmp_path/run``."""
    return subprocess.run(
        [sys.executable, "-m", "droidhub", "run", "--out", str(tmp_path / "run"), *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**__import__("os").environ, "OPENAI_API_KEY": "test-key"},
    )


def results(tmp_path: Path) -> list[dict[str, Any]]:
    """The run's results.jsonl lines."""
    path = tmp_path / "run" / "results.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def steps(tmp_path: Path) -> list[dict[str, Any]]:
    """Every step record of the run, in episode folder order."""
    found = []
    for path in sorted((tmp_path / "run").glob("episodes/*/*/*/steps.jsonl")):
        found += [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return found


def assert_wifi_turned_on(
    tmp_path: Path, done: subprocess.CompletedProcess[str]
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The result and steps of a SystemWifiTurnOn run the scripted model played; fails
    unless it succeeded as the model plays it: open Settings, tap Network & internet,
    Internet and the switch, then say complete."""
    assert done.returncode == 0, done.stderr
    (result,) = results(tmp_path)
    assert result["reward"] == 1.0 and result["error"] is None
    recorded = steps(tmp_path)
    assert [s["action"]["action_type"] for s in recorded] == [
        "open_app", "click", "click", "click", "status",
    ]  # fmt: skip
    return result, recorded


def assert_run_refused_in_one_line(tmp_path: Path, naming: str, *args: str) -> None:
    """``droidhub run`` of SystemWifiTurnOn with ``args`` (the agent and its options) is
    refused with one line on stderr that names ``naming``, no traceback."""
    done = run_cli(tmp_path, *WIFI_TURN_ON, *args)
    assert done.returncode != 0
    assert naming in done.stderr and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr
