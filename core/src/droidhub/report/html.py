"""A static HTML report of a run: tables, charts, episodes and their steps.

Screenshots are linked by default: each step shows the run folder's own PNG (loaded
lazily, as the page scrolls to it) with the point the agent acted at drawn over it, so
a report of thousands of episodes stays small and opens at once beside its run folder.
On request (``embed=True``, ``report --embed-screenshots``) they are embedded instead,
as data URIs annotated with the numbered boxes of the UI elements the agent saw and the
point it tapped, so the file can be mailed or attached to a paper's supplementary
material as is.
"""

from __future__ import annotations

import base64
import html
import io
import json
import os
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from droidhub.report.browse import outcome
from droidhub.report.charts import charts_html, evaluation_html
from droidhub.report.html_links import LINKED_CSS, linked_script, linked_step, model_facts
from droidhub.report.summary import (
    TASK_COLUMNS,
    USAGE_COLUMNS,
    GroupStats,
    Summary,
    has_usage,
    percent,
    summarize,
    task_cells,
    usage_cells,
)
from droidhub.results.layout import EpisodeFolder, RunFolder
from droidhub.results.prompts import prompt_text, read_requests
from droidhub.results.records import EpisodeResult, read_results, read_steps

#: Width of the embedded screenshots (device pixels are scaled down to it).
THUMB_WIDTH = 360

_CSS = """
body{font-family:system-ui,sans-serif;margin:24px;color:#222;max-width:1400px}
table{border-collapse:collapse;margin:8px 0 20px}
th,td{border:1px solid #ccc;padding:3px 8px;text-align:left;font-size:14px}
th{background:#f1f1f1} td.num{text-align:right}
.ok{color:#0a7a2f;font-weight:600}.bad{color:#b3261e;font-weight:600}
.part{color:#a15c00;font-weight:600}
details{border:1px solid #ddd;margin:6px 0;padding:6px 10px;border-radius:4px}
summary{cursor:pointer}
.steps{display:flex;flex-wrap:wrap;gap:12px}
.step{width:370px;font-size:13px}.step img{width:360px;border:1px solid #bbb}
pre{background:#f7f7f7;padding:8px;overflow-x:auto;font-size:12px}
svg.chart{display:block;font-size:12px;margin:4px 0 12px}
"""


def _e(value: object) -> str:
    return html.escape(str(value), quote=True)


def _table(headers: Sequence[str], rows: Sequence[Sequence[str]], numeric: set[int]) -> str:
    head = "".join(f"<th>{_e(h)}</th>" for h in headers)
    body = "".join(
        "<tr>"
        + "".join(
            f"<td class='num'>{_e(c)}</td>" if i in numeric else f"<td>{_e(c)}</td>"
            for i, c in enumerate(row)
        )
        + "</tr>"
        for row in rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _group_table(title: str, groups: Sequence[GroupStats]) -> str:
    if not groups:
        return ""
    rows = [
        [g.group, str(g.tasks), str(g.episodes), percent(g.success_rate), f"{g.mean_reward:.3f}"]
        for g in groups
    ]
    return f"<h3>{_e(title)}</h3>" + _table(
        ["group", "tasks", "episodes", "success", "mean reward"], rows, {1, 2, 3, 4}
    )


def _tap_point(action: dict[str, Any], elements: list[dict[str, Any]]) -> tuple[int, int] | None:
    x, y = action.get("x"), action.get("y")
    if isinstance(x, int) and isinstance(y, int):  # an invalid answer may hold anything
        return x, y
    index = action.get("index")
    if isinstance(index, int) and 0 <= index < len(elements):
        box = elements[index].get("bounds")
        if box:
            return (box[0] + box[2]) // 2, (box[1] + box[3]) // 2
    return None


def _label_font(size: int) -> ImageFont.ImageFont | ImageFont.FreeTypeFont:
    try:
        return ImageFont.load_default(size=size)
    except TypeError:  # Pillow < 10.1 has only the fixed-size bitmap font
        return ImageFont.load_default()


def annotate(png: Path, elements: list[dict[str, Any]], action: dict[str, Any]) -> str:
    """The screenshot with numbered element boxes and the tap point, as a data URI.

    The image is scaled down to :data:`THUMB_WIDTH` first and annotated at that size:
    drawn on the full-size screen, the numbers would shrink to a few unreadable pixels.
    """
    with Image.open(png) as src:
        scale = THUMB_WIDTH / src.width
        size = (THUMB_WIDTH, max(1, round(src.height * scale)))
        # reducing_gap=1: shrink by a whole factor (box filter) before resampling; for a
        # thumbnail it looks the same and is ~6x faster than resampling the full screen.
        img = src.convert("RGB").resize(size, Image.Resampling.BICUBIC, reducing_gap=1.0)
    draw = ImageDraw.Draw(img)
    font = _label_font(11)
    labels = []
    for i, el in enumerate(elements):
        box = el.get("bounds")
        if not box or box[2] <= box[0] or box[3] <= box[1]:
            continue
        left, top, right, bottom = (round(v * scale) for v in box)
        draw.rectangle((left, top, right, bottom), outline=(30, 110, 230), width=1)
        labels.append((i, left, top))
    # Labels after all boxes, so no box is drawn over a number.
    for i, left, top in labels:
        text = str(i)
        x0, y0, x1, y1 = draw.textbbox((left + 1, top + 1), text, font=font)
        draw.rectangle((x0 - 1, y0 - 1, x1 + 1, y1 + 1), fill=(30, 110, 230))
        draw.text((left + 1, top + 1), text, fill=(255, 255, 255), font=font)
    point = _tap_point(action, elements)
    if point is not None:
        x, y = round(point[0] * scale), round(point[1] * scale)
        r = max(6, THUMB_WIDTH // 30)
        draw.ellipse((x - r, y - r, x + r, y + r), outline=(230, 0, 0), width=3)
        draw.ellipse((x - 2, y - 2, x + 2, y + 2), fill=(230, 0, 0))
    buf = io.BytesIO()
    # WebP: half the JPEG's bytes at the same look (boxes and digits are sharp edges
    # JPEG spends bytes on), so a 1,000-step report stays in the tens of MB. method=1
    # encodes in a third of the default's time for ~25 % more bytes.
    img.save(buf, format="WEBP", quality=70, method=1)
    return "data:image/webp;base64," + base64.b64encode(buf.getvalue()).decode("ascii")


def step_image(folder: Path, step: dict[str, Any]) -> str:
    """The step's annotated screenshot as an ``<img>``, or a note why it cannot be shown."""
    shot = step.get("screenshot")
    if not shot or not (folder / shot).exists():
        return ""
    try:
        uri = annotate(folder / shot, step.get("ui_elements", []), step.get("action", {}))
    except (OSError, ValueError) as exc:
        # One unreadable file (a run killed while writing it) must not cost the report.
        return f"<div class='bad'>screenshot {_e(shot)} unreadable: {_e(exc)}</div>"
    return f"<img alt='step {step.get('index')}' src='{uri}'>"


def step_images(jobs: Sequence[tuple[Path, dict[str, Any]]]) -> list[str]:
    """Every step's image, on all cores: decoding, scaling and encoding release the GIL,
    so threads share the work (a screenshot costs ~25 ms of CPU, a 10,000-step run
    minutes on one core)."""
    workers = min(8, os.cpu_count() or 1, max(1, len(jobs) // 8))
    if workers == 1:
        return [step_image(folder, step) for folder, step in jobs]
    with ThreadPoolExecutor(workers) as pool:
        return list(pool.map(lambda job: step_image(*job), jobs))


def _episode_folder(run_dir: Path, r: EpisodeResult) -> Path:
    return RunFolder(run_dir).episode(r.family, r.task, r.instance).path


def _recorded_steps(run_dir: Path, r: EpisodeResult) -> list[tuple[Path, dict[str, Any]]]:
    """The episode's step records, each with the folder its screenshot lies in."""
    folder = _episode_folder(run_dir, r)
    return [(folder, step) for step in _read_steps(folder)]


def _read_steps(folder: Path) -> list[dict[str, Any]]:
    return read_steps(EpisodeFolder(folder))


def _agent_info_html(info: object, folder: Path) -> str:
    """What a model-driven agent recorded for a step: tokens, latency, parse error, reply,
    and the requests it sent (read from the step's prompt file in ``folder``)."""
    if not isinstance(info, dict):
        return ""
    facts = model_facts(info)
    out = f"<div class='agent'>{_e(facts)}</div>" if facts else ""
    if info.get("parse_error"):
        out += f"<div class='bad'>reply not understood: {_e(info['parse_error'])}</div>"
    if info.get("reply"):
        out += f"<details><summary>reply</summary><pre>{_e(info['reply'])}</pre></details>"
    requests = read_requests(EpisodeFolder(folder), info.get("prompt_file"))
    for number, request in enumerate(requests, 1):
        label = (
            "what the model saw" if len(requests) == 1 else f"request {number} of {len(requests)}"
        )
        out += f"<details><summary>{label}</summary><pre>{_e(prompt_text(request))}</pre></details>"
    return out


def _tree_html(elements: object) -> str:
    """The step's UI elements, numbered as the agent saw them, folded until opened."""
    if not isinstance(elements, list) or not elements:
        return ""
    lines = []
    for i, e in enumerate(elements):
        if not isinstance(e, dict):
            continue
        words = [str(e.get("class_name", "")).rsplit(".", 1)[-1] or "View"]
        for key, label in (("text", "text"), ("content_description", "desc")):
            if e.get(key):
                words.append(f"{label}={json.dumps(e[key], ensure_ascii=False)}")
        if e.get("resource_id"):
            words.append(f"id={str(e['resource_id']).rsplit('/', 1)[-1]}")
        words += [f for f in ("clickable", "checked", "focused", "scrollable") if e.get(f)]
        if len(words) > 1 or e.get("clickable"):
            lines.append(f"{i}: {' '.join(words)}")
    listing = _e("\n".join(lines))
    return (
        f"<details class='tree'><summary>UI tree ({len(elements)} elements)</summary>"
        f"<pre>{listing}</pre></details>"
    )


#: The CSS class an outcome is shown in (partial: credit, but not a success).
_VERDICT_CLASS = {"success": "ok", "error": "bad", "partial": "part", "failure": "bad"}


def _episode_html(
    r: EpisodeResult,
    steps: Sequence[tuple[dict[str, Any], str]],
    folder: Path,
    linked: int | None = None,
) -> str:
    """One episode, folded; ``steps`` are its step records (from ``folder``) with their
    images, or, with ``linked`` (its number), none: the script draws them when opened."""
    label = outcome(r)
    verdict = _VERDICT_CLASS[label]
    opener = "<details>" if linked is None else f"<details data-e='{linked}'>"
    parts = [
        f"{opener}<summary><span class='{verdict}'>{label}</span> "
        f"{_e(r.episode_id)}: reward {r.reward:.3f}, {r.steps} steps, {r.duration_s:.1f}s"
        "</summary>",
        f"<p><b>Goal:</b> {_e(r.goal)}</p>",
        f"<p><b>Params:</b> <code>{_e(json.dumps(r.params, ensure_ascii=False))}</code></p>",
    ]
    subs = r.details.get("sub_rewards")
    if isinstance(subs, dict) and subs:
        rows = [[str(k), f"{float(v):.3f}"] for k, v in subs.items()]
        parts.append("<p><b>Sub-rewards</b></p>" + _table(["sub-task", "reward"], rows, {1}))
    other = {k: v for k, v in r.details.items() if k != "sub_rewards"}
    if other:
        parts.append(f"<p><b>Details:</b> <code>{_e(json.dumps(other, default=str))}</code></p>")
    if r.error:
        parts.append(f"<p class='bad'>{_e(r.error)}</p><pre>{_e(r.traceback or '')}</pre>")
    cells = []
    for step, img in steps:
        action = step.get("action", {})
        err = f"<div class='bad'>{_e(step['error'])}</div>" if step.get("error") else ""
        err += _agent_info_html(step.get("agent_info"), folder)
        err += _tree_html(step.get("ui_elements"))
        cells.append(
            f"<div class='step'><b>Step {step.get('index')}</b> "
            f"<code>{_e(json.dumps(action, ensure_ascii=False))}</code>{err}{img}</div>"
        )
    if linked is not None:
        parts.append("<div class='steps'></div>")
    elif cells:
        parts.append("<div class='steps'>" + "".join(cells) + "</div>")
    parts.append("</details>")
    return "".join(parts)


def _usage_table(summary: Summary) -> str:
    if not has_usage(summary):
        return ""
    return (
        "<h3>Model usage</h3>"
        + _table(list(USAGE_COLUMNS), [usage_cells(summary.usage)], {0, 1, 2, 3, 4})
        + "<p>Tokens as the server reported them; cost from --agent-option price_in/price_out"
        " (per million tokens); latency is the mean time of one model call.</p>"
    )


def _task_table(summary: Summary) -> str:
    headers = ["task", "family", *TASK_COLUMNS]
    rows = [[s.task, s.family, *task_cells(s)] for s in summary.per_task]
    if has_usage(summary):
        headers += USAGE_COLUMNS
        rows = [[*r, *usage_cells(s.usage)] for r, s in zip(rows, summary.per_task, strict=True)]
    return _table(headers, rows, set(range(2, len(headers))))


def render_html(
    run_dir: Path,
    results: Sequence[EpisodeResult] | None = None,
    with_steps: bool = True,
    links_from: Path | None = None,
) -> str:
    """The HTML report of ``run_dir`` as a string: screenshots linked relative to the
    folder ``links_from`` (where the report will be), or embedded when it is None."""
    results = list(results) if results is not None else read_results(run_dir)
    summary: Summary = summarize(results)
    manifest = {}
    manifest_path = RunFolder(run_dir).manifest
    if manifest_path.exists():
        manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    lo, hi = summary.success_rate_ci95
    reward_lo, reward_hi = summary.mean_reward_ci95
    head = [
        f"<h1>droidhub run: {_e(', '.join(manifest.get('suite', [])) or run_dir.name)}</h1>",
        f"<p>Agent <b>{_e(manifest.get('agent', '?'))}</b>, seed {_e(manifest.get('seed', '?'))},"
        f" devices {_e(', '.join(manifest.get('devices', [])))},"
        f" droidhub {_e(manifest.get('droidhub_version', '?'))}.</p>",
        "<h2>Summary</h2>",
        _table(
            [
                "tasks",
                "episodes",
                "errors",
                "success rate",
                "95% CI",
                "mean reward",
                "95% CI",
                "mean steps",
                "mean time (s)",
            ],
            [
                [
                    str(summary.tasks),
                    str(summary.episodes),
                    str(summary.errors),
                    percent(summary.success_rate),
                    f"{percent(lo)} - {percent(hi)}",
                    f"{summary.mean_reward:.3f}",
                    f"{reward_lo:.3f} - {reward_hi:.3f}",
                    f"{summary.mean_steps:.1f}",
                    f"{summary.mean_duration_s:.2f}",
                ]
            ],
            {0, 1, 2, 3, 5, 7, 8},
        ),
        "<p>Success rate and mean reward are means over tasks of each task's mean over its"
        " episodes; an episode succeeds only with reward 1. The 95% intervals come from a"
        " bootstrap over tasks.</p>",
        _usage_table(summary),
        charts_html(results),
        evaluation_html(run_dir, results),
        _group_table("By family", summary.by_family),
        _group_table("By app", summary.by_app),
        _group_table("By difficulty", summary.by_difficulty),
        _group_table("By tag", summary.by_tag),
        "<h2>Per task</h2>",
        _task_table(summary),
        "<h2>Episodes</h2>",
    ]
    recorded = [_recorded_steps(run_dir, r) if with_steps else [] for r in results]
    if links_from is not None:
        return _linked_page(run_dir, results, recorded, head, links_from)
    images = iter(step_images([job for episode_jobs in recorded for job in episode_jobs]))
    episodes = [
        _episode_html(r, [(step, next(images)) for _, step in jobs], _episode_folder(run_dir, r))
        for r, jobs in zip(results, recorded, strict=True)
    ]
    return _page(run_dir, head + episodes)


def _page(run_dir: Path, body: Sequence[str], css: str = "") -> str:
    return (
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
        f"<title>droidhub report: {_e(run_dir.name)}</title><style>{_CSS}{css}</style></head>"
        "<body>" + "".join(body) + "</body></html>"
    )


def _linked_page(
    run_dir: Path,
    results: Sequence[EpisodeResult],
    recorded: Sequence[Sequence[tuple[Path, dict[str, Any]]]],
    head: list[str],
    base: Path,
) -> str:
    """The report with its steps as data, drawn when an episode opens (html_links)."""
    steps: dict[str, list[list[Any]]] = {}
    episodes = []
    for number, (r, jobs) in enumerate(zip(results, recorded, strict=True)):
        episodes.append(_episode_html(r, [], _episode_folder(run_dir, r), linked=number))
        steps[str(number)] = [
            linked_step(
                folder, step, base, _tap_point(step.get("action", {}), step.get("ui_elements", []))
            )
            for folder, step in jobs
        ]
    note = (
        "<p>Open an episode to see its steps; their screenshots are the run folder's "
        "own files. UI trees and what a model was sent: <code>droidhub view RUN</code>.</p>"
    )
    return _page(run_dir, [*head, note, *episodes, linked_script(steps)], LINKED_CSS)


def write_html(run_dir: Path, out: Path, with_steps: bool = True, embed: bool = False) -> Path:
    """Write the HTML report of ``run_dir`` to ``out``, its screenshots linked from there
    (or embedded)."""
    out.parent.mkdir(parents=True, exist_ok=True)
    links_from = None if embed else out.parent.resolve()
    out.write_text(render_html(run_dir, with_steps=with_steps, links_from=links_from), "utf-8")
    return out
