"""The only way droidhub talks to a phone: :class:`Device`, over the adb server protocol.

Shell, files, SQLite, settings, content providers, intents and activities, input,
screencap and uiautomator, the clock. The same code drives an emulator, a real phone and
the virtual phone (``droidhub.virtual``): nothing here knows which it is talking to.

The protocol itself (connections, shell v2, sync) is :mod:`droidhub.device.transport`;
how arguments are quoted is :mod:`droidhub.device.quoting`; how Android's output is read is
:mod:`droidhub.device.parsers`; what the screen shows (screencap, uiautomator dump) is
:mod:`droidhub.device.screen`. Their public names are re-exported here.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import functools
import re
import sqlite3
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, Any

from droidhub.device import app_database, content_provider, inputs, screen
from droidhub.device.parsers import (
    BroadcastResult,
    parse_broadcast,
    parse_content_rows,
    parse_foreground_activity,
)
from droidhub.device.quoting import (
    argument_batches,
    extra_args,
    join,
    quote,
)
from droidhub.device.transport import AdbTransport, DeviceError, ShellResult

if TYPE_CHECKING:
    import adbutils
    from PIL import Image

    from droidhub.android.ui_tree import UIElement

__all__ = [
    "BroadcastResult",
    "Device",
    "DeviceError",
    "ShellResult",
    "join",
    "parse_broadcast",
    "parse_content_rows",
    "parse_foreground_activity",
    "quote",
]


class Device:
    """A phone reached through an adb server.

    ``serial`` picks the phone (None: the only one attached); ``host``/``port`` is the
    adb server (the virtual device server listens elsewhere than 5037).

    The connection is checked when the object is made: a DeviceError says if no adb
    server answers, or which phones there are when ``serial`` is absent or ambiguous.
    A Device may be shared between threads: each command has its own connection.

    :meth:`close` retires a Device for good (the runner does so to a device whose
    episode it abandoned after a timeout): commands in flight are cut off and every
    later command raises :class:`DeviceError`; :meth:`reopen` gives a fresh one.
    """

    def __init__(self, serial: str | None = None, host: str = "127.0.0.1", port: int = 5037):
        self.transport = AdbTransport(serial, host, port)
        self._held = inputs.HeldInputs()

    @functools.cached_property
    def client(self) -> adbutils.AdbClient:
        """adbutils' client of the same server, for :attr:`adb` (nothing here uses it;
        made on first use, as importing adbutils costs every CLI start a tenth of a
        second)."""
        import adbutils

        return adbutils.AdbClient(host=self.host, port=self.port)

    @property
    def serial(self) -> str:
        """The phone's serial (``emulator-5554``, ``virtual-1``...)."""
        return self.transport.serial

    @property
    def services(self) -> Counter[str]:
        """The device services (each one round trip) this Device has used, by kind:
        ``shell:WORD`` by a command's first word, ``sync:VERB`` for file operations."""
        return self.transport.services

    @property
    def host(self) -> str:
        """Host of the adb server."""
        return self.transport.host

    @property
    def port(self) -> int:
        """Port of the adb server."""
        return self.transport.port

    @property
    def server_version(self) -> int:
        """The adb server's protocol version (``host:version``)."""
        return self.transport.server_version

    @property
    def features(self) -> frozenset[str]:
        """What the phone's adbd supports (``shell_v2``, ``cmd``...)."""
        return self.transport.features

    @features.setter
    def features(self, value: frozenset[str]) -> None:
        # Tests pretend to be an old adbd (no shell_v2) this way.
        self.transport.features = frozenset(value)

    @property
    def closed_because(self) -> str | None:
        """Why :meth:`close` retired this Device, or None while it is usable."""
        return self.transport.closed_because

    def __repr__(self) -> str:
        return f"Device({self.serial!r}, host={self.host!r}, port={self.port})"

    @property
    def adb(self) -> adbutils.AdbDevice:
        """adbutils' own device object, for what this class does not cover."""
        self.transport.refuse_if_closed()
        self._send_held_inputs()
        return self.client.device(self.serial)

    def close(self, reason: str = "closed") -> None:
        """Retire this Device: cut the commands in flight, refuse every later one.

        Another thread still using it (an abandoned episode) gets a DeviceError
        naming ``reason`` instead of touching the phone again.
        """
        self.transport.close(reason)

    def reopen(self) -> Device:
        """A new Device for the same phone and adb server (checked as when made)."""
        return Device(self.serial, host=self.host, port=self.port)

    # --- shell -------------------------------------------------------------------------
    def run(self, args: str | Sequence[str], timeout: float | None = 60) -> ShellResult:
        """Run a command; a sequence is quoted argument by argument, a str is sent as is.

        The output is exactly what the command printed (stdout and stderr, in order),
        trailing newline included. Uses shell v2 (real exit codes) when the phone has
        it, else plain ``shell:`` with ``; echo MARKER$?`` appended and removed again.
        """
        command = args if isinstance(args, str) else join(args)
        held = self._held.take()
        if held is None:
            return self.transport.run(command, timeout)
        result = self.transport.run(inputs.in_front_of(held, command), timeout)
        return inputs.command_result(result, held, self.serial)

    @contextlib.contextmanager
    def holding_inputs(self) -> Iterator[None]:
        """While open, this thread's taps, swipes and key events wait for its next command
        and go with it, a round trip fewer each (:mod:`droidhub.device.inputs`); those left
        when the outermost block ends are sent then (dropped if it raised)."""
        outermost = not self._held.holding
        self._held.holding = True
        try:
            yield
            if outermost:
                self._send_held_inputs()
        finally:
            if outermost:
                self._held.holding, self._held.lines = False, []

    def _send_held_inputs(self) -> None:
        if (held := self._held.take()) is not None:
            self.shell(held)

    def _input(self, args: Sequence[str]) -> None:
        if not self._held.holding:
            self.shell(args)
        elif self._held.hold(join(args)):  # as many as a line should carry
            self._send_held_inputs()

    def shell(self, args: str | Sequence[str], timeout: float | None = 60) -> str:
        """Run a command and return its output; raise :class:`DeviceError` if it fails."""
        result = self.run(args, timeout)
        if result.exit_code != 0:
            command = args if isinstance(args, str) else join(args)
            raise DeviceError(
                f"`{command}` on {self.serial} failed (exit {result.exit_code}): "
                f"{result.output.strip() or '(no output)'}"
            )
        return result.output

    def exec_out(self, args: Sequence[str], timeout: float | None = 60) -> bytes:
        """Run a command and return its raw stdout bytes (``screencap -p``)."""
        self._send_held_inputs()
        return self.transport.exec_out(join(args), timeout)

    # --- files ---------------------------------------------------------------------------
    def push(self, data: bytes | Path, remote: str) -> None:
        """Write ``data`` (bytes, or a local file) to ``remote``, making parent folders."""
        self.push_many({remote: data})

    def push_many(self, files: Mapping[str, bytes | Path]) -> None:
        """Write each ``remote: data`` of ``files`` (bytes, or a local file), making parent
        folders: all over one sync connection, one round trip, where the phone allows.

        A local file keeps the time the push sends; text and bytes written from memory
        are dated by the phone's clock (a ``touch`` after the push, split over as many
        commands as a long list of files needs), as a file the phone writes itself is
        (AndroidWorld's set-ups write theirs with ``echo >``)."""
        self._send_all(files)
        written = [remote for remote, data in files.items() if not isinstance(data, Path)]
        for batch in argument_batches(written):
            self.shell(["touch", "-c", *batch])

    def _send_all(self, files: Mapping[str, bytes | Path]) -> None:
        self._send_held_inputs()
        queue = []
        for remote, data in files.items():
            if isinstance(data, Path):
                queue.append((data.read_bytes(), remote, data.stat().st_mode & 0o777))
            else:
                queue.append((bytes(data), remote, 0o644))
        while queue:
            done, error = self.transport.send_many(queue)
            if error is None:
                return
            payload, remote, mode = queue[done]
            # Phones without adbd's "fixed_push_mkdir" do not create missing folders.
            parent = str(PurePosixPath(remote).parent)
            if parent in ("", "/") or self.exists(parent):
                raise DeviceError(f"push to {remote} on {self.serial} failed: {error}")
            self.mkdir(parent)
            again = self.transport.send(payload, remote, mode)
            if again is not None:
                raise DeviceError(f"push to {remote} on {self.serial} failed: {again}")
            queue = queue[done + 1 :]

    def pull(self, remote: str) -> bytes:
        """Return the bytes of the file ``remote``; DeviceError if it does not exist."""
        self._send_held_inputs()
        return self.transport.receive(remote)

    def exists(self, remote: str) -> bool:
        """Whether ``remote`` exists (file or folder)."""
        self._send_held_inputs()
        return self.transport.stat(remote).exists

    def listdir(self, remote: str) -> list[str]:
        """Names in folder ``remote`` (not ``.``/``..``), sorted."""
        self._send_held_inputs()
        info = self.transport.stat(remote)
        if not info.exists:
            raise DeviceError(f"cannot list {remote} on {self.serial}: no such folder")
        if not info.is_dir and not info.is_link:
            raise DeviceError(f"cannot list {remote} on {self.serial}: not a folder")
        names = self.transport.list_folder(remote)
        return sorted(n for n in names if n not in (".", ".."))

    def read_text(self, remote: str) -> str:
        """The text of file ``remote`` (UTF-8)."""
        return self.pull(remote).decode("utf-8")

    def write_text(self, remote: str, text: str) -> None:
        """Write ``text`` (UTF-8) to ``remote``."""
        self.push(text.encode("utf-8"), remote)

    def mkdir(self, remote: str) -> None:
        """Create folder ``remote`` and its parents."""
        self.shell(["mkdir", "-p", remote])

    def remove(self, remote: str) -> None:
        """Remove a file or folder tree; no error if it is absent."""
        self.shell(["rm", "-rf", remote])

    # --- SQLite: pull, query locally; write with the app stopped -----------------------
    def query_db(
        self, remote_db: str, sql: str, params: Sequence[Any] = ()
    ) -> list[dict[str, Any]]:
        """Pull the database at ``remote_db`` and return the rows of ``sql`` as dicts."""
        return app_database.query(self, remote_db, sql, params)

    def write_db(
        self, remote_db: str, package: str, change: Callable[[sqlite3.Connection], object]
    ) -> None:
        """Stop ``package``, pull its database, apply ``change`` and push it back
        (see :func:`droidhub.device.app_database.write`; needs root on a real phone)."""
        app_database.write(self, remote_db, package, change)

    def replace_db(self, remote_db: str, package: str, data: bytes) -> None:
        """Stop ``package`` and put ``data`` in place of its database, byte for byte,
        keeping the file's owner and mode (see :func:`droidhub.device.app_database.replace`)."""
        app_database.replace(self, remote_db, package, data)

    # --- settings ----------------------------------------------------------------------
    def get_setting(self, namespace: str, key: str) -> str | None:
        """``settings get``; None when the device answers ``null``."""
        value = self.shell(["settings", "get", namespace, key]).removesuffix("\n")
        return None if value == "null" else value

    def put_setting(self, namespace: str, key: str, value: str) -> None:
        """``settings put``."""
        self.shell(["settings", "put", namespace, key, value])

    def delete_setting(self, namespace: str, key: str) -> None:
        """``settings delete``."""
        self.shell(["settings", "delete", namespace, key])

    # --- content providers (droidhub.device.content_provider) -------------------------
    def content_query(
        self,
        uri: str,
        projection: Sequence[str] | None = None,
        where: str | None = None,
        sort: str | None = None,
    ) -> list[dict[str, str | None]]:
        """``content query``, parsed into one dict per row (``NULL`` becomes None)."""
        return content_provider.query(self, uri, projection, where, sort)

    def content_insert(self, uri: str, values: Mapping[str, str | int | float | bool]) -> None:
        """``content insert`` with ``--bind`` typed from the Python values."""
        content_provider.insert(self, uri, values)

    def content_update(
        self, uri: str, values: Mapping[str, str | int | float | bool], where: str | None = None
    ) -> None:
        """``content update``."""
        content_provider.update(self, uri, values, where)

    def content_delete(self, uri: str, where: str | None = None) -> None:
        """``content delete``."""
        content_provider.delete(self, uri, where)

    # --- intents, activities, packages -------------------------------------------------
    def broadcast(
        self,
        action: str,
        extras: Mapping[str, str | int | bool] | None = None,
        component: str | None = None,
    ) -> BroadcastResult:
        """Send an ordered broadcast (``am broadcast``) and return its result."""
        args = ["am", "broadcast", "-a", action]
        if component:
            args += ["-n", component]
        return parse_broadcast(self.shell(args + extra_args(extras)))

    def start_activity(
        self,
        component: str | None = None,
        action: str | None = None,
        data: str | None = None,
        extras: Mapping[str, str | int | bool] | None = None,
    ) -> None:
        """``am start -W`` with the given component / action / data / extras."""
        if not (component or action or data):
            raise ValueError("start_activity needs a component, an action or data")
        args = ["am", "start", "-W"]
        if component:
            args += ["-n", component]
        if action:
            args += ["-a", action]
        if data:
            args += ["-d", data]
        args += extra_args(extras)
        output = self.shell(args)
        # am prints "Error: ..." (and on old versions exits 0) when nothing was started.
        errors = [line for line in output.splitlines() if line.startswith("Error")]
        if errors:
            raise DeviceError(f"`{join(args)}` on {self.serial}: {' '.join(errors)}")

    def force_stop(self, package: str) -> None:
        """``am force-stop``."""
        self.shell(["am", "force-stop", package])

    def clear_app(self, package: str) -> None:
        """``pm clear``: erase the app's data."""
        output = self.shell(["pm", "clear", package])
        if output.strip() != "Success":
            raise DeviceError(f"`pm clear {package}` on {self.serial}: {output.strip()}")

    def packages(self) -> list[str]:
        """Installed package names (``pm list packages``), sorted."""
        output = self.shell(["pm", "list", "packages"])
        return sorted(
            line.removeprefix("package:").strip()
            for line in output.splitlines()
            if line.startswith("package:")
        )

    def foreground_activity(self) -> str:
        """The focused ``package/activity`` (from ``dumpsys window``)."""
        output = self.shell(["dumpsys", "window"])
        activity = parse_foreground_activity(output)
        if activity is None:
            raise DeviceError(
                f"no focused activity in `dumpsys window` on {self.serial} "
                "(neither mCurrentFocus nor mFocusedApp names one)"
            )
        return activity

    def go_home(self) -> None:
        """Press HOME."""
        self.keyevent("KEYCODE_HOME")

    # --- input -------------------------------------------------------------------------
    def tap(self, x: int, y: int) -> None:
        """``input tap``."""
        self._input(["input", "tap", str(int(x)), str(int(y))])

    def swipe(self, x1: int, y1: int, x2: int, y2: int, duration_ms: int = 300) -> None:
        """``input swipe`` (equal points with a long duration make a long press)."""
        coords = [str(int(v)) for v in (x1, y1, x2, y2, duration_ms)]
        self._input(["input", "swipe", *coords])

    def input_text(self, text: str) -> None:
        """Type ``text`` into the focused field (``input text``, safely quoted; a newline
        presses ENTER): see :func:`droidhub.device.inputs.type_text`."""
        inputs.type_text(self, text)

    def keyevent(self, key: str | int) -> None:
        """``input keyevent`` (``KEYCODE_ENTER``, ``66``...)."""
        self._input(["input", "keyevent", str(key)])

    # --- observation -------------------------------------------------------------------
    def screenshot_png(self) -> bytes:
        """The screen as the PNG bytes ``screencap -p`` sends, untouched (nothing decoded:
        store them as they are, or open them only when the pixels are needed)."""
        return screen.screencap_png(self)

    def screenshot(self) -> Image.Image:
        """The screen as a PIL image (``screencap -p``), decoded."""
        return screen.screencap_image(self)

    def ui_tree(self) -> str:
        """The UI hierarchy XML (``uiautomator dump``, tried three times while the
        screen settles; nothing is left on the phone)."""
        return screen.uiautomator_dump(self)[0]

    def ui_tree_and_foreground(self) -> tuple[str, str]:
        """The UI hierarchy XML and the focused ``package/activity``, read by one adb
        command: an observation costs one round trip fewer than :meth:`ui_tree` and
        :meth:`foreground_activity` one after the other."""
        xml, rest = screen.uiautomator_dump(self, "; dumpsys window")
        activity = parse_foreground_activity(rest)
        if activity is None:
            raise DeviceError(
                f"no focused activity in `dumpsys window` on {self.serial} "
                "(neither mCurrentFocus nor mFocusedApp names one)"
            )
        return xml, activity

    def ui_elements(self) -> list[UIElement]:
        """The UI hierarchy parsed into elements (see :mod:`droidhub.android.ui_tree`)."""
        from droidhub.android.ui_tree import parse_hierarchy

        return parse_hierarchy(self.ui_tree())

    # --- clock and state ---------------------------------------------------------------
    def now(self) -> dt.datetime:
        """The device's clock (timezone-aware, in the device's UTC offset)."""
        output = self.shell(["date", "+%s %z"]).strip()
        match = re.fullmatch(r"(-?\d+) ([+-])(\d\d):?(\d\d)", output)
        if not match:
            raise DeviceError(f"`date +'%s %z'` on {self.serial} printed {output!r}")
        seconds, sign, hours, minutes = match.groups()
        offset = dt.timedelta(hours=int(hours), minutes=int(minutes))
        zone = dt.timezone(-offset if sign == "-" else offset)
        return dt.datetime.fromtimestamp(int(seconds), zone)

    def set_time(self, when: dt.datetime) -> None:
        """Set the device clock (``date`` as root, as AndroidWorld does).

        An aware ``when`` is set as the UTC moment it is (``date -u MMDDhhmmYY.ss``, one
        command); a naive one is taken as device-local (``date MMDDhhmmYY.ss``). On a
        real phone this needs adbd running as root (``adb root``, as AndroidWorld does on
        its emulator).
        """
        flags = []
        if when.tzinfo is not None:
            when = when.astimezone(dt.UTC).replace(tzinfo=None)
            flags = ["-u"]
        stamp = when.strftime("%m%d%H%M%y.%S")
        result = self.run(["date", *flags, stamp])
        if result.exit_code != 0:
            raise DeviceError(
                f"`date {stamp}` on {self.serial} failed (exit {result.exit_code}): "
                f"{result.output.strip()}; setting the clock needs root (`adb root`)"
            )

    def is_booted(self) -> bool:
        """Whether ``sys.boot_completed`` is 1."""
        return self.shell(["getprop", "sys.boot_completed"]).strip() == "1"
