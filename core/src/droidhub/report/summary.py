"""Summaries of a run: the numbers a paper cites.

Both headline numbers are means over *tasks* of each task's mean over its episodes, as
AndroidWorld reports them, so a task with many instances weighs no more than one
with few. ``success_rate`` counts an episode only when its reward is exactly 1, so
partial credit (composites, MiniWoB partial rewards) never reads as success.
"""

from __future__ import annotations

import random
import statistics
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from pydantic import BaseModel, Field

from droidhub.results.records import EpisodeResult


class ModelUsage(BaseModel):
    """Totals of the model calls agents reported in ``EpisodeResult.usage``.

    ``cost`` is None when no price was configured; ``mean_latency_s`` is per call.
    """

    calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost: float | None = None
    latency_s: float = 0.0

    @property
    def mean_latency_s(self) -> float | None:
        """Mean time of one model call, or None without calls."""
        return self.latency_s / self.calls if self.calls else None

    @classmethod
    def total(cls, usages: Iterable[Mapping[str, float]]) -> ModelUsage:
        """Sum episodes' ``usage`` dicts."""
        out = cls()
        for u in usages:
            out.calls += int(u.get("calls", 0))
            out.prompt_tokens += int(u.get("prompt_tokens", 0))
            out.completion_tokens += int(u.get("completion_tokens", 0))
            out.latency_s += float(u.get("latency_s", 0.0))
            if "cost" in u:
                out.cost = (out.cost or 0.0) + float(u["cost"])
        return out


class TaskStats(BaseModel):
    """One task's episodes, summarised."""

    task: str
    family: str
    apps: list[str]
    difficulty: str
    tags: list[str]
    episodes: int
    mean_reward: float
    success_rate: float
    reward_stdev: float
    errors: int
    mean_steps: float
    mean_duration_s: float
    #: Model usage that agents reported (see :class:`ModelUsage`); zero without a model.
    usage: ModelUsage = Field(default_factory=lambda: ModelUsage())


class GroupStats(BaseModel):
    """A group of tasks (a family, an app, a difficulty, a tag), summarised over tasks."""

    group: str
    tasks: int
    episodes: int
    mean_reward: float
    success_rate: float


class Summary(BaseModel):
    """A whole run, summarised; written to ``summary.json``."""

    tasks: int
    episodes: int
    errors: int
    mean_reward: float
    success_rate: float
    mean_steps: float
    mean_duration_s: float
    #: 95% bootstrap intervals (resampling tasks) of the two headline numbers.
    success_rate_ci95: tuple[float, float]
    mean_reward_ci95: tuple[float, float]
    per_task: list[TaskStats]
    by_family: list[GroupStats]
    by_app: list[GroupStats]
    by_difficulty: list[GroupStats]
    by_tag: list[GroupStats]
    #: Model calls, tokens, cost and latency over the whole run.
    usage: ModelUsage = Field(default_factory=lambda: ModelUsage())


def _mean(values: Iterable[float]) -> float:
    vals = list(values)
    return sum(vals) / len(vals) if vals else 0.0


def task_stats(results: Sequence[EpisodeResult]) -> list[TaskStats]:
    """Per-task statistics, in order of first appearance."""
    by_task: dict[tuple[str, str], list[EpisodeResult]] = defaultdict(list)
    for r in results:
        by_task[(r.family, r.task)].append(r)
    stats = []
    for (family, task), eps in by_task.items():
        rewards = [e.reward for e in eps]
        stats.append(
            TaskStats(
                task=task,
                family=family,
                apps=eps[0].apps,
                difficulty=eps[0].difficulty,
                tags=eps[0].tags,
                episodes=len(eps),
                mean_reward=_mean(rewards),
                success_rate=_mean(1.0 if e.success else 0.0 for e in eps),
                reward_stdev=statistics.pstdev(rewards) if len(rewards) > 1 else 0.0,
                errors=sum(1 for e in eps if e.error),
                mean_steps=_mean(e.steps for e in eps),
                mean_duration_s=_mean(e.duration_s for e in eps),
                usage=ModelUsage.total(e.usage for e in eps),
            )
        )
    return stats


def _groups(
    stats: Sequence[TaskStats], keys: Callable[[TaskStats], Iterable[str]]
) -> list[GroupStats]:
    grouped: dict[str, list[TaskStats]] = defaultdict(list)
    for s in stats:
        for key in keys(s):
            grouped[key].append(s)
    return [
        GroupStats(
            group=name,
            tasks=len(members),
            episodes=sum(m.episodes for m in members),
            mean_reward=_mean(m.mean_reward for m in members),
            success_rate=_mean(m.success_rate for m in members),
        )
        for name, members in sorted(grouped.items())
    ]


BOOTSTRAP_SAMPLES = 2000


def bootstrap_ci95(
    values: Sequence[float], samples: int = BOOTSTRAP_SAMPLES
) -> tuple[float, float]:
    """A 95% percentile-bootstrap interval of the mean of ``values``.

    Resamples the values (one per task) with replacement; seeded, so the same run
    always reports the same interval.
    """
    if not values:
        return (0.0, 0.0)
    if len(values) == 1:
        return (values[0], values[0])
    rng = random.Random(0)
    n = len(values)
    means = sorted(sum(rng.choices(values, k=n)) / n for _ in range(samples))
    return (means[int(0.025 * samples)], means[int(0.975 * samples) - 1])


def summarize(results: Sequence[EpisodeResult]) -> Summary:
    """Summarise a run's results."""
    stats = task_stats(results)
    return Summary(
        success_rate_ci95=bootstrap_ci95([s.success_rate for s in stats]),
        mean_reward_ci95=bootstrap_ci95([s.mean_reward for s in stats]),
        tasks=len(stats),
        episodes=len(results),
        errors=sum(1 for r in results if r.error),
        mean_reward=_mean(s.mean_reward for s in stats),
        success_rate=_mean(s.success_rate for s in stats),
        mean_steps=_mean(r.steps for r in results),
        mean_duration_s=_mean(r.duration_s for r in results),
        per_task=stats,
        by_family=_groups(stats, lambda s: [s.family]),
        by_app=_groups(stats, lambda s: s.apps or ["(none)"]),
        by_difficulty=_groups(stats, lambda s: [s.difficulty or "(unset)"]),
        by_tag=_groups(stats, lambda s: s.tags),
        usage=ModelUsage.total(r.usage for r in results),
    )


def text_table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """Columns padded to their widest cell, under a header and a rule of dashes."""
    widths = [
        max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(headers)
    ]
    line = "  ".join(h.ljust(w) for h, w in zip(headers, widths, strict=True))
    out = [line, "  ".join("-" * w for w in widths)]
    out += ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)) for r in rows]
    return "\n".join(row.rstrip() for row in out)


def percent(x: float) -> str:
    """A rate in [0, 1] as ``"12.5%"``."""
    return f"{100 * x:.1f}%"


#: Column headers of :func:`task_cells`.
TASK_COLUMNS = ("episodes", "success", "mean reward", "stdev", "errors", "steps")


def task_cells(s: TaskStats) -> list[str]:
    """One task's statistics as the cells of a table row (see :data:`TASK_COLUMNS`)."""
    return [
        str(s.episodes),
        percent(s.success_rate),
        f"{s.mean_reward:.3f}",
        f"{s.reward_stdev:.3f}",
        str(s.errors),
        f"{s.mean_steps:.1f}",
    ]


#: Column headers of :func:`usage_cells`, shown when the agent reported model usage.
USAGE_COLUMNS = ("calls", "tokens in", "tokens out", "cost", "latency")


def has_usage(summary: Summary) -> bool:
    """Whether the run's agent reported any model calls or tokens."""
    u = summary.usage
    return bool(u.calls or u.prompt_tokens or u.completion_tokens)


def usage_cells(u: ModelUsage) -> list[str]:
    """Model usage as table cells (see :data:`USAGE_COLUMNS`); ``-`` where unknown."""
    latency = u.mean_latency_s
    return [
        str(u.calls),
        str(u.prompt_tokens),
        str(u.completion_tokens),
        "-" if u.cost is None else f"{u.cost:.4f}",
        "-" if latency is None else f"{latency:.2f}s",
    ]


def format_usage(u: ModelUsage) -> str:
    """The run's model usage in one line."""
    cost = "" if u.cost is None else f", cost {u.cost:.4f}"
    latency = u.mean_latency_s
    mean = "" if latency is None else f", mean latency {latency:.2f}s per call"
    return (
        f"Model: {u.calls} calls, tokens {u.prompt_tokens} in + {u.completion_tokens} out"
        f"{cost}{mean}"
    )


def plural(count: int, noun: str, many: str | None = None) -> str:
    """``"1 task"``, ``"3 tasks"``: a count with its noun in the right number."""
    return f"{count} {noun if count == 1 else many or noun + 's'}"


def format_headline(summary: Summary) -> str:
    """The run's headline numbers: success rate and mean reward with their 95% intervals,
    episodes, errors and time. Printed last, so that it is what a terminal shows."""
    lo, hi = summary.success_rate_ci95
    r_lo, r_hi = summary.mean_reward_ci95
    total_s = summary.mean_duration_s * summary.episodes
    lines = [
        f"Success rate: {percent(summary.success_rate)} (95% CI {percent(lo)}-{percent(hi)})"
        f"   Mean reward: {summary.mean_reward:.3f} (95% CI {r_lo:.3f}-{r_hi:.3f})",
        "(both are means over tasks of each task's mean over its episodes)",
        f"Tasks: {summary.tasks}   Episodes: {summary.episodes}   Errors: {summary.errors}",
        f"Mean steps: {summary.mean_steps:.1f}   Mean time: {summary.mean_duration_s:.2f}s"
        f"   Total time: {total_s:.1f}s (episodes added up)",
    ]
    if has_usage(summary):
        lines.append(format_usage(summary.usage))
    return "\n".join(lines)


def format_summary(summary: Summary, per_task: bool = True, headline: bool = True) -> str:
    """The summary as plain-text tables for a terminal or a log, then (with ``headline``)
    :func:`format_headline`, last so that a long per-task table does not hide it."""
    parts: list[str] = []
    usage = has_usage(summary)
    group_headers = ["group", "tasks", "episodes", "success", "mean reward"]
    for title, groups in (
        ("By family", summary.by_family),
        ("By app", summary.by_app),
        ("By difficulty", summary.by_difficulty),
        ("By tag", summary.by_tag),
    ):
        if not groups:
            continue
        rows = [
            [
                g.group,
                str(g.tasks),
                str(g.episodes),
                percent(g.success_rate),
                f"{g.mean_reward:.3f}",
            ]
            for g in groups
        ]
        parts += [title, text_table(group_headers, rows), ""]
    if per_task and summary.per_task:
        rows = [[f"{s.family}/{s.task}", *task_cells(s)] for s in summary.per_task]
        headers = ["task", *TASK_COLUMNS]
        if usage:
            rows = [
                [*r, *usage_cells(s.usage)] for r, s in zip(rows, summary.per_task, strict=True)
            ]
            headers += USAGE_COLUMNS
        parts += ["Per task", text_table(headers, rows), ""]
    if headline:
        parts.append(format_headline(summary))
    return "\n".join(parts).strip("\n")


def format_run_notes(summary: Summary, plugin_errors: Sequence[Mapping[str, Any]] = ()) -> str:
    """Lines after the tables: how many episodes errored, which observer hooks failed."""
    lines = []
    if summary.errors:
        lines.append(
            f"{summary.errors} of {summary.episodes} episodes ended in an error (scored 0; "
            "see `error` in results.jsonl); `droidhub run --retry-errors` with the same "
            "options runs only those again"
        )
    if plugin_errors:
        lines.append("Plugin hooks that failed during the run (the run went on without them):")
        for e in plugin_errors:
            times = f" ({e['count']} times)" if e.get("count", 1) > 1 else ""
            lines.append(f"  {e['plugin']} {e['hook']}{times}: {e['cause']}")
    return "\n".join(lines)
