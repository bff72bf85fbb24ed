"""Finding plugins through entry points and calling their hooks, one failure at a time.

A plugin that fails to import, whose hook raises, whose hook answers with the wrong
type, that claims a name another plugin registered first, or a family name another
distribution declares, or whose family, task, agent or judge name could not be a file
name (:mod:`droidhub.tasks.names`), is recorded as a :class:`PluginError` with its name and
cause; every other plugin keeps working.

Family names are owned by distribution, not by hook order: before any plugin is
imported, every installed distribution's metadata says which family names it declares
(its ``droidhub`` entry point names, and the names in the ``droidhub.families`` group).
Only that distribution may register a declared name; a name two distributions declare
is registered by neither. Names nobody declares go to the first plugin that claims one.

Hooks are called in registration order: the built-in ``droidhub`` plugin first, then
the entry points folder by folder in ``sys.path`` order, alphabetically by
distribution name within one folder (so every machine with the same packages gets the
same order, whatever order its file system lists them in).
"""

from __future__ import annotations

import dataclasses
import importlib.metadata
import re
import threading
import traceback
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import pluggy

from droidhub import hookspecs
from droidhub.plugins.contracts import Contract, contracts
from droidhub.tasks.describe import describe_value
from droidhub.tasks.names import NAME_RULE, name_problem, quote_name

ENTRY_POINT_GROUP = "droidhub"
#: Entry points whose names are more family names a distribution declares (the value is
#: never loaded): ``miniwob_subset = "droidhub_miniwob.plugin"``.
FAMILIES_ENTRY_POINT_GROUP = "droidhub.families"

#: The episode observer hooks: called many times per run, their failures are recorded
#: once per (plugin, hook) and counted (see :meth:`PluginManager.observer_errors`).
OBSERVER_HOOKS = frozenset({"droidhub_episode_start", "droidhub_step", "droidhub_episode_end"})


@dataclass
class PluginError:
    """Why a plugin (or one of its hooks) could not be used.

    ``count`` is how many calls failed this way: an observer hook that raises on every
    step is one error with a large count, not one error per step.
    """

    plugin: str
    stage: str
    cause: str
    traceback: str = ""
    count: int = 1

    def __str__(self) -> str:
        return f"plugin {self.plugin} failed at {self.stage}: {self.cause}"


@dataclass
class PluginInfo:
    """One registered plugin: its entry point name, distribution and version."""

    name: str
    distribution: str
    version: str
    module: str
    families: list[str] = field(default_factory=list)


class PluginManager:
    """droidhub's pluggy manager, with per-plugin error isolation."""

    def __init__(self, load_entry_points: bool = True) -> None:
        self.pm = pluggy.PluginManager(hookspecs.PROJECT)
        self.pm.add_hookspecs(hookspecs)
        self.plugins: dict[str, PluginInfo] = {}
        self.errors: list[PluginError] = []
        self._order: dict[str, int] = {}
        self._claims: dict[tuple[str, str], str] = {}
        #: family name -> {distribution key: how it declares the name}, from metadata.
        self._declared: dict[str, dict[str, str]] = {}
        self._observer_failures: dict[tuple[str, str], PluginError] = {}
        # Observers are notified from executor threads, virtual phones start in parallel.
        self._lock = threading.RLock()
        from droidhub.plugins import builtin as builtin_plugin

        self.register(builtin_plugin, name="droidhub", distribution="droidhub")
        if load_entry_points:
            self.load_entry_points()

    def register(
        self, plugin: object, name: str, distribution: str = "", version: str = ""
    ) -> None:
        """Register a plugin object under ``name`` (tests and embedders use this).

        It is called after every plugin registered before it.
        """
        if not version and distribution:
            try:
                version = importlib.metadata.version(distribution)
            except importlib.metadata.PackageNotFoundError:
                version = "?"
        try:
            self.pm.register(plugin, name=name)
        except Exception as exc:  # pluggy validation errors name the bad hook
            self.record_failure(name, "register", exc, dist=distribution, version=version)
            return
        self._order[name] = len(self._order)
        module = getattr(plugin, "__name__", type(plugin).__name__)
        self.plugins[name] = PluginInfo(name, distribution or name, version or "?", module)

    def load_entry_points(self) -> None:
        """Import and register every plugin of the ``droidhub`` entry point group.

        The family names each distribution declares are read first, from metadata
        alone, so that no plugin's import or hook order can take one.
        """
        eps = _discovered(importlib.metadata.entry_points(group=ENTRY_POINT_GROUP))
        declared = _discovered(importlib.metadata.entry_points(group=FAMILIES_ENTRY_POINT_GROUP))
        for group, found in ((ENTRY_POINT_GROUP, eps), (FAMILIES_ENTRY_POINT_GROUP, declared)):
            for ep in found:
                if ep.dist is not None:
                    how = f"{ep.dist.name} (its {group} entry point {ep.name!r})"
                    self._declared.setdefault(ep.name, {}).setdefault(_dist_key(ep.dist.name), how)
        for ep in eps:
            dist = ep.dist.name if ep.dist is not None else ep.name
            version = ep.dist.version if ep.dist is not None else "?"
            if ep.name in self.plugins:
                first = self.plugins[ep.name]
                if first.distribution == dist:
                    continue  # the same distribution seen twice on the path
                self.record_error(
                    f"{ep.name} ({dist})",
                    "register",
                    f"plugin name {ep.name!r} is already registered by "
                    f"{first.distribution} {first.version}; this one is not loaded",
                    dist=dist,
                    version=version,
                )
                continue
            try:
                plugin = ep.load()
            except Exception as exc:
                self.record_failure(
                    ep.name, f"import of {ep.value}", exc, dist=dist, version=version
                )
                continue
            self.register(plugin, name=ep.name, distribution=dist, version=version)

    def record_failure(
        self, name: str, stage: str, exc: BaseException, dist: str = "", version: str = ""
    ) -> None:
        """Record that ``name`` failed at ``stage`` with ``exc``; the plugin stays listed."""
        self.record_error(
            name,
            stage,
            f"{type(exc).__name__}: {exc}",
            "".join(traceback.format_exception(exc)),
            dist=dist,
            version=version,
        )

    def record_error(
        self,
        name: str,
        stage: str,
        cause: str,
        tb: str = "",
        dist: str = "",
        version: str = "",
    ) -> None:
        """Record that plugin ``name`` failed at ``stage`` because of ``cause``.

        The same failure recorded again (a hook called once per phone) is kept once.
        """
        with self._lock:
            if not any((e.plugin, e.stage, e.cause) == (name, stage, cause) for e in self.errors):
                self.errors.append(PluginError(plugin=name, stage=stage, cause=cause, traceback=tb))
            if name not in self.plugins and dist:
                self.plugins[name] = PluginInfo(name, dist, version or "?", "")

    def plugin_name(self, plugin: object) -> str:
        """The name a plugin object was registered under."""
        return self.pm.get_name(plugin) or repr(plugin)

    def _implementations(self, hook_name: str) -> list[tuple[str, Callable[..., Any], list[str]]]:
        """``(plugin name, function, argument names)`` in registration order.

        pluggy calls the last registered first and lets ``tryfirst`` jump the queue;
        droidhub's contract is registration order, so the first plugin keeps a name.
        """
        impls = []
        for impl in getattr(self.pm.hook, hook_name).get_hookimpls():
            if impl.hookwrapper or impl.wrapper:
                continue  # droidhub calls hooks itself; wrappers have nothing to wrap
            name = self.plugin_name(impl.plugin)
            impls.append((name, impl.function, list(impl.argnames)))
        impls.sort(key=lambda i: self._order.get(i[0], len(self._order)))
        return impls

    def call_each(self, hook_name: str, **kwargs: Any) -> Iterator[tuple[str, Any]]:
        """Call ``hook_name`` on each plugin in turn; yield ``(plugin name, answer)``.

        A plugin whose hook raises is recorded in :attr:`errors` and skipped, as is a
        ``None`` answer.
        """
        for name, answer in self._answers(hook_name, kwargs):
            if answer is not None:
                yield name, answer

    def _answers(self, hook_name: str, kwargs: dict[str, Any]) -> Iterator[tuple[str, Any]]:
        for name, function, argnames in self._implementations(hook_name):
            try:
                answer = function(**{k: kwargs[k] for k in argnames})
            except Exception as exc:
                self.record_failure(name, f"hook {hook_name}", exc)
                continue
            yield name, answer

    def collect(self, hook_name: str, **kwargs: Any) -> list[tuple[str, Any]]:
        """Call a list-returning hook; return ``(plugin name, item)`` for every good item.

        An answer that is not a list, an item of the wrong type, or an item whose name
        an earlier plugin already registered is recorded as an error of the plugin
        that answered, and left out; its other items are kept.
        """
        contract = contracts().get(hook_name)
        items: list[tuple[str, Any]] = []
        seen: set[tuple[str, str]] = set()
        for plugin, answer in self._answers(hook_name, kwargs):
            if contract is None:  # a hook droidhub does not know the shape of
                if answer is not None:
                    items.extend((plugin, item) for item in answer)
                continue
            if not isinstance(answer, list | tuple):
                self.record_error(
                    plugin,
                    f"hook {hook_name}",
                    f"expected a list of {contract.expected}, got {describe_value(answer)}",
                )
                continue
            for i, item in enumerate(answer, 1):
                if self._accept(plugin, hook_name, contract, item, i, len(answer), seen):
                    items.append((plugin, item))
        return items

    def _accept(
        self,
        plugin: str,
        hook_name: str,
        contract: Contract,
        item: Any,
        index: int,
        total: int,
        seen: set[tuple[str, str]],
    ) -> bool:
        stage = f"hook {hook_name}"
        wrong = contract.problem(item)
        if wrong is not None:
            self.record_error(
                plugin,
                stage,
                f"item {index} of {total}: expected {contract.expected}, got {wrong}; ignored",
            )
            return False
        try:
            names = list(contract.names(item))
            for name in names:
                if not isinstance(name, str) or not name:
                    raise TypeError(f"a name is {describe_value(name)}")
        except Exception as exc:
            self.record_error(
                plugin,
                stage,
                f"item {index} of {total}: expected {contract.expected} with names that "
                f"are non-empty strings, got {describe_value(item)} ({exc}); ignored",
            )
            return False
        for name in names if contract.path_names else ():
            why = name_problem(name)
            if why:
                self.record_error(
                    plugin,
                    stage,
                    f"item {index} of {total}: {contract.kind} name {quote_name(name)} "
                    f"{why} ({NAME_RULE}); ignored, rename it",
                )
                return False
        if contract.kind == "task family":
            for name in names:
                why = self._not_owner(plugin, name)
                if why:
                    self.record_error(plugin, stage, why)
                    return False
        keys = [(contract.kind, name) for name in names]
        with self._lock:  # check and take every name at once
            for key in keys:
                owner = self._claims.get(key, plugin)
                if owner != plugin or key in seen:
                    self.record_error(plugin, stage, self._taken(key, owner))
                    return False
            for key in keys:
                self._claims[key] = plugin
                seen.add(key)
        return True

    def _not_owner(self, plugin: str, family: str) -> str | None:
        """Why ``plugin`` may not register ``family``, which another distribution (or
        more than one) declares; None if nobody but its own distribution does."""
        owners = self._declared.get(family, {})
        info = self.plugins.get(plugin)
        dist = info.distribution if info else plugin
        if len(owners) > 1:
            return (
                f"task family {family!r} is declared by {len(owners)} distributions: "
                f"{'; '.join(owners.values())}; none of them may register it, "
                "uninstall all but one"
            )
        if not owners or _dist_key(dist) in owners:
            return None
        (how,) = owners.values()
        return (
            f"task family {family!r} belongs to {how}; plugin {plugin} ({dist}) may not "
            "register it; this one is ignored, rename it"
        )

    def declared_families(self) -> dict[str, list[str]]:
        """Each family name installed distributions declare -> who declares it, and how
        (``droidhub plugins`` and messages name them)."""
        return {name: list(owners.values()) for name, owners in self._declared.items()}

    def _taken(self, key: tuple[str, str], owner: str) -> str:
        kind, name = key
        info = self.plugins.get(owner)
        who = f"plugin {owner}" + (f" ({info.distribution})" if info else "")
        return f"{kind} {name!r} is already registered by {who}; this one is ignored"

    def claim(self, kind: str, name: str, plugin: str) -> str | None:
        """Give ``name`` (of ``kind``: "command", "agent"...) to ``plugin`` if it is free.

        Returns None when ``plugin`` now owns it, else the message naming the owner.
        The CLI claims its built-in commands for ``droidhub`` this way.
        """
        with self._lock:
            owner = self._claims.setdefault((kind, name), plugin)
        return None if owner == plugin else self._taken((kind, name), owner)

    def notify(self, hook_name: str, **kwargs: Any) -> None:
        """Call an observer hook on every plugin, isolating failures.

        A plugin whose hook raises is recorded once per hook (with the first cause and
        a count) and is still called next time.
        """
        for name, function, argnames in self._implementations(hook_name):
            try:
                function(**{k: kwargs[k] for k in argnames})
            except Exception as exc:
                self._observer_failed(name, hook_name, exc)

    def _observer_failed(self, name: str, hook_name: str, exc: Exception) -> None:
        with self._lock:
            known = self._observer_failures.get((name, hook_name))
            if known is not None:
                known.count += 1
                return
            error = PluginError(
                plugin=name,
                stage=f"hook {hook_name}",
                cause=f"{type(exc).__name__}: {exc}",
                traceback="".join(traceback.format_exception(exc)),
            )
            self._observer_failures[(name, hook_name)] = error
            self.errors.append(error)

    def observer_errors(self) -> list[PluginError]:
        """The failures of episode observer hooks so far, one per (plugin, hook).

        A snapshot (copies), in the order they first happened; ``count`` says how many
        calls failed. The runner writes them into the run's records when it ends.
        """
        with self._lock:
            return [dataclasses.replace(e) for e in self._observer_failures.values()]


def _dist_key(name: str) -> str:
    """A distribution's name as pip compares them (PEP 503): ``Droidhub_Aw.Apps`` is
    ``droidhub-aw-apps``."""
    return re.sub(r"[-_.]+", "-", name).lower()


def _discovered(eps: Iterable[importlib.metadata.EntryPoint]) -> list[Any]:
    """Entry points in a stable order: ``sys.path`` folder order as Python found them,
    then distribution name within one folder (``os.listdir`` order is arbitrary)."""
    folders: dict[str, int] = {}
    keyed = []
    for ep in eps:
        folder = ""
        if ep.dist is not None:
            try:
                folder = str(ep.dist.locate_file(""))
            except Exception:  # an exotic finder without files: keep it in place
                folder = ""
        rank = folders.setdefault(folder, len(folders))
        dist = ep.dist.name.lower().replace("_", "-") if ep.dist is not None else ""
        keyed.append(((rank, dist), ep))
    keyed.sort(key=lambda pair: pair[0])  # stable: one distribution's eps keep order
    return [ep for _key, ep in keyed]


_default: PluginManager | None = None


def get_plugin_manager() -> PluginManager:
    """The process-wide plugin manager, built on first use from installed entry points."""
    global _default
    if _default is None:
        _default = PluginManager()
    return _default


def reset_plugin_manager(pm: PluginManager | None = None) -> None:
    """Replace (or forget) the process-wide manager; used by tests and embedders.

    What :mod:`droidhub.plugins.catalog` gathered from the old manager is not used again: it
    notices the new one itself."""
    global _default
    _default = pm


__all__: Sequence[str] = [
    "ENTRY_POINT_GROUP",
    "FAMILIES_ENTRY_POINT_GROUP",
    "OBSERVER_HOOKS",
    "PluginError",
    "PluginInfo",
    "PluginManager",
    "describe_value",
    "get_plugin_manager",
    "reset_plugin_manager",
]
