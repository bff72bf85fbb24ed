"""How long reporting a large run takes: 1,000 synthetic episodes, summarised and rendered.

    python benchmarks/report_1000.py [--episodes 1000] [--keep DIR]

Builds a run folder (``run.json`` + ``results.jsonl``, and step records with small
screenshots for a few episodes) from a fixed rule, then times, in this process:

- ``summarize`` (per-task and group statistics, two 2,000-sample bootstraps);
- ``format_summary`` (the terminal tables);
- ``render_html`` (the HTML report, annotating every recorded screenshot);
- annotating 32 recorded screenshots on one core and on all of them (the report
  shares the work out), beside decoding the same PNGs alone, the floor any
  annotation pays;

and, end to end in a subprocess as a user runs it, ``droidhub report RUN --html OUT``
(interpreter start, imports, reading the results, summary.json, the HTML file).
The target is under 5 s for each.

Then, with a screenshot at every step of every episode (``--shots``, on by default), the
report as it is shared: its size and the time Chromium takes to open it (to its load
event, through Playwright), linked (the default) for all the episodes, beside embedded
(``--embed-screenshots``) for a tenth of them, measured in the same run. The targets
(issue 35): a 1,000-episode report under 2 MB that opens in under a second.

The rule behind the synthetic results is :func:`synthetic_outcome`; the tests derive the
expected numbers from it by hand and check the report against them.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from PIL import Image, ImageDraw

from droidhub.android.phone import PIXEL_6
from droidhub.report.html import render_html, step_image, step_images
from droidhub.report.summary import format_summary, summarize
from droidhub.results.layout import EpisodeFolder, RunFolder
from droidhub.results.records import EpisodeResult, RunManifest, read_results

TARGET_S = 5.0
#: Episodes per task: 1,000 episodes are 100 tasks of 10 instances.
INSTANCES = 10
FAMILIES = ("bench_apps", "bench_web", "bench_mix")
APPS = ("sms", "contacts", "files", "settings", "notes")
DIFFICULTIES = ("easy", "medium", "hard")
TAGS = ("data_entry", "information_retrieval", "navigation", "composite")
#: Episodes (counted from the first) that get a step folder with screenshots.
STEP_EPISODES = 5
STEPS_PER_EPISODE = 3
#: A phone screen's size in pixels, as the virtual phone and AndroidWorld's emulator have it.
SCREEN = PIXEL_6.size

T = TypeVar("T")


@dataclass(frozen=True)
class Outcome:
    """What the rule says one synthetic episode scored."""

    reward: float
    error: str | None
    steps: int
    duration_s: float


def task_meta(task: int) -> tuple[str, list[str], str, list[str]]:
    """Family, apps, difficulty and tags of synthetic task number ``task``."""
    family = FAMILIES[task % len(FAMILIES)]
    apps = [APPS[task % len(APPS)]] + ([APPS[(task + 1) % len(APPS)]] if task % 4 == 0 else [])
    difficulty = DIFFICULTIES[task % len(DIFFICULTIES)]
    tags = [TAGS[task % len(TAGS)]] if task % 7 else []
    return family, apps, difficulty, tags


def synthetic_outcome(task: int, instance: int) -> Outcome:
    """The rule: task ``t`` solves its first ``t % 11`` instances (capped by the instance
    count), scores 0.5 on the next one, and 0 after; every 13th task fails with an error
    on instance 0."""
    if task % 13 == 0 and instance == 0:
        return Outcome(0.0, "RuntimeError: synthetic failure", 0, 0.5)
    solved = task % 11
    if instance < solved:
        reward = 1.0
    elif instance == solved:
        reward = 0.5
    else:
        reward = 0.0
    return Outcome(reward, None, 1 + (task + instance) % 9, 1.0 + (instance % 4) * 0.25)


def _write_steps(folder: Path, episode: int, pool: dict[tuple[int, int], Path]) -> None:
    """Step records as the runner writes them, each with a screenshot of six buttons
    (eight looks, each PNG written once and hard-linked into the other folders)."""
    folder.mkdir(parents=True, exist_ok=True)
    boxes = [(40, 200 + 300 * i, 1040, 460 + 300 * i) for i in range(6)]
    elements = [
        {"text": f"item {i}", "bounds": list(box), "clickable": True} for i, box in enumerate(boxes)
    ]
    layout = EpisodeFolder(folder)
    with layout.steps.open("w", encoding="utf-8") as fh:
        for step in range(STEPS_PER_EPISODE):
            shot = layout.screenshot_name(step)
            look = (episode % 8, step)
            if look in pool:
                os.link(pool[look], folder / shot)
            else:
                img = Image.new("RGB", SCREEN, (250, 250, 250))
                draw = ImageDraw.Draw(img)
                for box in boxes:
                    draw.rectangle(box, fill=(200, 220, 180 + 10 * (episode % 8)))
                img.save(folder / shot)
                pool[look] = folder / shot
            record = {
                "index": step,
                "action": {"action_type": "click", "index": step % len(boxes)},
                "ui_elements": elements,
                "screenshot": shot,
                "ui_tree": None,
                "foreground": "com.example/.Main",
                "error": None,
            }
            fh.write(json.dumps(record) + "\n")


def build_run(folder: Path, episodes: int = 1000, with_steps: int = STEP_EPISODES) -> Path:
    """Write a synthetic run of ``episodes`` episodes (10 per task) into ``folder``, the
    first ``with_steps`` of them with recorded steps and screenshots."""
    pool: dict[tuple[int, int], Path] = {}
    folder.mkdir(parents=True, exist_ok=True)
    tasks = -(-episodes // INSTANCES)
    manifest = RunManifest(
        suite=list(FAMILIES),
        n_combinations=INSTANCES,
        seed=30,
        agent="synthetic",
        devices=["none"],
        episodes_planned=episodes,
    )
    run = RunFolder(folder)
    run.manifest.write_text(manifest.model_dump_json(indent=2), encoding="utf-8")
    written = 0
    # The lines are what ResultsWriter writes, without its fsync per line: that would
    # time the disk, not the report.
    with run.results.open("w", encoding="utf-8") as fh:
        for task in range(tasks):
            family, apps, difficulty, tags = task_meta(task)
            name = f"BenchTask{task:03d}"
            for instance in range(INSTANCES):
                if written == episodes:
                    break
                out = synthetic_outcome(task, instance)
                result = EpisodeResult(
                    episode_id=f"{family}/{name}/{instance}",
                    task=name,
                    family=family,
                    instance=instance,
                    seed=1000 * task + instance,
                    params={"n": instance},
                    goal=f"Do synthetic thing {task} (instance {instance}).",
                    apps=apps,
                    difficulty=difficulty,
                    tags=tags,
                    reward=out.reward,
                    success=out.error is None and out.reward == 1.0,
                    steps=out.steps,
                    max_steps=10,
                    duration_s=out.duration_s,
                    agent="synthetic",
                    device="none",
                    error=out.error,
                    traceback="Traceback (most recent call last):\n  ...\n" + out.error
                    if out.error
                    else None,
                )
                if written < with_steps:
                    _write_steps(run.episode(family, name, instance).path, written, pool)
                    result.steps = STEPS_PER_EPISODE
                fh.write(json.dumps(result.model_dump(mode="json")) + "\n")
                written += 1
    return folder


@dataclass(frozen=True)
class Timing:
    """Wall-clock and CPU seconds of one call (CPU includes waited-for child processes).

    Both are printed: on a shared machine the wall clock also counts other people's
    work, while CPU time is what the report itself cost.
    """

    wall_s: float
    cpu_s: float

    def __add__(self, other: Timing) -> Timing:
        return Timing(self.wall_s + other.wall_s, self.cpu_s + other.cpu_s)

    def __str__(self) -> str:
        return f"{self.wall_s * 1000:8.1f} ms wall {self.cpu_s * 1000:8.1f} ms CPU"


def _cpu_s() -> float:
    me, children = (
        resource.getrusage(resource.RUSAGE_SELF),
        resource.getrusage(resource.RUSAGE_CHILDREN),
    )
    return me.ru_utime + me.ru_stime + children.ru_utime + children.ru_stime


def _timed(call: Callable[[], T]) -> tuple[Timing, T]:
    """How long ``call`` took, and what it returned."""
    wall, cpu = time.perf_counter(), _cpu_s()
    value = call()
    return Timing(time.perf_counter() - wall, _cpu_s() - cpu), value


def annotation_figures(run_dir: Path, count: int = 32) -> None:
    """Per-screenshot wall time: PNG decode alone, annotation on one core, on all."""
    recorded = sorted(run_dir.glob("episodes/**/steps.jsonl"))
    jobs = [
        (steps.parent, json.loads(line))
        for steps in recorded
        for line in steps.read_text(encoding="utf-8").splitlines()
    ]
    jobs = (jobs * (count // max(1, len(jobs)) + 1))[:count]
    if not jobs:
        return

    def decode_all() -> None:
        for folder, step in jobs:
            with Image.open(folder / step["screenshot"]) as img:
                img.load()

    decode, _ = _timed(decode_all)
    one, _ = _timed(lambda: [step_image(folder, step) for folder, step in jobs])
    shared, _ = _timed(lambda: step_images(jobs))
    each = [t.wall_s * 1000 / len(jobs) for t in (decode, one, shared)]
    print(
        f"per screenshot, {len(jobs)} of them: PNG decode alone {each[0]:.1f} ms; annotated "
        f"on one core {each[1]:.1f} ms = {each[1] / each[0]:.2f} x the decode; on "
        f"{os.cpu_count()} cores {each[2]:.1f} ms = {each[2] / each[1]:.2f} x one core"
    )


def _open_s(pages: list[Path]) -> list[float | None]:
    """Seconds Chromium takes to open each page to its load event (None without Chromium
    or Playwright)."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return [None for _ in pages]
    binary = os.environ.get("DROIDHUB_CHROMIUM") or next(
        (p for n in ("chromium", "chromium-browser", "google-chrome") if (p := shutil.which(n))),
        None,
    )
    if binary is None:
        return [None for _ in pages]
    times: list[float | None] = []
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=binary, args=["--no-sandbox"])
        for page in pages:
            tab = browser.new_page(viewport={"width": 1280, "height": 1000})
            tab.goto(page.as_uri(), wait_until="load", timeout=120_000)
            ms = tab.evaluate("performance.getEntriesByType('navigation')[0].loadEventEnd")
            times.append(ms / 1000)
            tab.close()
        browser.close()
    return times


def _report(run_dir: Path, out: Path, *flags: str) -> Timing:
    command = [sys.executable, "-m", "droidhub", "report", str(run_dir), "--html", str(out)]
    took, proc = _timed(
        lambda: subprocess.run([*command, *flags], capture_output=True, text=True, timeout=600)
    )
    if proc.returncode != 0:
        sys.exit(f"droidhub report failed:\n{proc.stderr}")
    return took


def shared_report_figures(root: Path, episodes: int) -> None:
    """Size and opening time of the report with a screenshot at every step: linked for
    all ``episodes``, embedded for a tenth of them."""
    few = max(1, episodes // 10)
    full = build_run(root / "shots", episodes, with_steps=episodes)
    part = build_run(root / "shots_few", few, with_steps=few)
    linked, embedded = root / "shared" / "linked.html", root / "shared" / "embedded.html"
    linked_s = _report(full, linked)
    embedded_s = _report(part, embedded, "--embed-screenshots")
    open_linked, open_embedded = _open_s([linked, embedded])
    shots = episodes * STEPS_PER_EPISODE
    size_l, size_e = linked.stat().st_size, embedded.stat().st_size
    per_l, per_e = size_l / episodes, size_e / few
    print(f"with a screenshot at each of {STEPS_PER_EPISODE} steps ({shots} screenshots):")
    print(
        f"  linked,   {episodes:5d} episodes: {size_l / 1e6:6.2f} MB ({per_l / 1e3:.2f} kB an "
        f"episode), written in {linked_s.wall_s:.2f} s"
        + (f", opened in {open_linked:.2f} s" if open_linked is not None else "")
    )
    print(
        f"  embedded, {few:5d} episodes: {size_e / 1e6:6.2f} MB ({per_e / 1e3:.2f} kB an "
        f"episode), written in {embedded_s.wall_s:.2f} s"
        + (f", opened in {open_embedded:.2f} s" if open_embedded is not None else "")
    )
    print(f"  embedded / linked bytes an episode: {per_e / per_l:.1f} x")
    size_ok = "met" if size_l < 2e6 else "MISSED"
    print(f"target: linked report of {episodes} episodes < 2 MB: {size_ok} ({size_l / 1e6:.2f} MB)")
    if open_linked is not None:
        verdict = "met" if open_linked < 1.0 else "MISSED"
        print(f"target: it opens in < 1 s: {verdict} ({open_linked:.2f} s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--episodes", type=int, default=1000, help="synthetic episodes")
    parser.add_argument("--keep", type=Path, default=None, help="build the run here and keep it")
    parser.add_argument(
        "--shots",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="also measure the shared report with a screenshot at every step",
    )
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        run_dir = args.keep or Path(tmp) / "run"
        build_s, _ = _timed(lambda: build_run(run_dir, args.episodes))
        read_s, results = _timed(lambda: read_results(run_dir))
        sum_s, summary = _timed(lambda: summarize(results))
        fmt_s, text = _timed(lambda: format_summary(summary))
        html_s, page = _timed(lambda: render_html(run_dir, results))
        bare_s, _ = _timed(lambda: render_html(run_dir, results, with_steps=False))
        html_out = Path(tmp) / "report.html"
        command = [
            sys.executable,
            "-m",
            "droidhub",
            "report",
            str(run_dir),
            "--html",
            str(html_out),
        ]
        cli_s, proc = _timed(
            lambda: subprocess.run(command, capture_output=True, text=True, timeout=120)
        )
        if proc.returncode != 0:
            sys.exit(f"droidhub report failed:\n{proc.stderr}")
        in_process = read_s + sum_s + fmt_s + html_s
        shots = min(len(results), STEP_EPISODES) * STEPS_PER_EPISODE
        print(
            f"synthetic run: {len(results)} episodes, {summary.tasks} tasks, "
            f"{shots} annotated screenshots (built in {build_s.wall_s:.2f}s)"
        )
        print(f"read_results                 {read_s}")
        print(f"summarize                    {sum_s}")
        print(f"format_summary               {fmt_s}   ({len(text)} chars)")
        print(f"render_html                  {html_s}   ({len(page) // 1024} KiB)")
        print(f"render_html, no steps        {bare_s}")
        if shots:
            each = (html_s.cpu_s - bare_s.cpu_s) / shots
            print(
                f"per annotated {SCREEN[0]}x{SCREEN[1]} screenshot: {each * 1000:.0f} ms CPU "
                f"(a run with 10,000 recorded screenshots: ~{each * 10_000:.0f} s; --no-steps "
                "leaves them out)"
            )
        annotation_figures(run_dir)
        print(f"in process, total            {in_process}")
        print(f"droidhub report --html (CLI) {cli_s}")
        worst = max(in_process.wall_s, cli_s.wall_s)
        verdict = "met" if worst < TARGET_S else "MISSED"
        print(
            f"target: report of {len(results)} episodes < {TARGET_S:.0f} s: {verdict} "
            f"({worst:.2f} s wall, {max(in_process.cpu_s, cli_s.cpu_s):.2f} s CPU)"
        )
        if args.shots:
            shared_report_figures(Path(tmp), args.episodes)


if __name__ == "__main__":
    main()
