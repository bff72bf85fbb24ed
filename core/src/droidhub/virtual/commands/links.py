"""Symbolic and hard links, kept inside the phone's sandbox: ``ln``, and the checks
``cp``, ``mv`` and ``ls`` make on links.

A link is the one way a path inside the sandbox folder could name a host file outside
it. Links are stored relative, leading where the Android path names on the phone;
one that would climb out of the phone's root, or would once moved or copied, is
refused with toybox's ``Permission denied``.
"""

from __future__ import annotations

import os
import posixpath
from pathlib import Path

from droidhub.virtual.commands.invocation import (
    Invocation,
    command,
    flags_and_operands,
)


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
