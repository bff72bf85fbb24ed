"""Which page each solver solves."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from droidhub import Env

#: A solver: given the env and the page's utterance, it reaches the goal on screen.
Solver = Callable[["Env", str], None]
_SOLVERS: dict[str, Solver] = {}


class SolverError(RuntimeError):
    """The page did not show what the solver looked for."""


def get(page: str) -> Solver | None:
    """The solver of ``page``, if one exists."""
    return _SOLVERS.get(page)


def solved_pages() -> list[str]:
    """Pages that have a solver."""
    return sorted(_SOLVERS)


def solves(*pages: str) -> Callable[[Solver], Solver]:
    """Register the decorated function as the solver of ``pages``."""

    def register(solver: Solver) -> Solver:
        for page in pages:
            _SOLVERS[page] = solver
        return solver

    return register
