"""The soft keyboard: Gboard's default English (US) QWERTY on a Pixel 6.

It comes up when a tap focuses an editable field and covers the bottom of the screen
above the gesture bar: a 50 dp toolbar strip, then four rows of keys 60 dp tall
(763 px in all, from y = 1574 to the gesture bar at 2337). The key rows are Gboard's:
``q`` to ``p``; ``a`` to ``l`` set in by half a key; shift, ``z`` to ``m``, backspace; ``?123``,
comma, emoji, space, period, enter. ``?123`` shows the symbols page (digits on top),
``ABC`` the letters again; shift capitalizes the next letter.

Facts: Gboard's keyboard on a 1080x2400 Pixel reaches about 765 px above the
navigation area, the toolbar strip about 132 px of it and each key row about 158 px
(dumps of Gboard's window, ``keyboard_holder`` and its ``key_pos_*`` keys). A key's
touch area is its whole cell, gaps included, as Gboard's are. A real device's
``uiautomator dump`` shows none of it: the dump is of the active window
(``getRootInActiveWindow``), never the input method's (``uiautomator dump --windows``
dumps every window). The virtual phone's dump adds System UI's bars, as the
accessibility forest AndroidWorld's agents read does, but not the keyboard.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np
import skia

from droidhub.android.phone import PIXEL_6
from droidhub.virtual.views.measure import Gravity, dp, sp
from droidhub.virtual.views.paint import Painter

#: The strip above the keys (Gboard's toolbar: its features, the microphone).
TOOLBAR = dp(50)
ROW = dp(60)
#: Where the keyboard ends: on the gesture bar, which stays the system's.
BOTTOM = PIXEL_6.height - PIXEL_6.navigation_bar
TOP = BOTTOM - TOOLBAR - 4 * ROW
#: Gboard's light theme: the keyboard's ground, letter keys, function keys, the
#: enter key and the ink.
BACKGROUND, KEY, FUNCTION_KEY = "#FFE8EAED", "#FFFFFFFF", "#FFCBCED5"
ENTER, INK = "#FF1A73E8", "#FF202124"
_UNIT = PIXEL_6.width / 10  # ten keys across


@dataclass
class Keyboard:
    """The keyboard while it shows: which page, and whether shift is down."""

    page: str = "letters"
    shifted: bool = False

    def press(self, key: Key) -> KeyPress:
        """A tap on ``key``: shift or a page change stays in the keyboard; a letter is
        typed (capital once after shift); delete and enter reach the app as key events."""
        if key.action == "shift":
            self.shifted = not self.shifted
        elif key.action in ("symbols", "letters"):
            self.page, self.shifted = key.action, False
        elif key.action in _KEY_EVENTS:
            return KeyPress(keycode=_KEY_EVENTS[key.action])
        elif key.text:
            typed = key.typed(self.shifted)
            self.shifted = False
            return KeyPress(text=typed)
        return KeyPress()


@dataclass(frozen=True)
class KeyPress:
    """What a key tap sends the focused field: ``text`` typed, or a ``keycode`` (an
    ``input keyevent`` name); neither for the keys that only change the keyboard."""

    text: str = ""
    keycode: str = ""


_KEY_EVENTS = {"delete": "KEYCODE_DEL", "enter": "KEYCODE_ENTER"}


@dataclass(frozen=True)
class Key:
    """One key: what it types (``text``) or does (``action``), how it looks, its cell."""

    label: str
    text: str = ""
    action: str = ""  # shift, delete, enter, symbols, letters; "" types ``text``
    icon: str = ""
    width: float = 1.0  # in keys
    function: bool = False

    def typed(self, shifted: bool) -> str:
        """What tapping the key types."""
        return self.text.upper() if shifted else self.text


def _letters(row: str) -> list[Key]:
    return [Key(c, c) for c in row]


def _chars(row: str) -> list[Key]:
    return [Key(c, c) for c in row.split(" ")]


_SHIFT = Key("Shift", action="shift", icon="shift", width=1.5, function=True)
_DELETE = Key("Delete", action="delete", icon="backspace", width=1.5, function=True)
_BOTTOM_ROW = [
    Key(",", ","),
    Key("Emoji", icon="mood", function=True),
    Key("Space", " ", width=4),
    Key(".", "."),
    Key("Enter", action="enter", icon="keyboard_return", width=1.5, function=True),
]
#: The pages, each four rows of keys.
PAGES: dict[str, list[list[Key]]] = {
    "letters": [
        _letters("qwertyuiop"),
        _letters("asdfghjkl"),
        [_SHIFT, *_letters("zxcvbnm"), _DELETE],
        [Key("?123", action="symbols", width=1.5, function=True), *_BOTTOM_ROW],
    ],
    "symbols": [
        _chars("1 2 3 4 5 6 7 8 9 0"),
        _chars("@ # $ _ & - + ( ) /"),
        [Key("=\\<", width=1.5, function=True), *_chars("* \" ' : ; ! ?"), _DELETE],
        [Key("ABC", action="letters", width=1.5, function=True), *_BOTTOM_ROW],
    ],
}
#: The toolbar's icons, start to end (they do nothing here).
TOOLBAR_ICONS = ("widgets", "mood", "gif_box", "content_paste", "settings", "palette", "mic")

Box = tuple[int, int, int, int]


def keys(page: str) -> list[tuple[Key, Box]]:
    """Every key of ``page`` with its touch cell in screen pixels; each row is centred
    (the second letter row is set in by half a key)."""
    placed: list[tuple[Key, Box]] = []
    for index, row in enumerate(PAGES[page]):
        top = TOP + TOOLBAR + index * ROW
        x = (PIXEL_6.width - sum(k.width for k in row) * _UNIT) / 2
        for key in row:
            right = x + key.width * _UNIT
            placed.append((key, (round(x), top, round(right), top + ROW)))
            x = right
    return placed


def key_at(page: str, x: int, y: int) -> Key | None:
    """The key whose cell holds ``(x, y)``, or None (the toolbar, the margins)."""
    for key, (left, top, right, bottom) in keys(page):
        if left <= x < right and top <= y < bottom:
            return key
    return None


def covers(y: int) -> bool:
    """Whether the keyboard, while it shows, is what a touch at height ``y`` meets."""
    return y >= TOP


def paint(painter: Painter, keyboard: Keyboard) -> None:
    """Gboard over the bottom of the screen: the toolbar strip and the keys, each a
    rounded key inside its cell."""
    page, shifted = keyboard.page, keyboard.shifted
    painter.surface((0, TOP, PIXEL_6.width, PIXEL_6.height), BACKGROUND)
    icon, step = dp(24), PIXEL_6.width // len(TOOLBAR_ICONS)
    y = TOP + (TOOLBAR - icon) // 2
    for i, name in enumerate(TOOLBAR_ICONS):
        x = i * step + (step - icon) // 2
        painter.icon(name, (x, y, x + icon, y + icon), "#FF5F6368")
    gap_x, gap_y = dp(3), dp(5)
    for key, (left, top, right, bottom) in keys(page):
        box = (left + gap_x, top + gap_y, right - gap_x, bottom - gap_y)
        fill = ENTER if key.action == "enter" else FUNCTION_KEY if key.function else KEY
        painter.surface(box, fill, dp(6))
        ink = "#FFFFFFFF" if key.action == "enter" else INK
        if key.icon:
            half = dp(24) // 2
            cx, cy = (box[0] + box[2]) // 2, (box[1] + box[3]) // 2
            filled = key.action == "shift" and shifted
            painter.icon(key.icon, (cx - half, cy - half, cx + half, cy + half), ink, filled)
        elif key.action != "" or key.text != " ":
            label = key.typed(shifted) if key.text else key.label
            text_px = sp(14) if key.function or len(label) > 1 else sp(22)
            painter.text([label], box, text_px, ink, False, Gravity.CENTER)


@functools.lru_cache(maxsize=8)
def _band(page: str, shifted: bool) -> np.ndarray:
    painter = Painter()
    paint(painter, Keyboard(page, shifted))
    pixels = painter.surface_.toarray(colorType=skia.kRGBA_8888_ColorType)
    band: np.ndarray = pixels[TOP:BOTTOM].copy()
    band.flags.writeable = False
    return band


def band(keyboard: Keyboard) -> np.ndarray:
    """The keyboard's pixels from :data:`TOP` to :data:`BOTTOM`, RGBA rows (height x
    width x 4, read-only), for a window painted by something else (a browser's page)
    to show the keyboard over its bottom."""
    return _band(keyboard.page, keyboard.shifted)
