"""The HTML report of a real run, opened in headless Chromium: no console errors, the
tables and the annotated screenshots show.

The run comes from the ``report_runs`` fixture (tiny_report.py); ``html_report_a`` is its
report, written once.
"""

from __future__ import annotations

import base64
import contextlib
import fcntl
import json
import os
import select
import shutil
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from PIL import Image, ImageStat
from test_report import _rows, hand_summary, pct  # the hand computation

from droidhub.report_html import THUMB_WIDTH

REPO = Path(__file__).resolve().parents[2]

# The `report_runs` fixture: two real runs, built once per session (see tiny_report.py).
pytest_plugins = ["tiny_report"]

if TYPE_CHECKING:  # imported by pytest_plugins above, as a plugin
    from tiny_report import ReportRuns


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
  episodes: document.querySelectorAll('body > details').length,
  charts: [...document.querySelectorAll('svg.chart')].map(s => ({
    label: s.getAttribute('aria-label'), width: s.getBoundingClientRect().width,
    bars: s.querySelectorAll('rect').length})),
})"""


_OPEN_STEP_VIEWER = """(() => {
  const episode = [...document.querySelectorAll('body > details')]
    .find(d => d.querySelector('details.tree'));
  episode.querySelector(':scope > summary').click();
  const tree = episode.querySelector('details.tree');
  tree.querySelector('summary').click();
  return {episode: episode.open, tree: tree.open,
          tree_height: tree.querySelector('pre').getBoundingClientRect().height};
})()"""


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
    # The step viewer opens: an episode, then a step's UI tree, each shows on a click.
    opened = chromium.call(
        "Runtime.evaluate",
        {"expression": _OPEN_STEP_VIEWER, "returnByValue": True},
        session=session,
    )["result"]["value"]
    assert opened == {"episode": True, "tree": True, "tree_height": opened["tree_height"]}
    assert opened["tree_height"] > 20
    # The charts render: one bar per app, difficulty and tag, laid out with a width.
    charts = {c["label"]: c for c in facts["charts"]}
    assert {"Success by app", "Success by difficulty", "Success by tag"} <= set(charts)
    assert "Steps per episode" in charts
    assert all(c["width"] > 300 and c["bars"] >= 1 for c in charts.values())
    assert charts["Success by app"]["bars"] == len(by_heading["By app"]) - 1
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
