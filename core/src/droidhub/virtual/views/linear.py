"""LinearLayout: children in a row or a column, with weights and gravity, measured as
``LinearLayout.measureVertical`` / ``measureHorizontal`` do.

First every child without a weight is measured (a child with a weight and a size of
0 dp under an EXACTLY spec waits); what is left of the layout's size is then shared
out among the weighted children in proportion to their weights, each share rounded
down and the remainder carried on, as Android does. Children that match the parent
across the axis of a layout that wraps them are measured again at its final size.

Facts: appcompat's ``Toolbar`` extends ViewGroup without overriding
``getAccessibilityClassName``, so a dump reports ``android.view.ViewGroup``;
Material's ``TextInputLayout`` extends LinearLayout (``android.widget.LinearLayout``).
"""

from __future__ import annotations

from typing import ClassVar, Unpack

from droidhub.virtual.views.measure import (
    MATCH_PARENT,
    Gravity,
    MeasureSpec,
    Mode,
    child_spec,
    place,
)
from droidhub.virtual.views.view import Attributes, View, ViewGroup, with_defaults

VERTICAL, HORIZONTAL = "vertical", "horizontal"


class LinearLayout(ViewGroup):
    """``android.widget.LinearLayout`` (``orientation`` VERTICAL or HORIZONTAL)."""

    class_name: ClassVar[str] = "android.widget.LinearLayout"

    def __init__(
        self,
        id: str = "",
        *children: View,
        orientation: str = HORIZONTAL,
        gravity: int = Gravity.NONE,
        **attributes: Unpack[Attributes],
    ) -> None:
        super().__init__(id, *children, **attributes)
        self.orientation, self.gravity = orientation, gravity

    @property
    def vertical(self) -> bool:
        """Whether the children form a column."""
        return self.orientation == VERTICAL

    # The axis along which children follow each other is "main", the other "cross".
    def _main(self, view: View) -> tuple[int, int, int]:
        """A child's (declared size, measured size, margins) along the main axis."""
        ml, mt, mr, mb = view.margin
        if self.vertical:
            return view.height, view.measured_height, mt + mb
        return view.width, view.measured_width, ml + mr

    def _cross(self, view: View) -> tuple[int, int, int]:
        ml, mt, mr, mb = view.margin
        if self.vertical:
            return view.width, view.measured_width, ml + mr
        return view.height, view.measured_height, mt + mb

    def _measure(self, child: View, main: MeasureSpec, cross: MeasureSpec, used: int) -> None:
        if self.vertical:
            self.measure_child(child, cross, main, used_h=used)
        else:
            self.measure_child(child, main, cross, used_w=used)

    def on_measure(self, width_spec: MeasureSpec, height_spec: MeasureSpec) -> tuple[int, int]:
        """Unweighted children first, then the weighted ones share what is left."""
        left, top, right, bottom = self.padding
        main, cross = (height_spec, width_spec) if self.vertical else (width_spec, height_spec)
        pad_main, pad_cross = (
            (top + bottom, left + right) if self.vertical else (left + right, top + bottom)
        )
        children = self.shown()
        weight_sum = sum(c.weight for c in children)
        waiting: set[int] = set()
        total = 0
        for child in children:
            declared, _, margins = self._main(child)
            if main.mode is Mode.EXACTLY and child.weight > 0 and declared == 0:
                waiting.add(id(child))
                total += margins
                continue
            self._measure(child, main, cross, total if weight_sum == 0 else 0)
            total += self._main(child)[1] + margins
        size = main.resolve(total + pad_main)
        excess = size - total - pad_main
        if weight_sum > 0 and main.mode is not Mode.UNSPECIFIED and excess != 0:
            total = self._share(children, excess, weight_sum, waiting, cross, pad_cross)
            size = main.resolve(total + pad_main)
        widest = max((self._cross(c)[1] + self._cross(c)[2] for c in children), default=0)
        cross_size = cross.resolve(widest + pad_cross)
        if cross.mode is not Mode.EXACTLY:
            self._uniform_cross(children, cross_size, pad_cross)
        return (cross_size, size) if self.vertical else (size, cross_size)

    def _share(
        self,
        children: list[View],
        excess: int,
        weight_sum: float,
        waiting: set[int],
        cross: MeasureSpec,
        pad_cross: int,
    ) -> int:
        """Give each weighted child its share of ``excess``; the new total length."""
        total = 0
        for child in children:
            _, measured, margins = self._main(child)
            if child.weight > 0:
                share = int(child.weight * excess / weight_sum)
                weight_sum -= child.weight
                excess -= share
                length = max(0, share if id(child) in waiting else measured + share)
                across = child_spec(cross, pad_cross + self._cross(child)[2], self._cross(child)[0])
                exact = MeasureSpec.exactly(length)
                child.measure(*((across, exact) if self.vertical else (exact, across)))
            total += self._main(child)[1] + margins
        return total

    def _uniform_cross(self, children: list[View], size: int, pad_cross: int) -> None:
        """Children that match the parent across take the layout's final size."""
        for child in children:
            declared, _, margins = self._cross(child)
            if declared == MATCH_PARENT:
                across = MeasureSpec.exactly(size - pad_cross - margins)
                along = MeasureSpec.exactly(self._main(child)[1])
                child.measure(*((across, along) if self.vertical else (along, across)))

    def on_layout(self) -> None:
        """Children one after the other from the start (or as ``gravity`` says), each
        placed across by its ``layout_gravity`` (else the layout's ``gravity``)."""
        left, top, right, bottom = self.padding
        children = self.shown()
        length = sum(self._main(c)[1] + self._main(c)[2] for c in children)
        if self.vertical:
            at = place(self.gravity, self.top + top, self.bottom - bottom, length, False)
        else:
            at = place(self.gravity, self.left + left, self.right - right, length, True)
        for child in children:
            ml, mt, mr, mb = child.margin
            gravity = child.layout_gravity or self.gravity
            if self.vertical:
                child.layout(self.child_position(child, gravity, horizontal=True), at + mt)
                at += mt + child.measured_height + mb
            else:
                child.layout(at + ml, self.child_position(child, gravity, horizontal=False))
                at += ml + child.measured_width + mr


class LinearLayoutCompat(LinearLayout):
    """appcompat's ``LinearLayoutCompat`` (and the views built on it: an alert dialog's
    ``parentPanel``, a toolbar's ``ActionMenuView``): it lays out as a LinearLayout
    but names itself ``androidx.appcompat.widget.LinearLayoutCompat`` to accessibility,
    so a dump reports that class."""

    class_name: ClassVar[str] = "androidx.appcompat.widget.LinearLayoutCompat"


class Toolbar(LinearLayout):
    """appcompat's Toolbar (reported as ``android.view.ViewGroup``): a 56 dp row,
    children centred vertically; its colour is its background."""

    class_name: ClassVar[str] = "android.view.ViewGroup"

    def __init__(self, id: str = "", *children: View, **attributes: Unpack[Attributes]) -> None:
        defaults: Attributes = {"width": MATCH_PARENT, "height": 56, "elevation": 4}
        super().__init__(
            id, *children, gravity=Gravity.CENTER_VERTICAL, **with_defaults(attributes, defaults)
        )


class TextInputLayout(LinearLayout):
    """Material's TextInputLayout (``android.widget.LinearLayout``): a column holding
    its EditText."""

    def __init__(self, id: str = "", *children: View, **attributes: Unpack[Attributes]) -> None:
        super().__init__(id, *children, orientation=VERTICAL, **attributes)
