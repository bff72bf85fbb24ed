"""A virtual phone's storage: how many bytes its sandbox may hold, and the check that
every write the phone's clients cause (adb push, a shell redirect, ``cp``) goes through.

A real phone's ``/data`` (which holds ``/sdcard`` too) is one partition of fixed size;
a write past it fails with ``ENOSPC`` ("No space left on device") and the phone lives
on. The virtual phone's sandbox is a host folder, so without a bound one same-user
``adb push`` could fill the host's disk (or its memory, on a RAM-backed folder).

What counts: the apparent size of every file and link in the sandbox (not the
filesystem's blocks, so the figure is the same on tmpfs, ext4 or anything else, and a
sparse file counts in full). The sandbox is measured when a write starts; bytes
written while other writes are open are added up until the next measure. App models'
own writes (SQLite databases, a few hundred KiB) are not checked, only counted.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import threading
from collections.abc import Iterator
from pathlib import Path

#: The storage of a virtual phone unless told otherwise: 6 GiB, the data partition
#: (``disk.dataPartition.size = 6442450944``) of a Pixel 6 API 33 AVD as Android
#: Studio's Device Manager creates it, which is how AndroidWorld's README has its
#: ``AndroidWorldAvd`` made (Pixel 6, Tiramisu, API 33, default settings).
DEFAULT_STORAGE_BYTES = 6 * 1024**3

#: Environment variable that sets every new virtual phone's storage (``512M``, ``6G``...)
#: in whatever process makes them: ``--device virtual:N`` runs, the pytest fixtures,
#: ``droidhub check``. ``droidhub device serve --storage`` overrides it.
STORAGE_ENV = "DROIDHUB_VIRTUAL_STORAGE"

#: The error Android reports for a full partition, as ``strerror(ENOSPC)`` spells it.
NO_SPACE = os.strerror(errno.ENOSPC)

_SIZE = re.compile(r"\s*(\d+(?:\.\d+)?)\s*([kmgt]?)(?:i?b)?\s*", re.IGNORECASE)
_UNITS = {"": 1, "k": 1024, "m": 1024**2, "g": 1024**3, "t": 1024**4}


def parse_size(text: str) -> int:
    """Bytes from ``text``: a number with an optional unit K, M, G or T (powers of 1024,
    as the emulator's ``disk.dataPartition.size`` reads them): ``6G``, ``512M``, ``1.5G``.

    Raises ValueError naming the text when it is not a size, or is under 1 MiB (a phone
    whose apps cannot even install).
    """
    match = _SIZE.fullmatch(text)
    if match is None:
        raise ValueError(
            f"storage size {text!r} is not a size; write it as a number of bytes with "
            "an optional unit K, M, G or T, such as 6G or 512M"
        )
    size = int(float(match.group(1)) * _UNITS[match.group(2).lower()])
    if size < 1024**2:
        raise ValueError(f"storage size {text!r} is under 1M; a phone needs more")
    return size


def storage_from_env() -> int:
    """The storage size ``$DROIDHUB_VIRTUAL_STORAGE`` asks for, else the default (6 GiB).

    Raises ValueError naming the variable when its value is not a size.
    """
    text = os.environ.get(STORAGE_ENV, "").strip()
    if not text:
        return DEFAULT_STORAGE_BYTES
    try:
        return parse_size(text)
    except ValueError as exc:
        raise ValueError(f"${STORAGE_ENV}: {exc}") from None


def format_size(size: int) -> str:
    """``6442450944`` -> ``6G``; ``1536K`` -> ``1.5M``: the way ``df -h`` rounds."""
    for unit in ("T", "G", "M", "K"):
        scale = _UNITS[unit.lower()]
        if size >= scale:
            value = size / scale
            return f"{value:.1f}{unit}".replace(".0", "") if value < 10 else f"{value:.0f}{unit}"
    return str(size)


def tree_size(path: Path) -> int:
    """The apparent size of the files and links at or under ``path`` (links not followed);
    0 when nothing is there."""
    try:
        if not os.path.isdir(path) or os.path.islink(path):
            return os.lstat(path).st_size
    except OSError:
        return 0
    total = 0
    folders = [str(path)]
    while folders:
        folder = folders.pop()
        try:
            entries = os.scandir(folder)
        except OSError:
            continue  # removed while measuring
        with entries:
            for entry in entries:
                try:
                    if entry.is_dir(follow_symlinks=False):
                        folders.append(entry.path)
                    else:
                        total += entry.stat(follow_symlinks=False).st_size
                except OSError:
                    continue
    return total


def no_space() -> OSError:
    """The error a write past the phone's storage raises (errno ENOSPC)."""
    return OSError(errno.ENOSPC, NO_SPACE)


class Storage:
    """The storage of the phone whose sandbox is ``root``: ``capacity`` bytes in all.

    Thread-safe. Writers call :meth:`writing` and charge each write to it before they
    make it; a charge that does not fit raises ``OSError(ENOSPC)`` and the caller
    writes nothing more.
    """

    def __init__(self, root: Path, capacity: int = DEFAULT_STORAGE_BYTES) -> None:
        self.root = Path(root)
        self.capacity = capacity
        self._lock = threading.Lock()
        self._writers = 0
        # What the last measure found, plus what was written since by open writers.
        self._measured = 0
        self._charged = 0

    def used(self) -> int:
        """Bytes the sandbox holds now (the apparent size of its files and links)."""
        return tree_size(self.root)

    def free(self) -> int:
        """Bytes that may still be written."""
        return max(0, self.capacity - self.used())

    @contextlib.contextmanager
    def writing(self) -> Iterator[Storage]:
        """Open a write: measure the sandbox when no other write is open (so nothing is
        counted twice), then let :meth:`charge` account for what is written."""
        with self._lock:
            if self._writers == 0:
                self._measured, self._charged = self.used(), 0
            self._writers += 1
        try:
            yield self
        finally:
            with self._lock:
                self._writers -= 1

    def charge(self, size: int) -> None:
        """Account ``size`` bytes about to be written (inside :meth:`writing`); raise
        ``OSError(ENOSPC)`` when they do not fit, and charge nothing then."""
        with self._lock:
            if self._measured + self._charged + size > self.capacity:
                raise no_space()
            self._charged += size
