"""The progress lines of a run: one per finished episode, with counts, errors,
quarantined devices and an estimate of the time left."""

from __future__ import annotations

import sys
import threading
import time
from typing import TextIO

from droidhub.results.records import EpisodeResult


class Progress:
    """Prints one line per finished episode: counts, errors, quarantined devices and an
    estimate of the time left."""

    def __init__(
        self, total: int, done_before: int, stream: TextIO | None = None, errored: int = 0
    ) -> None:
        self.total = total
        self.done = done_before
        self.errored = errored
        self.quarantined: list[str] = []
        self.started = time.monotonic()
        self.finished_here = 0
        self.stream = stream if stream is not None else sys.stderr
        self.lock = threading.Lock()

    def episode(self, result: EpisodeResult) -> None:
        """Report one finished episode."""
        with self.lock:
            self.done += 1
            self.finished_here += 1
            self.errored += 1 if result.error else 0
            elapsed = time.monotonic() - self.started
            left = (self.total - self.done) * elapsed / self.finished_here
            extra = f" errors={self.errored}" if self.errored else ""
            if self.quarantined:
                extra += f" quarantined={','.join(self.quarantined)}"
            status = f" ERROR {result.error.splitlines()[0][:80]}" if result.error else ""
            self.stream.write(
                f"[{self.done}/{self.total}] {result.episode_id} on {result.device}: "
                f"reward={result.reward:.2f} steps={result.steps} {result.duration_s:.1f}s "
                f"(~{left:.0f}s left){extra}{status}\n"
            )
            self.stream.flush()

    def note(self, line: str) -> None:
        """Print one line between the episode lines."""
        with self.lock:
            self.stream.write(line + "\n")
            self.stream.flush()

    def quarantine(self, serial: str, why: str) -> None:
        """Report a device taken out of the run."""
        with self.lock:
            self.quarantined.append(serial)
        self.note(f"device {serial} quarantined: {why}")
