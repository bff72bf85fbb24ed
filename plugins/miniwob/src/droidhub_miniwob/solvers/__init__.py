"""Scripted solvers (the oracles) for MiniWoB++ pages.

A solver reads the utterance and the UI tree the way an agent does, and acts only
through droidhub :class:`~droidhub.Action` s executed by the :class:`~droidhub.Env`
(taps at element centres, ``input_text``): it never evaluates page JavaScript, so
an oracle's success shows that the task can be solved on the phone's own terms.
A page without a solver here has no oracle.

The solvers live in one module per kind of page (:mod:`.clicks`, :mod:`.text`,
:mod:`.widgets`, :mod:`.search`, :mod:`.social`, :mod:`.email`), on the shared reading and acting of
:mod:`.screen`; importing this package registers them all.
"""

from __future__ import annotations

from droidhub_miniwob.solvers import (
    clicks,
    drawn,
    email,
    flight,
    games,
    search,
    social,
    text,
    widgets,
)
from droidhub_miniwob.solvers.registry import Solver, SolverError, get, solved_pages

__all__ = [
    "Solver",
    "SolverError",
    "clicks",
    "drawn",
    "email",
    "flight",
    "games",
    "get",
    "search",
    "social",
    "solved_pages",
    "text",
    "widgets",
]
