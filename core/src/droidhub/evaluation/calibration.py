"""How far a judge agrees with the programmatic reward: the binary-classifier measures
DigiData reports (accuracy, precision, recall, NPV, TNR, F1) with 95 % intervals, and
Kendall's tau between the ranking of runs by judged success and by real success.

Proportions get Wilson score intervals (``scipy.stats.binomtest``); F1, which is not a
proportion of one count, a percentile bootstrap over episodes (2,000 resamples,
seeded), as the run summaries' intervals are.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

#: Resamples of the F1 bootstrap, and its seed (results are reproducible).
BOOTSTRAP_RESAMPLES = 2000
BOOTSTRAP_SEED = 0


@dataclass(frozen=True)
class Measure:
    """A measured rate with its 95 % interval; None where nothing could be counted."""

    value: float | None
    low: float | None
    high: float | None
    n: int


@dataclass(frozen=True)
class Confusion:
    """Judged success against real success over a set of episodes."""

    tp: int
    fp: int
    tn: int
    fn: int

    @classmethod
    def of(cls, pairs: Sequence[tuple[bool, bool]]) -> Confusion:
        """Count ``(judged, real)`` pairs."""
        return cls(
            tp=sum(j and r for j, r in pairs),
            fp=sum(j and not r for j, r in pairs),
            tn=sum(not j and not r for j, r in pairs),
            fn=sum(not j and r for j, r in pairs),
        )


def _stats() -> Any:
    # Imported when needed: scipy takes a second to import, most commands never use it.
    from scipy import stats

    return stats


def proportion(k: int, n: int) -> Measure:
    """``k`` of ``n`` with its Wilson 95 % interval."""
    if n == 0:
        return Measure(None, None, None, 0)
    ci = _stats().binomtest(k, n).proportion_ci(confidence_level=0.95, method="wilson")
    return Measure(k / n, float(ci.low), float(ci.high), n)


def f1_score(pairs: Sequence[tuple[bool, bool]]) -> float | None:
    """F1 of judged against real success (None without any positive at all)."""
    c = Confusion.of(pairs)
    denominator = 2 * c.tp + c.fp + c.fn
    return 2 * c.tp / denominator if denominator else None


def f1(pairs: Sequence[tuple[bool, bool]]) -> Measure:
    """F1 with a percentile-bootstrap 95 % interval over episodes."""
    value = f1_score(pairs)
    if value is None:
        return Measure(None, None, None, len(pairs))
    rng = random.Random(BOOTSTRAP_SEED)
    samples = []
    for _ in range(BOOTSTRAP_RESAMPLES):
        score = f1_score([pairs[rng.randrange(len(pairs))] for _ in pairs])
        if score is not None:
            samples.append(score)
    samples.sort()
    low = samples[int(0.025 * (len(samples) - 1))]
    high = samples[int(0.975 * (len(samples) - 1))]
    return Measure(value, low, high, len(pairs))


def classifier_measures(pairs: Sequence[tuple[bool, bool]]) -> dict[str, Measure]:
    """Accuracy, precision, recall, NPV, TNR and F1 of ``(judged, real)`` pairs."""
    c = Confusion.of(pairs)
    return {
        "accuracy": proportion(c.tp + c.tn, len(pairs)),
        "precision": proportion(c.tp, c.tp + c.fp),
        "recall": proportion(c.tp, c.tp + c.fn),
        "npv": proportion(c.tn, c.tn + c.fn),
        "tnr": proportion(c.tn, c.tn + c.fp),
        "f1": f1(pairs),
    }


def binomial_p(k: int, n: int) -> float:
    """Two-sided exact binomial test of ``k`` of ``n`` against 1/2 (McNemar's exact test
    on discordant pairs)."""
    return float(_stats().binomtest(k, n, 0.5).pvalue)


def no_tau_reason(xs: Sequence[float], ys: Sequence[float], x_name: str, y_name: str) -> str:
    """Why Kendall's tau between ``xs`` and ``ys`` (one value per run) is undefined, in
    words a reader can act on: too few runs, or one of the two rankings all ties."""
    if len(xs) < 2:
        return f"needs two runs or more (got {len(xs)})"
    for values, name in ((xs, x_name), (ys, y_name)):
        if len(set(values)) == 1:
            return (
                f"undefined: the {name} of all {len(values)} runs is the same "
                f"({values[0]:.1%}), so it ranks nothing"
            )
    return "undefined"


def kendall_tau(judged_rates: Sequence[float], real_rates: Sequence[float]) -> float | None:
    """Kendall's tau between two rankings of runs (None: fewer than two, or no order)."""
    if len(judged_rates) < 2:
        return None
    tau = _stats().kendalltau(list(judged_rates), list(real_rates)).statistic
    return None if tau is None or math.isnan(tau) else float(tau)
