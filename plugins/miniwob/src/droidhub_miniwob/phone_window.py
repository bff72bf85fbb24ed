"""The MiniWoB++ app's window on the phone: where the WebView sits between the system bars.

AndroidWorld's app (``MainActivity.kt``, ``activity_main.xml``) is an activity without
a title bar whose layout holds one WebView, full width, with a 10 dp top margin; it
is not drawn edge to edge (target SDK 33), so the status bar sits above it and the
gesture navigation bar below. On a Pixel 6 (:data:`droidhub.virtual.appmodel.PIXEL_6`)
that puts the WebView at ``[0,144][1080,2337]``.

The virtual app draws the whole window in the browser, one document
(``js/phone_window.html``, served at :data:`WINDOW_URL`) holding the bars and an
iframe that is the WebView: a screenshot of the tab is then the phone's screen,
bars included, exactly 1080x2400, and the task page lays out in the WebView's own
size (216x438.6 CSS pixels at 500 %), as it does on the phone.
"""

from __future__ import annotations

import functools
import math
from importlib import resources
from string import Template

from droidhub.virtual.appmodel import PIXEL_6

#: Device pixels per CSS pixel: AndroidWorld's MiniWoB app opens its WebView at an
#: initial scale of 500 % (``setInitialScale(500)``), five device pixels per CSS pixel,
#: so the 160-pixel task fills most of the screen's width.
DENSITY = 5.0
#: The layout's top margin above the WebView (``layout_marginTop="10dp"``).
TOP_MARGIN_PX = round(10 * PIXEL_6.scale)
#: The WebView's top and bottom on the screen, in device pixels (it is full width).
WEBVIEW_TOP = PIXEL_6.status_bar + TOP_MARGIN_PX
WEBVIEW_BOTTOM = PIXEL_6.height - PIXEL_6.navigation_bar
#: The window document's path on the page origin (not in the pages' folder).
WINDOW_PATH = "/droidhub/phone-window.html"
#: The iframe that is the WebView, by its id in the window document.
WEBVIEW_FRAME_ID = "webview"


@functools.cache
def window_html() -> bytes:
    """The window document: the bars, and the iframe the task pages load in (built once)."""
    source = resources.files("droidhub_miniwob").joinpath("js/phone_window.html").read_text()

    def css(px: float) -> str:
        return f"{px / DENSITY:g}"

    handle_width, handle_height = round(108 * PIXEL_6.scale), round(4 * PIXEL_6.scale)
    battery_width, battery_height = round(13 * PIXEL_6.scale), round(21 * PIXEL_6.scale)
    # Chromium rounds a box to whole CSS pixels (a fifth of a device pixel is lost);
    # a translation is not rounded. So: each bar and the WebView is a box in whole CSS
    # pixels, moved by what is left to its device pixel.
    status_box = math.ceil(PIXEL_6.status_bar / DENSITY)
    webview_box_top = math.floor(WEBVIEW_TOP / DENSITY)
    navigation_box_top = math.floor(WEBVIEW_BOTTOM / DENSITY)
    values = {
        "frame_id": WEBVIEW_FRAME_ID,
        "width": css(PIXEL_6.width),
        "height": css(PIXEL_6.height),
        "status": f"{status_box}",
        "status_shift": f"{PIXEL_6.status_bar / DENSITY - status_box:g}",
        "clock_left": css(round(16 * PIXEL_6.scale)),
        "clock_size": css(14 * PIXEL_6.scale),
        "battery_right": css(round(16 * PIXEL_6.scale) + round(12 * PIXEL_6.scale)),
        "battery_top": css((PIXEL_6.status_bar - battery_height) / 2),
        "battery_width": css(battery_width),
        "battery_height": css(battery_height),
        "webview_top": f"{webview_box_top}",
        "webview_shift": f"{WEBVIEW_TOP / DENSITY - webview_box_top:g}",
        # The frame's own viewport is whole CSS pixels too: it runs 2 px into the
        # navigation bar, which is drawn over it.
        "webview_height": f"{math.ceil((WEBVIEW_BOTTOM - WEBVIEW_TOP) / DENSITY)}",
        "navigation_top": f"{navigation_box_top}",
        "navigation_shift": f"{WEBVIEW_BOTTOM / DENSITY - navigation_box_top:g}",
        "navigation": f"{math.ceil(PIXEL_6.navigation_bar / DENSITY) + 1}",
        "handle_left": css((PIXEL_6.width - handle_width) / 2),
        "handle_top": css((PIXEL_6.navigation_bar - handle_height) / 2),
        "handle_width": css(handle_width),
        "handle_height": css(handle_height),
    }
    return Template(source).substitute(values).encode("utf-8")
