"""What the environment sets for virtual phones, read and checked in one place: where
their sandboxes go ($DROIDHUB_VIRTUAL_DIR, else $TMPDIR or /var/tmp, or /dev/shm for
scratch phones), their storage ($DROIDHUB_VIRTUAL_STORAGE,
:mod:`droidhub.virtual.storage`) and the event loop their adb server runs on
($DROIDHUB_EVENT_LOOP). :func:`check_phone_settings` refuses a wrong value in one line
before any phone starts; the server (:mod:`droidhub.virtual.server`) and the commands
that start phones call it.
"""

from __future__ import annotations

import asyncio
import os

from droidhub.virtual.storage import storage_from_env

#: Environment variable naming the folder that holds phone sandboxes.
SANDBOX_ENV = "DROIDHUB_VIRTUAL_DIR"


class SandboxFolderError(ValueError):
    """$DROIDHUB_VIRTUAL_DIR names something that is not a folder."""


def sandbox_base(scratch: bool = False) -> str | None:
    """Where phone sandboxes go: $DROIDHUB_VIRTUAL_DIR (:class:`SandboxFolderError` if
    it is not a folder), else the temporary folder on disk: $TMPDIR when it is set,
    else :data:`DISK_TEMP_FOLDER` (/var/tmp) where it is a writable folder, else None
    (the system temp folder).

    On disk, not in memory, unless asked (``DROIDHUB_VIRTUAL_DIR=/dev/shm``): a phone may
    hold its whole storage size (6 GiB by default), which on a RAM-backed folder would be
    the host's memory. /tmp is RAM-backed on many systems (tmpfs on Fedora, Arch, Debian
    13 and later), /var/tmp is kept on disk (the FHS's place for larger temporary files).
    tmpfs makes a fresh phone faster where the disk is slow (a phone makes about a
    hundred folders and a few SQLite databases), hence the choice stays open.

    ``scratch`` phones are the exception: ``droidhub check`` makes hundreds, each driven
    for seconds by droidhub's own oracles and solvers, holding one task's few files and
    never a client's push; the Gymnasium env's are reached only through its actions.
    They go to /dev/shm where it is a writable folder with :data:`SCRATCH_ROOM` free (on
    this project's 2-core machines, ``check --ui`` over AndroidWorld's 113 tasks took
    44 s with its phones on disk, 30 s on /dev/shm).
    """
    chosen = os.environ.get(SANDBOX_ENV)
    if chosen:
        if not os.path.isdir(chosen):
            raise SandboxFolderError(
                f"{SANDBOX_ENV}={chosen} is not a folder: create it, or unset "
                f"{SANDBOX_ENV} to keep the phones in the temporary folder on disk"
            )
        return chosen
    if scratch and _has_room(SCRATCH_FOLDER, SCRATCH_ROOM):
        return SCRATCH_FOLDER
    if not os.environ.get("TMPDIR") and _writable_folder(DISK_TEMP_FOLDER):
        return DISK_TEMP_FOLDER
    return None


#: The temporary folder kept on disk, where sandboxes go when nothing else is set.
DISK_TEMP_FOLDER = "/var/tmp"
#: The RAM-backed folder scratch phones prefer, and the free space it must have.
SCRATCH_FOLDER = "/dev/shm"
SCRATCH_ROOM = 1 << 30


def _has_room(folder: str, room: int) -> bool:
    try:
        stats = os.statvfs(folder)
    except OSError:
        return False
    return _writable_folder(folder) and stats.f_bavail * stats.f_frsize >= room


def _writable_folder(folder: str) -> bool:
    return os.path.isdir(folder) and os.access(folder, os.W_OK | os.X_OK)


def check_phone_settings(scratch: bool = False) -> None:
    """Refuse, before any phone starts, what the environment sets wrong for phones: a
    ValueError naming $DROIDHUB_VIRTUAL_DIR (:class:`SandboxFolderError`),
    $DROIDHUB_VIRTUAL_STORAGE or $DROIDHUB_EVENT_LOOP and what to do about it."""
    sandbox_base(scratch)
    storage_from_env()
    event_loop_name()


#: Environment variable naming the adb server's event loop: ``uvloop`` (the default
#: where it is installed) or ``asyncio``.
EVENT_LOOP_ENV = "DROIDHUB_EVENT_LOOP"
_EVENT_LOOPS = ("uvloop", "asyncio")


def event_loop_name() -> str:
    """The event loop $DROIDHUB_EVENT_LOOP names (ValueError for another value), else
    uvloop where it is installed (not on Windows), else asyncio's own. uvloop accepts,
    reads and writes in libuv's C: about a quarter less CPU a connection
    (benchmarks/server_cpu.py measures both)."""
    name = os.environ.get(EVENT_LOOP_ENV, "").strip().lower()
    if name and name not in _EVENT_LOOPS:
        raise ValueError(
            f"${EVENT_LOOP_ENV}={name!r}: name one of {', '.join(_EVENT_LOOPS)}, or unset it"
        )
    if name in ("", "uvloop"):
        try:
            import uvloop  # noqa: F401
        except ImportError:
            if name:
                raise ValueError(
                    f"${EVENT_LOOP_ENV}=uvloop but uvloop is not installed: "
                    "pip install uvloop, or unset it"
                ) from None
            return "asyncio"
        return "uvloop"
    return "asyncio"


def new_event_loop(name: str) -> asyncio.AbstractEventLoop:
    """A new event loop of the kind :func:`event_loop_name` named."""
    if name == "uvloop":
        import uvloop

        return uvloop.new_event_loop()
    return asyncio.new_event_loop()
