"""The droidhub plugin of droidhub-composite: its hook implementations."""

from __future__ import annotations

from collections.abc import Sequence

from droidhub import TaskFamily, hookimpl


@hookimpl
def droidhub_task_families() -> Sequence[TaskFamily]:
    """The composite family."""
    return [TaskFamily(name="composite", description="Multi-app droidhub tasks composed from hermetic tasks, with averaged partial rewards.", tasks=())]
