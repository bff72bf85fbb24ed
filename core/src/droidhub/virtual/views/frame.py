"""FrameLayout and the cards built on it: children stacked, each placed by its
``layout_gravity`` (top start when it has none).

Facts from the sources: androidx ``CardView`` extends FrameLayout without overriding
``getAccessibilityClassName``, so a dump reports ``android.widget.FrameLayout``;
Material's ``MaterialCardView`` sets ``androidx.cardview.widget.CardView`` as its
node's class name.
"""

from __future__ import annotations

from typing import ClassVar, Unpack

from droidhub.virtual.views.measure import MATCH_PARENT, Gravity, MeasureSpec, Mode
from droidhub.virtual.views.view import Attributes, View, ViewGroup, with_defaults


class FrameLayout(ViewGroup):
    """``android.widget.FrameLayout``: as big as its biggest child plus padding."""

    class_name: ClassVar[str] = "android.widget.FrameLayout"

    def on_measure(self, width_spec: MeasureSpec, height_spec: MeasureSpec) -> tuple[int, int]:
        """Every child under the frame's specs; the frame wraps the largest."""
        left, top, right, bottom = self.padding
        widest = tallest = 0
        for child in self.shown():
            self.measure_child(child, width_spec, height_spec)
            ml, mt, mr, mb = child.margin
            widest = max(widest, child.measured_width + ml + mr)
            tallest = max(tallest, child.measured_height + mt + mb)
        width = width_spec.resolve(widest + left + right)
        height = height_spec.resolve(tallest + top + bottom)
        if width_spec.mode is not Mode.EXACTLY or height_spec.mode is not Mode.EXACTLY:
            # match_parent children learn the frame's final size only now
            exact_w, exact_h = MeasureSpec.exactly(width), MeasureSpec.exactly(height)
            for child in self.shown():
                if MATCH_PARENT in (child.width, child.height):
                    self.measure_child(child, exact_w, exact_h)
        return width, height

    def on_layout(self) -> None:
        """Each child at its gravity inside the padding, moved in by its margins."""
        for child in self.shown():
            gravity = child.layout_gravity or (Gravity.TOP | Gravity.LEFT)
            x = self.child_position(child, gravity, horizontal=True)
            child.layout(x, self.child_position(child, gravity, horizontal=False))


class CardView(FrameLayout):
    """androidx's CardView: a white surface with rounded corners and a shadow (2 dp
    corners, 2 dp elevation by default); reported as ``android.widget.FrameLayout``."""

    def __init__(self, id: str = "", *children: View, **attributes: Unpack[Attributes]) -> None:
        defaults: Attributes = {"background": "#FFFFFFFF", "corner_radius": 2, "elevation": 2}
        super().__init__(id, *children, **with_defaults(attributes, defaults))


class MaterialCardView(FrameLayout):
    """Material's card: 4 dp corners, 1 dp elevation; reported as
    ``androidx.cardview.widget.CardView``."""

    class_name: ClassVar[str] = "androidx.cardview.widget.CardView"

    def __init__(self, id: str = "", *children: View, **attributes: Unpack[Attributes]) -> None:
        defaults: Attributes = {"background": "#FFFFFFFF", "corner_radius": 4, "elevation": 1}
        super().__init__(id, *children, **with_defaults(attributes, defaults))
