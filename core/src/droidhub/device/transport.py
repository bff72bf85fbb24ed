"""The adb server protocol, spoken by droidhub itself: one phone's transport.

How a command travels: a shell command goes over one of the phone's open shell sessions
(:mod:`droidhub.device.shell_session`), a packet each way. A file transfer (``sync:``),
a binary output (``exec:``), or a command for a phone without shell v2 (plain
``shell:``) is a TCP connection of its own: switched to the phone's transport, read to
the end, closed at once. The server's version is asked once per :class:`AdbTransport`
(adbutils asks before every command, on a second connection, and sleeps 10 ms as it
closes each: about 22 ms a call). When nothing answers, the caller gets an error saying
what to start (adbutils would run ``adb start-server``, which starts a real adb daemon
on 5037 whatever port was asked).

:class:`droidhub.device.client.Device` builds the phone's API (files, SQLite, settings,
intents, input...) on top of this class; nothing here knows what a command means.
"""

from __future__ import annotations

import contextlib
import socket
import threading
from collections import Counter
from collections.abc import Iterator
from typing import Any, BinaryIO

from droidhub.device.file_sync import FileSync, RemoteStat
from droidhub.device.shell_session import (
    SessionGone,
    SessionPool,
    ShellSession,
    sessions_wanted,
)
from droidhub.device.wire import (
    MAX_REQUEST_BYTES,
    SHELL_EXIT,
    SHELL_HEADER,
    SHELL_STDERR,
    SHELL_STDOUT,
    DeviceError,
    ShellResult,
    expect_okay,
    frame_request,
    read_block,
    read_exact,
)

__all__ = [
    "MAX_REQUEST_BYTES",
    "AdbTransport",
    "DeviceError",
    "RemoteStat",
    "ShellResult",
    "with_exit_marker",
]


# Appended to a plain ``shell:`` command when the device has no shell v2 (no exit codes).
EXIT_MARKER = "x-droidhub-exit:"


def with_exit_marker(command: str) -> str:
    """``command`` followed by an ``echo`` of the exit marker and ``$?``, for a plain
    ``shell:`` service that reports no exit status of its own."""
    body = command.rstrip()
    # "cmd;" + "; echo" and "cmd &" + "; echo" are syntax errors in sh.
    if body.endswith(";") and not body.endswith("\\;"):
        body = body[:-1]
    separator = " " if body.endswith("&") and not body.endswith("\\&") else "; "
    return f"{body}{separator}echo {EXIT_MARKER}$?"


def _service_kind(service: str, label: str | None) -> str:
    """How :attr:`AdbTransport.services` counts a service: ``shell:WORD`` by its
    command's first word, ``sync:VERB`` by its first operation."""
    head = service.split(":", 1)[0].split(",", 1)[0]
    if head == "sync" and label:
        return f"sync:{label.split()[1]}"
    words = (label or service.split(":", 1)[-1]).split()
    return f"{head}:{words[0].rsplit('/', 1)[-1]}" if words else head


class AdbTransport(FileSync):
    """The connections to one phone (``serial``) through the adb server at host:port.

    Checked when made: a DeviceError says if no adb server answers, or which phones
    there are when ``serial`` is absent (None: the only one ready) or not ready. Thread
    safe: each command has a session or a connection of its own while it runs.
    :meth:`close` cuts every connection and session and refuses later commands.
    """

    serial: str

    def __init__(self, serial: str | None, host: str, port: int) -> None:
        self.host = host
        self.port = port
        self.closed_because: str | None = None
        #: Device services used so far, by kind: a shell command's first word
        #: (``shell:am``), a sync verb (``sync:SEND``); each is one round trip.
        self.services: Counter[str] = Counter()
        self._open: set[socket.socket] = set()
        self._open_lock = threading.Lock()
        self._address: tuple[int, int, int, Any] | None = None
        self._sessions = SessionPool()
        self.use_sessions = sessions_wanted()
        self.server_version = int(self.host_query("host:version"), 16)
        attached = self.attached()
        ready = [s for s, state in attached if state == "device"]
        listing = ", ".join(f"{s} ({state})" for s, state in attached) or "none"
        if serial is None:
            if not ready:
                raise DeviceError(
                    f"no phone is ready at the adb server {host}:{port} (attached: {listing}); "
                    "start an emulator or plug in a phone, or use virtual phones "
                    "(`droidhub device serve`)"
                )
            if len(ready) > 1:
                raise DeviceError(
                    f"{len(ready)} phones are ready at the adb server {host}:{port} "
                    f"({listing}); pass the serial of one"
                )
            serial = ready[0]
        elif serial not in ready:
            raise DeviceError(
                f"no phone {serial!r} is ready at the adb server {host}:{port} "
                f"(attached: {listing})"
            )
        self.serial = serial
        features = self.host_query(f"host-serial:{serial}:features")
        self.features: frozenset[str] = frozenset(f for f in features.split(",") if f)

    # --- lifetime ----------------------------------------------------------------------
    def close(self, reason: str) -> None:
        """Cut the connections in flight (a read blocked on one returns) and refuse every
        later command with a DeviceError naming ``reason``."""
        with self._open_lock:
            self.closed_because = reason
            live = list(self._open)
        self._sessions.close()
        for sock in live:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)

    def refuse_if_closed(self) -> None:
        """Raise DeviceError if :meth:`close` was called."""
        if self.closed_because is not None:
            raise DeviceError(
                f"this Device for {getattr(self, 'serial', '?')} was closed "
                f"({self.closed_because}); no more commands go through it"
            )

    def _connect(self) -> socket.socket:
        """A socket connected to the server, its address looked up once and kept (each
        command is a connection: a lookup per command would cost what a command does)."""
        if self._address is None:
            found = socket.getaddrinfo(self.host, self.port, type=socket.SOCK_STREAM)[0]
            self._address = (int(found[0]), int(found[1]), found[2], found[4])
        family, kind, proto, address = self._address
        sock = socket.socket(family, kind, proto)
        try:
            sock.settimeout(3)
            sock.connect(address)
        except BaseException:
            sock.close()
            raise
        return sock

    def _open_connection(self, timeout: float | None) -> socket.socket:
        """A fresh connection to the adb server, counted among those :meth:`close` cuts;
        :meth:`_close_connection` closes it."""
        self.refuse_if_closed()
        try:
            sock = self._connect()
        except OSError as exc:
            raise DeviceError(
                f"no adb server answers at {self.host}:{self.port} (connect to adb server "
                f"failed: {exc}). For a real phone or emulator start one with "
                "`adb start-server` (it listens on 5037); for virtual phones run "
                f"`droidhub device serve --port {self.port}`"
            ) from None
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        sock.settimeout(timeout)
        with self._open_lock:
            if self.closed_because is not None:
                sock.close()
                self.refuse_if_closed()
            self._open.add(sock)
        return sock

    def _close_connection(self, sock: socket.socket) -> None:
        """Close a connection of :meth:`_open_connection` (at once, no linger)."""
        with self._open_lock:
            self._open.discard(sock)
        with contextlib.suppress(OSError):
            sock.close()

    @contextlib.contextmanager
    def _connection(self, timeout: float | None) -> Iterator[socket.socket]:
        """A fresh connection to the adb server, closed on exit."""
        sock = self._open_connection(timeout)
        try:
            yield sock
        finally:
            self._close_connection(sock)

    # --- host services -----------------------------------------------------------------
    def host_query(self, request: str, timeout: float = 10) -> str:
        """One ``host:`` request (``host:version``, ``host:devices``...) and its answer."""
        framed = frame_request(request)
        with self._connection(timeout) as sock, sock.makefile("rb") as reader:
            try:
                sock.sendall(framed)
                expect_okay(reader, request)
                return read_block(reader, request)
            except TimeoutError:
                raise DeviceError(
                    f"{request}: the adb server at {self.host}:{self.port} did not answer "
                    f"in {timeout} s"
                ) from None
            except OSError as exc:
                raise DeviceError(
                    f"{request}: connection to {self.host}:{self.port} failed: {exc}"
                ) from None

    def attached(self) -> list[tuple[str, str]]:
        """``(serial, state)`` of every phone the adb server lists."""
        pairs = []
        for line in self.host_query("host:devices").splitlines():
            parts = line.split("\t")
            if len(parts) == 2:
                pairs.append((parts[0], parts[1]))
        return pairs

    @contextlib.contextmanager
    def service(
        self, service: str, timeout: float | None, label: str | None = None
    ) -> Iterator[tuple[socket.socket, BinaryIO]]:
        """A connection switched to this phone and opened on ``service``; errors name
        ``label`` (the command or file operation) or else the service."""
        what = f"`{label}`" if label is not None else repr(service)
        framed = frame_request(service)  # refused here, before any connection, when too long
        self.services[_service_kind(service, label)] += 1
        with self._connection(timeout) as sock, sock.makefile("rb") as reader:
            try:
                self._open_service(sock, reader, framed, what)
                yield sock, reader
            except TimeoutError:
                raise DeviceError(
                    f"{what} on {self.serial}: no answer within {timeout} s "
                    "(pass a larger timeout for slow commands)"
                ) from None
            except OSError as exc:
                raise DeviceError(f"{what} on {self.serial}: connection failed: {exc}") from None

    def _open_service(
        self, sock: socket.socket, reader: BinaryIO, framed: bytes, what: str
    ) -> None:
        """Switch connection ``sock`` to this phone and open the service ``framed`` on it."""
        # Version 41 servers answer "host:tport" with the transport id (8 bytes); older
        # ones only know "host:transport" (as adbutils decides it too). The service waits
        # for the switch's answer: adb's server drops what follows a transport request in
        # the same read.
        if self.server_version >= 41:
            sock.sendall(frame_request(f"host:tport:serial:{self.serial}"))
            expect_okay(reader, f"phone {self.serial}")
            read_exact(reader, 8, f"phone {self.serial}")
        else:
            sock.sendall(frame_request(f"host:transport:{self.serial}"))
            expect_okay(reader, f"phone {self.serial}")
        sock.sendall(framed)
        expect_okay(reader, what)

    def _new_session(self, timeout: float | None) -> ShellSession:
        """An open ``shell,v2,raw:`` session (a shell reading commands from stdin)."""
        sock = self._open_connection(timeout)
        reader = sock.makefile("rb")
        try:
            self._open_service(sock, reader, frame_request("shell,v2,raw:"), "a shell session")
        except BaseException:
            reader.close()
            self._close_connection(sock)
            raise
        open_now, lock = self._open, self._open_lock  # not self: sessions hold no transport

        def forget() -> None:
            with lock:
                open_now.discard(sock)

        return ShellSession(sock, reader, on_close=forget)

    # --- shell ---------------------------------------------------------------------------
    def run(self, command: str, timeout: float | None) -> ShellResult:
        """Run one command line; with shell v2 (real exit codes), in one of the phone's
        open shell sessions (:mod:`droidhub.device.shell_session`), else as a plain
        ``shell:`` service with ``; echo MARKER$?`` appended and removed again."""
        if "shell_v2" not in self.features:
            return self._run_v1(command, timeout)
        if not self.use_sessions or "\0" in command:  # (no session's line carries a NUL)
            return self._run_v2(command, timeout)
        frame_request(f"shell,v2:{command}")  # as long as a command as a service of its own
        self.services[_service_kind("shell", command)] += 1
        try:
            output, code = self._sessions.run(command, timeout, self._new_session)
        except TimeoutError:
            self.refuse_if_closed()
            raise DeviceError(
                f"`{command}` on {self.serial}: no answer within {timeout} s "
                "(pass a larger timeout for slow commands)"
            ) from None
        except (SessionGone, OSError) as exc:
            self.refuse_if_closed()
            why = str(exc) or "the shell session ended"
            raise DeviceError(f"`{command}` on {self.serial}: connection failed: {why}") from None
        return ShellResult(output.decode("utf-8", errors="replace"), code)

    def _run_v2(self, command: str, timeout: float | None) -> ShellResult:
        output = bytearray()
        with self.service(f"shell,v2:{command}", timeout, command) as (_, reader):
            while True:
                header = reader.read(SHELL_HEADER.size)
                if not header or len(header) < SHELL_HEADER.size:
                    raise DeviceError(f"{command!r}: the shell ended without an exit status")
                kind, size = SHELL_HEADER.unpack(header)
                payload = read_exact(reader, size, command) if size else b""
                if kind in (SHELL_STDOUT, SHELL_STDERR):
                    output += payload
                elif kind == SHELL_EXIT:
                    code = payload[0] if payload else 255
                    return ShellResult(output.decode("utf-8", errors="replace"), code)

    def _run_v1(self, command: str, timeout: float | None) -> ShellResult:
        service = f"shell:{with_exit_marker(command)}"
        with self.service(service, timeout, command) as (_, reader):
            raw = reader.read()
        marker = EXIT_MARKER.encode()
        at = raw.rfind(marker)
        code_text = raw[at + len(marker) :].strip() if at >= 0 else b""
        if not code_text.isdigit():
            raise DeviceError(
                f"{command!r}: no exit status in the output (did the command exit the "
                f"shell?): {raw[-200:]!r}"
            )
        return ShellResult(raw[:at].decode("utf-8", errors="replace"), int(code_text))

    def exec_out(self, command: str, timeout: float | None) -> bytes:
        """Run one command line with ``exec:`` and return its raw stdout bytes."""
        with self.service(f"exec:{command}", timeout, command) as (_, reader):
            return reader.read()
