"""How runs scale with phones: episodes per second of each executor at 1 and 2 phones.

    python benchmarks/executor_scaling.py [--n-combinations 2] [--agent oracle]

Runs the whole ``android_world`` suite (113 tasks x N instances) with the same agent,
as ``droidhub run`` does, once per (executor, phones): threads, processes and Ray (a
local cluster the run starts, if ray is installed) at 1 and 2 virtual phones. Each
figure is the steady rate, from the first recorded episode to the last (the rate over
the wall time, start-up included, is printed beside it), all measured in this one
invocation; the ratios compare each setup with threads on one phone. Targets on
2 cores: at 2 phones, processes at least 1.7 x and Ray at least 1.5 x their own
throughput at one phone.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

#: Throughput at 2 phones over that at 1, per executor.
TARGETS = {"processes": 1.7, "ray": 1.5}


def _run(out: Path, executor: str, phones: int, agent: str, n: int) -> tuple[int, float, float]:
    """(episodes recorded, wall seconds, steady episodes/s) of one run; the steady rate
    counts from the first recorded episode to the last, leaving out start-up."""
    args = [sys.executable, "-m", "droidhub", "run", "--suite", "android_world",
            "--n-combinations", str(n), "--agent", agent, "--device", f"virtual:{phones}",
            "--executor", executor, "--out", str(out), "--quiet"]  # fmt: skip
    results = out / "results.jsonl"
    start = time.perf_counter()
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    first: float | None = None
    seen, last = 0, start
    while proc.poll() is None:
        count = results.read_bytes().count(b"\n") if results.exists() else 0
        now = time.perf_counter()
        if count and first is None:
            first, seen = now, count
        if count > seen:
            seen, last = count, now
        time.sleep(0.01)
    wall = time.perf_counter() - start
    _, stderr = proc.communicate()
    if proc.returncode not in (0, 3):
        raise SystemExit(f"{' '.join(args)} failed ({proc.returncode}): {stderr[-800:]}")
    episodes = results.read_bytes().count(b"\n")
    steady = (episodes - 1) / (last - first) if first is not None and last > first else 0.0
    return episodes, wall, steady


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n-combinations", type=int, default=2)
    parser.add_argument("--agent", default="oracle")
    args = parser.parse_args()
    rates: dict[tuple[str, int], float] = {}
    with tempfile.TemporaryDirectory(prefix="droidhub-scaling-") as tmp:
        executors = ["threads", "processes"]
        if importlib.util.find_spec("ray") is not None:
            executors.append("ray")
        for executor in executors:
            for phones in (1, 2):
                out = Path(tmp) / f"{executor}-{phones}"
                n = args.n_combinations
                episodes, wall, steady = _run(out, executor, phones, args.agent, n)
                rates[executor, phones] = steady
                label = f"{executor:<10} {phones} phone{'s' if phones > 1 else ' '}"
                print(f"{label}  {episodes} episodes in {wall:5.1f} s with start-up "
                      f"({episodes / wall:5.1f}/s); without it {steady:5.1f}/s")  # fmt: skip
    base = rates["threads", 1]
    print()
    for (executor, phones), rate in rates.items():
        print(f"{executor:<10} {phones}: {rate / base:4.2f} x threads on 1 phone")
    print()
    for executor, target in TARGETS.items():
        if (executor, 1) not in rates:
            print(f"{executor}: not measured (pip install './core[ray]')")
            continue
        gain = rates[executor, 2] / rates[executor, 1]
        verdict = "met" if gain >= target else "NOT met"
        print(f"{executor}, 2 phones vs 1: {gain:.2f} x (target >= {target}): {verdict}")
    print(json.dumps({f"{e}-{p}": round(r, 2) for (e, p), r in rates.items()}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
