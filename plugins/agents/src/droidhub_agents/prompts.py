"""What the LLM agents say to the model, and how its replies become actions.

The structure follows AndroidWorld's published T3A/M3A agents (goal, own history,
numbered UI elements, then the question); the wording is droidhub's own and names
droidhub's action set.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass

from droidhub import Action, ActionError, UIElement

ACTION_GUIDE = """\
You operate an Android phone to reach a goal the user gives you. Each turn you see the \
goal, what you did so far, and the UI elements on the screen, each with a number. \
Answer with ONE action as a JSON object, in exactly this form:

Reason: <one or two sentences: what you see and why this action>
Action: <the JSON action>

Actions (index is the number of a UI element in the list):
- {"action_type": "click", "index": <n>}
- {"action_type": "long_press", "index": <n>}
- {"action_type": "input_text", "text": "<text>", "index": <n>}  (tap, type, press Enter)
- {"action_type": "keyboard_enter"}
- {"action_type": "scroll", "direction": "up|down|left|right"}  (add "index" for one list)
- {"action_type": "swipe", "direction": "up|down|left|right"}
- {"action_type": "open_app", "app_name": "<name as on the home screen>"}
- {"action_type": "navigate_home"}
- {"action_type": "navigate_back"}
- {"action_type": "wait"}  (the screen is still changing)
- {"action_type": "answer", "text": "<answer>"}  (the goal asks a question: answer first)
- {"action_type": "status", "goal_status": "complete"}  (the goal is reached)
- {"action_type": "status", "goal_status": "infeasible"}  (the goal cannot be reached)

Do the least that reaches the goal. Never invent an element number."""

REFLECTION_GUIDE = """\
You review one step of an agent operating an Android phone. You get the goal, the \
action it took, and the screen before and after. In one or two sentences, say what \
changed, whether the action did what was intended, and what the agent should keep in \
mind. Do not propose JSON."""


def listed(element: UIElement) -> bool:
    """Whether an element is worth showing: it says something or can be acted on."""
    if element.bounds is None or element.bounds.area == 0:
        return False
    return bool(
        element.text
        or element.content_description
        or element.clickable
        or element.long_clickable
        or element.editable
        or element.scrollable
        or element.checkable
    )


def describe_element(index: int, element: UIElement) -> str:
    """One line of the element list: ``3: Switch text="ON" desc="Wi-Fi" clickable``."""
    parts = [f"{index}: {element.class_name.rsplit('.', 1)[-1] or 'View'}"]
    if element.text:
        parts.append(f"text={json.dumps(element.text, ensure_ascii=False)}")
    if element.content_description:
        parts.append(f"desc={json.dumps(element.content_description, ensure_ascii=False)}")
    if element.resource_id:
        parts.append(f"id={element.resource_id.rsplit('/', 1)[-1]}")
    for flag in ("clickable", "long_clickable", "editable", "scrollable", "focused", "selected"):
        if getattr(element, flag):
            parts.append(flag)
    if element.checkable:
        parts.append("checked" if element.checked else "unchecked")
    if not element.enabled:
        parts.append("disabled")
    return " ".join(parts)


def element_list(elements: Sequence[UIElement]) -> str:
    """The numbered element list; numbers are indices into ``elements`` (gaps allowed)."""
    lines = [describe_element(i, e) for i, e in enumerate(elements) if listed(e)]
    return "\n".join(lines) if lines else "(no UI elements: the screen may still be loading)"


def history_text(history: Sequence[str]) -> str:
    """The agent's own step summaries, numbered from 1."""
    if not history:
        return "You have not acted yet."
    return "\n".join(f"Step {i}: {text}" for i, text in enumerate(history, 1))


def action_prompt(goal: str, history: Sequence[str], elements: Sequence[UIElement]) -> str:
    """The user turn asking for the next action."""
    return (
        f"Goal: {goal}\n\n"
        f"What you did so far:\n{history_text(history)}\n\n"
        f"UI elements on the screen now:\n{element_list(elements)}\n\n"
        "What is the next action? Answer with Reason: and Action: as instructed."
    )


def reflection_prompt(goal: str, action: Action, reason: str) -> str:
    """The user turn asking what an action changed (the two screenshots follow it)."""
    return (
        f"Goal: {goal}\n"
        f"The agent's reason: {reason or '(none given)'}\n"
        f"Action taken: {json.dumps(action.to_json())}\n"
        "The first image is the screen before the action, the second the screen after."
    )


@dataclass
class ParsedReply:
    """A model reply taken apart: the reason, and the action or why there is none."""

    reason: str
    action: Action | None
    error: str | None


_REASON = re.compile(r"reason\s*:\s*(.*?)(?:\n\s*action\s*:|\Z)", re.IGNORECASE | re.DOTALL)
_ACTION = re.compile(r"action\s*:", re.IGNORECASE)


def parse_reply(text: str) -> ParsedReply:
    """Find the JSON action in a reply (after ``Action:``, else the first JSON object)."""
    match = _REASON.search(text)
    reason = match.group(1).strip() if match else ""
    # The last "Action:" wins: the reason may mention the word.
    markers = list(_ACTION.finditer(text))
    start = text.find("{", markers[-1].end() if markers else 0)
    if start < 0:
        start = text.find("{")
    if start < 0:
        return ParsedReply(reason, None, f"no JSON action in the reply: {text[:200]!r}")
    try:
        data, _ = json.JSONDecoder().raw_decode(text, start)
    except json.JSONDecodeError as exc:
        return ParsedReply(reason, None, f"the action is not valid JSON ({exc.msg})")
    try:
        return ParsedReply(reason, Action.parse(data), None)
    except ActionError as exc:
        return ParsedReply(reason, None, str(exc))
