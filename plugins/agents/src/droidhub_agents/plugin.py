"""The droidhub plugin of droidhub-agents: its hook implementations.

The agents and the judge are imported when one is built, not when the plugin loads:
the ``openai`` client takes over a second to import, and every droidhub command loads
every plugin.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from droidhub import AgentFactory, JudgeFactory, hookimpl
from droidhub_agents.options import AWAgentOptions, LLMJudgeOptions, M3AOptions, T3AOptions

if TYPE_CHECKING:
    from droidhub_agents.android_world import AndroidWorldLLMAgent
    from droidhub_agents.judge import LLMJudge
    from droidhub_agents.llm import M3A, T3A


def _t3a(options: T3AOptions) -> T3A:
    from droidhub_agents.llm import T3A

    return T3A(options)


def _m3a(options: M3AOptions) -> M3A:
    from droidhub_agents.llm import M3A

    return M3A(options)


def _aw(options: AWAgentOptions) -> AndroidWorldLLMAgent:
    from droidhub_agents.android_world import AndroidWorldLLMAgent

    return AndroidWorldLLMAgent(options)


def _llm_judge(options: LLMJudgeOptions) -> LLMJudge:
    from droidhub_agents.judge import LLMJudge

    return LLMJudge(options)


@hookimpl
def droidhub_agents() -> Sequence[AgentFactory]:
    """``t3a``, ``m3a`` and ``aw`` (AndroidWorld's own agents), each with its options."""
    return [
        AgentFactory(
            "t3a",
            "LLM agent over a numbered UI element list (any OpenAI-compatible server)",
            _t3a,
            options=T3AOptions,
        ),
        AgentFactory(
            "m3a",
            "LLM agent over the screenshot with numbered boxes, the element list and "
            "a reflection after each action (any OpenAI-compatible vision model)",
            _m3a,
            options=M3AOptions,
        ),
        AgentFactory(
            "aw",
            "AndroidWorld's own agent (agent=module:Class, e.g. android_world.agents.t3a:T3A, "
            "from an installed android_world), its model calls to any OpenAI-compatible server",
            _aw,
            options=AWAgentOptions,
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
            _llm_judge,
            options=LLMJudgeOptions,
        )
    ]
