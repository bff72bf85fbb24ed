"""What the viewer shows of run folders, as plain JSON-ready data.

:func:`episode_index` lists every episode of the runs (outcome, error kind, apps, goal,
numbers) with the error categories counted; :func:`episode_detail` gives one episode's
result and its steps: the action, the UI elements, the screenshot's file and size, what
the agent reported (model, reply, reason, reflection, tokens, latency) and the text of
the requests it sent. Files are named by the run and their place in its episode folder,
never by a path from the browser: :func:`step_file` checks every part.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image

from droidhub.results.layout import EpisodeFolder, RunFolder
from droidhub.results.prompts import prompt_text, read_requests
from droidhub.results.records import EpisodeResult, read_results, read_steps

__all__ = ["Run", "episode_detail", "episode_index", "outcome", "step_file"]

#: The image files of an episode folder the viewer serves.
_IMAGE_SUFFIXES = {".png": "image/png", ".jpg": "image/jpeg", ".webp": "image/webp"}


@dataclass(frozen=True)
class Run:
    """One run folder the viewer was given, and its results read once."""

    number: int
    root: Path
    results: list[EpisodeResult]

    @classmethod
    def load(cls, number: int, root: Path) -> Run:
        """The run in ``root`` (its results read now)."""
        return cls(number, root, read_results(root))

    def manifest(self) -> dict[str, Any]:
        """``run.json``, or nothing when it is missing or unreadable."""
        try:
            found = json.loads(RunFolder(self.root).manifest.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return found if isinstance(found, dict) else {}

    def describe(self) -> dict[str, Any]:
        """The run as the viewer's header lists it."""
        manifest = self.manifest()
        return {
            "run": self.number,
            "name": self.root.name,
            "path": str(self.root),
            "agent": manifest.get("agent", ""),
            "suite": manifest.get("suite", []),
            "seed": manifest.get("seed"),
            "episodes": len(self.results),
        }


def outcome(r: EpisodeResult) -> str:
    """``success``, ``error``, ``partial`` (some reward, no success) or ``failure``."""
    if r.success:
        return "success"
    if r.error:
        return "error"
    return "partial" if r.reward > 0 else "failure"


def _error_line(r: EpisodeResult) -> str:
    return (r.error or "").strip().splitlines()[0][:160] if r.error else ""


def episode_index(runs: list[Run]) -> dict[str, Any]:
    """Every episode of ``runs`` in one list, and the errors counted by kind and message."""
    episodes = []
    errors: Counter[tuple[str, str]] = Counter()
    for run in runs:
        for r in run.results:
            episodes.append(
                {
                    "run": run.number,
                    "key": f"{r.family}/{r.task}/{r.instance}",
                    "family": r.family,
                    "task": r.task,
                    "instance": r.instance,
                    "apps": r.apps,
                    "goal": r.goal,
                    "reward": r.reward,
                    "outcome": outcome(r),
                    "error": _error_line(r),
                    "error_kind": r.error_kind or "",
                    "steps": r.steps,
                    "max_steps": r.max_steps,
                    "duration_s": r.duration_s,
                    "tokens": int(
                        r.usage.get("prompt_tokens", 0) + r.usage.get("completion_tokens", 0)
                    ),
                }
            )
            if r.error:
                errors[(r.error_kind or "unknown", _error_line(r))] += 1
    categories = [
        {"kind": kind, "error": message, "count": count}
        for (kind, message), count in sorted(errors.items(), key=lambda kv: (-kv[1], kv[0]))
    ]
    return {"runs": [run.describe() for run in runs], "episodes": episodes, "errors": categories}


def _image_size(path: Path) -> list[int] | None:
    try:
        with Image.open(path) as image:  # reads the header only
            return [image.width, image.height]
    except (OSError, ValueError):
        return None


def _step(folder: EpisodeFolder, step: dict[str, Any]) -> dict[str, Any]:
    """One recorded step as the player shows it."""
    info = step.get("agent_info") if isinstance(step.get("agent_info"), dict) else None
    shot = step.get("screenshot")
    size = None
    if isinstance(shot, str) and shot:
        try:
            size = _image_size(folder.inside_file(shot))
        except ValueError:
            shot = None
    prompts = [prompt_text(r) for r in read_requests(folder, (info or {}).get("prompt_file"))]
    return {
        "index": step.get("index"),
        "action": step.get("action"),
        "error": step.get("error"),
        "foreground": step.get("foreground"),
        "ui_elements": step.get("ui_elements") or [],
        "screenshot": shot if size is not None else None,
        "size": size,
        "agent_info": info,
        "prompts": prompts,
    }


def episode_detail(run: Run, family: str, task: str, instance: int) -> dict[str, Any] | None:
    """One episode's result and steps, or None if ``run`` has no such episode."""
    found = next(
        (r for r in run.results if (r.family, r.task, r.instance) == (family, task, instance)),
        None,
    )
    if found is None:
        return None
    folder = RunFolder(run.root).episode(family, task, instance)
    return {
        "run": run.number,
        "result": found.model_dump(mode="json"),
        "outcome": outcome(found),
        "steps": [_step(folder, s) for s in read_steps(folder)],
    }


def step_file(run: Run, family: str, task: str, instance: int, name: str) -> tuple[Path, str]:
    """An image file of an episode folder and its media type; ValueError if the names
    do not lead to one inside the run."""
    folder = RunFolder(run.root).episode(family, task, instance)
    path = folder.inside_file(name)
    kind = _IMAGE_SUFFIXES.get(path.suffix.lower())
    if kind is None or not path.is_file():
        raise ValueError(f"{name!r} is not an image of episode {family}/{task}/{instance}")
    return path, kind
