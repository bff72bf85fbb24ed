"""Reports of a real run on the virtual phone: numbers against hand computation, the HTML
in headless Chromium, annotated screenshots, and the 1,000-episode benchmark's numbers.

The run comes from the ``report_runs`` fixture (tiny_report.py): five tasks in two families,
two instances each, one task whose scoring raises, run by an agent that observes
screenshots and taps an element by index, once for each of two seeds.
"""

from __future__ import annotations

import base64
import contextlib
import fcntl
import importlib.util
import io
import json
import os
import re
import select
import shutil
import signal
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from PIL import Image, ImageStat

from droidhub.report_html import THUMB_WIDTH, render_html
from droidhub.results import read_results
from droidhub.summary import bootstrap_ci95, format_summary, summarize

REPO = Path(__file__).resolve().parents[2]

# The `report_runs` fixture: two real runs, built once per session (see tiny_report.py).
pytest_plugins = ["tiny_report"]

if TYPE_CHECKING:  # imported by pytest_plugins above, as a plugin
    from tiny_report import ReportRuns


# --- hand computation from results.jsonl ---------------------------------------------


def _rows(run_dir: Path) -> list[dict[str, Any]]:
    text = (run_dir / "results.jsonl").read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines() if line.strip()]


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


def parse_printed(text: str) -> dict[str, list[list[str]]]:
    """The tables of ``format_summary`` output, by title (first line of each block),
    as rows of cells; the header block is kept under ``""`` as lines."""
    tables: dict[str, list[list[str]]] = {}
    for block in text.strip().split("\n\n"):
        lines = block.splitlines()
        if len(lines) >= 3 and set(lines[2].replace(" ", "")) == {"-"}:
            cells = [lines[1], *lines[3:]]  # the header and the rows, not the dashes
            tables[lines[0]] = [re.split(r"\s{2,}", ln.strip()) for ln in cells]
        elif "" not in tables:
            tables[""] = [[ln] for ln in lines]
    return tables


@pytest.fixture(scope="module")
def html_report_a(
    report_runs: ReportRuns, tmp_path_factory: pytest.TempPathFactory
) -> tuple[Path, str]:
    """``droidhub report RUN_A --html OUT``, run once: the HTML file and what it printed."""
    out = tmp_path_factory.mktemp("html") / "report.html"
    proc = subprocess.run(
        [sys.executable, "-m", "droidhub", "report", str(report_runs.run_a), "--html", str(out)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    return out, proc.stdout


def test_summary_json_and_printed_tables_match_hand_computation(
    report_runs: ReportRuns, html_report_a
) -> None:
    _, report_stdout = html_report_a
    for run_dir, run_stdout in (
        (report_runs.run_a, report_runs.stdout_a),
        (report_runs.run_b, report_runs.stdout_b),
    ):
        rows = _rows(run_dir)
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
        printed = parse_printed(run_stdout.split("\nSummary written to")[0])
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
        assert header[:4] == ["task", "episodes", "success", "mean reward"]
        assert body == [
            [
                name,
                str(h.episodes),
                pct(h.success),
                f"{h.reward:.3f}",
                f"{h.stdev:.3f}",
                str(h.errors),
                f"{h.steps:.1f}",
            ]
            for name, h in hand.tasks.items()
        ]
    # `droidhub report RUN` prints what the run printed at its end.
    assert (
        report_stdout.split("\nSummary written to")[0]
        == report_runs.stdout_a.split("\nSummary written to")[0]
    )


def test_bootstrap_interval_is_seeded_and_narrows_with_more_tasks() -> None:
    assert bootstrap_ci95([0.25] * 7) == (0.25, 0.25)
    assert bootstrap_ci95([]) == (0.0, 0.0)
    few = bootstrap_ci95([0.0, 1.0] * 5)
    many = bootstrap_ci95([0.0, 1.0] * 200)
    assert few == bootstrap_ci95([0.0, 1.0] * 5)  # the same run always reports the same
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
    found = re.search(r"<img alt='step 0' src='data:image/jpeg;base64,([A-Za-z0-9+/=]+)'>", block)
    assert found, "step 0 has a PNG, so its annotated image must be embedded"
    assert block.count("<img ") == len(steps)  # every step here observed pixels
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
    assert page.count("<img ") == sum(r["steps"] for r in _rows(run)) - 1


# --- the HTML in headless Chromium ---------------------------------------------------


def _find_chromium() -> str | None:
    configured = os.environ.get("DROIDHUB_CHROMIUM")
    if configured:
        return configured
    for name in ("chromium", "chromium-browser", "google-chrome", "chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


class Chromium:
    """A headless Chromium driven over the DevTools protocol on a pipe.

    With ``--remote-debugging-pipe`` the browser reads NUL-separated JSON messages on fd 3
    and writes its answers and events on fd 4: no port to find, no websocket client.
    """

    FLAGS = (
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-quic",
        "--remote-debugging-pipe",
    )

    def __init__(self, binary: str, profile: Path) -> None:
        to_browser_r, self._write = os.pipe()
        self._read, from_browser_w = os.pipe()
        # Park the child's ends above fd 10 so the dup2 onto 3 and 4 cannot clobber them.
        child_in = fcntl.fcntl(to_browser_r, fcntl.F_DUPFD, 10)
        child_out = fcntl.fcntl(from_browser_w, fcntl.F_DUPFD, 10)

        def wire_fds() -> None:
            os.dup2(child_in, 3)
            os.dup2(child_out, 4)

        self.proc = subprocess.Popen(
            [binary, *self.FLAGS, f"--user-data-dir={profile}", "about:blank"],
            preexec_fn=wire_fds,
            pass_fds=(3, 4),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,  # its renderers share its process group: one kill ends all
        )
        for fd in (to_browser_r, from_browser_w, child_in, child_out):
            os.close(fd)
        self._buffer = b""
        self._next_id = 0
        self.events: list[dict[str, Any]] = []

    def _receive(self, deadline: float) -> dict[str, Any]:
        while b"\0" not in self._buffer:
            ready, _, _ = select.select([self._read], [], [], max(0.0, deadline - time.monotonic()))
            if not ready:
                raise TimeoutError("Chromium did not answer in time")
            chunk = os.read(self._read, 1 << 20)
            if not chunk:
                raise EOFError("Chromium closed its DevTools pipe (did it crash?)")
            self._buffer += chunk
        raw, self._buffer = self._buffer.split(b"\0", 1)
        message: dict[str, Any] = json.loads(raw)
        return message

    def call(
        self,
        method: str,
        params: dict[str, Any] | None = None,
        session: str | None = None,
        timeout: float = 30,
    ) -> dict[str, Any]:
        """Send one command; keep the events that arrive before its answer."""
        self._next_id += 1
        message: dict[str, Any] = {"id": self._next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self._write, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            reply = self._receive(deadline)
            if reply.get("id") == self._next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method} failed: {reply['error']}")
                result: dict[str, Any] = reply.get("result", {})
                return result
            if "method" in reply:
                self.events.append(reply)

    def wait_for(self, method: str, timeout: float = 30) -> dict[str, Any]:
        """The first (already received or coming) event called ``method``."""
        deadline = time.monotonic() + timeout
        while True:
            for i, event in enumerate(self.events):
                if event["method"] == method:
                    return self.events.pop(i)
            reply = self._receive(deadline)
            if "method" in reply:
                self.events.append(reply)

    def close(self) -> None:
        """Ask the browser to quit; kill its process group if it does not."""
        with contextlib.suppress(OSError, RuntimeError, TimeoutError, EOFError):
            self.call("Browser.close", timeout=5)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(timeout=10)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)  # the renderers, if any outlived it
        self.proc.wait()
        os.close(self._write)
        os.close(self._read)


@pytest.fixture
def chromium(tmp_path: Path) -> Iterator[Chromium]:
    binary = _find_chromium()
    if binary is None:
        pytest.skip("no Chromium binary: set DROIDHUB_CHROMIUM or put chromium on PATH")
    browser = Chromium(binary, tmp_path / "profile")
    try:
        yield browser
    finally:
        browser.close()


def _problems(events: list[dict[str, Any]]) -> list[str]:
    """Console errors and warnings, uncaught exceptions and error log entries."""
    found = []
    for e in events:
        p = e.get("params", {})
        if e["method"] == "Runtime.consoleAPICalled" and p["type"] in (
            "error",
            "assert",
            "warning",
        ):
            found.append(f"console.{p['type']}: {[a.get('value') for a in p.get('args', [])]}")
        elif e["method"] == "Runtime.exceptionThrown":
            found.append(f"exception: {p['exceptionDetails'].get('text')}")
        elif e["method"] == "Log.entryAdded" and p["entry"]["level"] in ("error", "warning"):
            found.append(f"log {p['entry']['level']}: {p['entry'].get('text')}")
    return found


_DOM_FACTS = """JSON.stringify({
  title: document.title,
  tables: [...document.querySelectorAll('table')].map(t => {
    let h = t.previousElementSibling;
    while (h && !/^H[1-3]$/.test(h.tagName)) h = h.previousElementSibling;
    return {heading: h ? h.textContent : null, rect: t.getBoundingClientRect().toJSON(),
            rows: [...t.rows].map(r => [...r.cells].map(c => c.textContent.trim()))};
  }),
  images: [...document.images].map(i => ({complete: i.complete, width: i.naturalWidth})),
  episodes: document.querySelectorAll('details').length,
})"""


@pytest.mark.browser
def test_html_report_opens_in_chromium_without_console_errors_and_shows_the_tables(
    report_runs: ReportRuns, html_report_a, chromium: Chromium, tmp_path: Path
) -> None:
    out, _ = html_report_a
    target = chromium.call("Target.createTarget", {"url": "about:blank"})["targetId"]
    session = chromium.call("Target.attachToTarget", {"targetId": target, "flatten": True})[
        "sessionId"
    ]
    for domain in ("Runtime", "Log", "Page"):
        chromium.call(f"{domain}.enable", session=session)
    chromium.call(
        "Emulation.setDeviceMetricsOverride",
        {"width": 1280, "height": 1000, "deviceScaleFactor": 1, "mobile": False},
        session=session,
    )

    def load(url: str) -> list[str]:
        chromium.events.clear()
        chromium.call("Page.navigate", {"url": url}, session=session)
        chromium.wait_for("Page.loadEventFired")
        # A round trip after the load: events the page raised while loading are in.
        chromium.call("Runtime.evaluate", {"expression": "1"}, session=session)
        return _problems(chromium.events)

    # The capture works: a page with an error is caught.
    control = load("data:text/html,<script>console.error('planted');undefinedCall()</script>")
    assert any("planted" in p for p in control) and any("exception" in p for p in control)

    assert load(out.as_uri()) == []
    facts = json.loads(
        chromium.call(
            "Runtime.evaluate", {"expression": _DOM_FACTS, "returnByValue": True}, session=session
        )["result"]["value"]
    )
    hand = hand_summary(_rows(report_runs.run_a))
    assert facts["episodes"] == hand.episodes
    summary_table, *others = facts["tables"]
    assert summary_table["heading"] == "Summary"
    header, row = summary_table["rows"]
    assert header[:4] == ["tasks", "episodes", "errors", "success rate"]
    assert row[:4] == ["5", "10", "2", pct(hand.success)]
    js = json.loads((report_runs.run_a / "summary.json").read_text(encoding="utf-8"))
    assert header[4:8] == ["95% CI", "mean reward", "95% CI", "mean steps"]
    assert row[4] == "{} - {}".format(*map(pct, js["success_rate_ci95"]))
    assert row[5] == f"{hand.reward:.3f}" and row[7] == f"{hand.steps:.1f}"
    assert row[6] == "{:.3f} - {:.3f}".format(*js["mean_reward_ci95"])
    by_heading = {t["heading"]: t["rows"] for t in others if t["heading"]}
    assert sorted(by_heading["By family"][1:]) == sorted(
        [g, str(h.tasks), str(h.episodes), pct(h.success), f"{h.reward:.3f}"]
        for g, h in hand.groups["family"].items()
    )
    assert [r[:5] for r in by_heading["Per task"][1:]] == [
        [name.split("/")[1], name.split("/")[0], str(h.episodes), pct(h.success), f"{h.reward:.3f}"]
        for name, h in hand.tasks.items()
    ]
    # Every embedded screenshot decoded (a broken data URI leaves naturalWidth 0).
    assert len(facts["images"]) == sum(r["steps"] for r in _rows(report_runs.run_a))
    assert all(i["complete"] and i["width"] == THUMB_WIDTH for i in facts["images"])

    shot = chromium.call("Page.captureScreenshot", {"format": "png"}, session=session)
    png = tmp_path / "report.png"
    png.write_bytes(base64.b64decode(shot["data"]))
    image = Image.open(png).convert("L")
    assert image.size == (1280, 1000)
    assert ImageStat.Stat(image).stddev[0] > 20  # not a blank page
    # Where the DOM says the summary table is, the pixels show a table: dark text and
    # borders on a light background.
    rect = summary_table["rect"]
    assert rect["width"] > 300 and rect["bottom"] < 1000
    box = (int(rect["left"]), int(rect["top"]), int(rect["right"]), int(rect["bottom"]))
    histogram = image.crop(box).histogram()  # pixels per grey level 0..255
    dark = sum(histogram[:110]) / sum(histogram)
    light = sum(histogram[201:]) / sum(histogram)
    assert dark > 0.03 and light > 0.5, (dark, light)


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
    assert page.count("src='data:image/jpeg;base64,") == shots


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
