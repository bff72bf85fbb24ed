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
    "resize-textarea": (
        "cannot be solved by touch: the page's jQuery UI resizable follows mouse events "
        "only, so its corner does not move under a finger (a touch drag from the corner "
        "left the text area's size as it was on the virtual phone's Chromium), and "
        "AndroidWorld's actions cannot start a drag on the corner anyway"
    ),
    "simon-says": (
        "no solver yet: the buttons blink for 250 ms each, 600 ms apart, before the agent "
        "may act; reading the order needs screenshots a fraction of a second apart, which "
        "a loaded machine cannot promise"
    ),
}
