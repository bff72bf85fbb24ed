"""Each virtual phone's tab: a browser context of its own, in a browser the process shares.

Starting Chromium costs about half a second of CPU, and ending it more; a check or a
run makes a fresh phone per task, so one browser per phone spent more time starting
browsers than playing pages. Instead, one :class:`~droidhub_miniwob.browser.Chromium`
per process (and per browser binary and page folder) hosts every phone's page, each in
a browser context of its own (DevTools ``Target.createBrowserContext``): cookies,
storage, cache and history are the phone's alone, as an incognito window's are, and
pages of two contexts never share a renderer process. :meth:`Tab.close` disposes of
the context and every page in it.

A browser whose last tab closed lingers :data:`IDLE_LINGER_S` seconds for the next
phone, then ends. A browser that died, or was killed, is replaced on the next
:func:`open_tab`; a child process (after ``fork``) starts its own.
"""

from __future__ import annotations

import contextlib
import os
import threading
from dataclasses import dataclass, field

from droidhub_miniwob.browser import Chromium, find_chromium
from droidhub_miniwob.cdp import CdpError, CdpSession
from droidhub_miniwob.origin import PageOrigin

__all__ = ["IDLE_LINGER_S", "Tab", "open_tab"]

#: Seconds a browser with no tab left waits for the next one before it ends.
IDLE_LINGER_S = 10.0


@dataclass
class _Shared:
    """A browser, the tabs open in it, and the timer that ends it once idle."""

    browser: Chromium
    pid: int = field(default_factory=os.getpid)
    tabs: int = 0
    idle_timer: threading.Timer | None = None


_lock = threading.Lock()
_browsers: dict[tuple[str, str], _Shared] = {}


class Tab:
    """One phone's page: a tab in a browser context of its own."""

    def __init__(self, key: tuple[str, str], browser: Chromium, context: str, page: CdpSession):
        self._key = key
        self.browser = browser
        self.context = context
        self.page = page
        self._closed = False

    def usable(self) -> bool:
        """Whether the browser runs and the page is still attached (not crashed or closed)."""
        return not self._closed and self.browser.is_running() and not self.page.closed

    def close(self) -> None:
        """Dispose of the context (its pages with it); the browser ends once idle."""
        if self._closed:
            return
        self._closed = True
        self.page.close()
        cdp = self.browser.cdp
        if cdp is not None and not cdp.closed:
            with contextlib.suppress(CdpError):
                cdp.call("Target.disposeBrowserContext", browserContextId=self.context)
        _release(self._key, self.browser)


def open_tab(executable: str | None, origin: PageOrigin) -> Tab:
    """A blank page in a new browser context of the process's browser for ``executable``
    and ``origin``'s folder, started (or restarted, if it died) as needed."""
    binary = executable or find_chromium()
    key = (binary, origin.folder_key)
    with _lock:
        shared = _browsers.get(key)
        if shared is not None and (shared.pid != os.getpid() or not shared.browser.is_running()):
            if shared.pid == os.getpid():
                shared.browser.close()  # died: reap what is left and drop its profile
            else:
                shared.browser.disown()  # a parent's browser is the parent's to end
            shared = None
        if shared is None:
            shared = _Shared(Chromium(binary, origin=origin).start())
            _browsers[key] = shared
        if shared.idle_timer is not None:
            shared.idle_timer.cancel()
            shared.idle_timer = None
        shared.tabs += 1
        browser = shared.browser
    try:
        cdp = browser.cdp
        assert cdp is not None
        context = cdp.call("Target.createBrowserContext", disposeOnDetach=True)["browserContextId"]
        target = cdp.call("Target.createTarget", url="about:blank", browserContextId=context)
        page = browser.attach(target["targetId"])
    except BaseException:
        _release(key, browser)
        raise
    return Tab(key, browser, context, page)


def _release(key: tuple[str, str], browser: Chromium) -> None:
    """One tab fewer in ``browser``: with none left, end it after the linger."""
    with _lock:
        shared = _browsers.get(key)
        if shared is None or shared.browser is not browser:
            return  # replaced since: the old one was ended then
        shared.tabs -= 1
        if shared.tabs > 0:
            return
        if IDLE_LINGER_S <= 0:
            _end(key, shared)
            return
        timer = threading.Timer(IDLE_LINGER_S, _end_if_idle, args=(key, shared))
        timer.daemon = True
        shared.idle_timer = timer
        timer.start()


def _end_if_idle(key: tuple[str, str], shared: _Shared) -> None:
    with _lock:
        if _browsers.get(key) is shared and shared.tabs == 0:
            _end(key, shared)


def _end(key: tuple[str, str], shared: _Shared) -> None:
    """End ``shared``'s browser (the caller holds the lock)."""
    del _browsers[key]
    shared.browser.close()
