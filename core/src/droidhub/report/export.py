"""Trajectory export: one JSON line per agent step, for training and analysis.

The schema is documented in docs/trajectory-format.md; :data:`SCHEMA_VERSION` changes
whenever a field changes meaning.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TextIO

from droidhub.results.layout import EpisodeFolder, RunFolder
from droidhub.results.records import read_results, read_steps

SCHEMA_VERSION = 1


def trajectory_steps(run_dir: Path) -> Iterator[dict[str, Any]]:
    """Yield every recorded step of every finished episode of ``run_dir``.

    File paths are relative to ``run_dir``.
    """
    for result in read_results(run_dir):
        rel = RunFolder.episode_relpath(result.family, result.task, result.instance)
        for step in read_steps(EpisodeFolder(run_dir / rel)):
            yield {
                "schema_version": SCHEMA_VERSION,
                "episode_id": result.episode_id,
                "step_id": step.get("index"),
                "task": result.task,
                "family": result.family,
                "goal": result.goal,
                "action": step.get("action"),
                "action_error": step.get("error"),
                "foreground": step.get("foreground", ""),
                "agent_info": step.get("agent_info"),
                "ui_tree_file": str(rel / step["ui_tree"]) if step.get("ui_tree") else None,
                "screenshot_file": (
                    str(rel / step["screenshot"]) if step.get("screenshot") else None
                ),
                "episode_reward": result.reward,
                "episode_success": result.success,
                "episode_steps": result.steps,
            }


def export_jsonl(run_dir: Path, out: TextIO) -> int:
    """Write the trajectory lines of ``run_dir`` to ``out``; return how many."""
    count = 0
    for record in trajectory_steps(run_dir):
        out.write(json.dumps(record, ensure_ascii=False) + "\n")
        count += 1
    return count
