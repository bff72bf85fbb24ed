"""RecyclerView with a vertical LinearLayoutManager: rows bound from data, scrolled.

The app hands over its data (``items``) and a ``bind`` callable that makes the row
view for one item, as an adapter's ``onBindViewHolder`` fills a row; the engine keeps
the scroll offset. Only rows at least partly inside the list are bound and attached,
so rows scrolled out of sight leave the tree as recycled ones do, and the rows at the
edges are cut by the list's bounds (in pixels and in the dump).

Facts: RecyclerView's accessibility delegate sets its node's class to
``androidx.recyclerview.widget.RecyclerView``, and its layout manager marks the node
scrollable only while it can scroll one way or the other. A drag scrolls by the
finger's travel less the touch slop (8 dp), which RecyclerView takes off when a drag
starts; then, if the finger lifted faster than the minimum fling velocity, the list
flings on (:mod:`droidhub.android.scrolling`): an AndroidWorld scroll (half a 1,925 px
list in 300 ms) flings 722 px further.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import ClassVar, Generic, TypeVar, Unpack

from droidhub.android.scrolling import drag_travel
from droidhub.virtual.views.measure import (
    MATCH_PARENT,
    UNSPECIFIED,
    MeasureSpec,
    Mode,
    child_spec,
)
from droidhub.virtual.views.view import Attributes, View, ViewGroup, with_defaults

Item = TypeVar("Item")


class RecyclerView(ViewGroup, Generic[Item]):
    """A vertical list of ``bind(item)`` rows, scrolled ``offset`` px down."""

    class_name: ClassVar[str] = "androidx.recyclerview.widget.RecyclerView"
    #: The size the class takes unless the declaration sets one.
    default_attributes: ClassVar[Attributes] = {"width": MATCH_PARENT, "height": MATCH_PARENT}

    def __init__(
        self,
        id: str,
        items: Sequence[Item],
        bind: Callable[[Item], View],
        *,
        clip_to_padding: bool = True,
        scroll_key: str = "",
        **attributes: Unpack[Attributes],
    ) -> None:
        super().__init__(id, **with_defaults(attributes, self.default_attributes))
        self.items, self.bind = items, bind
        #: ``android:clipToPadding``: False shows rows in the padding too (a list
        #: whose bottom padding keeps its last row clear of a FAB).
        self.clip_to_padding = clip_to_padding
        #: What the engine keeps the offset under when the list has no id (a React
        #: Native FlatList, dumped as a bare ScrollView): never dumped.
        self.scroll_key = scroll_key
        #: How far the list is scrolled, in px (set by the engine before measuring).
        self.offset = 0
        #: The content's height once :meth:`extent` measured it (None: not yet).
        self._extent: int | None = None
        #: Rows bound and measured in this layout pass, by position: each item is
        #: bound once however often the pass needs its row.
        self._bound: dict[int, View] = {}

    @property
    def scroll_name(self) -> str:
        """The name the offset is kept under: the list's id, else its ``scroll_key``."""
        return self.id or self.scroll_key

    def scrollable(self) -> bool:
        """Whether the list can scroll either way now."""
        return self.offset > 0 or self.offset < self.max_offset()

    def _measure_row(self, row: View) -> None:
        """A row is as wide as the list's padded inside allows and as tall as it wants
        (LinearLayoutManager measures along its scrolling axis without a bound)."""
        left, _, right, _ = self.padding
        width_spec = MeasureSpec.exactly(self.measured_width - left - right)
        ml, _, mr, _ = row.margin
        height = MeasureSpec.exactly(row.height) if row.height >= 0 else UNSPECIFIED
        row.measure(child_spec(width_spec, ml + mr, row.width), height)

    def _row_height(self, row: View) -> int:
        _, mt, _, mb = row.margin
        return mt + row.measured_height + mb

    def _row(self, position: int) -> View:
        """The row of ``items[position]``, bound and measured once per pass."""
        row = self._bound.get(position)
        if row is None:
            row = self._bound[position] = self.bind(self.items[position])
            self._measure_row(row)
        return row

    def on_measure(self, width_spec: MeasureSpec, height_spec: MeasureSpec) -> tuple[int, int]:
        """The list's own size; a list that wraps its content measures its rows."""
        _, top, _, bottom = self.padding
        width = self._begin_measure(width_spec)
        if height_spec.mode is Mode.EXACTLY:
            return width, height_spec.size
        return width, height_spec.resolve(self.extent() + top + bottom)

    def _begin_measure(self, width_spec: MeasureSpec) -> int:
        """Start a measure pass: forget the last pass's rows and extent, and take the
        list's width from its parent (rows are measured against ``measured_width``)."""
        left, _, right, _ = self.padding
        self._extent = None
        self._bound = {}
        self.measured_width = width_spec.resolve(left + right)
        return self.measured_width

    def extent(self) -> int:
        """The height of all the rows together (binds and measures each once)."""
        if self._extent is None:
            self._extent = sum(self._row_height(self._row(i)) for i in range(len(self.items)))
        return self._extent

    def viewport(self) -> int:
        """The height rows show in: the list less its padding."""
        _, top, _, bottom = self.padding
        return self.measured_height - top - bottom

    def max_offset(self) -> int:
        """The furthest the list scrolls: its last row's bottom at the list's bottom."""
        return max(0, self.extent() - self.viewport())

    def scrolled_by(self, distance: int) -> int:
        """The offset after scrolling ``distance`` px (positive: the content moves
        up), kept between the top and the end of the content."""
        return max(0, min(self.offset + distance, self.max_offset()))

    def dragged(self, travel: int, duration_ms: int) -> int:
        """The offset after a finger moves ``travel`` px against the list's start (up,
        or left for a row) in ``duration_ms``: the drag less the touch slop, then the
        fling (:func:`droidhub.android.scrolling.drag_travel`)."""
        return self.scrolled_by(drag_travel(travel, duration_ms))

    def _begin_layout(self) -> None:
        """Start a layout pass: no row attached yet, and the offset no further than the
        content now goes (the data may have shrunk since the list was scrolled)."""
        self._children = []
        if self.offset > 0:
            self.offset = min(self.offset, self.max_offset())

    def _attach_rows(self, first: int, start: int, end: int) -> Iterator[tuple[View, int]]:
        """Attach, in order, the rows that show at least partly between ``start`` and
        ``end`` along the scrolling axis when the first row begins at ``first``; yield
        each with where its margin box begins on that axis, for the caller to place."""
        edge = first
        for position in range(len(self.items)):
            if edge >= end:
                break
            row = self._row(position)
            size = self._row_height(row)
            if edge + size > start:
                self._children.append(row)
                yield row, edge
            edge += size

    def on_layout(self) -> None:
        """Bind and place the rows that show between ``offset`` and the list's bottom."""
        left, top, _, _ = self.padding
        self._begin_layout()
        start, end = self.top + top, self.top + top + self.viewport()
        if not self.clip_to_padding:
            start, end = self.top, self.bottom
        for row, y in self._attach_rows(self.top + top - self.offset, start, end):
            ml, mt, _, _ = row.margin
            row.layout(self.left + left + ml, y + mt)
