"""droidhub's own contributions, made through the same hooks as any plugin."""

from __future__ import annotations

from collections.abc import Sequence

from droidhub.agents import base as agents
from droidhub.hookspecs import hookimpl
from droidhub.tasks import state_checks


@hookimpl
def droidhub_evaluators() -> Sequence[state_checks.Evaluator]:
    """The generic evaluators (settings, files, SQLite rows, foreground app, answers)."""
    return state_checks.BUILTIN


@hookimpl
def droidhub_agents() -> Sequence[agents.AgentFactory]:
    """The built-in agents: noop, random, oracle."""
    return agents.BUILTIN
