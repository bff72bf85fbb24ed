"""Icons on the view engine, through adb: Material Symbols glyphs by name, at the
view's icon size and in its tint; a name the font lacks fails where it is declared."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import skia
from app_phone import app_started
from PIL import Image

from droidhub.android.ui_tree import UIElement, parse_hierarchy
from droidhub.virtual.appmodel import VirtualPhone
from droidhub.virtual.views import (
    HORIZONTAL,
    MATCH_PARENT,
    ImageButton,
    ImageView,
    LinearLayout,
    ViewApp,
    Window,
    icons,
)

PACKAGE = "com.example.icons"
TINT = (0x1A, 0x73, 0xE8)


class IconsApp(ViewApp):
    """A row of icons: the same tint, different names, one filled, one at 48 dp."""

    package = PACKAGE
    label = "Icons"

    def build(self, phone: VirtualPhone) -> Window:
        del phone
        tint = "#FF1A73E8"
        return Window(
            LinearLayout(
                "row",
                ImageButton("search", "search", tint=tint, content_desc="Search"),
                ImageButton("more", "more_vert", tint=tint, content_desc="More options"),
                ImageButton("star", "star", tint=tint),
                ImageView("star_filled", "star", tint=tint, filled=True, padding=12),
                ImageView("big", "settings", tint=tint, icon_size=48),
                orientation=HORIZONTAL,
                width=MATCH_PARENT,
            )
        )


@pytest.fixture
def shots() -> Iterator[tuple[dict[str, UIElement], Image.Image]]:
    with app_started(IconsApp()) as device:
        elements = {e.resource_id.split("/")[-1]: e for e in parse_hierarchy(device.ui_tree())}
        yield elements, device.screenshot().convert("RGB")


def _ink(shot: Image.Image, element: UIElement) -> set[tuple[int, int]]:
    """The pixels of ``element``'s box painted in the tint (anti-aliased edges left out),
    relative to the box's corner."""
    assert element.bounds is not None
    box = element.bounds
    left, top, right, bottom = box.left, box.top, box.right, box.bottom
    return {
        (x - left, y - top)
        for x in range(left, right)
        for y in range(top, bottom)
        if shot.getpixel((x, y)) == TINT
    }


def test_icons_are_the_fonts_glyphs_by_name_in_their_tint(shots) -> None:
    elements, shot = shots
    search, more = _ink(shot, elements["search"]), _ink(shot, elements["more"])
    assert search and more and search != more  # two names, two drawings, no stand-in ring
    # more_vert is three dots in a column: its ink spans little width and much height
    xs, ys = {x for x, _ in more}, {y for _, y in more}
    assert max(xs) - min(xs) < max(ys) - min(ys) / 2
    # a 24 dp icon in a 48 dp button: 12 dp (32 px) of padding keeps the ink inside
    for x, y in search | more:
        assert 31 <= x < 95 and 31 <= y < 95
    outlined, filled = _ink(shot, elements["star"]), _ink(shot, elements["star_filled"])
    assert len(filled) > 1.5 * len(outlined)  # the filled star is solid


def test_an_icon_scales_to_its_size(shots) -> None:
    elements, shot = shots
    big = elements["big"]
    box = big.bounds
    assert box is not None and box.right - box.left == box.bottom - box.top == 126  # 48 dp
    ink = _ink(shot, big)
    xs = {x for x, _ in ink}
    assert max(xs) - min(xs) > 90  # the gear fills most of its 126 px


def test_the_icon_path_fills_the_box_it_is_given() -> None:
    outline = icons.path("search", (100, 200, 163, 263))
    assert outline is not None
    bounds = outline.getBounds()
    # search's glyph leaves 3 of its 24 units free on each side
    assert bounds == skia.Rect(107.875, 207.875, 155.125, 255.125)
    assert icons.path("no_such_icon", (0, 0, 63, 63)) is None
    assert {"add", "arrow_back", "bluetooth", "wifi", "battery_full"} <= icons.names()


def test_a_name_the_font_lacks_fails_where_the_screen_declares_it() -> None:
    with pytest.raises(ValueError, match=r"no icon 'sparkles'.*tools/material_symbols.py"):
        ImageButton("x", "sparkles")
