"""Files over the adb sync protocol (v1: STAT, LIST, SEND, RECV), as a part of
:class:`~droidhub.device.transport.AdbTransport`: each operation is a ``sync:`` service
on a connection of its own; :meth:`FileSync.send_many` sends many files over one."""

from __future__ import annotations

import contextlib
import socket
import stat as stat_mode
import struct
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import BinaryIO

from droidhub.device.wire import DeviceError, read_exact

__all__ = ["FileSync", "RemoteStat"]

_SYNC_CHUNK = 64 * 1024
_MAX_SYNC_PATH = 1024


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


class FileSync:
    """The sync operations of a phone's transport, on the services it opens."""

    serial: str

    def service(
        self, service: str, timeout: float | None, label: str | None = None
    ) -> contextlib.AbstractContextManager[tuple[socket.socket, BinaryIO]]:
        """A connection opened on ``service`` (the transport's)."""
        raise NotImplementedError

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
            answer = read_exact(reader, 16, f"stat {remote}")
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
        answer = read_exact(reader, 8, f"push {remote}")
        if answer[:4] == b"OKAY":
            return None
        if answer[:4] == b"FAIL":
            size = struct.unpack("<I", answer[4:])[0]
            return read_exact(reader, size, f"push {remote}").decode(errors="replace")
        return f"unexpected sync answer {answer!r}"

    def receive(self, remote: str) -> bytes:
        """RECV: the bytes of file ``remote``; DeviceError with the phone's message if it
        cannot be read."""
        data = bytearray()
        with self._sync(b"RECV", remote) as (_, reader):
            while True:
                header = read_exact(reader, 8, f"pull {remote}")
                kind, size = header[:4], struct.unpack("<I", header[4:])[0]
                if kind == b"DATA":
                    data += read_exact(reader, size, f"pull {remote}")
                elif kind == b"DONE":
                    return bytes(data)
                elif kind == b"FAIL":
                    message = read_exact(reader, size, f"pull {remote}").decode(errors="replace")
                    raise DeviceError(f"cannot read {remote} on {self.serial}: {message}")
                else:
                    raise DeviceError(f"pull {remote}: unexpected sync answer {kind!r}")

    def list_folder(self, remote: str) -> list[str]:
        """LIST: the names in folder ``remote`` as the phone sends them (``.`` and ``..``
        included)."""
        names = []
        with self._sync(b"LIST", remote) as (_, reader):
            while True:
                head = read_exact(reader, 4, f"list {remote}")
                if head == b"DONE":
                    break
                if head != b"DENT":
                    raise DeviceError(f"list {remote}: unexpected sync answer {head!r}")
                _, _, _, size = struct.unpack("<IIII", read_exact(reader, 16, remote))
                names.append(read_exact(reader, size, remote).decode("utf-8", "replace"))
        return names
