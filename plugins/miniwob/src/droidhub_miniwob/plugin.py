"""The droidhub plugin of droidhub-miniwob: its hook implementations."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from droidhub import AppSpec, TaskFamily, hookimpl
from droidhub_miniwob import contract
from droidhub_miniwob.pages import (
    MOBILE_MINIWOB_TASKS,
    SUBSET_EXCLUDED,
    SUBSET_TASKS,
    unavailable_reasons,
)
from droidhub_miniwob.tasks import make_task_class

if TYPE_CHECKING:
    # Named in an annotation only: the CLI loads this plugin for every command, which
    # needs no phone (core's tests/test_cli_startup.py keeps the view engine out).
    from droidhub.virtual.appmodel import VirtualApp


def miniwob_family() -> TaskFamily:
    """MobileMiniWoB++'s 92 tasks; those the installed package lacks are unavailable."""
    missing = unavailable_reasons(MOBILE_MINIWOB_TASKS)
    return TaskFamily(
        name="miniwob",
        description="MobileMiniWoB++: the 92 MiniWoB++ web tasks in an Android WebView app",
        tasks=[make_task_class(n, "miniwob") for n in MOBILE_MINIWOB_TASKS if n not in missing],
        unavailable=missing,
    )


def miniwob_subset_family() -> TaskFamily:
    """The 64-name subset commonly reported; the 62 of them among the 92 run."""
    runnable = [n for n in SUBSET_TASKS if n not in SUBSET_EXCLUDED]
    missing = {**SUBSET_EXCLUDED, **unavailable_reasons(tuple(runnable))}
    return TaskFamily(
        name="miniwob_subset",
        description="MobileMiniWoB++ subset: the commonly reported MiniWoB++ tasks",
        tasks=[make_task_class(n, "miniwob_subset") for n in runnable if n not in missing],
        unavailable=missing,
    )


@hookimpl
def droidhub_task_families() -> Sequence[TaskFamily]:
    """The ``miniwob`` and ``miniwob_subset`` families."""
    return [miniwob_family(), miniwob_subset_family()]


@hookimpl
def droidhub_apps() -> Sequence[AppSpec]:
    """The MiniWoB++ WebView app."""
    return [
        AppSpec(
            package=contract.PACKAGE,
            activity=contract.ACTIVITY,
            names=("miniwob", "MiniWoB++", "MiniWoB"),
            label="MiniWoB++",
        )
    ]


@hookimpl
def droidhub_virtual_apps() -> Sequence[VirtualApp]:
    """A fresh virtual WebView app (its own browser, started on first use) per phone."""
    from droidhub_miniwob.webview import MiniWobWebViewApp

    return [MiniWobWebViewApp()]
