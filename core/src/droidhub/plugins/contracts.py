"""What each collecting hook must answer (:func:`contracts`): the type of each item,
the names it claims and whether those names become file names. The plugin manager
checks every answer against it; an item that breaks it is that plugin's load error."""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from droidhub.tasks.describe import describe_value


@dataclass(frozen=True)
class Contract:
    """What a collecting hook must answer: a list of ``expected`` with unique names."""

    kind: str  # what a name names, for messages: "agent", "app name", ...
    expected: str  # what one item must be, for messages: "AgentFactory"
    problem: Callable[[Any], str | None]  # why an item is unusable, or None
    names: Callable[[Any], Iterable[str]] = lambda _item: ()
    #: The names become file names (run folders, a phone's app folder): they must
    #: follow droidhub.tasks.names.
    path_names: bool = False


def _is_instance(kind: type) -> Callable[[Any], str | None]:
    def problem(item: Any) -> str | None:
        return None if isinstance(item, kind) else describe_value(item)

    return problem


def _family_problem(item: Any) -> str | None:
    from droidhub.tasks.families import TaskFamily, family_problem

    if not isinstance(item, TaskFamily):
        return describe_value(item)
    return family_problem(item)


def _named_problem(item: Any) -> str | None:
    name = getattr(item, "name", None)
    return None if isinstance(name, str) and name else describe_value(item)


def _path_problem(item: Any) -> str | None:
    return None if isinstance(item, str | os.PathLike) else describe_value(item)


def _strings(names: Any) -> Sequence[str]:
    """``names`` if it is a list or tuple of names; a lone string is a common slip."""
    if not isinstance(names, list | tuple):
        raise TypeError(f"names must be a tuple of strings, not {describe_value(names)}")
    return names


@functools.cache
def contracts() -> dict[str, Contract]:
    # Imported here: these modules import the plugin manager themselves.
    import click

    from droidhub.agents.base import AgentFactory
    from droidhub.agents.ui_solver import UISolver
    from droidhub.tasks.apps import AppSpec
    from droidhub.tasks.state_checks import Evaluator
    from droidhub.virtual.app import VirtualApp

    families = Contract("task family", "TaskFamily", _family_problem, lambda f: [f.name])
    return {
        "droidhub_task_families": families,
        "droidhub_derived_task_families": families,
        "droidhub_composite_specs": Contract("", "a path (str or Path)", _path_problem),
        "droidhub_evaluators": Contract(
            "evaluator", "Evaluator", _is_instance(Evaluator), lambda e: [e.name]
        ),
        # An agent's open_app matches package and names without regard to case, so
        # they share one case-insensitive namespace.
        "droidhub_apps": Contract(
            "app name",
            "AppSpec",
            _is_instance(AppSpec),
            lambda a: sorted({n.lower() for n in (a.package, *_strings(a.names))}),
        ),
        "droidhub_virtual_apps": Contract(
            "virtual app package",
            "a VirtualApp instance",
            _is_instance(VirtualApp),
            lambda a: [a.package],
            path_names=True,
        ),
        "droidhub_agents": Contract(
            "agent", "AgentFactory", _is_instance(AgentFactory), lambda a: [a.name], True
        ),
        "droidhub_ui_solvers": Contract(
            "UI solver", "UISolver", _is_instance(UISolver), lambda s: [s.key]
        ),
        "droidhub_judges": Contract(
            "judge", "a judge with a name", _named_problem, lambda j: [j.name], True
        ),
        "droidhub_cli_commands": Contract(
            "command", "click.Command", _is_instance(click.Command), lambda c: [c.name]
        ),
    }
