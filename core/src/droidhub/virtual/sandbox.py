"""The phone's sandbox error, and the symlink test of its host paths: below every module
that maps Android paths to host paths."""

from __future__ import annotations

import os
import stat


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
