"""A window: the app's content view between the system bars, and a dialog over it.

:func:`lay_out` measures and places both on the Pixel 6's screen, in the room the
soft keyboard leaves while it shows (as the window's ``windowSoftInputMode`` says);
:func:`dump` writes them as ``uiautomator dump`` does, only what shows, with bounds
cut to the parent's (never the keyboard's keys: those are another window's);
:func:`paint` draws them (the dialog over a dimming scrim), the keyboard, and the
status and gesture bars. The dump never paints: pixels are made only for
``screencap``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

from droidhub.android.phone import PIXEL_6
from droidhub.virtual.hierarchy import Node, hierarchy
from droidhub.virtual.views import keyboard
from droidhub.virtual.views.keyboard import Keyboard
from droidhub.virtual.views.measure import Gravity, MeasureSpec, child_spec, dp, place
from droidhub.virtual.views.paint import DIM_AMOUNT, Painter
from droidhub.virtual.views.status_bar import (
    SYSTEM_UI,
    StatusBar,
    navigation_bar_node,
    status_bar_window,
)
from droidhub.virtual.views.view import GONE, VISIBLE, Box, View

#: Where an app's content goes: between the status bar and the gesture bar.
CONTENT: Box = (0, PIXEL_6.status_bar, PIXEL_6.width, PIXEL_6.height - PIXEL_6.navigation_bar)
#: A dialog keeps 24 dp from the screen's sides (its window's inset background).
DIALOG_INSET = dp(24)

#: ``android:windowSoftInputMode``'s adjust values: what the window does while the
#: keyboard shows. Unspecified resizes a window holding a list (a scroll container)
#: and pans any other, as Android chooses; resize lays the content out above the
#: keyboard; pan keeps its size and moves it up until the focused field shows;
#: nothing leaves it where it is, under the keyboard.
ADJUST_UNSPECIFIED = "adjustUnspecified"
ADJUST_RESIZE = "adjustResize"
ADJUST_PAN = "adjustPan"
ADJUST_NOTHING = "adjustNothing"


@dataclass
class Window:
    """What an app shows: its ``content`` view and, over it, an optional ``dialog``.

    ``on_cancel`` runs on a tap outside the dialog or BACK while it shows (a dialog
    that is cancelable on touch outside, as AlertDialog is by default).
    ``soft_input`` is the activity's ``windowSoftInputMode`` (its adjust part).
    ``dialog_fills`` makes the dialog's window fill the content's frame instead of
    centring it 24 dp in (a bottom sheet's window: its sheet sits at the bottom, and
    a view of its own takes the taps outside the sheet).
    ``popup_anchor``: the ``dialog`` is a popup window dropped from the view at these
    bounds (an overflow menu over its button): it wraps its content, its top-end
    corner on the anchor's, and nothing dims behind it.
    """

    content: View
    dialog: View | None = None
    on_cancel: Callable[[], object] | None = None
    background: str = "#FFFFFFFF"
    status_bar: str = "#FFFFFFFF"
    soft_input: str = ADJUST_UNSPECIFIED
    dialog_fills: bool = False
    popup_anchor: Box | None = None
    #: The keyboard while it shows over this window (the engine sets it).
    keyboard: Keyboard | None = None
    #: Where the content went (the engine sets it): resized or panned for the keyboard.
    frame: Box = CONTENT
    #: When the engine built it (``time.monotonic()``), and whether building it read
    #: the phone's clock (it shows the time: a stopwatch, "5 min ago").
    built_at: float = 0.0
    shows_time: bool = False


def _adjust(window: Window) -> str:
    """How the window makes room for the keyboard now."""
    if window.keyboard is None:
        return ADJUST_NOTHING
    if window.soft_input != ADJUST_UNSPECIFIED:
        return window.soft_input
    scrolls = any(v.class_name.endswith("RecyclerView") for v in window.content.walk())
    return ADJUST_RESIZE if scrolls else ADJUST_PAN


def lay_out(window: Window) -> None:
    """Measure and place the window's views (above the keyboard, or panned, while it
    shows)."""
    for root in (window.content, window.dialog):
        for view in root.walk() if root is not None else ():
            view.measured_with = None  # a window laid out again is measured afresh
    left, top, right, bottom = CONTENT
    adjust = _adjust(window)
    if adjust == ADJUST_RESIZE:
        bottom = keyboard.TOP
    content = window.content
    ml, mt, mr, mb = content.margin
    content.measure(
        child_spec(MeasureSpec.exactly(right - left), ml + mr, content.width),
        child_spec(MeasureSpec.exactly(bottom - top), mt + mb, content.height),
    )
    content.layout(left + ml, top + mt)
    if adjust == ADJUST_PAN:
        focused = next((v for v in content.walk() if v.focused), None)
        shift = max(0, focused.bottom - keyboard.TOP) if focused is not None else 0
        if shift:
            top, bottom = top - shift, bottom - shift
            content.layout(left + ml, top + mt)  # measured already: only moved
    window.frame = (left, top, right, bottom)
    if window.keyboard is not None:
        bottom = min(bottom, keyboard.TOP)  # a dialog centres in what the keyboard leaves
    if window.dialog is not None and window.popup_anchor is not None:
        _drop_down(window.dialog, window.popup_anchor, (left, top, right, bottom))
    elif window.dialog is not None and window.dialog_fills:
        window.dialog.measure(
            MeasureSpec.exactly(right - left), MeasureSpec.exactly(bottom - CONTENT[1])
        )
        window.dialog.layout(left, CONTENT[1])
    elif window.dialog is not None:
        dialog = window.dialog
        dialog.measure(
            MeasureSpec.exactly(right - left - 2 * DIALOG_INSET),
            MeasureSpec.at_most(bottom - top - 2 * DIALOG_INSET),
        )
        y = place(Gravity.CENTER_VERTICAL, top, bottom, dialog.measured_height, False)
        dialog.layout(left + DIALOG_INSET, y)


def _drop_down(popup: View, anchor: Box, frame: Box) -> None:
    """Place a popup over its anchor: as wide and tall as it wants inside the frame,
    its end on the anchor's end and its top on the anchor's top (overlapping it, as
    an overflow menu does)."""
    left, top, right, bottom = frame
    popup.measure(MeasureSpec.at_most(right - left), MeasureSpec.at_most(bottom - top))
    x = max(left, min(anchor[2], right) - popup.measured_width)
    y = max(top, min(anchor[1], bottom - popup.measured_height))
    popup.layout(x, y)


def _qualified(name: str, package: str) -> str:
    if not name or ":id/" in name:
        return name
    return f"{package}:id/{name}"


def _clip(box: Box, by: Box) -> Box:
    return max(box[0], by[0]), max(box[1], by[1]), min(box[2], by[2]), min(box[3], by[3])


def node(view: View, clip: Box, package: str) -> Node | None:
    """``view`` as a dump node of ``package`` with its bounds cut to ``clip``, or None
    when it does not show (not VISIBLE, or nothing of it inside its parent)."""
    if view.visibility != VISIBLE:
        return None
    bounds = _clip(view.bounds, clip)
    if bounds[0] >= bounds[2] or bounds[1] >= bounds[3]:
        return None
    out = Node(
        view.class_name,
        package,
        bounds,
        text=view.text_for_accessibility(),
        resource_id=_qualified(view.id, package) if view.id_in_package else view.id,
        content_desc=view.content_desc,
        checkable=view.checkable,
        checked=view.checked,
        clickable=view.clickable,
        enabled=view.enabled,
        focusable=view.focusable,
        focused=view.focused,
        scrollable=view.scrollable(),
        long_clickable=view.long_clickable,
        password=view.password,
        selected=view.selected,
        hint=getattr(view, "hint", ""),
    )
    for child in view.children:
        if child.visibility != GONE:
            inner = node(child, bounds, package)
            if inner is not None:
                out.children.append(inner)
    return out


def _status_bar(bar: StatusBar | str) -> StatusBar:
    """``bar``, or a fresh phone's bar showing the clock ``bar``."""
    return StatusBar(bar) if isinstance(bar, str) else bar


def dump(window: Window, package: str, bar: StatusBar | str) -> str:
    """The laid-out window as a ``uiautomator dump`` document, system bars included:
    System UI's status bar (showing ``bar``, or a fresh phone's bar with the clock
    ``bar``) and gesture bar, each its own window, as the root's last children."""
    full = PIXEL_6.bounds
    frame = _clip(window.frame, full)
    content = Node("android.widget.FrameLayout", package, frame, resource_id="android:id/content")
    inner = node(window.content, frame, package)
    if inner is not None:
        content.children.append(inner)
    decor = Node("android.widget.LinearLayout", package, full, children=[content])
    root = Node("android.widget.FrameLayout", package, full, children=[decor])
    if window.dialog is not None:
        shown = node(window.dialog, full, package)
        if shown is not None:
            root.children.append(
                Node("android.widget.FrameLayout", package, shown.bounds, children=[shown])
            )
    status = _status_bar_node(_status_bar(bar), window.status_bar)
    root.children += (
        [status, navigation_bar_node()] if status is not None else [navigation_bar_node()]
    )
    return hierarchy(root)


class _Written(Node):
    """A node whose XML, once written at a position, is kept (the status bar's: the
    same few dozen nodes in every dump while the phone's state stands)."""

    def __init__(self, shown: Node) -> None:
        super().__init__(**{name: getattr(shown, name) for name in Node.__dataclass_fields__})
        self._written: dict[int, str] = {}

    def xml(self, index: int = 0) -> str:
        """The node's XML at ``index``, written the first time."""
        text = self._written.get(index)
        if text is None:
            text = self._written[index] = super().xml(index)
        return text


@functools.lru_cache(maxsize=64)
def _status_bar_node(bar: StatusBar, background: str) -> Node | None:
    """The status bar's window as dump nodes, made once per bar and colour (a dump only
    reads them)."""
    shown = node(status_bar_window(bar, background), PIXEL_6.bounds, SYSTEM_UI)
    return None if shown is None else _Written(shown)


def draw(view: View, painter: Painter) -> None:
    """Paint ``view`` and, clipped to its bounds, its children."""
    if view.visibility != VISIBLE:
        return
    view.draw(painter)
    if view.children:
        with painter.clipped(view.bounds):
            for child in view.children:
                draw(child, painter)


def paint(window: Window, bar: StatusBar | str) -> Painter:
    """The laid-out window painted: content, the dialog over a scrim, the keyboard, the
    status bar (showing ``bar``, as :func:`dump` reads it) and the gesture bar."""
    painter = Painter()
    if window.dialog is not None and window.popup_anchor is None:
        painter.light = 1 - DIM_AMOUNT  # the scrim, applied as the content is drawn
    painter.clear(window.background)
    draw(window.content, painter)
    painter.light = 1.0
    if window.dialog is not None:
        draw(window.dialog, painter)
    if window.keyboard is not None:
        keyboard.paint(painter, window.keyboard)
    draw(status_bar_window(_status_bar(bar), window.status_bar), painter)
    painter.navigation_bar()
    return painter
