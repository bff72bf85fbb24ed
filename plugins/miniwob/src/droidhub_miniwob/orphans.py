"""No browser outlives the process that started it, even one killed with SIGKILL.

Two mechanisms, because either alone leaves a gap:

1. **Parent-death signal.** On Linux each browser is started with
   ``PR_SET_PDEATHSIG = SIGKILL``: the kernel kills it the moment its parent goes.
   The kernel means the parent *thread*, and browsers are started from short-lived
   runner and shell worker threads, so :func:`spawn` forks from one long-lived
   launcher thread of droidhub's own, which lives as long as the process. The
   browser's helpers (zygotes, renderers, GPU and network processes) exit by
   themselves once the browser's end of their channels closes.
2. **Owner records.** Each browser's work folder (``droidhub-chromium-*`` in the
   temp dir, holding its profile) records its owner's pid and start time and the
   browser's process group (:func:`record_owner`), and every process of the browser
   carries the folder's path in ``DROIDHUB_BROWSER_DIR``. The next browser start
   (:func:`reap_orphans`) kills the processes of folders whose owner is dead and
   deletes the folders: what the signal missed (another platform, a kill between
   fork and prctl) goes then.

Only processes that carry the folder's marker are killed: a recycled process group
or pid never takes an unrelated process with it.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import ctypes
import json
import os
import queue
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

#: Work folders of browsers are named with this prefix, in the temp dir.
WORKDIR_PREFIX = "droidhub-chromium-"
#: File in a work folder naming its owner and the browser's process group.
OWNER_FILE = "owner.json"
#: Environment variable every process of a browser carries: its work folder.
MARKER_ENV = "DROIDHUB_BROWSER_DIR"
#: The browser's profile (``--user-data-dir``), inside its work folder.
PROFILE = "profile"
#: How Chromium names the folder in $TMPDIR that holds a profile's singleton socket.
SINGLETON_PREFIX = "org.chromium.Chromium."

_PR_SET_PDEATHSIG = 1
_SIGKILL = int(signal.SIGKILL)
_prctl: Any = None
if sys.platform.startswith("linux"):
    with contextlib.suppress(OSError, AttributeError):
        # Looked up now: the child between fork and exec should call, not resolve.
        _prctl = ctypes.CDLL(None, use_errno=True).prctl


class _Launcher:
    """One daemon thread per process that runs every browser's fork: the parent
    thread whose exit fires the parent-death signal lives as long as the process."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._pid: int | None = None
        self._jobs: queue.SimpleQueue[tuple[Callable[[], Any], concurrent.futures.Future[Any]]]
        self._jobs = queue.SimpleQueue()

    def run(self, job: Callable[[], Any]) -> Any:
        """Run ``job`` on the launcher thread and return its result (or raise)."""
        with self._lock:
            if self._pid != os.getpid():  # first use, or a forked child without the thread
                self._pid = os.getpid()
                self._jobs = queue.SimpleQueue()
                jobs = self._jobs
                threading.Thread(
                    target=self._serve, args=(jobs,), name="droidhub-browser-launcher", daemon=True
                ).start()
            jobs = self._jobs
        done: concurrent.futures.Future[Any] = concurrent.futures.Future()
        jobs.put((job, done))
        return done.result()

    @staticmethod
    def _serve(
        jobs: queue.SimpleQueue[tuple[Callable[[], Any], concurrent.futures.Future[Any]]],
    ) -> None:
        while True:
            job, done = jobs.get()
            try:
                done.set_result(job())
            except BaseException as exc:  # handed to the caller, who raises it
                done.set_exception(exc)


_LAUNCHER = _Launcher()


def spawn(
    args: list[str], child_setup: Callable[[], None] | None = None, **popen: Any
) -> subprocess.Popen[bytes]:
    """``subprocess.Popen(args, **popen)`` in a new session, killed by the kernel when
    this process dies (Linux). ``child_setup`` runs in the child before exec, after
    the signal is armed; it must only make system calls (no locks)."""
    parent = os.getpid()

    def setup() -> None:
        if _prctl is not None:
            _prctl(_PR_SET_PDEATHSIG, _SIGKILL, 0, 0, 0)
            if os.getppid() != parent:  # the parent died before the signal was armed
                os._exit(1)
        if child_setup is not None:
            child_setup()

    def launch() -> subprocess.Popen[bytes]:
        return subprocess.Popen(args, start_new_session=True, preexec_fn=setup, **popen)

    result: subprocess.Popen[bytes] = _LAUNCHER.run(launch)
    return result


def _start_time(pid: int) -> str | None:
    """The process's start time (clock ticks since boot), which tells a pid reused by
    a new process from the one recorded; None where /proc cannot say."""
    try:
        # Fields after the command name (which may hold spaces); starttime is field 22.
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[19]
    except (OSError, IndexError):
        return None


def record_owner(workdir: Path, pgid: int | None) -> None:
    """Write who owns the browser in ``workdir``: this process, and its group ``pgid``
    (None before it starts: a sweep then looks for its marker in every group)."""
    record = {"owner": os.getpid(), "owner_start": _start_time(os.getpid()), "pgid": pgid}
    path = Path(workdir, OWNER_FILE)
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps(record), encoding="ascii")
    temporary.replace(path)  # a sweep never reads half a record


def _owner_alive(record: dict[str, Any]) -> bool:
    pid = record.get("owner")
    if not isinstance(pid, int) or pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process has the pid now: ours is gone
        return False
    started = record.get("owner_start")
    return started is None or _start_time(pid) in (None, started)


def remove_workdir(workdir: str | Path) -> None:
    """Delete a browser's work folder, and the folder Chromium made for its profile's
    singleton socket: that one lies in $TMPDIR (a link in the profile names it), and
    only a graceful exit deletes it, which a browser ended with SIGKILL never has."""
    singleton = _singleton_folder(Path(workdir, PROFILE))
    shutil.rmtree(workdir, ignore_errors=True)
    if singleton is not None:
        shutil.rmtree(singleton, ignore_errors=True)


def _singleton_folder(profile: Path) -> Path | None:
    """The folder ``profile``'s SingletonSocket link points into, if it is Chromium's
    (by its name) and a folder of this user's; else None."""
    try:
        folder = Path(os.readlink(profile / "SingletonSocket")).parent
        info = folder.lstat()
    except OSError:
        return None
    mine = info.st_uid == os.getuid() and stat.S_ISDIR(info.st_mode)
    return folder if mine and folder.name.startswith(SINGLETON_PREFIX) else None


#: The longest $TMPDIR under which Chromium's singleton socket path
#: (``$TMPDIR/org.chromium.Chromium.XXXXXX/SingletonSocket``) fits in a Unix socket
#: address (107 bytes and a NUL); past it Chromium aborts at start-up.
LONGEST_TMPDIR = 107 - len("/org.chromium.Chromium.XXXXXX/SingletonSocket")


def browser_environment(workdir: Path) -> dict[str, str]:
    """The environment a browser working in ``workdir`` starts with: this process's,
    plus the marker that ties each of its processes to the folder. Under a $TMPDIR too
    long for its singleton socket (deep scratch folders of batch systems and test
    runners), the browser gets /tmp instead, where it would otherwise abort."""
    environment = {**os.environ, MARKER_ENV: str(workdir)}
    if len(os.fsencode(tempfile.gettempdir())) > LONGEST_TMPDIR and os.path.isdir("/tmp"):
        environment["TMPDIR"] = "/tmp"
    return environment


def _marker(environ: bytes) -> str | None:
    """The folder name a process's environment (``/proc/PID/environ``) marks it with."""
    key = MARKER_ENV.encode() + b"="
    for entry in environ.split(b"\0"):
        if entry.startswith(key):
            return os.path.basename(entry[len(key) :].decode(errors="replace"))
    return None


def _marked_processes(workdir: Path, pgid: int | None) -> list[int]:
    """Our processes in group ``pgid`` (any group when None) marked with ``workdir``."""
    found: list[int] = []
    try:
        entries = os.listdir("/proc")
    except OSError:
        return found
    for entry in entries:
        if not entry.isdigit() or int(entry) == os.getpid():
            continue
        try:
            if pgid is not None and os.getpgid(int(entry)) != pgid:
                continue
            environ = Path(f"/proc/{entry}/environ").read_bytes()
        except OSError:
            continue
        if _marker(environ) == workdir.name:
            found.append(int(entry))
    return found


def reap_orphans(base: Path | None = None) -> list[Path]:
    """Kill the browsers whose owner process is dead and delete their work folders;
    return the folders. A folder another user owns, or whose record is missing while
    its owner may still be writing it, is left alone."""
    base = Path(base or tempfile.gettempdir())
    reaped = []
    for folder in base.glob(WORKDIR_PREFIX + "*"):
        try:
            info = folder.lstat()  # a symlink is not a work folder, whatever it points at
            if info.st_uid != os.getuid() or not stat.S_ISDIR(info.st_mode):
                continue
            record = json.loads(Path(folder, OWNER_FILE).read_text(encoding="ascii"))
        except (OSError, ValueError):
            continue
        if not isinstance(record, dict) or _owner_alive(record):
            continue
        pgid = record.get("pgid")
        for pid in _marked_processes(folder, pgid if isinstance(pgid, int) else None):
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)
        remove_workdir(folder)
        reaped.append(folder)
    return reaped
