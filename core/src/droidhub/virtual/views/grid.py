"""RecyclerView with a vertical GridLayoutManager: items bound into ``span_count``
columns, row after row, scrolled as a list is.

Each cell is as wide as the list's padded inside divided by the span count (the
first cells of a row take the pixels left over, as GridLayoutManager's
``calculateItemBorders`` hands them out) and as tall as it wants; a row is as tall as
its tallest cell. The cells are the list's own children (no row view between them),
as GridLayoutManager attaches them, and only the rows at least partly inside the list
are bound and attached.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Generic, TypeVar, Unpack

from droidhub.virtual.views.measure import UNSPECIFIED, MeasureSpec, child_spec
from droidhub.virtual.views.recycler import RecyclerView
from droidhub.virtual.views.view import Attributes, View

Item = TypeVar("Item")


class GridRecyclerView(RecyclerView[Item], Generic[Item]):
    """A grid of ``bind(item)`` cells in ``span_count`` columns, scrolled ``offset`` px."""

    def __init__(
        self,
        id: str,
        items: Sequence[Item],
        bind: Callable[[Item], View],
        span_count: int,
        **attributes: Unpack[Attributes],
    ) -> None:
        if span_count < 1:
            raise ValueError(f"a grid needs one column at least, not {span_count}")
        super().__init__(id, items, bind, **attributes)
        self.span_count = span_count

    def borders(self) -> list[int]:
        """The columns' left edges from the padded start, and the right edge last."""
        left, _, right, _ = self.padding
        inside = self.measured_width - left - right
        return [inside * i // self.span_count for i in range(self.span_count + 1)]

    def _measure_row(self, row: View) -> None:
        """A cell is its column's width and as tall as it wants."""
        del row  # cells are measured by column in :meth:`_cell`

    def _cell(self, position: int) -> View:
        cell = self._row(position)
        if cell.measured_width == 0:
            edges = self.borders()
            column = position % self.span_count
            ml, _, mr, _ = cell.margin
            width = MeasureSpec.exactly(edges[column + 1] - edges[column])
            height = MeasureSpec.exactly(cell.height) if cell.height >= 0 else UNSPECIFIED
            cell.measure(child_spec(width, ml + mr, cell.width), height)
        return cell

    def _row_heights(self) -> list[int]:
        heights = []
        for start in range(0, len(self.items), self.span_count):
            end = min(start + self.span_count, len(self.items))
            heights.append(max(self._row_height(self._cell(i)) for i in range(start, end)))
        return heights

    def extent(self) -> int:
        """The height of all the rows together."""
        if self._extent is None:
            self._extent = sum(self._row_heights())
        return self._extent

    def on_layout(self) -> None:
        """Bind and place the cells of the rows that show."""
        left, top, _, _ = self.padding
        self._begin_layout()
        edges = self.borders()
        y = self.top + top - self.offset
        end = self.top + top + self.viewport()
        for row, height in enumerate(self._row_heights()):
            if y >= end:
                break
            if y + height > self.top + top:
                start = row * self.span_count
                for position in range(start, min(start + self.span_count, len(self.items))):
                    cell = self._cell(position)
                    ml, mt, _, _ = cell.margin
                    x = self.left + left + edges[position % self.span_count] + ml
                    cell.layout(x, y + mt)
                    self._children.append(cell)
            y += height
