"""What one shell command costs the virtual phones' process: over an open shell session
or as a connection of its own, on each event loop.

    python benchmarks/server_cpu.py [--calls 3000] [--rounds 3]

Starts the phones' own process (as ``--device virtual:8`` does) four times a round, in
turns: with asyncio's event loop and with uvloop's, each once with droidhub's shell
sessions (``Device.run``'s way: commands on an open ``shell,v2,raw:`` service's stdin)
and once with ``$DROIDHUB_SHELL_SESSIONS=0`` (a ``shell,v2:`` connection a command). Through
one phone of each it runs ``--calls`` shell commands. Printed: the CPU time the phones'
process spent per command (and the caller's, and the wall time), the median of the
rounds, and as ratios: uvloop's figure over asyncio's, and a session's over a
connection's. ``true`` costs the phone itself about 20 us, so what is measured is the
adb server's own work: reading the command, answering, and for a connection accepting
and closing it too. The gym's and the model-bound runs' steps are one to two commands.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

import psutil

from droidhub.device.connect import open_devices
from droidhub.device.shell_session import SESSIONS_ENV
from droidhub.virtual.phone_settings import EVENT_LOOP_ENV

LOOPS = ("asyncio", "uvloop")
WAYS = ("session", "connection")


def _cpu_s(process: psutil.Process) -> float:
    times = process.cpu_times()
    return times.user + times.system


def measure(loop: str, way: str, calls: int, command: str) -> tuple[float, float, float]:
    """(phones' process CPU, this process's CPU, wall), in microseconds per command."""
    os.environ[EVENT_LOOP_ENV] = loop
    os.environ[SESSIONS_ENV] = "1" if way == "session" else "0"
    with open_devices("virtual:8") as phones:
        device = phones[0]
        me = psutil.Process()
        (server,) = [
            p for p in me.children() if "droidhub.virtual.server_process" in " ".join(p.cmdline())
        ]
        for _ in range(100):  # warm-up: imports, caches, the first screens
            device.run(command)
        server_0, mine_0, wall_0 = _cpu_s(server), _cpu_s(me), time.perf_counter()
        for _ in range(calls):
            device.run(command)
        server_1, mine_1, wall_1 = _cpu_s(server), _cpu_s(me), time.perf_counter()
    per_call = 1e6 / calls
    return (
        (server_1 - server_0) * per_call,
        (mine_1 - mine_0) * per_call,
        (wall_1 - wall_0) * per_call,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=3000, help="commands per round and way")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--command", default="true", help="the shell command each call runs")
    args = parser.parse_args()
    kinds = [(loop, way) for loop in LOOPS for way in WAYS]
    figures: dict[tuple[str, str], list[tuple[float, float, float]]] = {k: [] for k in kinds}
    print(f"{'loop':8} {'way':10} {'round':>5} {'phones us':>10} {'caller us':>10} {'wall us':>9}")
    for round_ in range(1, args.rounds + 1):
        for loop, way in kinds:  # in turns: a busy moment of the machine falls on all
            server, mine, wall = measure(loop, way, args.calls, args.command)
            figures[loop, way].append((server, mine, wall))
            print(f"{loop:8} {way:10} {round_:>5} {server:>10.0f} {mine:>10.0f} {wall:>9.0f}")
    medians = {k: [statistics.median(f[i] for f in figures[k]) for i in range(3)] for k in kinds}
    for loop, way in kinds:
        server, mine, wall = medians[loop, way]
        print(f"{loop:8} {way:10} median {server:>9.0f} {mine:>10.0f} {wall:>9.0f}")
    for way in WAYS:
        ratio = medians["uvloop", way][0] / medians["asyncio", way][0]
        print(f"uvloop / asyncio, the phones' process CPU a command ({way}s): {ratio:.2f}")
    for loop in LOOPS:
        phones = medians[loop, "session"][0] / medians[loop, "connection"][0]
        caller = medians[loop, "session"][1] / medians[loop, "connection"][1]
        print(
            f"session / connection on {loop}: the phones' process CPU {phones:.2f}, "
            f"the caller's {caller:.2f}"
        )


if __name__ == "__main__":
    main()
