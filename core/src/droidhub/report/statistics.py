"""The intervals and rates a summary reports, each saying what it is.

- :func:`wilson`: the Wilson score 95 % interval of a proportion (k of n episodes), which
  stays honest at 0 of 3 or 3 of 3 where a normal interval collapses to a point.
- :func:`clustered_bootstrap_ci95`: the 95 % interval of a mean over tasks of each
  task's mean over its episodes, by a two-stage percentile bootstrap: tasks resampled,
  then each drawn task's episodes (its seeds) resampled. Episodes of one task are not
  independent draws of the agent's skill; resampling only episodes would understate
  the spread, resampling only task means would ignore the spread within a task.
- :func:`pass_at_k` and :func:`pass_hat_k`: the chance that at least one of k
  episodes of a task succeeds (pass@k, Chen et al. 2021's unbiased estimator) and that
  all k do (pass^k, Yao et al. 2024), from a task's n episodes of which c succeeded.
- :func:`seed_spread`: the standard deviation over instance indices (seeds) of the
  success rate across tasks: how much a number moves with the seed alone.

All draws are seeded, so the same results always report the same intervals.
"""

from __future__ import annotations

import math
import statistics
from collections import defaultdict
from collections.abc import Mapping, Sequence

_Z95 = 1.959963984540054  # the standard normal's 97.5 % quantile

#: Bootstrap resamples per interval.
BOOTSTRAP_SAMPLES = 2000
#: The most draws a block of resamples holds at once (memory: 8 bytes each, thrice).
_BOOTSTRAP_CELLS = 1_000_000


def wilson(successes: int, n: int) -> tuple[float, float]:
    """Wilson score 95 % interval of ``successes`` of ``n`` (the closed form, which
    scipy's ``binomtest(...).proportion_ci(method="wilson")`` also computes)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denominator = 1 + _Z95**2 / n
    centre = (p + _Z95**2 / (2 * n)) / denominator
    half = _Z95 * math.sqrt(p * (1 - p) / n + _Z95**2 / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def _percentiles(means: list[float], samples: int) -> tuple[float, float]:
    means.sort()
    return means[int(0.025 * samples)], means[int(0.975 * samples) - 1]


def clustered_bootstrap_ci95(
    per_task: Sequence[Sequence[float]], samples: int = BOOTSTRAP_SAMPLES
) -> tuple[float, float]:
    """A 95 % interval of the mean over tasks of each task's mean episode value, by
    resampling tasks and then each drawn task's episodes (two-stage, seeded).

    The resamples are drawn as arrays, a block of them at a time (a run's summary
    computes two of these as it ends; done a draw at a time they took a few tenths
    of a second at 100 tasks)."""
    import numpy as np  # here, not at the top: every CLI command would load it to start

    tasks = [np.asarray(values, dtype=float) for values in per_task if len(values)]
    if not tasks:
        return (0.0, 0.0)
    rng = np.random.default_rng(0)
    n = len(tasks)
    lengths = np.array([len(t) for t in tasks])
    width = int(lengths.max())
    table = np.zeros((n, width))
    for row, values in zip(table, tasks, strict=True):
        row[: len(values)] = values
    block = max(1, _BOOTSTRAP_CELLS // (n * width))
    means: list[float] = []
    for start in range(0, samples, block):
        count = min(block, samples - start)
        drawn = rng.integers(0, n, size=(count, n))  # the tasks of each resample
        drawn_lengths = lengths[drawn][..., None]
        episodes = (rng.random((count, n, width)) * drawn_lengths).astype(int)
        kept = np.arange(width) < drawn_lengths  # a task's draws beyond its own episodes
        sums = np.where(kept, table[drawn[..., None], episodes], 0.0).sum(axis=-1)
        means.extend((sums / drawn_lengths[..., 0]).mean(axis=-1).tolist())
    return _percentiles(means, samples)


def pass_at_k(n: int, c: int, k: int) -> float:
    """The chance that at least one of ``k`` episodes drawn from a task's ``n`` (``c``
    of them successes) succeeds: 1 - C(n-c, k) / C(n, k)."""
    if not 0 < k <= n:
        raise ValueError(f"k={k} must be in 1..{n} (the task's episodes)")
    return 1.0 - math.comb(n - c, k) / math.comb(n, k)


def pass_hat_k(n: int, c: int, k: int) -> float:
    """The chance that all ``k`` episodes drawn from a task's ``n`` (``c`` of them
    successes) succeed: C(c, k) / C(n, k)."""
    if not 0 < k <= n:
        raise ValueError(f"k={k} must be in 1..{n} (the task's episodes)")
    return math.comb(c, k) / math.comb(n, k)


def seed_spread(successes: Mapping[int, Sequence[bool]]) -> float | None:
    """The standard deviation over instance indices of the success rate of the episodes
    with that index (one per task); None with fewer than two indices."""
    rates = [sum(v) / len(v) for v in successes.values() if v]
    return statistics.stdev(rates) if len(rates) >= 2 else None


def by_instance(items: Sequence[tuple[int, bool]]) -> dict[int, list[bool]]:
    """``(instance index, success)`` pairs grouped by index."""
    grouped: dict[int, list[bool]] = defaultdict(list)
    for index, success in items:
        grouped[index].append(success)
    return dict(grouped)
