"""RelativeLayout, in its common subset: a child sits below, above, right of or left
of a sibling, aligns with the parent's edges, or centres in it (``Rules``).

Children are measured in the order their rules need (a sibling before those that
refer to it), each given the room between its anchors, as
``RelativeLayout.getChildMeasureSpec`` gives it: EXACTLY that room when it matches
the parent, AT_MOST it when it wraps its content. A child with no rule on an axis
sits at the parent's start (top, left) on it.
"""

from __future__ import annotations

from typing import ClassVar, Unpack

from droidhub.virtual.views.measure import MATCH_PARENT, MeasureSpec, Mode
from droidhub.virtual.views.view import Attributes, View, ViewGroup

_FAR = 1 << 24  # the far edge of a layout that is not bounded on an axis


def _room_spec(dimension: int, low: int | None, high: int | None, far: int) -> MeasureSpec:
    """The spec for a child of ``dimension`` between its edges ``low`` and ``high``
    (None: the parent's padded edge, 0 or ``far``)."""
    if dimension >= 0:
        return MeasureSpec.exactly(dimension)
    room = (far if high is None else high) - (0 if low is None else low)
    if dimension == MATCH_PARENT:
        return MeasureSpec.exactly(room)
    return MeasureSpec.at_most(room)


class RelativeLayout(ViewGroup):
    """``android.widget.RelativeLayout``: children placed by their ``rules``."""

    class_name: ClassVar[str] = "android.widget.RelativeLayout"

    def __init__(self, id: str = "", *children: View, **attributes: Unpack[Attributes]) -> None:
        super().__init__(id, *children, **attributes)
        self._spots: dict[int, tuple[int, int]] = {}

    def _ordered(self) -> list[View]:
        """The shown children, each after the siblings its rules name."""
        children = self.shown()
        by_id = {c.id: c for c in children if c.id}
        done: list[View] = []
        seen: set[int] = set()

        def visit(child: View, path: tuple[int, ...]) -> None:
            if id(child) in seen or id(child) in path:
                return
            for name in child.rules.siblings():
                if name in by_id:
                    visit(by_id[name], (*path, id(child)))
            seen.add(id(child))
            done.append(child)

        for child in children:
            visit(child, ())
        return done

    def on_measure(self, width_spec: MeasureSpec, height_spec: MeasureSpec) -> tuple[int, int]:
        """Each child measured between its anchors and placed (relative to the
        layout's padded corner); the layout wraps them all."""
        left, top, right, bottom = self.padding
        inner_w = _FAR if width_spec.mode is Mode.UNSPECIFIED else width_spec.size - left - right
        inner_h = _FAR if height_spec.mode is Mode.UNSPECIFIED else height_spec.size - top - bottom
        self._spots = {}
        spots: dict[str, tuple[int, int, int, int]] = {}
        for child in self._ordered():
            ml, mt, mr, mb = child.margin
            rules = child.rules
            x0, x1 = self._anchors(rules.to_right_of, rules.to_left_of, spots, 0, 2, ml, mr)
            y0, y1 = self._anchors(rules.below, rules.above, spots, 1, 3, mt, mb)
            x0 = ml if rules.align_parent_left else x0
            x1 = inner_w - mr if rules.align_parent_right else x1
            y0 = mt if rules.align_parent_top else y0
            y1 = inner_h - mb if rules.align_parent_bottom else y1
            child.measure(
                _room_spec(child.width, ml if x0 is None else x0, x1, inner_w - mr),
                _room_spec(child.height, mt if y0 is None else y0, y1, inner_h - mb),
            )
            x = self._start(x0, x1, child.measured_width, inner_w, rules.center_horizontal, ml)
            y = self._start(y0, y1, child.measured_height, inner_h, rules.center_vertical, mt)
            self._spots[id(child)] = (x, y)
            spots[child.id] = (
                x - ml,
                y - mt,
                x + child.measured_width + mr,
                y + child.measured_height + mb,
            )
        extent_w = max((r for _, _, r, _ in spots.values()), default=0)
        extent_h = max((b for _, _, _, b in spots.values()), default=0)
        return width_spec.resolve(extent_w + left + right), height_spec.resolve(
            extent_h + top + bottom
        )

    @staticmethod
    def _anchors(
        after: str,
        before: str,
        spots: dict[str, tuple[int, int, int, int]],
        far_side: int,
        near_side: int,
        margin_low: int,
        margin_high: int,
    ) -> tuple[int | None, int | None]:
        """The low and high edges a child is bound to by sibling rules on one axis."""
        low = spots[after][near_side] + margin_low if after in spots else None
        high = spots[before][far_side] - margin_high if before in spots else None
        return low, high

    @staticmethod
    def _start(
        low: int | None, high: int | None, size: int, inner: int, centre: bool, margin: int
    ) -> int:
        if centre and low is None and high is None and inner < _FAR:
            return (inner - size) // 2
        if low is not None:
            return low
        if high is not None:
            return high - size
        return margin

    def on_layout(self) -> None:
        """Children at the spots their measure found."""
        left, top, _, _ = self.padding
        for child in self.shown():
            x, y = self._spots.get(id(child), (0, 0))
            child.layout(self.left + left + x, self.top + top + y)
