"""The virtual twin of the MiniWoB++ WebView app: task pages in headless Chromium.

:class:`MiniWobWebViewApp` is a UI app model for the virtual phone. It answers the
same intents as the Android app (:mod:`droidhub_miniwob.contract`), and shows the
page the way AndroidWorld's app does on a Pixel 6 (:data:`droidhub.android.phone.PIXEL_6`:
1080x2400 device pixels; the WebView between the status and navigation bars, the page
in it at 500 %, five device pixels per CSS pixel: :mod:`droidhub_miniwob.phone_window`).
Taps, swipes and long presses arrive as touch events, ``input text`` and key events
as keyboard input (:mod:`droidhub_miniwob.page_input`); ``screencap`` is the window's
screenshot, bars included, and ``uiautomator dump`` an Android UI hierarchy of it
(:mod:`droidhub_miniwob.window_tree`).

Each model instance (that is, each virtual phone) has a tab of its own, in a browser
context of its own, opened on first use and closed by :meth:`MiniWobWebViewApp.close`;
the browser itself is shared by the phones of one process (:mod:`droidhub_miniwob.tabs`).
The ``task`` extra is a task name from the catalogue, never a path; pages come from a
synthetic http origin that serves only the ``miniwob`` package's html folder
(:mod:`droidhub_miniwob.origin`).
"""

from __future__ import annotations

import base64
import json
import math
import threading
import time
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from droidhub.virtual.appmodel import (
    PIXEL_6,
    BroadcastReply,
    Intent,
    Screen,
    VirtualApp,
    selects_all,
)
from droidhub.virtual.views import keyboard
from droidhub.virtual.views.keyboard import Keyboard, KeyPress
from droidhub_miniwob import contract, page_input
from droidhub_miniwob.browser import Chromium
from droidhub_miniwob.cdp import CdpError, CdpSession
from droidhub_miniwob.origin import ORIGIN, PageOrigin
from droidhub_miniwob.pages import PagesNotFoundError
from droidhub_miniwob.phone_window import (
    DENSITY,
    WEBVIEW_FRAME_ID,
    WINDOW_PATH,
)
from droidhub_miniwob.screenshot import fit_png, with_band
from droidhub_miniwob.tabs import Tab, open_tab
from droidhub_miniwob.window_tree import window_hierarchy

if TYPE_CHECKING:
    from droidhub.virtual.appmodel import VirtualPhone

#: The screen of the phone the virtual device models (a Pixel 6: 1080x2400).
SCREEN_WIDTH_PX = PIXEL_6.width
SCREEN_HEIGHT_PX = PIXEL_6.height
#: The tab's viewport: the whole screen in CSS pixels at the page's scale (216x480,
#: exact); the window document in it draws the bars around the WebView's iframe.
VIEWPORT_WIDTH = math.ceil(SCREEN_WIDTH_PX / DENSITY)
VIEWPORT_HEIGHT = math.ceil(SCREEN_HEIGHT_PX / DENSITY)
#: The screen in CSS pixels: a screenshot of it at the density is the screen's size
#: (``screencap`` fits what a Chromium that rounds otherwise returns, see ``observe``).
SCREENSHOT_CLIP = {
    "x": 0,
    "y": 0,
    "width": SCREEN_WIDTH_PX / DENSITY,
    "height": SCREEN_HEIGHT_PX / DENSITY,
    "scale": 1,
}

#: How ``screencap`` captures: a lossless PNG of exactly the screen, encoded for speed
#: (Chromium's fast zlib setting: ~40% less time to encode and half the time to
#: decode, for a file about twice as large).
SCREENSHOT_PARAMS: dict[str, Any] = {
    "format": "png",
    "clip": SCREENSHOT_CLIP,
    "optimizeForSpeed": True,
}

_PAGE_LOAD_TIMEOUT_S = 20.0
#: Closes the select, date or time dialog (js/native_pickers.js) if one is open.
_CLOSE_DIALOG = "document.getElementById('droidhub-select-dialog')?.remove(); 0"
#: Whether the WebView's focused element takes typing, which brings the soft keyboard up:
#: a text-like input, a textarea or editable content, enabled and not read-only. Date,
#: time and colour inputs open their pickers instead; buttons and boxes take no text.
_TAKES_TYPING = """(() => {
  const e = document.activeElement;
  if (!e || e.disabled || e.readOnly) return false;
  if (e.isContentEditable || e.tagName === 'TEXTAREA') return true;
  const typed = ['text', 'search', 'email', 'url', 'tel', 'password', 'number'];
  return e.tagName === 'INPUT' && typed.includes((e.type || 'text').toLowerCase());
})()"""


def emulate_webview_screen(page: CdpSession) -> None:
    """Make ``page`` lay out and take touches as the phone's WebView does: the
    phone's screen in CSS pixels at its density, one touch point."""
    page.call(
        "Emulation.setDeviceMetricsOverride",
        width=VIEWPORT_WIDTH,
        height=VIEWPORT_HEIGHT,
        deviceScaleFactor=DENSITY,
        # A WebView lays pages out at the device width (no 980 px "desktop"
        # viewport for pages without a viewport tag): that is mobile=False here.
        mobile=False,
    )
    page.call("Emulation.setTouchEmulationEnabled", enabled=True, maxTouchPoints=1)


def _script(name: str) -> str:
    return resources.files("droidhub_miniwob").joinpath(f"js/{name}").read_text("utf-8")


class MiniWobWebViewApp(VirtualApp):
    """The MiniWoB++ WebView app, hosted in a headless Chromium on the host.

    ``pages`` is the html folder to serve (``miniwob/<task>.html`` beside the
    ``core``/``common`` folders they load); by default the installed ``miniwob``
    package's.
    """

    package = contract.PACKAGE
    label = "MiniWoB++"
    activity = contract.ACTIVITY
    version_name = "1.0"

    def __init__(self, executable: str | None = None, pages: Path | None = None) -> None:
        self._executable = executable
        self._origin = PageOrigin(pages)
        self._tab: Tab | None = None
        self._page: CdpSession | None = None
        self._frame = ""  # the WebView iframe's frame id
        self._clock = ""  # the time the status bar shows
        self._task: str | None = None
        #: Gboard while it shows over the window (a tap focused a field that takes typing).
        self._keyboard: Keyboard | None = None
        self._lock = threading.RLock()
        self._hierarchy_js = _script("hierarchy.js")
        # What a phone's WebView does natively: text selection, the clipboard.
        self._selection_js = _script("text_selection.js")
        self._bridge_js = contract.bridge_script()
        # Android's native <select>, date and time dialogs, which a desktop browser lacks.
        self._picker_js = f"window.__droidhubDialogZoom = {PIXEL_6.scale / DENSITY};\n" + _script(
            "native_pickers.js"
        )

    # --- the browser -------------------------------------------------------------------
    @property
    def browser(self) -> Chromium | None:
        """The browser showing the phone's tab (None before the app's first launch)."""
        return self._tab.browser if self._tab is not None else None

    @property
    def tab(self) -> Tab | None:
        """The phone's tab, with its browser context (None before the first launch)."""
        return self._tab

    @property
    def task(self) -> str | None:
        """The task whose page is loaded, if any."""
        return self._task

    def _session(self) -> CdpSession:
        if self._tab is not None and self._tab.usable() and self._page is not None:
            return self._page
        if self._tab is not None:
            # The browser died, or the page crashed or closed: drop the tab (and with
            # it the context) and start afresh rather than revive a broken one.
            self._tab.close()
        self._tab = open_tab(self._executable, self._origin)
        # A new session (first use, or after the browser died) shows a blank tab.
        self._task = None
        page = self._tab.page
        emulate_webview_screen(page)
        # The app's window: the bars, and the iframe that is the WebView. Runtime events
        # tell which execution context runs the task page's own scripts.
        page.call("Runtime.enable")
        page.call("Page.navigate", url=ORIGIN + WINDOW_PATH)
        _wait_for(
            page,
            f"location.href === {json.dumps(ORIGIN + WINDOW_PATH)} && "
            "document.readyState === 'complete'",
            "the phone window",
        )
        tree = page.call("Page.getFrameTree")["frameTree"]
        self._frame = tree["childFrames"][0]["frame"]["id"]
        self._clock = ""
        self._page = page
        return page

    def _in_page(self, expression: str, command_line_api: bool = False) -> Any:
        """Evaluate ``expression`` among the task page's own scripts (in the WebView),
        opening the tab first if it is not up."""
        return self._in_frame(self._session(), expression, command_line_api)

    def _in_frame(self, page: CdpSession, expression: str, command_line_api: bool = False) -> Any:
        """Evaluate ``expression`` among the scripts of the WebView's document in ``page``."""
        context = page.connection.main_world(page.session_id, self._frame)
        if context is None:
            # Without a context the evaluation would run in the window document around
            # the WebView, where the task's scripts are not: better to fail here, naming
            # the cause, than to answer from the wrong document.
            raise CdpError(
                f"the WebView frame {self._frame!r} of session {page.session_id} has no "
                "script context (the page is navigating, or its context was dropped)"
            )
        return page.evaluate(expression, command_line_api, context=context)

    def _show(self, page: CdpSession, url: str) -> None:
        """Navigate the WebView to ``url`` and wait until its document has loaded (the
        keyboard goes down with the page it typed into)."""
        self._keyboard = None
        frame = f"document.getElementById({json.dumps(WEBVIEW_FRAME_ID)}).contentWindow"
        page.evaluate(
            f"(function (w) {{ w.droidhubLeaving = true; "
            f"w.location.replace({json.dumps(url)}); }})({frame}); 0"
        )
        # The load event has run (and with it the task's window.onload) once the new
        # document reports "complete".
        _wait_for(
            page,
            f"(function (w) {{ return !w.droidhubLeaving && "
            f"w.location.href === {json.dumps(url)} && "
            f"w.document.readyState === 'complete'; }})({frame})",
            url,
        )

    def close(self) -> None:
        """Close the phone's tab and browser context (the shared browser ends once idle)."""
        with self._lock:
            self._page = None
            self._task = None
            if self._tab is not None:
                self._tab.close()
                self._tab = None

    # --- lifecycle and intents ---------------------------------------------------------
    def on_start(self, phone: VirtualPhone, intent: Intent) -> None:
        """Load the task named by the ``task`` extra (unless already loaded) and start an
        episode with the ``seed`` and ``no_timer`` extras."""
        extras = intent.extras
        task = extras.get(contract.EXTRA_TASK)
        with self._lock:
            if task is None:
                return  # launched from the launcher: keep whatever is shown
            try:
                self.load(str(task))
            except PagesNotFoundError:
                # As the app's WebView would: an error page, and no task to answer for.
                self._show(self._session(), "about:blank")
                self._task = None
                return
            self.reset(extras.get(contract.EXTRA_SEED), _flag(extras.get(contract.EXTRA_NO_TIMER)))
            if phone is not None:
                now = phone.now()
                clock = [now.year, now.month, now.day, now.hour, now.minute]
                self._in_page(f"window.droidhubPhoneClock = {json.dumps(clock)}; 0")

    def on_stop(self, phone: VirtualPhone) -> None:
        """Force-stopped: unload the page; the browser stays up for the next launch."""
        del phone
        with self._lock:
            if self._page is not None and not self._page.closed:
                self._show(self._page, "about:blank")
            self._task = None

    def on_broadcast(self, phone: VirtualPhone, intent: Intent) -> BroadcastReply | None:
        """Answer GET_UTTERANCE, GET_REWARD and RESET as the app's receiver does."""
        del phone
        action = intent.action
        with self._lock:
            if action not in (
                contract.ACTION_GET_UTTERANCE,
                contract.ACTION_GET_REWARD,
                contract.ACTION_RESET,
            ):
                return None
            if self._task is None:
                return BroadcastReply(code=contract.RESULT_NO_TASK)
            if action == contract.ACTION_RESET:
                value = self.reset(
                    intent.extras.get(contract.EXTRA_SEED),
                    _flag(intent.extras.get(contract.EXTRA_NO_TIMER)),
                )
            elif action == contract.ACTION_GET_REWARD:
                value = self._in_page(contract.JS_REWARD)
            else:
                value = self._in_page(contract.JS_UTTERANCE)
            return BroadcastReply(code=contract.RESULT_OK, data=json.dumps(value))

    def load(self, task: str) -> None:
        """Show ``task``'s page (from the ``miniwob`` package) with the bridge injected;
        nothing to do when it is already shown. A name outside the catalogue raises
        :class:`~droidhub_miniwob.pages.UnknownTaskError` (a PagesNotFoundError)."""
        with self._lock:
            url = self._origin.task_url(task)
            page = self._session()  # forgets the task if the browser had to restart
            if task == self._task:
                return
            self._task = None  # until the new page is up
            self._show(page, url)
            self._in_page(self._bridge_js)
            self._in_page(self._picker_js)
            self._in_page(self._selection_js)
            self._task = task

    def reset(self, seed: object, no_timer: bool) -> Any:
        """Start a new episode in the loaded page; returns the bridge's utterance reply."""
        with self._lock:
            seed_text = None if seed is None else str(seed)
            # A new episode starts with no system dialog of the last one left open, and
            # with the keyboard down (the page's fields are made afresh).
            self._in_page(_CLOSE_DIALOG)
            self._keyboard = None
            return self._in_page(contract.js_reset(seed_text, no_timer))

    # --- observation -------------------------------------------------------------------
    def screen(self, phone: VirtualPhone) -> Screen | None:
        """The window as a UI hierarchy and a 1080x2400 PNG (``screencap``)."""
        return self.observe(pixels=True, clock=f"{phone.now():%H:%M}")

    def screen_without_pixels(self, phone: VirtualPhone) -> Screen | None:
        """The window as a UI hierarchy only (``uiautomator dump``): no screenshot cost."""
        return self.observe(pixels=False, clock=f"{phone.now():%H:%M}")

    def observe(self, pixels: bool, clock: str = "") -> Screen:
        """The window's UI hierarchy (the status bar showing ``clock``), plus its
        screenshot when ``pixels`` is true."""
        with self._lock:
            if self._page is None:
                return Screen(hierarchy=window_hierarchy("", [], clock), png=None)
            page = self._page
            # The screenshot is asked for first and the tree walked while the browser
            # makes the frame it captures (the frame rate is not capped, see
            # browser.BASE_FLAGS): the step costs the capture, not capture plus walk.
            png = None
            shot = None
            if pixels:
                if clock != self._clock:
                    page.evaluate(
                        f"document.getElementById('clock').textContent = {json.dumps(clock)}; 0"
                    )
                    self._clock = clock
                shot = page.send("Page.captureScreenshot", **SCREENSHOT_PARAMS)
            title, nodes = self._in_frame(page, self._hierarchy_js, command_line_api=True)
            if shot is not None:
                data = page.result(shot, "Page.captureScreenshot")["data"]
                # At 500 % the clip is whole CSS pixels (216x480) and the capture exactly
                # 1080x2400; fit_png still guarantees the screen's size whatever a
                # browser does at another scale.
                png = fit_png(base64.b64decode(data), PIXEL_6.size)
                if self._keyboard is not None:
                    png = with_band(png, keyboard.band(self._keyboard), keyboard.TOP)
            # The keyboard is the input method's window: never in the app's dump.
            return Screen(hierarchy=window_hierarchy(title, nodes, clock), png=png)

    # --- input: DevTools events (droidhub_miniwob.page_input) --------------------------
    def on_tap(self, phone: VirtualPhone, x: int, y: int) -> None:
        """A tap: on the keyboard while it shows there, a key (what it sends reaches the
        page as typed text or a key event); else touch down and up on one point. Then the
        keyboard shows while the focused field takes typing."""
        with self._lock:
            page = self._page
            if page is None:
                return
            board = self._keyboard
            if board is not None and keyboard.covers(y):
                key = keyboard.key_at(board.page, x, y)
                sent = board.press(key) if key is not None else KeyPress()
                if sent.keycode:
                    self.on_key(phone, sent.keycode)
                elif sent.text:
                    self.on_text(phone, sent.text)
                else:
                    return  # shift, a page change, the toolbar: the page is as it was
            else:
                page_input.tap(page, x, y)
            self._keyboard = (board or Keyboard()) if self._takes_typing(page) else None

    def _takes_typing(self, page: CdpSession) -> bool:
        try:
            return bool(self._in_frame(page, _TAKES_TYPING))
        except CdpError:  # the page is navigating: nothing is focused
            return False

    def on_swipe(
        self, phone: VirtualPhone, x1: int, y1: int, x2: int, y2: int, duration_ms: int
    ) -> None:
        """A swipe as touch moves one frame apart; a long press on one spot waits for
        real. One that starts on the keyboard (gesture typing) is not modelled."""
        del phone
        with self._lock:
            if self._keyboard is not None and keyboard.covers(y1):
                return
            if self._page is not None:
                page_input.swipe(self._page, x1, y1, x2, y2, duration_ms)

    def on_text(self, phone: VirtualPhone, text: str) -> None:
        """``input text``: key presses for ASCII, inserted text for the rest."""
        del phone
        with self._lock:
            if self._page is not None and text:
                page_input.type_text(self._page, text)

    def on_key(self, phone: VirtualPhone, keycode: str) -> bool | None:
        """``input keyevent``: keys a web page reacts to (Enter, Del, Tab, arrows...).

        BACK hides the keyboard while it shows; else it is swallowed, as AndroidWorld's
        MiniWoB++ app does: the activity and its episode stay (the page does not react
        either)."""
        name = page_input.key_name(keycode)
        if name == "KEYCODE_BACK":
            with self._lock:
                self._keyboard = None
            return True
        with self._lock:
            if self._page is not None:
                page_input.press_key(self._page, name)
        return None

    def on_key_combination(self, phone: VirtualPhone, keycodes: list[str]) -> None:
        """``input keycombination``: Ctrl+A selects all of the focused field's text."""
        del phone
        if not selects_all(keycodes):
            return
        with self._lock:
            if self._page is not None:
                page_input.select_all(self._page)


def _flag(value: object) -> bool:
    if isinstance(value, str):
        return value.strip().lower() in ("true", "1", "yes")
    return bool(value)


def _wait_for(page: CdpSession, probe: str, what: str) -> None:
    """Poll ``probe`` in the tab's window until it is true (a page load, in practice)."""
    deadline = time.monotonic() + _PAGE_LOAD_TIMEOUT_S
    while time.monotonic() < deadline:
        try:
            if page.evaluate(probe):
                return
        except CdpError:  # a document's context went away mid-navigation
            if page.closed:
                raise
        time.sleep(0.005)
    raise TimeoutError(f"MiniWoB page {what} did not load within {_PAGE_LOAD_TIMEOUT_S} s")
