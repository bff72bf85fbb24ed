"""``df``: the phone's storage as toybox reports it, from the size the phone was given.

The virtual phone has one partition, ``/data``, which also holds shared storage (shown
as Android shows it: the FUSE mount ``/storage/emulated`` over the same blocks). Its
size is the phone's storage size (:mod:`droidhub.virtual.storage`), so what ``df``
says is what a push may still write.
"""

from __future__ import annotations

from droidhub.android.phone import canonical_path
from droidhub.virtual.commands.invocation import Invocation, command, split_options, unknown_option
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
