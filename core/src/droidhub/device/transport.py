"""The adb server protocol, spoken by droidhub itself: one phone's transport.

How a command travels: one TCP connection to the adb server per command (switch to the
phone's transport, then ``shell,v2:`` / ``shell:`` / ``exec:`` / ``sync:``), read to the
end, close. adbutils' own ``AdbDevice.shell`` asks the server for its version on a second
connection before every command and sleeps 10 ms when it closes each one (about 22 ms per
call); here the version is asked once per :class:`AdbTransport` and connections close at
once, which brings a shell round trip to well under a millisecond plus the phone's own
time. When nothing answers, the caller gets an error saying what to start (adbutils would
run ``adb start-server``, which starts a real adb daemon on 5037 whatever port was asked).

:class:`droidhub.device.client.Device` builds the phone's API (files, SQLite, settings,
intents, input...) on top of this class; nothing here knows what a command means.
"""

from __future__ import annotations

import contextlib
import socket
import stat as stat_mode
import struct
import threading
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, BinaryIO

__all__ = [
    "MAX_REQUEST_BYTES",
    "AdbTransport",
    "DeviceError",
    "RemoteStat",
    "ShellResult",
    "with_exit_marker",
]


class DeviceError(RuntimeError):
    """A device command failed; the message names the command and what it printed."""


@dataclass(frozen=True)
class ShellResult:
    """Output and exit status of one shell command."""

    output: str
    exit_code: int


@dataclass(frozen=True)
class RemoteStat:
    """What the sync protocol's STAT tells of a path: mode bits (0: absent), size, mtime."""

    mode: int
    size: int
    mtime: int

    @property
    def exists(self) -> bool:
        """Whether the path exists."""
        return self.mode != 0

    @property
    def is_dir(self) -> bool:
        """Whether the path is a folder."""
        return stat_mode.S_ISDIR(self.mode)

    @property
    def is_link(self) -> bool:
        """Whether the path is a symbolic link."""
        return stat_mode.S_ISLNK(self.mode)


# Appended to a plain ``shell:`` command when the device has no shell v2 (no exit codes).
EXIT_MARKER = "x-droidhub-exit:"
_SYNC_CHUNK = 64 * 1024
_MAX_SYNC_PATH = 1024
#: The longest request the adb host protocol can frame: its length travels as four hex
#: digits. (Real adb servers refuse longer ones too; adbd's own limit on a service is
#: larger from Android 7 on, and 4096 bytes before it, where there is no shell v2.)
MAX_REQUEST_BYTES = 0xFFFF


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


def _sync_request(verb: bytes, path: str) -> bytes:
    """A sync request: the verb, the path's length and the path; DeviceError when the
    path is longer than adbd takes."""
    encoded = path.encode("utf-8")
    if len(encoded) > _MAX_SYNC_PATH:
        raise DeviceError(f"path too long for adb sync ({len(encoded)} bytes): {path!r}")
    return verb + struct.pack("<I", len(encoded)) + encoded


def _send_spec(remote: str, mode: int) -> str:
    """A SEND's ``path,mode`` (a regular file with permission bits ``mode``)."""
    return f"{remote},{stat_mode.S_IFREG | mode}"


def _request(text: str) -> bytes:
    """``text`` framed as the adb host protocol wants it: four hex digits of length, then
    the bytes; DeviceError when it is longer than four hex digits can say."""
    data = text.encode("utf-8")
    if len(data) > MAX_REQUEST_BYTES:
        raise DeviceError(
            f"adb request of {len(data)} bytes is longer than the {MAX_REQUEST_BYTES} the "
            f"protocol's four-hex-digit length allows: {text[:80]!r}...; split the command "
            "(or push long data as a file)"
        )
    return b"%04x" % len(data) + data


def _read_exact(reader: BinaryIO, size: int, what: str) -> bytes:
    data = reader.read(size)
    if data is None or len(data) < size:
        raise DeviceError(f"{what}: the adb server closed the connection mid-answer")
    return data


def _read_block(reader: BinaryIO, what: str) -> str:
    size = int(_read_exact(reader, 4, what), 16)
    return _read_exact(reader, size, what).decode("utf-8", errors="replace")


def _expect_okay(reader: BinaryIO, what: str) -> None:
    status = _read_exact(reader, 4, what)
    if status == b"OKAY":
        return
    if status == b"FAIL":
        raise DeviceError(f"{what}: the adb server refused: {_read_block(reader, what)}")
    raise DeviceError(f"{what}: unexpected answer {status!r} from the adb server")


class AdbTransport:
    """The connections to one phone (``serial``) through the adb server at host:port.

    Checked when made: a DeviceError says if no adb server answers, or which phones
    there are when ``serial`` is absent (None: the only one ready) or not ready. Thread
    safe: each command has a connection of its own. :meth:`close` cuts every connection
    in flight and refuses later commands.
    """

    serial: str

    def __init__(self, serial: str | None, host: str, port: int) -> None:
        self.host = host
        self.port = port
        self.closed_because: str | None = None
        #: Device services opened so far, by kind: a shell command's first word
        #: (``shell:am``), a sync verb (``sync:SEND``); each is one connection.
        self.services: Counter[str] = Counter()
        self._open: set[socket.socket] = set()
        self._open_lock = threading.Lock()
        self._address: tuple[int, int, int, Any] | None = None
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

    @contextlib.contextmanager
    def _connection(self, timeout: float | None) -> Iterator[socket.socket]:
        """A fresh connection to the adb server, closed (at once, no linger) on exit."""
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
        try:
            yield sock
        finally:
            with self._open_lock:
                self._open.discard(sock)
            with contextlib.suppress(OSError):
                sock.close()

    # --- host services -----------------------------------------------------------------
    def host_query(self, request: str, timeout: float = 10) -> str:
        """One ``host:`` request (``host:version``, ``host:devices``...) and its answer."""
        framed = _request(request)
        with self._connection(timeout) as sock, sock.makefile("rb") as reader:
            try:
                sock.sendall(framed)
                _expect_okay(reader, request)
                return _read_block(reader, request)
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
        framed = _request(service)  # refused here, before any connection, when too long
        self.services[_service_kind(service, label)] += 1
        with self._connection(timeout) as sock, sock.makefile("rb") as reader:
            try:
                # Version 41 servers answer "host:tport" with the transport id (8 bytes);
                # older ones only know "host:transport" (as adbutils decides it too). The
                # service waits for the switch's answer: adb's server drops what follows
                # a transport request in the same read.
                if self.server_version >= 41:
                    sock.sendall(_request(f"host:tport:serial:{self.serial}"))
                    _expect_okay(reader, f"phone {self.serial}")
                    _read_exact(reader, 8, f"phone {self.serial}")
                else:
                    sock.sendall(_request(f"host:transport:{self.serial}"))
                    _expect_okay(reader, f"phone {self.serial}")
                sock.sendall(framed)
                _expect_okay(reader, what)
                yield sock, reader
            except TimeoutError:
                raise DeviceError(
                    f"{what} on {self.serial}: no answer within {timeout} s "
                    "(pass a larger timeout for slow commands)"
                ) from None
            except OSError as exc:
                raise DeviceError(f"{what} on {self.serial}: connection failed: {exc}") from None

    # --- shell ---------------------------------------------------------------------------
    def run(self, command: str, timeout: float | None) -> ShellResult:
        """Run one command line; shell v2 (real exit codes) when the phone has it, else
        plain ``shell:`` with ``; echo MARKER$?`` appended and removed again."""
        if "shell_v2" in self.features:
            return self._run_v2(command, timeout)
        return self._run_v1(command, timeout)

    def _run_v2(self, command: str, timeout: float | None) -> ShellResult:
        output = bytearray()
        with self.service(f"shell,v2:{command}", timeout, command) as (_, reader):
            while True:
                header = reader.read(5)
                if not header or len(header) < 5:
                    raise DeviceError(f"{command!r}: the shell ended without an exit status")
                kind, size = header[0], int.from_bytes(header[1:5], "little")
                payload = _read_exact(reader, size, command) if size else b""
                if kind in (1, 2):  # stdout, stderr
                    output += payload
                elif kind == 3:  # exit
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

    # --- files (adb sync protocol, v1: STAT / LIST / SEND / RECV) ------------------------
    @contextlib.contextmanager
    def _sync(
        self, verb: bytes, path: str, timeout: float | None = 60
    ) -> Iterator[tuple[socket.socket, BinaryIO]]:
        request = _sync_request(verb, path)
        label = f"sync {verb.decode()} {path}"
        with self.service("sync:", timeout, label) as (sock, reader):
            sock.sendall(request)
            yield sock, reader

    def stat(self, remote: str) -> RemoteStat:
        """STAT of ``remote`` (mode 0 when it does not exist)."""
        with self._sync(b"STAT", remote) as (_, reader):
            answer = _read_exact(reader, 16, f"stat {remote}")
        if answer[:4] != b"STAT":
            raise DeviceError(f"stat {remote}: unexpected sync answer {answer[:4]!r}")
        mode, size, mtime = struct.unpack("<III", answer[4:])
        return RemoteStat(mode, size, mtime)

    def send(self, payload: bytes, remote: str, mode: int) -> str | None:
        """One SEND of ``payload`` to file ``remote`` with permission bits ``mode``; the
        phone's error message, or None when it succeeded."""
        return self.send_many([(payload, remote, mode)])[1]

    def send_many(self, files: Sequence[tuple[bytes, str, int]]) -> tuple[int, str | None]:
        """SEND each ``(payload, remote, mode)`` in turn over one sync connection (one
        round trip for them all). Stops at the first the phone refuses (adbd ends the
        session there): how many were written, and that refusal's message (None when
        every one was written)."""
        if not files:
            return 0, None
        # Every request framed first: a path too long is refused before anything is sent.
        requests = [_sync_request(b"SEND", _send_spec(remote, mode)) for _, remote, mode in files]
        _, first, mode = files[0]
        with self._sync(b"SEND", _send_spec(first, mode)) as (sock, reader):
            for done, (payload, remote, _mode) in enumerate(files):
                if done:
                    sock.sendall(requests[done])
                error = self._send_body(sock, reader, payload, remote)
                if error is not None:
                    return done, error
            sock.sendall(b"QUIT" + struct.pack("<I", 0))
        return len(files), None

    @staticmethod
    def _send_body(
        sock: socket.socket, reader: BinaryIO, payload: bytes, remote: str
    ) -> str | None:
        """A SEND's data and DONE, then the phone's answer: None for OKAY, else why not."""
        view = memoryview(payload)
        try:
            for start in range(0, len(payload), _SYNC_CHUNK):
                chunk = view[start : start + _SYNC_CHUNK]
                sock.sendall(b"DATA" + struct.pack("<I", len(chunk)) + chunk)
            sock.sendall(b"DONE" + struct.pack("<I", int(time.time())))
        except (BrokenPipeError, ConnectionResetError):
            pass  # refused before the end: its FAIL message is waiting to be read
        answer = _read_exact(reader, 8, f"push {remote}")
        if answer[:4] == b"OKAY":
            return None
        if answer[:4] == b"FAIL":
            size = struct.unpack("<I", answer[4:])[0]
            return _read_exact(reader, size, f"push {remote}").decode(errors="replace")
        return f"unexpected sync answer {answer!r}"

    def receive(self, remote: str) -> bytes:
        """RECV: the bytes of file ``remote``; DeviceError with the phone's message if it
        cannot be read."""
        data = bytearray()
        with self._sync(b"RECV", remote) as (_, reader):
            while True:
                header = _read_exact(reader, 8, f"pull {remote}")
                kind, size = header[:4], struct.unpack("<I", header[4:])[0]
                if kind == b"DATA":
                    data += _read_exact(reader, size, f"pull {remote}")
                elif kind == b"DONE":
                    return bytes(data)
                elif kind == b"FAIL":
                    message = _read_exact(reader, size, f"pull {remote}").decode(errors="replace")
                    raise DeviceError(f"cannot read {remote} on {self.serial}: {message}")
                else:
                    raise DeviceError(f"pull {remote}: unexpected sync answer {kind!r}")

    def list_folder(self, remote: str) -> list[str]:
        """LIST: the names in folder ``remote`` as the phone sends them (``.`` and ``..``
        included)."""
        names = []
        with self._sync(b"LIST", remote) as (_, reader):
            while True:
                head = _read_exact(reader, 4, f"list {remote}")
                if head == b"DONE":
                    break
                if head != b"DENT":
                    raise DeviceError(f"list {remote}: unexpected sync answer {head!r}")
                _, _, _, size = struct.unpack("<IIII", _read_exact(reader, 16, remote))
                names.append(_read_exact(reader, size, remote).decode("utf-8", "replace"))
        return names
