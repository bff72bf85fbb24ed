"""The only way droidhub talks to a phone: adbutils over the adb server protocol.

Every argument that reaches a device shell goes through :func:`quote`; agent text
never forms a command. The same code drives an emulator, a real phone and the virtual
phone (``droidhub.virtual``): nothing here knows which it is talking to.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import sqlite3

    from PIL import Image

    from droidhub.uitree import UIElement


class DeviceError(RuntimeError):
    """A device command failed; the message names the command and what it printed."""


@dataclass(frozen=True)
class ShellResult:
    """Output and exit status of one shell command."""

    output: str
    exit_code: int


@dataclass(frozen=True)
class BroadcastResult:
    """What an ordered broadcast returned: ``result=CODE data="..."`` and extras."""

    code: int
    data: str | None
    extras: Mapping[str, str]


def quote(arg: str) -> str:
    """Quote one argument so that the device's POSIX shell passes it through unchanged."""
    raise NotImplementedError


def join(args: Sequence[str]) -> str:
    """Quote every argument and join them into one command line."""
    return " ".join(quote(a) for a in args)


class Device:
    """A phone reached through an adb server.

    ``serial`` picks the phone (None: the only one attached); ``host``/``port`` is the
    adb server (the virtual device server listens elsewhere than 5037).
    """

    def __init__(self, serial: str | None = None, host: str = "127.0.0.1", port: int = 5037):
        raise NotImplementedError

    serial: str

    # --- shell -------------------------------------------------------------------------
    def run(self, args: str | Sequence[str], timeout: float | None = 60) -> ShellResult:
        """Run a command; a sequence is quoted argument by argument, a str is sent as is."""
        raise NotImplementedError

    def shell(self, args: str | Sequence[str], timeout: float | None = 60) -> str:
        """Run a command and return its output; raise :class:`DeviceError` if it fails."""
        raise NotImplementedError

    def exec_out(self, args: Sequence[str], timeout: float | None = 60) -> bytes:
        """Run a command and return its raw stdout bytes (``screencap -p``)."""
        raise NotImplementedError

    # --- files -------------------------------------------------------------------------
    def push(self, data: bytes | Path, remote: str) -> None:
        """Write ``data`` (bytes, or a local file) to ``remote``, making parent folders."""
        raise NotImplementedError

    def pull(self, remote: str) -> bytes:
        """Return the bytes of the file ``remote``; DeviceError if it does not exist."""
        raise NotImplementedError

    def exists(self, remote: str) -> bool:
        """Whether ``remote`` exists (file or folder)."""
        raise NotImplementedError

    def listdir(self, remote: str) -> list[str]:
        """Names in folder ``remote`` (not ``.``/``..``), sorted."""
        raise NotImplementedError

    def read_text(self, remote: str) -> str:
        """The text of file ``remote`` (UTF-8)."""
        raise NotImplementedError

    def write_text(self, remote: str, text: str) -> None:
        """Write ``text`` (UTF-8) to ``remote``."""
        raise NotImplementedError

    def mkdir(self, remote: str) -> None:
        """Create folder ``remote`` and its parents."""
        raise NotImplementedError

    def remove(self, remote: str) -> None:
        """Remove a file or folder tree; no error if it is absent."""
        raise NotImplementedError

    # --- SQLite: pull, query locally; write with the app stopped -----------------------
    def query_db(
        self, remote_db: str, sql: str, params: Sequence[Any] = ()
    ) -> list[dict[str, Any]]:
        """Pull the database at ``remote_db`` and return the rows of ``sql`` as dicts."""
        raise NotImplementedError

    def write_db(
        self, remote_db: str, package: str, change: Callable[[sqlite3.Connection], None]
    ) -> None:
        """Stop ``package``, pull its database, apply ``change`` and push it back."""
        raise NotImplementedError

    # --- settings ----------------------------------------------------------------------
    def get_setting(self, namespace: str, key: str) -> str | None:
        """``settings get``; None when the device answers ``null``."""
        raise NotImplementedError

    def put_setting(self, namespace: str, key: str, value: str) -> None:
        """``settings put``."""
        raise NotImplementedError

    def delete_setting(self, namespace: str, key: str) -> None:
        """``settings delete``."""
        raise NotImplementedError

    # --- content providers -------------------------------------------------------------
    def content_query(
        self,
        uri: str,
        projection: Sequence[str] | None = None,
        where: str | None = None,
        sort: str | None = None,
    ) -> list[dict[str, str | None]]:
        """``content query``, parsed into one dict per row (``NULL`` becomes None)."""
        raise NotImplementedError

    def content_insert(self, uri: str, values: Mapping[str, str | int | float | bool]) -> None:
        """``content insert`` with ``--bind`` typed from the Python values."""
        raise NotImplementedError

    def content_update(
        self, uri: str, values: Mapping[str, str | int | float | bool], where: str | None = None
    ) -> None:
        """``content update``."""
        raise NotImplementedError

    def content_delete(self, uri: str, where: str | None = None) -> None:
        """``content delete``."""
        raise NotImplementedError

    # --- intents, activities, packages -------------------------------------------------
    def broadcast(
        self,
        action: str,
        extras: Mapping[str, str | int | bool] | None = None,
        component: str | None = None,
    ) -> BroadcastResult:
        """Send an ordered broadcast (``am broadcast``) and return its result."""
        raise NotImplementedError

    def start_activity(
        self,
        component: str | None = None,
        action: str | None = None,
        data: str | None = None,
        extras: Mapping[str, str | int | bool] | None = None,
    ) -> None:
        """``am start -W`` with the given component / action / data / extras."""
        raise NotImplementedError

    def force_stop(self, package: str) -> None:
        """``am force-stop``."""
        raise NotImplementedError

    def clear_app(self, package: str) -> None:
        """``pm clear``: erase the app's data."""
        raise NotImplementedError

    def packages(self) -> list[str]:
        """Installed package names (``pm list packages``)."""
        raise NotImplementedError

    def foreground_activity(self) -> str:
        """The focused ``package/activity`` (from ``dumpsys window``)."""
        raise NotImplementedError

    def go_home(self) -> None:
        """Press HOME."""
        raise NotImplementedError

    # --- input -------------------------------------------------------------------------
    def tap(self, x: int, y: int) -> None:
        """``input tap``."""
        raise NotImplementedError

    def swipe(self, x1: int, y1: int, x2: int, y2: int, duration_ms: int = 300) -> None:
        """``input swipe`` (equal points with a long duration make a long press)."""
        raise NotImplementedError

    def input_text(self, text: str) -> None:
        """Type ``text`` into the focused field (``input text``, safely quoted)."""
        raise NotImplementedError

    def keyevent(self, key: str | int) -> None:
        """``input keyevent`` (``KEYCODE_ENTER``, ``66``...)."""
        raise NotImplementedError

    # --- observation -------------------------------------------------------------------
    def screenshot(self) -> Image.Image:
        """The screen as a PIL image (``screencap -p``)."""
        raise NotImplementedError

    def ui_tree(self) -> str:
        """The UI hierarchy XML (``uiautomator dump``)."""
        raise NotImplementedError

    def ui_elements(self) -> list[UIElement]:
        """The UI hierarchy parsed into elements (see :mod:`droidhub.uitree`)."""
        raise NotImplementedError

    # --- clock and state ---------------------------------------------------------------
    def now(self) -> dt.datetime:
        """The device's clock (timezone-aware)."""
        raise NotImplementedError

    def set_time(self, when: dt.datetime) -> None:
        """Set the device clock (``date`` as root, as AndroidWorld does)."""
        raise NotImplementedError

    def is_booted(self) -> bool:
        """Whether ``sys.boot_completed`` is 1."""
        raise NotImplementedError
