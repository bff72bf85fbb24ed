"""Scripted solvers (oracles) for MiniWoB++ pages, acting only through droidhub actions."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from droidhub import Env

Solver = Callable[["Env", str], None]
_SOLVERS: dict[str, Solver] = {}


def get(page: str) -> Solver | None:
    """The solver of ``page``, if one exists."""
    return _SOLVERS.get(page)
