"""``t3a`` with ``prompt=android_world`` sends the prompts an installed android_world's
T3A code builds, as AW's wrapper sends them, with AW's summary step between actions.

The android_world here is a stand-in written in the test's tmp folder, with the module
layout and function signatures AW's T3A prompt code has (``agents.t3a``'s element list,
action-selection and summary prompts; ``agents.m3a_utils.parse_reason_action_output``;
``agents.agent_utils.extract_json``; ``env.representation_utils``' UIElement and
BoundingBox). Its texts are its own: the test checks that what reaches the model is what
those functions return, byte for byte. (Against AndroidWorld d9c569f itself, every one
of a Wi-Fi episode's 15 requests was identical to those AW's own T3A sent.)
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from conftest import (
    ELEMENT_LINE_SOURCE,
    WIFI_TURN_ON,
    ScriptedModel,
    assert_run_refused_in_one_line,
    assert_wifi_turned_on,
    run_cli,
)

T3A = """
def _generate_ui_elements_description_list_full(ui_elements, screen_width_height_px):
    assert screen_width_height_px == (1080, 2400)
    lines = []
    for i, e in enumerate(ui_elements):
        if not e.is_visible or e.bbox_pixels is None:
            continue
        lines.append(element_line(i, e))
    return "\\n".join(lines) + "\\n"


def _action_selection_prompt(goal, history, ui_elements_description, additional_guidelines=None):
    done = "\\n".join(history) if history else "(nothing yet)"
    return f"Goal: {goal}\\nStand-in history:\\n{done}\\nElements:\\n{ui_elements_description}"


def _summarize_prompt(goal, action, reason, before_elements, after_elements):
    return (
        f"You review the step. Goal: {goal}. Did {action} because {reason}. "
        f"Before: {len(before_elements)} chars. After: {len(after_elements)} chars."
    )
"""

M3A_UTILS = """
import json, re
from android_world.agents.agent_utils import extract_json


def parse_reason_action_output(raw):
    reason = re.search(r"Reason:(.*)Action:", raw, flags=re.DOTALL)
    action = re.search(r"Action:(.*)", raw, flags=re.DOTALL)
    action = action.group(1).strip() if action else None
    if action and extract_json(action) is not None:
        action = json.dumps(extract_json(action))
    return (reason.group(1).strip() if reason else None), action
"""

AGENT_UTILS = """
import json, re


def extract_json(s):
    match = re.search(r"\\{.*?\\}", s)
    return json.loads(match.group()) if match else None
"""

# AW's UIElement and BoundingBox have the fields droidhub's compat layer mirrors (dataclasses
# of the same names and fields, in the same order); the stand-in takes them from there.
REPRESENTATION = """
from droidhub.compat.android_world import BoundingBox, UIElement
"""


def _stand_in(root: Path) -> None:
    files = {
        "android_world/__init__.py": "",
        "android_world/agents/__init__.py": "",
        "android_world/agents/t3a.py": "import json\n" + T3A + ELEMENT_LINE_SOURCE,
        "android_world/agents/m3a_utils.py": M3A_UTILS,
        "android_world/agents/agent_utils.py": AGENT_UTILS,
        "android_world/env/__init__.py": "",
        "android_world/env/representation_utils.py": REPRESENTATION,
    }
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))


def test_t3a_sends_android_worlds_prompts(
    model: tuple[ScriptedModel, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    scripted, url = model
    _stand_in(tmp_path / "aw")
    monkeypatch.setenv("PYTHONPATH", str(tmp_path / "aw"))
    done = run_cli(
        tmp_path, *WIFI_TURN_ON,
        "--agent", "t3a", "--agent-option", "prompt=android_world",
        "--agent-option", f"base_url={url}", "--max-steps", "6",
    )  # fmt: skip
    _result, recorded = assert_wifi_turned_on(tmp_path, done)
    # Five action selections and, after each of the four actions carried out, a summary.
    texts = [body["messages"][0]["content"][0]["text"] for body in scripted.requests]
    assert all(len(body["messages"]) == 1 for body in scripted.requests)  # AW's shape
    assert [t.startswith("You review") for t in texts] == [
        False, True, False, True, False, True, False, True, False,
    ]  # fmt: skip
    assert texts[0].startswith("Goal: Turn wifi on.\nStand-in history:\n(nothing yet)\n")
    # The history AW's T3A keeps: "Step N: Action selected: <action>. <summary>".
    assert (
        'Step 1: Action selected: {"action_type": "open_app", "app_name": "Settings"}. '
        "The screen changed as intended." in texts[2]
    )
    assert texts[8].count("\nStep ") == 4 and "Step 4: Action selected:" in texts[8]
    # The element numbers are AW's (its leaves and described nodes); the clicks landed
    # on droidhub's elements that carry the same text.
    for body, step in zip(
        [b for b, t in zip(scripted.requests, texts, strict=True) if not t.startswith("You")],
        recorded,
        strict=True,
    ):
        action = step["agent_info"]["action"]
        if action["action_type"] != "click":
            continue
        reply = json.loads(step["agent_info"]["reply"].split("Action:", 1)[1])
        listed = body["messages"][0]["content"][0]["text"]
        line = next(x for x in listed.splitlines() if x.startswith(f"{reply['index']}: "))
        element = step["ui_elements"][action["index"]]
        assert (element.get("text") or "") in line or "switch_widget" in line


def test_without_android_world_it_is_one_line(tmp_path: Path) -> None:
    assert_run_refused_in_one_line(
        tmp_path, "android_world", "--agent", "t3a", "--agent-option", "prompt=android_world"
    )
