"""The phone's sandbox folder: where each Android path lives in it, and the error and
symlink test of its host paths, below every module that maps Android paths to host
paths."""

from __future__ import annotations

import os
import posixpath
import stat
from pathlib import Path

from droidhub.android.phone import FOLDER_BLOCK, canonical_path, folder_size


class SandboxPathError(ValueError):
    """An Android path that would lead out of the phone's sandbox folder."""

    def __init__(self, android_path: str, message: str) -> None:
        super().__init__(message)
        self.android_path = android_path


def links_below(root: str, path: str) -> bool:
    """Whether a folder or file on the way from folder ``root`` down to ``path`` (a
    normalised host path at or below it) is a symlink. Only the part below ``root`` is
    looked at, one ``lstat`` a name: a path with no link in it is where it says, and
    only one with a link needs resolving (``os.path.realpath`` looks at every name from
    ``/``)."""
    at = root
    for name in path[len(root) + 1 :].split(os.sep) if path != root else ():
        at = os.path.join(at, name)
        try:
            if stat.S_ISLNK(os.lstat(at).st_mode):
                return True
        except OSError:
            return False  # what is not there holds no link further down
    return False


#: The fields of :class:`os.stat_result` past its ten-item tuple, kept by :func:`phone_stat`.
_EXTRA_STAT_FIELDS = (
    "st_atime", "st_mtime", "st_ctime", "st_atime_ns", "st_mtime_ns", "st_ctime_ns",
    "st_blksize", "st_blocks", "st_rdev",
)  # fmt: skip


def phone_stat(host: str | os.PathLike[str], follow_links: bool = False) -> os.stat_result:
    """The status of sandbox location ``host`` (``lstat``, or ``stat`` with
    ``follow_links``) as the phone shows it: a folder's size and blocks are what its
    ext4 would give (:func:`droidhub.android.phone.folder_size`), not the host's, which
    vary with where the sandbox lives (tmpfs shows 40 bytes and 20 more an entry, and no
    blocks). Everything else is the host's."""
    info = os.stat(host) if follow_links else os.lstat(host)
    if not stat.S_ISDIR(info.st_mode):
        return info
    try:
        size = folder_size(os.listdir(host))
    except OSError:
        size = FOLDER_BLOCK
    fields = list(info)
    fields[stat.ST_SIZE] = size
    extra = {name: getattr(info, name) for name in _EXTRA_STAT_FIELDS}
    extra["st_blocks"] = size // 512
    return os.stat_result(fields, extra)


class SandboxPaths:
    """The host folder ``root`` that holds a phone's filesystem, and the mapping between
    Android paths and host paths in it, which keeps every path inside it."""

    def __init__(self, root: str | os.PathLike[str]) -> None:
        # abspath, not Path.absolute(): a root given with ".." in it must be normalised,
        # or every host path (normalised) would seem to leave it.
        self.root = Path(os.path.abspath(root))
        self.root.mkdir(parents=True, exist_ok=True)
        self._real_root = os.path.realpath(self.root)
        self._root_text = str(self.root)

    def host_path(self, android_path: str) -> Path:
        """Where Android path ``android_path`` lives in the sandbox.

        ``/sdcard``, ``/storage/self/primary`` (and ``/mnt/sdcard``, ``/data/media/0``)
        are ``/storage/emulated/0``; ``/data/user/0`` is ``/data/data``. Raises
        ``ValueError`` for a relative path or one that would leave the sandbox.
        """
        if not android_path.startswith("/"):
            raise ValueError(f"not an absolute Android path: {android_path!r}")
        if "\x00" in android_path:
            raise ValueError(f"Android path contains a NUL byte: {android_path!r}")
        root, real_root = self._root_text, self._real_root
        text = os.path.normpath(os.path.join(root, canonical_path(android_path).lstrip("/")))
        if text != root and not text.startswith(root + os.sep):
            why = f"path {android_path!r} leaves the phone's filesystem"
            raise SandboxPathError(android_path, why)
        # A symlink inside the sandbox (an app model's, a pushed one) must not lead out.
        real = os.path.realpath(text) if links_below(root, text) else real_root
        if real != real_root and not real.startswith(real_root + os.sep):
            why = f"path {android_path!r} leads out of the phone's filesystem through a symlink"
            raise SandboxPathError(android_path, why)
        return Path(text)

    def contains(self, host: str | os.PathLike[str]) -> bool:
        """Whether host path ``host``, every symlink in it followed, is inside the sandbox."""
        real = os.path.realpath(host)
        return real == self._real_root or real.startswith(self._real_root + os.sep)

    def escaping_links(self, host: Path) -> list[Path]:
        """The symlinks at or under ``host`` (not followed) that lead out of the sandbox.

        Links are the one way a path inside the sandbox can name a host file outside it;
        commands that place links (``ln``, ``cp -r``, ``mv``) check what they placed.
        """
        found = []
        candidates: list[str] = []
        if os.path.islink(host):
            candidates.append(str(host))
        elif os.path.isdir(host):
            for folder, dirs, files in os.walk(host):
                for name in dirs + files:
                    path = os.path.join(folder, name)
                    if os.path.islink(path):
                        candidates.append(path)
        for path in candidates:
            if not self.contains(path):
                found.append(Path(path))
        return found

    def link_text(self, link_android_path: str, target: str) -> str | None:
        """What the host symlink at ``link_android_path`` must hold to point at ``target``.

        ``target`` is read as Android reads it: absolute from the phone's root, relative
        from the link's folder. The answer is relative, so the sandbox can move, and
        leads to the same place inside the sandbox; None when ``target`` climbs out of
        the phone's root (``..`` past ``/``), which the sandbox refuses.
        """
        folder = posixpath.dirname(canonical_path(link_android_path))
        if not target.startswith("/"):
            climbed = posixpath.normpath(posixpath.join(folder.lstrip("/"), target))
            if climbed == ".." or climbed.startswith("../"):
                return None
        where = canonical_path(target if target.startswith("/") else posixpath.join(folder, target))
        host_target = os.path.join(self._real_root, where.lstrip("/"))
        host_folder = os.path.realpath(os.path.join(self.root, folder.lstrip("/")))
        if not self.contains(host_folder):
            return None
        return os.path.relpath(host_target, host_folder)

    def android_path(self, host: Path) -> str:
        """The Android path of sandbox location ``host`` (the inverse of :meth:`host_path`)."""
        relative = Path(host).absolute().relative_to(self.root).as_posix()
        return "/" + relative if relative != "." else "/"
