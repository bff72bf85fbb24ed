"""Saving and restoring pieces of device storage around a task.

AndroidWorld wipes an app's folder or database before a task and again after it.
droidhub tasks instead remember what set-up found and put exactly that back in
tear-down, so ``droidhub check`` can prove the task leaves the phone as it found it.
Everything goes through the :class:`droidhub.Device`: ``find`` lists a folder tree,
``pull``/``push`` copy bytes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from droidhub_aw_apps.common.storage import clear_folder

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


def find(device: Device, folder: str, kind: str) -> list[str]:
    """Absolute paths under ``folder`` (at any depth) of type ``kind`` (``f`` files,
    ``d`` folders), sorted; empty when ``folder`` does not exist."""
    found: list[str] = []
    for path, is_folder in entries(device, folder):
        if is_folder:
            if kind == "d":
                found.append(path)
            found.extend(find(device, path, kind))
        elif kind == "f":
            found.append(path)
    return sorted(found)


@dataclass
class FolderSnapshot:
    """The files and sub-folders of one folder, as bytes held on the host."""

    folder: str
    existed: bool = False
    folders: list[str] = field(default_factory=list)
    files: dict[str, bytes] = field(default_factory=dict)

    @classmethod
    def take(cls, device: Device, folder: str) -> FolderSnapshot:
        """Copy what ``folder`` holds now."""
        snap = cls(folder=folder, existed=device.exists(folder))
        if snap.existed:
            snap.folders = find(device, folder, "d")
            snap.files = {path: device.pull(path) for path in find(device, folder, "f")}
        return snap

    def restore(self, device: Device) -> None:
        """Make ``folder`` hold exactly what it held when the snapshot was taken."""
        if device.exists(self.folder):
            clear_folder(device, self.folder)
        if not self.existed:
            device.remove(self.folder)
            return
        device.mkdir(self.folder)
        for sub in self.folders:
            device.mkdir(sub)
        for path, data in self.files.items():
            device.push(data, path)


@dataclass
class FileSnapshot:
    """One file's bytes (or its absence), e.g. an app's SQLite database."""

    path: str
    data: bytes | None = None

    @classmethod
    def take(cls, device: Device, path: str) -> FileSnapshot:
        """Copy the file at ``path`` now (None when it does not exist)."""
        return cls(path=path, data=device.pull(path) if device.exists(path) else None)

    def restore(self, device: Device, package: str | None = None) -> None:
        """Put the file back as it was; stop ``package`` first so it cannot overwrite it.

        SQLite's journal files beside it are removed: they belong to the other content.
        """
        if package:
            device.force_stop(package)
        for suffix in ("-wal", "-shm", "-journal"):
            device.remove(self.path + suffix)
        if self.data is None:
            device.remove(self.path)
        else:
            device.push(self.data, self.path)
