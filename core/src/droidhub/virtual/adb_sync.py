"""The ``sync:`` service: stat, list, push (SEND) and pull (RECV) on a phone's sandbox
folder, with the packed little-endian structs of adb's ``file_sync_protocol.h``."""

from __future__ import annotations

import asyncio
import contextlib
import errno
import os
import stat
import struct
from pathlib import Path

from droidhub.android.phone import owner_ids, shown_mode
from droidhub.virtual.adb_wire import (
    SYNC_DATA_MAX,
    Phone,
    read_exact_or_eof,
)
from droidhub.virtual.connection import (
    drain,
)
from droidhub.virtual.sandbox import phone_stat

#: Longest path a sync request may carry (as adbd).
SYNC_PATH_MAX = 1024

# Sync structs (little endian, packed), named as in adb's file_sync_protocol.h.
_SYNC_REQUEST = struct.Struct("<4sI")
_STAT_V1 = struct.Struct("<4sIII")
_STAT_V2 = struct.Struct("<4sIQQIIIIQqqq")
_DENT_V1 = struct.Struct("<4sIIII")
_DENT_V2 = struct.Struct("<4sIQQIIIIQqqqI")
_SYNC_DATA = struct.Struct("<4sI")


class SyncSession:
    """One ``sync:`` connection: requests until QUIT or end of input.

    adbutils sends one request per connection and never QUIT; the stock client sends
    several and QUIT. Each STAT reply and each listing entry goes out in one write,
    since adbutils reads them with a single ``recv``.
    """

    def __init__(
        self, phone: Phone, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> None:
        self.phone = phone
        self.reader = reader
        self.writer = writer

    async def run(self) -> None:
        """Answer requests until QUIT, the end of input or a failure."""
        while True:
            header = await read_exact_or_eof(self.reader, _SYNC_REQUEST.size)
            if header is None:
                return
            ident, length = _SYNC_REQUEST.unpack(header)
            if ident == b"QUIT":
                return
            if length > SYNC_PATH_MAX:
                self._fail(f"path too long ({length} bytes; at most {SYNC_PATH_MAX})")
                return
            path = (await self.reader.readexactly(length)).decode("utf-8", "surrogateescape")
            if ident == b"STAT":
                self.writer.write(self._stat_v1(path))
            elif ident in (b"STA2", b"LST2"):
                self.writer.write(self._stat_v2(ident, path))
            elif ident in (b"LIST", b"LIS2"):
                await self._list(path, v2=ident == b"LIS2")
            elif ident == b"SEND":
                if not await self._send(path):
                    return
            elif ident == b"RECV":
                if not await self._recv(path):
                    return
            else:
                self._fail(f"unknown sync command {ident!r}")
                return
            # A client that pipelines requests without reading the answers is cut off
            # once they pile up, instead of having them buffered without end.
            await drain(self.writer, self.reader)

    def _fail(self, message: str) -> None:
        data = message.encode()
        self.writer.write(_SYNC_DATA.pack(b"FAIL", len(data)) + data)

    def _host(self, android_path: str) -> Path:
        return self.phone.host_path(
            android_path if android_path.startswith("/") else "/" + android_path
        )

    def _stat_v1(self, path: str) -> bytes:
        try:
            st = phone_stat(self._host(path))
        except (OSError, ValueError):
            return _STAT_V1.pack(b"STAT", 0, 0, 0)
        return _STAT_V1.pack(
            b"STAT", shown_mode(path, st.st_mode), st.st_size & 0xFFFFFFFF, _u32(st.st_mtime)
        )

    def _stat_v2(self, ident: bytes, path: str) -> bytes:
        try:
            host = self._host(path)
            st = phone_stat(host, follow_links=ident != b"LST2")
        except OSError as exc:
            return _STAT_V2.pack(ident, exc.errno or errno.EIO, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        except ValueError:
            return _STAT_V2.pack(ident, errno.ENOENT, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        return _stat_v2_fields(ident, path, st)

    async def _list(self, path: str, v2: bool) -> None:
        entry = _DENT_V2 if v2 else _DENT_V1
        try:
            host = self._host(path)
            names = [".", "..", *sorted(os.listdir(host))]
        except (OSError, ValueError):
            names, host = [], Path("/nonexistent")
        for name in names:
            child = path.rstrip("/") + "/" + name
            try:
                st = phone_stat(host / name)
            except OSError:
                continue  # vanished while listing
            raw = name.encode("utf-8", "surrogateescape")
            mode = shown_mode(child, st.st_mode)
            if v2:
                head = _DENT_V2.pack(
                    b"DNT2",
                    0,
                    st.st_dev,
                    st.st_ino,
                    mode,
                    st.st_nlink,
                    *owner_ids(child),
                    st.st_size,
                    int(st.st_atime),
                    int(st.st_mtime),
                    int(st.st_ctime),
                    len(raw),
                )
            else:
                head = _DENT_V1.pack(
                    b"DENT", mode, st.st_size & 0xFFFFFFFF, _u32(st.st_mtime), len(raw)
                )
            self.writer.write(head + raw)
        self.writer.write(b"DONE" + bytes(entry.size - 4))
        await drain(self.writer, self.reader)

    async def _send(self, spec: str) -> bool:
        """SEND ``path,mode``: DATA chunks, then DONE with the mtime; answer OKAY."""
        path, comma, mode_text = spec.rpartition(",")
        if not comma:
            self._fail(f"missing , in SEND request {spec!r}")
            return False
        mode = _parse_mode(mode_text)
        if mode is None:
            self._fail(f"bad mode {mode_text!r} in SEND request")
            return False
        if stat.S_ISLNK(mode):
            await self._discard_data()
            self._fail(f"symbolic links cannot be pushed to the virtual phone ({path})")
            return False
        perms = mode & 0o777
        perms |= (perms >> 3) & 0o070
        perms |= (perms >> 3) & 0o007
        try:
            host = self._host(path)
            if host.is_dir():
                raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR))
            self.phone.make_folders(host.parent)
            out = open(host, "wb")  # noqa: SIM115  (closed in the finally below)
        except (OSError, ValueError) as exc:
            await self._discard_data()
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            self._fail(f"couldn't create file: {reason}")
            return False
        complete = False
        try:
            with self.phone.storage.writing() as storage:
                while True:
                    header = await self.reader.readexactly(_SYNC_DATA.size)
                    ident, size = _SYNC_DATA.unpack(header)
                    if ident == b"DONE":
                        mtime = size
                        break
                    if ident != b"DATA":
                        self._fail(f"invalid data message {ident!r}")
                        return False
                    if size > SYNC_DATA_MAX:
                        self._fail(f"oversize data message ({size} bytes; at most {SYNC_DATA_MAX})")
                        return False
                    data = await self.reader.readexactly(size)
                    try:
                        storage.charge(size)  # past the phone's storage: ENOSPC
                        out.write(data)
                    except OSError as exc:
                        # As adbd: FAIL at once, then swallow the rest of the file, so
                        # the client reads the reason instead of a reset connection.
                        self._fail(f"write failed: {exc.strerror or exc}")
                        await self._discard_data()
                        return False
            complete = True
        finally:
            out.close()
            if not complete:
                # As adbd: a transfer that did not finish leaves no partial file behind.
                with contextlib.suppress(OSError):
                    host.unlink()
        # The folder that gained the file changes at the phone's time, as adbd's writes
        # do; the file keeps the mtime the client sent (the host file's).
        self.phone.stamp(host)
        with contextlib.suppress(OSError):
            os.chmod(host, perms | 0o600)  # the sandbox must stay readable to the phone
            os.utime(host, (mtime, mtime))
        self.phone.changed()
        self.writer.write(_SYNC_DATA.pack(b"OKAY", 0))
        return True

    async def _discard_data(self) -> None:
        """After a failed SEND, swallow the client's DATA until DONE (as adbd does)."""
        while True:
            ident, size = _SYNC_DATA.unpack(await self.reader.readexactly(_SYNC_DATA.size))
            if ident != b"DATA" or size > SYNC_DATA_MAX:
                return
            await self.reader.readexactly(size)

    async def _recv(self, path: str) -> bool:
        """RECV: the file in DATA chunks, then DONE; FAIL if it cannot be read."""
        try:
            host = self._host(path)
            if host.is_dir():
                self._fail(f"read failed: {os.strerror(errno.EISDIR)}")
                return False
            source = open(host, "rb")  # noqa: SIM115  (closed by the with below)
        except OSError as exc:
            self._fail(f"open failed: {exc.strerror or exc}")
            return False
        except ValueError as exc:
            self._fail(f"open failed: {exc}")
            return False
        with source:
            while chunk := source.read(SYNC_DATA_MAX - _SYNC_DATA.size):
                self.writer.write(_SYNC_DATA.pack(b"DATA", len(chunk)) + chunk)
                await drain(self.writer, self.reader)
        self.writer.write(_SYNC_DATA.pack(b"DONE", 0))
        return True


def _parse_mode(text: str) -> int | None:
    """A mode as C's ``strtoul(text, 0)`` reads it: ``0x..`` hex, ``0..`` octal, decimal."""
    text = text.strip()
    try:
        if text.lower().startswith("0x"):
            return int(text, 16)
        if text.startswith("0") and len(text) > 1:
            return int(text, 8)
        return int(text, 10)
    except ValueError:
        return None


def _u32(value: float) -> int:
    return int(value) & 0xFFFFFFFF


def _stat_v2_fields(ident: bytes, path: str, st: os.stat_result) -> bytes:
    return _STAT_V2.pack(
        ident,
        0,
        st.st_dev,
        st.st_ino,
        shown_mode(path, st.st_mode),
        st.st_nlink,
        *owner_ids(path),
        st.st_size,
        int(st.st_atime),
        int(st.st_mtime),
        int(st.st_ctime),
    )
