"""``ls`` as Android 13's toybox prints it when stdout is not a terminal (one name a line).

Long listings (``-l``, ``-n``, ``-g``, ``-o``) align their columns as toybox does and
print times as ``%F %H:%M``; ``-ll`` (or ``--full-time``) adds seconds, nanoseconds and
the zone: ``2023-10-15 15:34:00.000000000 +0000``, what AndroidWorld's
``get_file_list_with_metadata`` (``ls DIR -ll -au``) parses. ``-u`` shows access
times, ``-c`` change times. The phone's storage is mounted ``noatime`` as Android's
``/data`` is, so reading a file never moves its access time; change times are
modification times (the sandbox's host clock never shows through).
"""

from __future__ import annotations

import datetime as dt
import os
import stat as statmod
from dataclasses import dataclass
from pathlib import Path

from droidhub.android.phone import owner, owner_ids, shown_mode
from droidhub.virtual.commands.invocation import Invocation, command, option_words
from droidhub.virtual.commands.links import LinkShown, itself
from droidhub.virtual.sandbox import phone_stat

_FLAGS = "aAlL1dutcrSngoiphFRsHqbx"


def access_time(info: os.stat_result) -> int:
    """``info``'s access time in ns, as a ``noatime`` mount keeps it: never after the
    modification time (the host may have moved it when something read the file)."""
    return min(info.st_atime_ns, info.st_mtime_ns)


@dataclass
class _Entry:
    name: str
    host: Path
    path: str  # the Android path


def _options(args: list[str]) -> tuple[dict[str, int], list[str], str | None]:
    """Count toybox flags wherever they stand (``ls DIR -ll -au``); operands apart."""
    counts: dict[str, int] = {}
    operands: list[str] = []
    for is_option, arg in option_words(args):
        if not is_option:
            operands.append(arg)
        elif arg == "--full-time":
            counts["l"] = max(counts.get("l", 0), 2)
        elif arg.startswith("--color"):
            continue  # only a terminal would show colours
        elif arg.startswith("--"):
            return counts, operands, arg
        else:
            for letter in arg[1:]:
                if letter not in _FLAGS:
                    return counts, operands, letter
                counts[letter] = counts.get(letter, 0) + 1
    return counts, operands, None


@command("ls")
def ls(inv: Invocation) -> int:
    """``ls [-aAdlnogiprstucSRF1] [--full-time] [PATH...]`` (``-ll``: full times)."""
    flags, operands, bad = _options(inv.args)
    if bad is not None:
        shown = bad if bad.startswith("--") else f"'{bad}'"
        return inv.fail(f'Unknown option {shown} (see "ls --help")')
    targets = operands or ["."]
    status = 0
    files: list[_Entry] = []
    folders: list[_Entry] = []
    for target in sorted(targets) if len(targets) > 1 else targets:
        host = itself(inv, target) if _long(flags) or "d" in flags else inv.host(target)
        if not inv.exists(host):
            inv.eprint(f"ls: {target}: No such file or directory")
            status = 1
        elif host.is_dir() and "d" not in flags and not (host.is_symlink() and _long(flags)):
            folders.append(_Entry(target, host, inv.path(target)))
        else:
            files.append(_Entry(target, host, inv.path(target)))
    if files:
        _print_entries(inv, _sorted(files, flags), flags, total=False)
    for index, folder in enumerate(folders):
        if len(targets) > 1 or "R" in flags:
            if files or index:
                inv.print()
            inv.print(f"{folder.name}:")
        _print_folder(inv, folder, flags)
    return status


def _long(flags: dict[str, int]) -> bool:
    return any(flag in flags for flag in "lngo")


def _children(inv: Invocation, folder: _Entry, flags: dict[str, int]) -> list[_Entry]:
    names = os.listdir(folder.host)
    if "a" not in flags:
        names = [n for n in names if not n.startswith(".")] if "A" not in flags else names
    entries = [_Entry(n, folder.host / n, f"{folder.path.rstrip('/')}/{n}") for n in names]
    if "a" in flags:
        # The root's ".." is the root itself, never the host folder holding the sandbox.
        parent = folder.host if folder.host == inv.phone.root else folder.host.parent
        entries += [_Entry(".", folder.host, folder.path), _Entry("..", parent, folder.path)]
    return _sorted(entries, flags)


def _print_folder(inv: Invocation, folder: _Entry, flags: dict[str, int]) -> None:
    entries = _children(inv, folder, flags)
    _print_entries(inv, entries, flags, total=True)
    if "R" not in flags:
        return
    for entry in entries:
        if entry.name in (".", "..") or entry.host.is_symlink() or not entry.host.is_dir():
            continue
        shown = f"{folder.name.rstrip('/')}/{entry.name}"
        inv.print()
        inv.print(f"{shown}:")
        _print_folder(inv, _Entry(shown, entry.host, entry.path), flags)


def _sorted(entries: list[_Entry], flags: dict[str, int]) -> list[_Entry]:
    def key(entry: _Entry) -> tuple[int, int, bytes]:
        # A folder's shown size costs a listing of it: asked for only when it orders.
        info = phone_stat(entry.host) if "S" in flags else os.lstat(entry.host)
        size = -info.st_size if "S" in flags else 0
        when = -_time_ns(info, flags) if "t" in flags else 0
        return size, when, entry.name.encode("utf-8", "surrogateescape")

    if "f" in flags:
        return entries
    ordered = sorted(entries, key=key)
    return list(reversed(ordered)) if "r" in flags else ordered


def _time_ns(info: os.stat_result, flags: dict[str, int]) -> int:
    return access_time(info) if "u" in flags else info.st_mtime_ns


def _when(inv: Invocation, info: os.stat_result, flags: dict[str, int]) -> str:
    nanos = _time_ns(info, flags)
    moment = dt.datetime.fromtimestamp(nanos // 1_000_000_000, inv.phone.tzinfo())
    if flags.get("l", 0) < 2:
        return moment.strftime("%Y-%m-%d %H:%M")
    return (
        moment.strftime("%Y-%m-%d %H:%M:%S")
        + f".{nanos % 1_000_000_000:09d} "
        + moment.strftime("%z")
    )


def _suffix(info: os.stat_result, flags: dict[str, int]) -> str:
    if ("p" in flags or "F" in flags) and statmod.S_ISDIR(info.st_mode):
        return "/"
    if "F" in flags:
        if statmod.S_ISLNK(info.st_mode):
            return "@"
        if statmod.S_ISREG(info.st_mode) and info.st_mode & 0o111:
            return "*"
    return ""


def _print_entries(
    inv: Invocation, entries: list[_Entry], flags: dict[str, int], total: bool
) -> None:
    infos = [phone_stat(entry.host) for entry in entries]
    blocks = [(getattr(info, "st_blocks", 0) + 1) // 2 for info in infos]
    prefixes = [""] * len(entries)
    if "i" in flags:
        width = max((len(str(i.st_ino)) for i in infos), default=0)
        prefixes = [f"{p}{i.st_ino:>{width}} " for p, i in zip(prefixes, infos, strict=True)]
    if "s" in flags:
        width = max((len(str(b)) for b in blocks), default=0)
        prefixes = [f"{p}{b:>{width}} " for p, b in zip(prefixes, blocks, strict=True)]
    if total and (_long(flags) or "s" in flags):
        inv.print(f"total {sum(blocks)}")
    if not _long(flags):
        for prefix, entry, info in zip(prefixes, entries, infos, strict=True):
            inv.print(prefix + entry.name + _suffix(info, flags))
        return
    rows = [_row(inv, entry, info, flags) for entry, info in zip(entries, infos, strict=True)]
    widths = [max((len(r[i]) for r in rows), default=0) for i in range(5)]
    for prefix, row in zip(prefixes, rows, strict=True):
        line = f"{prefix}{row[0]} {row[1]:>{widths[1]}}"
        if "g" not in flags:
            line += f" {row[2]:<{widths[2]}}"
        if "o" not in flags:
            line += f" {row[3]:<{widths[3]}}"
        inv.print(f"{line} {row[4]:>{widths[4]}} {row[5]} {row[6]}")


def _row(inv: Invocation, entry: _Entry, info: os.stat_result, flags: dict[str, int]) -> list[str]:
    link = statmod.S_ISLNK(info.st_mode)
    if "n" in flags:
        uid, gid = owner_ids(entry.path, link)
        user, group = str(uid), str(gid)
    else:
        user, group = owner(entry.path, link)
    shown, mode, size = entry.name, shown_mode(entry.path, info.st_mode), info.st_size
    if link:
        seen = LinkShown.of(inv, entry.host, entry.path, mode)
        shown, mode, size = f"{shown} -> {seen.target}", seen.mode, seen.size
    shown += _suffix(info, flags)
    return [
        statmod.filemode(mode),
        str(info.st_nlink),
        user,
        group,
        str(size),
        _when(inv, info, flags),
        shown,
    ]
