"""Reports of a real run on the virtual phone: numbers against hand computation, the HTML
in headless Chromium, annotated screenshots, and the 1,000-episode benchmark's numbers.

The run comes from the ``report_runs`` fixture (tiny_report.py): five tasks in two families,
two instances each, one task whose scoring raises, run by an agent that observes
screenshots and taps an element by index, once for each of two seeds.
"""

from __future__ import annotations

import base64
import importlib.util
import io
import json
import re
import shutil
import statistics
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from PIL import Image
from runner_plugins import results_rows

from droidhub.report.html import THUMB_WIDTH, render_html, step_image, step_images
from droidhub.report.statistics import clustered_bootstrap_ci95, wilson
from droidhub.report.summary import format_summary, summarize
from droidhub.results.records import read_results

REPO = Path(__file__).resolve().parents[2]

# The `report_runs` fixture: two real runs, built once per session (see tiny_report.py).
pytest_plugins = ["tiny_report"]

if TYPE_CHECKING:  # imported by pytest_plugins above, as a plugin
    from tiny_report import ReportRuns


# --- hand computation from results.jsonl ---------------------------------------------


def _mean(values: list[float]) -> float:
    return sum(values) / len(values)


@dataclass
class HandTask:
    episodes: int
    reward: float
    success: float
    stdev: float
    errors: int
    steps: float


@dataclass
class HandGroup:
    tasks: int
    episodes: int
    success: float
    reward: float


@dataclass
class Hand:
    """The summary numbers, worked out directly from the result lines."""

    tasks: dict[str, HandTask]
    episodes: int
    errors: int
    reward: float
    success: float
    steps: float
    duration: float
    groups: dict[str, dict[str, HandGroup]]


def hand_summary(rows: list[dict[str, Any]]) -> Hand:
    """Means over tasks of per-task means; an episode succeeds only at reward 1 (and no
    error); groups average their tasks."""
    by_task: dict[str, list[dict[str, Any]]] = {}
    for r in rows:
        by_task.setdefault(f"{r['family']}/{r['task']}", []).append(r)
    tasks = {}
    for name, eps in by_task.items():
        rewards = [e["reward"] for e in eps]
        tasks[name] = HandTask(
            episodes=len(eps),
            reward=_mean(rewards),
            success=_mean([1.0 if e["reward"] == 1.0 and not e["error"] else 0.0 for e in eps]),
            stdev=statistics.pstdev(rewards),
            errors=sum(1 for e in eps if e["error"]),
            steps=_mean([e["steps"] for e in eps]),
        )
    keys = {
        "family": lambda e: [e["family"]],
        "app": lambda e: e["apps"] or ["(none)"],
        "difficulty": lambda e: [e["difficulty"] or "(unset)"],
        "tag": lambda e: e["tags"],
    }
    groups: dict[str, dict[str, HandGroup]] = {}
    for kind, key in keys.items():
        members: dict[str, list[str]] = {}
        for name, eps in by_task.items():
            for group in key(eps[0]):
                members.setdefault(group, []).append(name)
        groups[kind] = {
            group: HandGroup(
                tasks=len(names),
                episodes=sum(tasks[n].episodes for n in names),
                success=_mean([tasks[n].success for n in names]),
                reward=_mean([tasks[n].reward for n in names]),
            )
            for group, names in members.items()
        }
    return Hand(
        tasks=tasks,
        episodes=len(rows),
        errors=sum(1 for r in rows if r["error"]),
        reward=_mean([t.reward for t in tasks.values()]),
        success=_mean([t.success for t in tasks.values()]),
        steps=_mean([r["steps"] for r in rows]),
        duration=_mean([r["duration_s"] for r in rows]),
        groups=groups,
    )


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


# --- the printed tables ----------------------------------------------------------------


def _without_paths(stdout: str) -> str:
    """What ``droidhub run``/``report`` printed, less the lines naming written files."""
    return "\n".join(
        line for line in stdout.splitlines() if not line.startswith(("Summary written", "HTML"))
    )


def parse_printed(text: str) -> dict[str, list[list[str]]]:
    """The tables of ``format_summary`` output, by title (first line of each block),
    as rows of cells; the header block is kept under ``""`` as lines."""
    tables: dict[str, list[list[str]]] = {}
    for block in text.strip().split("\n\n"):
        lines = block.splitlines()
        if len(lines) >= 3 and set(lines[2].replace(" ", "")) == {"-"}:
            cells = [lines[1], *lines[3:]]  # the header and the rows, not the dashes
            tables[lines[0]] = [re.split(r"\s{2,}", ln.strip()) for ln in cells]
        else:  # the notes and the headline, which comes last
            tables.setdefault("", []).extend([ln] for ln in lines)
    return tables


def test_summary_json_and_printed_tables_match_hand_computation(
    report_runs: ReportRuns, html_report_a
) -> None:
    _, report_stdout = html_report_a
    for run_dir, run_stdout in (
        (report_runs.run_a, report_runs.stdout_a),
        (report_runs.run_b, report_runs.stdout_b),
    ):
        rows = results_rows(run_dir)
        hand = hand_summary(rows)
        # What this run is known to hold, whatever the seed.
        assert len(hand.tasks) == 5 and hand.episodes == 10 and hand.errors == 2
        assert hand.tasks["tinyreport/TinyWordKept"].success == 1.0
        half = hand.tasks["tinyreport/TinyHalf"]
        assert (half.reward, half.success) == (0.5, 0.0)  # partial credit is no success
        assert hand.tasks["tinyreport_more/TinyEvalExplodes"].errors == 2

        js = json.loads((run_dir / "summary.json").read_text(encoding="utf-8"))
        assert (js["tasks"], js["episodes"], js["errors"]) == (5, 10, 2)
        assert js["mean_reward"] == pytest.approx(hand.reward)
        assert js["success_rate"] == pytest.approx(hand.success)
        assert js["mean_steps"] == pytest.approx(hand.steps)
        assert js["mean_duration_s"] == pytest.approx(hand.duration)
        per_task = {f"{t['family']}/{t['task']}": t for t in js["per_task"]}
        assert list(per_task) == list(hand.tasks)  # in order of first appearance
        for name, h in hand.tasks.items():
            t = per_task[name]
            assert (t["episodes"], t["errors"]) == (h.episodes, h.errors), name
            assert t["mean_reward"] == pytest.approx(h.reward), name
            assert t["success_rate"] == pytest.approx(h.success), name
            assert t["reward_stdev"] == pytest.approx(h.stdev), name
            assert t["mean_steps"] == pytest.approx(h.steps), name
        for kind in ("family", "app", "difficulty", "tag"):
            got = {g["group"]: g for g in js[f"by_{kind}"]}
            assert set(got) == set(hand.groups[kind]), kind
            for group, hg in hand.groups[kind].items():
                g = got[group]
                assert (g["tasks"], g["episodes"]) == (hg.tasks, hg.episodes), (kind, group)
                assert g["success_rate"] == pytest.approx(hg.success), (kind, group)
                assert g["mean_reward"] == pytest.approx(hg.reward), (kind, group)
        # The bootstrap resamples tasks: its bounds are means of task values.
        task_success = [h.success for h in hand.tasks.values()]
        lo, hi = js["success_rate_ci95"]
        assert min(task_success) <= lo <= hand.success <= hi <= max(task_success)
        lo, hi = js["mean_reward_ci95"]
        task_reward = [h.reward for h in hand.tasks.values()]
        assert min(task_reward) <= lo <= hand.reward <= hi <= max(task_reward)

        # The table `droidhub run` printed, cell by cell.
        printed = parse_printed(_without_paths(run_stdout))
        head = "\n".join(line[0] for line in printed[""])
        assert f"Tasks: 5   Episodes: 10   Errors: {hand.errors}" in head
        assert f"Success rate: {pct(hand.success)} (95% CI" in head
        assert f"Mean reward: {hand.reward:.3f} (95% CI" in head
        assert f"Mean steps: {hand.steps:.1f}   Mean time: {hand.duration:.2f}s" in head
        for kind, title in (
            ("family", "By family"),
            ("app", "By app"),
            ("difficulty", "By difficulty"),
            ("tag", "By tag"),
        ):
            header, *body = printed[title]
            assert header == ["group", "tasks", "episodes", "success", "mean reward"]
            expected = sorted(
                [g, str(h.tasks), str(h.episodes), pct(h.success), f"{h.reward:.3f}"]
                for g, h in hand.groups[kind].items()
            )
            assert body == expected, title
        header, *body = printed["Per task"]
        assert header[:5] == ["task", "episodes", "success", "95% CI (Wilson)", "mean reward"]
        assert body == [
            [
                name,
                str(h.episodes),
                pct(h.success),
                "{}-{}".format(*map(pct, wilson(round(h.success * h.episodes), h.episodes))),
                f"{h.reward:.3f}",
                f"{h.stdev:.3f}",
                str(h.errors),
                f"{h.steps:.1f}",
            ]
            for name, h in hand.tasks.items()
        ]
    # `droidhub report RUN` prints what the run printed at its end.
    assert _without_paths(report_stdout) == _without_paths(report_runs.stdout_a)


def test_bootstrap_interval_is_seeded_and_narrows_with_more_tasks() -> None:
    def interval(task_values: list[float]) -> tuple[float, float]:
        # One episode per task: the clustered bootstrap resamples the tasks alone.
        return clustered_bootstrap_ci95([[v] for v in task_values])

    assert interval([0.25] * 7) == (0.25, 0.25)
    assert interval([]) == (0.0, 0.0)
    few = interval([0.0, 1.0] * 5)
    many = interval([0.0, 1.0] * 200)
    assert few == interval([0.0, 1.0] * 5)  # the same run always reports the same
    assert few[0] < 0.5 < few[1] and many[0] < 0.5 < many[1]
    assert many[1] - many[0] < (few[1] - few[0]) / 3  # 40x the tasks: ~1/6 the width
    # 400 fair coins: the interval is about +-1.96 * 0.5 / sqrt(400) = +-0.049.
    assert many == pytest.approx((0.451, 0.549), abs=0.012)


# --- the HTML: annotated steps, errors, sub-rewards ------------------------------------


def _episode_block(page: str, episode_id: str) -> str:
    blocks = [b for b in page.split("<details>") if f"{episode_id}: reward" in b]
    assert len(blocks) == 1, f"{episode_id} should have exactly one <details> block"
    return blocks[0]


def _count(
    img: Image.Image, box: tuple[int, int, int, int], wanted: Callable[[int, int, int], bool]
) -> int:
    """Pixels inside ``box`` (clipped to the image) whose colour is ``wanted``."""
    left, top, right, bottom = box
    clipped = (max(0, left), max(0, top), min(img.width, right), min(img.height, bottom))
    data = img.crop(clipped).convert("RGB").tobytes()
    return sum(1 for i in range(0, len(data), 3) if wanted(data[i], data[i + 1], data[i + 2]))


def _red(img: Image.Image, cx: int, cy: int, radius: int) -> int:
    """Strongly red pixels within ``radius`` of (cx, cy)."""
    box = (cx - radius, cy - radius, cx + radius + 1, cy + radius + 1)
    return _count(img, box, lambda r, g, b: r > 170 and g < 90 and b < 90)


def _label_blue(img: Image.Image, left: int, top: int) -> int:
    """Label-blue pixels in the 8x8 corner where an element's number is drawn."""
    box = (left + 1, top + 1, left + 9, top + 9)
    return _count(img, box, lambda r, g, b: b > 170 and r < 90 and 80 < g < 150)


def test_steps_with_a_screenshot_embed_it_annotated(report_runs: ReportRuns, html_report_a) -> None:
    out, _ = html_report_a
    page = out.read_text(encoding="utf-8")
    # Self-contained: nothing is fetched from anywhere.
    assert not re.search(r"(src|href)=['\"](?!data:)", page)
    assert "<link" not in page and "<script" not in page

    run = report_runs.run_a
    folder = run / "episodes/tinyreport/TinyLeaveHome/0"
    steps = [json.loads(line) for line in (folder / "steps.jsonl").read_text().splitlines()]
    tap = steps[0]
    assert tap["action"]["action_type"] == "click" and tap["screenshot"] == "step_000.png"
    block = _episode_block(page, "tinyreport/TinyLeaveHome/0")
    found = re.search(r"<img alt='step 0' src='data:image/webp;base64,([A-Za-z0-9+/=]+)'>", block)
    assert found, "step 0 has a PNG, so its annotated image must be embedded"
    assert block.count("<img ") == len(steps)  # every step here observed pixels
    # Each step's UI tree is there, folded, numbered as the agent saw it.
    assert block.count("<summary>UI tree (") == len(steps)
    tapped = tap["ui_elements"][tap["action"]["index"]]
    assert f"{tap['action']['index']}: {tapped['class_name'].rsplit('.', 1)[-1]}" in block
    shown = Image.open(io.BytesIO(base64.b64decode(found.group(1)))).convert("RGB")
    raw = Image.open(folder / tap["screenshot"]).convert("RGB")
    scale = THUMB_WIDTH / raw.width
    assert shown.size == (THUMB_WIDTH, round(raw.height * scale))
    plain = raw.resize(shown.size, Image.Resampling.BICUBIC)

    # The tap: a red ring around the centre of the element tapped by index.
    left, top, right, bottom = tap["ui_elements"][tap["action"]["index"]]["bounds"]
    cx, cy = round((left + right) / 2 * scale), round((top + bottom) / 2 * scale)
    assert _red(shown, cx, cy, 14) > 40 and _red(plain, cx, cy, 14) < 5
    # Far from the tap there is no ring.
    assert _red(shown, shown.width - 30, shown.height - 200, 14) < 5
    # Every element with a box has its number on a blue tag at its top-left corner.
    for i, el in enumerate(tap["ui_elements"]):
        x0, y0, x1, y1 = el["bounds"]
        covered = any(o["bounds"][:2] == [x0, y0] for o in tap["ui_elements"][i + 1 :])
        if x1 <= x0 or y1 <= y0 or covered:
            continue  # a later element's tag covers this one's
        tag_at = (round(x0 * scale), round(y0 * scale))
        assert _label_blue(shown, *tag_at) > 10, f"element {i} has no number tag"
        assert _label_blue(plain, *tag_at) < 5

    # The failing episode shows its error and traceback; the composite its sub-rewards.
    boom = _episode_block(page, "tinyreport_more/TinyEvalExplodes/0")
    assert "RuntimeError: evaluation exploded on purpose" in boom
    assert "Traceback (most recent call last)" in boom and "is_successful" in boom
    half = _episode_block(page, "tinyreport/TinyHalf/0")
    assert half.startswith("<summary><span class='part'>partial</span>")
    assert boom.startswith("<summary><span class='bad'>error</span>")
    kept = _episode_block(page, "tinyreport/TinyWordKept/0")
    assert kept.startswith("<summary><span class='ok'>success</span>")
    assert "<tr><td>file</td><td class='num'>1.000</td></tr>" in half
    assert "<tr><td>setting</td><td class='num'>0.000</td></tr>" in half
    assert "Make both halves hold." in half


def test_an_unreadable_screenshot_costs_only_its_own_image(
    report_runs: ReportRuns, tmp_path: Path
) -> None:
    run = shutil.copytree(report_runs.run_a, tmp_path / "run")
    (run / "episodes/tinyreport/TinyCoin/1/step_001.png").write_bytes(b"cut off by a kill")
    page = render_html(run)
    block = _episode_block(page, "tinyreport/TinyCoin/1")
    assert "screenshot step_001.png unreadable" in block
    assert block.count("<img ") == 1  # step 0 still shows
    assert page.count("<img ") == sum(r["steps"] for r in results_rows(run)) - 1


def test_many_screenshots_shared_out_over_threads_come_back_in_order(
    report_runs: ReportRuns,
) -> None:
    # Enough steps for several threads: every image is the one its step would get alone.
    recorded = sorted(report_runs.run_a.glob("episodes/**/steps.jsonl"))
    jobs = [
        (steps.parent, json.loads(line))
        for steps in recorded
        for line in steps.read_text(encoding="utf-8").splitlines()
    ]
    jobs = (jobs * (40 // len(jobs) + 1))[:40]
    assert len({folder for folder, _ in jobs}) > 1
    assert step_images(jobs) == [step_image(folder, step) for folder, step in jobs]


# --- the 1,000-episode benchmark's run -----------------------------------------------


def _load_benchmark() -> Any:
    path = REPO / "benchmarks" / "report_1000.py"
    spec = importlib.util.spec_from_file_location("report_1000", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["report_1000"] = module  # dataclasses look their module up
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules["report_1000"]
    return module


def test_benchmark_run_of_1000_episodes_reports_the_right_numbers(tmp_path: Path) -> None:
    bench = _load_benchmark()
    run = bench.build_run(tmp_path / "run", 1000)
    results = read_results(run)
    summary = summarize(results)
    assert (summary.tasks, summary.episodes) == (100, 1000)
    # From the rule alone: task t solves instances below t % 11 (at most all 10), scores
    # 0.5 on instance t % 11 (if there is one), 0 after; instance 0 of every 13th task
    # errs instead.
    rewards, successes, errors = [], [], 0
    for t in range(100):
        solved = min(t % 11, 10)
        task_rewards = [1.0] * solved + ([0.5] if solved < 10 else []) + [0.0] * (9 - solved)
        if t % 13 == 0:
            errors += 1
            if task_rewards[0] == 1.0:
                solved -= 1
            task_rewards[0] = 0.0
        rewards.append(sum(task_rewards) / 10)
        successes.append(solved / 10)
    assert summary.errors == errors == 8
    assert summary.mean_reward == pytest.approx(sum(rewards) / 100)
    assert summary.success_rate == pytest.approx(sum(successes) / 100)
    # Families cycle over tasks: 34, 33 and 33 tasks of 10 episodes.
    assert {g.group: (g.tasks, g.episodes) for g in summary.by_family} == {
        "bench_apps": (34, 340),
        "bench_web": (33, 330),
        "bench_mix": (33, 330),
    }
    text = format_summary(summary)
    assert f"Success rate: {pct(sum(successes) / 100)}" in text
    page = render_html(run, results)
    assert page.count("<details>") == 1000
    shots = bench.STEP_EPISODES * bench.STEPS_PER_EPISODE
    assert page.count("src='data:image/webp;base64,") == shots


def test_benchmark_prints_its_figures() -> None:
    proc = subprocess.run(
        [sys.executable, str(REPO / "benchmarks" / "report_1000.py"), "--episodes", "200"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert "synthetic run: 200 episodes, 20 tasks, 15 annotated screenshots" in proc.stdout
    for step in ("summarize", "format_summary", "render_html", "droidhub report --html (CLI)"):
        assert re.search(rf"^{re.escape(step)} +[\d.]+ ms wall +[\d.]+ ms CPU", proc.stdout, re.M)
    assert re.search(r"^target: report of 200 episodes < 5 s: (met|MISSED)", proc.stdout, re.M)
