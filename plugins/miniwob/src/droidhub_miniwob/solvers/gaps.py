"""Why a page has no solver: what ``droidhub check`` shows for a task without an oracle.

Two kinds of reason: the page cannot be solved reliably by any sequence of
AndroidWorld's actions (a continuous reward, a drag only a mouse can make, a
selection only a handle drag can widen, a reply AW's actions cannot type); or no
solver has been written yet, with what one would have to do.
A test keeps this table equal to the pages without a solver.
"""

from __future__ import annotations

from droidhub_miniwob.solvers.email import REPLY_GAP

_GEOMETRY = (
    "its reward is continuous (how close the tapped point is to the exact answer, a point "
    "computed from what is drawn) and reaches 1 only at that point; taps land on whole "
    "device pixels, so a success is luck, not skill (AndroidWorld reads the raw reward "
    "with int() and fails on a fraction, so it scores such pages only at exactly 1 too)"
)
_SELECTION = (
    "cannot be solved with AndroidWorld's actions: the page wants exactly its paragraph "
    "selected, and on a phone a long press selects one word; widening the selection "
    "means dragging a selection handle, which is no element of the UI tree, while AW's "
    "swipe starts at a screen edge and its scroll at an element's or the screen's "
    "middle, and the toolbar's Select all takes the whole page, not the paragraph (on the "
    "virtual phone a handle drag by `input swipe` does it, as on a real one)"
)

#: Page -> why it has no solver.
GAPS: dict[str, str] = {
    "email-inbox-reply": REPLY_GAP,
    "circle-center": (
        "its reward is continuous (how close the tap is to the circle's centre) and "
        "reaches 1 only at the exact centre; taps land on whole device pixels, a fifth of "
        "a page pixel apart, so a success is luck, not skill"
    ),
    "highlight-text": _SELECTION,
    "highlight-text-2": _SELECTION,
    "bisect-angle": _GEOMETRY,
    "find-midpoint": _GEOMETRY,
    "right-angle": _GEOMETRY,
    "drag-box": (
        "cannot be solved by touch: the page's jQuery UI draggable follows mouse events "
        "only, and Chromium turns a tap, not a drag, into mouse events, so the box stays "
        "put under a finger (seen on the virtual phone's Chromium; AW's WebView is Chromium)"
    ),
    "resize-textarea": (
        "cannot be solved by touch: the page's jQuery UI resizable follows mouse events "
        "only, so its corner does not move under a finger (a touch drag from the corner "
        "left the text area's size as it was on the virtual phone's Chromium), and "
        "AndroidWorld's actions cannot start a drag on the corner anyway"
    ),
    "simon-says": (
        "no reliable solver: the buttons blink 0.6 s apart from the episode's start, 0.25 s "
        "each, before any step may act, and an agent sees the screen only between its "
        "steps (on AW too); a watcher needs screenshots under 0.23 s apart from the first "
        "0.6 s on, which a shared machine does not promise (a tried watcher measured looks "
        "of 70-120 ms with outliers to 0.44 s, and in 19 of 20 runs began too late to tell "
        "the first blink from the second)"
    ),
}
