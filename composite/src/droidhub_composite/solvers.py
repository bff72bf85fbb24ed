"""UI-only solvers of composite tasks: each part's own solver, one after the other.

A composite's goal is its parts' goals joined (or a template over their params), and
its params give each part's params (under the part's alias, or flat); so the composite's solver
hands each part's solver that part's goal and params, in the composite's order, and
carries the last observed screen from one part to the next. It sees no more than any
solver: the goal, the params and the screens.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from droidhub import State, catalog
from droidhub.agents.ui_solver import SolverError, SolverScript, UISolver
from droidhub_composite.compose import CompositeTask


def _part_goals(name: str, params: Mapping[str, Any]) -> list[tuple[str, str, Any]]:
    """``(solver key, goal, params)`` of each part of the composite ``name``."""
    composite = catalog.registry().task(name, family="composite")
    assert issubclass(composite, CompositeTask)
    task = composite(composite.Params.model_validate(params))
    return [
        (f"{sub.family}/{sub.name}", part.goal, part.params.model_dump(mode="json"))
        for sub, part in zip(composite.subtasks, task.parts, strict=True)
    ]


def solve_parts(name: str, goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Run the solver of every part of composite ``name`` in turn."""
    del goal
    solvers = catalog.ui_solvers()
    for key, part_goal, part_params in _part_goals(name, params):
        if key not in solvers:
            raise SolverError(f"{name}: its part {key} has no UI solver")
        script = solvers[key].solve(part_goal, part_params, state)
        try:
            action = next(script)
            while True:
                state = yield action
                action = script.send(state)
        except StopIteration:
            pass


def composite_solvers(names: Sequence[str]) -> list[UISolver]:
    """One solver per composite of ``names``."""

    def solver_for(name: str) -> UISolver:
        def solve(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
            return solve_parts(name, goal, params, state)

        return UISolver("composite", name, solve)

    return [solver_for(name) for name in names]
