"""The app's screen as a ``uiautomator dump``: the window, the WebView and the page's nodes.

The page's nodes come from ``js/hierarchy.js`` in CSS pixels of the WebView; here they
become device pixels on the screen (five per CSS pixel, below the WebView's top) inside
the layout AndroidWorld's app has (:mod:`droidhub_miniwob.phone_window`), followed by
the status and navigation bars, as the rest of the virtual phone writes them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any
from xml.sax.saxutils import quoteattr

from droidhub.virtual.appmodel import PIXEL_6, system_bars_xml
from droidhub_miniwob import contract
from droidhub_miniwob.phone_window import DENSITY, WEBVIEW_BOTTOM, WEBVIEW_TOP

__all__ = ["window_hierarchy"]

#: Bits of the flags word the hierarchy script returns (see js/hierarchy.js).
_FLAGS = {
    "clickable": 1,
    "checkable": 2,
    "checked": 4,
    "enabled": 8,
    "focusable": 16,
    "focused": 32,
    "scrollable": 64,
    "selected": 128,
    "password": 256,
    "long-clickable": 512,
}
_XML_INVALID = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
#: The WebView's resource id in the app's layout (``activity_main.xml``).
_WEBVIEW_ID = f"{contract.PACKAGE}:id/webView"


def _x(css: float) -> int:
    """A page x (CSS pixels in the WebView) on the screen, clipped to the WebView."""
    return max(0, min(PIXEL_6.width, round(css * DENSITY)))


def _y(css: float) -> int:
    """A page y (CSS pixels in the WebView) on the screen, clipped to the WebView."""
    return max(WEBVIEW_TOP, min(WEBVIEW_BOTTOM, WEBVIEW_TOP + round(css * DENSITY)))


def window_hierarchy(title: str, nodes: Sequence[Sequence[Any]], clock: str = "") -> str:
    """Android ``uiautomator dump`` XML: the app's window (the layout around the WebView,
    the WebView and the page's nodes), then the status and navigation bars."""
    pkg = _attr(contract.PACKAGE)
    full = f"[0,0][{PIXEL_6.width},{PIXEL_6.height}]"
    content = f"[0,{PIXEL_6.status_bar}][{PIXEL_6.width},{WEBVIEW_BOTTOM}]"
    webview = f"[0,{WEBVIEW_TOP}][{PIXEL_6.width},{WEBVIEW_BOTTOM}]"
    parts = [
        "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>",
        '<hierarchy rotation="0">',
        _open_node(0, "android.widget.FrameLayout", "", "", "", pkg, full, 8),
        _open_node(0, "android.widget.FrameLayout", "", "", "android:id/content", pkg, content, 8),
        _open_node(0, "android.widget.RelativeLayout", "", "", "", pkg, content, 8),
        _open_node(0, "android.webkit.WebView", title, "", _WEBVIEW_ID, pkg, webview, 8 | 16 | 64),
    ]
    # Nodes arrive in document order with their depth below the WebView.
    open_depths: list[int] = []
    counters: list[int] = [0]
    for depth, cls, text, desc, rid, left, top, right, bottom, flags in nodes:
        while open_depths and open_depths[-1] >= depth:
            open_depths.pop()
            counters.pop()
            parts.append("</node>")
        index = counters[-1]
        counters[-1] += 1
        bounds = f"[{_x(left)},{_y(top)}][{_x(right)},{_y(bottom)}]"
        parts.append(_open_node(index, cls, text, desc, rid, pkg, bounds, flags))
        open_depths.append(depth)
        counters.append(0)
    parts.extend("</node>" for _ in open_depths)
    parts.append("</node></node></node>")
    parts.append(system_bars_xml(clock))
    parts.append("</node></hierarchy>")
    return "".join(parts)


def _open_node(
    index: int, cls: str, text: str, desc: str, rid: str, pkg: str, bounds: str, flags: int
) -> str:
    def flag(name: str) -> str:
        return "true" if flags & _FLAGS[name] else "false"

    # Attribute order as uiautomator writes it.
    return (
        f'<node index="{index}" text={_attr(text)} resource-id={_attr(rid)} '
        f"class={_attr(cls)} package={pkg} content-desc={_attr(desc)} "
        f'checkable="{flag("checkable")}" checked="{flag("checked")}" '
        f'clickable="{flag("clickable")}" enabled="{flag("enabled")}" '
        f'focusable="{flag("focusable")}" focused="{flag("focused")}" '
        f'scrollable="{flag("scrollable")}" long-clickable="{flag("long-clickable")}" '
        f'password="{flag("password")}" selected="{flag("selected")}" bounds="{bounds}">'
    )


def _attr(value: str) -> str:
    # XML 1.0 forbids most control characters even when escaped; a page may hold them.
    cleaned = _XML_INVALID.sub("", value)
    return quoteattr(cleaned, {"\n": "&#10;", "\r": "&#13;", "\t": "&#9;"})
