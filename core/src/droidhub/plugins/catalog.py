"""What the installed plugins contribute, gathered once per process.

The registry of task families, the evaluators, the app specs and the agents all come
from the plugin manager's hooks, in plugin registration order. A plugin whose hook
fails, answers with the wrong type, or claims a name an earlier plugin registered is
reported (see ``droidhub plugins``) and that contribution is left out; the first
plugin keeps the name (a family name a distribution declares is kept for that
distribution, see :mod:`droidhub.plugins.manager`), and everything else stays usable.
"""

from __future__ import annotations

import functools
import threading
from typing import TYPE_CHECKING

from droidhub.agents.base import AgentFactory
from droidhub.agents.ui_solver import UISolver
from droidhub.plugins.manager import PluginManager, get_plugin_manager
from droidhub.tasks.apps import AppSpec
from droidhub.tasks.families import Registry, TaskFamily, UnknownTaskError, _suggest
from droidhub.tasks.state_checks import Evaluator

if TYPE_CHECKING:
    # Judges are gathered, not used here: their type names what the hook returns.
    from droidhub.evaluation.judges import JudgeFactory

#: The plugin manager (and its plugin count) the cached answers were gathered from.
_gathered_from: tuple[PluginManager, int] | None = None
_lock = threading.Lock()


def _plugin_manager() -> PluginManager:
    """The current plugin manager; cached answers from another one (tests and embedders
    replace it with ``reset_plugin_manager``) or from before a plugin was registered
    are forgotten first. Checked here rather than cleared by the plugin manager, so that
    it need not import this module."""
    global _gathered_from
    pm = get_plugin_manager()
    with _lock:
        if (
            _gathered_from is None
            or _gathered_from[0] is not pm
            or _gathered_from[1] != len(pm.plugins)
        ):
            clear_caches()
            _gathered_from = (pm, len(pm.plugins))
    return pm


def registry() -> Registry:
    """Every task family the installed plugins contribute."""
    return _registry(_plugin_manager())


@functools.cache
def _registry(pm: PluginManager) -> Registry:
    reg = Registry()
    for plugin, family in pm.collect("droidhub_task_families"):
        _add_family(pm, reg, plugin, family)
    for plugin, family in pm.collect("droidhub_derived_task_families", registry=reg):
        _add_family(pm, reg, plugin, family)
    return reg


def _add_family(pm: PluginManager, reg: Registry, plugin: str, family: TaskFamily) -> None:
    family.plugin = pm.plugins[plugin].distribution if plugin in pm.plugins else plugin
    try:
        reg.add(family)
    except ValueError as exc:
        pm.record_failure(plugin, "task families", exc)
        return
    if plugin in pm.plugins:
        pm.plugins[plugin].families.append(family.name)


def _evaluators() -> dict[str, Evaluator]:
    return _gather_evaluators(_plugin_manager())


@functools.cache
def _gather_evaluators(pm: PluginManager) -> dict[str, Evaluator]:
    found: dict[str, Evaluator] = {}
    # collect() already left out names an earlier plugin registered.
    for _plugin, ev in pm.collect("droidhub_evaluators"):
        found[ev.name] = ev
    return found


def evaluator(name: str) -> Evaluator:
    """The evaluator called ``name``."""
    found = _evaluators()
    if name not in found:
        raise UnknownTaskError(f"unknown evaluator {name!r}{_suggest(name, found)}")
    return found[name]


def evaluators() -> dict[str, Evaluator]:
    """All evaluators by name."""
    return dict(_evaluators())


def apps() -> tuple[AppSpec, ...]:
    """All app specs, in plugin order."""
    return _apps(_plugin_manager())


@functools.cache
def _apps(pm: PluginManager) -> tuple[AppSpec, ...]:
    return tuple(spec for _plugin, spec in pm.collect("droidhub_apps"))


def agents() -> dict[str, AgentFactory]:
    """All named agents."""
    return {name: factory for name, (_plugin, factory) in _agents(_plugin_manager()).items()}


def agent_distributions() -> dict[str, str]:
    """The distribution that contributed each named agent (``droidhub agents`` shows it)."""
    pm = _plugin_manager()
    return {
        name: pm.plugins[plugin].distribution if plugin in pm.plugins else plugin
        for name, (plugin, _factory) in _agents(pm).items()
    }


@functools.cache
def _agents(pm: PluginManager) -> dict[str, tuple[str, AgentFactory]]:
    found: dict[str, tuple[str, AgentFactory]] = {}
    for plugin, factory in pm.collect("droidhub_agents"):
        found[factory.name] = (plugin, factory)
    return found


def ui_solvers() -> dict[str, UISolver]:
    """All UI-only solvers, by ``family/task``."""
    return _ui_solvers(_plugin_manager())


@functools.cache
def _ui_solvers(pm: PluginManager) -> dict[str, UISolver]:
    return {solver.key: solver for _plugin, solver in pm.collect("droidhub_ui_solvers")}


def judges() -> dict[str, JudgeFactory]:
    """All named judges."""
    return _judges(_plugin_manager())


@functools.cache
def _judges(pm: PluginManager) -> dict[str, JudgeFactory]:
    return {factory.name: factory for _plugin, factory in pm.collect("droidhub_judges")}


def load_all(virtual_apps: bool = True) -> None:
    """Gather every contribution once, so that every plugin's load errors are known.

    ``droidhub plugins`` calls it before listing. With ``virtual_apps``, app models are
    built (and dropped) to check them, as a virtual phone would.
    """
    registry()
    _evaluators()
    apps()
    agents()
    ui_solvers()
    judges()
    if virtual_apps:
        get_plugin_manager().collect("droidhub_virtual_apps")


def clear_caches() -> None:
    """Forget gathered contributions (after plugins were added or removed)."""
    for fn in (_registry, _gather_evaluators, _apps, _agents, _ui_solvers, _judges):
        fn.cache_clear()
