"""How the benchmarks time a call: the milliseconds of each run, after warm-up runs
that are not counted (first calls pay for imports, caches and connections)."""

from __future__ import annotations

import time
from collections.abc import Callable


def ms_per_run(run: Callable[[int], object], runs: int, warmup: int = 3) -> list[float]:
    """Milliseconds of each of ``runs`` calls of ``run`` (it gets the run's index),
    after ``warmup`` calls that are not counted."""
    for i in range(warmup):
        run(i)
    samples = []
    for i in range(runs):
        started = time.perf_counter()
        run(i)
        samples.append((time.perf_counter() - started) * 1000)
    return samples
