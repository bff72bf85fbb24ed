"""The virtual device server: virtual phones behind a real adb server on loopback.

>>> with VirtualDeviceServer(devices=2) as server:
...     Device(server.serials[0], port=server.port).shell("getprop ro.product.model")

The server owns the phones, their sandbox folders (under a temporary folder unless
``root`` is given) and the listening socket. It listens on 127.0.0.1 and, by
default, on a free port chosen by the system, never 5037, so a real adb server is
never disturbed; only the user running it may connect (see
:mod:`droidhub.virtual.connection` for that and the other bounds). The protocol runs
on an asyncio loop in a thread of its own; each phone's shell commands run on a thread
pool of its own, so no phone's clients can starve another phone.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import itertools
import logging
import os
import shutil
import socket
import tempfile
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from droidhub.virtual.adb_server import AdbServer, Phone
from droidhub.virtual.connection import DEFAULT_IDLE_TIMEOUT
from droidhub.virtual.console import EmulatorConsole
from droidhub.virtual.phone_settings import event_loop_name, new_event_loop, sandbox_base
from droidhub.virtual.storage import Storage, storage_from_env

if TYPE_CHECKING:
    from droidhub.virtual.app import VirtualApp
    from droidhub.virtual.phone import VirtualPhone

#: Builds a phone: ``(serial, sandbox folder, app models) -> phone``.
PhoneFactory = Callable[[str, Path, "Sequence[VirtualApp]"], Phone]
#: Returns fresh app models for one new phone.
AppsFactory = Callable[[], "Sequence[VirtualApp]"]

_START_TIMEOUT_S = 10.0
#: Threads that close the phones when the server stops: deleting a sandbox (a hundred
#: folders, a dozen SQLite files) is mostly the file system's work, which several
#: phones at once share better than one after the other.
_CLOSERS = 4

log = logging.getLogger(__name__)


#: Sandbox folders are named with this prefix; each holds its owner's pid in OWNER_FILE.
SANDBOX_PREFIX = "droidhub-virtual-"
OWNER_FILE = ".droidhub-owner"


def process_alive(pid: int) -> bool:
    """Whether process ``pid`` exists (another user's, or a zombie not reaped yet, too):
    what tells a folder some dead process left from one still in use."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # alive, but someone else's
        return True
    return True


def sweep_orphaned_sandboxes(base: Path) -> list[Path]:
    """Remove the sandboxes in ``base`` whose owning process is gone; return them.

    A server stopped normally removes its sandbox; one killed outright (SIGKILL, a
    crash) cannot, and the leftovers would hold disk (or, on /dev/shm, memory). A
    folder without an owner file (being created, or not ours) is left alone.
    """
    removed = []
    for folder in base.glob(SANDBOX_PREFIX + "*"):
        try:
            pid = int((folder / OWNER_FILE).read_text(encoding="ascii"))
        except (OSError, ValueError):
            continue
        if not process_alive(pid):
            shutil.rmtree(folder, ignore_errors=True)
            removed.append(folder)
    return removed


def plugin_apps() -> list[VirtualApp]:
    """Fresh app models from every installed plugin (the ``droidhub_virtual_apps`` hook)."""
    from droidhub.plugins.manager import get_plugin_manager

    return [app for _, app in get_plugin_manager().collect("droidhub_virtual_apps")]


def _virtual_phone(serial: str, root: Path, apps: Sequence[VirtualApp]) -> Phone:
    from droidhub.virtual.phone import VirtualPhone

    return cast(Phone, VirtualPhone(serial, root, apps))


class VirtualDeviceServer:
    """An adb server on ``host:port`` hosting ``devices`` virtual phones.

    Serials are ``virtual-0``, ``virtual-1``, ...; :meth:`add_phone` adds more while it
    runs (serials are never reused). ``numbers`` (first, step) numbers them otherwise,
    so that the phones of several servers in one run differ (``(1, 2)``: ``virtual-1``,
    ``virtual-3``, ...). ``apps`` makes each phone's app models (default:
    the installed plugins'); ``phone_factory`` builds phones (default:
    :class:`droidhub.virtual.phone.VirtualPhone`); ``shell_workers`` bounds the threads
    that run one phone's shell commands at once (each phone has its own). Use it as a
    context manager, or call :meth:`start` and :meth:`stop`. At most ``max_connections``
    clients are connected at once, so a flood cannot exhaust descriptors; a new one past
    that is served by closing the oldest idle connections of the process holding the
    most (:mod:`droidhub.virtual.peers`). A connection silent (or not reading its answers) for
    ``idle_timeout`` seconds is closed (None: never). ``host`` must be a loopback
    address; only the uid running the server is served unless ``allow_other_users``.
    Each phone's storage holds ``storage_bytes`` (None: ``$DROIDHUB_VIRTUAL_STORAGE``,
    else 6 GiB as a Pixel 6 emulator); a write past it fails "No space left on device".
    With a ``console_port`` each phone also has an emulator console on that loopback
    port and is named ``emulator-PORT`` after it, as an emulator is, so that ``adb emu``
    reaches it (:mod:`droidhub.virtual.console`): the next phones take the port two
    above, as emulators do (5554, 5556, ...); 0 gives each a free port. ``scratch``
    phones (a check's: short-lived, driven only by droidhub) are kept in memory where
    the host has room (:func:`.phone_settings.sandbox_base`). The adb server runs on
    the event loop :func:`.phone_settings.event_loop_name` picks (:attr:`event_loop`:
    uvloop's where installed).
    """

    def __init__(
        self,
        devices: int = 1,
        port: int = 0,
        host: str = "127.0.0.1",
        root: Path | None = None,
        apps: AppsFactory | None = None,
        phone_factory: PhoneFactory | None = None,
        shell_workers: int = 64,
        max_connections: int = 4096,
        idle_timeout: float | None = DEFAULT_IDLE_TIMEOUT,
        allow_other_users: bool = False,
        storage_bytes: int | None = None,
        console_port: int | None = None,
        scratch: bool = False,
        numbers: tuple[int, int] = (0, 1),
    ) -> None:
        if devices < 0:
            raise ValueError(f"devices={devices}: the number of phones cannot be negative")
        if storage_bytes is not None and storage_bytes <= 0:
            raise ValueError(f"storage_bytes={storage_bytes}: a phone's storage must be positive")
        self.storage_bytes = storage_from_env() if storage_bytes is None else storage_bytes
        #: The event loop the adb server runs on (see :mod:`.phone_settings`).
        self.event_loop = event_loop_name()
        self.host = host
        self._requested_port = port
        self._devices = devices
        self._root_arg = root
        self._scratch = scratch
        self._apps = apps or plugin_apps
        self._phone_factory = phone_factory or _virtual_phone
        self._shell_workers = shell_workers
        self._max_connections = max_connections
        self._idle_timeout = idle_timeout
        self._allow_other_users = allow_other_users
        self._executors: dict[str, ThreadPoolExecutor] = {}
        #: The next phone's console port (None: phones have no console; 0: any free one).
        self._console_port = console_port
        self._consoles: dict[str, EmulatorConsole] = {}
        self._numbers = itertools.count(*numbers)
        self._lock = threading.Lock()
        self._phones: dict[str, tuple[Phone, Path]] = {}
        self._root: Path | None = None
        self._owns_root = False
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._adb: AdbServer | None = None
        self._listener: socket.socket | None = None
        self._spares: list[_Spare] = []
        self._spare_builder: threading.Thread | None = None
        self._spares_closed = threading.Event()

    # --- lifecycle ---------------------------------------------------------------------
    def start(self) -> VirtualDeviceServer:
        """Create the phones and listen; clients may connect as soon as this returns."""
        if self._adb is not None:
            raise RuntimeError("the virtual device server is already running")
        self._spares_closed.clear()
        try:
            if self._root_arg is None:
                base = sandbox_base(self._scratch)
                sweep_orphaned_sandboxes(Path(base or tempfile.gettempdir()))
                self._root = Path(tempfile.mkdtemp(prefix=SANDBOX_PREFIX, dir=base))
                (self._root / OWNER_FILE).write_text(str(os.getpid()), encoding="ascii")
                self._owns_root = True
            else:
                self._root = Path(self._root_arg)
                self._root.mkdir(parents=True, exist_ok=True)
            self._adb = AdbServer(
                None,
                self.host,
                self._requested_port,
                self._max_connections,
                idle_timeout=self._idle_timeout,
                allow_other_users=self._allow_other_users,
            )
            # Listen before making the phones: a busy port fails at once, and a client
            # that connects meanwhile waits instead of finding nothing there.
            self._listener = listener = self._adb.bind()
            for _ in range(self._devices):
                self.add_phone()
            self._loop = new_event_loop(self.event_loop)
            self._thread = threading.Thread(
                target=self._loop.run_forever, name="droidhub-virtual-adb", daemon=True
            )
            self._thread.start()
            future = asyncio.run_coroutine_threadsafe(self._adb.start(listener), self._loop)
            future.result(_START_TIMEOUT_S)
        except BaseException:
            self.stop()
            raise
        # A server its owner never stopped (a gym env never closed, a script that just
        # ends) is stopped as the interpreter exits, its phones' folders deleted with it.
        atexit.register(self.stop)
        return self

    def stop(self) -> None:
        """Close every connection, stop the loop and the shell threads, close the phones
        and delete their sandboxes. Safe to call twice."""
        atexit.unregister(self.stop)
        loop, thread, adb = self._loop, self._thread, self._adb
        if loop is not None and adb is not None and thread is not None and thread.is_alive():
            with contextlib.suppress(Exception):
                asyncio.run_coroutine_threadsafe(adb.close(), loop).result(_START_TIMEOUT_S)
            loop.call_soon_threadsafe(loop.stop)
            thread.join(_START_TIMEOUT_S)
        if loop is not None and not loop.is_running():
            loop.close()
        if self._listener is not None:
            self._listener.close()  # bound but never served when start() failed midway
            self._listener = None
        self._discard_spares()
        try:
            with ThreadPoolExecutor(_CLOSERS, thread_name_prefix="droidhub-virtual-close") as pool:
                pool.map(self._drop_logged, list(self._phones))
        except RuntimeError:  # the interpreter is exiting (atexit, a finalizer): no new threads
            for serial in list(self._phones):
                self._drop_logged(serial)
        if self._owns_root and self._root is not None:
            shutil.rmtree(self._root, ignore_errors=True)
        self._loop = self._thread = self._adb = None
        self._root = None
        self._owns_root = False

    def __enter__(self) -> VirtualDeviceServer:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    # --- what it serves ------------------------------------------------------------------
    @property
    def port(self) -> int:
        """The TCP port clients connect to (``adb -P PORT``)."""
        return self._running().port

    def port_of(self, serial: str) -> int:
        """The port of the adb server that has ``serial``: this one's (a host of several
        servers answers each phone's)."""
        del serial
        return self.port

    @property
    def serials(self) -> list[str]:
        """Serials of the phones now attached, oldest first."""
        return self._running().serials()

    @property
    def connection_count(self) -> int:
        """Clients connected right now (each adb operation is one connection)."""
        return self._running().connection_count

    def phone(self, serial: str) -> VirtualPhone:
        """The phone behind ``serial`` (for tests and checks that look inside it)."""
        with self._lock:
            entry = self._phones.get(serial)
        if entry is None:
            raise KeyError(f"no virtual phone {serial!r}; serials: {self.serials}")
        return cast("VirtualPhone", entry[0])

    def add_phone(self) -> str:
        """Attach a fresh phone with an empty sandbox (one :meth:`make_spares` built
        ahead, if one is ready); return its new serial."""
        return self.add_ready_phones(1)[0]

    def add_ready_phones(self, most: int) -> list[str]:
        """Attach, up to ``most``, every phone :meth:`make_spares` has ready now (one
        made now when none is); their serials. A run adding many phones takes them in a
        few calls, each as soon as it is built, instead of one call a phone."""
        adb = self._running()
        with self._lock:
            ready, self._spares = self._spares[:most], self._spares[most:]
        if not ready and most > 0:
            ready = [self._make()]
        return [self._attach(adb, spare) for spare in ready]

    def make_spares(self, count: int) -> None:
        """Build ``count`` phones ahead, on a thread, for :meth:`add_phone` to attach
        at once: a run that will add phones one by one has them ready in the seconds
        it spends loading its suite and agent. Spares are no device yet (``adb
        devices`` does not list them); :meth:`stop` discards those never attached."""
        self._running()

        def build() -> None:
            for _ in range(count):
                if self._spares_closed.is_set():
                    return
                spare = self._make()
                with self._lock:
                    if not self._spares_closed.is_set():
                        self._spares.append(spare)
                        continue
                _discard(spare)
                return

        self._spare_builder = threading.Thread(
            target=build, name="droidhub-virtual-spares", daemon=True
        )
        self._spare_builder.start()

    def _make(self) -> _Spare:
        """A phone and its sandbox (and console), not attached yet."""
        assert self._root is not None
        console = None
        with self._lock:
            if self._console_port is not None:
                console = EmulatorConsole(
                    host=self.host,
                    port=self._console_port,
                    allow_other_users=self._allow_other_users,
                )
                if self._console_port:
                    self._console_port += 2
            serial = console.serial if console else f"virtual-{next(self._numbers)}"
        sandbox = self._root / serial
        sandbox.mkdir(parents=True, exist_ok=False)
        try:
            phone = self._phone_factory(serial, sandbox, list(self._apps()))
        except BaseException:
            shutil.rmtree(sandbox, ignore_errors=True)
            if console is not None:
                console.close()
            raise
        storage: Storage | None = getattr(phone, "storage", None)
        if storage is not None:  # whatever factory made the phone, it gets the server's size
            storage.capacity = self.storage_bytes
        return _Spare(serial, phone, sandbox, console)

    def _attach(self, adb: AdbServer, made: _Spare) -> str:
        serial, phone, console = made.serial, made.phone, made.console
        if console is not None:  # a phone with no modem gets "KO" to its commands
            console.start(getattr(phone, "telephony", None))
            self._consoles[serial] = console
        # Threads start only as commands need them; enough that a client's many waiting
        # commands (sleep) leave room for the others on the phone.
        executor = ThreadPoolExecutor(
            self._shell_workers, thread_name_prefix=f"droidhub-virtual-shell-{serial}"
        )
        with self._lock:
            self._phones[serial] = (phone, made.sandbox)
            self._executors[serial] = executor
        adb.attach(serial, phone, executor)
        return serial

    def remove_phone(self, serial: str) -> None:
        """Detach ``serial``, close its phone and delete its sandbox."""
        if serial not in self._phones:
            raise KeyError(f"no virtual phone {serial!r}; serials: {self.serials}")
        self._drop(serial, wait=False)

    def _drop_logged(self, serial: str) -> None:
        try:
            self._drop(serial)
        except Exception:  # one phone failing to close must not keep the rest open
            log.exception("virtual phone %s failed to close", serial)

    def _drop(self, serial: str, wait: bool = True) -> None:
        if self._adb is not None:
            with contextlib.suppress(KeyError):
                self._adb.detach(serial)
        with self._lock:
            phone, sandbox = self._phones.pop(serial)
            executor = self._executors.pop(serial, None)
            console = self._consoles.pop(serial, None)
        if console is not None:
            console.close()
        if executor is not None:
            # When the server stops, its connections are closed first, so waiting
            # commands were told to stop: this waits only for commands mid-work.
            executor.shutdown(wait=wait, cancel_futures=True)
        _close_phone(phone, sandbox)

    def _discard_spares(self) -> None:
        self._spares_closed.set()
        if self._spare_builder is not None:
            self._spare_builder.join()
            self._spare_builder = None
        with self._lock:
            spares, self._spares = self._spares, []
        for spare in spares:
            _discard(spare)

    def _running(self) -> AdbServer:
        if self._adb is None:
            raise RuntimeError("the virtual device server is not running; call start() first")
        return self._adb

    def __repr__(self) -> str:
        state = f"port={self._adb.port}" if self._adb else "stopped"
        return f"<VirtualDeviceServer {state} phones={list(self._phones)}>"


@dataclass
class _Spare:
    """A phone built ahead of its :meth:`VirtualDeviceServer.add_phone`."""

    serial: str
    phone: Phone
    sandbox: Path
    console: EmulatorConsole | None


def _discard(spare: _Spare) -> None:
    if spare.console is not None:
        spare.console.close()
    _close_phone(spare.phone, spare.sandbox)


def _close_phone(phone: Phone, sandbox: Path) -> None:
    """Close ``phone`` (whatever factory made it may give it a ``close``) and delete its
    sandbox, also when closing fails."""
    try:
        close: Any = getattr(phone, "close", None)
        if close is not None:
            close()
    finally:
        shutil.rmtree(sandbox, ignore_errors=True)
