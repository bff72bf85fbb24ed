"""The Gymnasium face's spaces: free text, and a Dict form of AndroidWorld's action.

gymnasium's :class:`~gymnasium.spaces.Text` accepts only the characters of its
charset, but a phone's screen and an agent's typing may hold any Unicode (a MiniWoB
page tests exactly that). :class:`AnyText` accepts every string up to its length and
samples from printable ASCII. :class:`DictActions` lets a policy act through a
:class:`~gymnasium.spaces.Dict` of discrete and text fields instead of JSON.
"""

from __future__ import annotations

import json
import string
import typing
from typing import Any

from gymnasium import ActionWrapper, Env, spaces

from droidhub.env.actions import ActionType

#: AndroidWorld's action types, in the order :class:`DictActions` numbers them.
ACTION_TYPES: tuple[str, ...] = typing.get_args(ActionType)
DIRECTIONS = ("up", "down", "left", "right")
GOAL_STATUSES = ("complete", "infeasible")
#: Which fields each action type carries, beyond ``action_type`` (see droidhub.env.actions).
_FIELDS: dict[str, tuple[str, ...]] = {
    "click": ("target",),
    "double_tap": ("target",),
    "long_press": ("target",),
    "scroll": ("direction",),
    "swipe": ("direction",),
    "input_text": ("text", "target"),
    "open_app": ("app_name",),
    "status": ("goal_status",),
    "answer": ("text",),
}


class AnyText(spaces.Text):
    """Text of any Unicode characters, ``min_length`` to ``max_length`` of them.

    Sampling draws printable ASCII (a charset is needed to sample at all); membership
    checks only type and length.
    """

    def __init__(self, max_length: int, *, min_length: int = 0, seed: int | None = None) -> None:
        super().__init__(max_length, min_length=min_length, charset=string.printable, seed=seed)

    def contains(self, x: Any) -> bool:
        """Whether ``x`` is a string of allowed length, whatever its characters."""
        return isinstance(x, str) and self.min_length <= len(x) <= self.max_length

    def __repr__(self) -> str:
        return f"AnyText({self.min_length}, {self.max_length})"


def dict_action_space(max_elements: int, screen: tuple[int, int]) -> spaces.Dict:
    """The Dict action space of :class:`DictActions` for a screen of ``screen`` pixels.

    ``target`` chooses how a targeted action aims: 0 at UI element ``index``, 1 at the
    point ``(x, y)``.
    """
    width, height = screen
    return spaces.Dict(
        {
            "action_type": spaces.Discrete(len(ACTION_TYPES)),
            "target": spaces.Discrete(2),
            "index": spaces.Discrete(max_elements),
            "x": spaces.Discrete(width),
            "y": spaces.Discrete(height),
            "direction": spaces.Discrete(len(DIRECTIONS)),
            "goal_status": spaces.Discrete(len(GOAL_STATUSES)),
            "text": AnyText(256),
            "app_name": AnyText(64),
        }
    )


def dict_to_json(action: dict[str, Any]) -> str:
    """AndroidWorld's JSON action for a sample of :func:`dict_action_space`: only the
    fields its action type uses are kept, so the JSON reads as an agent would write it."""
    kind = ACTION_TYPES[int(action["action_type"])]
    out: dict[str, Any] = {"action_type": kind}
    for name in _FIELDS.get(kind, ()):
        if name == "target":
            if int(action["target"]) == 0:
                out["index"] = int(action["index"])
            else:
                out["x"], out["y"] = int(action["x"]), int(action["y"])
        elif name == "direction":
            out["direction"] = DIRECTIONS[int(action["direction"])]
        elif name == "goal_status":
            out["goal_status"] = GOAL_STATUSES[int(action["goal_status"])]
        else:
            out[name] = str(action[name])
    return json.dumps(out, ensure_ascii=False)


class DictActions(ActionWrapper[dict[str, Any], dict[str, Any], str]):
    """Act through a Dict space instead of JSON text (for policies with discrete heads).

    ``max_elements`` bounds the ``index`` head: an index past the screen's elements is
    an invalid action like any other (it costs a step, with the reason in ``info``).
    """

    def __init__(self, env: Env[dict[str, Any], str], max_elements: int = 64) -> None:
        super().__init__(env)
        screen = getattr(env.unwrapped, "screen_size", (1080, 2400))
        self.action_space = dict_action_space(max_elements, screen)

    def action(self, action: dict[str, Any]) -> str:
        """The JSON action the wrapped env takes."""
        return dict_to_json(action)
