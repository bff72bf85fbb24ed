"""What one adb connection costs the virtual phones' process, on each event loop.

    python benchmarks/server_cpu.py [--calls 3000] [--rounds 3]

Starts the phones' own process (as ``--device virtual:8`` does) once with asyncio's
event loop and once with uvloop's, in turns for ``--rounds`` rounds, and through one
phone of each runs ``--calls`` shell commands, one connection each, as droidhub's
``Device.run`` makes them. Printed: the CPU time the phones' process spent per command
(and the caller's, and the wall time), the median of the rounds, and uvloop's figure as
a ratio of asyncio's. ``true`` costs the phone itself about 20 us, so what is measured
is the adb server's own work: accepting, reading the requests, answering, closing.
The gym's and the model-bound runs' steps are one to two connections each.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

import psutil

from droidhub.device.connect import open_devices
from droidhub.virtual.phone_settings import EVENT_LOOP_ENV

LOOPS = ("asyncio", "uvloop")


def _cpu_s(process: psutil.Process) -> float:
    times = process.cpu_times()
    return times.user + times.system


def measure(loop: str, calls: int, command: str) -> tuple[float, float, float]:
    """(phones' process CPU, this process's CPU, wall), in microseconds per command."""
    os.environ[EVENT_LOOP_ENV] = loop
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
    parser.add_argument("--calls", type=int, default=3000, help="commands per round and loop")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--command", default="true", help="the shell command each call runs")
    args = parser.parse_args()
    figures: dict[str, list[tuple[float, float, float]]] = {loop: [] for loop in LOOPS}
    print(f"{'loop':8} {'round':>5} {'phones us':>10} {'caller us':>10} {'wall us':>9}")
    for round_ in range(1, args.rounds + 1):
        for loop in LOOPS:  # in turns: a busy moment of the machine falls on both
            server, mine, wall = measure(loop, args.calls, args.command)
            figures[loop].append((server, mine, wall))
            print(f"{loop:8} {round_:>5} {server:>10.0f} {mine:>10.0f} {wall:>9.0f}")
    medians = {
        loop: [statistics.median(f[i] for f in figures[loop]) for i in range(3)] for loop in LOOPS
    }
    for loop in LOOPS:
        server, mine, wall = medians[loop]
        print(f"{loop:8} median {server:>9.0f} {mine:>10.0f} {wall:>9.0f}")
    ratio = medians["uvloop"][0] / medians["asyncio"][0]
    print(f"uvloop / asyncio, the phones' process CPU a command: {ratio:.2f}")


if __name__ == "__main__":
    main()
