"""Phones sharing one browser are as isolated as phones in separate processes.

The phones of one process share a Chromium (:mod:`droidhub_miniwob.tabs`), each in a
browser context of its own, so each in a renderer process of its own; renderers
number their script contexts alike (1, 2, 3...). One phone's page navigating away
once dropped the context of another phone's page that had the same number, and that
phone's scripts then ran in the window document around its WebView ("ReferenceError:
core is not defined", "no 'Submit' button on screen").
"""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest
from subset_runs import subset_run_args

from droidhub_miniwob import solvers
from droidhub_miniwob.cdp import CdpConnection
from droidhub_miniwob.pages import SUBSET_EXCLUDED, SUBSET_TASKS
from droidhub_miniwob.webview import MiniWobWebViewApp


class _FakeBrowser:
    """The browser's end of a DevTools pipe: events written here reach the connection."""

    def __init__(self) -> None:
        reads_commands, self._commands_in = os.pipe()
        self._events_out, writes_events = os.pipe()
        self._commands = reads_commands
        self._events = writes_events
        self.connection = CdpConnection(self._commands_in, self._events_out)

    def event(self, method: str, session: str, **params: Any) -> None:
        """Send the connection an event of ``session``."""
        message = {"method": method, "sessionId": session, "params": params}
        os.write(self._events, json.dumps(message).encode() + b"\0")

    def settle(self) -> None:
        """Wait until the connection has taken in every event sent so far: the answer
        to a command is read after them (the pipe keeps order)."""
        command = self.connection.send("Browser.getVersion", {})
        os.write(self._events, json.dumps({"id": command, "result": {}}).encode() + b"\0")
        self.connection.result(command, timeout=10)

    def close(self) -> None:
        """Close both ends (the connection sees the browser exit)."""
        self.connection.close()
        os.close(self._events)
        os.close(self._commands)


@pytest.fixture
def fake_browser() -> Iterator[_FakeBrowser]:
    """A DevTools connection fed by the test instead of a browser."""
    browser = _FakeBrowser()
    yield browser
    browser.close()


def _created(browser: _FakeBrowser, session: str, frame: str, context: int) -> None:
    browser.event(
        "Runtime.executionContextCreated",
        session,
        context={"id": context, "auxData": {"isDefault": True, "frameId": frame}},
    )


def test_a_context_destroyed_in_one_session_leaves_the_same_id_of_another(
    fake_browser: _FakeBrowser,
) -> None:
    # Two phones' pages, each in its own renderer: both number their frame's context 4.
    _created(fake_browser, "phone-a", "frame-a", 4)
    _created(fake_browser, "phone-b", "frame-b", 4)
    fake_browser.event("Runtime.executionContextDestroyed", "phone-a", executionContextId=4)
    fake_browser.settle()
    connection = fake_browser.connection
    assert connection.main_world("phone-a", "frame-a") is None
    assert connection.main_world("phone-b", "frame-b") == 4


def test_contexts_cleared_in_one_session_leave_another_sessions(
    fake_browser: _FakeBrowser,
) -> None:
    _created(fake_browser, "phone-a", "frame", 2)
    _created(fake_browser, "phone-b", "frame", 2)
    fake_browser.event("Runtime.executionContextsCleared", "phone-a")
    fake_browser.settle()
    assert fake_browser.connection.main_world("phone-a", "frame") is None
    assert fake_browser.connection.main_world("phone-b", "frame") == 2


def test_a_closed_page_forgets_its_contexts(fake_browser: _FakeBrowser) -> None:
    _created(fake_browser, "phone-a", "frame", 3)
    fake_browser.event("Target.detachedFromTarget", "", sessionId="phone-a")
    _created(fake_browser, "phone-a", "frame", 5)  # a straggler, after the page closed
    fake_browser.settle()
    assert fake_browser.connection.is_detached("phone-a")
    assert fake_browser.connection.main_world("phone-a", "frame") is None


@pytest.mark.browser
def test_one_phone_loading_a_page_leaves_anothers_page_scriptable() -> None:
    first, second = MiniWobWebViewApp(), MiniWobWebViewApp()
    try:
        first.load("click-button")
        second.load("click-button")
        assert first.browser is second.browser  # the process's one browser
        # The first phone's old page goes; its context had the number the second
        # phone's page has too.
        first.load("click-test")
        reply = second.reset(7, no_timer=True)
        assert (reply["task"], reply["seed"], reply["ready"]) == ("click-button", "7", True)
        # The tree is the task page's, not the window's around it: the goal is on screen.
        tree = ElementTree.fromstring(second.observe(pixels=False).hierarchy)
        assert reply["utterance"] in [node.get("text") for node in tree.iter("node")]
    finally:
        first.close()
        second.close()


@pytest.mark.browser
@pytest.mark.slow
@pytest.mark.sweep
def test_miniwob_subset_on_four_phones_in_threads_has_no_error(tmp_path: Path) -> None:
    out = tmp_path / "run"
    result = subprocess.run(
        subset_run_args(out, "--agent", "oracle", "--device", "virtual:4", "--executor", "threads"),
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=900,
    )
    results = out / "results.jsonl"
    assert results.exists(), result.stderr[-3000:]
    records = [json.loads(line) for line in results.read_text().splitlines()]
    expected = sorted(n for n in SUBSET_TASKS if n not in SUBSET_EXCLUDED)
    assert sorted(r["task"] for r in records) == expected
    errors = {r["task"]: r["error"] for r in records if r["error"]}
    assert errors == {}
    unsolved = {
        r["task"]: r["details"]
        for r in records
        if solvers.get(r["task"]) is not None and r["reward"] != 1.0
    }
    assert unsolved == {}
    assert result.returncode == 0, result.stderr[-3000:]
