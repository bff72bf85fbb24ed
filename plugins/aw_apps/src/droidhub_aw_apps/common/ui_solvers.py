"""An app package's UI-only solvers, each declared where its solve function is.

A ``solvers`` module keeps ``SOLVERS = SolverList()`` and decorates each solve
function with the android_world tasks it solves (``@SOLVERS.solves("MarkorMoveNote")``),
so a reader sees beside a solver which tasks it proves, and the family is named once.
The plugin hands every package's list to the ``droidhub_ui_solvers`` hook.
"""

from __future__ import annotations

from collections.abc import Callable

from droidhub.agents.ui_solver import SolveFunction, UISolver

#: The task family every app package's tasks belong to.
FAMILY = "android_world"


class SolverList(list[UISolver]):
    """The :class:`UISolver` values of one app package, in the order they are declared."""

    def solves(self, *tasks: str, pixels: bool = False) -> Callable[[SolveFunction], SolveFunction]:
        """Register the decorated solve function as the solver of ``tasks``; ``pixels``
        says it reads the screenshot (see :class:`UISolver`)."""

        def register(solve: SolveFunction) -> SolveFunction:
            self.extend(UISolver(FAMILY, task, solve, pixels) for task in tasks)
            return solve

        return register
