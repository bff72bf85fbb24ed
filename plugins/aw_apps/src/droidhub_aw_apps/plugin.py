"""The droidhub plugin of droidhub-aw-apps: AndroidWorld's app tasks.

Each app lives in its own package (``droidhub_aw_apps.markor``, ...) whose
``__init__`` exposes ``APPS`` (:class:`droidhub.AppSpec`) and, where it has any, ``TASKS``
(task classes) and ``EVALUATORS`` (:class:`droidhub.Evaluator`); its ``screens`` module
exposes ``virtual_apps()`` (fresh :class:`droidhub.virtual.appmodel.VirtualApp` models), and
is imported only where phones start: the view engine it brings (Skia, numpy) is no part of
listing or scoring tasks, which every command does (a part without screens, the
clipboard, exposes ``virtual_apps()`` in its ``__init__``); an app's ``solvers`` module,
if it has one, exposes ``SOLVERS`` (:class:`droidhub.agents.ui_solver.UISolver`, how each of
its tasks is done through the screen alone); the information-retrieval tasks
built from the apps' spec files come from :mod:`droidhub_aw_apps.common.ir_task`. This
module only gathers them.
"""

from __future__ import annotations

import dataclasses
import importlib
import importlib.util
from collections.abc import Sequence
from types import ModuleType
from typing import TYPE_CHECKING

from droidhub import AppSpec, Evaluator, TaskFamily, hookimpl
from droidhub.agents.ui_solver import UISolver
from droidhub_aw_apps.common.fidelity import DIFFERENCES
from droidhub_aw_apps.common.pinned_apks import FIRST_RUNS, pinned
from droidhub_aw_apps.common.relative_dates import REFERENCE_NOW

if TYPE_CHECKING:
    # Named in an annotation only: the CLI loads this plugin for every command, even
    # those that start no phone (tests/test_aw_layout.py keeps the phone out of them).
    from droidhub.virtual.appmodel import VirtualApp

#: The packages and modules of this package that contribute tasks, apps, evaluators and
#: models, in registration order.
PARTS: tuple[str, ...] = (
    "system",
    "clipboard",
    "clock",
    "sms",
    "contacts",
    "files",
    "camera",
    "audio_recorder",
    "simple_draw",
    "gallery",
    "calendar",
    "expense",
    "recipe",
    "markor",
    "retro_music",
    "vlc",
    "osmand",
    "browser",
    "tasks_app",
    "sports_tracker",
    "joplin",
    "common.ir_task",
)


def _parts() -> list[ModuleType]:
    return [importlib.import_module(f"droidhub_aw_apps.{name}") for name in PARTS]


def _module_of(name: str, module: str) -> ModuleType | None:
    """Part ``name``'s module ``module`` (imported now), or None where the part, an app
    package, has none."""
    found = f"droidhub_aw_apps.{name}.{module}"
    if "." not in name and importlib.util.find_spec(found) is not None:
        return importlib.import_module(found)
    return None


def _part_with_screens(name: str) -> ModuleType:
    """The module of part ``name`` that gives its ``virtual_apps()``: its ``screens``
    module where it has one, else the part itself."""
    return _module_of(name, "screens") or importlib.import_module(f"droidhub_aw_apps.{name}")


@hookimpl
def droidhub_task_families() -> Sequence[TaskFamily]:
    """The ``android_world`` family."""
    tasks = [task for part in _parts() for task in getattr(part, "TASKS", ())]
    for task in tasks:
        # `droidhub list --json` shows how the task differs from AndroidWorld's, if it does.
        diff = DIFFERENCES.get(task.name)
        setattr(task, "fidelity", diff.as_json() if diff else None)  # noqa: B010
    return [
        TaskFamily(
            name="android_world",
            description="AndroidWorld's app tasks, scored from device state",
            tasks=tasks,
            # AndroidWorld sets this clock before every task (its device_constants.DT).
            device_time=REFERENCE_NOW,
        )
    ]


@hookimpl
def droidhub_apps() -> Sequence[AppSpec]:
    """Specs of the apps AndroidWorld's tasks use, with the APK AndroidWorld pins for
    each (file name, versionCode) and its one-time preparation on a real phone."""
    return [_with_pin(app) for part in _parts() for app in getattr(part, "APPS", ())]


def _with_pin(app: AppSpec) -> AppSpec:
    entry = pinned(app.package)
    return dataclasses.replace(
        app,
        version_code=entry.version_code if entry else app.version_code,
        apk=entry.apk if entry else app.apk,
        first_run=FIRST_RUNS.get(app.package, app.first_run),
    )


@hookimpl
def droidhub_evaluators() -> Sequence[Evaluator]:
    """Evaluators shared by the app tasks."""
    return [ev for part in _parts() for ev in getattr(part, "EVALUATORS", ())]


@hookimpl
def droidhub_virtual_apps() -> Sequence[VirtualApp]:
    """Fresh virtual models of every app; a model of a pinned APK reports its versionCode
    (``pm list packages --show-versioncode``, ``dumpsys package``)."""
    models = [model for name in PARTS for model in _part_with_screens(name).virtual_apps()]
    for model in models:
        entry = pinned(model.package)
        if entry is not None and entry.version_code is not None:
            model.version_code = entry.version_code
    return models


@hookimpl
def droidhub_ui_solvers() -> Sequence[UISolver]:
    """The UI-only solvers of every app package that has a ``solvers`` module."""
    found: list[UISolver] = []
    for name in PARTS:
        solvers = _module_of(name, "solvers")
        if solvers is not None:
            found.extend(solvers.SOLVERS)
    return found
