"""Agents: what decides the next action. Built-ins: ``noop``, ``random``, ``oracle``.

An agent is any class with ``reset(goal, task, env, rng)`` and ``step(state)``; it
declares what it observes (:class:`droidhub.env.Observe`) so the env fetches only that.
A user agent is named on the command line as ``module:Class``.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from droidhub.actions import Action
from droidhub.env import Observe

if TYPE_CHECKING:
    from droidhub.env import Env, State
    from droidhub.task import TaskEval


class Agent:
    """Base class of agents. Override :meth:`step`; :meth:`reset` is optional."""

    #: What the agent looks at; the env fetches only this.
    observes: ClassVar[Observe] = Observe.UI_TREE

    def reset(self, goal: str, task: TaskEval, env: Env, rng: random.Random) -> None:
        """Start a new episode with ``goal``. ``rng`` is seeded from the instance seed."""
        del goal, task, env, rng

    def step(self, state: State) -> Action:
        """Return the next action for the current observation."""
        raise NotImplementedError


@dataclass(frozen=True)
class AgentFactory:
    """A named way to build an agent (``--agent NAME``)."""

    name: str
    description: str
    create: Callable[[], Agent]


class NoopAgent(Agent):
    """Does nothing and says it is done: the floor every task must score 0 on."""

    def step(self, state: State) -> Action:
        del state
        return Action(action_type="status", goal_status="complete")


class RandomAgent(Agent):
    """Taps, types and scrolls at random, seeded by the instance seed."""

    def reset(self, goal: str, task: TaskEval, env: Env, rng: random.Random) -> None:
        self.rng = random.Random(rng.getrandbits(64))

    def step(self, state: State) -> Action:
        rng = self.rng
        elements = state.ui_elements
        choice = rng.random()
        if elements and choice < 0.6:
            return Action(action_type="click", index=rng.randrange(len(elements)))
        if choice < 0.75:
            return Action(action_type="scroll", direction=rng.choice(["up", "down"]))
        if choice < 0.85:
            return Action(action_type="input_text", text=rng.choice(["hello", "1", "test"]))
        if choice < 0.95:
            return Action(action_type="navigate_back")
        return Action(action_type="status", goal_status="complete")


class OracleAgent(Agent):
    """Runs the task's oracle, then answers (for questions) and says it is done."""

    def reset(self, goal: str, task: TaskEval, env: Env, rng: random.Random) -> None:
        self.task, self.env = task, env
        self.pending: list[Action] = []
        self.started = False

    def step(self, state: State) -> Action:
        del state
        if not self.started:
            self.started = True
            answer = self.task.oracle(self.env)
            if answer is not None:
                self.pending.append(Action(action_type="answer", text=answer))
            self.pending.append(Action(action_type="status", goal_status="complete"))
        return self.pending.pop(0)


BUILTIN = (
    AgentFactory("noop", "does nothing and reports completion (scores 0 everywhere)", NoopAgent),
    AgentFactory("random", "random taps, scrolls and text, seeded per instance", RandomAgent),
    AgentFactory("oracle", "runs each task's oracle (proves every task is solvable)", OracleAgent),
)


class AgentLoadError(LookupError):
    """An agent name that names no registered agent and no importable class."""


def load_agent(spec: str, factories: dict[str, AgentFactory]) -> Agent:
    """Build the agent named ``spec``: a registered name, or ``module:Class``."""
    if spec in factories:
        return factories[spec].create()
    if ":" not in spec:
        known = ", ".join(sorted(factories))
        raise AgentLoadError(
            f"unknown agent {spec!r}; use one of {known}, or module:Class for your own"
        )
    module_name, _, attr = spec.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise AgentLoadError(f"cannot import agent module {module_name!r}: {exc}") from exc
    target: Any = module
    for part in attr.split("."):
        target = getattr(target, part, None)
        if target is None:
            raise AgentLoadError(f"module {module_name!r} has no attribute {attr!r}")
    agent = target()
    if not callable(getattr(agent, "step", None)):
        raise AgentLoadError(f"{spec} is not an agent: it has no step(state) method")
    return agent
