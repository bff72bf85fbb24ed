"""What a run leaves on disk: ``run.json``, ``results.jsonl`` and one folder per episode.

``results.jsonl`` has one :class:`EpisodeResult` per line, appended and flushed as each
episode finishes, so a stopped run loses nothing and a resumed one adds no duplicates.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from droidhub.results.layout import EpisodeFolder, RunFolder


class EpisodeResult(BaseModel):
    """One finished episode, as written to ``results.jsonl``.

    ``reward`` is in [0, 1]; ``success`` is true only when reward is exactly 1, so
    partial credit (composites, MiniWoB's partial rewards) is never counted as success.
    ``details`` holds task-specific facts: MiniWoB's raw reward, composite sub-rewards.
    ``error_source`` says whose fault an error was: ``agent`` (its reset or step
    raised), ``task`` (set-up, scoring or tear-down raised), ``device`` (the phone
    went away) or ``timeout``; ``error_kind`` in which part of the episode it arose:
    ``setup``, ``agent``, ``scoring`` or ``teardown``. ``usage`` sums the numbers
    agents report per step (tokens, cost, latency). ``attempt`` counts runs of this
    episode: earlier, errored attempts are kept in ``attempts.jsonl``
    (``droidhub run --retry-errors``).
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
    error_kind: str | None = None
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


def read_results(run_dir: Path) -> list[EpisodeResult]:
    """All complete results of a run, last one winning per episode id.

    A line that cannot be read as a result (damaged, or half-written by a killed run)
    is left out; :func:`unreadable_note` says which, :func:`repair_results` moves it.
    """
    return _latest(scan_results(RunFolder(run_dir).results).results)


def _latest(records: list[EpisodeResult]) -> list[EpisodeResult]:
    """``records`` with the last one of each episode id kept."""
    found: dict[str, EpisodeResult] = {}
    for record in records:
        found[record.episode_id] = record
    return list(found.values())


@dataclass(frozen=True)
class DamagedLine:
    """A line of ``results.jsonl`` that is not a result: its number (from 1), its text
    as found and why it was refused."""

    line: int
    text: str
    reason: str


@dataclass
class ResultsScan:
    """What ``results.jsonl`` holds: its readable results, its damaged lines, and
    whether its last line lacks its line end (a write that was cut short)."""

    results: list[EpisodeResult] = field(default_factory=list)
    damaged: list[DamagedLine] = field(default_factory=list)
    unterminated: bool = False


def scan_results(path: Path) -> ResultsScan:
    """Read a results file line by line, keeping the lines that are no result apart."""
    if not path.exists():
        return ResultsScan()
    check_regular(path)
    return _scan(path.read_bytes())


def _scan(data: bytes) -> ResultsScan:
    scan = ResultsScan()
    scan.unterminated = bool(data) and not data.endswith(b"\n")
    for number, raw in enumerate(data.split(b"\n"), start=1):
        if not raw.strip():
            continue
        text = raw.decode("utf-8", "replace")
        try:
            scan.results.append(EpisodeResult.model_validate_json(raw))
        except ValidationError as exc:
            error = exc.errors()[0]
            where = ".".join(str(part) for part in error["loc"])
            reason = f"{where}: {error['msg']}" if where else error["msg"]
            scan.damaged.append(DamagedLine(number, text, reason))
    return scan


def repair_results(run_dir: Path) -> tuple[list[str], list[EpisodeResult]]:
    """Make ``results.jsonl`` one result per line again; only the run that holds the
    folder's lock calls this. Returns one line per repair made, for the user, and the
    results recorded (as :func:`read_results` gives them), read in the same pass.

    A complete last result without its line end gets the line end (the result is
    kept). Every line that is no result (a half-written last line, a damaged one) is
    appended to ``results.rejected.jsonl`` with its line number, fsynced, and only then
    removed from ``results.jsonl`` (replaced atomically), so a kill at any moment
    leaves the line in one file or both, never in neither; its episode runs again.
    """
    folder = RunFolder(run_dir)
    path = folder.results
    if not path.exists():
        return [], []
    check_regular(path)
    data = path.read_bytes()
    scan = _scan(data)
    notes: list[str] = []
    try:
        if scan.unterminated and not scan.damaged:
            with path.open("ab") as fh:
                fh.write(b"\n")
                fh.flush()
                os.fsync(fh.fileno())
            notes.append(
                f"{path}: the last result had no line end (its write was cut short); "
                "added it, the result is kept"
            )
        if scan.damaged:
            _reject(folder.rejected, scan.damaged)
            bad = {d.line for d in scan.damaged}
            lines = data.split(b"\n")
            kept = [raw for n, raw in enumerate(lines, start=1) if n not in bad and raw.strip()]
            tmp = path.with_name(path.name + ".tmp")
            with tmp.open("wb") as fh:
                fh.write(b"".join(raw + b"\n" for raw in kept))
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, path)
            numbers = ", ".join(str(d.line) for d in scan.damaged)
            notes.append(
                f"{path}: moved {_count(len(scan.damaged), 'line')} that {_is(scan.damaged)} "
                f"no result (line {numbers}) to {folder.rejected}; "
                f"{'its episode runs' if len(scan.damaged) == 1 else 'their episodes run'} again"
            )
    except OSError as exc:
        raise write_error(Path(exc.filename or path), exc) from None
    return notes, _latest(scan.results)


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _is(items: list[DamagedLine]) -> str:
    return "is" if len(items) == 1 else "are"


def _reject(path: Path, damaged: list[DamagedLine]) -> None:
    """Append ``damaged`` to ``results.rejected.jsonl`` (each line once) and fsync."""
    known: set[tuple[int, str]] = set()
    if path.is_file():
        for raw in path.read_text(encoding="utf-8", errors="replace").splitlines():
            with contextlib.suppress(ValueError, KeyError, TypeError):
                row = json.loads(raw)
                known.add((int(row["line"]), str(row["text"])))
    with path.open("a", encoding="utf-8") as fh:
        for d in damaged:
            if (d.line, d.text) not in known:
                row = {"line": d.line, "reason": d.reason, "text": d.text}
                fh.write(json.dumps(row, ensure_ascii=False) + "\n")
        fh.flush()
        os.fsync(fh.fileno())


def unreadable_note(run_dir: Path) -> str | None:
    """One line naming what of a run's results could not be read, or None.

    For the commands that read a run without writing it (report, export, merge): the
    damaged lines still in ``results.jsonl`` and those a run already moved aside.
    """
    folder = RunFolder(run_dir)
    damaged = scan_results(folder.results).damaged
    moved = 0
    if folder.rejected.is_file():
        text = folder.rejected.read_text(encoding="utf-8", errors="replace")
        moved = sum(1 for raw in text.splitlines() if raw.strip())
    parts = []
    if damaged:
        numbers = ", ".join(str(d.line) for d in damaged[:5])
        numbers += ", ..." if len(damaged) > 5 else ""
        parts.append(
            f"{folder.results} line {numbers} {_is(damaged)} no result and left out "
            f"({damaged[0].reason}); `droidhub run` with this --out moves "
            f"{'it' if len(damaged) == 1 else 'them'} to {folder.rejected.name} "
            "and reruns the episode"
        )
    if moved:
        parts.append(f"{_count(moved, 'rejected line')} kept in {folder.rejected}")
    return "; ".join(parts) or None


class RunFolderError(OSError):
    """A run folder that cannot be read or written; the message names the path."""


def check_regular(path: Path) -> None:
    """Raise :class:`RunFolderError` if ``path`` exists but is not a regular file."""
    # Reading a device file (/dev/zero, a FIFO) as results would never end.
    if path.exists() and not path.is_file():
        raise RunFolderError(f"{path} is not a regular file; move it away or pick another --out")


def _read_lines(path: Path) -> Iterator[EpisodeResult]:
    yield from scan_results(path).results


class ResultsWriter:
    """Appends results to ``results.jsonl``, one flushed and fsynced line per episode."""

    def __init__(self, run_dir: Path) -> None:
        self.path = RunFolder(run_dir).results
        check_regular(self.path)
        #: What opening the file repaired (see :func:`repair_results`), for the user.
        self.notes: list[str] = []
        try:
            if _unterminated(self.path):  # an append would glue two lines together
                self.notes, _recorded = repair_results(run_dir)
            # O_NOFOLLOW: results go into the run folder, never through a planted link.
            flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW
            self._fd = os.open(self.path, flags, 0o644)
        except OSError as exc:
            raise write_error(self.path, exc) from None

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


def _unterminated(path: Path) -> bool:
    """Whether ``path`` is non-empty and its last byte is no line end."""
    if not path.is_file() or path.stat().st_size == 0:
        return False
    with path.open("rb") as fh:
        fh.seek(-1, os.SEEK_END)
        return fh.read(1) != b"\n"


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


def read_steps(folder: EpisodeFolder) -> list[dict[str, Any]]:
    """The recorded steps of an episode folder, one dict per line of ``steps.jsonl``
    (none if it holds none; a line cut short by a stopped run is left out)."""
    path = folder.steps
    if not path.is_file():
        return []
    steps = []
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            steps.append(json.loads(line))
        except json.JSONDecodeError:
            continue
    return steps
