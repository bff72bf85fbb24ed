"""The only way droidhub talks to a phone: adbutils over the adb server protocol.

Every argument that reaches a device shell goes through :func:`quote`; agent text
never forms a command. The same code drives an emulator, a real phone and the virtual
phone (``droidhub.virtual``): nothing here knows which it is talking to.

How a command travels: one TCP connection to the adb server per command (switch to the
phone's transport, then ``shell,v2:`` / ``shell:`` / ``exec:`` / ``sync:``), read to the
end, close. adbutils' own ``AdbDevice.shell`` asks the server for its version on a second
connection before every command and sleeps 10 ms when it closes each one (about 22 ms per
call); here the version is asked once per :class:`Device` and connections close at once,
which brings a shell round trip to well under a millisecond plus the phone's own time.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import io
import re
import socket
import sqlite3
import stat as stat_mode
import struct
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, Any, BinaryIO

import adbutils

if TYPE_CHECKING:
    from PIL import Image

    from droidhub.uitree import UIElement

__all__ = [
    "BroadcastResult",
    "Device",
    "DeviceError",
    "ShellResult",
    "join",
    "parse_broadcast",
    "parse_content_rows",
    "parse_foreground_activity",
    "quote",
]


class DeviceError(RuntimeError):
    """A device command failed; the message names the command and what it printed."""


@dataclass(frozen=True)
class ShellResult:
    """Output and exit status of one shell command."""

    output: str
    exit_code: int


@dataclass(frozen=True)
class BroadcastResult:
    """What an ordered broadcast returned: ``result=CODE data="..."`` and extras."""

    code: int
    data: str | None
    extras: Mapping[str, str] = field(default_factory=dict)


# ----------------------------------------------------------------------------------------
# Quoting
# ----------------------------------------------------------------------------------------

# Words made only of these characters mean the same to every POSIX shell (mksh, dash,
# bash, toybox's sh) whether quoted or not, so they stay bare and commands stay readable.
# '=' is left out on purpose: a bare ``A=b`` in first position is an assignment.
_BARE_WORD = re.compile(r"[A-Za-z0-9_@%+:,./-]+")


def quote(arg: str) -> str:
    """Quote one argument so that the device's POSIX shell passes it through unchanged.

    Android's ``/system/bin/sh`` is mksh. Inside single quotes nothing is special to it
    (or to any POSIX shell), so the argument is wrapped in ``'...'`` and each ``'`` in it
    becomes ``'\\''`` (close the quote, an escaped quote, reopen). Whatever the text holds
    (``;``, ``$(...)``, backticks, newlines, non-ASCII), it arrives as one argument.

    Raises ``ValueError`` for text that no command line can carry: a NUL character (a C
    string ends there, so the argument would arrive cut short) or a lone surrogate (not
    encodable as UTF-8).
    """
    if not isinstance(arg, str):
        raise TypeError(f"quote() takes a str, got {type(arg).__name__}: {arg!r}")
    if "\0" in arg:
        raise ValueError(
            f"cannot pass {arg!r} to a device shell: it contains a NUL character, which "
            "ends a command-line argument; remove it (push the data as a file instead)"
        )
    if _BARE_WORD.fullmatch(arg):
        return arg
    try:
        arg.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise ValueError(
            f"cannot pass {arg!r} to a device shell: it is not valid Unicode text ({exc})"
        ) from None
    return "'" + arg.replace("'", "'\\''") + "'"


def join(args: Sequence[str]) -> str:
    """Quote every argument and join them into one command line."""
    if isinstance(args, str):
        raise TypeError(f"join() takes a sequence of arguments, not the str {args!r}")
    return " ".join(quote(a) for a in args)


# ----------------------------------------------------------------------------------------
# Parsers of Android's command output (public so they can be tested on real samples)
# ----------------------------------------------------------------------------------------

_ROW_START = re.compile(r"^Row: (\d+) ", re.MULTILINE)
_NAME_AFTER_COMMA = re.compile(r", ([A-Za-z_][A-Za-z0-9_.]*)=")
_LEADING_NAME = re.compile(r"([A-Za-z_][A-Za-z0-9_.]*)=")


def _split_pairs(body: str, names: Sequence[str]) -> dict[str, str] | None:
    """Split ``a=1, b=x, y, c=2`` along the known column ``names`` (in order)."""
    values: dict[str, str] = {}
    if not names or not body.startswith(names[0] + "="):
        return None
    pos = len(names[0]) + 1
    for index, name in enumerate(names):
        if index + 1 < len(names):
            marker = f", {names[index + 1]}="
            end = body.find(marker, pos)
            if end < 0:
                return None
            values[name] = body[pos:end]
            pos = end + len(marker)
        else:
            values[name] = body[pos:]
    return values


def _candidate_names(body: str) -> list[str]:
    first = _LEADING_NAME.match(body)
    if not first:
        return []
    return [first.group(1), *(m.group(1) for m in _NAME_AFTER_COMMA.finditer(body))]


def _pairs(bodies: Sequence[str], known: Sequence[str] | None) -> list[dict[str, str]]:
    """Split each ``name=value, ...`` body into a dict, robust to ``", "`` inside values.

    With the column names known, each value runs to the next ``, <next name>=``. Without
    them, every body shows the true columns (all rows have the same ones, in the same
    order) plus any ``, x=`` that happens to occur inside a value: the body with the
    fewest such markers gives the column list, and every body is split along it.
    """
    names: list[str] | None = list(known) if known else None
    if names is None and bodies:
        names = min((_candidate_names(b) for b in bodies), key=len)
    parsed: list[dict[str, str]] = []
    for body in bodies:
        values = _split_pairs(body, names) if names else None
        if values is None:
            # A projection like "count(*) AS n" prints another name; fall back per row.
            values = _split_pairs(body, _candidate_names(body)) or {}
        parsed.append(values)
    return parsed


def parse_content_rows(
    output: str, projection: Sequence[str] | None = None
) -> list[dict[str, str | None]]:
    """Parse ``content query`` output (``Row: 0 _id=1, body=hi``) into one dict per row.

    ``NULL`` becomes None (a string column holding the text "NULL" reads the same: the
    command prints both alike). Values may hold ``", "`` and newlines. ``No result found.``
    (or no output) gives [].
    """
    starts = list(_ROW_START.finditer(output))
    if not starts:
        if output.strip() in ("", "No result found."):
            return []
        raise DeviceError(f"content query printed no rows and no 'No result found.': {output!r}")
    bodies = []
    for index, match in enumerate(starts):
        end = starts[index + 1].start() if index + 1 < len(starts) else len(output)
        body = output[match.end() : end]
        bodies.append(body[:-1] if body.endswith("\n") else body)
    rows = _pairs(bodies, projection)
    return [{k: (None if v == "NULL" else v) for k, v in row.items()} for row in rows]


_BROADCAST = re.compile(r"Broadcast completed: result=(-?\d+)(.*)", re.DOTALL)
_BUNDLE = re.compile(r", extras: Bundle\[\{(.*)\}\]\s*$", re.DOTALL)


def parse_broadcast(output: str) -> BroadcastResult:
    """Parse ``am broadcast`` output: ``Broadcast completed: result=N, data="...", extras:
    Bundle[{k=v}]`` (data and extras only when the receivers set them)."""
    match = _BROADCAST.search(output)
    if not match:
        raise DeviceError(f"am broadcast did not complete: {output.strip()!r}")
    code = int(match.group(1))
    rest = match.group(2).rstrip("\n")
    extras: dict[str, str] = {}
    bundle = _BUNDLE.search(rest)
    if bundle:
        inner = bundle.group(1)
        if inner:
            extras = _pairs([inner], None)[0]
        rest = rest[: bundle.start()]
    data: str | None = None
    if rest.startswith(', data="') and rest.endswith('"'):
        data = rest[len(', data="') : -1]
    return BroadcastResult(code=code, data=data, extras=extras)


_FOCUS = re.compile(r"mCurrentFocus=Window\{\S+ \S+ ([^\s/{}]+)/([^\s{}]+)\}")
_FOCUSED_APP = re.compile(r"mFocusedApp=\S*ActivityRecord\{\S+ \S+ ([^\s/{}]+)/([^\s{}]+)")


def parse_foreground_activity(dumpsys_window: str) -> str | None:
    """The focused ``package/activity`` in ``dumpsys window`` output, or None.

    ``mCurrentFocus`` names the focused window; when that is not an activity (the
    notification shade, a dialog without a component) ``mFocusedApp`` names the activity
    that has focus. The activity is returned as the device prints it (``.Settings`` is
    short for ``com.android.settings.Settings``).
    """
    for pattern in (_FOCUS, _FOCUSED_APP):
        match = pattern.search(dumpsys_window)
        if match:
            return f"{match.group(1)}/{match.group(2)}"
    return None


def _bind_value(column: str, value: str | int | float | bool | None) -> str:
    """One ``--bind COLUMN:TYPE:VALUE`` for ``content insert/update``."""
    if isinstance(value, bool):  # before int: bool is an int
        return f"{column}:b:{'true' if value else 'false'}"
    if isinstance(value, int):
        kind = "i" if -(2**31) <= value < 2**31 else "l"
        return f"{column}:{kind}:{value}"
    if isinstance(value, float):
        # 'd' (double): the content command parses it with Double.parseDouble; 'f' would
        # go through a Java float and lose digits.
        return f"{column}:d:{value!r}"
    if isinstance(value, str):
        return f"{column}:s:{value}"
    if value is None:
        return f"{column}:n:"
    raise TypeError(f"cannot bind {column}={value!r}: use str, int, float, bool or None")


def _extra_args(extras: Mapping[str, str | int | float | bool] | None) -> list[str]:
    """``--es/--ei/--el/--ef/--ez`` options of ``am start`` / ``am broadcast``."""
    args: list[str] = []
    for key, value in (extras or {}).items():
        if isinstance(value, bool):
            args += ["--ez", key, "true" if value else "false"]
        elif isinstance(value, int):
            args += ["--ei" if -(2**31) <= value < 2**31 else "--el", key, str(value)]
        elif isinstance(value, float):
            args += ["--ef", key, repr(value)]
        elif isinstance(value, str):
            args += ["--es", key, value]
        else:
            raise TypeError(f"intent extra {key}={value!r}: use str, int, float or bool")
    return args


def _input_text_pieces(text: str) -> Iterator[str | None]:
    """What ``input text`` must be sent to type ``text``; None means press ENTER.

    Android's ``input text`` reads ``%s`` as a space (that is how spaces used to survive
    adb's unquoted command line), so a space is sent as ``%s``. A literal ``%`` followed
    by a literal ``s`` would read as a space too: the text is cut between them and sent
    in two commands. A newline is the ENTER key, as in AndroidWorld.
    """
    for index, line in enumerate(text.split("\n")):
        if index:
            yield None
        piece: list[str] = []
        previous = ""
        for char in line:
            if char == "s" and previous == "%" and piece:
                yield "".join(piece)
                piece = []
            piece.append("%s" if char == " " else char)
            previous = "" if char == " " else char
        if piece:
            yield "".join(piece)


# ----------------------------------------------------------------------------------------
# The adb connection
# ----------------------------------------------------------------------------------------


class _Connection(adbutils.AdbConnection):
    """adbutils' connection to the adb server, with two differences droidhub needs.

    - When nothing answers, adbutils runs ``adb start-server`` (which would start a real
      adb daemon, on 5037, whatever port was asked); here the caller gets an error that
      says what to start instead.
    - adbutils' ``close`` shuts the write side and sleeps 10 ms; every exchange here has
      read its whole answer before closing, so the socket closes at once.
    """

    def __init__(self, host: str, port: int):
        self._address = (host, port)
        self.on_close: Callable[[_Connection], None] | None = None
        super().__init__(host, port)

    def _safe_connect(self) -> socket.socket:
        try:
            sock = socket.create_connection(self._address, timeout=3)
        except OSError as exc:
            raise adbutils.AdbError(f"connect to adb server failed: {exc}") from None
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        sock.settimeout(None)
        return sock

    def close(self) -> None:
        if self.on_close is not None:
            self.on_close(self)
        with contextlib.suppress(adbutils.AdbError, OSError):
            self.conn.close()

    def cut(self) -> None:
        """Shut the socket down from another thread: a read blocked on it returns."""
        with contextlib.suppress(OSError):
            self.conn.shutdown(socket.SHUT_RDWR)


def _request(text: str) -> bytes:
    data = text.encode("utf-8")
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


# Appended to a plain ``shell:`` command when the device has no shell v2 (no exit codes).
_EXIT_MARKER = "x-droidhub-exit:"
_SYNC_CHUNK = 64 * 1024
_UI_DUMP = "/sdcard/window_dump.xml"


def _with_exit_marker(command: str) -> str:
    body = command.rstrip()
    # "cmd;" + "; echo" and "cmd &" + "; echo" are syntax errors in sh.
    if body.endswith(";") and not body.endswith("\\;"):
        body = body[:-1]
    separator = " " if body.endswith("&") and not body.endswith("\\&") else "; "
    return f"{body}{separator}echo {_EXIT_MARKER}$?"


@dataclass(frozen=True)
class _Stat:
    mode: int
    size: int
    mtime: int

    @property
    def exists(self) -> bool:
        return self.mode != 0

    @property
    def is_dir(self) -> bool:
        return stat_mode.S_ISDIR(self.mode)


class Device:
    """A phone reached through an adb server.

    ``serial`` picks the phone (None: the only one attached); ``host``/``port`` is the
    adb server (the virtual device server listens elsewhere than 5037).

    The connection is checked when the object is made: a DeviceError says if no adb
    server answers, or which phones there are when ``serial`` is absent or ambiguous.
    A Device may be shared between threads: each command has its own connection.

    :meth:`close` retires a Device for good (the runner does so to a device whose
    episode it abandoned after a timeout): commands in flight are cut off and every
    later command raises :class:`DeviceError`; :meth:`reopen` gives a fresh one.
    """

    serial: str

    def __init__(self, serial: str | None = None, host: str = "127.0.0.1", port: int = 5037):
        self.host = host
        self.port = port
        self.closed_because: str | None = None
        self._open: set[_Connection] = set()
        self._open_lock = threading.Lock()
        self.client = adbutils.AdbClient(host=host, port=port)
        self.server_version = int(self._host_query("host:version"), 16)
        attached = self._attached()
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
        features = self._host_query(f"host-serial:{serial}:features")
        self.features: frozenset[str] = frozenset(f for f in features.split(",") if f)

    def __repr__(self) -> str:
        return f"Device({self.serial!r}, host={self.host!r}, port={self.port})"

    @property
    def adb(self) -> adbutils.AdbDevice:
        """adbutils' own device object, for what this class does not cover."""
        self._refuse_if_closed()
        return self.client.device(self.serial)

    def close(self, reason: str = "closed") -> None:
        """Retire this Device: cut the commands in flight, refuse every later one.

        Another thread still using it (an abandoned episode) gets a DeviceError
        naming ``reason`` instead of touching the phone again.
        """
        with self._open_lock:
            self.closed_because = reason
            live = list(self._open)
        for conn in live:
            conn.cut()

    def reopen(self) -> Device:
        """A new Device for the same phone and adb server (checked as when made)."""
        return Device(self.serial, host=self.host, port=self.port)

    def _refuse_if_closed(self) -> None:
        if self.closed_because is not None:
            raise DeviceError(
                f"this Device for {getattr(self, 'serial', '?')} was closed "
                f"({self.closed_because}); no more commands go through it"
            )

    def _forget(self, conn: _Connection) -> None:
        with self._open_lock:
            self._open.discard(conn)

    # --- connections -------------------------------------------------------------------
    def _connect(self, timeout: float | None) -> _Connection:
        self._refuse_if_closed()
        try:
            conn = _Connection(self.host, self.port)
        except adbutils.AdbError as exc:
            raise DeviceError(
                f"no adb server answers at {self.host}:{self.port} ({exc}). For a real phone "
                "or emulator start one with `adb start-server` (it listens on 5037); for "
                f"virtual phones run `droidhub device serve --port {self.port}`"
            ) from None
        conn.conn.settimeout(timeout)
        with self._open_lock:
            if self.closed_because is not None:
                conn.close()
                self._refuse_if_closed()
            self._open.add(conn)
        conn.on_close = self._forget
        return conn

    def _host_query(self, request: str, timeout: float = 10) -> str:
        conn = self._connect(timeout)
        reader = conn.conn.makefile("rb")
        try:
            conn.conn.sendall(_request(request))
            _expect_okay(reader, request)
            return _read_block(reader, request)
        except TimeoutError:
            raise DeviceError(
                f"{request}: the adb server at {self.host}:{self.port} did not answer in "
                f"{timeout} s"
            ) from None
        except OSError as exc:
            raise DeviceError(
                f"{request}: connection to {self.host}:{self.port} failed: {exc}"
            ) from None
        finally:
            reader.close()
            conn.close()

    def _attached(self) -> list[tuple[str, str]]:
        pairs = []
        for line in self._host_query("host:devices").splitlines():
            parts = line.split("\t")
            if len(parts) == 2:
                pairs.append((parts[0], parts[1]))
        return pairs

    @contextlib.contextmanager
    def _service(
        self, service: str, timeout: float | None, label: str | None = None
    ) -> Iterator[tuple[socket.socket, BinaryIO]]:
        """A connection switched to this phone and opened on ``service``; errors name
        ``label`` (the command or file operation) or else the service."""
        what = f"`{label}`" if label is not None else repr(service)
        conn = self._connect(timeout)
        sock = conn.conn
        reader = sock.makefile("rb")
        try:
            # Version 41 servers answer "host:tport" with the transport id (8 bytes);
            # older ones only know "host:transport" (as adbutils decides it too).
            if self.server_version >= 41:
                sock.sendall(_request(f"host:tport:serial:{self.serial}"))
                _expect_okay(reader, f"phone {self.serial}")
                _read_exact(reader, 8, f"phone {self.serial}")
            else:
                sock.sendall(_request(f"host:transport:{self.serial}"))
                _expect_okay(reader, f"phone {self.serial}")
            sock.sendall(_request(service))
            _expect_okay(reader, what)
            yield sock, reader
        except TimeoutError:
            raise DeviceError(
                f"{what} on {self.serial}: no answer within {timeout} s "
                "(pass a larger timeout for slow commands)"
            ) from None
        except OSError as exc:
            raise DeviceError(f"{what} on {self.serial}: connection failed: {exc}") from None
        finally:
            reader.close()
            conn.close()

    # --- shell -------------------------------------------------------------------------
    def run(self, args: str | Sequence[str], timeout: float | None = 60) -> ShellResult:
        """Run a command; a sequence is quoted argument by argument, a str is sent as is.

        The output is exactly what the command printed (stdout and stderr, in order),
        trailing newline included. Uses shell v2 (real exit codes) when the phone has
        it, else plain ``shell:`` with ``; echo MARKER$?`` appended and removed again.
        """
        command = args if isinstance(args, str) else join(args)
        if "shell_v2" in self.features:
            return self._run_v2(command, timeout)
        return self._run_v1(command, timeout)

    def _run_v2(self, command: str, timeout: float | None) -> ShellResult:
        output = bytearray()
        with self._service(f"shell,v2:{command}", timeout, command) as (_, reader):
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
        service = f"shell:{_with_exit_marker(command)}"
        with self._service(service, timeout, command) as (_, reader):
            raw = reader.read()
        marker = _EXIT_MARKER.encode()
        at = raw.rfind(marker)
        code_text = raw[at + len(marker) :].strip() if at >= 0 else b""
        if not code_text.isdigit():
            raise DeviceError(
                f"{command!r}: no exit status in the output (did the command exit the "
                f"shell?): {raw[-200:]!r}"
            )
        return ShellResult(raw[:at].decode("utf-8", errors="replace"), int(code_text))

    def shell(self, args: str | Sequence[str], timeout: float | None = 60) -> str:
        """Run a command and return its output; raise :class:`DeviceError` if it fails."""
        result = self.run(args, timeout)
        if result.exit_code != 0:
            command = args if isinstance(args, str) else join(args)
            raise DeviceError(
                f"`{command}` on {self.serial} failed (exit {result.exit_code}): "
                f"{result.output.strip() or '(no output)'}"
            )
        return result.output

    def exec_out(self, args: Sequence[str], timeout: float | None = 60) -> bytes:
        """Run a command and return its raw stdout bytes (``screencap -p``)."""
        command = join(args)
        with self._service(f"exec:{command}", timeout, command) as (_, reader):
            return reader.read()

    # --- files (adb sync protocol, v1: STAT / LIST / SEND / RECV) -----------------------
    @contextlib.contextmanager
    def _sync(
        self, verb: bytes, path: str, timeout: float | None = 60
    ) -> Iterator[tuple[socket.socket, BinaryIO]]:
        encoded = path.encode("utf-8")
        if len(encoded) > 1024:
            raise DeviceError(f"path too long for adb sync ({len(encoded)} bytes): {path!r}")
        label = f"sync {verb.decode()} {path}"
        with self._service("sync:", timeout, label) as (sock, reader):
            sock.sendall(verb + struct.pack("<I", len(encoded)) + encoded)
            yield sock, reader

    def _stat(self, remote: str) -> _Stat:
        with self._sync(b"STAT", remote) as (_, reader):
            answer = _read_exact(reader, 16, f"stat {remote}")
        if answer[:4] != b"STAT":
            raise DeviceError(f"stat {remote}: unexpected sync answer {answer[:4]!r}")
        mode, size, mtime = struct.unpack("<III", answer[4:])
        return _Stat(mode, size, mtime)

    def push(self, data: bytes | Path, remote: str) -> None:
        """Write ``data`` (bytes, or a local file) to ``remote``, making parent folders."""
        if isinstance(data, Path):
            mode = data.stat().st_mode & 0o777
            payload = data.read_bytes()
        else:
            mode, payload = 0o644, bytes(data)
        error = self._send(payload, remote, mode)
        if error is not None:
            # Phones without adbd's "fixed_push_mkdir" do not create missing folders.
            parent = str(PurePosixPath(remote).parent)
            if parent not in ("", "/") and not self.exists(parent):
                self.mkdir(parent)
                error = self._send(payload, remote, mode)
        if error is not None:
            raise DeviceError(f"push to {remote} on {self.serial} failed: {error}")

    def _send(self, payload: bytes, remote: str, mode: int) -> str | None:
        """One SEND; the device's error message, or None when it succeeded."""
        with self._sync(b"SEND", f"{remote},{stat_mode.S_IFREG | mode}") as (sock, reader):
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

    def pull(self, remote: str) -> bytes:
        """Return the bytes of the file ``remote``; DeviceError if it does not exist."""
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

    def exists(self, remote: str) -> bool:
        """Whether ``remote`` exists (file or folder)."""
        return self._stat(remote).exists

    def listdir(self, remote: str) -> list[str]:
        """Names in folder ``remote`` (not ``.``/``..``), sorted."""
        info = self._stat(remote)
        if not info.exists:
            raise DeviceError(f"cannot list {remote} on {self.serial}: no such folder")
        if not info.is_dir and not stat_mode.S_ISLNK(info.mode):
            raise DeviceError(f"cannot list {remote} on {self.serial}: not a folder")
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
        return sorted(n for n in names if n not in (".", ".."))

    def read_text(self, remote: str) -> str:
        """The text of file ``remote`` (UTF-8)."""
        return self.pull(remote).decode("utf-8")

    def write_text(self, remote: str, text: str) -> None:
        """Write ``text`` (UTF-8) to ``remote``."""
        self.push(text.encode("utf-8"), remote)

    def mkdir(self, remote: str) -> None:
        """Create folder ``remote`` and its parents."""
        self.shell(["mkdir", "-p", remote])

    def remove(self, remote: str) -> None:
        """Remove a file or folder tree; no error if it is absent."""
        self.shell(["rm", "-rf", remote])

    # --- SQLite: pull, query locally; write with the app stopped -----------------------
    def _pull_db(self, remote_db: str, folder: Path) -> Path:
        """Copy the database and its -wal / -journal (if any) into ``folder``."""
        name = PurePosixPath(remote_db).name
        if not self._stat(remote_db).exists:
            raise DeviceError(f"no database at {remote_db} on {self.serial}")
        local = folder / name
        local.write_bytes(self.pull(remote_db))
        # The -wal holds committed rows not yet in the main file; a -journal is rolled back
        # on open. (-shm is rebuilt from the -wal.)
        for suffix in ("-wal", "-journal"):
            if self._stat(remote_db + suffix).exists:
                (folder / (name + suffix)).write_bytes(self.pull(remote_db + suffix))
        return local

    def query_db(
        self, remote_db: str, sql: str, params: Sequence[Any] = ()
    ) -> list[dict[str, Any]]:
        """Pull the database at ``remote_db`` and return the rows of ``sql`` as dicts."""
        with tempfile.TemporaryDirectory(prefix="droidhub-db-") as folder:
            local = self._pull_db(remote_db, Path(folder))
            conn = sqlite3.connect(local)
            try:
                conn.row_factory = sqlite3.Row
                rows = conn.execute(sql, tuple(params)).fetchall()
                return [dict(row) for row in rows]
            except sqlite3.Error as exc:
                raise DeviceError(f"query on {remote_db} failed: {exc}: {sql}") from None
            finally:
                conn.close()

    def write_db(
        self, remote_db: str, package: str, change: Callable[[sqlite3.Connection], object]
    ) -> None:
        """Stop ``package``, pull its database, apply ``change`` and push it back.

        The change is committed and the write-ahead log folded into the main file, the
        device's stale ``-wal``/``-shm``/``-journal`` are removed (an app reopening the
        database would otherwise replay an old log over the new file), and the file's
        owner and mode are restored. On a real phone this needs adbd running as root
        (``adb root``), as app data is private.
        """
        self.force_stop(package)
        owner = self.run(["stat", "-c", "%u:%g:%a", remote_db])
        with tempfile.TemporaryDirectory(prefix="droidhub-db-") as folder:
            local = self._pull_db(remote_db, Path(folder))
            conn = sqlite3.connect(local)
            try:
                change(conn)
                conn.commit()
                conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            finally:
                conn.close()
            self.shell(["rm", "-f", *(remote_db + s for s in ("-wal", "-shm", "-journal"))])
            self.push(local.read_bytes(), remote_db)
        parts = owner.output.strip().split(":")
        if owner.exit_code == 0 and len(parts) == 3 and all(p.isdigit() for p in parts):
            self.shell(["chown", f"{parts[0]}:{parts[1]}", remote_db])
            self.shell(["chmod", parts[2], remote_db])

    # --- settings ----------------------------------------------------------------------
    def get_setting(self, namespace: str, key: str) -> str | None:
        """``settings get``; None when the device answers ``null``."""
        value = self.shell(["settings", "get", namespace, key]).removesuffix("\n")
        return None if value == "null" else value

    def put_setting(self, namespace: str, key: str, value: str) -> None:
        """``settings put``."""
        self.shell(["settings", "put", namespace, key, value])

    def delete_setting(self, namespace: str, key: str) -> None:
        """``settings delete``."""
        self.shell(["settings", "delete", namespace, key])

    # --- content providers -------------------------------------------------------------
    def _content(self, args: list[str]) -> str:
        output = self.shell(["content", *args])
        # The content command reports a provider failure on stderr and still exits 0.
        if "Error while accessing provider" in output or "[ERROR]" in output:
            raise DeviceError(f"`{join(['content', *args])}` failed: {output.strip()}")
        return output

    def content_query(
        self,
        uri: str,
        projection: Sequence[str] | None = None,
        where: str | None = None,
        sort: str | None = None,
    ) -> list[dict[str, str | None]]:
        """``content query``, parsed into one dict per row (``NULL`` becomes None).

        Pass ``projection`` when values may hold text like ``", name="``: with the
        column names known each value is cut exactly; without them the columns are
        inferred from the rows, which one row alone cannot always settle.
        """
        args = ["query", "--uri", uri]
        if projection:
            args += ["--projection", ":".join(projection)]
        if where:
            args += ["--where", where]
        if sort:
            args += ["--sort", sort]
        return parse_content_rows(self._content(args), projection)

    def content_insert(self, uri: str, values: Mapping[str, str | int | float | bool]) -> None:
        """``content insert`` with ``--bind`` typed from the Python values.

        str → ``s``, int → ``i`` (``l`` beyond 32 bits), float → ``d``, bool → ``b``,
        None → ``n``.
        """
        if not values:
            raise ValueError(f"content_insert into {uri}: no values to insert")
        args = ["insert", "--uri", uri]
        for column, value in values.items():
            args += ["--bind", _bind_value(column, value)]
        self._content(args)

    def content_update(
        self, uri: str, values: Mapping[str, str | int | float | bool], where: str | None = None
    ) -> None:
        """``content update``."""
        if not values:
            raise ValueError(f"content_update of {uri}: no values to set")
        args = ["update", "--uri", uri]
        for column, value in values.items():
            args += ["--bind", _bind_value(column, value)]
        if where:
            args += ["--where", where]
        self._content(args)

    def content_delete(self, uri: str, where: str | None = None) -> None:
        """``content delete``."""
        args = ["delete", "--uri", uri]
        if where:
            args += ["--where", where]
        self._content(args)

    # --- intents, activities, packages -------------------------------------------------
    def broadcast(
        self,
        action: str,
        extras: Mapping[str, str | int | bool] | None = None,
        component: str | None = None,
    ) -> BroadcastResult:
        """Send an ordered broadcast (``am broadcast``) and return its result."""
        args = ["am", "broadcast", "-a", action]
        if component:
            args += ["-n", component]
        return parse_broadcast(self.shell(args + _extra_args(extras)))

    def start_activity(
        self,
        component: str | None = None,
        action: str | None = None,
        data: str | None = None,
        extras: Mapping[str, str | int | bool] | None = None,
    ) -> None:
        """``am start -W`` with the given component / action / data / extras."""
        if not (component or action or data):
            raise ValueError("start_activity needs a component, an action or data")
        args = ["am", "start", "-W"]
        if component:
            args += ["-n", component]
        if action:
            args += ["-a", action]
        if data:
            args += ["-d", data]
        args += _extra_args(extras)
        output = self.shell(args)
        # am prints "Error: ..." (and on old versions exits 0) when nothing was started.
        errors = [line for line in output.splitlines() if line.startswith("Error")]
        if errors:
            raise DeviceError(f"`{join(args)}` on {self.serial}: {' '.join(errors)}")

    def force_stop(self, package: str) -> None:
        """``am force-stop``."""
        self.shell(["am", "force-stop", package])

    def clear_app(self, package: str) -> None:
        """``pm clear``: erase the app's data."""
        output = self.shell(["pm", "clear", package])
        if output.strip() != "Success":
            raise DeviceError(f"`pm clear {package}` on {self.serial}: {output.strip()}")

    def packages(self) -> list[str]:
        """Installed package names (``pm list packages``), sorted."""
        output = self.shell(["pm", "list", "packages"])
        return sorted(
            line.removeprefix("package:").strip()
            for line in output.splitlines()
            if line.startswith("package:")
        )

    def foreground_activity(self) -> str:
        """The focused ``package/activity`` (from ``dumpsys window``)."""
        output = self.shell(["dumpsys", "window"])
        activity = parse_foreground_activity(output)
        if activity is None:
            raise DeviceError(
                f"no focused activity in `dumpsys window` on {self.serial} "
                "(neither mCurrentFocus nor mFocusedApp names one)"
            )
        return activity

    def go_home(self) -> None:
        """Press HOME."""
        self.keyevent("KEYCODE_HOME")

    # --- input -------------------------------------------------------------------------
    def tap(self, x: int, y: int) -> None:
        """``input tap``."""
        self.shell(["input", "tap", str(int(x)), str(int(y))])

    def swipe(self, x1: int, y1: int, x2: int, y2: int, duration_ms: int = 300) -> None:
        """``input swipe`` (equal points with a long duration make a long press)."""
        coords = [str(int(v)) for v in (x1, y1, x2, y2, duration_ms)]
        self.shell(["input", "swipe", *coords])

    def input_text(self, text: str) -> None:
        """Type ``text`` into the focused field (``input text``, safely quoted).

        Each line is sent as one quoted argument (spaces as ``%s``, which ``input text``
        turns back into spaces; a literal ``%s`` is split across two commands); a newline
        presses ENTER. Whatever the text holds, it is typed, never run.

        What a real phone cannot type: ``input text`` only types characters of the
        virtual keyboard's key map, which is ASCII. On a real Android 13 phone other
        characters (accents, CJK, emoji) make the command fail, and this raises
        DeviceError saying so rather than typing part of the text. (AndroidWorld drops
        them silently.) The virtual phone types any text.
        """
        for piece in _input_text_pieces(text):
            if piece is None:
                self.keyevent("KEYCODE_ENTER")
                continue
            result = self.run(["input", "text", piece])
            if result.exit_code != 0 or "Exception" in result.output:
                hint = ""
                if not piece.isascii():
                    hint = (
                        " (Android's `input text` types only ASCII characters: use an input "
                        "method such as ADBKeyboard for others)"
                    )
                raise DeviceError(
                    f"typing {piece!r} on {self.serial} failed (exit {result.exit_code}): "
                    f"{result.output.strip()}{hint}"
                )

    def keyevent(self, key: str | int) -> None:
        """``input keyevent`` (``KEYCODE_ENTER``, ``66``...)."""
        self.shell(["input", "keyevent", str(key)])

    # --- observation -------------------------------------------------------------------
    def screenshot(self) -> Image.Image:
        """The screen as a PIL image (``screencap -p``)."""
        from PIL import Image, UnidentifiedImageError

        png = self.exec_out(["screencap", "-p"])
        try:
            image = Image.open(io.BytesIO(png))
            image.load()
        except (UnidentifiedImageError, OSError) as exc:
            raise DeviceError(
                f"screencap -p on {self.serial} returned no image ({exc}): {png[:120]!r}"
            ) from None
        return image

    def ui_tree(self) -> str:
        """The UI hierarchy XML (``uiautomator dump``).

        Dump, read and delete the dump file in one command, so nothing is left on the
        phone. uiautomator sometimes fails while the screen is changing ("could not get
        idle state", "null root node"): it is tried three times.
        """
        path = quote(_UI_DUMP)
        command = f"uiautomator dump {path} && cat {path} && rm {path}"
        last = ""
        for attempt in range(3):
            result = self.run(command)
            start = result.output.find("<?xml")
            if start < 0:
                start = result.output.find("<hierarchy")
            if result.exit_code == 0 and start >= 0:
                return result.output[start:]
            last = result.output.strip()
            time.sleep(0.2 * (attempt + 1))
        raise DeviceError(f"uiautomator dump on {self.serial} failed: {last or '(no output)'}")

    def ui_elements(self) -> list[UIElement]:
        """The UI hierarchy parsed into elements (see :mod:`droidhub.uitree`)."""
        from droidhub.uitree import parse_hierarchy

        return parse_hierarchy(self.ui_tree())

    # --- clock and state ---------------------------------------------------------------
    def now(self) -> dt.datetime:
        """The device's clock (timezone-aware, in the device's UTC offset)."""
        output = self.shell(["date", "+%s %z"]).strip()
        match = re.fullmatch(r"(-?\d+) ([+-])(\d\d):?(\d\d)", output)
        if not match:
            raise DeviceError(f"`date +'%s %z'` on {self.serial} printed {output!r}")
        seconds, sign, hours, minutes = match.groups()
        offset = dt.timedelta(hours=int(hours), minutes=int(minutes))
        zone = dt.timezone(-offset if sign == "-" else offset)
        return dt.datetime.fromtimestamp(int(seconds), zone)

    def set_time(self, when: dt.datetime) -> None:
        """Set the device clock (``date`` as root, as AndroidWorld does).

        ``date MMDDhhmmYY.ss`` is in the device's local time: an aware ``when`` is first
        converted to the device's UTC offset; a naive one is taken as device-local. On a
        real phone this needs adbd running as root (``adb root``, as AndroidWorld does on
        its emulator).
        """
        if when.tzinfo is not None:
            offset = self.now().utcoffset() or dt.timedelta(0)
            when = when.astimezone(dt.timezone(offset)).replace(tzinfo=None)
        stamp = when.strftime("%m%d%H%M%y.%S")
        result = self.run(["date", stamp])
        if result.exit_code != 0:
            raise DeviceError(
                f"`date {stamp}` on {self.serial} failed (exit {result.exit_code}): "
                f"{result.output.strip()}; setting the clock needs root (`adb root`)"
            )

    def is_booted(self) -> bool:
        """Whether ``sys.boot_completed`` is 1."""
        return self.shell(["getprop", "sys.boot_completed"]).strip() == "1"
