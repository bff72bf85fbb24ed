"""Where everything of a run lives on disk: the one place that names a run folder's files.

A run folder (``droidhub run --out OUT``) holds::

    OUT/run.json          how the run was configured (RunManifest)
    OUT/results.jsonl     one EpisodeResult per finished episode
    OUT/results.rejected.jsonl  lines of results.jsonl that were no result, with their numbers
    OUT/attempts.jsonl    earlier, errored attempts of episodes run again
    OUT/summary.json      written by ``droidhub summary``
    OUT/.lock             held (flock) by the run writing into the folder
    OUT/episodes/FAMILY/TASK/INSTANCE/
        steps.jsonl       one StepRecord per agent step
        step_000.png      the screenshot the agent saw before step 0 (if it saw pixels)
        step_000.xml      the UI tree it saw (if it asked for one)

The runner, episode, results, summary, report, export, compare and the CLI read these
paths from :class:`RunFolder` and :class:`EpisodeFolder`; none spells a name itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

__all__ = ["EpisodeFolder", "RunFolder"]


@dataclass(frozen=True)
class EpisodeFolder:
    """The folder of one episode: its steps and what the agent observed at each."""

    path: Path

    STEPS = "steps.jsonl"

    @property
    def steps(self) -> Path:
        """``steps.jsonl``: one line per agent step."""
        return self.path / self.STEPS

    @staticmethod
    def screenshot_name(index: int) -> str:
        """File name (relative to the episode folder) of step ``index``'s screenshot."""
        return f"step_{index:03d}.png"

    @staticmethod
    def ui_tree_name(index: int) -> str:
        """File name (relative to the episode folder) of step ``index``'s UI tree."""
        return f"step_{index:03d}.xml"

    def screenshot(self, index: int) -> Path:
        """Path of step ``index``'s screenshot."""
        return self.path / self.screenshot_name(index)

    def ui_tree(self, index: int) -> Path:
        """Path of step ``index``'s UI tree."""
        return self.path / self.ui_tree_name(index)


@dataclass(frozen=True)
class RunFolder:
    """The layout of a run folder rooted at ``root`` (nothing is created or read)."""

    root: Path

    MANIFEST = "run.json"
    RESULTS = "results.jsonl"
    REJECTED = "results.rejected.jsonl"
    ATTEMPTS = "attempts.jsonl"
    SUMMARY = "summary.json"
    LOCK = ".lock"
    EPISODES = "episodes"

    @property
    def manifest(self) -> Path:
        """``run.json``."""
        return self.root / self.MANIFEST

    @property
    def results(self) -> Path:
        """``results.jsonl``."""
        return self.root / self.RESULTS

    @property
    def rejected(self) -> Path:
        """``results.rejected.jsonl``: damaged lines moved out of ``results.jsonl``."""
        return self.root / self.REJECTED

    @property
    def attempts(self) -> Path:
        """``attempts.jsonl``."""
        return self.root / self.ATTEMPTS

    @property
    def summary(self) -> Path:
        """``summary.json``."""
        return self.root / self.SUMMARY

    @property
    def lock(self) -> Path:
        """``.lock``."""
        return self.root / self.LOCK

    @property
    def episodes(self) -> Path:
        """The folder holding every episode's folder."""
        return self.root / self.EPISODES

    @staticmethod
    def episode_relpath(family: str, task: str, instance: int) -> Path:
        """An episode's folder relative to the run folder (``episodes/F/T/I``); export
        writes it so a consumer can find the files next to the export."""
        return Path(RunFolder.EPISODES) / family / task / str(instance)

    def episode(self, family: str, task: str, instance: int) -> EpisodeFolder:
        """The folder of episode ``family/task/instance``."""
        return EpisodeFolder(self.root / self.episode_relpath(family, task, instance))
