"""AndroidWorld's own agents (``T3A``, ``M3A``, ... from an installed ``android_world``)
run unmodified on droidhub, their model calls going to any OpenAI-compatible server.

AndroidWorld builds its LLM agents as ``Agent(env, llm)``, ``llm`` being one of its
wrappers (``infer.Gpt4Wrapper`` and kin), which post to a fixed address (OpenAI's, or
Google's). :class:`ChatWrapper` offers the same two calls, ``predict(text)`` and
``predict_mm(text, images)`` with the same answer ``(text, is_safe, raw)``, and sends
what ``Gpt4Wrapper`` sends (one user message: the text, then each image as a JPEG data
URL) through droidhub's :class:`~droidhub_agents.client.ChatClient`, so ``base_url``,
``model``, retries, concurrency and prices work as for ``t3a``::

    droidhub run --suite android_world --agent aw \\
        --agent-option agent=android_world.agents.t3a:T3A \\
        --agent-option base_url=http://localhost:8000/v1 --agent-option model=my-model

The agent runs through :mod:`droidhub.compat.android_world` (its env, its loop); each
droidhub step records the calls the AndroidWorld agent made on the way to its action:
tokens, cost and latency in ``usage``, the requests as sent (kept beside the step).
"""

from __future__ import annotations

import base64
import importlib
import inspect
import io
import threading
from typing import Any

from droidhub import Action
from droidhub.compat.android_world import AndroidWorldAgent, AndroidWorldEnv
from droidhub_agents.client import ChatClient, Usage
from droidhub_agents.options import AWAgentOptions

__all__ = ["AWAgentOptions", "AndroidWorldLLMAgent", "ChatWrapper"]


def _jpeg_data_url(image: Any) -> str:
    """An image (numpy array or PIL image) as Gpt4Wrapper sends it: a JPEG at PIL's
    default quality, base64 in a data URL."""
    from PIL import Image

    picture = image if isinstance(image, Image.Image) else Image.fromarray(image)
    buffer = io.BytesIO()
    picture.save(buffer, format="JPEG")
    return "data:image/jpeg;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")


class ChatWrapper:
    """AndroidWorld's LLM wrapper interface over droidhub's chat client.

    The AndroidWorld agent calls it from its own thread; :meth:`take` hands the calls
    made since the last take (their usage, model and requests) to droidhub's step.
    """

    def __init__(self, client: ChatClient) -> None:
        self.client = client
        self._lock = threading.Lock()
        self._usage = Usage()
        self._requests: list[list[dict[str, Any]]] = []
        self._model: str | None = None

    def predict(self, text_prompt: str) -> tuple[str, bool | None, Any]:
        """The model's answer to ``text_prompt``."""
        return self.predict_mm(text_prompt, [])

    def predict_mm(self, text_prompt: str, images: list[Any]) -> tuple[str, bool | None, Any]:
        """The model's answer to ``text_prompt`` with ``images`` after it; ``is_safe`` is
        None (no safety verdict), the raw answer the reply's text."""
        content: list[dict[str, Any]] = [{"type": "text", "text": text_prompt}]
        content += [{"type": "image_url", "image_url": {"url": _jpeg_data_url(i)}} for i in images]
        messages = [{"role": "user", "content": content}]
        reply = self.client.complete(messages)
        with self._lock:
            self._usage.add(reply.usage)
            self._requests.append(messages)
            self._model = reply.model
        return reply.text, None, reply.text

    def take(self) -> dict[str, Any]:
        """What the calls since the last take came to (nothing if there were none)."""
        with self._lock:
            if not self._requests:
                return {}
            taken = {
                "model": self._model,
                "usage": self._usage.to_json(),
                "requests": self._requests,
            }
            self._usage, self._requests = Usage(), []
        return taken


def _agent_class(spec: str) -> type:
    """The class ``module:Class`` names."""
    module_name, _, name = spec.partition(":")
    if not module_name or not name:
        raise ValueError(f"agent={spec!r} is not module:Class (e.g. android_world.agents.t3a:T3A)")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise ValueError(
            f"cannot import {module_name!r} ({exc}); install android_world from its source "
            "(see docs/agents.md) or name an importable module"
        ) from None
    found = getattr(module, name, None)
    if not isinstance(found, type):
        raise ValueError(f"{module_name!r} has no class {name!r}")
    return found


class AndroidWorldLLMAgent(AndroidWorldAgent):
    """An AndroidWorld LLM agent built as ``Class(env, ChatWrapper)`` each episode."""

    last_step_info: dict[str, Any] | None

    def __init__(self, options: AWAgentOptions) -> None:
        super().__init__()
        self.options = options
        self.aw_class = _agent_class(options.agent)
        self.llm = ChatWrapper(ChatClient(options))

    def make_agent(self, env: AndroidWorldEnv) -> Any:
        """``Class(env, llm)``, with AndroidWorld's runner's ``transition_pause`` when the
        class takes one."""
        try:
            takes_pause = "transition_pause" in inspect.signature(self.aw_class).parameters
        except (TypeError, ValueError):
            takes_pause = False
        if takes_pause:
            return self.aw_class(env, self.llm, transition_pause=self.transition_pause)
        return self.aw_class(env, self.llm)

    def step(self, state: Any) -> Action:
        """The AndroidWorld agent's next action; its model calls go into the step's info."""
        try:
            return super().step(state)
        finally:
            calls = self.llm.take()
            if calls:
                self.last_step_info = {**(self.last_step_info or {}), **calls}
