"""Finding plugins through entry points and calling their hooks, one failure at a time.

A plugin that fails to import, or whose hook raises, is recorded as a
:class:`PluginError` with its name and cause; every other plugin keeps working.
"""

from __future__ import annotations

import importlib.metadata
import traceback
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import pluggy

from droidhub import hookspecs

ENTRY_POINT_GROUP = "droidhub"


@dataclass
class PluginError:
    """Why a plugin (or one of its hooks) could not be used."""

    plugin: str
    stage: str
    cause: str
    traceback: str = ""

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
        from droidhub import builtin_plugin

        self.register(builtin_plugin, name="droidhub", distribution="droidhub")
        if load_entry_points:
            self.load_entry_points()

    def register(
        self, plugin: object, name: str, distribution: str = "", version: str = ""
    ) -> None:
        """Register a plugin object under ``name`` (tests and embedders use this)."""
        if not version and distribution:
            try:
                version = importlib.metadata.version(distribution)
            except importlib.metadata.PackageNotFoundError:
                version = "?"
        try:
            self.pm.register(plugin, name=name)
        except Exception as exc:  # pluggy validation errors name the bad hook
            self.record_failure(name, "register", exc)
            return
        module = getattr(plugin, "__name__", type(plugin).__name__)
        self.plugins[name] = PluginInfo(name, distribution or name, version or "?", module)

    def load_entry_points(self) -> None:
        """Import and register every plugin of the ``droidhub`` entry point group."""
        for ep in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
            if ep.name in self.plugins:
                continue
            dist = ep.dist.name if ep.dist is not None else ep.name
            version = ep.dist.version if ep.dist is not None else "?"
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
        """Record that ``name`` failed at ``stage``; the plugin stays listed."""
        self.errors.append(
            PluginError(
                plugin=name,
                stage=stage,
                cause=f"{type(exc).__name__}: {exc}",
                traceback="".join(traceback.format_exception(exc)),
            )
        )
        if name not in self.plugins and dist:
            self.plugins[name] = PluginInfo(name, dist, version or "?", "")

    def plugin_name(self, plugin: object) -> str:
        """The name a plugin object was registered under."""
        return self.pm.get_name(plugin) or repr(plugin)

    def call_each(self, hook_name: str, **kwargs: Any) -> Iterator[tuple[str, Any]]:
        """Call ``hook_name`` on each plugin in turn; yield ``(plugin name, answer)``.

        A plugin whose hook raises is recorded in :attr:`errors` and skipped.
        """
        hook = getattr(self.pm.hook, hook_name)
        # pluggy calls the last registered first; keep registration order instead.
        for impl in reversed(hook.get_hookimpls()):
            name = self.plugin_name(impl.plugin)
            try:
                answer = impl.function(**{k: kwargs[k] for k in impl.argnames})
            except Exception as exc:
                self.record_failure(name, f"hook {hook_name}", exc)
                continue
            if answer is not None:
                yield name, answer

    def collect(self, hook_name: str, **kwargs: Any) -> list[tuple[str, Any]]:
        """Call a list-returning hook; return ``(plugin name, item)`` for every item."""
        items: list[tuple[str, Any]] = []
        for name, answer in self.call_each(hook_name, **kwargs):
            items.extend((name, item) for item in answer)
        return items

    def notify(self, hook_name: str, **kwargs: Any) -> None:
        """Call an observer hook on every plugin, isolating failures."""
        for _ in self.call_each(hook_name, **kwargs):
            pass


_default: PluginManager | None = None


def get_plugin_manager() -> PluginManager:
    """The process-wide plugin manager, built on first use from installed entry points."""
    global _default
    if _default is None:
        _default = PluginManager()
    return _default


def reset_plugin_manager(pm: PluginManager | None = None) -> None:
    """Replace (or forget) the process-wide manager; used by tests and embedders."""
    global _default
    from droidhub import catalog

    _default = pm
    catalog.clear_caches()


__all__: Sequence[str] = [
    "ENTRY_POINT_GROUP",
    "PluginError",
    "PluginInfo",
    "PluginManager",
    "get_plugin_manager",
    "reset_plugin_manager",
]
