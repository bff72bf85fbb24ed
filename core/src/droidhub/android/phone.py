"""Facts of the phone droidhub models: Android 13 on a Pixel 6 emulator, as AndroidWorld
pins it. Everything that needs the screen's size or Android's storage paths reads them
here, so the virtual phone, the env, MiniWoB's WebView and the app screens agree.
"""

from __future__ import annotations

import posixpath
import re
import stat
from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class ScreenGeometry:
    """A phone screen in device pixels, with its density and system bars."""

    width: int
    height: int
    #: Dots per inch (``wm density``); one dp is ``density / 160`` pixels.
    density: int
    #: Height of the status bar at the top.
    status_bar: int
    #: Height of the gesture navigation bar at the bottom.
    navigation_bar: int

    @property
    def scale(self) -> float:
        """Device pixels per CSS pixel / dp (2.625 on a Pixel 6)."""
        return self.density / 160

    @property
    def size(self) -> tuple[int, int]:
        """``(width, height)``."""
        return self.width, self.height

    @property
    def bounds(self) -> tuple[int, int, int, int]:
        """The whole screen as ``(left, top, right, bottom)``."""
        return 0, 0, self.width, self.height


#: The Pixel 6: 1080x2400 at 420 dpi; status bar 44 dp, gesture handle 24 dp.
PIXEL_6 = ScreenGeometry(width=1080, height=2400, density=420, status_bar=118, navigation_bar=63)

#: Where shared storage really is on Android 13.
EXTERNAL_STORAGE = "/storage/emulated/0"
#: Other names Android gives the shared storage root (symlinks and bind mounts).
STORAGE_ALIASES = ("/sdcard", "/storage/self/primary", "/mnt/sdcard", "/data/media/0")
#: The aliases that are symlinks (``ls -l``, ``readlink``), each with the text it holds.
STORAGE_LINKS = {"/sdcard": "/storage/self/primary", "/storage/self/primary": "/storage/emulated/0"}
#: The root folder's links come with the system image, as its files do: ``lrw-r--r--``
#: and dated 2009-01-01 00:00 UTC (``ls -l /``: ``sdcard -> /storage/self/primary``).
SYSTEM_IMAGE_LINK_MODE = 0o120644
SYSTEM_IMAGE_TIME = 1230768000


def in_system_image(android_path: str) -> bool:
    """Whether what is at ``android_path`` came with the system image: the root
    folder's entries (``/sdcard``), not what the phone makes as it boots and runs."""
    return posixpath.dirname(android_path) == "/"


#: Apps' private data: ``/data/user/0`` is the same folder as ``/data/data``.
APP_DATA = "/data/data"
APP_DATA_ALIAS = "/data/user/0"
#: An emulator's console: its serial names its loopback port (``emulator-5554``), and
#: the token a client authenticates with is this file in the user's home folder.
EMULATOR_SERIAL = re.compile(r"emulator-(\d+)")
CONSOLE_TOKEN_FILE = ".emulator_console_auth_token"


def canonical_path(android_path: str) -> str:
    """``android_path`` normalised, with storage and app-data aliases resolved
    (``/sdcard/x`` -> ``/storage/emulated/0/x``, ``/data/user/0/p`` -> ``/data/data/p``)."""
    path = "/" + posixpath.normpath(android_path).lstrip("/")
    if path.startswith("//"):  # posixpath keeps a leading '//' as POSIX allows
        path = "/" + path.lstrip("/")
    for alias in STORAGE_ALIASES:
        if path == alias or path.startswith(alias + "/"):
            return EXTERNAL_STORAGE + path[len(alias) :]
    if path == APP_DATA_ALIAS or path.startswith(APP_DATA_ALIAS + "/"):
        return APP_DATA + path[len(APP_DATA_ALIAS) :]
    return path


def on_shared_storage(android_path: str) -> bool:
    """Whether ``android_path``, under any of its names, is shared storage or in it."""
    path = canonical_path(android_path)
    return path == EXTERNAL_STORAGE or path.startswith(EXTERNAL_STORAGE + "/")


#: Who owns what, as ``ls -l``, ``stat`` and adb sync show it (the names, then their
#: ids): shared storage, seen through its FUSE mount, is the media provider's user's
#: with the ``media_rw`` group; an app's private data its own user's (one for every
#: app here); the rest root's.
SHARED_STORAGE_OWNER = ("u0_a196", "media_rw")
APP_DATA_OWNER = ("u0_a150", "u0_a150")
IDS = {"root": 0, "u0_a196": 10196, "u0_a150": 10150, "media_rw": 1023}
#: The permission bits shared storage shows for a folder and for a file.
SHARED_FOLDER_MODE = 0o2770
SHARED_FILE_MODE = 0o660


def owner(android_path: str, link: bool = False) -> tuple[str, str]:
    """The user and group shown for ``android_path`` (the same under each of its
    names), or for the symlink at that path (``link``): shared storage's own links
    (``/sdcard``...) are root's, not what they lead to."""
    if link and android_path in STORAGE_LINKS:
        return "root", "root"
    if on_shared_storage(android_path):
        return SHARED_STORAGE_OWNER
    if canonical_path(android_path).startswith(APP_DATA + "/"):
        return APP_DATA_OWNER
    return "root", "root"


def owner_ids(android_path: str, link: bool = False) -> tuple[int, int]:
    """The numeric uid and gid of :func:`owner`."""
    user, group = owner(android_path, link)
    return IDS[user], IDS[group]


def shown_mode(android_path: str, mode: int) -> int:
    """The mode shown for what is at ``android_path`` (``mode``: the sandbox's own):
    on shared storage a folder is ``drwxrws---`` and a file ``-rw-rw----``."""
    if on_shared_storage(android_path):
        if stat.S_ISDIR(mode):
            return stat.S_IFDIR | SHARED_FOLDER_MODE
        if stat.S_ISREG(mode):
            return stat.S_IFREG | SHARED_FILE_MODE
    return mode


#: The block size of the phone's data partition (ext4, as an AVD's userdata image is):
#: a folder is stored in whole blocks, and ``/sdcard``'s FUSE mount shows the same.
FOLDER_BLOCK = 4096


def folder_size(names: Iterable[str]) -> int:
    """The size ``ls -l`` and ``stat`` show for a folder holding ``names``: ext4 keeps
    an entry as 8 bytes and its name padded to 4 (``.`` and ``..`` too), in whole
    :data:`FOLDER_BLOCK` blocks."""
    used = sum(8 + (len(name.encode()) + 3) // 4 * 4 for name in (".", "..", *names))
    return FOLDER_BLOCK * -(-used // FOLDER_BLOCK)
