"""Fixtures of the miniwob plugin's tests: a virtual phone with the WebView app.

Browser tests share one phone per module (its Chromium starts once) and are marked
``browser``; they are skipped, with the reason, where no Chromium is installed.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from droidhub_miniwob.browser import CHROMIUM_ENV, BrowserNotFoundError, find_chromium

if TYPE_CHECKING:
    from droidhub import Device, Env
    from droidhub.virtual.appmodel import VirtualPhone
    from droidhub.virtual.server import VirtualDeviceServer
    from droidhub_miniwob.webview import MiniWobWebViewApp


def _chromium_missing() -> str | None:
    try:
        find_chromium()
    except BrowserNotFoundError as exc:
        return str(exc)
    return None


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Skip browser tests, saying why, when no Chromium can be found."""
    reason = _chromium_missing()
    if reason is None:
        return
    for item in items:
        if item.get_closest_marker("browser"):
            item.add_marker(pytest.mark.skip(reason=reason))


@pytest.fixture(scope="module")
def phone_device(
    virtual_server: VirtualDeviceServer,
) -> Iterator[tuple[Device, VirtualPhone]]:
    """A virtual phone shared by a test module, and a Device on it; removed afterwards."""
    from droidhub import Device

    serial = virtual_server.add_phone()
    try:
        yield (
            Device(serial, host="127.0.0.1", port=virtual_server.port),
            virtual_server.phone(serial),
        )
    finally:
        virtual_server.remove_phone(serial)


@pytest.fixture(scope="module")
def miniwob_env(phone_device: tuple[Device, VirtualPhone]) -> Env:
    """An Env over the module's phone, with every installed app."""
    from droidhub import Env, catalog

    return Env(phone_device[0], apps=catalog.apps())


@pytest.fixture
def webview_app(phone_device: tuple[Device, VirtualPhone]) -> MiniWobWebViewApp:
    """The WebView app model of the module's phone: its browser, pages and episode."""
    from droidhub_miniwob import contract
    from droidhub_miniwob.webview import MiniWobWebViewApp

    app = phone_device[1].app(contract.PACKAGE)
    assert isinstance(app, MiniWobWebViewApp)
    return app


@pytest.fixture
def own_browser(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Phones made in the test get a browser of their own, not the one the module's
    phone shares: the browser binary, under another name (a process keeps one browser
    per binary and page folder)."""
    link = tmp_path / "chromium"
    link.symlink_to(find_chromium())
    monkeypatch.setenv(CHROMIUM_ENV, str(link))
