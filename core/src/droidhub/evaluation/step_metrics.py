"""Offline step metrics: AITW action matching of a run against a reference run.

For each episode that both runs played (same task, same instance), every step of the
reference trajectory is compared with the step at the same position of the run, as
Android in the Wild (Rawles et al. 2023) matches actions:

- the action types must be equal (``scroll`` and ``swipe`` count as one gesture type);
- taps and long presses match when their points are within 14 % of the screen's
  diagonal of each other, or when the run's point falls inside the reference tap's UI
  element, its box enlarged to 240 % about its centre;
- scrolls and swipes match when they move along the same axis (vertical or horizontal);
- typed text, answers and app names match when equal after normalisation (case,
  surrounding space and punctuation, inner runs of space); statuses when equal.

An episode's partial match is its matched steps over the reference's length (steps the
run did not take count as misses); a complete match is a partial match of 1. Across
runs, Kendall's tau between the runs' mean step accuracy and their success rate says
how far step accuracy ranks agents as success does.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from droidhub.android.phone import PIXEL_6
from droidhub.results.layout import RunFolder
from droidhub.results.records import EpisodeResult, read_results
from droidhub.results.records import read_steps as read_step_lines

#: A tap within this share of the screen's diagonal of the reference tap matches it.
TAP_DISTANCE = 0.14
#: The reference tap's element box, scaled by this factor about its centre, for matching.
BOX_SCALE = 2.4
#: Where ``droidhub metrics`` writes a run's per-episode matches.
METRICS_FILE = "step_metrics.json"

_POINT_TYPES = {"click": "tap", "long_press": "long_press"}
_TEXT_TYPES = {"input_text": "text", "answer": "text", "open_app": "app_name"}

Step = Mapping[str, Any]
Box = tuple[float, float, float, float]


def normalise(text: str | None) -> str:
    """Text as compared: case-folded, inner spaces collapsed, edge punctuation dropped."""
    return re.sub(r"\s+", " ", (text or "").casefold()).strip(" .,;:!?\"'")


def _kind(action: Mapping[str, Any]) -> str:
    kind = str(action.get("action_type", ""))
    return "scroll" if kind == "swipe" else kind


def _box(element: Mapping[str, Any] | None) -> Box | None:
    bounds = element.get("bounds") if element else None
    if not bounds or len(bounds) != 4 or bounds[2] <= bounds[0] or bounds[3] <= bounds[1]:
        return None
    left, top, right, bottom = bounds
    return float(left), float(top), float(right), float(bottom)


def _point(step: Step) -> tuple[float, float] | None:
    """Where a tap landed: its coordinates, or the centre of the element it names."""
    action = step.get("action") or {}
    if action.get("x") is not None and action.get("y") is not None:
        return float(action["x"]), float(action["y"])
    index = action.get("index")
    elements = step.get("ui_elements") or []
    if isinstance(index, int) and 0 <= index < len(elements):
        box = _box(elements[index])
        if box is not None:
            return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    return None


def _screen(step: Step) -> tuple[float, float]:
    """The screen's size: the largest element box of the step (the window), else a Pixel 6."""
    boxes = [b for b in (_box(e) for e in step.get("ui_elements") or []) if b is not None]
    if not boxes:
        return float(PIXEL_6.width), float(PIXEL_6.height)
    return max(b[2] for b in boxes), max(b[3] for b in boxes)


def _enlarged(box: Box, factor: float = BOX_SCALE) -> Box:
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    half_w, half_h = (box[2] - box[0]) * factor / 2, (box[3] - box[1]) * factor / 2
    return cx - half_w, cy - half_h, cx + half_w, cy + half_h


def _axis(action: Mapping[str, Any]) -> str:
    return "vertical" if action.get("direction") in ("up", "down", None) else "horizontal"


def actions_match(step: Step, reference: Step) -> bool:
    """Whether ``step``'s action matches ``reference``'s, by AITW's rules (see module)."""
    action, ref = step.get("action") or {}, reference.get("action") or {}
    kind = _kind(action)
    if kind != _kind(ref):
        return False
    if kind in _POINT_TYPES:
        here, there = _point(step), _point(reference)
        if here is None or there is None:
            return False
        width, height = _screen(reference)
        if math.dist(here, there) <= TAP_DISTANCE * math.hypot(width, height):
            return True
        index = ref.get("index")
        elements = reference.get("ui_elements") or []
        box = _box(elements[index]) if isinstance(index, int) and index < len(elements) else None
        if box is None:
            return False
        left, top, right, bottom = _enlarged(box)
        return left <= here[0] <= right and top <= here[1] <= bottom
    if kind == "scroll":
        return _axis(action) == _axis(ref)
    if kind in _TEXT_TYPES:
        name = _TEXT_TYPES[kind]
        return normalise(action.get(name)) == normalise(ref.get(name))
    if kind == "status":
        return action.get("goal_status") == ref.get("goal_status")
    return True  # navigate_back, navigate_home, keyboard_enter, wait: the type is all


@dataclass
class EpisodeMatch:
    """One episode compared with its reference: matched steps of the reference's."""

    episode_id: str
    matched: int
    length: int
    success: bool

    @property
    def partial(self) -> float:
        """Matched steps over the reference's length."""
        return self.matched / self.length if self.length else 0.0

    @property
    def complete(self) -> bool:
        """Every reference step matched."""
        return self.length > 0 and self.matched == self.length


@dataclass
class RunMatch:
    """A run against the reference: each shared episode, and the run's success rate."""

    run: Path
    episodes: list[EpisodeMatch] = field(default_factory=list)
    success_rate: float = 0.0

    @property
    def step_accuracy(self) -> float:
        """Mean partial match over the shared episodes."""
        return sum(e.partial for e in self.episodes) / len(self.episodes) if self.episodes else 0.0

    @property
    def complete_rate(self) -> float:
        """Share of shared episodes matched completely."""
        if not self.episodes:
            return 0.0
        return sum(e.complete for e in self.episodes) / len(self.episodes)


def read_steps(run: Path, result: EpisodeResult) -> list[dict[str, Any]]:
    """The recorded steps of one episode of ``run`` (empty if none were recorded)."""
    return read_step_lines(RunFolder(run).episode(result.family, result.task, result.instance))


def match_episode(steps: Sequence[Step], reference: Sequence[Step]) -> int:
    """How many of ``reference``'s steps the step at the same position matches."""
    return sum(
        1 for i, ref in enumerate(reference) if i < len(steps) and actions_match(steps[i], ref)
    )


def match_run(run: Path, reference: Path) -> RunMatch:
    """``run``'s episodes against ``reference``'s (the episodes both played)."""
    results = read_results(run)
    refs = {r.episode_id: r for r in read_results(reference)}
    found = RunMatch(run)
    found.success_rate = sum(r.success for r in results) / len(results) if results else 0.0
    for result in sorted(results, key=lambda r: r.episode_id):
        ref = refs.get(result.episode_id)
        if ref is None:
            continue
        ref_steps = read_steps(reference, ref)
        matched = match_episode(read_steps(run, result), ref_steps)
        found.episodes.append(
            EpisodeMatch(result.episode_id, matched, len(ref_steps), result.success)
        )
    return found


def kendall_tau(runs: Sequence[RunMatch]) -> float | None:
    """Kendall's tau between the runs' step accuracy and success rate (None: < 2 runs, or
    no variation to rank)."""
    from droidhub.evaluation.calibration import kendall_tau as tau

    return tau([r.step_accuracy for r in runs], [r.success_rate for r in runs])


def write_matches(found: RunMatch, reference: Path) -> Path:
    """Write ``found`` to the run's :data:`METRICS_FILE`; its path."""
    out = found.run / METRICS_FILE
    data = {
        "reference": str(reference),
        "step_accuracy": found.step_accuracy,
        "complete_match_rate": found.complete_rate,
        "success_rate": found.success_rate,
        "episodes": [
            {"episode_id": e.episode_id, "matched": e.matched, "reference_steps": e.length,
             "partial_match": e.partial, "complete_match": e.complete, "success": e.success}
            for e in found.episodes
        ],
    }  # fmt: skip
    out.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    return out
