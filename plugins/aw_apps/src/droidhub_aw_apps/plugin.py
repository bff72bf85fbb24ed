"""The droidhub plugin of droidhub-aw-apps: its hook implementations."""

from __future__ import annotations

from collections.abc import Sequence

from droidhub import TaskFamily, hookimpl


@hookimpl
def droidhub_task_families() -> Sequence[TaskFamily]:
    """The android_world family."""
    return [TaskFamily(name="android_world", description="AndroidWorld's app tasks for droidhub, scored from device state.", tasks=())]
