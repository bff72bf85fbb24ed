"""What one client connection of the virtual adb server may cost, and who may connect.

A connection is cut off (closed at once, nothing more read or answered) when it:

- sends one read larger than :data:`MAX_READ` (a shell packet announcing 4 GiB), or an
  interactive command line longer than :data:`MAX_LINE` (64 KiB, asyncio's line
  limit, on the plain ``shell:`` service);
- stays silent for ``idle_timeout`` seconds while the server waits for its next
  request or input (``host:track-devices`` and ``wait-for-*`` listeners excepted:
  waiting is their job, and a running shell command is never "idle");
- does not read the server's answers for ``idle_timeout`` seconds while they pile up
  beyond the transport's high-water mark (a client pipelining requests it never reads).

So what the server holds for a client is bounded: about :data:`MAX_READ` of input and
64 KiB of unread output beyond one answer, for at most ``idle_timeout`` without progress.

Who may connect: the server listens on loopback only, and by default serves only
connections owned by the user that runs it. On Linux the owner of a loopback TCP
connection is the uid of the client's socket, which the kernel's socket diagnostics
tell (TCP has no ``SO_PEERCRED``; that socket option answers only for Unix sockets).
Where the owner cannot be told (another system), the check is skipped.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import ipaddress
import logging
import os
import socket
import struct
import sys
from collections.abc import Iterator

log = logging.getLogger(__name__)

#: Largest single read the server does for a client: a shell-protocol packet (adb's own
#: client sends at most its 1 MiB payload), a request, a sync chunk.
MAX_READ = 1024 * 1024
#: Longest command line an interactive shell collects before it runs: Linux's (and so
#: Android's) limit on one argument, the most ``sh -c LINE`` could ever take.
MAX_LINE = 128 * 1024
#: Whether this system tells who owns a loopback connection (Linux does).
CAN_TELL_PEER = sys.platform.startswith("linux")
#: Default seconds of silence (or of unread answers) before a connection is closed.
DEFAULT_IDLE_TIMEOUT = 600.0

# Netlink socket diagnostics (linux/sock_diag.h, linux/inet_diag.h).
_NETLINK_SOCK_DIAG = 4
_SOCK_DIAG_BY_FAMILY = 20
_NLM_F_REQUEST = 1
_NLM_F_DUMP = 0x300
_NLMSG_ERROR = 2
_NLMSG_DONE = 3
_TCP_ESTABLISHED = 1
_TCP_CLOSE_WAIT = 8
#: Where inet_diag_msg's uid sits in a reply: nlmsghdr (16), then family, state,
#: timer, retrans (4), the sockid (48), expires, rqueue, wqueue (12).
_UID_OFFSET = 16 + 4 + 48 + 12
_PROC_TABLES = {socket.AF_INET: "/proc/net/tcp", socket.AF_INET6: "/proc/net/tcp6"}


class ClientCutOff(Exception):
    """A client exceeded a bound; the connection ends without a further answer."""


class BoundedReader(asyncio.StreamReader):
    """A stream reader whose reads are bounded in size and in idle time.

    ``idle_timeout`` (seconds, None: forever) applies to each read; a read that waits
    longer raises ``TimeoutError``. :meth:`read_untimed` is for listeners whose client
    legitimately stays silent (device trackers, stdin while a command runs).
    """

    idle_timeout: float | None = None

    async def readexactly(self, n: int) -> bytes:
        if n > MAX_READ:
            raise ClientCutOff(f"a read of {n} bytes (at most {MAX_READ})")
        async with asyncio.timeout(self.idle_timeout):
            return await super().readexactly(n)

    async def readline(self) -> bytes:
        async with asyncio.timeout(self.idle_timeout):
            try:
                return await super().readline()
            except ValueError as exc:  # longer than the reader's limit
                raise ClientCutOff(f"a line longer than the limit: {exc}") from None

    async def read(self, n: int = -1) -> bytes:
        async with asyncio.timeout(self.idle_timeout):
            return await super().read(n if 0 <= n <= MAX_READ else MAX_READ)

    async def read_untimed(self, n: int) -> bytes:
        """Up to ``n`` bytes, however long the client stays silent."""
        return await super().read(min(n, MAX_READ))


async def drain(writer: asyncio.StreamWriter, reader: asyncio.StreamReader) -> None:
    """Wait until the client has taken the answers, at most the reader's idle timeout."""
    transport = writer.transport
    if transport.get_write_buffer_size() <= transport.get_write_buffer_limits()[0]:
        await writer.drain()  # writing is not paused: this returns at once, nothing to time
        return
    async with asyncio.timeout(getattr(reader, "idle_timeout", None)):
        await writer.drain()


def is_loopback(host: str) -> bool:
    """Whether ``host`` is a loopback address (or ``localhost``)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def another_users_client(sock: socket.socket | None, allow_other_users: bool) -> bool:
    """Whether a server serving only its own user must refuse ``sock``'s client: unless
    ``allow_other_users``, where this system tells who owns a connection, a client of
    another uid, or one whose owner can no longer be told (its socket already gone)."""
    if allow_other_users or sock is None or not CAN_TELL_PEER:
        return False
    uid = peer_uid(sock)
    if uid == os.getuid():
        return False
    log.warning("refused a connection of uid %s (this server serves only its own user)", uid)
    return True


def peer_uid(sock: socket.socket) -> int | None:
    """The uid owning the client end of loopback TCP connection ``sock``.

    Asked of the kernel's socket diagnostics (netlink ``SOCK_DIAG_BY_FAMILY``, one
    exact lookup of the client's socket, tens of microseconds); where netlink is not
    there, read from ``/proc/net/tcp``. None when it cannot be told (not Linux, or the
    client's socket is already gone).
    """
    if sock.family not in _PROC_TABLES:
        return None
    try:
        ours = sock.getsockname()[:2]
        theirs = sock.getpeername()[:2]
    except OSError:
        return None
    try:
        return _diag_uid(sock.family, theirs, ours)
    except OSError:
        return _proc_uid(_PROC_TABLES[sock.family], norm_address(theirs), norm_address(ours))


def _diag_uid(family: int, client: tuple[str, int], server: tuple[str, int]) -> int | None:
    """The uid of the TCP socket ``client`` -> ``server``, from netlink sock_diag."""

    def address(host: str) -> bytes:
        packed = socket.inet_pton(family, host.split("%")[0])
        return packed + bytes(16 - len(packed))

    # struct inet_diag_sockid: ports and addresses in network order, no interface, and
    # INET_DIAG_NOCOOKIE (any socket with this address pair).
    sockid = (
        struct.pack(">HH", client[1], server[1])
        + address(client[0])
        + address(server[0])
        + struct.pack("<III", 0, 0xFFFFFFFF, 0xFFFFFFFF)
    )
    # struct inet_diag_req_v2: family, protocol, no extensions, every state.
    request = struct.pack("<BBBBI", family, socket.IPPROTO_TCP, 0, 0, 0xFFFFFFFF) + sockid
    header = struct.pack("<IHHII", 16 + len(request), _SOCK_DIAG_BY_FAMILY, _NLM_F_REQUEST, 1, 0)
    with socket.socket(socket.AF_NETLINK, socket.SOCK_DGRAM, _NETLINK_SOCK_DIAG) as netlink:
        netlink.settimeout(2.0)
        netlink.sendto(header + request, (0, 0))
        reply = netlink.recv(65536)
    if len(reply) < _UID_OFFSET + 4 or struct.unpack_from("<H", reply, 4)[0] != (
        _SOCK_DIAG_BY_FAMILY
    ):
        return None  # NLMSG_ERROR: no such socket (the client is gone)
    return int(struct.unpack_from("<I", reply, _UID_OFFSET)[0])


def socket_inodes(
    connections: dict[tuple[str, int], tuple[str, int]],
) -> dict[int, tuple[str, int]]:
    """The inode of the client socket of each loopback TCP connection ``client address ->
    server address``, mapped back to the client address.

    One netlink socket-diagnostics dump per address family (connected sockets only, a
    few milliseconds for thousands); ``/proc/net/tcp*`` where netlink is not there (the
    kernel formats that table slowly: ~80 ms for 2,600 sockets). Connections not found
    are absent.
    """
    if not connections or not CAN_TELL_PEER:
        return {}
    try:
        return {
            inode: client
            for family in _PROC_TABLES
            for inode, client, server in _diag_dump(family)
            if connections.get(client) == server
        }
    except OSError:
        pass
    found: dict[int, tuple[str, int]] = {}
    for table in _PROC_TABLES.values():
        with contextlib.suppress(OSError), open(table, encoding="ascii") as rows:
            next(rows, None)  # the header
            for row in rows:
                fields = row.split()
                with contextlib.suppress(ValueError, IndexError):
                    client = proc_address(fields[1])
                    if connections.get(client) == proc_address(fields[2]) and fields[9] != "0":
                        found[int(fields[9])] = client
    return found


def _diag_dump(family: int) -> Iterator[tuple[int, tuple[str, int], tuple[str, int]]]:
    """``(inode, local address, remote address)`` of every connected TCP socket of
    ``family``, from netlink sock_diag."""
    states = (1 << _TCP_ESTABLISHED) | (1 << _TCP_CLOSE_WAIT)
    request = struct.pack("<BBBBI", family, socket.IPPROTO_TCP, 0, 0, states) + bytes(48)
    flags = _NLM_F_REQUEST | _NLM_F_DUMP
    header = struct.pack("<IHHII", 16 + len(request), _SOCK_DIAG_BY_FAMILY, flags, 1, 0)
    width = 4 if family == socket.AF_INET else 16
    with socket.socket(socket.AF_NETLINK, socket.SOCK_DGRAM, _NETLINK_SOCK_DIAG) as netlink:
        netlink.settimeout(2.0)
        netlink.sendto(header + request, (0, 0))
        while True:
            reply = netlink.recv(1 << 20)
            offset = 0
            while offset + 16 <= len(reply):
                length, kind = struct.unpack_from("<IH", reply, offset)
                if kind in (_NLMSG_DONE, _NLMSG_ERROR) or length < 16:
                    return
                body = offset + 16
                if length >= 16 + 72:
                    sport, dport = struct.unpack_from(">HH", reply, body + 4)
                    src = socket.inet_ntop(family, reply[body + 8 : body + 8 + width])
                    dst = socket.inet_ntop(family, reply[body + 24 : body + 24 + width])
                    inode = struct.unpack_from("<I", reply, body + 68)[0]
                    if inode:
                        yield inode, norm_address((src, sport)), norm_address((dst, dport))
                offset += (length + 3) & ~3


def _proc_uid(table: str, client: tuple[str, int], server: tuple[str, int]) -> int | None:
    """The uid of the TCP socket ``client`` -> ``server``, from ``/proc/net/tcp``."""
    try:
        with open(table, encoding="ascii") as rows:
            next(rows, None)  # the header
            for row in rows:
                fields = row.split()
                if len(fields) < 8:
                    continue
                if proc_address(fields[1]) == client and proc_address(fields[2]) == server:
                    return int(fields[7])
    except (OSError, ValueError):
        return None
    return None


def norm_address(address: tuple[str, int]) -> tuple[str, int]:
    """A socket's ``(host, port)`` with the host spelt one way (as ``proc_address`` does)."""
    host, port = address
    return _norm_host(host), int(port)


@functools.lru_cache(maxsize=256)
def _norm_host(host: str) -> str:
    # Every connection's two ends are spelt through here, and the hosts are a handful.
    return str(ipaddress.ip_address(host.split("%")[0]))


def proc_address(field: str) -> tuple[str, int]:
    """``0100007F:1F90`` (the kernel's host-order words in hex) -> ``("127.0.0.1", 8080)``."""
    hex_host, _, hex_port = field.partition(":")
    raw = bytes.fromhex(hex_host)
    # The kernel prints each 32-bit word of the address in host byte order.
    if sys.byteorder == "little":
        raw = b"".join(raw[i : i + 4][::-1] for i in range(0, len(raw), 4))
    packed = raw
    return str(ipaddress.ip_address(packed)), int(hex_port, 16)
