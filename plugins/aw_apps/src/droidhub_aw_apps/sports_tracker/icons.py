"""Activity icons as a person sees them: a view's pixels, cut out of the screenshot by the
view's bounds, and compared with another icon.

OpenTracks shows a track's activity type in its list only as an icon (described
"Track" whatever the type). Aggregated stats shows the same icon, at the same size
and tint, beside the type's name, so the solvers learn a type's icon there and find
it again in the list. Types that share a drawable (biking and cycling, hiking and
climbing, every type the app does not know) look the same to the eye too.
"""

from __future__ import annotations

from PIL import Image, ImageChops, ImageStat

from droidhub import BoundingBox, State

#: Largest mean grey-level difference (0-255) of two crops showing the same icon. The
#: same glyph at the same size and tint differs by 0 wherever it is drawn; two different
#: glyphs differ by far more (tests/test_sports_tracker_icons.py holds the margin).
SAME_ICON_MAX_DIFFERENCE = 6.0


def icon_in(screenshot: Image.Image, bounds: BoundingBox | None) -> Image.Image | None:
    """The pixels inside ``bounds`` in grey levels; None when the screen shows only part
    of the view (cut by a list's edge: not square)."""
    if bounds is None:
        return None
    width, height = bounds.right - bounds.left, bounds.bottom - bounds.top
    if width <= 0 or width != height:
        return None
    box = (bounds.left, bounds.top, bounds.right, bounds.bottom)
    return screenshot.convert("L").crop(box)


def icon_at(state: State, index: int) -> Image.Image | None:
    """The icon of element ``index`` of the state (None: cut, or no screenshot taken)."""
    if state.screenshot is None:
        return None
    return icon_in(state.screenshot, state.ui_elements[index].bounds)


def icon_difference(first: Image.Image, second: Image.Image) -> float:
    """Mean absolute grey-level difference of two icons of the same size (infinite when
    the sizes differ)."""
    if first.size != second.size:
        return float("inf")
    return float(ImageStat.Stat(ImageChops.difference(first, second)).mean[0])


def same_icon(first: Image.Image, second: Image.Image) -> bool:
    """Whether two crops show the same icon."""
    return icon_difference(first, second) <= SAME_ICON_MAX_DIFFERENCE
