"""The ``ui_oracle`` agent: solves each task through the screen only.

It runs the task's UI-only solver (see :mod:`droidhub.agents.ui_solver`), handing it the goal,
a JSON copy of the params and each observed state; it never touches the env beyond
what every agent gets. It is contributed through the ``droidhub`` entry point group
like any plugin's agent, because it reads the solvers the plugins register.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, Field

from droidhub.agents.base import Agent, AgentFactory
from droidhub.agents.ui_solver import SolverScript
from droidhub.env.actions import Action
from droidhub.env.environment import Observe, State
from droidhub.hookspecs import hookimpl
from droidhub.plugins import catalog

if TYPE_CHECKING:
    from droidhub.env.environment import Env
    from droidhub.tasks.task_eval import TaskEval


class UIOracleOptions(BaseModel):
    """Options of the ``ui_oracle`` agent."""

    observe: Literal["ui_tree", "both"] = Field(
        "ui_tree", description="what to observe: the UI tree, or the tree and screenshots"
    )


class UIOracleAgent(Agent):
    """Runs the task's UI solver; its last action is ``status: complete``."""

    def __init__(self, options: UIOracleOptions | None = None) -> None:
        self.chosen = Observe(options.observe if options is not None else "ui_tree")
        self.observes = self.chosen  # type: ignore[misc]

    def reset(self, goal: str, task: TaskEval, env: Env, rng: random.Random) -> None:
        del env, rng
        key = f"{task.family}/{task.name}"
        solver = catalog.ui_solvers().get(key)
        self.done = False
        self.script: SolverScript | None = None
        #: A task with no solver: the agent gives up at once (status ``infeasible``),
        #: as an agent does when it sees no way to the goal; the task scores it.
        self.unsolvable = solver is None
        if solver is None:
            self.observes = self.chosen  # type: ignore[misc]
            return
        # A solver that reads pixels gets screenshots whatever the option says.
        self.observes = Observe.BOTH if solver.pixels else self.chosen  # type: ignore[misc]
        self.goal = goal
        self.params = task.params.model_dump(mode="json")
        self.solve = solver.solve

    def step(self, state: State) -> Action:
        if self.unsolvable:
            return Action(action_type="status", goal_status="infeasible")
        if self.done:
            return Action(action_type="status", goal_status="complete")
        try:
            if self.script is None:
                self.script = self.solve(self.goal, self.params, state)
                return next(self.script)
            return self.script.send(state)
        except StopIteration:
            self.done = True
            return Action(action_type="status", goal_status="complete")


@hookimpl
def droidhub_agents() -> Sequence[AgentFactory]:
    """The ``ui_oracle`` agent."""
    return [
        AgentFactory(
            "ui_oracle",
            "solves each task through the screen only, with the task's UI solver",
            UIOracleAgent,
            UIOracleOptions,
        )
    ]
