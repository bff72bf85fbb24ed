"""Judges: deciding from a recorded trajectory whether an episode reached its goal.

A run's programmatic reward is droidhub's ground truth. A judge gives a second opinion
from what was recorded (the goal, each step's action, UI tree and screenshot), as LLM
judges do where no programmatic check exists; ``droidhub calibrate`` then measures how
far it agrees with the reward. Plugins contribute judges through the
``droidhub_judges`` hook; ``droidhub judge RUN --judge NAME`` writes one
:class:`Judgement` per episode to ``RUN/judgements/NAME.jsonl``, resumably.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from droidhub.agents.base import NamedFactory
from droidhub.results.layout import RunFolder
from droidhub.results.records import EpisodeResult, read_steps


@dataclass(frozen=True)
class RecordedStep:
    """One recorded step: the action taken and what the phone showed before it."""

    index: int
    action: Mapping[str, Any]
    ui_elements: Sequence[Mapping[str, Any]]
    screenshot: Path | None


@dataclass(frozen=True)
class JudgedEpisode:
    """What a judge sees of an episode: its goal and recorded steps, never its reward."""

    episode_id: str
    goal: str
    steps: Sequence[RecordedStep]


@dataclass
class Judgement:
    """A judge's verdict on one episode, its reasoning, and what it cost."""

    episode_id: str
    success: bool
    reasoning: str = ""
    usage: dict[str, float] = field(default_factory=dict)


class Judge:
    """Base of judges: :meth:`judge` reads an episode and returns a :class:`Judgement`."""

    def judge(self, episode: JudgedEpisode) -> Judgement:
        """The verdict on ``episode``."""
        raise NotImplementedError


class JudgeFactory(NamedFactory[Judge]):
    """A named way to build a judge (``--judge NAME``), with an optional options model
    validated from ``--agent-option KEY=VALUE`` as for agents: ``build(options)``
    builds one judge."""

    kind: ClassVar[str] = "judge"

    def _refuse(self, options: Mapping[str, str] | None) -> None:
        """Raise :class:`ValueError` if there are ``options``."""
        if options:
            raise ValueError(f"judge {self.name!r} takes no options (got {sorted(options)})")


def judgements_path(run: Path, judge: str) -> Path:
    """Where a judge's verdicts on a run's episodes are kept."""
    return RunFolder(run).judgements(judge)


def read_judgements(run: Path, judge: str) -> dict[str, Judgement]:
    """The verdicts already written, by episode id (a half-written last line is left)."""
    path = judgements_path(run, judge)
    found: dict[str, Judgement] = {}
    if not path.is_file():
        return found
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            data = json.loads(line)
        except json.JSONDecodeError:
            continue
        found[data["episode_id"]] = Judgement(**data)
    return found


def append_judgement(run: Path, judge: str, judgement: Judgement) -> None:
    """Add one verdict to the run's file for ``judge`` (flushed, one line)."""
    path = judgements_path(run, judge)
    path.parent.mkdir(exist_ok=True)
    with path.open("a", encoding="utf-8") as out:
        out.write(json.dumps(asdict(judgement)) + "\n")


def recorded_episode(run: Path, result: EpisodeResult) -> JudgedEpisode:
    """An episode of ``run`` as its judge sees it (the steps its folder recorded)."""
    folder = RunFolder(run).episode(result.family, result.task, result.instance)
    steps: list[RecordedStep] = []
    for data in read_steps(folder):
        shot = data.get("screenshot")
        steps.append(
            RecordedStep(
                index=int(data.get("index", len(steps))),
                action=data.get("action") or {},
                ui_elements=data.get("ui_elements") or [],
                screenshot=folder.path / shot if shot else None,
            )
        )
    return JudgedEpisode(result.episode_id, result.goal, steps)
