"""Files on the phone's shared storage (``/storage/emulated/0``): clearing folders,
listing what is in them, and telling which files are new.

Everything goes through the Device (``ls``/``rm``/pull), so it works the same on the
virtual phone and on an emulator.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import TYPE_CHECKING

from droidhub import DeviceError, Evaluator, quote
from droidhub.virtual.appmodel import EXTERNAL_STORAGE

if TYPE_CHECKING:
    from droidhub import Device, Env

#: Shared storage, as AndroidWorld names it (``/sdcard`` is a link to it); the phone's
#: fact, read from :data:`droidhub.virtual.appmodel.EXTERNAL_STORAGE`.
SDCARD = EXTERNAL_STORAGE

#: A folder's regular files, by name: (size in bytes, SHA-1 of the content).
Listing = dict[str, tuple[int, str]]


def under_sdcard(*parts: str) -> str:
    """The absolute path of ``parts`` joined under shared storage."""
    return "/".join([SDCARD, *(p.strip("/") for p in parts)])


def clear_folder(device: Device, folder: str) -> None:
    """Empty ``folder`` (files and subfolders), creating it if it is missing: one shell
    command."""
    q = quote(folder)
    device.shell(f"mkdir -p {q} && find {q} -mindepth 1 -delete")


def list_files(device: Device, folder: str) -> Listing:
    """The regular files directly in ``folder`` with their size and content hash
    (empty when the folder does not exist). Subfolders are left out."""
    if not device.exists(folder):
        return {}
    listing: Listing = {}
    for name in device.listdir(folder):
        try:
            data = device.pull(f"{folder}/{name}")
        except DeviceError:
            continue  # a subfolder
        listing[name] = (len(data), hashlib.sha1(data).hexdigest())
    return listing


def new_or_changed(before: Mapping[str, tuple[int, str]], after: Listing) -> list[str]:
    """Names of non-empty files in ``after`` that are new or differ from ``before``."""
    return sorted(
        name for name, entry in after.items() if entry[0] > 0 and before.get(name) != entry
    )


def new_files_in_folder(
    env: Env, folder: str, before: Mapping[str, tuple[int, str]], count: int = 1
) -> float:
    """1.0 when exactly ``count`` non-empty files in ``folder`` are new or changed
    since the listing ``before`` (taken with :func:`list_files`)."""
    changed = new_or_changed(before, list_files(env.device, folder))
    return 1.0 if len(changed) == count else 0.0


def path_exists(env: Env, path: str) -> float:
    """1.0 when a file or folder exists at ``path``."""
    return 1.0 if env.device.exists(path) else 0.0


NEW_FILES_IN_FOLDER = Evaluator(
    "new_files_in_folder",
    "exactly N non-empty files appeared (or changed) in a folder since set-up",
    new_files_in_folder,
)
PATH_EXISTS = Evaluator("path_exists", "a file or folder exists at a path", path_exists)

EVALUATORS = (NEW_FILES_IN_FOLDER, PATH_EXISTS)
