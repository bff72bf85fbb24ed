"""Summaries of a run: the numbers a paper cites.

Both headline numbers are means over *tasks* of each task's mean over its episodes, as
AndroidWorld reports them, so a task with many instances weighs no more than one
with few. ``success_rate`` counts an episode only when its reward is exactly 1, so
partial credit (composites, MiniWoB partial rewards) never reads as success.
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from pydantic import BaseModel, Field

from droidhub.report.statistics import (
    by_instance,
    clustered_bootstrap_ci95,
    pass_at_k,
    pass_hat_k,
    seed_spread,
    wilson,
)
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
    #: Episodes with reward exactly 1, and their Wilson 95 % interval as a rate.
    successes: int = 0
    success_ci95: tuple[float, float] = (0.0, 1.0)
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
    #: 95% intervals of the two headline numbers, by a bootstrap clustered by task
    #: (tasks resampled, then each task's episodes): :mod:`droidhub.report.statistics`.
    success_rate_ci95: tuple[float, float]
    mean_reward_ci95: tuple[float, float]
    #: Every episode pooled: how many succeeded, and the Wilson 95% interval of that rate.
    successes: int = 0
    episode_success_ci95: tuple[float, float] = (0.0, 1.0)
    #: pass@k and pass^k over the tasks that ran at least k episodes (k: the fewest
    #: episodes any task ran, when that is 2 or more; else None).
    pass_k: int | None = None
    pass_at_k: float | None = None
    pass_hat_k: float | None = None
    #: Standard deviation over instance indices (seeds) of the success rate; the number
    #: of indices.
    seed_sd: float | None = None
    seeds: int = 0
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
                successes=sum(1 for e in eps if e.success),
                success_ci95=wilson(sum(1 for e in eps if e.success), len(eps)),
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


def summarize(results: Sequence[EpisodeResult]) -> Summary:
    """Summarise a run's results."""
    stats = task_stats(results)
    by_task: dict[tuple[str, str], list[EpisodeResult]] = defaultdict(list)
    for r in results:
        by_task[(r.family, r.task)].append(r)
    episodes = list(by_task.values())
    successes = sum(1 for r in results if r.success)
    seeds = by_instance([(r.instance, r.success) for r in results])
    return Summary(
        success_rate_ci95=clustered_bootstrap_ci95(
            [[1.0 if e.success else 0.0 for e in eps] for eps in episodes]
        ),
        mean_reward_ci95=clustered_bootstrap_ci95([[e.reward for e in eps] for eps in episodes]),
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
        successes=successes,
        episode_success_ci95=wilson(successes, len(results)),
        **_pass_k(stats),
        seed_sd=seed_spread(seeds),
        seeds=len(seeds),
    )


def _pass_k(stats: Sequence[TaskStats]) -> dict[str, Any]:
    """pass@k and pass^k, means over tasks, at k = the fewest episodes a task ran."""
    k = min((s.episodes for s in stats), default=0)
    if k < 2:
        return {}
    return {
        "pass_k": k,
        "pass_at_k": _mean(pass_at_k(s.episodes, s.successes, k) for s in stats),
        "pass_hat_k": _mean(pass_hat_k(s.episodes, s.successes, k) for s in stats),
    }


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
TASK_COLUMNS = ("episodes", "success", "95% CI (Wilson)", "mean reward", "stdev", "errors", "steps")


def task_cells(s: TaskStats) -> list[str]:
    """One task's statistics as the cells of a table row (see :data:`TASK_COLUMNS`)."""
    return [
        str(s.episodes),
        percent(s.success_rate),
        f"{percent(s.success_ci95[0])}-{percent(s.success_ci95[1])}",
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
    e_lo, e_hi = summary.episode_success_ci95
    lines = [
        f"Success rate: {percent(summary.success_rate)} (95% CI {percent(lo)}-{percent(hi)})"
        f"   Mean reward: {summary.mean_reward:.3f} (95% CI {r_lo:.3f}-{r_hi:.3f})",
        "(both: means over tasks of each task's mean over its episodes; intervals by a "
        "bootstrap\n over tasks, then each task's episodes)",
        f"Episodes solved: {summary.successes} of {summary.episodes} "
        f"(Wilson 95% CI {percent(e_lo)}-{percent(e_hi)})",
        f"Tasks: {summary.tasks}   Episodes: {summary.episodes}   Errors: {summary.errors}",
        f"Mean steps: {summary.mean_steps:.1f}   Mean time: {summary.mean_duration_s:.2f}s"
        f"   Total time: {total_s:.1f}s (episodes added up)",
    ]
    if summary.pass_k is not None:
        assert summary.pass_at_k is not None and summary.pass_hat_k is not None
        k = summary.pass_k
        lines.append(
            f"pass@{k}: {percent(summary.pass_at_k)}   pass^{k}: {percent(summary.pass_hat_k)}"
            f"   (at least one / all of {k} episodes of a task solved, mean over tasks)"
        )
    if summary.seed_sd is not None:
        lines.append(
            f"Spread over seeds: success rate sd {percent(summary.seed_sd)} over "
            f"{summary.seeds} instance indices"
        )
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
