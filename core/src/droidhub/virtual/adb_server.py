"""The server side of the adb host protocol, answering for virtual phones.

A client (adbutils, the stock ``adb`` client, droidhub's Device) opens a TCP
connection per operation and sends requests framed as four hex digits of length
followed by the request text. Host services (``host:version``, ``host:devices``...)
are answered here; after a transport switch (``host:transport:SERIAL``,
``host:tport:serial:SERIAL``...) the same connection carries one device service
(``shell:``, ``shell,v2,...:``, ``exec:``, ``sync:``) to the chosen phone.

Everything runs on one asyncio loop; a phone's shell command may block (a browser
taking a screenshot), so it runs on a thread pool. File transfers read and write
the phone's sandbox folder directly through :meth:`Phone.host_path`.

Formats follow adb's own: the version is 41 (any other number makes the stock
client kill the server and start its own daemon on the port), sync replies use
the packed little-endian structs of adb's ``file_sync_protocol.h``, and shell v2
frames stdout/stderr/exit as ``id (1 byte) + length (u32 LE) + data``.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import itertools
import logging
import os
import socket
import stat
import struct
import threading
from collections.abc import Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from droidhub.virtual.connection import (
    CAN_TELL_PEER,
    DEFAULT_IDLE_TIMEOUT,
    MAX_LINE,
    BoundedReader,
    ClientCutOff,
    drain,
    is_loopback,
    peer_uid,
)
from droidhub.virtual.interrupt import interruptible

log = logging.getLogger(__name__)

#: What ``host:version`` answers. Clients of adb 29 to 36 expect exactly this.
ADB_SERVER_VERSION = 41

#: Device features advertised by ``features``: real exit codes and separate stderr
#: (shell_v2), ``cmd``, 64-bit stat and listing (stat_v2, ls_v2), and the promise that
#: SEND makes parent folders itself (fixed_push_mkdir).
FEATURES = ("shell_v2", "cmd", "stat_v2", "ls_v2", "fixed_push_mkdir")

#: Largest data chunk of the sync protocol (adb's SYNC_DATA_MAX).
SYNC_DATA_MAX = 64 * 1024
#: Longest path a sync request may carry (as adbd).
SYNC_PATH_MAX = 1024

_OKAY = b"OKAY"
_FAIL = b"FAIL"

# Sync structs (little endian, packed), named as in adb's file_sync_protocol.h.
_SYNC_REQUEST = struct.Struct("<4sI")
_STAT_V1 = struct.Struct("<4sIII")
_STAT_V2 = struct.Struct("<4sIQQIIIIQqqq")
_DENT_V1 = struct.Struct("<4sIIII")
_DENT_V2 = struct.Struct("<4sIQQIIIIQqqqI")
_SYNC_DATA = struct.Struct("<4sI")

# Shell protocol (v2) packet ids.
_SHELL_STDIN = 0
_SHELL_STDOUT = 1
_SHELL_STDERR = 2
_SHELL_EXIT = 3
_SHELL_CLOSE_STDIN = 4
_SHELL_HEADER = struct.Struct("<BI")

#: Host services about one phone (the others are about the server).
_PHONE_HOST_SERVICES = frozenset(
    {"features", "get-state", "get-serialno", "get-devpath", "killforward-all"}
)

#: How long a finished connection waits for the client to close its side before
#: closing anyway; waiting keeps unread client bytes from turning our close into a reset.
_LINGER_S = 2.0


class ShellOutcome(Protocol):
    """What a phone's shell command produced."""

    @property
    def stdout(self) -> bytes: ...
    @property
    def stderr(self) -> bytes: ...
    @property
    def exit_code(self) -> int: ...


class Phone(Protocol):
    """What the protocol needs from a phone (``droidhub.virtual.phone.VirtualPhone``)."""

    def shell(self, command: str) -> ShellOutcome:
        """Run one shell command line; thread-safe, may block."""
        ...

    def host_path(self, android_path: str) -> Path:
        """Where ``android_path`` lives inside the phone's sandbox folder."""
        ...


@dataclass(frozen=True)
class Transport:
    """One phone as the adb server lists it."""

    serial: str
    transport_id: int
    phone: Phone
    #: Runs this phone's shell commands (None: the server's).
    executor: Executor | None = None
    product: str = "droidhub_virtual"
    model: str = "Pixel_6"
    device: str = "oriole"


class _RequestError(Exception):
    """A request that gets a FAIL reply and ends the connection."""


class AdbServer:
    """An adb server on ``host:port`` (0: any free port) serving attached phones.

    :meth:`start` and :meth:`close` run on the asyncio loop that serves
    connections; :meth:`attach` and :meth:`detach` may be called from any thread.
    ``executor`` runs the (blocking) shell commands of phones attached without an
    executor of their own. ``host`` must be a loopback address. Connections are bounded
    as :mod:`droidhub.virtual.connection` says: ``idle_timeout`` seconds (None: never)
    of silence or unread answers end one; unless ``allow_other_users``, only the uid
    running the server may connect.
    """

    def __init__(
        self,
        executor: Executor | None = None,
        host: str = "127.0.0.1",
        port: int = 0,
        max_connections: int = 4096,
        idle_timeout: float | None = DEFAULT_IDLE_TIMEOUT,
        allow_other_users: bool = False,
    ) -> None:
        if not is_loopback(host):
            raise ValueError(
                f"host {host!r} is not a loopback address: the virtual adb server answers "
                "only on this machine; use 127.0.0.1"
            )
        self.host = host
        self.port = port
        self.max_connections = max_connections
        self.idle_timeout = idle_timeout
        self.allow_other_users = allow_other_users
        # Elsewhere than Linux the owner of a connection cannot be told: not checked.
        self._uid = os.getuid() if CAN_TELL_PEER else None
        self._executor = executor
        self._lock = threading.Lock()
        self._transports: dict[str, Transport] = {}
        self._ids = itertools.count(1)
        self._server: asyncio.Server | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._connections: set[asyncio.Task[None]] = set()
        self._trackers: set[asyncio.Queue[None]] = set()

    # --- phones (any thread) -------------------------------------------------------
    def attach(self, serial: str, phone: Phone, executor: Executor | None = None) -> Transport:
        """Make ``phone`` reachable as ``serial``; it gets a new transport id.

        ``executor`` runs its shell commands, so that one phone's commands (a client's
        forty ``sleep``) never hold the threads another phone needs.
        """
        with self._lock:
            if serial in self._transports:
                raise ValueError(f"serial {serial!r} is already attached; detach it first")
            transport = Transport(serial, next(self._ids), phone, executor)
            self._transports[serial] = transport
        self._devices_changed()
        return transport

    def detach(self, serial: str) -> Transport:
        """Remove ``serial`` from the device list; return what was attached."""
        with self._lock:
            transport = self._transports.pop(serial, None)
        if transport is None:
            raise KeyError(f"no phone {serial!r} is attached; attached: {self.serials()}")
        self._devices_changed()
        return transport

    def serials(self) -> list[str]:
        """Attached serials, in the order they were attached."""
        with self._lock:
            return list(self._transports)

    def transports(self) -> list[Transport]:
        """Attached phones, in the order they were attached."""
        with self._lock:
            return list(self._transports.values())

    @property
    def connection_count(self) -> int:
        """Clients connected right now."""
        return len(self._connections)

    def _devices_changed(self) -> None:
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
            loop.call_soon_threadsafe(self._wake_trackers)

    def _wake_trackers(self) -> None:
        for queue in self._trackers:
            queue.put_nowait(None)

    # --- lifecycle (on the loop) -----------------------------------------------------
    def bind(self) -> socket.socket:
        """Bind and listen now, without serving yet; return the listening socket.

        Clients that connect before :meth:`start` wait in the backlog (they are not
        refused, so no stock client concludes that no server runs and starts one).
        """
        sock = socket.create_server(
            (self.host, self.port),
            backlog=self.max_connections,  # capped by somaxconn
        )
        self.port = sock.getsockname()[1]
        return sock

    async def start(self, sock: socket.socket | None = None) -> int:
        """Serve on ``sock`` (from :meth:`bind`; None: bind now); return the port."""
        loop = self._loop = asyncio.get_running_loop()

        def protocol() -> asyncio.StreamReaderProtocol:
            # asyncio.start_server's factory, with a reader that bounds what it reads.
            reader = BoundedReader(loop=loop)
            reader.idle_timeout = self.idle_timeout
            return asyncio.StreamReaderProtocol(reader, self._accept, loop=loop)

        # asyncio listens on the socket again: give it the same backlog.
        self._server = await loop.create_server(
            protocol, sock=sock or self.bind(), backlog=self.max_connections
        )
        return self.port

    async def close(self) -> None:
        """Stop listening and end every open connection."""
        if self._server is not None:
            self._server.close()
        tasks = list(self._connections)
        for task in tasks:
            task.cancel()
        if tasks:
            await asyncio.gather(*tasks, return_exceptions=True)
        if self._server is not None:
            await self._server.wait_closed()
            self._server = None

    # --- connections -----------------------------------------------------------------
    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._connections.add(task)
        try:
            sock = writer.get_extra_info("socket")
            if sock is not None:
                # Small request/reply exchanges dominate; never let Nagle hold them back.
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            if len(self._connections) > self.max_connections:
                _send_fail(writer, f"too many connections (more than {self.max_connections})")
            elif (refusal := self._refusal(sock)) is not None:
                _send_fail(writer, refusal)  # nothing of theirs is answered, only this
            else:
                await self._serve(reader, writer)
            await _finish(reader, writer)
        except (TimeoutError, ClientCutOff) as exc:
            # Silent too long, not reading its answers, or sending more than a client
            # may: closed without reading further, so it costs nothing more.
            log.info("virtual adb server: client cut off (%s)", exc or "idle timeout")
            writer.transport.abort()
        except (OSError, asyncio.IncompleteReadError):
            pass  # the client went away (reset, timed out, half-gone): nothing to answer
        except asyncio.CancelledError:
            pass  # the server is stopping
        except Exception:
            log.exception("virtual adb server: connection failed")
        finally:
            writer.close()
            self._connections.discard(task)

    def _refusal(self, sock: socket.socket | None) -> str | None:
        """Why this client may not be served (another user's), or None."""
        if self.allow_other_users or self._uid is None or sock is None:
            return None
        uid = peer_uid(sock)
        if uid == self._uid:
            return None
        log.warning("virtual adb server: refused a connection of uid %s", uid)
        return (
            f"the virtual adb server serves only its own user (uid {self._uid}); "
            "start it with --allow-other-users to serve others"
        )

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        transport: Transport | None = None
        while True:
            try:
                request = await _read_request(reader)
            except _RequestError as exc:
                _send_fail(writer, str(exc))
                return
            if request is None:
                return
            try:
                if transport is None or request.startswith("host"):
                    switched = await self._host_request(request, transport, reader, writer)
                    if switched is None:
                        return
                    transport = switched
                else:
                    await self._device_service(request, transport, reader, writer)
                    return
            except _RequestError as exc:
                _send_fail(writer, str(exc))
                return

    # --- host services -----------------------------------------------------------------
    def _select(self, selector: str | int | None, current: Transport | None) -> Transport:
        """The phone a request names: a serial, a transport id, or None for the only one."""
        with self._lock:
            transports = list(self._transports.values())
        if isinstance(selector, int):
            for t in transports:
                if t.transport_id == selector:
                    return t
            raise _RequestError(f"no device with transport id '{selector}'")
        if isinstance(selector, str):
            for t in transports:
                if t.serial == selector:
                    return t
            raise _RequestError(f"device '{selector}' not found")
        if current is not None:
            return current
        if not transports:
            raise _RequestError("no devices/emulators found")
        if len(transports) > 1:
            raise _RequestError("more than one device/emulator")
        return transports[0]

    def _split_prefix(self, request: str) -> tuple[str | int | None, str]:
        """``host-serial:S:features`` -> (``S``, ``features``), and the other prefixes."""
        if request.startswith("host-serial:"):
            rest = request[len("host-serial:") :]
            # A serial may contain ':' (``127.0.0.1:5555``): prefer a known serial.
            for serial in sorted(self.serials(), key=len, reverse=True):
                if rest.startswith(serial + ":"):
                    return serial, rest[len(serial) + 1 :]
            serial, sep, service = rest.partition(":")
            if not sep:
                raise _RequestError(f"bad host-serial request {request!r}: no service after serial")
            return serial, service
        if request.startswith("host-transport-id:"):
            rest = request[len("host-transport-id:") :]
            number, sep, service = rest.partition(":")
            if not sep or not number.isdigit():
                raise _RequestError(f"bad host-transport-id request {request!r}")
            return int(number), service
        for prefix in ("host:", "host-usb:", "host-local:"):
            if request.startswith(prefix):
                return None, request[len(prefix) :]
        raise _RequestError(f"unknown host service {request!r}")

    async def _host_request(
        self,
        request: str,
        current: Transport | None,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
    ) -> Transport | None:
        """Answer a host request; return the phone switched to, or None when done."""
        selector, service = self._split_prefix(request)

        if service == "version":
            writer.write(_OKAY + _block(f"{ADB_SERVER_VERSION:04x}"))
            return None
        if service == "kill":
            # A shared, embedded server is not the client's to stop: acknowledge only.
            writer.write(_OKAY)
            return None
        if service in ("devices", "devices-l"):
            writer.write(_OKAY + _block(self._device_list(service == "devices-l")))
            return None
        if service in ("track-devices", "track-devices-l"):
            await self._track_devices(service == "track-devices-l", reader, writer)
            return None
        if service == "host-features":
            writer.write(_OKAY + _block(",".join(FEATURES)))
            return None
        if service == "list-forward":
            writer.write(_OKAY + _block(""))  # nothing is ever forwarded
            return None
        if service.startswith("connect:") or service.startswith("disconnect:"):
            target = service.partition(":")[2]
            writer.write(
                _OKAY
                + _block(
                    f"failed to connect to '{target}': the virtual device server "
                    "hosts only its own phones"
                )
            )
            return None
        if service.startswith(("transport", "tport:")):
            return self._switch(service, selector, current, writer)
        if service.startswith("wait-for-"):
            await self._wait_for(service, selector, current, reader, writer)
            return None

        if service not in _PHONE_HOST_SERVICES and not service.startswith(
            ("forward:", "killforward:")
        ):
            raise _RequestError(f"unknown host service '{service}'")
        transport = self._select(selector, current)
        if service == "features":
            writer.write(_OKAY + _block(",".join(FEATURES)))
        elif service == "get-state":
            writer.write(_OKAY + _block("device"))
        elif service == "get-serialno":
            writer.write(_OKAY + _block(transport.serial))
        elif service == "get-devpath":
            writer.write(_OKAY + _block("unknown"))
        elif service == "killforward-all":
            writer.write(_OKAY + _OKAY)  # the host's OKAY, then the status
        elif service.startswith("killforward:"):
            raise _RequestError(f"listener '{service.partition(':')[2]}' not found")
        else:  # forward:[norebind:]LOCAL;REMOTE
            spec = service[len("forward:") :].removeprefix("norebind:")
            raise _RequestError(
                f"cannot bind listener: the virtual phone {transport.serial} has no network "
                f"services to forward to ({spec})"
            )
        return None

    def _switch(
        self,
        service: str,
        selector: str | int | None,
        current: Transport | None,
        writer: asyncio.StreamWriter,
    ) -> Transport:
        """``transport:S``, ``transport-id:N``, ``tport:serial:S``... -> OKAY [+ 8-byte id]."""
        tport = service.startswith("tport:")
        kind = service[len("tport:") :] if tport else service
        if kind.startswith(("transport:", "serial:")):
            selector = kind.partition(":")[2]
        elif kind.startswith("transport-id:") or kind.startswith("id:"):
            number = kind.partition(":")[2]
            if not number.isdigit():
                raise _RequestError("invalid transport id")
            selector = int(number)
        elif kind in ("transport-any", "transport-usb", "transport-local", "any", "usb", "local"):
            pass  # keep the prefix's selector (usually none: the only phone)
        else:
            raise _RequestError(f"unknown host service '{service}'")
        transport = self._select(selector, current)
        reply = _OKAY + (struct.pack("<Q", transport.transport_id) if tport else b"")
        writer.write(reply)
        return transport

    async def _wait_for(
        self,
        service: str,
        selector: str | int | None,
        current: Transport | None,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
    ) -> None:
        """``wait-for-TRANSPORT-STATE``: OKAY when a phone is there (it is always ready)."""
        state = service.rsplit("-", 1)[-1]
        if state not in ("device", "any"):
            raise _RequestError(f"a virtual phone never reaches state '{state}'")
        queue: asyncio.Queue[None] = asyncio.Queue()
        self._trackers.add(queue)
        gone = asyncio.ensure_future(_drain_input(reader))  # a client may give up waiting
        try:
            while not gone.done():
                try:
                    self._select(selector, current)
                except _RequestError:
                    waiter = asyncio.ensure_future(queue.get())
                    await asyncio.wait({waiter, gone}, return_when=asyncio.FIRST_COMPLETED)
                    waiter.cancel()
                    continue
                writer.write(_OKAY + _OKAY)
                return
        finally:
            self._trackers.discard(queue)
            gone.cancel()

    def _device_list(self, long: bool) -> str:
        lines = []
        for t in self.transports():
            if long:
                lines.append(
                    f"{t.serial:<22} device product:{t.product} model:{t.model} "
                    f"device:{t.device} transport_id:{t.transport_id}\n"
                )
            else:
                lines.append(f"{t.serial}\tdevice\n")
        return "".join(lines)

    async def _track_devices(
        self, long: bool, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> None:
        """Send the device list now and again on every change, until the client leaves."""
        queue: asyncio.Queue[None] = asyncio.Queue()
        self._trackers.add(queue)
        gone = asyncio.ensure_future(_drain_input(reader))
        try:
            writer.write(_OKAY)
            last = None
            while not gone.done():
                listing = self._device_list(long)
                if listing != last:
                    writer.write(_block(listing))
                    await drain(writer, reader)
                    last = listing
                waiter = asyncio.ensure_future(queue.get())
                await asyncio.wait({waiter, gone}, return_when=asyncio.FIRST_COMPLETED)
                waiter.cancel()
        finally:
            self._trackers.discard(queue)
            gone.cancel()

    # --- device services ---------------------------------------------------------------
    async def _device_service(
        self,
        service: str,
        transport: Transport,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
    ) -> None:
        name, _, argument = service.partition(":")
        head, *options = name.split(",")
        phone = transport.phone
        if head == "shell" and "v2" in options:
            pty = "raw" not in options  # adb asks for a pty unless told raw
            await self._shell_v2(transport, argument, pty, reader, writer)
        elif head == "shell" or (head == "exec" and not options):
            await self._shell_raw(transport, argument, reader, writer)
        elif service == "sync:":
            writer.write(_OKAY)
            await _SyncSession(phone, reader, writer).run()
        elif service == "reverse:list-forward":
            writer.write(_OKAY + _block(""))
        elif service == "reverse:killforward-all":
            writer.write(_OKAY + _OKAY)
        elif service.startswith("reverse:"):
            raise _RequestError(
                f"the virtual phone {transport.serial} cannot reverse-forward ({service})"
            )
        elif service == "root:":
            writer.write(_OKAY + b"adbd is already running as root\n")
        else:
            raise _RequestError(f"unknown device service '{service}' on {transport.serial}")

    async def _run(
        self, transport: Transport, command: str, stop: threading.Event | None = None
    ) -> ShellOutcome:
        """Run ``command`` on the phone's worker threads.

        When the connection ends first (the server stopping, or ``stop`` set because
        the client left), the command's waits end and the rest of its command line is
        skipped, as a hung-up shell's would be (see :mod:`droidhub.virtual.interrupt`),
        so its thread is free again.
        """
        loop = asyncio.get_running_loop()
        stop = stop or threading.Event()
        try:
            return await loop.run_in_executor(
                transport.executor or self._executor,
                _shell_or_report,
                transport.phone,
                command,
                stop,
            )
        except asyncio.CancelledError:
            stop.set()
            raise

    async def _shell_raw(
        self,
        transport: Transport,
        command: str,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
    ) -> None:
        """``shell:CMD`` / ``exec:CMD``: output bytes unaltered, then close.

        Without the shell protocol stdout and stderr share the stream, as on a device
        (see :func:`_merged`). An empty command is an interactive session: each line of
        input is a command.
        """
        writer.write(_OKAY)
        if command.strip():
            outcome = await self._run(transport, command)
            writer.write(_merged(outcome))
            return
        prompt = f"{transport.serial}:/ # ".encode()
        writer.write(prompt)
        while line := await reader.readline():
            text = line.decode("utf-8", "replace").strip()
            if text == "exit":
                return
            if text:
                outcome = await self._run(transport, text)
                writer.write(_merged(outcome))
            writer.write(prompt)
            await drain(writer, reader)

    async def _shell_v2(
        self,
        transport: Transport,
        command: str,
        pty: bool,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
    ) -> None:
        """``shell,v2,...:CMD``: stdout, stderr and the exit code in shell-protocol packets."""
        writer.write(_OKAY)
        if not command.strip():
            await self._shell_v2_interactive(transport, pty, reader, writer)
            return
        # The client may send stdin packets (or just close stdin): commands here read
        # no input, so take them off the socket and drop them, up to a bound; beyond
        # it the client waits, as a process that reads no stdin makes its writer wait.
        stdin = asyncio.ensure_future(_drain_input(reader, limit=MAX_LINE))
        # Shell-protocol clients end stdin with a packet, not by closing: the end of
        # the connection means the client left, and nobody waits for the command.
        left = threading.Event()
        stdin.add_done_callback(lambda task: _set_if_gone(task, left))
        try:
            outcome = await self._run(transport, command, left)
        finally:
            stdin.cancel()
        writer.write(
            _shell_packets(_SHELL_STDOUT, outcome.stdout)
            + _shell_packets(_SHELL_STDERR, outcome.stderr)
            + _SHELL_HEADER.pack(_SHELL_EXIT, 1)
            + bytes([outcome.exit_code & 0xFF])
        )

    async def _shell_v2_interactive(
        self,
        transport: Transport,
        pty: bool,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
    ) -> None:
        """``adb shell`` with no command: run each line of stdin, until ``exit`` or EOF.

        On a terminal (pty) the session behaves like one: a prompt, typed keys echoed,
        backspace, Ctrl-C drops the line, Ctrl-D on an empty line ends, and both
        streams arrive as terminal output with CR LF line ends. Piped input (raw) gets
        no prompt and no echo, as sh gives.
        """
        editor = _LineEditor(pty)
        prompt = f"{transport.serial}:/ # ".encode() if pty else b""
        writer.write(_shell_packets(_SHELL_STDOUT, prompt))
        exit_code = 0
        while True:
            try:
                kind, length = _SHELL_HEADER.unpack(await reader.readexactly(_SHELL_HEADER.size))
                data = await reader.readexactly(length)
            except asyncio.IncompleteReadError:
                break
            if kind == _SHELL_CLOSE_STDIN:
                break
            if kind != _SHELL_STDIN:
                continue  # window size changes and the like mean nothing here
            echo, lines, ended = editor.feed(data)
            writer.write(_shell_packets(_SHELL_STDOUT, echo))
            for line in lines:
                text = line.decode("utf-8", "replace").strip()
                if text == "exit":
                    ended = True
                    break
                if text:
                    outcome = await self._run(transport, text)
                    exit_code = outcome.exit_code & 0xFF
                    if pty:  # one terminal: both streams are its output
                        shown = _merged(outcome).replace(b"\n", b"\r\n")
                        writer.write(_shell_packets(_SHELL_STDOUT, shown))
                    else:
                        writer.write(
                            _shell_packets(_SHELL_STDOUT, outcome.stdout)
                            + _shell_packets(_SHELL_STDERR, outcome.stderr)
                        )
                writer.write(_shell_packets(_SHELL_STDOUT, prompt))
            await drain(writer, reader)
            if ended:
                break
        last = editor.pending.decode("utf-8", "replace").strip()
        if last and not pty and last != "exit":  # a last line without newline
            outcome = await self._run(transport, last)
            exit_code = outcome.exit_code & 0xFF
            writer.write(
                _shell_packets(_SHELL_STDOUT, outcome.stdout)
                + _shell_packets(_SHELL_STDERR, outcome.stderr)
            )
        writer.write(_SHELL_HEADER.pack(_SHELL_EXIT, 1) + bytes([exit_code]))


class _LineEditor:
    """Turns typed bytes into command lines, as a terminal's line discipline would."""

    def __init__(self, pty: bool) -> None:
        self.pty = pty
        self.pending = bytearray()

    def feed(self, data: bytes) -> tuple[bytes, list[bytes], bool]:
        """Return what to echo, the lines completed, and whether input ended (Ctrl-D)."""
        echo = bytearray()
        lines: list[bytes] = []
        for byte in data:
            char = bytes([byte])
            if char in (b"\r", b"\n"):
                lines.append(bytes(self.pending))
                self.pending.clear()
                echo += b"\r\n"
            elif not self.pty:
                self.pending += char
            elif char in (b"\x7f", b"\x08"):
                if self.pending:
                    del self.pending[-1]
                    echo += b"\b \b"
            elif char == b"\x03":  # Ctrl-C: forget the line, prompt again
                self.pending.clear()
                lines.append(b"")
                echo += b"^C\r\n"
            elif char == b"\x04" and not self.pending:  # Ctrl-D on an empty line
                return bytes(echo), lines, True
            else:
                self.pending += char
                echo += char
            if len(self.pending) > MAX_LINE:
                raise ClientCutOff(f"a command line longer than {MAX_LINE} bytes")
        return (bytes(echo) if self.pty else b""), lines, False


# --- sync ---------------------------------------------------------------------------------
class _SyncSession:
    """One ``sync:`` connection: requests until QUIT or end of input.

    adbutils sends one request per connection and never QUIT; the stock client sends
    several and QUIT. Each STAT reply and each listing entry goes out in one write,
    since adbutils reads them with a single ``recv``.
    """

    def __init__(
        self, phone: Phone, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> None:
        self.phone = phone
        self.reader = reader
        self.writer = writer

    async def run(self) -> None:
        while True:
            header = await _read_exact_or_eof(self.reader, _SYNC_REQUEST.size)
            if header is None:
                return
            ident, length = _SYNC_REQUEST.unpack(header)
            if ident == b"QUIT":
                return
            if length > SYNC_PATH_MAX:
                self._fail(f"path too long ({length} bytes; at most {SYNC_PATH_MAX})")
                return
            path = (await self.reader.readexactly(length)).decode("utf-8", "surrogateescape")
            if ident == b"STAT":
                self.writer.write(self._stat_v1(path))
            elif ident in (b"STA2", b"LST2"):
                self.writer.write(self._stat_v2(ident, path))
            elif ident in (b"LIST", b"LIS2"):
                await self._list(path, v2=ident == b"LIS2")
            elif ident == b"SEND":
                if not await self._send(path):
                    return
            elif ident == b"RECV":
                if not await self._recv(path):
                    return
            else:
                self._fail(f"unknown sync command {ident!r}")
                return
            # A client that pipelines requests without reading the answers is cut off
            # once they pile up, instead of having them buffered without end.
            await drain(self.writer, self.reader)

    def _fail(self, message: str) -> None:
        data = message.encode()
        self.writer.write(_SYNC_DATA.pack(b"FAIL", len(data)) + data)

    def _host(self, android_path: str) -> Path:
        return self.phone.host_path(
            android_path if android_path.startswith("/") else "/" + android_path
        )

    def _stat_v1(self, path: str) -> bytes:
        try:
            st = os.lstat(self._host(path))
        except (OSError, ValueError):
            return _STAT_V1.pack(b"STAT", 0, 0, 0)
        return _STAT_V1.pack(
            b"STAT", _android_mode(path, st.st_mode), st.st_size & 0xFFFFFFFF, _u32(st.st_mtime)
        )

    def _stat_v2(self, ident: bytes, path: str) -> bytes:
        try:
            host = self._host(path)
            st = os.lstat(host) if ident == b"LST2" else os.stat(host)
        except OSError as exc:
            return _STAT_V2.pack(ident, exc.errno or errno.EIO, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        except ValueError:
            return _STAT_V2.pack(ident, errno.ENOENT, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        return _stat_v2_fields(ident, path, st)

    async def _list(self, path: str, v2: bool) -> None:
        entry = _DENT_V2 if v2 else _DENT_V1
        try:
            host = self._host(path)
            names = [".", "..", *sorted(os.listdir(host))]
        except (OSError, ValueError):
            names, host = [], Path("/nonexistent")
        for name in names:
            child = path.rstrip("/") + "/" + name
            try:
                st = os.lstat(host / name)
            except OSError:
                continue  # vanished while listing
            raw = name.encode("utf-8", "surrogateescape")
            mode = _android_mode(child, st.st_mode)
            if v2:
                head = _DENT_V2.pack(
                    b"DNT2",
                    0,
                    st.st_dev,
                    st.st_ino,
                    mode,
                    st.st_nlink,
                    *_owner(child),
                    st.st_size,
                    int(st.st_atime),
                    int(st.st_mtime),
                    int(st.st_ctime),
                    len(raw),
                )
            else:
                head = _DENT_V1.pack(
                    b"DENT", mode, st.st_size & 0xFFFFFFFF, _u32(st.st_mtime), len(raw)
                )
            self.writer.write(head + raw)
        self.writer.write(b"DONE" + bytes(entry.size - 4))
        await drain(self.writer, self.reader)

    async def _send(self, spec: str) -> bool:
        """SEND ``path,mode``: DATA chunks, then DONE with the mtime; answer OKAY."""
        path, comma, mode_text = spec.rpartition(",")
        if not comma:
            self._fail(f"missing , in SEND request {spec!r}")
            return False
        mode = _parse_mode(mode_text)
        if mode is None:
            self._fail(f"bad mode {mode_text!r} in SEND request")
            return False
        if stat.S_ISLNK(mode):
            await self._discard_data()
            self._fail(f"symbolic links cannot be pushed to the virtual phone ({path})")
            return False
        perms = mode & 0o777
        perms |= (perms >> 3) & 0o070
        perms |= (perms >> 3) & 0o007
        try:
            host = self._host(path)
            if host.is_dir():
                raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR))
            host.parent.mkdir(parents=True, exist_ok=True)
            out = open(host, "wb")  # noqa: SIM115  (closed in the finally below)
        except (OSError, ValueError) as exc:
            await self._discard_data()
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            self._fail(f"couldn't create file: {reason}")
            return False
        complete = False
        try:
            while True:
                ident, size = _SYNC_DATA.unpack(await self.reader.readexactly(_SYNC_DATA.size))
                if ident == b"DONE":
                    mtime = size
                    break
                if ident != b"DATA":
                    self._fail(f"invalid data message {ident!r}")
                    return False
                if size > SYNC_DATA_MAX:
                    self._fail(f"oversize data message ({size} bytes; at most {SYNC_DATA_MAX})")
                    return False
                out.write(await self.reader.readexactly(size))
            complete = True
        finally:
            out.close()
            if not complete:
                # As adbd: a transfer that did not finish leaves no partial file behind.
                with contextlib.suppress(OSError):
                    host.unlink()
        with contextlib.suppress(OSError):
            os.chmod(host, perms | 0o600)  # the sandbox must stay readable to the phone
            os.utime(host, (mtime, mtime))
        self.writer.write(_SYNC_DATA.pack(b"OKAY", 0))
        return True

    async def _discard_data(self) -> None:
        """After a failed SEND, swallow the client's DATA until DONE (as adbd does)."""
        while True:
            ident, size = _SYNC_DATA.unpack(await self.reader.readexactly(_SYNC_DATA.size))
            if ident != b"DATA" or size > SYNC_DATA_MAX:
                return
            await self.reader.readexactly(size)

    async def _recv(self, path: str) -> bool:
        """RECV: the file in DATA chunks, then DONE; FAIL if it cannot be read."""
        try:
            host = self._host(path)
            if host.is_dir():
                self._fail(f"read failed: {os.strerror(errno.EISDIR)}")
                return False
            source = open(host, "rb")  # noqa: SIM115  (closed by the with below)
        except OSError as exc:
            self._fail(f"open failed: {exc.strerror or exc}")
            return False
        except ValueError as exc:
            self._fail(f"open failed: {exc}")
            return False
        with source:
            while chunk := source.read(SYNC_DATA_MAX - _SYNC_DATA.size):
                self.writer.write(_SYNC_DATA.pack(b"DATA", len(chunk)) + chunk)
                await drain(self.writer, self.reader)
        self.writer.write(_SYNC_DATA.pack(b"DONE", 0))
        return True


# --- helpers ---------------------------------------------------------------------------
def _block(text: str) -> bytes:
    """A length-prefixed string: four hex digits, then the bytes."""
    data = text.encode()
    return f"{len(data):04x}".encode() + data


@dataclass(frozen=True)
class _Failure:
    """The outcome reported when the phone itself raised while running a command."""

    stdout: bytes
    stderr: bytes
    exit_code: int


def _shell_or_report(phone: Phone, command: str, stop: threading.Event) -> ShellOutcome:
    """Run ``command``; a phone that raises answers on stderr with exit status 255.

    The client then sees that the phone failed instead of a connection that just ends;
    the server log has the traceback. The client never gets the exception's text: it
    may hold host paths (the sandbox folder) that are not the client's to see.
    """
    try:
        with interruptible(stop):
            return phone.shell(command)
    except Exception:
        log.exception("virtual phone failed on %r", command)
        message = "/system/bin/sh: internal error in the virtual phone (see the server log)\n"
        return _Failure(b"", message.encode(), 255)


def _merged(outcome: ShellOutcome) -> bytes:
    """Both streams as one, for services without the shell protocol.

    A phone that knows the order its command wrote in gives it as ``output``. Otherwise
    stderr goes first: clients of plain ``shell:`` append ``; echo MARKER$?`` to learn
    the exit code (adbutils' ``shell2``), and the marker must stay last to be found.
    """
    output = getattr(outcome, "output", None)
    if isinstance(output, bytes):
        return output
    return outcome.stderr + outcome.stdout


def _send_fail(writer: asyncio.StreamWriter, message: str) -> None:
    writer.write(_FAIL + _block(message))


async def _read_request(reader: asyncio.StreamReader) -> str | None:
    """One framed request, or None when the client closed before sending one."""
    head = await _read_exact_or_eof(reader, 4)
    if head is None:
        return None
    text = head.decode("ascii", "replace")
    if not all(c in "0123456789abcdefABCDEF" for c in text):
        raise _RequestError(f"bad length prefix {text!r}: expected four hex digits")
    length = int(text, 16)
    if length == 0:
        raise _RequestError("empty request: expected a service name such as host:version")
    body = await reader.readexactly(length)
    try:
        return body.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _RequestError(f"request is not UTF-8: {body[:40]!r}") from exc


async def _read_exact_or_eof(reader: asyncio.StreamReader, n: int) -> bytes | None:
    """``n`` bytes, or None at a clean end of input (EOF before the first byte)."""
    try:
        return await reader.readexactly(n)
    except asyncio.IncompleteReadError as exc:
        if exc.partial:
            raise
        return None


def _set_if_gone(task: asyncio.Future[bool], event: threading.Event) -> None:
    """Set ``event`` when ``task`` (a :func:`_drain_input`) saw the client leave."""
    if task.cancelled():
        return
    if task.exception() is not None or task.result():  # reset, or the end of input
        event.set()


async def _drain_input(reader: asyncio.StreamReader, limit: int | None = None) -> bool:
    """Read and drop input until the client closes its side (True) or ``limit`` bytes
    came (False).

    The client may stay silent meanwhile: listeners and running commands wait for
    the server, not the other way round, so no idle timeout applies.
    """
    read = reader.read_untimed if isinstance(reader, BoundedReader) else reader.read
    taken = 0
    while data := await read(65536):
        taken += len(data)
        if limit is not None and taken >= limit:
            return False  # read no more: the client now waits, as on a full pipe
    return True


async def _finish(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    """End a connection politely: flush, half-close, let the client close first."""
    await drain(writer, reader)
    if writer.can_write_eof():
        writer.write_eof()
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(_drain_input(reader), _LINGER_S)


def _shell_packets(kind: int, data: bytes, chunk: int = SYNC_DATA_MAX) -> bytes:
    return b"".join(
        _SHELL_HEADER.pack(kind, len(data[i : i + chunk])) + data[i : i + chunk]
        for i in range(0, len(data), chunk)
    )


def _parse_mode(text: str) -> int | None:
    """A mode as C's ``strtoul(text, 0)`` reads it: ``0x..`` hex, ``0..`` octal, decimal."""
    text = text.strip()
    try:
        if text.lower().startswith("0x"):
            return int(text, 16)
        if text.startswith("0") and len(text) > 1:
            return int(text, 8)
        return int(text, 10)
    except ValueError:
        return None


def _u32(value: float) -> int:
    return int(value) & 0xFFFFFFFF


def _on_shared_storage(android_path: str) -> bool:
    return android_path.startswith(("/sdcard", "/storage/", "/mnt/sdcard"))


def _android_mode(android_path: str, host_mode: int) -> int:
    """The mode Android would report: shared storage is ``drwxrws---`` / ``-rw-rw----``."""
    if _on_shared_storage(android_path):
        if stat.S_ISDIR(host_mode):
            return stat.S_IFDIR | 0o2770
        if stat.S_ISREG(host_mode):
            return stat.S_IFREG | 0o660
    return host_mode


def _owner(android_path: str) -> tuple[int, int]:
    """uid/gid as Android shows them: root, with media_rw's group on shared storage."""
    return (0, 1023) if _on_shared_storage(android_path) else (0, 0)


def _stat_v2_fields(ident: bytes, path: str, st: os.stat_result) -> bytes:
    return _STAT_V2.pack(
        ident,
        0,
        st.st_dev,
        st.st_ino,
        _android_mode(path, st.st_mode),
        st.st_nlink,
        *_owner(path),
        st.st_size,
        int(st.st_atime),
        int(st.st_mtime),
        int(st.st_ctime),
    )


__all__: Sequence[str] = [
    "ADB_SERVER_VERSION",
    "FEATURES",
    "AdbServer",
    "Phone",
    "ShellOutcome",
    "Transport",
]
