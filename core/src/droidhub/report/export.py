"""Trajectory export, for training and analysis: one JSON line per agent step, or a
Hugging Face dataset of one row per step (with the ``hf`` extra).

Both schemas are documented in docs/trajectory-format.md; :data:`SCHEMA_VERSION`
changes whenever a field of the JSON lines changes meaning.
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


#: The extra ``--format hf`` needs, as the one-line error names it.
HF_EXTRA_HINT = "--format hf needs the Hugging Face datasets package: pip install './core[hf]'"


def _step_target(step: dict[str, Any]) -> tuple[dict[str, Any] | None, int | None, int | None]:
    """The UI element a step's action named (as the step observed it) and the screen
    point it aimed at: ``x``/``y`` as given, else the element's centre, as the Env taps."""
    action = step.get("action")
    if not isinstance(action, dict):
        return None, None, None
    element = None
    index = action.get("index")
    elements = step.get("ui_elements") or []
    if isinstance(index, int) and 0 <= index < len(elements):
        element = elements[index]
    x, y = action.get("x"), action.get("y")
    if isinstance(x, int) and isinstance(y, int):
        return element, x, y
    bounds = element.get("bounds") if element else None
    if bounds:
        left, top, right, bottom = bounds
        return element, (left + right) // 2, (top + bottom) // 2
    return element, None, None


def dataset_rows(run_dir: Path) -> Iterator[dict[str, Any]]:
    """Yield one row per recorded step of ``run_dir``: the Hugging Face dataset's rows
    (schema in docs/trajectory-format.md), with the screenshot's PNG bytes inline."""
    for result in read_results(run_dir):
        rel = RunFolder.episode_relpath(result.family, result.task, result.instance)
        folder = run_dir / rel
        for step in read_steps(EpisodeFolder(folder)):
            action = step.get("action")
            element, x, y = _step_target(step)
            shot, tree = step.get("screenshot"), step.get("ui_tree")
            yield {
                "episode_id": result.episode_id,
                "step_id": step.get("index"),
                "task": result.task,
                "family": result.family,
                "instance": result.instance,
                "goal": result.goal,
                "action": json.dumps(action, ensure_ascii=False),
                "action_type": action.get("action_type") if isinstance(action, dict) else None,
                "action_error": step.get("error"),
                "target_element": json.dumps(element, ensure_ascii=False) if element else None,
                "target_x": x,
                "target_y": y,
                "foreground": step.get("foreground", ""),
                "ui_tree": (folder / tree).read_text(encoding="utf-8") if tree else None,
                "screenshot": {"bytes": (folder / shot).read_bytes(), "path": None}
                if shot
                else None,
                "episode_reward": result.reward,
                "episode_success": result.success,
                "episode_steps": result.steps,
            }


def export_hf(run_dir: Path, out_dir: Path) -> int:
    """Save the steps of ``run_dir`` as a Hugging Face dataset (parquet underneath) in
    ``out_dir``, for ``datasets.load_from_disk``; return how many rows.

    Raises :class:`ImportError` with :data:`HF_EXTRA_HINT` when ``datasets`` is missing.
    """
    try:
        import datasets
    except ImportError:
        raise ImportError(HF_EXTRA_HINT) from None
    string, integer = datasets.Value("string"), datasets.Value("int64")
    features = datasets.Features(
        {
            "episode_id": string,
            "step_id": integer,
            "task": string,
            "family": string,
            "instance": integer,
            "goal": string,
            "action": string,
            "action_type": string,
            "action_error": string,
            "target_element": string,
            "target_x": integer,
            "target_y": integer,
            "foreground": string,
            "ui_tree": string,
            "screenshot": datasets.Image(),
            "episode_reward": datasets.Value("float64"),
            "episode_success": datasets.Value("bool"),
            "episode_steps": integer,
        }
    )
    # Built in memory, not through from_generator: that one caches a copy of every
    # screenshot under ~/.cache before save_to_disk writes them again.
    rows = list(dataset_rows(run_dir))
    columns = {name: [row[name] for row in rows] for name in features}
    dataset = datasets.Dataset.from_dict(columns, features=features)
    dataset.save_to_disk(str(out_dir))
    return len(rows)
