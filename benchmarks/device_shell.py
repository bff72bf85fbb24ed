"""How fast droidhub reaches a virtual phone: shell round trips and file throughput.

    python benchmarks/device_shell.py [--calls 300] [--megabytes 16]

Starts a virtual device server in this process and prints, in one run:

- the median (and 90th percentile) round trip of droidhub's ``Device.shell``;
- the same for adbutils' plain ``device.shell`` (two connections per call, and a
  10 ms sleep in each close), for comparison;
- the floor of a connection a command: the same ``shell,v2`` exchange over a bare
  socket, with no client library at all (``Device.shell`` keeps a shell session open
  instead, so it comes in under it), and a bare ``host:version`` exchange;
- push and pull throughput of ``Device.push`` / ``Device.pull`` in MB/s.

Every shell call runs ``echo`` on the phone, so the phone's own work is included.
The targets are a ``Device.shell`` median under 3 ms, at least 4 times faster than
adbutils' plain ``shell``, and at most 1.1 times the raw floor (ratios, so they hold on
a slow machine too). ``Device.shell`` and the floor are timed call by call in turns,
so that a busy moment of a shared machine falls on both alike.
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import struct
from collections.abc import Callable

import adbutils
from timing import ms_per_run

from droidhub.device.client import Device
from droidhub.virtual.server import VirtualDeviceServer

TARGET_MS = 3.0
#: How many times faster than adbutils' plain shell Device.shell should be.
TARGET_RATIO = 4.0
#: How close to the raw socket floor Device.shell should come.
TARGET_FLOOR = 1.1


def _summary(samples: list[float]) -> str:
    ordered = sorted(samples)
    p90 = ordered[int(len(ordered) * 0.9) - 1]
    return f"median {statistics.median(samples):6.2f} ms   p90 {p90:6.2f} ms   (n={len(samples)})"


def _request(text: str) -> bytes:
    data = text.encode()
    return b"%04x" % len(data) + data


def _recv_exact(sock: socket.socket, size: int) -> bytes:
    data = b""
    while len(data) < size:
        chunk = sock.recv(size - len(data))
        if not chunk:
            raise EOFError("the server closed the connection early")
        data += chunk
    return data


def _raw_shell(port: int, serial: str, command: str) -> bytes:
    """One shell v2 exchange over a bare socket: the least any client can do. The
    service waits for the transport switch's OKAY, as it must: adb's own server drops
    what follows a switch in the same read (sockets.cpp clears its buffer there)."""
    with socket.create_connection(("127.0.0.1", port)) as sock:
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        sock.sendall(_request(f"host:transport:{serial}"))
        if _recv_exact(sock, 4) != b"OKAY":
            raise RuntimeError("the server refused the transport switch")
        sock.sendall(_request(f"shell,v2:{command}"))
        if _recv_exact(sock, 4) != b"OKAY":
            raise RuntimeError("the virtual phone refused the shell")
        out = b""
        while True:
            kind, size = struct.unpack("<BI", _recv_exact(sock, 5))
            data = _recv_exact(sock, size) if size else b""
            if kind == 3:
                return out
            out += data


def _raw_version(port: int) -> bytes:
    with socket.create_connection(("127.0.0.1", port)) as sock:
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        sock.sendall(_request("host:version"))
        return _recv_exact(sock, 12)


def _throughput(call: Callable[[], object], megabytes: float, repeats: int = 3) -> float:
    best = min(ms_per_run(lambda _: call(), repeats, warmup=repeats))
    return megabytes / (best / 1000)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=300, help="shell calls per measurement")
    parser.add_argument("--megabytes", type=int, default=16, help="file size for push/pull")
    args = parser.parse_args()

    with VirtualDeviceServer(devices=1) as server:
        serial, port = server.serials[0], server.port
        device = Device(serial, host="127.0.0.1", port=port)
        plain = adbutils.AdbClient(host="127.0.0.1", port=port).device(serial)
        assert device.shell("echo hi") == "hi\n"
        assert plain.shell("echo hi") == "hi"
        assert _raw_shell(port, serial, "echo hi") == b"hi\n"

        device_ms: list[float] = []
        raw_ms: list[float] = []
        for _ in range(args.calls):  # in turns: one of each
            device_ms += ms_per_run(lambda _: device.shell("echo hi"), 1, warmup=1)
            raw_ms += ms_per_run(lambda _: _raw_shell(port, serial, "echo hi"), 1, warmup=1)
        plain_ms = ms_per_run(lambda _: plain.shell("echo hi"), max(20, args.calls // 6), warmup=5)
        version_ms = ms_per_run(lambda _: _raw_version(port), args.calls, warmup=5)

        payload = os.urandom(args.megabytes * 1024 * 1024)
        remote = "/sdcard/Download/droidhub-benchmark.bin"
        push_mbs = _throughput(lambda: device.push(payload, remote), args.megabytes)
        if device.pull(remote) != payload:
            raise SystemExit("pull returned different bytes than were pushed")
        pull_mbs = _throughput(lambda: device.pull(remote), args.megabytes)

    median = statistics.median(device_ms)
    verdict = "meets" if median < TARGET_MS else "MISSES"
    ratio = statistics.median(plain_ms) / median
    ratio_verdict = "meets" if ratio >= TARGET_RATIO else "MISSES"
    print(f"virtual device server on 127.0.0.1:{port}, phone {serial}, `echo hi` per call")
    print(f"droidhub Device.shell        {_summary(device_ms)}")
    print(f"adbutils device.shell        {_summary(plain_ms)}")
    print(f"raw socket shell,v2 (floor)  {_summary(raw_ms)}")
    print(f"raw socket host:version      {_summary(version_ms)}")
    print(f"Device.push  {args.megabytes} MB         {push_mbs:8.1f} MB/s")
    print(f"Device.pull  {args.megabytes} MB         {pull_mbs:8.1f} MB/s")
    print(f"target: Device.shell median < {TARGET_MS} ms: {verdict} ({median:.2f} ms)")
    print(
        f"target: Device.shell >= {TARGET_RATIO:.0f} x faster than adbutils' shell: "
        f"{ratio_verdict} ({ratio:.1f} x)"
    )
    floor = median / statistics.median(raw_ms)
    floor_verdict = "meets" if floor <= TARGET_FLOOR else "MISSES"
    print(
        f"target: Device.shell <= {TARGET_FLOOR} x the raw socket floor: "
        f"{floor_verdict} ({floor:.2f} x)"
    )


if __name__ == "__main__":
    main()
