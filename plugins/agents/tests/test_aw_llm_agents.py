"""AndroidWorld's own LLM agents run on droidhub as ``--agent aw``: built as
``Class(env, llm)``, their model calls going through droidhub's chat client to a real
HTTP chat-completions server, recorded per step like t3a's.

The AndroidWorld agent here is a stand-in written in the test's tmp folder: it makes
the calls AW's T3A makes (``env.get_state()``, its ``ui_elements``' AW field names,
``llm.predict_mm(prompt, [pixels])`` as M3A does, ``env.execute_action`` with an
element index, ``hide_automation_ui`` at reset) and answers as AW's agents do
(``AgentInteractionResult``-like, ``done`` when it says status).
"""

from __future__ import annotations

import base64
import io
import json
import textwrap
from pathlib import Path

import pytest
from PIL import Image

from conftest import (
    COMPLETION_TOKENS,
    ELEMENT_LINE_SOURCE,
    PROMPT_TOKENS,
    WIFI_TURN_ON,
    ScriptedModel,
    assert_run_refused_in_one_line,
    assert_wifi_turned_on,
    run_cli,
)

STAND_IN = (
    '''
import json
from types import SimpleNamespace


class TextAgent:
    """Calls as AndroidWorld's T3A and M3A do; its prompt is the scripted model's."""

    def __init__(self, env, llm, name="TextAgent", transition_pause=1.0):
        self.env, self.llm, self.name = env, llm, name
        self.transition_pause = transition_pause
        self.resets = 0

    def reset(self, go_home_on_reset=False):
        self.env.hide_automation_ui()
        self.resets += 1

    def step(self, goal):
        state = self.env.get_state(wait_to_stabilize=False)
        lines = [element_line(i, e) for i, e in enumerate(state.ui_elements)]
        prompt = f"Goal: {goal}\\n\\n" + "\\n".join(lines)
        output, is_safe, raw = self.llm.predict_mm(prompt, [state.pixels])
        assert is_safe is None and raw == output
        action = json.loads(output.split("Action:", 1)[1])
        data = {"action_output": output, "pause": self.transition_pause}
        if action["action_type"] == "status":
            return SimpleNamespace(done=True, data=data)
        self.env.execute_action(action)
        return SimpleNamespace(done=False, data=data)
'''
    + ELEMENT_LINE_SOURCE
)


def test_an_android_world_agent_solves_a_task_through_the_server(
    model: tuple[ScriptedModel, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    scripted, url = model
    package = tmp_path / "aw_stand_in"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "agent.py").write_text(textwrap.dedent(STAND_IN))
    monkeypatch.setenv("PYTHONPATH", str(tmp_path))
    done = run_cli(
        tmp_path, *WIFI_TURN_ON,
        "--agent", "aw", "--agent-option", "agent=aw_stand_in.agent:TextAgent",
        "--agent-option", f"base_url={url}", "--agent-option", "model=scripted-1",
        "--agent-option", "price_in=2", "--agent-option", "price_out=10",
        "--max-steps", "6",
    )  # fmt: skip
    result, recorded = assert_wifi_turned_on(tmp_path, done)
    assert len(scripted.requests) == 5
    usage = result["usage"]
    assert usage["calls"] == 5 and usage["prompt_tokens"] == 5 * PROMPT_TOKENS
    assert usage["cost"] == pytest.approx(5 * (PROMPT_TOKENS * 2 + COMPLETION_TOKENS * 10) / 1e6)
    # Sent as AW's Gpt4Wrapper sends: one user message, the text, then a JPEG.
    body = scripted.requests[0]
    assert body["model"] == "scripted-1"
    (message,) = body["messages"]
    assert message["role"] == "user"
    text, image = message["content"]
    assert text["type"] == "text" and text["text"].startswith("Goal: Turn wifi on.")
    picture = image["image_url"]["url"]
    assert picture.startswith("data:image/jpeg;base64,")
    shot = Image.open(io.BytesIO(base64.b64decode(picture.split(",", 1)[1])))
    assert shot.format == "JPEG" and shot.size == (1080, 2400)
    # Each step keeps the calls made on the way to its action, and AW's step data.
    folder = tmp_path / "run" / "episodes" / "android_world" / "SystemWifiTurnOn" / "0"
    for step in recorded:
        info = step["agent_info"]
        assert info["model"] == "scripted-1" and info["usage"]["calls"] == 1
        kept = json.loads((folder / info["prompt_file"]).read_text())
        assert kept[0][0]["content"][0]["text"].startswith("Goal: Turn wifi on.")
        assert (folder / kept[0][0]["content"][1]["image_url"]["file"]).read_bytes()[:2] == (
            b"\xff\xd8"
        )
    # Built with AW's runner's transition_pause, as the compat agent passes it.
    assert recorded[-1]["agent_info"]["android_world"][-1]["pause"] == 0.0


def test_an_agent_that_is_not_there_is_one_line(tmp_path: Path) -> None:
    assert_run_refused_in_one_line(
        tmp_path, "no_such_aw_pkg",
        "--agent", "aw", "--agent-option", "agent=no_such_aw_pkg.agents:T3A",
    )  # fmt: skip
