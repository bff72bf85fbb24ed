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
import contextvars
import itertools
import logging
import os
import socket
import struct
import threading
from collections.abc import Sequence
from concurrent.futures import Executor
from typing import Any

from droidhub.virtual.adb_services import (
    FEATURES,
    answer_device_service,
    answer_phone_host_service,
    device_list,
    is_phone_host_service,
)
from droidhub.virtual.adb_shell_service import ShellService
from droidhub.virtual.adb_wire import (
    OKAY,
    Phone,
    RequestError,
    ShellOutcome,
    Transport,
    block,
    drain_input,
    finish,
    read_request,
    send_fail,
)
from droidhub.virtual.connection import (
    DEFAULT_IDLE_TIMEOUT,
    BoundedReader,
    ClientCutOff,
    another_users_client,
    drain,
    is_loopback,
)
from droidhub.virtual.peers import Client, Clients, connection_budget

log = logging.getLogger(__name__)

#: What ``host:version`` answers. Clients of adb 29 to 36 expect exactly this.
ADB_SERVER_VERSION = 41


#: The connection the running task serves (each connection's task has its own).
_CLIENT: contextvars.ContextVar[Client | None] = contextvars.ContextVar("client", default=None)


class AdbServer:
    """An adb server on ``host:port`` (0: any free port) serving attached phones.

    :meth:`start` and :meth:`close` run on the asyncio loop that serves
    connections; :meth:`attach` and :meth:`detach` may be called from any thread.
    ``executor`` runs the (blocking) shell commands of phones attached without an
    executor of their own. ``host`` must be a loopback address. Connections are bounded
    as :mod:`droidhub.virtual.connection` says: ``idle_timeout`` seconds (None: never)
    of silence or unread answers end one; unless ``allow_other_users``, only the uid
    running the server may connect. At most ``max_connections`` (fewer if the file
    descriptor limit says so) are open at once; past that the oldest idle ones of the
    process holding the most are closed for the new one (:mod:`droidhub.virtual.peers`).
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
        self._shells = ShellService(executor)
        self._lock = threading.Lock()
        self._transports: dict[str, Transport] = {}
        self._ids = itertools.count(1)
        self._server: asyncio.Server | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._connections: set[asyncio.Task[None]] = set()
        self._clients = Clients(connection_budget(max_connections))
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
        await self._end_connections()
        if self._server is not None:
            await self._server.wait_closed()
            self._server = None
        # A connection the listener took just before it closed gets its task only now:
        # it is ended too, rather than left pending when the loop stops.
        await self._end_connections()

    async def _end_connections(self) -> None:
        """Cancel every connection's task and wait for them, until none is left."""
        while self._connections:
            tasks = list(self._connections)
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            self._connections.difference_update(tasks)

    # --- connections -----------------------------------------------------------------
    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._connections.add(task)
        client = self._clients.add(writer)
        _CLIENT.set(client)
        try:
            # (asyncio's TCP transports set TCP_NODELAY: Nagle never holds a reply back.)
            sock = writer.get_extra_info("socket")
            if not await self._clients.make_room(client):
                send_fail(writer, f"too many connections (more than {self._clients.limit})")
            elif (refusal := self._refusal(sock)) is not None:
                send_fail(writer, refusal)  # nothing of theirs is answered, only this
            else:
                await self._serve(reader, writer)
            await finish(reader, writer)
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
            self._clients.remove(client)

    def _refusal(self, sock: socket.socket | None) -> str | None:
        """Why this client may not be served (another user's), or None."""
        if not another_users_client(sock, self.allow_other_users):
            return None
        return (
            f"the virtual adb server serves only its own user (uid {os.getuid()}); "
            "start it with --allow-other-users to serve others"
        )

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        transport: Transport | None = None
        while True:
            _idle(True)
            try:
                request = await read_request(reader)
            except RequestError as exc:
                send_fail(writer, str(exc))
                return
            if request is None:
                return
            _idle(False)
            try:
                if transport is None or request.startswith("host"):
                    switched = await self._host_request(request, transport, reader, writer)
                    if switched is None:
                        return
                    transport = switched
                else:
                    await answer_device_service(self._shells, request, transport, reader, writer)
                    return
            except RequestError as exc:
                send_fail(writer, str(exc))
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
            raise RequestError(f"no device with transport id '{selector}'")
        if isinstance(selector, str):
            for t in transports:
                if t.serial == selector:
                    return t
            raise RequestError(f"device '{selector}' not found")
        if current is not None:
            return current
        if not transports:
            raise RequestError("no devices/emulators found")
        if len(transports) > 1:
            raise RequestError("more than one device/emulator")
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
                raise RequestError(f"bad host-serial request {request!r}: no service after serial")
            return serial, service
        if request.startswith("host-transport-id:"):
            rest = request[len("host-transport-id:") :]
            number, sep, service = rest.partition(":")
            if not sep or not number.isdigit():
                raise RequestError(f"bad host-transport-id request {request!r}")
            return int(number), service
        for prefix in ("host:", "host-usb:", "host-local:"):
            if request.startswith(prefix):
                return None, request[len(prefix) :]
        raise RequestError(f"unknown host service {request!r}")

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
            writer.write(OKAY + block(f"{ADB_SERVER_VERSION:04x}"))
            return None
        if service == "kill":
            # A shared, embedded server is not the client's to stop: acknowledge only.
            writer.write(OKAY)
            return None
        if service in ("devices", "devices-l"):
            writer.write(OKAY + block(device_list(self.transports(), service == "devices-l")))
            return None
        if service in ("track-devices", "track-devices-l"):
            await self._track_devices(service == "track-devices-l", reader, writer)
            return None
        if service == "host-features":
            writer.write(OKAY + block(",".join(FEATURES)))
            return None
        if service == "list-forward":
            writer.write(OKAY + block(""))  # nothing is ever forwarded
            return None
        if service.startswith("connect:") or service.startswith("disconnect:"):
            target = service.partition(":")[2]
            writer.write(
                OKAY
                + block(
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

        if not is_phone_host_service(service):
            raise RequestError(f"unknown host service '{service}'")
        answer_phone_host_service(service, self._select(selector, current), writer)
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
                raise RequestError("invalid transport id")
            selector = int(number)
        elif kind in ("transport-any", "transport-usb", "transport-local", "any", "usb", "local"):
            pass  # keep the prefix's selector (usually none: the only phone)
        else:
            raise RequestError(f"unknown host service '{service}'")
        transport = self._select(selector, current)
        reply = OKAY + (struct.pack("<Q", transport.transport_id) if tport else b"")
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
            raise RequestError(f"a virtual phone never reaches state '{state}'")
        queue: asyncio.Queue[None] = asyncio.Queue()
        self._trackers.add(queue)
        _idle(True)  # a listener waits for news: it may give way to a new client
        gone = asyncio.ensure_future(drain_input(reader))  # a client may give up waiting
        try:
            while not gone.done():
                try:
                    self._select(selector, current)
                except RequestError:
                    await _news(queue, gone)
                    continue
                writer.write(OKAY + OKAY)
                return
        finally:
            self._trackers.discard(queue)
            gone.cancel()

    async def _track_devices(
        self, long: bool, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> None:
        """Send the device list now and again on every change, until the client leaves."""
        queue: asyncio.Queue[None] = asyncio.Queue()
        self._trackers.add(queue)
        _idle(True)
        gone = asyncio.ensure_future(drain_input(reader))
        try:
            writer.write(OKAY)
            last = None
            while not gone.done():
                listing = device_list(self.transports(), long)
                if listing != last:
                    writer.write(block(listing))
                    await drain(writer, reader)
                    last = listing
                await _news(queue, gone)
        finally:
            self._trackers.discard(queue)
            gone.cancel()


async def _news(queue: asyncio.Queue[None], gone: asyncio.Future[bool]) -> None:
    """Wait for a change of the device list, or for the client to leave."""
    waiter = asyncio.ensure_future(queue.get())
    either: set[asyncio.Future[Any]] = {waiter, gone}
    try:
        await asyncio.wait(either, return_when=asyncio.FIRST_COMPLETED)
    finally:
        # Also when the server stops (cancelled): a waiter left pending would be torn
        # down after the loop closed.
        waiter.cancel()


def _idle(idle: bool) -> None:
    """Mark the connection this task serves as idle (waiting for its client) or busy."""
    client = _CLIENT.get()
    if client is not None:
        client.idle = idle


__all__: Sequence[str] = [
    "ADB_SERVER_VERSION",
    "FEATURES",
    "AdbServer",
    "Phone",
    "ShellOutcome",
    "Transport",
]
