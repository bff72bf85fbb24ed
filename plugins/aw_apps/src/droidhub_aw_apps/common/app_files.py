"""What an app model does to files in the phone's sandbox (delete, move, copy, write),
dated as the phone's own writes are: a new file, and a folder that gains or loses an
entry, take the phone's clock (``VirtualPhone.stamp``); a moved entry keeps its own
time, as a rename does. Without this, the host's clock would date them, and Files or
Markor would list a date the phone never had."""

from __future__ import annotations

import os
import shutil
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path

    from droidhub.virtual.appmodel import VirtualPhone


def remove(phone: VirtualPhone, host: Path) -> None:
    """Delete the file or folder tree ``host`` (nothing if it is gone)."""
    if host.is_dir() and not host.is_symlink():
        shutil.rmtree(host)
    else:
        host.unlink(missing_ok=True)
    phone.stamp(host)  # the entry is gone: only its folder is dated


def move(phone: VirtualPhone, source: Path, destination: Path) -> None:
    """Move ``source`` to ``destination``; the entry keeps its modification time."""
    kept = source.stat().st_mtime
    shutil.move(source, destination)
    phone.stamp(source)  # the folder that lost it
    phone.stamp(destination)  # the folder that gained it (and the entry, put back below)
    os.utime(destination, (kept, kept), follow_symlinks=False)


def copy(phone: VirtualPhone, source: Path, destination: Path) -> None:
    """Copy the file ``source`` to ``destination``: a new file, dated now."""
    shutil.copyfile(source, destination)
    phone.stamp(destination)


def write(phone: VirtualPhone, host: Path, data: bytes) -> None:
    """Write ``data`` to a new or existing file ``host``, its folders made as needed."""
    phone.make_folders(host.parent)
    host.write_bytes(data)
    phone.stamp(host)
