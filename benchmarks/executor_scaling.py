"""How runs scale with phones: episodes per second of each executor at 1 and 2 phones.

    python benchmarks/executor_scaling.py [--n-combinations 2] [--agent oracle]

Runs the whole ``android_world`` suite (113 tasks x N instances) with the same agent,
as ``droidhub run`` does, once per (executor, phones): threads at 1 and 2 virtual
phones, processes at 1 and 2. Each figure is episodes divided by the run's wall time,
start-up included, all measured in this one invocation; the ratios compare each setup
with threads on one phone. Targets on 2 cores: processes at 2 phones at least 1.7 x one
phone's throughput. (The Ray executor of issue 20 is not built yet.)
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TARGET_PROCESSES = 1.7


def _run(out: Path, executor: str, phones: int, agent: str, n: int) -> tuple[int, float]:
    """(episodes recorded, wall seconds) of one run."""
    args = [sys.executable, "-m", "droidhub", "run", "--suite", "android_world",
            "--n-combinations", str(n), "--agent", agent, "--device", f"virtual:{phones}",
            "--executor", executor, "--out", str(out), "--quiet"]  # fmt: skip
    start = time.perf_counter()
    done = subprocess.run(args, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - start
    if done.returncode not in (0, 3):
        raise SystemExit(f"{' '.join(args)} failed ({done.returncode}): {done.stderr[-800:]}")
    episodes = sum(1 for _ in (out / "results.jsonl").open())
    return episodes, wall


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n-combinations", type=int, default=2)
    parser.add_argument("--agent", default="oracle")
    args = parser.parse_args()
    rates: dict[tuple[str, int], float] = {}
    with tempfile.TemporaryDirectory(prefix="droidhub-scaling-") as tmp:
        for executor in ("threads", "processes"):
            for phones in (1, 2):
                out = Path(tmp) / f"{executor}-{phones}"
                episodes, wall = _run(out, executor, phones, args.agent, args.n_combinations)
                rates[executor, phones] = episodes / wall
                label = f"{executor:<10} {phones} phone{'s' if phones > 1 else ' '}"
                rate = rates[executor, phones]
                print(f"{label}  {episodes} episodes in {wall:6.1f} s  {rate:6.1f}/s")
    base = rates["threads", 1]
    print()
    for (executor, phones), rate in rates.items():
        print(f"{executor:<10} {phones}: {rate / base:4.2f} x threads on 1 phone")
    gain = rates["processes", 2] / rates["processes", 1]
    verdict = "met" if gain >= TARGET_PROCESSES else "NOT met"
    print(f"\nprocesses, 2 phones vs 1: {gain:.2f} x (target >= {TARGET_PROCESSES}): {verdict}")
    print(json.dumps({f"{e}-{p}": round(r, 2) for (e, p), r in rates.items()}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
