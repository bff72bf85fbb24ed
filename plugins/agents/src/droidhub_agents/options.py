"""The options of the LLM agents (``--agent-option KEY=VALUE``), validated by pydantic.

Every option has a default, so ``--agent t3a`` alone talks to ``OPENAI_BASE_URL`` (or
OpenAI's own API) with ``OPENAI_API_KEY``; local servers need only ``base_url`` and
``model``.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class LLMOptions(BaseModel):
    """Options shared by ``t3a`` and ``m3a``: the server, the model and the call policy."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    model: str = Field("gpt-4o-mini", description="model name the server knows")
    base_url: str | None = Field(
        None,
        description="chat-completions server, e.g. http://localhost:8000/v1 "
        "[default: $OPENAI_BASE_URL or OpenAI's API]",
    )
    api_key: str | None = Field(
        None, description="API key [default: $OPENAI_API_KEY; local servers need none]"
    )
    timeout_s: float = Field(120.0, gt=0, description="time limit of one model call, seconds")
    max_retries: int = Field(
        4, ge=0, description="retries of a call answered 429/5xx or not answered at all"
    )
    retry_backoff_s: float = Field(
        1.0, ge=0, description="first wait before a retry, doubled each time (no Retry-After)"
    )
    max_retry_wait_s: float = Field(
        60.0, ge=0, description="longest single wait before a retry, Retry-After included"
    )
    temperature: float = Field(0.0, ge=0, description="sampling temperature")
    max_tokens: int = Field(1024, gt=0, description="most tokens in one reply")
    price_in: float | None = Field(
        None, ge=0, description="price per million prompt tokens; with price_out gives cost"
    )
    price_out: float | None = Field(None, ge=0, description="price per million completion tokens")
    max_concurrency: int = Field(
        0, ge=0, description="model calls in flight at once across all devices (0: no limit)"
    )

    def cost(self, prompt_tokens: int, completion_tokens: int) -> float | None:
        """Cost of a call from the configured prices, or None when no price is set."""
        if self.price_in is None and self.price_out is None:
            return None
        return (
            prompt_tokens * (self.price_in or 0.0) + completion_tokens * (self.price_out or 0.0)
        ) / 1e6


class T3AOptions(LLMOptions):
    """Options of ``t3a`` (text only)."""

    prompt: Literal["droidhub", "android_world"] = Field(
        "droidhub",
        description="whose prompts: droidhub's, or AndroidWorld's T3A prompts read from an "
        "installed android_world (byte-identical, with AW's summary step)",
    )


class M3AOptions(LLMOptions):
    """Options of ``m3a``: how the screenshots are sent, and whether to reflect."""

    image_width: int = Field(
        540, ge=0, description="width the screenshot is scaled to, in pixels (0: as captured)"
    )
    jpeg_quality: int = Field(75, ge=1, le=95, description="JPEG quality of sent screenshots")
    reflection: bool = Field(
        True, description="after each action, ask the model what changed (one more call)"
    )


class AWAgentOptions(LLMOptions):
    """Options of ``aw``: which AndroidWorld agent, and the model server it calls."""

    agent: str = Field(
        "android_world.agents.t3a:T3A",
        description="the AndroidWorld agent, module:Class, built as Class(env, llm)",
    )


class LLMJudgeOptions(LLMOptions):
    """Options of the ``llm`` judge: the agents' server options, and the screenshots."""

    screenshots: bool = Field(
        True, description="send the recorded screenshots with the UI elements (vision models)"
    )
    image_width: int = Field(540, ge=0, description="width screenshots are scaled to (0: as is)")
    jpeg_quality: int = Field(75, ge=1, le=95, description="JPEG quality of sent screenshots")
