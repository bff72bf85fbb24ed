"""Units and measure specs, after Android's ``TypedValue`` and ``View.MeasureSpec``.

Screens are declared in dp and sp; the engine works in device pixels of the Pixel 6
(420 dpi: one dp is 2.625 px). A parent tells a child how big it may be with a
:class:`MeasureSpec` (EXACTLY this size, AT_MOST this size, or UNSPECIFIED), the
child answers with one size, and the parent then places it: measure down, sizes up.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from enum import Enum

from droidhub.android.phone import PIXEL_6

#: Device pixels per dp (and per sp at the default font scale of 1.0).
DENSITY = PIXEL_6.density / 160

#: ``android:layout_width="match_parent"`` (Android's value for it is -1).
MATCH_PARENT = -1
#: ``android:layout_width="wrap_content"`` (Android's value for it is -2).
WRAP_CONTENT = -2


@functools.cache
def dp(value: float) -> int:
    """``value`` dp as device pixels, rounded as ``getDimensionPixelSize`` rounds (half
    up, and never to 0 for a size that is not 0)."""
    if value in (MATCH_PARENT, WRAP_CONTENT):
        return int(value)
    px = int(value * DENSITY + 0.5)
    return px if px != 0 or value == 0 else 1


def sp(value: float) -> float:
    """``value`` sp as device pixels; text sizes stay fractional (``getDimension``)."""
    return value * DENSITY


class Mode(Enum):
    """How a parent bounds a child's size."""

    EXACTLY = "exactly"
    AT_MOST = "at_most"
    UNSPECIFIED = "unspecified"


@dataclass(frozen=True)
class MeasureSpec:
    """A size bound in device pixels: ``size`` means nothing when ``mode`` is UNSPECIFIED."""

    mode: Mode
    size: int = 0

    # Specs are immutable and a screen's sizes recur: one object a size, so that the
    # measure cache's comparison of specs (View.measure) is mostly a check of identity.
    @staticmethod
    @functools.lru_cache(maxsize=4096)
    def exactly(size: int) -> MeasureSpec:
        """This size, whatever the child would like."""
        return MeasureSpec(Mode.EXACTLY, max(0, size))

    @staticmethod
    @functools.lru_cache(maxsize=4096)
    def at_most(size: int) -> MeasureSpec:
        """As big as the child likes up to ``size``."""
        return MeasureSpec(Mode.AT_MOST, max(0, size))

    def resolve(self, desired: int) -> int:
        """The size a view with a ``desired`` size takes under this spec (Android's
        ``resolveSize``)."""
        if self.mode is Mode.EXACTLY:
            return self.size
        if self.mode is Mode.AT_MOST:
            return min(desired, self.size)
        return desired


UNSPECIFIED = MeasureSpec(Mode.UNSPECIFIED)


def child_spec(parent: MeasureSpec, used: int, dimension: int) -> MeasureSpec:
    """The spec a child with ``dimension`` (px, MATCH_PARENT or WRAP_CONTENT) gets from
    a parent measured with ``parent`` whose padding, the child's margins and other
    children already take ``used`` px: the rule of ``ViewGroup.getChildMeasureSpec``."""
    if dimension >= 0:
        return MeasureSpec.exactly(dimension)
    room = max(0, parent.size - used)
    if parent.mode is Mode.UNSPECIFIED:
        return UNSPECIFIED
    if dimension == MATCH_PARENT and parent.mode is Mode.EXACTLY:
        return MeasureSpec.exactly(room)
    return MeasureSpec.at_most(room)


class Gravity:
    """Bits of ``android:gravity`` / ``android:layout_gravity``, combined with ``|``."""

    NONE = 0
    LEFT = 1
    RIGHT = 2
    CENTER_HORIZONTAL = 4
    TOP = 8
    BOTTOM = 16
    CENTER_VERTICAL = 32
    CENTER = CENTER_HORIZONTAL | CENTER_VERTICAL
    START = LEFT  # left-to-right locales only
    END = RIGHT


def place(gravity: int, start: int, end: int, size: int, horizontal: bool) -> int:
    """Where a ``size``-px box starts inside ``[start, end)`` under ``gravity``'s bits
    for one axis (top or left when none is set)."""
    high, centre = (
        (Gravity.RIGHT, Gravity.CENTER_HORIZONTAL)
        if horizontal
        else (Gravity.BOTTOM, Gravity.CENTER_VERTICAL)
    )
    if gravity & centre:
        return start + (end - start - size) // 2
    if gravity & high:
        return end - size
    return start
