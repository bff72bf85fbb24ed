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
        step_000.prompt.json  the requests a model-driven agent sent (droidhub.results.prompts)

The runner, episode, results, summary, report, export, compare and the CLI read these
paths from :class:`RunFolder` and :class:`EpisodeFolder`; none spells a name itself.

Family, task and judge names come from plugins, and back from ``results.jsonl`` files
that ``merge``, ``report`` and ``export`` read: every path made of them is built by
:meth:`RunFolder.inside`, which checks each name against :mod:`droidhub.tasks.names` and
refuses, with :class:`OutsideRunFolderError`, a path that resolves outside the folder.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import overload

from droidhub.tasks.names import check_name

__all__ = ["EpisodeFolder", "OutsideRunFolderError", "RunFolder"]


class OutsideRunFolderError(ValueError):
    """A path of a run folder built from names would be outside the folder."""


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

    @staticmethod
    def prompt_name(index: int) -> str:
        """File name of the requests an agent sent at step ``index``."""
        return f"step_{index:03d}.prompt.json"

    @staticmethod
    def prompt_image_name(index: int, number: int, suffix: str) -> str:
        """File name of the ``number``-th picture in step ``index``'s requests."""
        return f"step_{index:03d}.prompt_{number}.{suffix}"

    def inside_file(self, name: str) -> Path:
        """The file ``name`` of this folder, refused (:class:`OutsideRunFolderError`) if
        the name would reach out of it (a name read back from steps.jsonl)."""
        if not name or "/" in name or "\\" in name or name in (".", ".."):
            raise OutsideRunFolderError(f"{name!r} is not a file name of the episode folder")
        return self.path / name

    def screenshot(self, index: int) -> Path:
        """Path of step ``index``'s screenshot."""
        return self.path / self.screenshot_name(index)

    def ui_tree(self, index: int) -> Path:
        """Path of step ``index``'s UI tree."""
        return self.path / self.ui_tree_name(index)


class _FileOfRun:
    """A file (or folder) at the top of every run folder, by its name: read on a
    :class:`RunFolder`, it is the path ``root / name``."""

    def __init__(self, name: str, doc: str) -> None:
        self.name = name
        self.__doc__ = doc

    @overload
    def __get__(self, folder: None, owner: type) -> _FileOfRun: ...
    @overload
    def __get__(self, folder: RunFolder, owner: type) -> Path: ...
    def __get__(self, folder: RunFolder | None, owner: type) -> _FileOfRun | Path:
        return self if folder is None else folder.root / self.name


@dataclass(frozen=True)
class RunFolder:
    """The layout of a run folder rooted at ``root`` (nothing is created; only the
    paths built from names are resolved, to prove they stay inside)."""

    root: Path

    MANIFEST = "run.json"
    RESULTS = "results.jsonl"
    REJECTED = "results.rejected.jsonl"
    ATTEMPTS = "attempts.jsonl"
    SUMMARY = "summary.json"
    LOCK = ".lock"
    EPISODES = "episodes"
    JUDGEMENTS = "judgements"

    manifest = _FileOfRun(MANIFEST, "``run.json``.")
    results = _FileOfRun(RESULTS, "``results.jsonl``.")
    rejected = _FileOfRun(
        REJECTED, "``results.rejected.jsonl``: damaged lines moved out of ``results.jsonl``."
    )
    attempts = _FileOfRun(ATTEMPTS, "``attempts.jsonl``.")
    summary = _FileOfRun(SUMMARY, "``summary.json``.")
    lock = _FileOfRun(LOCK, "``.lock``.")
    episodes = _FileOfRun(EPISODES, "The folder holding every episode's folder.")

    @staticmethod
    def episode_relpath(family: str, task: str, instance: int) -> Path:
        """An episode's folder relative to the run folder (``episodes/F/T/I``); export
        writes it so a consumer can find the files next to the export.

        Raises :class:`~droidhub.tasks.names.BadNameError` (a ValueError) for a family or
        task name that is not one plain path component, and ValueError for a negative
        or non-integer instance.
        """
        check_name("family", family)
        check_name(f"family {family}: task", task)
        if isinstance(instance, bool) or not isinstance(instance, int) or instance < 0:
            raise ValueError(f"episode instance {instance!r} is not a non-negative integer")
        return Path(RunFolder.EPISODES, family, task, str(instance))

    def episode(self, family: str, task: str, instance: int) -> EpisodeFolder:
        """The folder of episode ``family/task/instance``."""
        return EpisodeFolder(self.inside(self.episode_relpath(family, task, instance)))

    def judgements(self, judge: str) -> Path:
        """``judgements/JUDGE.jsonl``: a judge's verdicts on the run's episodes."""
        check_name("judge", judge)
        return self.inside(Path(self.JUDGEMENTS, f"{judge}.jsonl"))

    #: What the run records at the top of its folder (files, and folders of files):
    #: written by ``run``, ``merge`` and ``judge`` only.
    RECORDS = (MANIFEST, RESULTS, REJECTED, ATTEMPTS, SUMMARY, LOCK, EPISODES, JUDGEMENTS)

    def record_at(self, path: Path) -> str | None:
        """The record of this run that ``path`` is or lies in (``"."`` for the folder
        itself), else None: where a report or an export must not be written, as it
        would overwrite what the run recorded. Links are followed."""
        real, real_root = os.path.realpath(path), os.path.realpath(self.root)
        if real == real_root:
            return "."
        if os.path.commonpath([real, real_root]) != real_root:
            return None
        top = Path(os.path.relpath(real, real_root)).parts[0]
        return top if top in self.RECORDS else None

    def inside(self, relpath: Path) -> Path:
        """``root / relpath``, refused unless it resolves inside ``root``.

        The one way a path built from names (an episode's folder, a judge's file) is
        made: ``..``, an absolute path, or a symlink planted in the folder that points
        elsewhere raise :class:`OutsideRunFolderError` instead of writing outside.
        """
        path = self.root / relpath
        # realpath: follows the links that exist, and is lexical for the rest (the
        # folders of a new episode do not exist yet).
        real, real_root = os.path.realpath(path), os.path.realpath(self.root)
        if os.path.commonpath([real, real_root]) != real_root or real == real_root:
            raise OutsideRunFolderError(
                f"{relpath} would be {real}, outside the run folder {real_root}; a run "
                "writes only inside its --out folder (a name with '/' or '..', or a "
                "symlink inside the folder that points out of it?)"
            )
        return path
