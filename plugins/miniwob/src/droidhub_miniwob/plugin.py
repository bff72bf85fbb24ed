"""The droidhub plugin of droidhub-miniwob: its hook implementations."""

from __future__ import annotations

from collections.abc import Sequence

from droidhub import TaskFamily, hookimpl


@hookimpl
def droidhub_task_families() -> Sequence[TaskFamily]:
    """The miniwob family."""
    return [TaskFamily(name="miniwob", description="MobileMiniWoB++ for droidhub: MiniWoB++ pages in a WebView app, rewards read through intents.", tasks=())]
