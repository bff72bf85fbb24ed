"""A page of a headless Chromium for browser tests: ``page`` gives the tab and the console
errors, warnings and uncaught exceptions it raises. Playwright drives the system's
Chromium (``DROIDHUB_CHROMIUM`` or ``chromium`` on PATH), so no browser download is
needed. Use it with ``pytest_plugins = ["browser_page"]``.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Page

WIDTH, HEIGHT = 1280, 1000


def _chromium() -> str | None:
    configured = os.environ.get("DROIDHUB_CHROMIUM")
    if configured:
        return configured
    names = ("chromium", "chromium-browser", "google-chrome", "chrome")
    return next((found for n in names if (found := shutil.which(n))), None)


@pytest.fixture
def page() -> Iterator[tuple[Page, list[str]]]:
    """A page of a headless Chromium, and the console errors, warnings and uncaught
    exceptions it raises (collected as they come)."""
    binary = _chromium()
    if binary is None:
        pytest.skip("no Chromium binary: set DROIDHUB_CHROMIUM or put chromium on PATH")
    playwright = pytest.importorskip("playwright.sync_api", reason="needs playwright")
    with playwright.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=binary, args=["--no-sandbox"])
        try:
            tab = browser.new_page(viewport={"width": WIDTH, "height": HEIGHT})
            problems: list[str] = []
            tab.on(
                "console",
                lambda m: (
                    problems.append(f"console.{m.type}: {m.text}")
                    if m.type in ("error", "warning", "assert")
                    else None
                ),
            )
            tab.on("pageerror", lambda e: problems.append(f"exception: {e}"))
            yield tab, problems
        finally:
            browser.close()
