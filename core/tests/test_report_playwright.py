"""The HTML report of a real run, opened in headless Chromium through Playwright: no
console errors, the tables, charts and screenshots render, the step viewer opens.

The run comes from the ``report_runs`` fixture (tiny_report.py); ``html_report_a`` is its
report, written once. Playwright drives the system's Chromium (``DROIDHUB_CHROMIUM`` or
``chromium`` on PATH), so no browser download is needed.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import browser_page
import pytest
from PIL import Image, ImageStat
from runner_plugins import results_rows
from test_report import hand_summary, pct  # the hand computation

from droidhub.report.html import THUMB_WIDTH

pytest_plugins = ["tiny_report", "browser_page"]
playwright = pytest.importorskip("playwright.sync_api", reason="needs playwright (test extra)")

if TYPE_CHECKING:
    from playwright.sync_api import Page
    from tiny_report import ReportRuns

WIDTH, HEIGHT = browser_page.WIDTH, browser_page.HEIGHT


_DOM_FACTS = """() => ({
  title: document.title,
  tables: [...document.querySelectorAll('table')].map(t => {
    let h = t.previousElementSibling;
    while (h && !/^H[1-3]$/.test(h.tagName)) h = h.previousElementSibling;
    return {heading: h ? h.textContent : null, rect: t.getBoundingClientRect().toJSON(),
            rows: [...t.rows].map(r => [...r.cells].map(c => c.textContent.trim()))};
  }),
  images: [...document.images].map(i => ({complete: i.complete, width: i.naturalWidth})),
  episodes: document.querySelectorAll('body > details').length,
  charts: [...document.querySelectorAll('svg.chart')].map(s => ({
    label: s.getAttribute('aria-label'), width: s.getBoundingClientRect().width,
    bars: s.querySelectorAll('rect').length})),
})"""


@pytest.mark.browser
def test_the_capture_of_console_errors_works(page: tuple[Page, list[str]]) -> None:
    tab, problems = page
    tab.set_content("<script>console.error('planted'); undefinedCall()</script>")
    tab.evaluate("1")  # a round trip: what the page raised while loading is in
    assert any("planted" in p for p in problems)
    assert any(p.startswith("exception:") for p in problems)


@pytest.mark.browser
def test_html_report_renders_its_tables_charts_and_screenshots_without_errors(
    report_runs: ReportRuns, html_report_a: Any, page: tuple[Page, list[str]]
) -> None:
    tab, problems = page
    out, _ = html_report_a
    tab.goto(out.as_uri(), wait_until="load")
    tab.evaluate("1")
    assert problems == []
    facts = tab.evaluate(_DOM_FACTS)

    hand = hand_summary(results_rows(report_runs.run_a))
    assert facts["episodes"] == hand.episodes
    summary_table, *others = facts["tables"]
    assert summary_table["heading"] == "Summary"
    header, row = summary_table["rows"]
    assert header[:8] == [
        "tasks", "episodes", "errors", "success rate", "95% CI", "mean reward", "95% CI",
        "mean steps",
    ]  # fmt: skip
    assert row[:4] == ["5", "10", "2", pct(hand.success)]
    assert row[5] == f"{hand.reward:.3f}" and row[7] == f"{hand.steps:.1f}"
    js = json.loads((report_runs.run_a / "summary.json").read_text(encoding="utf-8"))
    assert row[4] == "{} - {}".format(*map(pct, js["success_rate_ci95"]))
    assert row[6] == "{:.3f} - {:.3f}".format(*js["mean_reward_ci95"])
    by_heading = {t["heading"]: t["rows"] for t in others if t["heading"]}
    assert sorted(by_heading["By family"][1:]) == sorted(
        [g, str(h.tasks), str(h.episodes), pct(h.success), f"{h.reward:.3f}"]
        for g, h in hand.groups["family"].items()
    )
    assert [r[:4] + r[5:6] for r in by_heading["Per task"][1:]] == [
        [name.split("/")[1], name.split("/")[0], str(h.episodes), pct(h.success), f"{h.reward:.3f}"]
        for name, h in hand.tasks.items()
    ]
    # The charts render: one bar per app, difficulty and tag, laid out with a width.
    charts = {c["label"]: c for c in facts["charts"]}
    assert {"Success by app", "Success by difficulty", "Success by tag"} <= set(charts)
    assert "Steps per episode" in charts
    assert all(c["width"] > 300 and c["bars"] >= 1 for c in charts.values())
    assert charts["Success by app"]["bars"] == len(by_heading["By app"]) - 1
    # Every embedded screenshot decoded (a broken data URI leaves naturalWidth 0).
    assert len(facts["images"]) == sum(r["steps"] for r in results_rows(report_runs.run_a))
    assert all(i["complete"] and i["width"] == THUMB_WIDTH for i in facts["images"])

    # The pixels show a page, and a table where the DOM says the summary table is.
    image = Image.open(io.BytesIO(tab.screenshot())).convert("L")
    assert image.size == (WIDTH, HEIGHT)
    assert ImageStat.Stat(image).stddev[0] > 20  # not a blank page
    rect = summary_table["rect"]
    assert rect["width"] > 300 and rect["bottom"] < HEIGHT
    box = (int(rect["left"]), int(rect["top"]), int(rect["right"]), int(rect["bottom"]))
    histogram = image.crop(box).histogram()  # pixels per grey level 0..255
    dark, light = sum(histogram[:110]) / sum(histogram), sum(histogram[201:]) / sum(histogram)
    assert dark > 0.03 and light > 0.5, (dark, light)


@pytest.mark.browser
def test_the_step_viewer_opens_an_episode_then_a_steps_ui_tree(
    html_report_a: Any, page: tuple[Page, list[str]]
) -> None:
    tab, problems = page
    out, _ = html_report_a
    tab.goto(out.as_uri(), wait_until="load")
    episode = tab.locator("body > details", has=tab.locator("details.tree")).first
    assert not episode.evaluate("d => d.open")
    episode.locator(":scope > summary").click()  # a real click, where it is drawn
    assert episode.evaluate("d => d.open")
    tree = episode.locator("details.tree").first
    tree.locator("summary").click()
    assert tree.evaluate("d => d.open")
    assert tree.locator("pre").bounding_box()["height"] > 20
    assert problems == []


@pytest.mark.browser
def test_the_default_report_links_the_run_folders_screenshots(
    report_runs: ReportRuns, tmp_path: Path, page: tuple[Page, list[str]]
) -> None:
    """Without --embed-screenshots the report links each step's PNG relative to where it
    is written, loads it lazily, and draws the tap over it; it is a fraction of the size."""
    out = tmp_path / "reports" / "linked.html"
    done = subprocess.run(
        [sys.executable, "-m", "droidhub", "report", str(report_runs.run_a), "--html", str(out)],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    text = out.read_text(encoding="utf-8")
    assert "data:image" not in text and "<img" not in text  # drawn only when opened
    steps = sum(r["steps"] for r in results_rows(report_runs.run_a))
    tab, problems = page
    tab.goto(out.as_uri(), wait_until="load")
    assert tab.evaluate("document.images.length") == 0
    for episode in tab.locator("body > details").all():
        episode.locator(":scope > summary").click()
    # An episode draws its screenshots on its toggle event, which the browser fires as a
    # task after the click: wait for the last one's (a guard; an episode short of its
    # images times out here).
    tab.wait_for_function(f"document.images.length >= {steps}", timeout=30_000)
    assert tab.evaluate("[...document.images].every(i => i.loading === 'lazy')")
    tab.evaluate("document.querySelectorAll('img').forEach(i => { i.loading = 'eager'; })")
    tab.wait_for_function("[...document.images].every(i => i.complete && i.naturalWidth > 0)")
    sizes = tab.evaluate("[...document.images].map(i => [i.naturalWidth, i.getAttribute('src')])")
    assert len(sizes) == steps
    assert all(w == 1080 and src.startswith("../") for w, src in sizes), sizes
    # The tap of TinyLeaveHome's first step: the mark sits on the tapped element.
    folder = report_runs.run_a / "episodes/tinyreport/TinyLeaveHome/0"
    tap = json.loads((folder / "steps.jsonl").read_text().splitlines()[0])
    left, top, right, bottom = tap["ui_elements"][tap["action"]["index"]]["bounds"]
    shot = tab.locator("img[src$='TinyLeaveHome/0/step_000.png']").first
    mark = shot.locator("xpath=following-sibling::i[@class='tap']")
    img_box, mark_box = shot.bounding_box(), mark.bounding_box()
    scale = img_box["width"] / 1080
    cx = mark_box["x"] + mark_box["width"] / 2 - img_box["x"]
    cy = mark_box["y"] + mark_box["height"] / 2 - img_box["y"]
    assert abs(cx - (left + right) / 2 * scale) < 4 and abs(cy - (top + bottom) / 2 * scale) < 4
    assert problems == []
