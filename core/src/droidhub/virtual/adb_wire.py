"""The adb protocol's wire: request framing, OKAY/FAIL replies, shell-protocol packets,
and what the services need from a phone and its transport.

Requests are four hex digits of length and the text; shell v2 frames
stdout/stderr/exit as ``id (1 byte) + length (u32 LE) + data``."""

from __future__ import annotations

import asyncio
import contextlib
import struct
from concurrent.futures import Executor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from droidhub.virtual.connection import (
    BoundedReader,
    drain,
)
from droidhub.virtual.storage import Storage

#: Largest data chunk of the sync protocol (adb's SYNC_DATA_MAX).
SYNC_DATA_MAX = 64 * 1024

#: The reply that accepts a request.
OKAY = b"OKAY"
#: The reply that refuses one; a length-prefixed message follows.
FAIL = b"FAIL"

# Shell protocol (v2) packet ids: stdin, stdout, stderr, exit, close-stdin.
SHELL_STDIN = 0
SHELL_STDOUT = 1
SHELL_STDERR = 2
SHELL_EXIT = 3
SHELL_CLOSE_STDIN = 4
SHELL_HEADER = struct.Struct("<BI")

#: How long a finished connection waits for the client to close its side before
#: closing anyway; waiting keeps unread client bytes from turning our close into a reset.
LINGER_S = 2.0


class ShellOutcome(Protocol):
    """What a phone's shell command produced."""

    @property
    def stdout(self) -> bytes: ...
    @property
    def stderr(self) -> bytes: ...
    @property
    def exit_code(self) -> int: ...


class ShellState(Protocol):
    """An interactive shell's state, kept from line to line (the phone's own object)."""

    @property
    def exited(self) -> bool:
        """Whether a line ran ``exit``: the session ends."""
        ...


class Phone(Protocol):
    """What the protocol needs from a phone (``droidhub.virtual.phone.VirtualPhone``)."""

    def shell(self, command: str, stdin: bytes = ..., session: Any = None) -> ShellOutcome:
        """Run one shell command line (in ``session``, from :meth:`shell_session`, when
        given); thread-safe, may block."""
        ...

    def shell_session(self) -> ShellState:
        """A new interactive shell's state."""
        ...

    def host_path(self, android_path: str) -> Path:
        """Where ``android_path`` lives inside the phone's sandbox folder."""
        ...

    @property
    def storage(self) -> Storage:
        """The phone's storage, which every push is charged to."""
        ...

    def changed(self) -> None:
        """What apps show may have changed (a file was pushed)."""
        ...

    def stamp(self, host: Path) -> None:
        """Date ``host`` and its folder by the phone's clock (what a write there did)."""
        ...

    def make_folders(self, host: Path) -> None:
        """``mkdir -p`` of ``host``, the folders made dated by the phone's clock."""
        ...


@dataclass(frozen=True)
class Transport:
    """One phone as the adb server lists it."""

    serial: str
    transport_id: int
    phone: Phone
    #: Runs this phone's shell commands (None: the server's).
    executor: Executor | None = None
    product: str = "droidhub_virtual"
    model: str = "Pixel_6"
    device: str = "oriole"


class RequestError(Exception):
    """A request that gets a FAIL reply and ends the connection."""


#: The longest string four hex digits of length can frame.
MAX_BLOCK = 0xFFFF
#: Longest refusal message sent: one that quotes a client's (up to 64 KiB) request is cut,
#: so a refusal never costs more than the request it answers.
MAX_FAIL_MESSAGE = 1024


def block(text: str) -> bytes:
    """A length-prefixed string: four hex digits, then the bytes.

    Raises ValueError for text longer than four hex digits can say, rather than
    sending a length the client would misread.
    """
    data = text.encode()
    if len(data) > MAX_BLOCK:
        raise ValueError(
            f"cannot frame {len(data)} bytes in an adb reply (at most {MAX_BLOCK}): "
            f"{text[:60]!r}..."
        )
    return f"{len(data):04x}".encode() + data


def send_fail(writer: asyncio.StreamWriter, message: str) -> None:
    """Refuse with ``message``: FAIL and the message, length-prefixed (cut to
    :data:`MAX_FAIL_MESSAGE` bytes)."""
    data = message.encode()
    if len(data) > MAX_FAIL_MESSAGE:
        cut = data[: MAX_FAIL_MESSAGE - 40].decode("utf-8", "ignore")
        message = f"{cut}... ({len(data)} bytes in all)"
    writer.write(FAIL + block(message))


async def read_request(reader: asyncio.StreamReader) -> str | None:
    """One framed request, or None when the client closed before sending one."""
    head = await read_exact_or_eof(reader, 4)
    if head is None:
        return None
    text = head.decode("ascii", "replace")
    if not all(c in "0123456789abcdefABCDEF" for c in text):
        raise RequestError(f"bad length prefix {text!r}: expected four hex digits")
    length = int(text, 16)
    if length == 0:
        raise RequestError("empty request: expected a service name such as host:version")
    body = await reader.readexactly(length)
    try:
        return body.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RequestError(f"request is not UTF-8: {body[:40]!r}") from exc


async def read_exact_or_eof(reader: asyncio.StreamReader, n: int) -> bytes | None:
    """``n`` bytes, or None at a clean end of input (EOF before the first byte)."""
    try:
        return await reader.readexactly(n)
    except asyncio.IncompleteReadError as exc:
        if exc.partial:
            raise
        return None


async def drain_input(reader: asyncio.StreamReader, limit: int | None = None) -> bool:
    """Read and drop input until the client closes its side (True) or ``limit`` bytes
    came (False).

    The client may stay silent meanwhile: listeners and running commands wait for
    the server, not the other way round, so no idle timeout applies.
    """
    read = reader.read_untimed if isinstance(reader, BoundedReader) else reader.read
    taken = 0
    while data := await read(65536):
        taken += len(data)
        if limit is not None and taken >= limit:
            return False  # read no more: the client now waits, as on a full pipe
    return True


async def finish(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    """End a connection politely: flush, half-close, let the client close first."""
    await drain(writer, reader)
    if writer.can_write_eof():
        writer.write_eof()
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(drain_input(reader), LINGER_S)


def shell_packets(kind: int, data: bytes, chunk: int = SYNC_DATA_MAX) -> bytes:
    """``data`` as shell-protocol packets of stream ``kind``, at most ``chunk`` bytes each."""
    return b"".join(
        SHELL_HEADER.pack(kind, len(data[i : i + chunk])) + data[i : i + chunk]
        for i in range(0, len(data), chunk)
    )
