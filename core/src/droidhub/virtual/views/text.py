"""Text in Roboto through Skia: widths, line heights, word wrap and ellipsis as a
TextView lays text out.

Sizes are device pixels (``sp(14)`` is 36.75 px on the Pixel 6). Line height follows
``StaticLayout`` with ``includeFontPadding`` (a TextView's default): the first line
reaches up to the font's ``top``, the last down to its ``bottom``, lines between are
``descent - ascent`` apart, with Skia's metrics rounded as Android's
``Paint.getFontMetricsInt`` rounds them (top down, bottom up, ascent and descent to
the nearest pixel).
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

import skia

#: Android's system font, from Debian's ``fonts-roboto`` (the README's set-up installs
#: it); DejaVu Sans where it is missing.
FONT_FILES = (
    "/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/Roboto-Regular.ttf",
    "/usr/share/fonts/truetype/roboto/hinted/Roboto-Regular.ttf",
    "Roboto-Regular.ttf",
    "DejaVuSans.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
)

#: What an ellipsized line ends with (``TextUtils.ellipsize`` puts U+2026 there).
ELLIPSIS = "\u2026"


@functools.cache
def typeface(medium: bool = False) -> skia.Typeface:
    """Roboto (Medium for titles and buttons), from the same files the widget painter
    uses; Skia's default face where none is installed."""
    names = [n.replace("Regular", "Medium") for n in FONT_FILES] if medium else []
    for name in [*names, *FONT_FILES]:
        face = skia.Typeface.MakeFromFile(name) if "/" in name else None
        if face is not None:
            return face
    return skia.Typeface.MakeDefault()


@functools.cache
def font(size_px: float, medium: bool = False) -> skia.Font:
    """Roboto at ``size_px``, anti-aliased with subpixel positioning as HWUI draws it."""
    face = skia.Font(typeface(medium), size_px)
    face.setSubpixel(True)
    face.setEdging(skia.Font.Edging.kAntiAlias)
    return face


@dataclass(frozen=True)
class LineMetrics:
    """A font's vertical metrics in whole pixels (negative above the baseline)."""

    top: int
    ascent: int
    descent: int
    bottom: int

    def height(self, lines: int) -> int:
        """The height of ``lines`` lines of text with the font's padding included."""
        if lines <= 0:
            return 0
        return self.bottom - self.top + (lines - 1) * (self.descent - self.ascent)


@functools.cache
def metrics(size_px: float, medium: bool = False) -> LineMetrics:
    """The font's metrics at ``size_px``."""
    raw = font(size_px, medium).getMetrics()
    return LineMetrics(
        math.floor(raw.fTop), round(raw.fAscent), round(raw.fDescent), math.ceil(raw.fBottom)
    )


@functools.lru_cache(maxsize=8192)
def width(text: str, size_px: float, medium: bool = False) -> float:
    """How wide ``text`` is in the font at ``size_px`` (remembered: a screen is laid
    out again on every observation, mostly with the same strings)."""
    return float(font(size_px, medium).measureText(text))


@functools.lru_cache(maxsize=2048)
def ellipsize(text: str, size_px: float, room: float, medium: bool = False) -> str:
    """``text`` cut at the end with an ellipsis so that it fits in ``room`` px (itself
    when it fits)."""
    return _ellipsize(text, size_px, room, medium)


def _ellipsize(text: str, size_px: float, room: float, medium: bool) -> str:
    if width(text, size_px, medium) <= room:
        return text
    low, high = 0, len(text)
    while low < high:  # the longest prefix that fits beside the ellipsis
        mid = (low + high + 1) // 2
        if width(text[:mid].rstrip() + ELLIPSIS, size_px, medium) <= room:
            low = mid
        else:
            high = mid - 1
    return text[:low].rstrip() + ELLIPSIS


def wrap(text: str, size_px: float, room: float, max_lines: int, medium: bool = False) -> list[str]:
    """``text`` broken into lines at spaces and newlines to fit ``room`` px, at most
    ``max_lines`` of them, the last ellipsized when the text goes on."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}" if line else word
            if line and width(candidate, size_px, medium) > room:
                lines.append(line)
                line = word
            else:
                line = candidate
        lines.append(line)
    if len(lines) > max_lines:  # what is left goes on the last line, cut to fit
        lines = [*lines[: max_lines - 1], " ".join(lines[max_lines - 1 :])]
    return [ellipsize(line, size_px, room, medium) for line in lines]
