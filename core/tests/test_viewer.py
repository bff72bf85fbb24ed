"""``droidhub view`` over two real runs, driven in headless Chromium: filters, search,
the step player (screenshot with the action drawn), errors counted, two runs side by
side; and what it serves and refuses over plain HTTP.

The runs are ``report_runs`` (tiny_report.py): five tasks x two instances on the
virtual phone, seeds 30 and 31, one task's scoring failing on purpose.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
from runner_plugins import results_rows

pytest_plugins = ["tiny_report", "browser_page"]

if TYPE_CHECKING:
    from playwright.sync_api import Page
    from tiny_report import ReportRuns


@pytest.fixture(scope="module")
def viewer(report_runs: ReportRuns) -> Iterator[str]:
    """``droidhub view RUN_A RUN_B --no-browser`` running; its address."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "droidhub", "view", str(report_runs.run_a),
         str(report_runs.run_b), "--no-browser"],
        stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert proc.stderr is not None
        line = proc.stderr.readline()
        found = re.search(r"at (http://127\.0\.0\.1:\d+/)", line)
        assert found, line
        yield found.group(1)
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def _get(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as exc:
        return exc.code, b""


def test_it_serves_the_runs_and_refuses_what_is_not_theirs(
    viewer: str, report_runs: ReportRuns
) -> None:
    status, body = _get(viewer + "api/index")
    assert status == 200
    index = json.loads(body)
    rows_a, rows_b = results_rows(report_runs.run_a), results_rows(report_runs.run_b)
    assert [r["name"] for r in index["runs"]] == [report_runs.run_a.name, report_runs.run_b.name]
    assert len(index["episodes"]) == len(rows_a) + len(rows_b)
    errors = sum(1 for r in rows_a + rows_b if r["error"])
    assert sum(c["count"] for c in index["errors"]) == errors
    assert index["errors"][0]["kind"] == "scoring"
    family, task, instance = "tinyreport", "TinyLeaveHome", "0"
    status, body = _get(f"{viewer}files/0/{family}/{task}/{instance}/step_000.png")
    assert status == 200 and body[:8] == b"\x89PNG\r\n\x1a\n"
    for bad in (
        f"files/0/{family}/{task}/{instance}/..%2F..%2F..%2F..%2Frun.json",
        f"files/0/{family}/{task}/{instance}/steps.jsonl",  # not an image
        "files/0/..%2F..%2F..%2F/x/0/run.json",
        "files/7/tinyreport/TinyCoin/0/step_000.png",  # no run 7
        "api/episode?run=0&family=..&task=x&instance=0",
        "static/../viewer.py",
    ):
        assert _get(viewer + bad)[0] == 404, bad


@pytest.mark.browser
def test_filters_search_player_and_side_by_side(
    viewer: str, report_runs: ReportRuns, page: tuple[Page, list[str]]
) -> None:
    tab, problems = page
    tab.goto(viewer, wait_until="networkidle")
    rows = tab.locator("#episodes tbody tr")
    total = len(results_rows(report_runs.run_a)) + len(results_rows(report_runs.run_b))
    assert rows.count() == total
    # Filters: outcome, then error kind; the error categories list the failed scoring.
    tab.select_option("#f-outcome", "error")
    assert rows.count() == 4  # TinyEvalExplodes' two instances, in each run
    assert "scoring" in tab.locator("#errors").inner_text()
    tab.select_option("#f-outcome", "")
    tab.select_option("#f-run", "1")
    assert rows.count() == len(results_rows(report_runs.run_b))
    tab.select_option("#f-run", "")
    tab.select_option("#f-app", "settings")
    assert rows.count() == 8  # TinyCoin and TinyHalf use Settings: 2 tasks x 2 x 2 runs
    tab.select_option("#f-app", "")
    # Search the goals.
    tab.fill("#search", "coin shows")
    assert rows.count() == 4
    assert all("coin" in t.lower() for t in rows.locator("td:nth-child(3)").all_inner_texts())
    tab.fill("#search", "")
    # The step player: the episode that tapped an app icon, its screenshot loaded with
    # the tap drawn over it, then the next step.
    tab.select_option("#f-task", "TinyLeaveHome")
    rows.first.click()
    player = tab.locator(".player")
    player.locator(".shot img").wait_for()
    tab.wait_for_function("document.querySelector('.shot img').naturalWidth > 0")
    assert tab.evaluate("document.querySelector('.shot img').naturalWidth") == 1080
    assert player.locator(".shot svg circle").count() == 2  # the ring and the dot
    assert '"action_type":"click"' in player.locator("code.action").inner_text()
    assert player.locator(".position").inner_text() == "step 1 of 2"
    player.locator("button.next").click()
    assert player.locator(".position").inner_text() == "step 2 of 2"
    assert '"goal_status":"complete"' in player.locator("code.action").inner_text()
    # Two runs side by side: one row per task, a column per run; a row opens a player
    # per run.
    tab.select_option("#f-task", "")
    tab.click("#mode-compare")
    compare_rows = tab.locator("#compare tbody tr")
    assert compare_rows.count() == 5
    tab.locator("#compare tbody tr[data-task='tinyreport/TinyCoin']").click()
    tab.wait_for_function("document.querySelectorAll('.player').length === 2")
    titles = tab.locator(".player h3").all_inner_texts()
    assert titles[0].startswith("0: ") and titles[1].startswith("1: ")
    assert all("tinyreport/TinyCoin/0" in t for t in titles)
    assert problems == []
