"""A phone's shell kept open between commands: ``adb shell`` (shell v2, no terminal)
whose stdin carries one command line after another.

A command that travels as its own adb service costs a TCP connection, the switch to
the phone's transport and the phone's start of a shell, each time. A session pays for
them once: each command is a stdin packet out and its output back. Every command runs
in a shell of its own, ``sh -c 'COMMAND' </dev/null``, so one command's ``cd``,
variables, ``exit`` or syntax error never reach the next, and none can read the next
command from stdin. After it the session's shell prints an end marker (random for each
session, so no output can fake it) with the exit status on stdout, and the marker
again on stderr: the answer is complete when both have come, whatever order the phone
sends its two streams in.

:class:`~droidhub.device.transport.AdbTransport` keeps idle sessions in a pool (a
thread takes one for a command and gives it back), drops a session whose command timed
out (closing it ends the command on the phone), and opens a new one when an idle
session was closed under it (the adb server's idle timeout): :class:`SessionGone` says
that nothing of the command was answered, so sending it again cannot run it twice.
"""

from __future__ import annotations

import os
import secrets
import select
import socket
import threading
from collections.abc import Callable
from typing import BinaryIO

from droidhub.device.quoting import quote
from droidhub.device.wire import (
    SHELL_EXIT,
    SHELL_HEADER,
    SHELL_STDERR,
    SHELL_STDIN,
    SHELL_STDOUT,
)

__all__ = ["SESSIONS_ENV", "SessionGone", "SessionPool", "ShellSession", "sessions_wanted"]

#: Environment variable: ``0`` sends each shell command as a service of its own (a
#: connection each) instead of over open sessions; for a phone whose shell cannot
#: take commands on stdin.
SESSIONS_ENV = "DROIDHUB_SHELL_SESSIONS"

#: The most bytes one stdin packet carries (adbd reads stdin packets into a buffer of
#: about 32 KiB; half of it leaves room).
_STDIN_CHUNK = 16 * 1024


def sessions_wanted() -> bool:
    """Whether shell commands go over sessions: unless ``$DROIDHUB_SHELL_SESSIONS`` is 0."""
    return os.environ.get(SESSIONS_ENV, "").strip() != "0"


class SessionGone(Exception):
    """The session ended before any of the command's answer came: it may be opened
    again and the command sent there."""


class ShellSession:
    """One open ``shell,v2,raw:`` service on ``sock`` (already switched and opened)."""

    def __init__(
        self, sock: socket.socket, reader: BinaryIO, on_close: Callable[[], None] = lambda: None
    ) -> None:
        self.sock = sock
        self.reader = reader
        self._on_close = on_close
        self.pid = os.getpid()  # a forked child must not share its parent's sessions
        self._marker = f"x-droidhub-done-{secrets.token_hex(8)}"

    def alive(self) -> bool:
        """Whether the session can take a command: this process's, and nothing (an
        end, a reset) waiting on its socket."""
        if self.pid != os.getpid() or self.sock.fileno() < 0:
            return False
        try:
            return not _readable_now(self.sock)
        except (OSError, ValueError):
            return False

    def close(self) -> None:
        """Close the connection (the phone's shell, and a command it runs, end)."""
        try:
            self.reader.close()
            self.sock.close()
        finally:
            self._on_close()

    def run(self, command: str, timeout: float | None) -> tuple[bytes, int]:
        """Run ``command``: its output (stdout and stderr as they came) and exit status.

        Raises :class:`SessionGone` when the session ended before answering anything,
        ``TimeoutError`` when no answer came in ``timeout`` seconds, ``ConnectionError``
        when it ended part-way through an answer, and ``ValueError`` for a command no
        command line can carry (see :func:`~droidhub.device.quoting.quote`).
        """
        marker = self._marker
        line = f"sh -c {quote(command)} </dev/null; echo {marker} $?; echo {marker} >&2\n"
        self.sock.settimeout(timeout)
        try:
            self._send(line.encode("utf-8"))
        except OSError:
            raise SessionGone from None
        return self._answer(marker.encode())

    def _send(self, data: bytes) -> None:
        packets = bytearray()
        for start in range(0, len(data), _STDIN_CHUNK):
            chunk = data[start : start + _STDIN_CHUNK]
            packets += SHELL_HEADER.pack(SHELL_STDIN, len(chunk)) + chunk
        self.sock.sendall(packets)

    def _answer(self, marker: bytes) -> tuple[bytes, int]:
        parts: list[tuple[int, bytes]] = []
        streams = {SHELL_STDOUT: bytearray(), SHELL_STDERR: bytearray()}
        status: int | None = None
        stderr_done = False
        while status is None or not stderr_done:
            header = self._read(SHELL_HEADER.size, bool(parts))
            kind, size = SHELL_HEADER.unpack(header)
            data = self._read(size, True) if size else b""
            if kind == SHELL_EXIT:
                if not parts:
                    raise SessionGone
                raise ConnectionError("the phone's shell ended part-way through the answer")
            if kind not in streams:
                continue
            parts.append((kind, data))
            stream = streams[kind]
            stream += data
            if kind == SHELL_STDOUT and status is None:
                status = _status_after(stream, marker)
            elif kind == SHELL_STDERR and stream.endswith(marker + b"\n"):
                stderr_done = True
        return _merged(parts, streams, marker), status

    def _read(self, size: int, answered: bool) -> bytes:
        try:
            data = self.reader.read(size)
        except (ConnectionResetError, BrokenPipeError):
            data = b""
        if data is None or len(data) < size:
            if not answered and not data:
                raise SessionGone
            raise ConnectionError("the adb server closed the connection mid-answer")
        return data


class SessionPool:
    """A phone's idle sessions: :meth:`run` takes one (or opens one with ``opener``,
    given the command's timeout), runs the command there and puts it back. Thread safe;
    each session serves one command at a time. The pool keeps no reference to its
    transport, so a transport dropped unclosed is freed at once, its sessions closed."""

    def __init__(self) -> None:
        self._idle: list[ShellSession] = []
        self._lock = threading.Lock()
        self.closed = False

    def run(
        self, command: str, timeout: float | None, opener: Callable[[float | None], ShellSession]
    ) -> tuple[bytes, int]:
        """``command``'s output and exit status, in an idle session or a new one; a
        session that ended before answering is replaced once (the command never ran
        there). Errors other than :class:`SessionGone` close the session and propagate."""
        for attempt in range(2):
            session = self._take(timeout, opener)
            try:
                answer = session.run(command, timeout)
            except SessionGone:
                session.close()
                if attempt:
                    raise
                continue
            except BaseException:
                session.close()
                raise
            self._give_back(session)
            return answer
        raise AssertionError("unreachable")

    def close(self) -> None:
        """Close every idle session; sessions in use are closed when given back."""
        with self._lock:
            self.closed = True
            idle, self._idle = self._idle, []
        for session in idle:
            session.close()

    def _take(
        self, timeout: float | None, opener: Callable[[float | None], ShellSession]
    ) -> ShellSession:
        while True:
            with self._lock:
                session = self._idle.pop() if self._idle else None
            if session is None:
                return opener(timeout)
            if session.alive():
                return session
            session.close()  # ended meanwhile, or a forked parent's (its copy only)

    def _give_back(self, session: ShellSession) -> None:
        with self._lock:
            if not self.closed:
                self._idle.append(session)
                return
        session.close()


def _readable_now(sock: socket.socket) -> bool:
    """Whether ``sock`` has something to read (or its end) right now; ``poll`` where
    there is one (``select`` cannot watch descriptors past 1023)."""
    if hasattr(select, "poll"):
        poller = select.poll()
        poller.register(sock, select.POLLIN)
        return bool(poller.poll(0))
    readable, _, _ = select.select([sock], [], [], 0)
    return bool(readable)


def _status_after(stdout: bytearray, marker: bytes) -> int | None:
    """The exit status in the end line ``MARKER STATUS`` at the end of stdout, or None
    while it has not fully come."""
    if not stdout.endswith(b"\n"):
        return None
    at = stdout.rfind(marker + b" ")
    if at < 0:
        return None
    text = stdout[at + len(marker) + 1 : -1]
    return int(text) if text.isdigit() else None


def _merged(parts: list[tuple[int, bytes]], streams: dict[int, bytearray], marker: bytes) -> bytes:
    """The two streams in the order their packets came, the end markers cut out."""
    kept = {
        SHELL_STDOUT: streams[SHELL_STDOUT].rfind(marker + b" "),
        SHELL_STDERR: len(streams[SHELL_STDERR]) - len(marker) - 1,
    }
    taken = {SHELL_STDOUT: 0, SHELL_STDERR: 0}
    out = bytearray()
    for kind, data in parts:
        start = taken[kind]
        end = min(start + len(data), kept[kind])
        if end > start:
            out += streams[kind][start:end]
        taken[kind] = start + len(data)
    return bytes(out)
