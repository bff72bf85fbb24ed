"""Comparing two runs task by task: the difference, and which tasks flipped."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from droidhub.report.summary import percent, summarize, text_table
from droidhub.results.records import EpisodeResult


@dataclass(frozen=True)
class TaskComparison:
    """One task in two runs (None where a run does not have the task)."""

    task: str
    reward_a: float | None
    reward_b: float | None
    success_a: float | None
    success_b: float | None

    @property
    def difference(self) -> float | None:
        """Mean reward of B minus A."""
        if self.reward_a is None or self.reward_b is None:
            return None
        return self.reward_b - self.reward_a

    @property
    def flip(self) -> str:
        """``gained`` when A never solved the task and B did at least once; ``lost`` the
        other way round; ``""`` otherwise, or when a run lacks the task."""
        if self.success_a is None or self.success_b is None:
            return ""
        if self.success_a == 0 and self.success_b > 0:
            return "gained"
        if self.success_a > 0 and self.success_b == 0:
            return "lost"
        return ""


def compare(a: Sequence[EpisodeResult], b: Sequence[EpisodeResult]) -> list[TaskComparison]:
    """Per-task comparison of two runs, tasks of A first, then tasks only in B."""
    stats_a = {f"{s.family}/{s.task}": s for s in summarize(a).per_task}
    stats_b = {f"{s.family}/{s.task}": s for s in summarize(b).per_task}
    names = list(stats_a) + [n for n in stats_b if n not in stats_a]
    rows = []
    for name in names:
        sa, sb = stats_a.get(name), stats_b.get(name)
        rows.append(
            TaskComparison(
                task=name,
                reward_a=sa.mean_reward if sa else None,
                reward_b=sb.mean_reward if sb else None,
                success_a=sa.success_rate if sa else None,
                success_b=sb.success_rate if sb else None,
            )
        )
    return rows


def format_comparison(rows: Sequence[TaskComparison], name_a: str, name_b: str) -> str:
    """The comparison as a plain-text table, with overall numbers and the flipped tasks."""

    def num(x: float | None, signed: bool = False) -> str:
        if x is None:
            return "-"
        return f"{x:+.3f}" if signed else f"{x:.3f}"

    headers = ["task", "reward A", "reward B", "B - A", "success A", "success B", "flip"]
    table = [
        [
            r.task,
            num(r.reward_a),
            num(r.reward_b),
            num(r.difference, True),
            "-" if r.success_a is None else percent(r.success_a),
            "-" if r.success_b is None else percent(r.success_b),
            r.flip,
        ]
        for r in rows
    ]
    lines = [f"A = {name_a}", f"B = {name_b}", "", text_table(headers, table)]
    both = [r for r in rows if r.difference is not None]
    if both:
        mean_a = sum(r.reward_a or 0.0 for r in both) / len(both)
        mean_b = sum(r.reward_b or 0.0 for r in both) / len(both)
        lines += [
            "",
            f"On the {len(both)} tasks both runs have: mean reward A {mean_a:.3f}, "
            f"B {mean_b:.3f}, difference {mean_b - mean_a:+.3f}",
        ]
    gained = [r.task for r in rows if r.flip == "gained"]
    lost = [r.task for r in rows if r.flip == "lost"]
    lines.append(f"Flipped to solved in B ({len(gained)}): {', '.join(gained) or '-'}")
    lines.append(f"Flipped to unsolved in B ({len(lost)}): {', '.join(lost) or '-'}")
    return "\n".join(lines)


def mcnemar(
    a: Sequence[EpisodeResult], b: Sequence[EpisodeResult]
) -> tuple[int, int, float | None]:
    """McNemar's exact test over the episodes both runs played (same task, instance):
    ``(solved by A only, solved by B only, two-sided p)``; p is None with no discordant
    pair. The exact form: a binomial test of the discordant pairs against 1/2."""
    success_b = {r.episode_id: r.success for r in b}
    pairs = [(r.success, success_b[r.episode_id]) for r in a if r.episode_id in success_b]
    only_a = sum(x and not y for x, y in pairs)
    only_b = sum(y and not x for x, y in pairs)
    if only_a + only_b == 0:
        return only_a, only_b, None
    from droidhub.evaluation.calibration import binomial_p

    return only_a, only_b, binomial_p(min(only_a, only_b), only_a + only_b)


def format_mcnemar(a: Sequence[EpisodeResult], b: Sequence[EpisodeResult]) -> str:
    """One line: the paired test of whether A and B differ in success."""
    only_a, only_b, p = mcnemar(a, b)
    shown = "no discordant episode" if p is None else f"p = {p:.3g}"
    return (
        f"McNemar's exact test on the episodes both ran: solved by A only {only_a}, "
        f"by B only {only_b}; {shown}"
    )
