"""The droidhub plugin of droidhub-agents: its hook implementations."""

from __future__ import annotations

from collections.abc import Sequence

from droidhub import AgentFactory, JudgeFactory, hookimpl
from droidhub_agents.judge import LLMJudge, LLMJudgeOptions
from droidhub_agents.llm import M3A, T3A
from droidhub_agents.options import M3AOptions, T3AOptions


@hookimpl
def droidhub_agents() -> Sequence[AgentFactory]:
    """``t3a`` and ``m3a``, each with its options model."""
    return [
        AgentFactory(
            "t3a",
            "LLM agent over a numbered UI element list (any OpenAI-compatible server)",
            T3A,
            options=T3AOptions,
        ),
        AgentFactory(
            "m3a",
            "LLM agent over the screenshot with numbered boxes, the element list and "
            "a reflection after each action (any OpenAI-compatible vision model)",
            M3A,
            options=M3AOptions,
        ),
    ]


@hookimpl
def droidhub_judges() -> Sequence[JudgeFactory]:
    """``llm``: DigiData's two-stage judge over any OpenAI-compatible server."""
    return [
        JudgeFactory(
            "llm",
            "two-stage LLM judge: a summary per step, then a verdict from the summaries "
            "and the first and last screens",
            LLMJudge,
            options=LLMJudgeOptions,
        )
    ]
