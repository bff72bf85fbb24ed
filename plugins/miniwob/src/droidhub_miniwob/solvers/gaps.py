"""Why a page has no solver: what ``droidhub check`` shows for a task without an oracle.

Three kinds of reason: the page cannot be solved reliably by any scripted action
sequence (a continuous reward, a drag only a mouse can make, a reply AW's actions
cannot type); the virtual phone does not model what the page needs (text selection and
the clipboard); or no solver has been written yet, with what one would have to do.
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
    "cannot be solved on the virtual phone yet: it needs text selection and the "
    "clipboard (long-press, drag handles, copy and paste), which its WebView does not model"
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
    "drag-item": (
        "no solver yet: the circle is drawn in an SVG, not listed in the UI tree, so a "
        "solver has to find it in the screenshot (AW's page is drag-circle's)"
    ),
    "resize-textarea": (
        "no solver yet: drag the text area's resize corner so it grows or shrinks in one dimension"
    ),
    "simon-says": "no solver yet: watch a sequence of flashing buttons, then replay it",
}
