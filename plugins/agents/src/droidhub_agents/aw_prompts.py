"""``t3a`` with AndroidWorld's own prompts (``--agent-option prompt=android_world``).

To reproduce a published AndroidWorld T3A baseline the model must read what AW's T3A
sends it, to the byte. Those prompts are AndroidWorld's text, not droidhub's: they are
read at run time from an installed ``android_world`` (its ``agents.t3a`` module builds
them: the element list from AW's UI elements, the action-selection prompt, the
summary prompt), never copied here. The step follows AW's T3A:

1. the UI elements as AW's env gives them (:func:`droidhub.compat.android_world.to_aw_state`,
   rebuilt as AW's own ``representation_utils.UIElement``), described by AW's code;
2. once an action has been carried out, a summary call over the before and after
   element lists, whose answer becomes the history line ``Step N: ...``;
3. the action-selection call, sent as AW's wrapper sends it (one user message), its
   answer parsed by AW's ``m3a_utils.parse_reason_action_output`` and
   ``agent_utils.extract_json``; an element index is AW's, mapped back to droidhub's.

The history lines for replies AW's T3A cannot use are droidhub's wording (AW writes
them inline in its step). M3A's prompts come with AW's own marked screenshots: for
AW's M3A run AW's agent itself (``--agent aw --agent-option
agent=android_world.agents.m3a:M3A``).
"""

from __future__ import annotations

import dataclasses
import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from droidhub import Action, ActionError, DeviceError
from droidhub.compat.adb_requests import Controller
from droidhub.compat.android_world import to_aw_state

if TYPE_CHECKING:
    from types import ModuleType

    from droidhub import State

#: Actions whose ``index`` names a UI element (AW checks it is in range).
_INDEXED = ("click", "long_press", "input_text", "scroll")


class AndroidWorldMissing(ValueError):
    """android_world is not importable."""


def _module(name: str) -> ModuleType:
    try:
        return importlib.import_module(name)
    except ImportError as exc:
        raise AndroidWorldMissing(
            f"prompt=android_world reads AndroidWorld's prompts from an installed "
            f"android_world, and importing {name} failed ({exc}); install it from its "
            "source (see docs/agents.md) or leave prompt at its default"
        ) from None


@dataclass
class _Done:
    """The last action carried out, for the summary call that follows it."""

    action: str
    reason: str
    before: str


class AndroidWorldPrompts:
    """AW's T3A prompt code, and the state of one episode's AW-style history."""

    def __init__(self) -> None:
        self.t3a = _module("android_world.agents.t3a")
        self.m3a_utils = _module("android_world.agents.m3a_utils")
        self.agent_utils = _module("android_world.agents.agent_utils")
        self.representation = _module("android_world.env.representation_utils")
        self.summaries: list[str] = []
        self.done: _Done | None = None
        self.screen = (1080, 2400)

    def reset(self, screen: tuple[int, int]) -> None:
        """A new episode on a screen of ``screen`` (width, height) logical pixels."""
        self.summaries, self.done, self.screen = [], None, screen

    def elements(self, state: State) -> tuple[str, list[int]]:
        """AW's description of the state's UI elements, and droidhub's index of each."""
        compat_state, indices = to_aw_state(state, self.screen)
        rep = self.representation
        elements = []
        for e in compat_state.ui_elements:
            values = {f.name: getattr(e, f.name, None) for f in dataclasses.fields(rep.UIElement)}
            for key in ("bbox", "bbox_pixels"):
                box = values[key]
                if box is not None:
                    values[key] = rep.BoundingBox(**dataclasses.asdict(box))
            elements.append(rep.UIElement(**values))
        return self.t3a._generate_ui_elements_description_list_full(elements, self.screen), indices

    def summary_prompt(self, goal: str, after: str) -> str | None:
        """The summary prompt of the last action carried out (None if there is none)."""
        if self.done is None:
            return None
        d = self.done
        return str(self.t3a._summarize_prompt(goal, d.action, d.reason, d.before, after))

    def action_prompt(self, goal: str, described: str) -> str:
        """The action-selection prompt, with the history as AW's T3A numbers it."""
        history = [f"Step {i + 1}: {s}" for i, s in enumerate(self.summaries)]
        return str(self.t3a._action_selection_prompt(goal, history, described, None))

    def parse(
        self, reply: str, described: str, indices: list[int]
    ) -> tuple[str, Action | None, str | None]:
        """The reply as AW's T3A reads it: (reason, droidhub action, why there is none).

        A usable action is remembered for the summary at the next step."""
        reason, action = self.m3a_utils.parse_reason_action_output(reply)
        if not reason or not action:
            return reason or "", None, "the reply has no Reason: and Action: parts"
        fields = self.agent_utils.extract_json(action)
        if not isinstance(fields, dict):
            return reason, None, f"no JSON action in {action!r}"
        index = fields.get("index")
        if fields.get("action_type") in _INDEXED and index is not None:
            if not isinstance(index, int) or not 0 <= index < len(indices):
                return reason, None, f"index {index!r} is not in the UI element list"
            fields["index"] = indices[index]
        try:
            parsed = Action.parse(fields)
        except ActionError as exc:
            return reason, None, str(exc)
        self.done = None if parsed.ends_episode else _Done(action, reason, described)
        return reason, parsed, None

    def summarised(self, summary: str) -> None:
        """The summary call's answer: the history line AW's T3A makes of it."""
        assert self.done is not None
        self.summaries.append(f"Action selected: {self.done.action}. {summary}")
        self.done = None

    def failed(self, why: str) -> None:
        """A reply that gave no action: its history line, and no summary to make."""
        self.summaries.append(f"No action was performed: {why}.")
        self.done = None


def screen_size(env: Any) -> tuple[int, int]:
    """The phone's logical screen size as AW's env reads it (``dumpsys input``'s
    logical frame, through droidhub's AW controller); a Pixel 6's when the phone does
    not say."""
    try:
        return Controller(env.device).logical_screen_size
    except (AttributeError, DeviceError, ValueError):
        return 1080, 2400


def user_message(text: str) -> list[dict[str, Any]]:
    """``text`` as AW's wrapper sends it: one user message holding one text part."""
    return [{"role": "user", "content": [{"type": "text", "text": text}]}]
