"""``df`` and ``du``: the phone's storage as toybox reports it, from the size the phone
was given, and the space its files take.

The virtual phone has one partition, ``/data``, which also holds shared storage (shown
as Android shows it: the FUSE mount ``/storage/emulated`` over the same blocks). Its
size is the phone's storage size (:mod:`droidhub.virtual.storage`), so what ``df``
says is what a push may still write.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from droidhub.android.phone import canonical_path
from droidhub.virtual.commands.invocation import (
    CommandExit,
    Invocation,
    command,
    split_options,
    take_option_value,
    unknown_option,
)
from droidhub.virtual.commands.links import itself
from droidhub.virtual.sandbox import phone_stat
from droidhub.virtual.storage import format_size

#: (device, mount point) of each row, as on an Android 13 emulator.
_DATA = ("/dev/block/dm-5", "/data")
_SHARED = ("/dev/fuse", "/storage/emulated")


@command("df")
def df(inv: Invocation) -> int:
    """``df [-h] [-k] [PATH...]``: size, used and available bytes of the phone's storage."""
    flags, operands, bad = split_options(inv.args, "hkaP")
    if bad:
        return unknown_option(inv, bad)
    rows: list[tuple[str, str]] = []
    status = 0
    for operand in operands:
        path = inv.path(operand)
        if not inv.exists(inv.host(operand)):
            inv.eprint(f"df: {operand}: No such file or directory")
            status = 1
            continue
        row = _SHARED if canonical_path(path).startswith(_SHARED[1] + "/") else _DATA
        if row not in rows:
            rows.append(row)
    if not operands:
        rows = [_DATA, _SHARED]
    if not rows:
        return status
    storage = inv.phone.storage
    size, used = storage.capacity, min(storage.used(), storage.capacity)
    free = size - used
    percent = f"{-(-used * 100 // size)}%"  # toybox rounds up
    if "h" in flags:
        header = ("Filesystem", "Size", "Used", "Avail", "Use%", "Mounted on")
        numbers = (format_size(size), format_size(used), format_size(free))
    else:
        header = ("Filesystem", "1K-blocks", "Used", "Available", "Use%", "Mounted on")
        # Used blocks round up, as a partly used block is used; the rest is available.
        size_k, used_k = size // 1024, -(-used // 1024)
        numbers = (str(size_k), str(used_k), str(max(0, size_k - used_k)))
    table = [header] + [(device, *numbers, percent, mount) for device, mount in rows]
    widths = [max(len(line[i]) for line in table) for i in range(5)]
    for line in table:
        cells = [line[0].ljust(widths[0])] + [line[i].rjust(widths[i]) for i in range(1, 5)]
        inv.print(" ".join([*cells, line[5]]))
    return status


@command("du")
def du(inv: Invocation) -> int:
    """``du [-d N] [-acsKkmh] [FILE...]``: the space each folder takes (``-a``: each file
    too), what it holds listed before it, in 1K blocks rounded up (``-K`` 512-byte
    blocks, ``-m`` megabytes, ``-h`` as ``df -h``); ``-s`` each FILE's total alone,
    ``-d N`` only what lies at most N folders down, ``-c`` a grand total. Links are
    not followed, a FILE that is one included (``du /sdcard`` is the link's)."""
    args = list(inv.args)
    depth_text = take_option_value(inv, args, "-d")
    flags, operands, bad = split_options(args, "acsKkmhHLlx")
    if bad:
        return unknown_option(inv, bad)
    depth = 0 if "s" in flags else None
    if depth_text is not None:
        if not depth_text.isdigit():
            raise CommandExit(inv.fail(f"-d '{depth_text}': not integer"))
        depth = int(depth_text)
    status, total = 0, 0
    for operand in operands or ["."]:
        host = itself(inv, operand)
        if not inv.exists(host):
            inv.eprint(f"du: {operand}: No such file or directory")
            status = 1
            continue
        total += _du(inv, host, operand, 0, depth, flags)
    if "c" in flags:
        inv.print(f"{_blocks(total, flags)}\ttotal")
    return status


def _du(
    inv: Invocation, host: Path, shown: str, level: int, depth: int | None, flags: set[str]
) -> int:
    """Bytes of the blocks at and under ``host``, printing its lines as ``du`` does."""
    info = phone_stat(host)
    size = info.st_blocks * 512
    folder = stat.S_ISDIR(info.st_mode)  # lstat's: a link to a folder is not gone into
    if folder:
        for name in sorted(os.listdir(host)):
            size += _du(inv, host / name, f"{shown.rstrip('/')}/{name}", level + 1, depth, flags)
    if (folder or "a" in flags or level == 0) and (depth is None or level <= depth):
        inv.print(f"{_blocks(size, flags)}\t{shown}")
    return size


def _blocks(size: int, flags: set[str]) -> str:
    if "h" in flags:
        return format_size(size)
    unit = 512 if "K" in flags else 1 << 20 if "m" in flags else 1024
    return str(-(-size // unit))
