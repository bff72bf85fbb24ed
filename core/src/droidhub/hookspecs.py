"""The droidhub plugin contract: every hook a plugin may implement, on one page.

A plugin is a module (or object) registered under the ``droidhub`` entry point group.
It implements any of the hooks below with ``@droidhub.hookimpl``; a hook it does not
implement is simply not called on it. Hooks that return collections are called on every
plugin and their answers are concatenated, in plugin registration order (droidhub's own
plugin first, then entry points along ``sys.path``, by distribution name within a
folder; ``tryfirst``/``trylast`` are ignored).

Each such hook must return a list or tuple of the type it names. An answer of another
type, or an item of another type, is a load error of that plugin (the good items are
kept). Every name (family, agent, evaluator, app name, virtual app package, judge,
command) belongs to the first plugin that registers it; a later claim is left out and
reported as a load error of the later plugin, never a silent override. A family name
that an installed distribution declares in its metadata (its ``droidhub`` entry point
names, the ``droidhub.families`` group) belongs to that distribution whatever the order.
Family, task, agent and judge names and virtual app packages become file names, so
they follow :mod:`droidhub.tasks.names`; another is a load error.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pluggy

if TYPE_CHECKING:
    from pathlib import Path

    import click

    from droidhub.agents.base import AgentFactory
    from droidhub.agents.ui_solver import UISolver
    from droidhub.evaluation.judges import JudgeFactory
    from droidhub.results.records import EpisodeResult
    from droidhub.run.episode import EpisodeContext, StepRecord
    from droidhub.tasks.apps import AppSpec
    from droidhub.tasks.families import Registry, TaskFamily
    from droidhub.tasks.state_checks import Evaluator
    from droidhub.virtual.appmodel import VirtualApp

PROJECT = "droidhub"

hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


@hookspec
def droidhub_task_families() -> Sequence[TaskFamily]:
    """Return the task families this plugin contributes.

    Called once, when the registry is first built (``droidhub list``, ``run``, ``check``).
    Each :class:`droidhub.TaskFamily` has a unique name (``android_world``,
    ``miniwob``...), a one-line description and its task classes. A family name an
    installed distribution declares (see :mod:`droidhub.plugins.manager`) is registered only by
    that distribution; any other claim of it, and a claim of an undeclared name that
    another plugin registered first, is reported as a load error of the claimant.
    """


@hookspec
def droidhub_derived_task_families(registry: Registry) -> Sequence[TaskFamily]:
    """Return task families built from other families' tasks (compositions, variants).

    Called once, after every ``droidhub_task_families`` answer has been registered,
    with that ``registry``; look tasks up in it by name, never by importing another
    plugin. The families returned are added to the same registry.
    """


@hookspec
def droidhub_composite_specs() -> Sequence[Path]:
    """Return paths of TOML files that define composite tasks (see docs/composing-tasks.md).

    Called by the ``composite`` family (distribution ``droidhub-composite``) when it
    is built; a plugin ships composites of its own tasks this way without depending on
    droidhub-composite.
    """


@hookspec
def droidhub_evaluators() -> Sequence[Evaluator]:
    """Return named, reusable evaluators: checks of device state that yield a reward.

    Called once when the evaluator registry is built. Task classes and data-defined
    task specs refer to evaluators by name (``droidhub.plugins.evaluators.get("sms_sent")``),
    so a check written once serves every task that needs it.
    """


@hookspec
def droidhub_apps() -> Sequence[AppSpec]:
    """Return the apps this plugin knows: package, launch activity, ``open_app`` names.

    Called when an environment is created. The environment resolves an agent's
    ``open_app`` action by matching the app name against every spec's names
    (case-insensitive), and resets apps through the spec (data paths, how to clear).
    """


@hookspec
def droidhub_virtual_apps() -> Sequence[VirtualApp]:
    """Return app models for the virtual phone to host.

    Called once per virtual phone when it is created; each call must return fresh
    model instances (models keep per-phone state such as a browser). A model installs
    its package's data (databases with the real schemas, files, preferences) and may
    render a screen and receive input and intents. Models import what they use
    from :mod:`droidhub.virtual.appmodel` only (see its docstring).
    """


@hookspec
def droidhub_agents() -> Sequence[AgentFactory]:
    """Return named agent factories (``--agent NAME`` on the command line).

    Called when the CLI resolves an agent name. Built-in agents (``noop``, ``random``,
    ``oracle``) come from droidhub itself through this same hook, first, so no plugin
    can replace them. A ``module:Class`` agent needs no hook at all.
    """


@hookspec
def droidhub_judges() -> Sequence[JudgeFactory]:
    """Return named judges (``droidhub judge RUN --judge NAME``).

    A judge decides from a run's recorded steps whether an episode reached its goal,
    as an LLM judge does where no programmatic check exists; ``droidhub calibrate``
    measures it against the programmatic rewards (see :mod:`droidhub.evaluation.judges`).
    """


@hookspec
def droidhub_ui_solvers() -> Sequence[UISolver]:
    """Return UI-only solvers: for a task, how to do it through the screen alone.

    Called when the ``ui_oracle`` agent or ``droidhub check --ui`` first needs one.
    Each :class:`droidhub.agents.ui_solver.UISolver` names its task's family and name and
    holds a generator function that sees the goal, the params and observed states
    only (see :mod:`droidhub.agents.ui_solver`). A task claimed by two plugins is a load
    error of the second.
    """


@hookspec
def droidhub_cli_commands() -> Sequence[click.Command]:
    """Return extra ``click`` commands to add to the ``droidhub`` command line.

    Called once when the CLI starts. A command whose name is already taken is
    reported as a load error of the plugin that contributed it.
    """


@hookspec
def droidhub_episode_start(context: EpisodeContext) -> None:
    """Called after a task is initialised, before the agent's first step.

    ``context`` carries the task, its instance seed, the goal and the episode's output
    folder. Observers (recorders, reporters, judges) may keep per-episode state keyed
    by ``context.episode_id``. An observer that raises (this hook, ``droidhub_step`` or
    ``droidhub_episode_end``) is recorded once per plugin and hook, with a count, and is
    still called afterwards; the run goes on.
    """


@hookspec
def droidhub_step(context: EpisodeContext, step: StepRecord) -> None:
    """Called after each agent step has been executed on the device.

    ``step`` holds the step index, the action, the UI elements seen before it and the
    path of its screenshot (when the agent observes pixels).
    """


@hookspec
def droidhub_episode_end(context: EpisodeContext, result: EpisodeResult) -> None:
    """Called once per episode, after scoring and tear-down, with the final result.

    Called for failed episodes too (``result.error`` is set). The result has already
    been appended to ``results.jsonl`` when this runs, so an observer cannot lose it.
    """
