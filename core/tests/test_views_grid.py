"""GridRecyclerView through adb: cells in columns as the list's children, rows as
tall as their tallest cell, a tap on a cell, and a swipe scrolling the rows.

The arithmetic: three columns over 1080 px are 360 px each; a cell is 120 dp
(315 px) tall, so the fourth item starts the second row at the list's top + 315, and
a swipe of 600 px scrolls by 600 less the 8 dp (21 px) touch slop.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from app_phone import started

from droidhub.android.ui_tree import UIElement, parse_hierarchy
from droidhub.device.client import Device
from droidhub.virtual.appmodel import VirtualPhone
from droidhub.virtual.views import (
    MATCH_PARENT,
    FrameLayout,
    GridRecyclerView,
    TextView,
    ViewApp,
    Window,
)

PACKAGE = "com.example.grid"
ID = PACKAGE + ":id/"
TOP, CELL, SLOP = 118, 315, 21


class TilesApp(ViewApp):
    """Forty numbered tiles in three columns; a tap remembers the tile."""

    package = PACKAGE
    label = "Tiles"

    def __init__(self) -> None:
        super().__init__()
        self.picked = -1

    def build(self, phone: VirtualPhone) -> Window:
        del phone

        def tile(n: int) -> FrameLayout:
            return FrameLayout(
                "tile",
                TextView("number", str(n)),
                width=MATCH_PARENT,
                height=120,
                on_click=lambda: setattr(self, "picked", n),
            )

        return Window(GridRecyclerView("grid", list(range(40)), tile, span_count=3))


@pytest.fixture
def tiles() -> Iterator[tuple[TilesApp, Device]]:
    yield from started(TilesApp())


def _tiles(device: Device) -> list[UIElement]:
    return [e for e in parse_hierarchy(device.ui_tree()) if e.resource_id == ID + "tile"]


def test_cells_fill_columns_row_after_row_as_the_lists_children(
    tiles: tuple[TilesApp, Device],
) -> None:
    _, device = tiles
    cells = _tiles(device)
    boxes = [c.bounds for c in cells]
    assert boxes[0] is not None and boxes[3] is not None and boxes[2] is not None
    assert (boxes[0].left, boxes[0].top, boxes[0].right) == (0, TOP, 360)
    assert (boxes[2].left, boxes[2].right) == (720, 1080)
    assert (boxes[3].left, boxes[3].top) == (0, TOP + CELL)
    assert len(cells) == 3 * 8  # 2219 px of list: seven rows and the top of an eighth
    grid = next(e for e in parse_hierarchy(device.ui_tree()) if e.resource_id == ID + "grid")
    assert grid.scrollable
    assert grid.class_name == "androidx.recyclerview.widget.RecyclerView"


def test_a_tap_picks_a_cell_and_a_swipe_scrolls_the_rows(tiles: tuple[TilesApp, Device]) -> None:
    app, device = tiles
    device.tap(540, TOP + CELL + 100)
    assert app.picked == 4
    device.swipe(540, 1800, 540, 1200, 5_000)  # slow: a drag, no fling
    first = _tiles(device)[0]
    assert first.bounds is not None
    assert first.bounds.top == TOP  # the first row shown is cut at the list's top
    fourth_row = TOP + 3 * CELL - (600 - SLOP)
    numbers = [
        e
        for e in parse_hierarchy(device.ui_tree())
        if e.resource_id == ID + "number" and e.text == "9"
    ]
    assert numbers and numbers[0].bounds is not None and numbers[0].bounds.top == fourth_row
