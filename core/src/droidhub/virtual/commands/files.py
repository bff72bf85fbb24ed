"""File commands as Android 13's toybox answers them: cat, mkdir, rm, mv, cp, touch,
stat, rmdir, sha256sum/md5sum, chmod/chown (no-ops on existing paths). ``ls`` and
``find`` have modules of their own."""

from __future__ import annotations

import datetime as dt
import hashlib
import os
import posixpath
import re
import shutil
import stat as statmod
from collections.abc import Callable

from droidhub.android.phone import owner, owner_ids, shown_mode
from droidhub.virtual.commands.invocation import (
    CommandExit,
    Invocation,
    command,
    flags_and_operands,
    split_options,
    take_option_value,
    unknown_option,
)
from droidhub.virtual.commands.links import LinkShown, itself, links_would_escape
from droidhub.virtual.commands.ls import access_time
from droidhub.virtual.commands.system import parse_date
from droidhub.virtual.sandbox import phone_stat
from droidhub.virtual.storage import tree_size


@command("cat")
def cat(inv: Invocation) -> int:
    """``cat [FILE...]`` (stdin when none, or for ``-``)."""

    def write(target: str) -> str | None:
        if target == "-":
            inv.out.write(inv.stdin)
            return None
        host = inv.host(target)
        if host.is_dir():
            return f"cat: {target}: Is a directory"
        if not host.is_file():
            return f"cat: {target}: No such file or directory"
        inv.out.write(host.read_bytes())
        return None

    return inv.for_each_operand(inv.args or ["-"], write)


@command("mkdir")
def mkdir(inv: Invocation) -> int:
    """``mkdir [-p] [-m MODE] DIR...``."""
    args = list(inv.args)
    if "-m" in args:  # the mode is accepted and ignored: the sandbox keeps host modes
        at = args.index("-m")
        del args[at : at + 2]
    flags, operands = flags_and_operands(inv, args, "pv")

    def make(target: str) -> str | None:
        host = inv.host(target)
        if "p" in flags:
            if host.exists() and not host.is_dir():
                return f"mkdir: '{target}': File exists"
            try:
                inv.phone.make_folders(host)
            except OSError:
                return f"mkdir: '{target}': Not a directory"
            return None
        if inv.exists(host):
            return f"mkdir: '{target}': File exists"
        if not host.parent.is_dir():
            return f"mkdir: '{target}': No such file or directory"
        host.mkdir()
        inv.phone.stamp(host)
        return None

    return inv.for_each_operand(operands, make)


@command("rmdir")
def rmdir(inv: Invocation) -> int:
    """``rmdir DIR...`` (empty folders only)."""

    def remove(target: str) -> str | None:
        host = inv.host(target)
        if not host.is_dir():
            return f"rmdir: '{target}': No such file or directory"
        if any(host.iterdir()):
            return f"rmdir: '{target}': Directory not empty"
        host.rmdir()
        inv.phone.stamp(host)  # the folder that held it changed now, on the phone's clock
        return None

    return inv.for_each_operand(inv.args, remove)


@command("rm")
def rm(inv: Invocation) -> int:
    """``rm [-r] [-f] PATH...``."""
    flags, operands, bad = split_options(inv.args, "rRfvi")
    if bad:
        return unknown_option(inv, bad)
    if not operands and "f" not in flags:
        return inv.fail("Needs 1 argument")

    def remove(target: str) -> str | None:
        host = inv.host(target)
        if inv.path(target) == "/" or host == inv.phone.root:
            return "rm: /: Device or resource busy"
        if not inv.exists(host):
            return None if "f" in flags else f"rm: {target}: No such file or directory"
        if host.is_dir() and not host.is_symlink():
            if not flags & {"r", "R"}:
                return f"rm: {target}: Is a directory"
            shutil.rmtree(host)
        else:
            host.unlink()
        inv.phone.stamp(host)  # dates the folder that held it: the phone's clock
        return None

    return inv.for_each_operand(operands, remove)


@command("touch")
def touch(inv: Invocation) -> int:
    """``touch [-c] [-d DATE | -t [[CC]YY]MMDDhhmm[.ss]] FILE...``: create empty files, or set
    their time (the phone's clock unless ``-d``/``-t`` says otherwise)."""
    args = list(inv.args)
    when: float | None = None
    for option in ("-d", "-t"):
        value = take_option_value(inv, args, option)
        if value is not None:
            moment = _touch_time(inv, option, value)
            if moment is None:
                return inv.fail(f"bad date '{value}'")
            when = moment.timestamp()
    flags, operands = flags_and_operands(inv, args, "acmh")

    def date(target: str) -> str | None:
        host = inv.host(target)
        if not inv.exists(host):
            if "c" in flags:
                return None
            if not host.parent.is_dir():
                return f"touch: '{target}': No such file or directory"
            host.touch()
        if when is None:
            inv.phone.stamp(host)
        else:
            os.utime(host, (when, when), follow_symlinks=False)
        return None

    return inv.for_each_operand(operands, date)


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


def _copy_or_move(inv: Invocation, move: bool) -> int:
    flags, operands = flags_and_operands(inv, inv.args, "rRfapvniLPdF", least=2)
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
        # "DIR/." names the folder's contents: `cp -a SRC/. DEST/` fills DEST itself.
        into = posixpath.basename(source) == "." and src.is_dir() and dest_host.is_dir()
        target = (
            inv.host(posixpath.join(inv.path(destination), src.name))
            if dest_host.is_dir() and not into
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


def _stat_fields(
    inv: Invocation, name: str, path: str, info: os.stat_result, link: LinkShown | None
) -> dict[str, Callable[[], str]]:
    """What each ``%`` letter of a format shows for one file (the owner and the mode
    worked out once for all of them)."""
    user, group = owner(path, link is not None)
    uid, gid = owner_ids(path, link is not None)
    mode = link.mode if link is not None else shown_mode(path, info.st_mode)
    return {
        "n": lambda: name,
        "N": lambda: f"'{name}'" + (f" -> '{link.target}'" if link is not None else ""),
        "s": lambda: str(link.size if link is not None else info.st_size),
        "F": lambda: _file_type(info),
        "a": lambda: f"{statmod.S_IMODE(mode):o}",
        "A": lambda: statmod.filemode(mode),
        "f": lambda: f"{mode:x}",
        "u": lambda: str(uid),
        "g": lambda: str(gid),
        "U": lambda: user,
        "G": lambda: group,
        "i": lambda: str(info.st_ino),
        "h": lambda: str(info.st_nlink),
        "b": lambda: str(getattr(info, "st_blocks", 0)),
        "B": lambda: "512",
        "o": lambda: "4096",
        "d": lambda: str(info.st_dev),
        "D": lambda: f"{info.st_dev:x}",
        "X": lambda: str(access_time(info) // 1_000_000_000),
        "Y": lambda: str(int(info.st_mtime)),
        "Z": lambda: str(int(info.st_mtime)),
        "x": lambda: _stat_time(inv, access_time(info) / 1e9),
        "y": lambda: _stat_time(inv, info.st_mtime),
        "z": lambda: _stat_time(inv, info.st_mtime),
    }


def _stat_format(
    inv: Invocation, fmt: str, name: str, path: str, info: os.stat_result, link: LinkShown | None
) -> str:
    fields = _stat_fields(inv, name, path, info, link)
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
                if letter not in fields:
                    raise ValueError(letter)
                text = fields[letter]()
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
        value = take_option_value(inv, args, option)
        if value is not None:
            fmt = value
    flags, operands = flags_and_operands(inv, args, "Lft")

    def show(target: str) -> str | None:
        host = inv.host(target) if "L" in flags else itself(inv, target)
        if not inv.exists(host):
            return f"stat: '{target}': No such file or directory"
        info = phone_stat(host, follow_links="L" in flags)
        path = inv.path(target)
        link = None
        if statmod.S_ISLNK(info.st_mode):
            link = LinkShown.of(inv, host, path, info.st_mode)
        try:
            inv.print(_stat_format(inv, fmt, target, path, info, link))
        except ValueError as exc:  # a bad format ends the command at its first use
            raise CommandExit(inv.fail(f"bad -c '{fmt}' at '%{exc}'")) from None
        return None

    return inv.for_each_operand(operands, show)


def _digest(inv: Invocation, algorithm: str) -> int:
    def digest(target: str) -> str | None:
        if target == "-":
            data = inv.stdin
        else:
            host = inv.host(target)
            if not host.is_file():
                return f"{inv.name}: {target}: No such file or directory"
            data = host.read_bytes()
        inv.print(f"{hashlib.new(algorithm, data).hexdigest()}  {target}")
        return None

    return inv.for_each_operand(inv.args or ["-"], digest)


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
    # restorecon -RD (AndroidWorld's snapshot restore), chmod -R, chown -h...
    _flags, operands, _bad = split_options(inv.args, "RhvfDFnr")
    if len(operands) < (1 if inv.name == "restorecon" else 2):
        return inv.fail("Needs 2 arguments")

    def check(target: str) -> str | None:
        if inv.exists(inv.host(target)):
            return None
        return f"{inv.name}: {target}: No such file or directory"

    return inv.for_each_operand(operands[0 if inv.name == "restorecon" else 1 :], check)
