"""Charts of the HTML report, as inline SVG (no script, no network): success by app,
difficulty and tag with Wilson 95 % intervals over episodes, pass@k over seeds, and the
judges' and step metrics' figures when a run has them."""

from __future__ import annotations

import html
import json
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from droidhub.report.statistics import wilson
from droidhub.results.records import EpisodeResult

_BAR_H, _LABEL_W, _PLOT_W = 18, 220, 420


def grouped(
    results: Sequence[EpisodeResult], keys: Callable[[EpisodeResult], Iterable[str]]
) -> list[tuple[str, int, int]]:
    """``(group, successes, episodes)`` per group, by decreasing episodes then name."""
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for result in results:
        for key in keys(result):
            counts[key][0] += int(result.success)
            counts[key][1] += 1
    return sorted(((k, s, n) for k, (s, n) in counts.items()), key=lambda g: (-g[2], g[0]))


def bar_chart(title: str, groups: Sequence[tuple[str, int, int]]) -> str:
    """A horizontal bar per group: its success rate, with its Wilson interval as a whisker."""
    if not groups:
        return ""
    height = _BAR_H * len(groups) + 24
    parts = [
        f"<svg class='chart' role='img' aria-label='{html.escape(title)}' "
        f"width='{_LABEL_W + _PLOT_W + 120}' height='{height}'>"
    ]
    for i, (group, successes, n) in enumerate(groups):
        y = 4 + i * _BAR_H
        rate = successes / n if n else 0.0
        low, high = wilson(successes, n)
        width = round(rate * _PLOT_W)
        x0, x1 = _LABEL_W + round(low * _PLOT_W), _LABEL_W + round(high * _PLOT_W)
        mid = y + _BAR_H // 2 - 1
        parts.append(
            f"<text x='{_LABEL_W - 6}' y='{mid + 4}' text-anchor='end'>{html.escape(group)}</text>"
            f"<rect x='{_LABEL_W}' y='{y}' width='{width}' height='{_BAR_H - 4}' fill='#4a7bd0'>"
            f"<title>{html.escape(group)}: {successes} of {n} "
            f"({rate:.1%}, 95% CI {low:.1%}-{high:.1%})</title></rect>"
            f"<line x1='{x0}' x2='{x1}' y1='{mid}' y2='{mid}' stroke='#222'/>"
            f"<line x1='{x0}' x2='{x0}' y1='{mid - 4}' y2='{mid + 4}' stroke='#222'/>"
            f"<line x1='{x1}' x2='{x1}' y1='{mid - 4}' y2='{mid + 4}' stroke='#222'/>"
            f"<text x='{_LABEL_W + _PLOT_W + 8}' y='{mid + 4}'>{rate:.0%} of {n}</text>"
        )
    axis_y = 4 + len(groups) * _BAR_H
    for tick in (0, 0.5, 1):
        x = _LABEL_W + round(tick * _PLOT_W)
        parts.append(
            f"<line x1='{x}' x2='{x}' y1='4' y2='{axis_y}' stroke='#ccc'/>"
            f"<text x='{x}' y='{axis_y + 14}' text-anchor='middle'>{tick:.0%}</text>"
        )
    parts.append("</svg>")
    return f"<h3>{html.escape(title)}</h3>" + "".join(parts)


def histogram(title: str, values: Sequence[float], unit: str, bins: int = 12) -> str:
    """A column per range of ``values`` (at most ``bins`` equal ranges), as inline SVG."""
    if not values:
        return ""
    low, high = min(values), max(values)
    width = max((high - low) / bins, 1e-9) if high > low else 1.0
    counts = [0] * (bins if high > low else 1)
    for value in values:
        counts[min(len(counts) - 1, int((value - low) / width))] += 1
    plot_w, plot_h, top = 480, 120, 8
    column = plot_w // len(counts)
    peak = max(counts)
    parts = [
        f"<svg class='chart' role='img' aria-label='{html.escape(title)}' "
        f"width='{plot_w + 60}' height='{plot_h + 40}'>"
    ]
    for i, count in enumerate(counts):
        h = round(count / peak * plot_h)
        start = low + i * width
        parts.append(
            f"<rect x='{30 + i * column}' y='{top + plot_h - h}' width='{column - 2}' "
            f"height='{h}' fill='#7a9fd8'><title>{start:g}-{start + width:g} {unit}: "
            f"{count}</title></rect>"
        )
    parts.append(
        f"<text x='30' y='{top + plot_h + 16}'>{low:g}</text>"
        f"<text x='{30 + plot_w}' y='{top + plot_h + 16}' text-anchor='end'>{high:g} {unit}"
        f"</text><text x='26' y='{top + 10}' text-anchor='end'>{peak}</text></svg>"
    )
    return f"<h3>{html.escape(title)}</h3>" + "".join(parts)


def pass_at_k(results: Sequence[EpisodeResult]) -> list[tuple[int, float]]:
    """``(k, share of tasks solved by at least one of their first k instances)``, for k
    from 1 to the most instances any task has (instances in the order of their number)."""
    by_task: dict[str, list[EpisodeResult]] = defaultdict(list)
    for result in results:
        by_task[f"{result.family}/{result.task}"].append(result)
    if not by_task:
        return []
    most = max(len(v) for v in by_task.values())
    rows = []
    for k in range(1, most + 1):
        solved = sum(
            any(r.success for r in sorted(runs, key=lambda r: r.instance)[:k])
            for runs in by_task.values()
        )
        rows.append((k, solved / len(by_task)))
    return rows


def charts_html(results: Sequence[EpisodeResult]) -> str:
    """The report's charts: success by app, difficulty and tag, and pass@k."""
    parts = [
        "<h2>Charts</h2><p>Success over episodes, with Wilson 95% intervals.</p>",
        bar_chart("Success by app", grouped(results, lambda r: r.apps or ["(none)"])),
        bar_chart("Success by difficulty", grouped(results, lambda r: [r.difficulty or "?"])),
        bar_chart("Success by tag", grouped(results, lambda r: r.tags or ["(none)"])),
    ]
    parts.append(histogram("Steps per episode", [r.steps for r in results], "steps"))
    tokens = [r.usage.get("total_tokens", 0.0) for r in results if r.usage]
    if tokens:
        parts.append(histogram("Model tokens per episode", tokens, "tokens"))
    rows = pass_at_k(results)
    if len(rows) > 1:
        cells = "".join(f"<tr><td class='num'>{k}</td><td class='num'>{share:.1%}</td></tr>"
                        for k, share in rows)  # fmt: skip
        parts.append(
            "<h3>pass@k over instances</h3><p>The share of tasks solved by at least one "
            "of their first k instances.</p><table><thead><tr><th>k</th><th>pass@k</th>"
            f"</tr></thead><tbody>{cells}</tbody></table>"
        )
    return "".join(parts)


def evaluation_html(run_dir: Path, results: Sequence[EpisodeResult]) -> str:
    """Judges' agreement with the rewards and the step metrics, when the run has them
    (``droidhub judge``, ``droidhub metrics``)."""
    from droidhub.evaluation.judges import read_judgements
    from droidhub.evaluation.step_metrics import METRICS_FILE

    rows = []
    for path in sorted((run_dir / "judgements").glob("*.jsonl")):
        verdicts = read_judgements(run_dir, path.stem)
        both = [(verdicts[r.episode_id].success, r.success) for r in results
                if r.episode_id in verdicts]  # fmt: skip
        if both:
            agree = sum(j == t for j, t in both)
            judged = sum(j for j, _ in both)
            rows.append(
                f"<tr><td>judge {html.escape(path.stem)}</td><td class='num'>{len(both)}</td>"
                f"<td class='num'>{agree / len(both):.1%} agree with the reward</td>"
                f"<td class='num'>{judged / len(both):.1%} judged successes</td></tr>"
            )
    metrics = run_dir / METRICS_FILE
    if metrics.is_file():
        data = json.loads(metrics.read_text(encoding="utf-8"))
        rows.append(
            f"<tr><td>step metrics against {html.escape(str(data.get('reference', '?')))}"
            f"</td><td class='num'>{len(data.get('episodes', []))}</td>"
            f"<td class='num'>{data.get('step_accuracy', 0):.1%} step accuracy</td>"
            f"<td class='num'>{data.get('complete_match_rate', 0):.1%} complete matches</td></tr>"
        )
    if not rows:
        return ""
    return (
        "<h2>Judges and step metrics</h2><table><thead><tr><th>measure</th><th>episodes"
        "</th><th></th><th></th></tr></thead><tbody>" + "".join(rows) + "</tbody></table>"
    )
