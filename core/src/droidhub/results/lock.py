"""One run per output folder: ``OUT/.lock``, held with ``flock`` for the whole run.

The kernel drops an ``flock`` when its holder dies however it dies, so a lock left by
a killed run is simply free again; the pid written into the file is only there to
name the holder in the refusal.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
from pathlib import Path

from droidhub.results.layout import RunFolder


class RunFolderBusy(RuntimeError):
    """Another process is running into the same output folder."""


class RunLock:
    """Exclusive use of a run folder; use as a context manager around the run."""

    def __init__(self, out: Path) -> None:
        self.out = out
        self.path = RunFolder(out).lock
        self._fd: int | None = None

    def acquire(self) -> None:
        """Take the lock or raise :class:`RunFolderBusy` naming the holder's pid.

        OSError (a read-only or missing folder) is left to the caller to report.
        """
        self.out.mkdir(parents=True, exist_ok=True)
        try:
            # Never through a planted symlink: the lock would truncate its target.
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o644)
        except OSError as exc:
            if exc.errno != errno.ELOOP:
                raise
            raise OSError(
                exc.errno,
                "it is a symbolic link, which droidhub never follows; remove it",
                str(self.path),
            ) from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(fd, 32, 0).decode("ascii", "replace").strip() or "unknown"
            os.close(fd)
            raise RunFolderBusy(
                f"{self.out} is in use by another droidhub run (pid {holder}); wait for it "
                "to finish or pass another --out"
            ) from None
        except BaseException:
            os.close(fd)
            raise
        pid = f"{os.getpid()}\n".encode("ascii")
        os.pwrite(fd, pid, 0)
        os.ftruncate(fd, len(pid))
        self._fd = fd

    def release(self) -> None:
        """Give the folder up (the file stays; an unlocked file means a free folder)."""
        if self._fd is None:
            return
        with contextlib.suppress(OSError):
            os.ftruncate(self._fd, 0)
        os.close(self._fd)  # closing drops the flock
        self._fd = None

    def __enter__(self) -> RunLock:
        self.acquire()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.release()
