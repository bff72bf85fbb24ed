"""Who holds the virtual adb server's connections, and which give way when it is full.

The server serves at most a fixed number of connections at once (it bounds file
descriptors). Were the next client simply refused at that point, one client holding
them all (4,200 idle connections opened in a loop) would lock every other client out,
the run's own included, until the idle timeout. So a full server makes room instead:

- a **peer** is the process that owns the client's socket. Every client is on loopback,
  so the address tells nothing and the uid (the server serves only its own user) tells
  nothing either; the process does. On Linux it is found from ``/proc/net/tcp`` (the
  socket's inode) and ``/proc/*/fd`` (who holds that inode), looked up only when the
  server is full, for the connections not yet known. Elsewhere, or when the owner
  cannot be found, the peer is the client's uid (else its address), so a full server
  still makes room, from the oldest idle connections first;
- when full, connections are closed, :data:`EVICT_FRACTION` of the limit at a time (so
  one lookup serves many new clients), for one newcomer at a time (so a crowd of
  newcomers of one peer cannot push others out): each time the oldest **idle** connection
  (waiting for its next request, or a listener such as ``host:track-devices``) of the
  peer holding the most connections. Should that peer hold no idle one, its oldest
  connection goes (a running command ends as if its client had left), unless it holds
  only that one. The new connection is never the one closed.

So a new client is always served, unless every connection belongs to a peer holding a
single busy one, or newcomers pile up past seven eighths of the process's descriptor
limit faster than owners can be looked up: then it is refused, ``too many connections``.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import math
import os
import resource
import time
from collections import Counter
from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field

from droidhub.virtual.connection import norm_address, peer_uid, socket_inodes

log = logging.getLogger(__name__)

#: The share of the limit closed when the server is full: enough that the next
#: connections are served without looking up owners again.
EVICT_FRACTION = 1 / 32


@dataclass(eq=False)
class Client:
    """One connection of the server: who holds it, since when, and whether it is idle."""

    writer: asyncio.StreamWriter
    number: int
    #: The client's end ``(host, port)`` and the server's, None when unknown.
    address: tuple[str, int] | None
    server_address: tuple[str, int] | None
    #: Waiting for the client (its next request, or a listener waiting for news).
    idle: bool = True
    #: Let in by :meth:`Clients.make_room`; one still waiting for that is never closed
    #: to make room for another.
    admitted: bool = False
    #: The peer holding it (``("pid", N)``, ``("uid", N)``, ``("host", ADDR)``); None
    #: until looked up.
    peer: Hashable | None = field(default=None)

    def close(self) -> None:
        """Close the connection at once; its task ends as when a client leaves."""
        with contextlib.suppress(Exception):
            self.writer.transport.abort()


class Clients:
    """The server's connections, at most ``limit`` of them once :meth:`make_room` ran."""

    def __init__(self, limit: int, ceiling: float | None = None) -> None:
        self.limit = limit
        #: Connections held at most, those waiting to be let in included.
        self.ceiling = ceiling if ceiling is not None else descriptor_ceiling()
        self._clients: dict[int, Client] = {}
        self._numbers = itertools.count()
        self._making_room = asyncio.Lock()
        self._warned_at = -math.inf

    @property
    def batch(self) -> int:
        """How many connections one lookup closes: :data:`EVICT_FRACTION` of the limit,
        at least 16 (a quarter of a small limit)."""
        return max(1, min(self.limit // 4, max(int(self.limit * EVICT_FRACTION), 16)))

    def __len__(self) -> int:
        return len(self._clients)

    def add(self, writer: asyncio.StreamWriter) -> Client:
        """Register a new connection."""
        sock = writer.get_extra_info("socket")
        address = server = None
        if sock is not None:
            with contextlib.suppress(OSError, TypeError, ValueError):
                address = _norm(sock.getpeername())
                server = _norm(sock.getsockname())
        client = Client(writer, next(self._numbers), address, server)
        self._clients[client.number] = client
        return client

    def remove(self, client: Client) -> None:
        """Forget a connection that ended."""
        self._clients.pop(client.number, None)

    async def make_room(self, newcomer: Client) -> bool:
        """When over the limit, close connections as the module says; whether there is
        room for ``newcomer`` now."""
        if len(self._clients) <= self.limit:
            newcomer.admitted = True
            return True
        if len(self._clients) > self.ceiling:
            # Newcomers arrive faster than owners can be looked up, and descriptors run
            # short: refuse rather than have accept() fail for everyone.
            return False
        async with self._making_room:  # one newcomer at a time; one lookup serves many
            admitted = [c for c in self._clients.values() if c.admitted]
            # Room for this newcomer only: the others waiting here are let in (or not)
            # each in turn, so a crowd of one peer's newcomers cannot push others out.
            excess = len(admitted) + 1 - self.limit
            if excess <= 0:
                newcomer.admitted = True
                return True
            await self._identify(admitted)
            victims = choose_victims(admitted, max(excess, self.batch))
            if not victims:
                return False
            self._report(victims)
            for victim in victims:
                victim.close()
                self.remove(victim)  # its task removes it again when it ends: harmless
            newcomer.admitted = True
            return True

    def _report(self, victims: list[Client]) -> None:
        """Log who gave way: a warning a minute at most (a flood evicts all the time)."""
        now = time.monotonic()
        level = logging.WARNING if now - self._warned_at >= 60 else logging.DEBUG
        if level == logging.WARNING:
            self._warned_at = now
        holders = Counter(v.peer for v in victims)
        log.log(
            level,
            "virtual adb server: at its limit of %d connections; closed %d, oldest idle "
            "first, of the peers holding the most: %s",
            self.limit,
            len(victims),
            ", ".join(f"{_describe(p)} ({n})" for p, n in holders.most_common()),
        )

    async def _identify(self, clients: Iterable[Client]) -> None:
        unknown = [c for c in clients if c.peer is None]
        if not unknown:
            return
        pairs = [
            (c.address, c.server_address)
            for c in unknown
            if c.address is not None and c.server_address is not None
        ]
        # Off the loop: reading every process's descriptors must not stall the clients.
        pids = await asyncio.get_running_loop().run_in_executor(None, owning_processes, pairs)
        for client in unknown:
            pid = pids.get(client.address) if client.address is not None else None
            if pid is not None:
                client.peer = ("pid", pid)
                continue
            sock = client.writer.get_extra_info("socket")
            uid = peer_uid(sock) if sock is not None else None
            client.peer = ("uid", uid) if uid is not None else ("host", _host(client))


def choose_victims(clients: list[Client], count: int) -> list[Client]:
    """Up to ``count`` of ``clients`` to close: each the oldest idle connection of the
    peer holding the most, else that peer's oldest when it holds more than one."""
    by_peer: dict[Hashable, list[Client]] = {}
    for client in sorted(clients, key=lambda c: c.number):
        by_peer.setdefault(client.peer, []).append(client)
    victims: list[Client] = []
    while len(victims) < count and by_peer:
        # The peer holding the most; of equals, the one holding the oldest connection.
        peer = max(by_peer, key=lambda p: (len(by_peer[p]), -by_peer[p][0].number))
        held = by_peer[peer]
        idle = next((c for c in held if c.idle), None)
        if idle is None and len(held) < 2:
            break  # every peer holds one busy connection at most: nothing to take
        victim = idle if idle is not None else held[0]
        held.remove(victim)
        if not held:
            del by_peer[peer]
        victims.append(victim)
    return victims


def owning_processes(
    connections: Iterable[tuple[tuple[str, int], tuple[str, int]]],
) -> dict[tuple[str, int], int]:
    """The pid of the process holding the client end of each loopback TCP connection
    ``(client address, server address)``, keyed by the client address.

    Read from the kernel's socket diagnostics (the socket's inode) and ``/proc/*/fd``
    (who holds it); connections whose owner cannot be found (not Linux, another user's
    process, gone) are absent from the answer. It reads every process's descriptors
    (tens of milliseconds), so the server runs it off its loop, only when full.
    """
    inodes = socket_inodes(dict(connections))
    owners: dict[tuple[str, int], int] = {}
    if not inodes:
        return owners
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        folder = f"/proc/{name}/fd"
        try:
            fds = os.listdir(folder)
        except OSError:
            continue  # gone, or another user's
        for fd in fds:
            try:
                link = os.readlink(f"{folder}/{fd}")
            except OSError:
                continue
            if link.startswith("socket:["):
                address = inodes.get(int(link[8:-1]))
                if address is not None:
                    owners.setdefault(address, int(name))
        if len(owners) == len(inodes):
            break
    return owners


def connection_budget(wanted: int) -> int:
    """``wanted``, lowered to what this process's file descriptor limit allows (with a
    quarter kept for everything else), so the limit is reached before ``accept`` fails."""
    soft = _descriptor_limit()
    return wanted if soft is None else max(1, min(wanted, soft * 3 // 4))


def descriptor_ceiling() -> int | float:
    """Connections past which newcomers are refused at once: seven eighths of this
    process's file descriptor limit (unbounded when it has none)."""
    soft = _descriptor_limit()
    return math.inf if soft is None else max(1, soft * 7 // 8)


def _descriptor_limit() -> int | None:
    try:
        soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    except (OSError, ValueError):
        return None
    return None if soft == resource.RLIM_INFINITY else soft


def _norm(address: object) -> tuple[str, int] | None:
    if isinstance(address, tuple) and len(address) >= 2:
        with contextlib.suppress(ValueError):
            return norm_address((str(address[0]), int(address[1])))
    return None


def _host(client: Client) -> str:
    return client.address[0] if client.address is not None else "?"


def _describe(peer: Hashable) -> str:
    if isinstance(peer, tuple) and len(peer) == 2:
        return f"{peer[0]} {peer[1]}"
    return str(peer)
