"""The adb host protocol's framing, as droidhub's client speaks it: a request's length
prefix, the server's OKAY/FAIL answer and length-prefixed blocks, the shell protocol's
packets, and the errors and results every layer of :mod:`droidhub.device` shares."""

from __future__ import annotations

import struct
from dataclasses import dataclass
from typing import BinaryIO

__all__ = [
    "MAX_REQUEST_BYTES",
    "SHELL_EXIT",
    "SHELL_HEADER",
    "SHELL_STDERR",
    "SHELL_STDIN",
    "SHELL_STDOUT",
    "DeviceError",
    "ShellResult",
    "expect_okay",
    "frame_request",
    "read_block",
    "read_exact",
]

#: The longest request the adb host protocol can frame: its length travels as four hex
#: digits. (Real adb servers refuse longer ones too; adbd's own limit on a service is
#: larger from Android 7 on, and 4096 bytes before it, where there is no shell v2.)
MAX_REQUEST_BYTES = 0xFFFF

#: Shell protocol v2 packets (adb's ``ShellProtocol``): an id byte and a little-endian
#: length, then the data; the ids of stdin, stdout, stderr and the exit status.
SHELL_HEADER = struct.Struct("<BI")
SHELL_STDIN, SHELL_STDOUT, SHELL_STDERR, SHELL_EXIT = 0, 1, 2, 3


class DeviceError(RuntimeError):
    """A device command failed; the message names the command and what it printed."""


@dataclass(frozen=True)
class ShellResult:
    """Output and exit status of one shell command."""

    output: str
    exit_code: int


def frame_request(text: str) -> bytes:
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


def read_exact(reader: BinaryIO, size: int, what: str) -> bytes:
    data = reader.read(size)
    if data is None or len(data) < size:
        raise DeviceError(f"{what}: the adb server closed the connection mid-answer")
    return data


def read_block(reader: BinaryIO, what: str) -> str:
    size = int(read_exact(reader, 4, what), 16)
    return read_exact(reader, size, what).decode("utf-8", errors="replace")


def expect_okay(reader: BinaryIO, what: str) -> None:
    status = read_exact(reader, 4, what)
    if status == b"OKAY":
        return
    if status == b"FAIL":
        raise DeviceError(f"{what}: the adb server refused: {read_block(reader, what)}")
    raise DeviceError(f"{what}: unexpected answer {status!r} from the adb server")
