"""What a run leaves on disk: ``run.json``, ``results.jsonl`` and one folder per episode.

``results.jsonl`` has one :class:`EpisodeResult` per line, appended and flushed as each
episode finishes, so a stopped run loses nothing and a resumed one adds no duplicates.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

RESULTS_FILE = "results.jsonl"
MANIFEST_FILE = "run.json"
EPISODES_DIR = "episodes"


class EpisodeResult(BaseModel):
    """One finished episode, as written to ``results.jsonl``.

    ``reward`` is in [0, 1]; ``success`` is true only when reward is exactly 1, so
    partial credit (composites, MiniWoB's partial rewards) is never counted as success.
    ``details`` holds task-specific facts: MiniWoB's raw reward, composite sub-rewards.
    """

    model_config = ConfigDict(extra="allow")

    episode_id: str
    task: str
    family: str
    instance: int
    seed: int
    params: dict[str, Any] = Field(default_factory=dict)
    goal: str = ""
    apps: list[str] = Field(default_factory=list)
    difficulty: str = ""
    tags: list[str] = Field(default_factory=list)
    complexity: float = 1.0
    reward: float = 0.0
    success: bool = False
    steps: int = 0
    max_steps: int = 0
    duration_s: float = 0.0
    agent: str = ""
    device: str = ""
    error: str | None = None
    traceback: str | None = None
    details: dict[str, Any] = Field(default_factory=dict)


class RunManifest(BaseModel):
    """``run.json``: how a run was configured, so it can be resumed and cited."""

    model_config = ConfigDict(extra="allow")

    suite: list[str]
    tasks: list[str] | None = None
    n_combinations: int = 1
    seed: int = 30
    agent: str = "noop"
    devices: list[str] = Field(default_factory=list)
    droidhub_version: str = ""
    python_version: str = ""
    plugins: dict[str, str] = Field(default_factory=dict)
    created: str = ""
    episodes_planned: int = 0


def episode_id(family: str, task: str, instance: int) -> str:
    """The stable id of one episode of a run: ``family/task/instance``."""
    return f"{family}/{task}/{instance}"


def read_results(run_dir: Path) -> list[EpisodeResult]:
    """All complete results of a run, last one winning per episode id.

    A half-written last line (the run was killed while writing) is ignored.
    """
    found: dict[str, EpisodeResult] = {}
    for record in _read_lines(run_dir / RESULTS_FILE):
        found[record.episode_id] = record
    return list(found.values())


def _read_lines(path: Path) -> Iterator[EpisodeResult]:
    if not path.exists():
        return
    with path.open("r", encoding="utf-8") as fh:
        for line in fh:
            line = line.strip()
            if not line:
                continue
            try:
                yield EpisodeResult.model_validate_json(line)
            except ValueError:
                continue


class ResultsWriter:
    """Appends results to ``results.jsonl``, one flushed and fsynced line per episode."""

    def __init__(self, run_dir: Path) -> None:
        self.path = run_dir / RESULTS_FILE
        self._repair_tail()
        self._fh = self.path.open("a", encoding="utf-8")

    def _repair_tail(self) -> None:
        # A run killed mid-write can leave a partial last line; cut it so the next
        # append starts on a fresh line and the file stays one JSON object per line.
        if not self.path.exists():
            return
        data = self.path.read_bytes()
        if data and not data.endswith(b"\n"):
            cut = data.rfind(b"\n") + 1
            with self.path.open("r+b") as fh:
                fh.truncate(cut)

    def append(self, result: EpisodeResult) -> None:
        """Write one result and make it durable before returning."""
        self._fh.write(json.dumps(result.model_dump(mode="json"), ensure_ascii=False) + "\n")
        self._fh.flush()
        os.fsync(self._fh.fileno())

    def close(self) -> None:
        """Close the file."""
        self._fh.close()
