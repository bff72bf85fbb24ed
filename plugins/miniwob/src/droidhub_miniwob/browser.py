"""A headless Chromium, driven over a DevTools pipe.

The virtual WebView app runs one :class:`Chromium` per virtual phone. The process is
started in its own process group with a fresh profile and DevTools on a pipe
(``--remote-debugging-pipe``, :mod:`droidhub_miniwob.cdp`): no port listens, so no
other local user or process can drive the browser. :meth:`Chromium.close` ends the
whole group and deletes the profile; a finalizer does the same at interpreter exit;
and a process killed outright takes its browsers with it (:mod:`droidhub_miniwob.orphans`).
"""

from __future__ import annotations

import contextlib
import fcntl
import logging
import os
import shutil
import signal
import subprocess
import tempfile
import weakref
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from droidhub_miniwob.cdp import CdpConnection, CdpError, CdpSession
from droidhub_miniwob.origin import PageOrigin, refuse_all
from droidhub_miniwob.orphans import (
    PROFILE,
    WORKDIR_PREFIX,
    browser_environment,
    reap_orphans,
    record_owner,
    remove_workdir,
    spawn,
)

__all__ = ["BrowserNotFoundError", "CdpError", "CdpSession", "Chromium", "find_chromium"]

#: Environment variable naming the browser binary; checked before PATH.
CHROMIUM_ENV = "DROIDHUB_CHROMIUM"
#: Names looked up on PATH, in order.
CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")

#: Flags every browser starts with: headless, nothing that phones home or updates,
#: no first-run UI, no sandbox (containers and CI rarely allow it).
BASE_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--disable-extensions",
    "--disable-default-apps",
    "--disable-dev-shm-usage",
    "--mute-audio",
    "--hide-scrollbars",
    # Keep timers and rendering running at full speed while nobody "looks" at the page.
    "--disable-background-timer-throttling",
    "--disable-renderer-backgrounding",
    "--disable-backgrounding-occluded-windows",
    # Frames when there is something to draw, not at the next 60 Hz tick: a tap is
    # answered, and a screenshot taken, without waiting up to 16.7 ms for the tick
    # (benchmarks/miniwob_step.py: tree-only step 33 -> 11-18 ms). Animations are
    # timed by the clock, so they run no faster, only in more frames.
    "--disable-gpu-vsync",
    "--disable-frame-rate-limit",
)

#: Flags that close what a page could reach besides its own origin. The structural
#: guard is the request interception (:mod:`droidhub_miniwob.origin`); these back it
#: and cover what it does not see: no host name or IP address resolves (WebSockets,
#: which the interception misses, reach no host, not even a local port), no proxy is
#: consulted, no sandboxed file system API, and every permission prompt (camera,
#: location, clipboard...) is answered no.
ISOLATION_FLAGS = (
    "--host-resolver-rules=MAP * ~NOTFOUND",
    "--no-proxy-server",
    "--disable-file-system",
    "--deny-permission-prompts",
)

_START_TIMEOUT_S = 20.0
#: Launches tried before a browser that does not start is reported: on a loaded machine
#: Chromium now and then dies before its DevTools pipe answers, or stays silent past
#: :data:`_START_TIMEOUT_S` (seen in this project's test runs on 2-core machines, about
#: one launch in some hundreds), and a second launch then comes up.
_START_ATTEMPTS = 2

log = logging.getLogger(__name__)


class BrowserNotFoundError(RuntimeError):
    """No Chromium binary was found."""


class _ExitedAtStart(CdpError):
    """The browser process ended before it answered on its DevTools pipe."""


def _has_exited(proc: subprocess.Popen[bytes]) -> bool:
    """Whether ``proc`` has ended, or ends within half a second (its pipe closes a
    moment before the kernel reports the exit)."""
    try:
        proc.wait(timeout=0.5)
    except subprocess.TimeoutExpired:
        return False
    return True


def find_chromium() -> str:
    """The browser binary: ``$DROIDHUB_CHROMIUM``, else the first of
    :data:`CHROMIUM_NAMES` on PATH; a clear error saying how to get one otherwise."""
    configured = os.environ.get(CHROMIUM_ENV, "").strip()
    if configured:
        found = shutil.which(configured)
        if found is None:
            raise BrowserNotFoundError(
                f"{CHROMIUM_ENV}={configured!r} is not an executable; point it at a "
                "Chromium or Chrome binary, or unset it to search PATH"
            )
        return found
    for name in CHROMIUM_NAMES:
        found = shutil.which(name)
        if found is not None:
            return found
    raise BrowserNotFoundError(
        "no Chromium found for the MiniWoB++ virtual WebView app (looked for "
        f"{', '.join(CHROMIUM_NAMES)} on PATH). Install one, e.g. "
        "`apt-get install chromium` (Debian/Ubuntu), or set "
        f"{CHROMIUM_ENV}=/path/to/chrome"
    )


def _stop_group(proc: subprocess.Popen[bytes], workdir: str, cdp: CdpConnection | None) -> None:
    """End the browser's process group (it forks renderers and helpers), close the
    pipe and delete its profile. A plain function so that the finalizer holds no
    reference to the owner.

    SIGKILL at once: the profile is thrown away, so there is nothing for a graceful
    shutdown to save, and it takes half a second.
    """
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, signal.SIGKILL)
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(timeout=5)
    if cdp is not None:
        cdp.close()
    remove_workdir(workdir)


def _high_fd(fd: int) -> int:
    """``fd`` moved to a number of 10 or more (close-on-exec), so that the child's
    ``dup2`` onto 3 and 4 cannot overwrite the other end it still needs."""
    moved = fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10)
    os.close(fd)
    return moved


class Chromium:
    """One headless browser process with a fresh profile and a DevTools pipe.

    Every request the browser makes is intercepted: ``origin`` answers those for its
    pages (:data:`droidhub_miniwob.origin.ORIGIN`), and all others fail; without an
    origin every request fails. Start it with :meth:`start` (or use it as a context
    manager); :meth:`page` is the DevTools session of its single tab; :attr:`cdp` the
    browser-wide connection.
    """

    def __init__(
        self,
        executable: str | None = None,
        extra_flags: Sequence[str] = (),
        origin: PageOrigin | None = None,
    ) -> None:
        self.executable = executable or find_chromium()
        self.extra_flags = tuple(extra_flags)
        self.origin = origin
        self._proc: subprocess.Popen[bytes] | None = None
        self._workdir: str | None = None
        self._finalizer: weakref.finalize[Any, Any] | None = None
        self._page: CdpSession | None = None
        self._cdp: CdpConnection | None = None

    @property
    def pid(self) -> int | None:
        """Process id of the browser (the leader of its process group), if running."""
        return self._proc.pid if self._proc is not None else None

    @property
    def cdp(self) -> CdpConnection | None:
        """The browser-wide DevTools connection, while the browser runs."""
        return self._cdp

    def is_running(self) -> bool:
        """Whether the browser process is alive."""
        return self._proc is not None and self._proc.poll() is None

    def start(self) -> Chromium:
        """Launch the browser and wait until it answers on its DevTools pipe; a browser
        that exits while starting, or stays silent past the start's limit (it is then
        stopped), is launched once more before the error is raised."""
        if self.is_running():
            return self
        for attempt in range(1, _START_ATTEMPTS):
            try:
                return self._launch()
            except (CdpError, OSError) as exc:
                log.warning("%s did not start (attempt %d): %s", self.executable, attempt, exc)
        return self._launch()  # the last attempt: its error is raised

    def _launch(self) -> Chromium:
        reap_orphans()  # browsers of droidhub processes that were killed outright
        workdir = tempfile.mkdtemp(prefix=WORKDIR_PREFIX)
        record_owner(Path(workdir), None)
        profile = Path(workdir, PROFILE)
        profile.mkdir()
        log_path = Path(workdir, "stderr.log")
        args = [
            self.executable,
            *BASE_FLAGS,
            *ISOLATION_FLAGS,
            f"--user-data-dir={profile}",
            "--remote-debugging-pipe",
            *self.extra_flags,
            "about:blank",
        ]
        # Commands go down one pipe (the browser's fd 3), answers come up another (its fd 4).
        browser_reads, we_write = os.pipe()
        we_read, browser_writes = os.pipe()
        browser_reads, browser_writes = _high_fd(browser_reads), _high_fd(browser_writes)

        def child_fds() -> None:
            os.dup2(browser_reads, 3)
            os.dup2(browser_writes, 4)

        try:
            with open(log_path, "wb") as log:
                # Killed with this process (see orphans.spawn), in a session of its own.
                proc = spawn(
                    args,
                    child_setup=child_fds,
                    stdin=subprocess.DEVNULL,
                    stdout=subprocess.DEVNULL,
                    stderr=log,
                    pass_fds=(3, 4),
                    env=browser_environment(Path(workdir)),
                )
        except BaseException:
            for fd in (browser_reads, browser_writes, we_read, we_write):
                os.close(fd)
            remove_workdir(workdir)
            raise
        os.close(browser_reads)
        os.close(browser_writes)
        record_owner(Path(workdir), proc.pid)  # its process group: it leads a new session
        cdp = CdpConnection(
            we_write, we_read, self.origin.on_event if self.origin is not None else refuse_all
        )
        self._proc, self._workdir, self._cdp = proc, workdir, cdp
        self._finalizer = weakref.finalize(self, _stop_group, proc, workdir, cdp)
        try:
            cdp.result(cdp.send("Browser.getVersion", {}), "Browser.getVersion", _START_TIMEOUT_S)
            # Browser-wide, so that every page, frame, popup and worker is covered.
            cdp.call("Fetch.enable", patterns=[{"urlPattern": "*"}])
        except BaseException as exc:
            exited = _has_exited(proc)
            tail = log_path.read_text(errors="replace")[-800:] if log_path.exists() else ""
            self.close()
            if isinstance(exc, CdpError):
                message = f"{self.executable} did not answer on its DevTools pipe: {exc}; {tail}"
                raise (_ExitedAtStart if exited else CdpError)(message) from exc
            raise
        return self

    def page(self) -> CdpSession:
        """The DevTools session of the browser's tab (attached on first use)."""
        if self._page is not None and not self._page.closed:
            return self._page
        if not self.is_running():
            self.start()
        cdp = self._cdp
        assert cdp is not None
        targets = cdp.call("Target.getTargets")["targetInfos"]
        pages = [t["targetId"] for t in targets if t.get("type") == "page"]
        if not pages:
            pages = [cdp.call("Target.createTarget", url="about:blank")["targetId"]]
        self._page = self.attach(pages[0])
        return self._page

    def attach(self, target_id: str) -> CdpSession:
        """A DevTools session with the page ``target_id`` of the running browser."""
        cdp = self._cdp
        if cdp is None:
            raise CdpError("the browser is not running")
        attached = cdp.call("Target.attachToTarget", targetId=target_id, flatten=True)
        page = CdpSession(cdp, attached["sessionId"])
        page.call("Inspector.enable")  # a renderer crash is then reported, not waited out
        return page

    def close(self) -> None:
        """Close the session, end every process of the browser and delete the profile."""
        if self._page is not None:
            self._page.close()
        if self._finalizer is not None:
            self._finalizer()  # runs _stop_group once
        self._forget()

    def disown(self) -> None:
        """Forget the browser without ending it: a forked child's copy of its parent's
        browser, which the parent ends."""
        if self._finalizer is not None:
            self._finalizer.detach()
        self._forget()

    def _forget(self) -> None:
        self._finalizer = None
        self._page = None
        self._proc = None
        self._workdir = None
        self._cdp = None

    def __enter__(self) -> Chromium:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()
