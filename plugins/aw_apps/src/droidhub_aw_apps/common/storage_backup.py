"""Saving and restoring pieces of device storage around a task.

AndroidWorld wipes an app's folder or database before a task and again after it.
droidhub tasks instead remember what set-up found and put exactly that back in
tear-down, so ``droidhub check`` can prove the task leaves the phone as it found it.
Everything goes through the :class:`droidhub.Device`: ``find`` lists a folder tree,
``pull``/``push`` copy bytes. Each adb command is a round trip on a real phone, so a
folder's whole tree is listed by one shell command, and cleared or recreated by one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from droidhub import DeviceError, quote

if TYPE_CHECKING:
    from droidhub import Device


def entries(device: Device, folder: str) -> list[tuple[str, bool]]:
    """``(path, is_folder)`` of everything directly in ``folder``, sorted by path; empty
    when ``folder`` does not exist. One ``stat`` tells files from folders."""
    if not device.exists(folder):
        return []
    paths = [f"{folder.rstrip('/')}/{name}" for name in device.listdir(folder)]
    if not paths:
        return []
    out = device.shell(["stat", "-c", "%F|%n", *paths])
    found = []
    for line in out.splitlines():
        kind, sep, path = line.partition("|")
        if sep:
            found.append((path, kind == "directory"))
    return sorted(found)


def tree(device: Device, folder: str) -> tuple[list[str], list[str]] | None:
    """The sub-folders and the files under ``folder`` at any depth, each sorted; None
    when ``folder`` is no folder. One shell command."""
    q = quote(folder)
    out = device.shell(
        f"if [ -d {q} ]; then echo D; find {q} -mindepth 1 -type d; "
        f"echo F; find {q} -mindepth 1 -type f; fi"
    )
    lines = out.splitlines()
    if "D" not in lines or "F" not in lines:
        return None
    cut = lines.index("F")
    return sorted(lines[lines.index("D") + 1 : cut]), sorted(lines[cut + 1 :])


def find(device: Device, folder: str, kind: str) -> list[str]:
    """Absolute paths under ``folder`` (at any depth) of type ``kind`` (``f`` files,
    ``d`` folders), sorted; empty when ``folder`` does not exist."""
    listed = tree(device, folder)
    if listed is None:
        return []
    folders, files = listed
    return folders if kind == "d" else files


@dataclass
class FolderSnapshot:
    """The files and sub-folders of one folder, as bytes held on the host."""

    folder: str
    existed: bool = False
    folders: list[str] = field(default_factory=list)
    files: dict[str, bytes] = field(default_factory=dict)

    @classmethod
    def take(cls, device: Device, folder: str) -> FolderSnapshot:
        """Copy what ``folder`` holds now: one command lists it, one pull a file."""
        listed = tree(device, folder)
        snap = cls(folder=folder, existed=listed is not None)
        if listed is not None:
            snap.folders, files = listed
            snap.files = {path: device.pull(path) for path in files}
        return snap

    def restore(self, device: Device) -> None:
        """Make ``folder`` hold exactly what it held when the snapshot was taken: one
        command empties it and makes its folders again, one push puts back its files."""
        command = f"rm -rf {quote(self.folder)}"
        if self.existed:
            folders = " ".join(quote(f) for f in (self.folder, *self.folders))
            command += f" && mkdir -p {folders}"
        device.shell(command)
        device.push_many(self.files)


@dataclass
class FileSnapshot:
    """One file's bytes (or its absence), e.g. an app's SQLite database."""

    path: str
    data: bytes | None = None

    @classmethod
    def take(cls, device: Device, path: str) -> FileSnapshot:
        """Copy the file at ``path`` now (None when it does not exist)."""
        try:
            return cls(path=path, data=device.pull(path))
        except DeviceError:
            if device.exists(path):
                raise  # there, but unreadable: not to be taken for absent
            return cls(path=path, data=None)

    def restore(self, device: Device, package: str | None = None) -> None:
        """Put the file back as it was; stop ``package`` first so it cannot overwrite it.

        SQLite's journal files beside it are removed: they belong to the other content.
        """
        if package:
            device.force_stop(package)
        gone = [self.path + suffix for suffix in ("-wal", "-shm", "-journal")]
        if self.data is None:
            gone.append(self.path)
        device.shell("rm -rf " + " ".join(quote(p) for p in gone))
        if self.data is not None:
            device.push(self.data, self.path)
