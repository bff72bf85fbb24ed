"""The Chrome DevTools Protocol over a pipe: one connection per browser, one session
per page.

Chromium started with ``--remote-debugging-pipe`` reads commands from its file
descriptor 3 and writes answers and events to its descriptor 4, each message a JSON
text ended by a NUL byte. Nothing listens on a port, so no other process can reach
the browser's debugging channel: only the process holding the pipe's ends.

A reader thread takes every message off the pipe as it arrives: answers go to the
caller waiting for them, events to the connection's event handler (the page server
answers ``Fetch.requestPaused`` there, even while no command is waiting).
"""

from __future__ import annotations

import contextlib
import json
import os
import threading
from collections.abc import Callable
from typing import Any

#: What a command may wait for its answer by default, in seconds.
DEFAULT_TIMEOUT_S = 30.0
_READ_CHUNK = 1 << 20

#: Receives every event: the message (``method``, ``params``, ``sessionId``) and the
#: connection, to answer on. Runs on the reader thread: it must not wait for answers.
EventHandler = Callable[["CdpConnection", dict[str, Any]], None]


class CdpError(RuntimeError):
    """A DevTools Protocol command failed or the browser went away."""


class CdpConnection:
    """The browser's end of a DevTools pipe: send commands, wait for their answers.

    ``write_fd`` is the descriptor the browser reads as its fd 3, ``read_fd`` the one
    it writes as its fd 4; the connection owns both and closes them in :meth:`close`.
    Thread-safe: any thread may send, and each waits for its own answers.
    """

    def __init__(self, write_fd: int, read_fd: int, on_event: EventHandler | None = None) -> None:
        self._write_fd = write_fd
        self._read_fd = read_fd
        self._on_event = on_event
        self._write_lock = threading.Lock()
        self._answers = threading.Condition()
        self._results: dict[int, dict[str, Any]] = {}
        self._detached: set[str] = set()
        # session -> frame -> the execution context of the frame's own scripts, for
        # sessions that enabled the Runtime domain. Per session because context ids are
        # numbered per renderer process: two phones' pages (two browser contexts, so two
        # renderers) hand out the same ids, and an event names its id only.
        self._main_worlds: dict[str, dict[str, int]] = {}
        # Commands whose answers nobody will collect (replies to paused requests,
        # commands given up on): dropped on arrival instead of kept forever.
        self._unclaimed: set[int] = set()
        self._next_id = 0
        self._lost: str | None = None
        self._reader = threading.Thread(
            target=self._read_forever, name="droidhub-cdp-reader", daemon=True
        )
        self._reader.start()

    @property
    def closed(self) -> bool:
        """Whether the pipe is gone (closed here, or the browser exited)."""
        return self._lost is not None

    def send(
        self,
        method: str,
        params: dict[str, Any],
        session_id: str | None = None,
        answer_wanted: bool = True,
    ) -> int:
        """Send a command (to ``session_id``'s target, else to the browser) without
        waiting; return its id for :meth:`result`. With ``answer_wanted`` false the
        answer is dropped when it comes."""
        with self._write_lock:
            if self._lost is not None:
                raise CdpError(f"DevTools pipe closed before {method}: {self._lost}")
            self._next_id += 1
            if not answer_wanted:
                with self._answers:
                    self._unclaimed.add(self._next_id)
            message: dict[str, Any] = {"id": self._next_id, "method": method, "params": params}
            if session_id is not None:
                message["sessionId"] = session_id
            data = memoryview(json.dumps(message).encode() + b"\0")
            try:
                while data:
                    data = data[os.write(self._write_fd, data) :]
            except OSError as exc:
                self._lose(f"writing {method} failed: {exc}")
                raise CdpError(f"DevTools pipe lost sending {method}: {exc}") from exc
            return self._next_id

    def result(
        self,
        command_id: int,
        method: str = "command",
        timeout: float = DEFAULT_TIMEOUT_S,
        session_id: str | None = None,
    ) -> dict[str, Any]:
        """Wait for the answer to ``command_id``; raise :class:`CdpError` on an error
        answer, a lost pipe, a detached session or no answer within ``timeout``."""
        with self._answers:
            answered = self._answers.wait_for(
                lambda: (
                    command_id in self._results
                    or self._lost is not None
                    or (session_id is not None and session_id in self._detached)
                ),
                timeout,
            )
            if command_id in self._results:
                answer = self._results.pop(command_id)
            elif not answered:
                self._unclaimed.add(command_id)  # a late answer is not kept
                raise CdpError(f"no DevTools answer to {method} within {timeout:.0f} s")
            elif self._lost is not None:
                raise CdpError(f"DevTools pipe lost waiting for {method}: {self._lost}")
            else:
                raise CdpError(f"the page closed or crashed while waiting for {method}")
        if "error" in answer:
            error = answer["error"]
            raise CdpError(f"{method} failed: {error.get('message')} {error.get('data', '')}")
        result: dict[str, Any] = answer.get("result", {})
        return result

    def call(self, method: str, session_id: str | None = None, **params: Any) -> dict[str, Any]:
        """Send a command and wait for its result."""
        return self.result(self.send(method, params, session_id), method, session_id=session_id)

    def main_world(self, session_id: str, frame_id: str) -> int | None:
        """The execution context of the page's own scripts in frame ``frame_id`` of
        session ``session_id`` (which must have sent ``Runtime.enable``), if it has one."""
        with self._answers:
            return self._main_worlds.get(session_id, {}).get(frame_id)

    def is_detached(self, session_id: str) -> bool:
        """Whether the session ``session_id`` ended: its page closed or crashed."""
        with self._answers:
            return session_id in self._detached

    def close(self) -> None:
        """Stop sending: close the command end of the pipe (the browser sees end of file
        and exits). The reader closes the other end when the browser's output ends:
        closing it under a blocked read could hand its number to another file."""
        self._lose("closed")
        with self._write_lock:
            if self._write_fd >= 0:
                with contextlib.suppress(OSError):
                    os.close(self._write_fd)
                self._write_fd = -1

    # --- the reader thread -------------------------------------------------------------
    def _lose(self, why: str) -> None:
        with self._answers:
            if self._lost is None:
                self._lost = why
            self._answers.notify_all()

    def _read_forever(self) -> None:
        try:
            self._read_messages()
        finally:
            with contextlib.suppress(OSError):
                os.close(self._read_fd)

    def _read_messages(self) -> None:
        buffer = bytearray()
        scanned = 0  # bytes of ``buffer`` known to hold no NUL: big screenshots arrive in parts
        while True:
            try:
                chunk = os.read(self._read_fd, _READ_CHUNK)
            except OSError as exc:
                self._lose(f"reading failed: {exc}")
                return
            if not chunk:
                self._lose("the browser closed its end (it exited or crashed)")
                return
            buffer += chunk
            while True:
                end = buffer.find(b"\0", scanned)
                if end < 0:
                    scanned = len(buffer)
                    break
                raw = bytes(buffer[:end])
                del buffer[: end + 1]
                scanned = 0
                self._dispatch(json.loads(raw))

    def _dispatch(self, message: dict[str, Any]) -> None:
        if "id" in message:
            with self._answers:
                if message["id"] in self._unclaimed:
                    self._unclaimed.discard(message["id"])
                else:
                    self._results[message["id"]] = message
                    self._answers.notify_all()
            return
        method = message.get("method")
        if method is not None and method.startswith("Runtime.executionContext"):
            self._track_context(method, message.get("sessionId", ""), message.get("params", {}))
        if method in ("Target.detachedFromTarget", "Inspector.targetCrashed"):
            # The page closed or its renderer died: nothing waiting on it will be answered.
            gone = message.get("sessionId") or message.get("params", {}).get("sessionId", "")
            with self._answers:
                self._detached.add(gone)
                self._main_worlds.pop(gone, None)
                self._answers.notify_all()
        if self._on_event is not None:
            # A handler's bug must not stop the reader, and with it every answer.
            with contextlib.suppress(Exception):
                self._on_event(self, message)

    def _track_context(self, method: str, session: str, params: dict[str, Any]) -> None:
        with self._answers:
            if session in self._detached:
                return  # a late event of a closed page: nothing will ask for it
            worlds = self._main_worlds.setdefault(session, {})
            if method == "Runtime.executionContextCreated":
                context = params.get("context", {})
                aux = context.get("auxData", {})
                if aux.get("isDefault") and "frameId" in aux:
                    worlds[aux["frameId"]] = context["id"]
            elif method == "Runtime.executionContextDestroyed":
                # Only this session's frames: the same id in another session is another
                # page's context, alive (its loss sent that phone's scripts to the wrong
                # document: "core is not defined").
                gone = params.get("executionContextId")
                for frame in [f for f, c in worlds.items() if c == gone]:
                    del worlds[frame]
            elif method == "Runtime.executionContextsCleared":
                worlds.clear()


class CdpSession:
    """A DevTools session with one page: commands in, results out.

    :meth:`send` and :meth:`result` let a caller pipeline several commands (the
    browser works on them while Python waits). ``lock`` lets callers on several
    threads take turns for a sequence of commands.
    """

    def __init__(
        self, connection: CdpConnection, session_id: str, timeout: float = DEFAULT_TIMEOUT_S
    ) -> None:
        self.connection = connection
        self.session_id = session_id
        self.timeout = timeout
        self.lock = threading.RLock()
        self._closed = False

    @property
    def closed(self) -> bool:
        """Whether the session is unusable: closed here, its page gone, or the pipe lost."""
        return (
            self._closed or self.connection.closed or self.connection.is_detached(self.session_id)
        )

    def send(self, method: str, **params: Any) -> int:
        """Send a command without waiting; return its id for :meth:`result`."""
        return self.connection.send(method, params, self.session_id)

    def result(self, command_id: int, method: str = "command") -> dict[str, Any]:
        """Wait for the answer to command ``command_id``; raise :class:`CdpError` on error."""
        return self.connection.result(command_id, method, self.timeout, self.session_id)

    def call(self, method: str, **params: Any) -> dict[str, Any]:
        """Send a command and wait for its result."""
        with self.lock:
            return self.result(self.send(method, **params), method)

    def evaluate(
        self, expression: str, command_line_api: bool = False, context: int | None = None
    ) -> Any:
        """Evaluate ``expression`` in the page (in execution context ``context`` if given,
        see :meth:`CdpConnection.main_world`) and return its value (JSON-able).

        A JavaScript exception is raised as :class:`CdpError` with its description.
        """
        where = {} if context is None else {"contextId": context}
        answer = self.call(
            "Runtime.evaluate",
            expression=expression,
            returnByValue=True,
            includeCommandLineAPI=command_line_api,
            **where,
        )
        if "exceptionDetails" in answer:
            details = answer["exceptionDetails"]
            text = details.get("exception", {}).get("description") or details.get("text")
            raise CdpError(f"page script failed: {text}")
        return answer.get("result", {}).get("value")

    def close(self) -> None:
        """Stop using the session (the page and the browser keep running)."""
        self._closed = True
