"""Symbolic and hard links, kept inside the phone's sandbox: ``ln``, ``readlink`` and
``realpath``, and the checks ``cp``, ``mv`` and ``ls`` make on links.

A link is the one way a path inside the sandbox folder could name a host file outside
it. Links are stored relative, leading where the Android path names on the phone;
one that would climb out of the phone's root, or would once moved or copied, is
refused with toybox's ``Permission denied``.
"""

from __future__ import annotations

import os
import posixpath
from dataclasses import dataclass
from pathlib import Path

from droidhub.android.phone import STORAGE_LINKS, SYSTEM_IMAGE_LINK_MODE, in_system_image
from droidhub.virtual.commands.invocation import (
    CommandExit,
    Invocation,
    command,
    flags_and_operands,
)
from droidhub.virtual.sandbox import SandboxPathError


@command("ln")
def ln(inv: Invocation) -> int:
    """``ln [-s] [-f] [-n] TARGET [LINK]``: a symbolic (``-s``) or hard link.

    A symbolic link is stored relative, leading to the same place in the sandbox that
    ``TARGET`` names on the phone (``/`` is the phone's root); one that would climb out
    of the phone's root is refused. A hard link needs an existing file in the sandbox.
    """
    flags, operands = flags_and_operands(inv, inv.args, "sfnvT")
    if len(operands) > 2:
        return inv.fail("Max 2 arguments")
    target = operands[0]
    link = operands[1] if len(operands) == 2 else posixpath.basename(target.rstrip("/")) or "."
    link_path = inv.path(link)
    if inv.host(link).is_dir() and not flags & {"n", "T"}:
        link_path = posixpath.join(link_path, posixpath.basename(target.rstrip("/")))
    link_host = inv.phone.host_path(link_path)
    if inv.exists(link_host):
        if "f" not in flags or (link_host.is_dir() and not link_host.is_symlink()):
            return inv.fail(f"'{link}' exists")
        link_host.unlink()
    if not link_host.parent.is_dir():
        return inv.fail(f"cannot create '{link}': No such file or directory")
    if "s" in flags:
        text = inv.phone.link_text(link_path, target)
        if text is None:
            return inv.fail(f"cannot create '{link}': Permission denied")
        os.symlink(text, link_host)
    else:
        source = inv.host(target)
        if not source.is_file():
            return inv.fail(f"'{target}': No such file or directory")
        os.link(os.path.realpath(source), link_host)
    if inv.phone.escaping_links(link_host):  # a link through a link: still refused
        link_host.unlink()
        return inv.fail(f"cannot create '{link}': Permission denied")
    inv.phone.stamp(link_host)
    return 0


@command("readlink")
def readlink(inv: Invocation) -> int:
    """``readlink [-efmnq] FILE`` (toybox 0.8.6): where symlink FILE points, else exit 1
    and nothing said; ``-f`` its canonical path (every link, ``.`` and ``..`` resolved;
    all but the last name must exist), ``-e`` only an existing one, ``-m`` whatever
    exists. ``-n``: no newline."""
    flags, operands = flags_and_operands(inv, inv.args, "efmnq")
    if len(operands) > 1:
        raise CommandExit(inv.fail("Max 1 argument"))
    target, shown = operands[0], None
    resolve = next((letter for letter in "efm" if letter in flags), "")
    if resolve:
        shown = canonical(inv, target, resolve)
    elif (named := itself(inv, target)).is_symlink():
        shown = link_target(inv, named, inv.path(target))
    if shown is None:
        return 1
    inv.print(shown, end="" if "n" in flags else "\n")
    return 0


@command("realpath")
def realpath(inv: Invocation) -> int:
    """``realpath FILE...``: each FILE's canonical path; every name in it must exist."""
    _flags, operands = flags_and_operands(inv, inv.args, "")

    def show(target: str) -> str | None:
        path = canonical(inv, target, "e")
        if path is None:
            return f"realpath: {target}: No such file or directory"
        inv.print(path)
        return None

    return inv.for_each_operand(operands, show)


def canonical(inv: Invocation, target: str, must_exist: str) -> str | None:
    """``target``'s Android path with every link, ``.`` and ``..`` resolved, or None when
    what ``must_exist`` asks is missing: ``e`` all of it, ``f`` all but its last name,
    ``m`` nothing."""
    try:
        host = inv.host(target)  # storage's names resolved
    except SandboxPathError:
        return None
    real = os.path.realpath(host)
    if must_exist == "e" and not os.path.exists(real):
        return None
    if must_exist == "f" and not os.path.isdir(os.path.dirname(real)):
        return None
    inside = os.path.relpath(real, os.path.realpath(inv.phone.root))
    return "/" + inside if inside != "." else "/"


def itself(inv: Invocation, operand: str) -> Path:
    """Where ``operand`` is in the sandbox, for a command that does not follow a link it
    is named (``ls -l``, ``find``, ``stat``, ``test -L``): shared storage's names that
    are links on the phone (``/sdcard``, ``/storage/self/primary``), given as they are
    (``/sdcard/`` leads through), are those links, not the folder they lead to."""
    android = inv.path(operand)
    if android in STORAGE_LINKS and not operand.endswith("/"):
        return inv.phone.root / android.lstrip("/")
    return inv.host(operand)


@dataclass(frozen=True)
class LinkShown:
    """A symlink as ``ls -l`` and ``stat`` show it."""

    #: Where it leads, as an absolute Android path (the sandbox's links are relative).
    target: str
    #: Its mode: the root folder's links are the system image's (``lrw-r--r--``).
    mode: int
    #: The length of the path it holds.
    size: int

    @classmethod
    def of(cls, inv: Invocation, host: Path, android_path: str, mode: int) -> LinkShown:
        """The link at sandbox location ``host``, Android path ``android_path``."""
        target = link_target(inv, host, android_path)
        if in_system_image(android_path):
            mode = SYSTEM_IMAGE_LINK_MODE
        return cls(target, mode, len(target.encode()))


def link_target(inv: Invocation, host: Path, android_path: str) -> str:
    """Where the link at ``host`` points, as an Android path."""
    text = os.readlink(host)
    pointed = os.path.normpath(os.path.join(os.path.realpath(host.parent), text))
    inside = os.path.relpath(pointed, os.path.realpath(inv.phone.root))
    if inside == ".." or inside.startswith("../"):  # a link leaving the sandbox: its text
        return posixpath.normpath(posixpath.join(posixpath.dirname(android_path), text))
    return "/" + inside if inside != "." else "/"


def links_would_escape(inv: Invocation, src: Path, target: Path) -> bool:
    """Whether a link at or under ``src`` would lead out of the sandbox from ``target``."""
    placed = Path(os.path.realpath(target.parent)) / target.name
    links = [src] if src.is_symlink() else []
    if src.is_dir() and not src.is_symlink():
        for folder, dirs, names in os.walk(src):
            links += [Path(folder) / n for n in dirs + names if os.path.islink(Path(folder) / n)]
    for link in links:
        moved = placed / os.path.relpath(link, src)
        if not inv.phone.contains(os.path.join(os.path.dirname(moved), os.readlink(link))):
            return True
    return False
