"""A RecyclerView with a horizontal LinearLayoutManager: a row of bound items that
scrolls sideways (a chooser of chips or cards, as Pro Expense's categories are).

Items are measured as wide as they want and as tall as the list allows; the list is
as tall as its tallest item plus padding when it wraps its content. Only items at
least partly inside the list's padded box are bound and attached, cut at its edges.
``offset`` is how far the row is scrolled to the left, in px; the engine keeps it
under the list's id as it keeps a vertical list's, and an app scrolls it on a
sideways swipe with :meth:`HorizontalRecyclerView.dragged`, which flings as a vertical
list does (the engine's own swipe scrolls only vertical lists).
"""

from __future__ import annotations

from typing import ClassVar, TypeVar

from droidhub.virtual.views.measure import (
    MATCH_PARENT,
    UNSPECIFIED,
    WRAP_CONTENT,
    MeasureSpec,
    Mode,
    child_spec,
)
from droidhub.virtual.views.recycler import RecyclerView
from droidhub.virtual.views.view import Attributes, View

Item = TypeVar("Item")


class HorizontalRecyclerView(RecyclerView[Item]):
    """A sideways list of ``bind(item)`` views, scrolled ``offset`` px to the left;
    reported as ``androidx.recyclerview.widget.RecyclerView``."""

    default_attributes: ClassVar[Attributes] = {"width": MATCH_PARENT, "height": WRAP_CONTENT}

    def _measure_row(self, row: View) -> None:
        """An item is as wide as it wants and as tall as the list's inside allows."""
        _, top, _, bottom = self.padding
        _, mt, _, mb = row.margin
        width = MeasureSpec.exactly(row.width) if row.width >= 0 else UNSPECIFIED
        height_spec = (
            MeasureSpec.exactly(self.measured_height - top - bottom)
            if self.measured_height
            else UNSPECIFIED
        )
        row.measure(width, child_spec(height_spec, mt + mb, row.height))

    def _row_height(self, row: View) -> int:
        """Along the scrolling axis: the item's width with its margins (so the list's
        ``extent`` is the width of all its items together)."""
        ml, _, mr, _ = row.margin
        return ml + row.measured_width + mr

    def on_measure(self, width_spec: MeasureSpec, height_spec: MeasureSpec) -> tuple[int, int]:
        """The list's width from its parent; its height the tallest item's, unless set."""
        _, top, _, bottom = self.padding
        width = self._begin_measure(width_spec)
        if height_spec.mode is Mode.EXACTLY:
            self.measured_height = height_spec.size
            return width, height_spec.size
        self.measured_height = 0
        tallest = 0
        for position in range(len(self.items)):
            row = self._row(position)
            _, mt, _, mb = row.margin
            tallest = max(tallest, mt + row.measured_height + mb)
        return width, height_spec.resolve(tallest + top + bottom)

    def viewport(self) -> int:
        """The width items show in: the list less its padding."""
        left, _, right, _ = self.padding
        return self.measured_width - left - right

    def on_layout(self) -> None:
        """Bind and place the items that show between ``offset`` and the list's end."""
        left, top, _, _ = self.padding
        self._begin_layout()
        # clipToPadding="false": items show in the padding
        for row, x in self._attach_rows(self.left + left - self.offset, self.left, self.right):
            ml, mt, _, _ = row.margin
            row.layout(x + ml, self.top + top + mt)
