"""A headless Chromium, and a Chrome DevTools Protocol session with its page.

The virtual WebView app runs one :class:`Chromium` per virtual phone. The process is
started in its own process group with a fresh profile and DevTools on 127.0.0.1
only, and :meth:`Chromium.close` ends the whole group and deletes the profile. A
finalizer does the same at interpreter exit, so no browser outlives a run.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import subprocess
import tempfile
import threading
import time
import urllib.request
import weakref
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from websockets.exceptions import WebSocketException
from websockets.sync.client import ClientConnection, connect

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
)

_START_TIMEOUT_S = 20.0


class BrowserNotFoundError(RuntimeError):
    """No Chromium binary was found."""


class CdpError(RuntimeError):
    """A DevTools Protocol command failed or the browser went away."""


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


def _stop_group(proc: subprocess.Popen[bytes], workdir: str) -> None:
    """End the browser's process group (it forks renderers and helpers) and delete its
    profile. A plain function so that the finalizer holds no reference to the owner.

    SIGKILL at once: the profile is thrown away, so there is nothing for a graceful
    shutdown to save, and it takes half a second.
    """
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, signal.SIGKILL)
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(timeout=5)
    shutil.rmtree(workdir, ignore_errors=True)


class Chromium:
    """One headless browser process with a fresh profile.

    Start it with :meth:`start` (or use it as a context manager); :meth:`page` is the
    DevTools session of its single tab.
    """

    def __init__(self, executable: str | None = None, extra_flags: Sequence[str] = ()) -> None:
        self.executable = executable or find_chromium()
        self.extra_flags = tuple(extra_flags)
        self._proc: subprocess.Popen[bytes] | None = None
        self._workdir: str | None = None
        self._finalizer: weakref.finalize[Any, Any] | None = None
        self._page: CdpSession | None = None
        self.port: int | None = None

    @property
    def pid(self) -> int | None:
        """Process id of the browser (the leader of its process group), if running."""
        return self._proc.pid if self._proc is not None else None

    def is_running(self) -> bool:
        """Whether the browser process is alive."""
        return self._proc is not None and self._proc.poll() is None

    def start(self) -> Chromium:
        """Launch the browser and wait until its DevTools endpoint is up."""
        if self.is_running():
            return self
        workdir = tempfile.mkdtemp(prefix="droidhub-chromium-")
        profile = Path(workdir, "profile")
        profile.mkdir()
        log_path = Path(workdir, "stderr.log")
        args = [
            self.executable,
            *BASE_FLAGS,
            f"--user-data-dir={profile}",
            "--remote-debugging-address=127.0.0.1",
            "--remote-debugging-port=0",
            *self.extra_flags,
            "about:blank",
        ]
        with open(log_path, "wb") as log:
            proc = subprocess.Popen(
                args,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=log,
                start_new_session=True,
            )
        self._proc, self._workdir = proc, workdir
        self._finalizer = weakref.finalize(self, _stop_group, proc, workdir)
        try:
            self.port = self._wait_for_port(profile / "DevToolsActivePort", log_path)
        except BaseException:
            self.close()
            raise
        return self

    def _wait_for_port(self, port_file: Path, log_path: Path) -> int:
        deadline = time.monotonic() + _START_TIMEOUT_S
        assert self._proc is not None
        while time.monotonic() < deadline:
            if self._proc.poll() is not None:
                tail = log_path.read_text(errors="replace")[-800:]
                raise CdpError(
                    f"{self.executable} exited with code {self._proc.returncode} "
                    f"before DevTools came up: {tail}"
                )
            try:
                first = port_file.read_text().split("\n", 1)[0].strip()
            except FileNotFoundError:
                first = ""
            if first.isdigit():
                return int(first)
            time.sleep(0.02)
        raise CdpError(
            f"{self.executable} did not open DevTools within {_START_TIMEOUT_S:.0f} s "
            f"(no port in {port_file})"
        )

    def page(self) -> CdpSession:
        """The DevTools session of the browser's tab (opened on first use)."""
        if self._page is not None and not self._page.closed:
            return self._page
        if not self.is_running():
            self.start()
        base = f"http://127.0.0.1:{self.port}"
        with urllib.request.urlopen(f"{base}/json/list", timeout=10) as resp:
            targets = json.load(resp)
        pages = [t for t in targets if t.get("type") == "page"]
        if not pages:
            request = urllib.request.Request(f"{base}/json/new?about:blank", method="PUT")
            with urllib.request.urlopen(request, timeout=10) as resp:
                pages = [json.load(resp)]
        self._page = CdpSession(pages[0]["webSocketDebuggerUrl"])
        return self._page

    def close(self) -> None:
        """Close the session, end every process of the browser and delete the profile."""
        if self._page is not None:
            self._page.close()
            self._page = None
        if self._finalizer is not None:
            self._finalizer()  # runs _stop_group once
            self._finalizer = None
        self._proc = None
        self._workdir = None

    def __enter__(self) -> Chromium:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()


class CdpSession:
    """A DevTools Protocol connection to one target: commands in, results out.

    Events are not subscribed to and are dropped. :meth:`send` and :meth:`result` let a
    caller pipeline several commands (the browser works on them while Python waits).
    Thread-safe: callers on several threads take turns.
    """

    def __init__(self, ws_url: str, timeout: float = 30.0) -> None:
        self.url = ws_url
        self.timeout = timeout
        # Entered by hand: the session outlives any one ``with`` block, and close()
        # closes it (websockets >= 17.1 warns about a connection never entered).
        self._ws: ClientConnection = connect(
            ws_url, max_size=None, open_timeout=timeout, compression=None
        ).__enter__()
        self._next_id = 0
        self._results: dict[int, dict[str, Any]] = {}
        self.lock = threading.RLock()
        self.closed = False

    def send(self, method: str, **params: Any) -> int:
        """Send a command without waiting; return its id for :meth:`result`."""
        with self.lock:
            self._next_id += 1
            message = {"id": self._next_id, "method": method, "params": params}
            try:
                self._ws.send(json.dumps(message))
            except WebSocketException as exc:
                self.closed = True
                raise CdpError(f"DevTools connection lost sending {method}: {exc}") from exc
            return self._next_id

    def result(self, command_id: int, method: str = "command") -> dict[str, Any]:
        """Wait for the answer to command ``command_id``; raise :class:`CdpError` on error."""
        with self.lock:
            while command_id not in self._results:
                try:
                    raw = self._ws.recv(timeout=self.timeout)
                except TimeoutError:
                    raise CdpError(
                        f"no DevTools answer to {method} within {self.timeout:.0f} s"
                    ) from None
                except WebSocketException as exc:
                    self.closed = True
                    raise CdpError(f"DevTools connection lost waiting for {method}: {exc}") from exc
                message = json.loads(raw)
                if "id" in message:
                    self._results[message["id"]] = message
            answer = self._results.pop(command_id)
        if "error" in answer:
            error = answer["error"]
            raise CdpError(f"{method} failed: {error.get('message')} {error.get('data', '')}")
        result: dict[str, Any] = answer.get("result", {})
        return result

    def call(self, method: str, **params: Any) -> dict[str, Any]:
        """Send a command and wait for its result."""
        with self.lock:
            return self.result(self.send(method, **params), method)

    def evaluate(self, expression: str, command_line_api: bool = False) -> Any:
        """Evaluate ``expression`` in the page and return its value (JSON-able).

        A JavaScript exception is raised as :class:`CdpError` with its description.
        """
        answer = self.call(
            "Runtime.evaluate",
            expression=expression,
            returnByValue=True,
            includeCommandLineAPI=command_line_api,
        )
        if "exceptionDetails" in answer:
            details = answer["exceptionDetails"]
            text = details.get("exception", {}).get("description") or details.get("text")
            raise CdpError(f"page script failed: {text}")
        return answer.get("result", {}).get("value")

    def close(self) -> None:
        """Close the connection (the browser keeps running)."""
        if not self.closed:
            self.closed = True
            self._ws.close()
