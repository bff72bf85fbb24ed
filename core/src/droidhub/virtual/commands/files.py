"""File commands as Android 13's toybox answers them: ls, cat, mkdir, rm, mv, cp, touch,
stat, rmdir, sha256sum/md5sum, chmod/chown (no-ops on existing paths)."""

from __future__ import annotations

import datetime as dt
import fnmatch
import hashlib
import os
import posixpath
import re
import shutil
import stat as statmod
from collections.abc import Callable, Iterator
from pathlib import Path

from droidhub.virtual.commands.invocation import Invocation, command, split_options, unknown_option
from droidhub.virtual.commands.links import link_target, links_would_escape
from droidhub.virtual.commands.system import parse_date
from droidhub.virtual.storage import tree_size


def _owner(inv: Invocation, android_path: str) -> tuple[str, str]:
    if android_path.startswith(("/storage/emulated/", "/sdcard/")):
        return "u0_a196", "media_rw"
    if android_path.startswith("/data/data/"):
        return "u0_a150", "u0_a150"
    del inv
    return "root", "root"


def _mode_string(mode: int) -> str:
    return statmod.filemode(mode)


@command("ls")
def ls(inv: Invocation) -> int:
    """``ls [-a] [-l] [-1] [-d] [PATH...]``: one name per line (stdout is not a tty)."""
    flags, operands, bad = split_options(inv.args, "al1dAhRst")
    if bad:
        return unknown_option(inv, bad)
    targets = operands or ["."]
    status = 0
    files: list[tuple[str, Path, str]] = []
    folders: list[tuple[str, Path, str]] = []
    for target in targets:
        host = inv.host(target)
        if not inv.exists(host):
            inv.eprint(f"ls: {target}: No such file or directory")
            status = 1
        elif host.is_dir() and "d" not in flags:
            folders.append((target, host, inv.path(target)))
        else:
            files.append((target, host, inv.path(target)))
    if files:
        _list(inv, [(name, host, path) for name, host, path in files], flags, total=False)
    for index, (target, host, path) in enumerate(folders):
        if len(targets) > 1:
            if files or index:
                inv.print()
            inv.print(f"{target}:")
        names = sorted(os.listdir(host))
        if "a" not in flags and "A" not in flags:
            names = [n for n in names if not n.startswith(".")]
        entries = [(n, host / n, f"{path.rstrip('/')}/{n}") for n in names]
        if "a" in flags:
            # The root's ".." is the root itself, never the host folder holding the sandbox.
            parent = host if host == inv.phone.root else host.parent
            entries = [(".", host, path), ("..", parent, path), *entries]
        _list(inv, entries, flags, total=True)
    return status


def _list(
    inv: Invocation, entries: list[tuple[str, Path, str]], flags: set[str], total: bool
) -> None:
    if "l" not in flags:
        for name, _host, _path in entries:
            inv.print(name)
        return
    rows = []
    blocks = 0
    for name, host, path in entries:
        info = os.lstat(host)
        blocks += (info.st_blocks + 1) // 2 if hasattr(info, "st_blocks") else 0
        user, group = _owner(inv, path)
        when = dt.datetime.fromtimestamp(info.st_mtime, inv.phone.tzinfo()).strftime(
            "%Y-%m-%d %H:%M"
        )
        shown = name
        if statmod.S_ISLNK(info.st_mode):
            # The sandbox's links are relative; Android shows where they point absolutely.
            shown += " -> " + link_target(inv, host, path)
        rows.append(
            (
                _mode_string(info.st_mode),
                str(info.st_nlink),
                user,
                group,
                str(info.st_size),
                when,
                shown,
            )
        )
    if total:
        inv.print(f"total {blocks}")
    widths = [max(len(r[i]) for r in rows) for i in range(5)] if rows else []
    for r in rows:
        inv.print(
            f"{r[0]} {r[1]:>{widths[1]}} {r[2]:<{widths[2]}} {r[3]:<{widths[3]}} "
            f"{r[4]:>{widths[4]}} {r[5]} {r[6]}"
        )


@command("cat")
def cat(inv: Invocation) -> int:
    """``cat [FILE...]`` (stdin when none, or for ``-``)."""
    status = 0
    for target in inv.args or ["-"]:
        if target == "-":
            inv.out.write(inv.stdin)
            continue
        host = inv.host(target)
        if host.is_dir():
            inv.eprint(f"cat: {target}: Is a directory")
            status = 1
        elif not host.is_file():
            inv.eprint(f"cat: {target}: No such file or directory")
            status = 1
        else:
            inv.out.write(host.read_bytes())
    return status


@command("mkdir")
def mkdir(inv: Invocation) -> int:
    """``mkdir [-p] [-m MODE] DIR...``."""
    args = list(inv.args)
    if "-m" in args:  # the mode is accepted and ignored: the sandbox keeps host modes
        at = args.index("-m")
        del args[at : at + 2]
    flags, operands, bad = split_options(args, "pv")
    if bad:
        return unknown_option(inv, bad)
    if not operands:
        return inv.fail("Needs 1 argument")
    status = 0
    for target in operands:
        host = inv.host(target)
        if "p" in flags:
            if host.exists() and not host.is_dir():
                inv.eprint(f"mkdir: '{target}': File exists")
                status = 1
                continue
            try:
                host.mkdir(parents=True, exist_ok=True)
            except OSError:
                inv.eprint(f"mkdir: '{target}': Not a directory")
                status = 1
        elif inv.exists(host):
            inv.eprint(f"mkdir: '{target}': File exists")
            status = 1
        elif not host.parent.is_dir():
            inv.eprint(f"mkdir: '{target}': No such file or directory")
            status = 1
        else:
            host.mkdir()
            inv.phone.stamp(host)
    return status


@command("rmdir")
def rmdir(inv: Invocation) -> int:
    """``rmdir DIR...`` (empty folders only)."""
    status = 0
    for target in inv.args:
        host = inv.host(target)
        if not host.is_dir():
            inv.eprint(f"rmdir: '{target}': No such file or directory")
            status = 1
        elif any(host.iterdir()):
            inv.eprint(f"rmdir: '{target}': Directory not empty")
            status = 1
        else:
            host.rmdir()
    return status


@command("rm")
def rm(inv: Invocation) -> int:
    """``rm [-r] [-f] PATH...``."""
    flags, operands, bad = split_options(inv.args, "rRfvi")
    if bad:
        return unknown_option(inv, bad)
    if not operands and "f" not in flags:
        return inv.fail("Needs 1 argument")
    status = 0
    for target in operands:
        host = inv.host(target)
        if inv.path(target) == "/" or host == inv.phone.root:
            inv.eprint("rm: /: Device or resource busy")
            status = 1
        elif not inv.exists(host):
            if "f" not in flags:
                inv.eprint(f"rm: {target}: No such file or directory")
                status = 1
        elif host.is_dir() and not host.is_symlink():
            if not flags & {"r", "R"}:
                inv.eprint(f"rm: {target}: Is a directory")
                status = 1
            else:
                shutil.rmtree(host)
        else:
            host.unlink()
    return status


@command("touch")
def touch(inv: Invocation) -> int:
    """``touch [-c] [-d DATE | -t [[CC]YY]MMDDhhmm[.ss]] FILE...``: create empty files, or set
    their time (the phone's clock unless ``-d``/``-t`` says otherwise)."""
    args = list(inv.args)
    when: float | None = None
    for option in ("-d", "-t"):
        if option in args:
            at = args.index(option)
            if at + 1 >= len(args):
                return inv.fail(f"Missing argument to {option}")
            moment = _touch_time(inv, option, args[at + 1])
            if moment is None:
                return inv.fail(f"bad date '{args[at + 1]}'")
            when = moment.timestamp()
            del args[at : at + 2]
    flags, operands, bad = split_options(args, "acmh")
    if bad:
        return unknown_option(inv, bad)
    if not operands:
        return inv.fail("Needs 1 argument")
    status = 0
    for target in operands:
        host = inv.host(target)
        if not inv.exists(host):
            if "c" in flags:
                continue
            if not host.parent.is_dir():
                inv.eprint(f"touch: '{target}': No such file or directory")
                status = 1
                continue
            host.touch()
        if when is None:
            inv.phone.stamp(host)
        else:
            os.utime(host, (when, when), follow_symlinks=False)
    return status


def _touch_time(inv: Invocation, option: str, value: str) -> dt.datetime | None:
    now = inv.phone.now()
    if option == "-d":
        return parse_date(value.replace("T", " ").split(".")[0], now)
    match = re.fullmatch(r"(\d{2}|\d{4})?(\d{8})(?:\.(\d{2}))?", value)
    if not match:
        return None
    year, rest, seconds = match.groups()
    # -t is [[CC]YY]MMDDhhmm[.ss]; date's SET form puts the year after the minutes.
    return parse_date(rest + (year or "") + (f".{seconds}" if seconds else ""), now)


@command("find")
def find(inv: Invocation) -> int:
    """``find [PATH...] [-name PAT] [-iname PAT] [-type f|d] [-maxdepth N] [-mindepth N]``."""
    args = list(inv.args)
    roots: list[str] = []
    while args and not args[0].startswith("-"):
        roots.append(args.pop(0))
    tests: list[tuple[str, str]] = []
    while args:
        option = args.pop(0)
        if option not in ("-name", "-iname", "-type", "-maxdepth", "-mindepth") or not args:
            return inv.fail(f"bad arg '{option}'")
        tests.append((option, args.pop(0)))
    limits = {o: int(v) for o, v in tests if o in ("-maxdepth", "-mindepth") and v.isdigit()}
    status = 0
    for root in roots or ["."]:
        host = inv.host(root)
        if not inv.exists(host):
            inv.eprint(f"find: '{root}': No such file or directory")
            status = 1
            continue
        for shown, path, depth in _walk(root, host, 0, limits.get("-maxdepth", 1 << 30)):
            if depth >= limits.get("-mindepth", 0) and _find_matches(path, tests):
                inv.print(shown)
    return status


def _walk(shown: str, host: Path, depth: int, max_depth: int) -> Iterator[tuple[str, Path, int]]:
    yield shown, host, depth
    if depth < max_depth and host.is_dir() and not host.is_symlink():
        for name in sorted(os.listdir(host)):
            yield from _walk(f"{shown.rstrip('/')}/{name}", host / name, depth + 1, max_depth)


def _find_matches(host: Path, tests: list[tuple[str, str]]) -> bool:
    for option, value in tests:
        if option == "-name" and not fnmatch.fnmatchcase(host.name, value):
            return False
        if option == "-iname" and not fnmatch.fnmatch(host.name.lower(), value.lower()):
            return False
        if option == "-type" and (value == "d") != (host.is_dir() and not host.is_symlink()):
            return False
    return True


def _copy_or_move(inv: Invocation, move: bool) -> int:
    flags, operands, bad = split_options(inv.args, "rRfapvniLPdF")
    if bad:
        return unknown_option(inv, bad)
    if len(operands) < 2:
        return inv.fail("Needs 2 arguments")
    *sources, destination = operands
    dest_host = inv.host(destination)
    if len(sources) > 1 and not dest_host.is_dir():
        return inv.fail(f"'{destination}' not directory")
    status = 0
    for source in sources:
        src = inv.host(source)
        if not inv.exists(src):
            inv.eprint(f"{inv.name}: bad '{source}': No such file or directory")
            status = 1
            continue
        # The target is checked like any path the client names: it must not lead out of
        # the sandbox through a link already there.
        target = (
            inv.host(posixpath.join(inv.path(destination), src.name))
            if dest_host.is_dir()
            else dest_host
        )
        if not target.parent.is_dir():
            inv.eprint(f"{inv.name}: '{destination}': No such file or directory")
            status = 1
            continue
        if target == src or src in target.parents:
            inv.eprint(
                f"{inv.name}: '{source}' and '{destination}' are the same file"
                if target == src
                else f"{inv.name}: '{destination}' is inside '{source}'"
            )
            status = 1
            continue
        if (move or src.is_dir() or src.is_symlink()) and links_would_escape(inv, src, target):
            # A relative link means something else once moved: one that would then lead
            # out of the sandbox is refused, as a path out of it is.
            inv.eprint(f"{inv.name}: '{destination}': Permission denied")
            status = 1
            continue
        if move:
            if target.is_dir() and src.is_dir():
                shutil.rmtree(target)
            os.replace(src, target) if not target.is_dir() else shutil.move(str(src), str(target))
        elif src.is_dir():
            if not flags & {"r", "R", "a"}:
                inv.eprint(f"cp: Skipped dir '{source}'")
                status = 1
                continue
            with inv.phone.storage.writing() as storage:
                storage.charge(tree_size(src))  # a full phone: ENOSPC, nothing copied
                shutil.copytree(src, target, dirs_exist_ok=True, symlinks=True)
        else:
            with inv.phone.storage.writing() as storage:
                storage.charge(src.stat().st_size)
                shutil.copyfile(src, target)
            if "p" not in flags and "a" not in flags:
                inv.phone.stamp(target)
            else:
                shutil.copystat(src, target)
        for escaping in inv.phone.escaping_links(target):  # what the check above missed
            escaping.unlink()
            inv.eprint(f"{inv.name}: '{destination}': Permission denied")
            status = 1
    return status


@command("cp")
def cp(inv: Invocation) -> int:
    """``cp [-r] [-f] [-p] SOURCE... DEST``."""
    return _copy_or_move(inv, move=False)


@command("mv")
def mv(inv: Invocation) -> int:
    """``mv [-f] SOURCE... DEST``."""
    return _copy_or_move(inv, move=True)


def _file_type(info: os.stat_result) -> str:
    if statmod.S_ISDIR(info.st_mode):
        return "directory"
    if statmod.S_ISLNK(info.st_mode):
        return "symbolic link"
    if statmod.S_ISREG(info.st_mode):
        return "regular file" if info.st_size else "regular empty file"
    return "unknown"


def _stat_time(inv: Invocation, seconds: float) -> str:
    moment = dt.datetime.fromtimestamp(seconds, inv.phone.tzinfo())
    return (
        moment.strftime("%Y-%m-%d %H:%M:%S.")
        + f"{moment.microsecond * 1000:09d}"
        + moment.strftime(" %z")
    )


def _stat_field(inv: Invocation, letter: str, name: str, path: str, info: os.stat_result) -> str:
    user, group = _owner(inv, path)
    fields: dict[str, Callable[[], str]] = {
        "n": lambda: name,
        "N": lambda: f"'{name}'",
        "s": lambda: str(info.st_size),
        "F": lambda: _file_type(info),
        "a": lambda: f"{statmod.S_IMODE(info.st_mode):o}",
        "A": lambda: _mode_string(info.st_mode),
        "f": lambda: f"{info.st_mode:x}",
        "u": lambda: "0" if user == "root" else "10196",
        "g": lambda: "0" if group == "root" else "1023",
        "U": lambda: user,
        "G": lambda: group,
        "i": lambda: str(info.st_ino),
        "h": lambda: str(info.st_nlink),
        "b": lambda: str(getattr(info, "st_blocks", 0)),
        "B": lambda: "512",
        "o": lambda: "4096",
        "d": lambda: str(info.st_dev),
        "D": lambda: f"{info.st_dev:x}",
        "X": lambda: str(int(info.st_atime)),
        "Y": lambda: str(int(info.st_mtime)),
        "Z": lambda: str(int(info.st_mtime)),
        "x": lambda: _stat_time(inv, info.st_atime),
        "y": lambda: _stat_time(inv, info.st_mtime),
        "z": lambda: _stat_time(inv, info.st_mtime),
    }
    if letter not in fields:
        raise ValueError(letter)
    return fields[letter]()


def _stat_format(inv: Invocation, fmt: str, name: str, path: str, info: os.stat_result) -> str:
    out = []
    i = 0
    while i < len(fmt):
        ch = fmt[i]
        if ch == "%" and i + 1 < len(fmt):
            width = re.match(r"-?\d*", fmt[i + 1 :])
            spec = width.group(0) if width else ""
            letter = fmt[i + 1 + len(spec) : i + 2 + len(spec)]
            if letter == "%":
                out.append("%")
            else:
                text = _stat_field(inv, letter, name, path, info)
                out.append(
                    f"{text:{'<' if spec.startswith('-') else '>'}{spec.lstrip('-')}}"
                    if spec
                    else text
                )
            i += 2 + len(spec)
        elif ch == "\\" and i + 1 < len(fmt) and fmt[i + 1] in "nt\\":
            out.append({"n": "\n", "t": "\t", "\\": "\\"}[fmt[i + 1]])
            i += 2
        else:
            out.append(ch)
            i += 1
    return "".join(out)


_DEFAULT_STAT = (
    "  File: %N\n  Size: %s\t Blocks: %b\t IO Blocks: %o\t%F\n"
    "Device: %Dh/%dd\t Inode: %i\t Links: %h\n"
    "Access: (0%a/%A)\tUid: (%5u/%8U)\tGid: (%5g/%8G)\n"
    "Access: %x\nModify: %y\nChange: %z"
)


@command("stat")
def stat(inv: Invocation) -> int:
    """``stat [-L] [-c FORMAT] PATH...``."""
    args = list(inv.args)
    fmt = _DEFAULT_STAT
    for option in ("-c", "--format"):
        if option in args:
            at = args.index(option)
            if at + 1 >= len(args):
                return inv.fail(f"Missing argument to {option}")
            fmt = args[at + 1]
            del args[at : at + 2]
    flags, operands, bad = split_options(args, "Lft")
    if bad:
        return unknown_option(inv, bad)
    if not operands:
        return inv.fail("Needs 1 argument")
    status = 0
    for target in operands:
        host = inv.host(target)
        if not inv.exists(host):
            inv.eprint(f"stat: '{target}': No such file or directory")
            status = 1
            continue
        info = os.stat(host) if "L" in flags else os.lstat(host)
        try:
            inv.print(_stat_format(inv, fmt, target, inv.path(target), info))
        except ValueError as exc:
            return inv.fail(f"bad -c '{fmt}' at '%{exc}'")
    return status


def _digest(inv: Invocation, algorithm: str) -> int:
    status = 0
    for target in inv.args or ["-"]:
        if target == "-":
            data = inv.stdin
        else:
            host = inv.host(target)
            if not host.is_file():
                inv.eprint(f"{inv.name}: {target}: No such file or directory")
                status = 1
                continue
            data = host.read_bytes()
        inv.print(f"{hashlib.new(algorithm, data).hexdigest()}  {target}")
    return status


@command("sha256sum")
def sha256sum(inv: Invocation) -> int:
    """``sha256sum FILE...``."""
    return _digest(inv, "sha256")


@command("md5sum")
def md5sum(inv: Invocation) -> int:
    """``md5sum FILE...``."""
    return _digest(inv, "md5")


@command("sha1sum")
def sha1sum(inv: Invocation) -> int:
    """``sha1sum FILE...``."""
    return _digest(inv, "sha1")


@command("chmod", "chown", "chgrp", "restorecon", "chcon")
def chmod(inv: Invocation) -> int:
    """Permission changes are accepted (the sandbox keeps its own), on existing paths only."""
    _flags, operands, _bad = split_options(inv.args, "Rhvf")
    if len(operands) < (1 if inv.name == "restorecon" else 2):
        return inv.fail("Needs 2 arguments")
    status = 0
    for target in operands[0 if inv.name == "restorecon" else 1 :]:
        if not inv.exists(inv.host(target)):
            inv.eprint(f"{inv.name}: {target}: No such file or directory")
            status = 1
    return status
