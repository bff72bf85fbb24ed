"""The LLM agents: ``t3a`` (text) and ``m3a`` (screenshot with marks, plus reflection).

Each step asks the model for one action; what happened is kept in ``last_step_info``
(model, tokens, latency, raw reply, parsed action or parse error, and the requests
sent, the reflection's first), which the runner writes into that step's record (the
requests to a file of their own beside it) and totals per episode. A reply that does not parse
costs the step (the agent waits) and the episode goes on.
"""

from __future__ import annotations

import json
import random
from typing import TYPE_CHECKING, Any, ClassVar

from droidhub import Action, Agent, Observe, State
from droidhub_agents.aw_prompts import AndroidWorldPrompts, screen_size, user_message
from droidhub_agents.client import ChatClient, Reply, Usage
from droidhub_agents.marks import annotate, data_url, image_part
from droidhub_agents.options import LLMOptions, M3AOptions, T3AOptions
from droidhub_agents.prompts import (
    ACTION_GUIDE,
    REFLECTION_GUIDE,
    action_prompt,
    parse_reply,
    reflection_prompt,
)

if TYPE_CHECKING:
    from droidhub import Env, TaskEval

#: What a step that could not be parsed does: nothing, at the cost of the step.
_IDLE = Action(action_type="wait")


class LLMAgent(Agent):
    """Shared loop of the LLM agents: prompt, call, parse, remember."""

    Options: ClassVar[type[LLMOptions]] = LLMOptions

    def __init__(self, options: LLMOptions | None = None) -> None:
        self.options = options or self.Options.model_validate({})
        self.client = ChatClient(self.options)
        self.goal = ""
        self.history: list[str] = []
        self.last_step_info: dict[str, Any] | None = None

    def reset(self, goal: str, task: TaskEval, env: Env, rng: random.Random) -> None:
        """Start an episode: forget the history."""
        del task, env, rng
        self.goal = goal
        self.history = []
        self.last_step_info = None

    def step(self, state: State) -> Action:
        """Ask the model for the next action on ``state``."""
        self.last_step_info = None
        usage = Usage()
        info: dict[str, Any] = {"model": self.options.model}
        requests: list[list[dict[str, Any]]] = []
        info["requests"] = requests  # the reflection's, then the action's
        messages = self._messages(state, usage, info)
        requests.append(messages)
        reply = self.client.complete(messages)
        usage.add(reply.usage)
        parsed = parse_reply(reply.text)
        self._keep(info, reply, usage, parsed.reason, parsed.action, parsed.error)
        if parsed.action is None:
            self.history.append(f"Your reply could not be used ({parsed.error}); nothing happened.")
            self._acted(_IDLE, parsed.reason)
            return _IDLE
        summary = json.dumps(parsed.action.to_json(), ensure_ascii=False)
        self.history.append(f"{parsed.reason} Action: {summary}".strip())
        self._acted(parsed.action, parsed.reason)
        return parsed.action

    def _keep(
        self,
        info: dict[str, Any],
        reply: Reply,
        usage: Usage,
        reason: str,
        action: Action | None,
        error: str | None,
    ) -> None:
        """The step's info as the runner records it: the model's reply, what was read
        from it, and the calls' usage."""
        info.update(
            model=reply.model,
            reply=reply.text,
            reason=reason,
            action=action.to_json() if action else None,
            parse_error=error,
            usage=usage.to_json(),
        )
        self.last_step_info = info

    def _messages(self, state: State, usage: Usage, info: dict[str, Any]) -> list[dict[str, Any]]:
        raise NotImplementedError

    def _acted(self, action: Action, reason: str) -> None:
        """Hook: the agent returns ``action`` (M3A keeps it for the reflection)."""


class T3A(LLMAgent):
    """Text-only agent: goal, own step summaries, numbered UI elements -> JSON action;
    with ``prompt=android_world``, AndroidWorld's T3A prompts and summary step
    (:mod:`droidhub_agents.aw_prompts`)."""

    observes = Observe.UI_TREE
    Options = T3AOptions
    options: T3AOptions

    def __init__(self, options: T3AOptions | None = None) -> None:
        super().__init__(options)
        self.aw = AndroidWorldPrompts() if self.options.prompt == "android_world" else None

    def reset(self, goal: str, task: TaskEval, env: Env, rng: random.Random) -> None:
        """Start an episode (on AW's prompts: with the phone's screen size)."""
        super().reset(goal, task, env, rng)
        if self.aw is not None:
            self.aw.reset(screen_size(env))

    def step(self, state: State) -> Action:
        """The next action, on droidhub's prompts or AndroidWorld's."""
        if self.aw is None:
            return super().step(state)
        return self._aw_step(self.aw, state)

    def _aw_step(self, aw: AndroidWorldPrompts, state: State) -> Action:
        """AW's T3A step: the summary of the last action, then the action selection."""
        self.last_step_info = None
        usage = Usage()
        requests: list[list[dict[str, Any]]] = []
        info: dict[str, Any] = {"model": self.options.model, "requests": requests}
        described, indices = aw.elements(state)
        summary_prompt = aw.summary_prompt(self.goal, described)
        if summary_prompt is not None:
            requests.append(user_message(summary_prompt))
            reply = self.client.complete(requests[-1])
            usage.add(reply.usage)
            aw.summarised(reply.text)
            info["summary"] = reply.text
        requests.append(user_message(aw.action_prompt(self.goal, described)))
        reply = self.client.complete(requests[-1])
        usage.add(reply.usage)
        reason, action, error = aw.parse(reply.text, described, indices)
        self._keep(info, reply, usage, reason, action, error)
        if action is None:
            aw.failed(error or "no action")
            return _IDLE
        return action

    def _messages(self, state: State, usage: Usage, info: dict[str, Any]) -> list[dict[str, Any]]:
        del usage, info
        return [
            {"role": "system", "content": ACTION_GUIDE},
            {"role": "user", "content": action_prompt(self.goal, self.history, state.ui_elements)},
        ]


_M3A_NOTE = (
    "\n\nYou also see a screenshot of the phone: each listed UI element has a green box "
    "with its number in the top-left corner."
)


class M3A(LLMAgent):
    """Multimodal agent: T3A's prompt plus the marked screenshot, and after each action
    a reflection on the before/after screens that replaces that step's summary."""

    observes = Observe.BOTH
    Options = M3AOptions
    options: M3AOptions
    #: The marked screenshot the last action was chosen on, and that action with its reason.
    _before: str | None = None
    _last: tuple[Action, str] | None = None

    def reset(self, goal: str, task: TaskEval, env: Env, rng: random.Random) -> None:
        """Start an episode: forget the history and the last screen."""
        super().reset(goal, task, env, rng)
        self._before = None
        self._last = None

    def _messages(self, state: State, usage: Usage, info: dict[str, Any]) -> list[dict[str, Any]]:
        opts = self.options
        text = action_prompt(self.goal, self.history, state.ui_elements)
        if state.screenshot is None:
            return [
                {"role": "system", "content": ACTION_GUIDE},
                {"role": "user", "content": text},
            ]
        marked = annotate(state.screenshot, state.ui_elements, opts.image_width)
        url = data_url(marked, opts.jpeg_quality)
        info["image_size"] = list(marked.size)
        if self._last is not None and self._before is not None and opts.reflection:
            info["reflection"] = self._reflect(self._before, url, usage, info)
        self._before = url
        return [
            {"role": "system", "content": ACTION_GUIDE + _M3A_NOTE},
            {"role": "user", "content": [{"type": "text", "text": text}, image_part(url)]},
        ]

    def _reflect(self, before: str, after: str, usage: Usage, info: dict[str, Any]) -> str:
        assert self._last is not None
        action, reason = self._last
        messages: list[dict[str, Any]] = [
            {"role": "system", "content": REFLECTION_GUIDE},
            {
                "role": "user",
                "content": [
                    {"type": "text", "text": reflection_prompt(self.goal, action, reason)},
                    image_part(before),
                    image_part(after),
                ],
            },
        ]
        info["requests"].append(messages)
        reply = self.client.complete(messages)
        usage.add(reply.usage)
        outcome = " ".join(reply.text.split())[:600]
        if self.history:
            self.history[-1] = f"{self.history[-1]} Outcome: {outcome}"
        return outcome

    def _acted(self, action: Action, reason: str) -> None:
        self._last = (action, reason)
