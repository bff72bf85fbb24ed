"""How a run ends: the exit codes of ``droidhub run``, :class:`RunOutcome`, and SIGTERM
turned into an orderly stop (:func:`stop_on_sigterm`)."""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from droidhub.results.records import EpisodeResult

#: Exit codes of ``droidhub run`` (also in its --help and docs/decisions.md).
EXIT_OK = 0
EXIT_FAILED = 1  # the run could not go on: output folder busy or unwritable
EXIT_ERRORED = 3  # the run finished, but some episodes ended in an error
EXIT_DEVICES_LOST = 4  # every device was quarantined; unrun episodes wait for a rerun
EXIT_STOPPED = 5  # early stop (the same agent error K times) or a FatalAgentError
EXIT_INTERRUPTED = 130  # Ctrl-C
EXIT_TERMINATED = 143  # SIGTERM (128 + 15), what systemd, Slurm, Kubernetes and timeout send


class Terminated(KeyboardInterrupt):
    """Raised in the main thread on SIGTERM (see :func:`stop_on_sigterm`): a run stops
    as on Ctrl-C (episodes in flight torn down, not recorded), exiting 143."""


@contextlib.contextmanager
def stop_on_sigterm() -> Iterator[None]:
    """Within the block, SIGTERM raises :class:`Terminated` in the main thread, as
    Ctrl-C raises KeyboardInterrupt, so a run stops in order instead of dying."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def raise_terminated(signum: int, frame: object) -> None:
        raise Terminated

    previous = signal.signal(signal.SIGTERM, raise_terminated)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


@dataclass
class RunOutcome:
    """How a run ended; ``droidhub run`` turns it into its exit code."""

    #: Results written by this invocation.
    recorded: int = 0
    #: Episodes of the run (recorded by any invocation) that ended in an error.
    errored: int = 0
    #: Quarantined devices, with the last device error of each.
    quarantined: dict[str, str] = field(default_factory=dict)
    #: Why the run stopped before its end: interrupted, early_stop, fatal_agent,
    #: devices_lost or disk; None when it ran every episode it could.
    stop: str | None = None
    message: str = ""
    #: Episodes cut off by the stop: not recorded, so a rerun runs them.
    unfinished: list[str] = field(default_factory=list)
    #: How many of :attr:`unfinished` were still queued (never started) at the stop.
    not_started: int = 0

    @property
    def exit_code(self) -> int:
        """The exit code of ``droidhub run`` for this outcome."""
        codes = {
            "interrupted": EXIT_INTERRUPTED,
            "terminated": EXIT_TERMINATED,
            "early_stop": EXIT_STOPPED,
            "fatal_agent": EXIT_STOPPED,
            "devices_lost": EXIT_DEVICES_LOST,
            "disk": EXIT_FAILED,
        }
        if self.stop is not None:
            return codes.get(self.stop, EXIT_FAILED)
        return EXIT_ERRORED if self.errored else EXIT_OK


def early_stop_message(first: Sequence[EpisodeResult], k: int) -> str:
    """Why to stop early, or "": when the first ``k`` episodes recorded all failed with
    the same agent error (``--early-stop K``; 0 never stops)."""
    if not k or len(first) != k:
        return ""
    errors = {r.error for r in first}
    if len(errors) != 1 or any(r.error_source != "agent" for r in first):
        return ""
    (error,) = errors
    first_line = (error or "").splitlines()[0]
    return (
        f"stopped early: the first {k} episodes all failed with the same agent error: "
        f"{first_line} (fix the agent, then rerun with --retry-errors; "
        "--early-stop 0 turns this check off)"
    )
