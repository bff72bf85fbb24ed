"""The droidhub plugin of droidhub-composite: the ``composite`` family and ``compose``."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from pathlib import Path

import click

from droidhub import Registry, TaskFamily, hookimpl
from droidhub.agents.ui_solver import UISolver
from droidhub.plugins.manager import get_plugin_manager
from droidhub_composite.spec import CompositeSpec, SpecFileError, build_all, load_specs

#: The composites this plugin ships (AndroidWorld's multi-app tasks).
BUILTIN_SPECS = Path(__file__).parent / "specs" / "android_world.toml"
#: Extra spec files, separated like PATH (for composites saved with `droidhub compose --save`).
ENV_VAR = "DROIDHUB_COMPOSITES"


def spec_files() -> list[Path]:
    """Every composite spec file: contributed by plugins, then from $DROIDHUB_COMPOSITES."""
    files = [Path(p) for _plugin, p in get_plugin_manager().collect("droidhub_composite_specs")]
    files += [Path(p) for p in os.environ.get(ENV_VAR, "").split(os.pathsep) if p]
    return files


@hookimpl
def droidhub_composite_specs() -> Sequence[Path]:
    """This plugin's own spec file."""
    return [BUILTIN_SPECS]


@hookimpl
def droidhub_derived_task_families(registry: Registry) -> Sequence[TaskFamily]:
    """The ``composite`` family: every spec file's composites, built from ``registry``."""
    specs: list[CompositeSpec] = []
    unavailable: dict[str, str] = {}
    for path in spec_files():
        try:
            specs += load_specs(path)
        except SpecFileError as exc:
            unavailable[f"({path.name})"] = str(exc)
            # Also a load error of this plugin, so that `droidhub plugins` shows it and
            # `run`/`check` of the family refuse to go on without the file's composites.
            pm = get_plugin_manager()
            pm.record_error(pm.plugin_name(sys.modules[__name__]), f"spec file {path}", str(exc))
    tasks, failed = build_all(specs, registry)
    unavailable.update(failed)
    return [
        TaskFamily(
            name="composite",
            description="multi-app tasks composed from hermetic tasks; reward: mean of sub-rewards",
            tasks=tasks,
            unavailable=unavailable,
        )
    ]


@hookimpl
def droidhub_ui_solvers() -> Sequence[UISolver]:
    """A UI-only solver for every composite: its parts' solvers in turn."""
    from droidhub_composite.solvers import composite_solvers

    names: list[str] = []
    for path in spec_files():
        try:
            names += [spec.name for spec in load_specs(path)]
        except SpecFileError:
            continue  # reported as unavailable by the family itself
    return composite_solvers(names)


@hookimpl
def droidhub_cli_commands() -> Sequence[click.Command]:
    """``droidhub compose``."""
    from droidhub_composite.cli import compose_command

    return [compose_command]
