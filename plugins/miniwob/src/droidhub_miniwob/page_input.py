"""The phone's input as the MiniWoB++ page receives it: DevTools touch and key events.

Taps, swipes and long presses become touch events at the page's density; ``input
text`` becomes key presses (ASCII) or inserted text; ``input keyevent`` the keys a web
page reacts to; Ctrl+A the editing command that selects all. Each function sends its
events in one go and then waits for every answer, so a gesture costs one round trip.
"""

from __future__ import annotations

import time

from droidhub_miniwob.cdp import CdpSession
from droidhub_miniwob.phone_window import DENSITY

#: ``input keyevent`` codes the page understands, as DevTools key events.
_KEYS: dict[str, tuple[str, str, int, str]] = {
    # keycode: (key, code, windowsVirtualKeyCode, text)
    "KEYCODE_ENTER": ("Enter", "Enter", 13, "\r"),
    "KEYCODE_NUMPAD_ENTER": ("Enter", "NumpadEnter", 13, "\r"),
    "KEYCODE_DEL": ("Backspace", "Backspace", 8, ""),
    "KEYCODE_FORWARD_DEL": ("Delete", "Delete", 46, ""),
    "KEYCODE_TAB": ("Tab", "Tab", 9, ""),
    "KEYCODE_SPACE": (" ", "Space", 32, " "),
    "KEYCODE_ESCAPE": ("Escape", "Escape", 27, ""),
    "KEYCODE_DPAD_UP": ("ArrowUp", "ArrowUp", 38, ""),
    "KEYCODE_DPAD_DOWN": ("ArrowDown", "ArrowDown", 40, ""),
    "KEYCODE_DPAD_LEFT": ("ArrowLeft", "ArrowLeft", 37, ""),
    "KEYCODE_DPAD_RIGHT": ("ArrowRight", "ArrowRight", 39, ""),
    "KEYCODE_MOVE_HOME": ("Home", "Home", 36, ""),
    "KEYCODE_MOVE_END": ("End", "End", 35, ""),
    "KEYCODE_PAGE_UP": ("PageUp", "PageUp", 33, ""),
    "KEYCODE_PAGE_DOWN": ("PageDown", "PageDown", 34, ""),
}
_KEY_NUMBERS = {
    "66": "KEYCODE_ENTER",
    "67": "KEYCODE_DEL",
    "61": "KEYCODE_TAB",
    "62": "KEYCODE_SPACE",
    "111": "KEYCODE_ESCAPE",
    "4": "KEYCODE_BACK",
    "19": "KEYCODE_DPAD_UP",
    "20": "KEYCODE_DPAD_DOWN",
    "21": "KEYCODE_DPAD_LEFT",
    "22": "KEYCODE_DPAD_RIGHT",
}

#: A press at least this long on one spot is a long press (real time passes).
_LONG_PRESS_MS = 400
#: Interval between synthetic touch moves of a swipe (one frame).
_MOVE_INTERVAL_MS = 16


def tap(page: CdpSession, x: int, y: int) -> None:
    """A tap at device pixel ``(x, y)``: touch down and up on one point."""
    point = [{"x": x / DENSITY, "y": y / DENSITY}]
    down = page.send("Input.dispatchTouchEvent", type="touchStart", touchPoints=point)
    up = page.send("Input.dispatchTouchEvent", type="touchEnd", touchPoints=[])
    page.result(down, "touchStart")
    page.result(up, "touchEnd")


def swipe(page: CdpSession, x1: int, y1: int, x2: int, y2: int, duration_ms: int) -> None:
    """A swipe as touch moves one frame apart; a long press on one spot waits for real."""
    start = {"x": x1 / DENSITY, "y": y1 / DENSITY}
    if (x1, y1) == (x2, y2):
        page.call("Input.dispatchTouchEvent", type="touchStart", touchPoints=[start])
        if duration_ms >= _LONG_PRESS_MS:
            # The long-press detector runs on a real timer in the browser.
            time.sleep(duration_ms / 1000)
        page.call("Input.dispatchTouchEvent", type="touchEnd", touchPoints=[])
        return
    steps = max(2, duration_ms // _MOVE_INTERVAL_MS)
    # The moves carry the timing of the gesture (its speed decides whether it flings)
    # in timestamps that end now: future ones are dropped by the browser, and real
    # sleeps would make every swipe cost its duration.
    t0 = time.time() - (steps + 1) * _MOVE_INTERVAL_MS / 1000
    ids = [
        page.send("Input.dispatchTouchEvent", type="touchStart", touchPoints=[start], timestamp=t0)
    ]
    for i in range(1, steps + 1):
        fx = x1 + (x2 - x1) * i / steps
        fy = y1 + (y2 - y1) * i / steps
        ids.append(
            page.send(
                "Input.dispatchTouchEvent",
                type="touchMove",
                touchPoints=[{"x": fx / DENSITY, "y": fy / DENSITY}],
                timestamp=t0 + i * _MOVE_INTERVAL_MS / 1000,
            )
        )
    ids.append(
        page.send(
            "Input.dispatchTouchEvent",
            type="touchEnd",
            touchPoints=[],
            timestamp=t0 + (steps + 1) * _MOVE_INTERVAL_MS / 1000,
        )
    )
    for command_id in ids:
        page.result(command_id, "Input.dispatchTouchEvent")


def type_text(page: CdpSession, text: str) -> None:
    """``input text``: as on Android, each ASCII character arrives as a key press
    (pages that listen for keys, like a terminal, see them), and the characters land
    in the focused field. Other characters, which Android's ``input text`` cannot map
    to keys, are inserted as text."""
    ids = []
    for char in text:
        if " " <= char <= "~":
            # The key goes down, the character is inserted, the key comes up. (A
            # key-down carrying the text inserts nothing while Chromium still weighs a
            # recent tap as half of a double tap: typed right after a quick second
            # tap, it was lost.)
            key = {"key": char, "windowsVirtualKeyCode": _virtual_key(char)}
            ids.append(page.send("Input.dispatchKeyEvent", type="rawKeyDown", **key))
            ids.append(page.send("Input.insertText", text=char))
            ids.append(page.send("Input.dispatchKeyEvent", type="keyUp", **key))
        else:
            ids.append(page.send("Input.insertText", text=char))
    for command_id in ids:
        page.result(command_id, "input text")


def key_name(keycode: str) -> str:
    """The ``KEYCODE_`` name of an ``input keyevent`` key given by name or number."""
    return _KEY_NUMBERS.get(keycode, keycode)


def press_key(page: CdpSession, name: str) -> None:
    """Press and release key ``name`` (a ``KEYCODE_`` name) in the page; keys a web
    page does not react to (HOME and friends, the phone's) send nothing."""
    if name not in _KEYS:
        return
    key, code, vk, text = _KEYS[name]
    common = {"key": key, "code": code, "windowsVirtualKeyCode": vk}
    ids = [
        page.send(
            "Input.dispatchKeyEvent",
            type="keyDown" if text else "rawKeyDown",
            text=text,
            **common,
        ),
        page.send("Input.dispatchKeyEvent", type="keyUp", **common),
    ]
    for command_id in ids:
        page.result(command_id, "Input.dispatchKeyEvent")


def select_all(page: CdpSession) -> None:
    """Ctrl+A: the page sees Control and A go down and up; the editing command does the
    selecting of the focused field's text, as Android's WebView does for the shortcut."""
    control = {"key": "Control", "code": "ControlLeft", "windowsVirtualKeyCode": 17}
    letter = {"key": "a", "code": "KeyA", "windowsVirtualKeyCode": 65, "modifiers": 2}
    events = [
        {"type": "rawKeyDown", "modifiers": 2, **control},
        {"type": "rawKeyDown", "commands": ["selectAll"], **letter},
        {"type": "keyUp", **letter},
        {"type": "keyUp", **control},
    ]
    ids = [page.send("Input.dispatchKeyEvent", **event) for event in events]
    for command_id in ids:
        page.result(command_id, "Input.dispatchKeyEvent")


def _virtual_key(char: str) -> int:
    """The Windows virtual key code DevTools expects for a printable ASCII character."""
    if char.isalpha():
        return ord(char.upper())
    if char.isdigit() or char == " ":
        return ord(char)
    return 0
