"""What a run leaves on disk: ``run.json``, ``results.jsonl`` and one folder per episode.

``results.jsonl`` has one :class:`EpisodeResult` per line, appended and flushed as each
episode finishes, so a stopped run loses nothing and a resumed one adds no duplicates.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from droidhub.run_layout import RunFolder


class EpisodeResult(BaseModel):
    """One finished episode, as written to ``results.jsonl``.

    ``reward`` is in [0, 1]; ``success`` is true only when reward is exactly 1, so
    partial credit (composites, MiniWoB's partial rewards) is never counted as success.
    ``details`` holds task-specific facts: MiniWoB's raw reward, composite sub-rewards.
    ``error_source`` says whose fault an error was: ``agent`` (its reset or step
    raised), ``task`` (set-up, scoring or tear-down raised), ``device`` (the phone
    went away) or ``timeout``. ``usage`` sums the numbers agents report per step
    (tokens, cost, latency). ``attempt`` counts runs of this episode: earlier,
    errored attempts are kept in ``attempts.jsonl`` (``droidhub run --retry-errors``).
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
    error_source: str | None = None
    traceback: str | None = None
    details: dict[str, Any] = Field(default_factory=dict)
    usage: dict[str, float] = Field(default_factory=dict)
    attempt: int = 1


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
    for record in _read_lines(RunFolder(run_dir).results):
        found[record.episode_id] = record
    return list(found.values())


class RunFolderError(OSError):
    """A run folder that cannot be read or written; the message names the path."""


def check_regular(path: Path) -> None:
    """Raise :class:`RunFolderError` if ``path`` exists but is not a regular file."""
    # Reading a device file (/dev/zero, a FIFO) as results would never end.
    if path.exists() and not path.is_file():
        raise RunFolderError(f"{path} is not a regular file; move it away or pick another --out")


def _read_lines(path: Path) -> Iterator[EpisodeResult]:
    if not path.exists():
        return
    check_regular(path)
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
        self.path = RunFolder(run_dir).results
        check_regular(self.path)
        try:
            self._repair_tail()
            self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        except OSError as exc:
            raise write_error(self.path, exc) from None

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
        """Write one result and make it durable before returning.

        Raises :class:`RunFolderError` if the disk refuses (full, read-only); a line
        that went out only in part is cut again, so the file never holds half a result.
        """
        line = json.dumps(result.model_dump(mode="json"), ensure_ascii=False) + "\n"
        data = line.encode("utf-8")
        start = os.lseek(self._fd, 0, os.SEEK_END)
        try:
            # Unbuffered: nothing of a refused line lingers to be written at close.
            written = 0
            while written < len(data):
                written += os.write(self._fd, data[written:])
            os.fsync(self._fd)
        except OSError as exc:
            with contextlib.suppress(OSError):
                os.truncate(self.path, start)
            raise write_error(self.path, exc) from None

    def close(self) -> None:
        """Close the file (a write the disk refused is not raised again here)."""
        with contextlib.suppress(OSError):
            os.close(self._fd)


def write_error(path: Path, exc: OSError) -> RunFolderError:
    """A one-line :class:`RunFolderError` for a write to ``path`` that failed."""
    error = RunFolderError(f"cannot write {path}: {exc.strerror or exc}")
    error.errno = exc.errno
    return error


def read_attempts(run_dir: Path) -> list[EpisodeResult]:
    """Earlier attempts of episodes that were run again (``attempts.jsonl``)."""
    return list(_read_lines(RunFolder(run_dir).attempts))


def next_attempts(run_dir: Path) -> dict[str, int]:
    """The attempt number the next run of each episode in ``attempts.jsonl`` gets."""
    found: dict[str, int] = {}
    for a in _read_lines(RunFolder(run_dir).attempts):
        found[a.episode_id] = max(found.get(a.episode_id, 1), a.attempt + 1)
    return found


def set_aside_errored(run_dir: Path) -> dict[str, int]:
    """Move every errored result out of ``results.jsonl`` into ``attempts.jsonl``.

    Returns, per moved episode, the attempt number its next run gets. Crash-safe in
    both orders: the attempts are appended (fsynced, each at most once) before
    ``results.jsonl`` is replaced atomically by its copy without them, so a kill at
    any moment leaves every result in one file or the other, never in neither.
    """
    results_path = RunFolder(run_dir).results
    final = read_results(run_dir)
    errored = [r for r in final if r.error is not None]
    if not errored:
        return {}
    attempts_path = RunFolder(run_dir).attempts
    kept = {(a.episode_id, a.attempt) for a in _read_lines(attempts_path)}
    try:
        with attempts_path.open("a", encoding="utf-8") as fh:
            for r in errored:
                if (r.episode_id, r.attempt) not in kept:
                    fh.write(json.dumps(r.model_dump(mode="json"), ensure_ascii=False) + "\n")
            fh.flush()
            os.fsync(fh.fileno())
        gone = {r.episode_id for r in errored}
        tmp = results_path.with_name(results_path.name + ".tmp")
        with tmp.open("w", encoding="utf-8") as fh:
            for r in final:
                if r.episode_id not in gone:
                    fh.write(json.dumps(r.model_dump(mode="json"), ensure_ascii=False) + "\n")
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, results_path)
    except OSError as exc:
        raise write_error(Path(exc.filename or run_dir), exc) from None
    return {r.episode_id: r.attempt + 1 for r in errored}
