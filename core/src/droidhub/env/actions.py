"""Agent actions: AndroidWorld's JSON action, validated.

An action is a JSON object with an ``action_type`` and the fields that type needs::

    {"action_type": "click", "index": 4}
    {"action_type": "input_text", "text": "hello", "index": 2}
    {"action_type": "scroll", "direction": "down"}
    {"action_type": "open_app", "app_name": "Contacts"}
    {"action_type": "answer", "text": "3"}
    {"action_type": "status", "goal_status": "complete"}

Targets are either ``index`` (into the UI elements of the last observation) or ``x``
and ``y`` (device pixels).
"""

from __future__ import annotations

import json
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator, model_validator

ActionType = Literal[
    "click",
    "double_tap",
    "long_press",
    "scroll",
    "swipe",
    "input_text",
    "keyboard_enter",
    "navigate_home",
    "navigate_back",
    "open_app",
    "wait",
    "status",
    "answer",
]

#: For each action type, the fields it must carry (beyond a target, see below).
_REQUIRED: dict[str, tuple[str, ...]] = {
    "scroll": ("direction",),
    "swipe": ("direction",),
    "input_text": ("text",),
    "open_app": ("app_name",),
    "status": ("goal_status",),
    "answer": ("text",),
}
#: Action types that need a target: ``index`` or both ``x`` and ``y``.
_TARGETED = frozenset({"click", "double_tap", "long_press"})


class ActionError(ValueError):
    """An action that is not valid; the message names the field and the bad value."""


class Action(BaseModel):
    """One agent action, in AndroidWorld's JSON shape."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    action_type: ActionType
    index: int | None = None
    x: int | None = None
    y: int | None = None
    text: str | None = None
    direction: Literal["up", "down", "left", "right"] | None = None
    app_name: str | None = None
    goal_status: Literal["complete", "infeasible"] | None = None
    #: ``input_text`` only: select all of the field's text and delete it before typing
    #: (AndroidWorld's ``clear_text``: Ctrl+A, then DEL).
    clear_text: bool | None = None

    @field_validator("text", "app_name")
    @classmethod
    def _typeable(cls, value: str | None) -> str | None:
        # A phone's shell cannot carry these: caught here, the action costs a step
        # with its reason instead of failing on the way to the phone.
        if value is None:
            return value
        if "\x00" in value:
            raise ValueError("contains a NUL character, which no phone can receive as text")
        try:
            value.encode("utf-8")
        except UnicodeEncodeError as exc:
            raise ValueError(f"is not valid Unicode text ({exc.reason})") from None
        return value

    @model_validator(mode="after")
    def _check_fields(self) -> Action:
        kind = self.action_type
        for name in _REQUIRED.get(kind, ()):
            if getattr(self, name) is None:
                raise ValueError(f"action {kind!r} needs field {name!r}")
        if (self.x is None) != (self.y is None):
            raise ValueError(f"action {kind!r} needs both 'x' and 'y', or neither")
        if kind in _TARGETED and self.index is None and self.x is None:
            raise ValueError(f"action {kind!r} needs a target: 'index' or 'x' and 'y'")
        if self.index is not None and self.index < 0:
            raise ValueError(f"field 'index' must be >= 0, got {self.index}")
        return self

    @classmethod
    def parse(cls, data: str | dict[str, Any]) -> Action:
        """Validate a JSON string or dict; raise :class:`ActionError` naming the problem."""
        if isinstance(data, str):
            text = data
            try:
                data = json.loads(text)
            except json.JSONDecodeError as exc:
                raise ActionError(f"action is not valid JSON ({exc}): {text[:200]!r}") from None
        if not isinstance(data, dict):
            raise ActionError(f"action must be a JSON object, got {type(data).__name__}")
        try:
            return cls.model_validate(data)
        except ValidationError as exc:
            problems = []
            for err in exc.errors():
                field = ".".join(str(p) for p in err["loc"]) or "action"
                bad = err.get("input")
                shown = f" (got {bad!r})" if field != "action" and not isinstance(bad, dict) else ""
                problems.append(f"{field}: {err['msg']}{shown}")
            raise ActionError("invalid action: " + "; ".join(problems)) from None

    def to_json(self) -> dict[str, Any]:
        """The action as a compact JSON-ready dict (unset fields left out)."""
        return self.model_dump(exclude_none=True)

    @property
    def ends_episode(self) -> bool:
        """Whether the agent says it is finished (``status``)."""
        return self.action_type == "status"
