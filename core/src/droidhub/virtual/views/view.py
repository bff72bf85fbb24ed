""":class:`View` and :class:`ViewGroup`: the base of every view, after ``android.view.View``.

A view is declared as it would be in a layout file: its id (``"title"`` becomes
``package:id/title`` in the dump; ``"android:id/title"`` stays as it is), its size
(``width``/``height`` in dp, or :data:`MATCH_PARENT` / :data:`WRAP_CONTENT`), padding
and margins in dp, and the attributes Android reports (clickable, checked, ...).

Then the engine measures it (:meth:`View.measure`, given a :class:`MeasureSpec` per
axis), places it (:meth:`View.layout`, in absolute device pixels of the screen) and
asks it to draw its own content. A group measures and places its children in
:meth:`ViewGroup.on_measure` and :meth:`ViewGroup.on_layout`, as Android's do.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, TypedDict, Unpack

from droidhub.virtual.views.measure import (
    WRAP_CONTENT,
    MeasureSpec,
    child_spec,
    dp,
    place,
)

if TYPE_CHECKING:
    from droidhub.virtual.views.paint import Painter

#: Left, top, right, bottom in device pixels.
Box = tuple[int, int, int, int]
#: Padding or margins in dp: one value for all sides, or (left, top, right, bottom).
Spacing = float | tuple[float, float, float, float]
Action = Callable[[], object]

VISIBLE, INVISIBLE, GONE = "visible", "invisible", "gone"


def _px(spacing: Spacing) -> Box:
    if isinstance(spacing, tuple):
        left, top, right, bottom = spacing
        return dp(left), dp(top), dp(right), dp(bottom)
    side = dp(spacing)
    return side, side, side, side


@dataclass(frozen=True)
class Rules:
    """A RelativeLayout child's ``layout_*`` rules: sibling ids (as declared) to sit
    below, above, right of or left of, and the parent edges to align with."""

    below: str = ""
    above: str = ""
    to_right_of: str = ""
    to_left_of: str = ""
    align_parent_top: bool = False
    align_parent_bottom: bool = False
    align_parent_left: bool = False
    align_parent_right: bool = False
    center_vertical: bool = False
    center_horizontal: bool = False

    def siblings(self) -> tuple[str, ...]:
        """The ids these rules refer to (laid out first)."""
        return tuple(n for n in (self.below, self.above, self.to_right_of, self.to_left_of) if n)


#: The rules of a view that declares none (they are immutable, so all such views share them).
NO_RULES = Rules()


class Attributes(TypedDict, total=False):
    """The keyword attributes every view takes (see :class:`View`), for subclasses that
    pass them through."""

    width: float
    height: float
    padding: Spacing
    margin: Spacing
    layout_gravity: int
    weight: float
    rules: Rules | None
    visibility: str
    background: str | None
    corner_radius: float
    elevation: float
    content_desc: str
    clickable: bool | None
    long_clickable: bool | None
    focusable: bool | None
    focused: bool
    checkable: bool
    checked: bool
    selected: bool
    enabled: bool
    on_click: Action | None
    on_long_click: Action | None


def with_defaults(attributes: Attributes, defaults: Attributes) -> Attributes:
    """``attributes`` over a class's ``defaults`` (a FAB's size, a card's corners)."""
    merged = defaults.copy()
    merged.update(attributes)
    return merged


class View:
    """A rectangle on the screen that measures, lays out, draws and reports itself.

    ``on_click`` / ``on_long_click`` make the view clickable / long-clickable, as
    ``setOnClickListener`` does; ``clickable`` and the other flags otherwise take the
    class's defaults (a Button is clickable and focusable, a TextView neither).
    """

    #: What ``getAccessibilityClassName()`` returns: the ``class`` of a dump's node.
    class_name: ClassVar[str] = "android.view.View"
    clickable_by_default: ClassVar[bool] = False
    focusable_by_default: ClassVar[bool] = False
    long_clickable_by_default: ClassVar[bool] = False
    #: Whether the dump qualifies the id with the app's package (``package:id/name``);
    #: web content's nodes report the element's HTML id bare, as Chrome does.
    id_in_package: ClassVar[bool] = True

    def __init__(
        self,
        id: str = "",
        *,
        width: float = WRAP_CONTENT,
        height: float = WRAP_CONTENT,
        padding: Spacing = 0,
        margin: Spacing = 0,
        layout_gravity: int = 0,
        weight: float = 0.0,
        rules: Rules | None = None,
        visibility: str = VISIBLE,
        background: str | None = None,
        corner_radius: float = 0.0,
        elevation: float = 0.0,
        content_desc: str = "",
        clickable: bool | None = None,
        long_clickable: bool | None = None,
        focusable: bool | None = None,
        focused: bool = False,
        checkable: bool = False,
        checked: bool = False,
        selected: bool = False,
        enabled: bool = True,
        on_click: Action | None = None,
        on_long_click: Action | None = None,
    ) -> None:
        self.id = id
        self.width, self.height = dp(width), dp(height)
        self.padding, self.margin = _px(padding), _px(margin)
        self.layout_gravity, self.weight = layout_gravity, weight
        self.rules = rules or NO_RULES
        self.visibility = visibility
        self.background, self.corner_radius = background, dp(corner_radius)
        self.elevation = dp(elevation)
        self.content_desc = content_desc
        self.on_click, self.on_long_click = on_click, on_long_click
        default = self.clickable_by_default or on_click is not None
        self.clickable = default if clickable is None else clickable
        default = self.long_clickable_by_default or on_long_click is not None
        self.long_clickable = default if long_clickable is None else long_clickable
        default = self.focusable_by_default or self.clickable
        self.focusable = default if focusable is None else focusable
        self.focused, self.checkable, self.checked = focused, checkable, checked
        self.selected, self.enabled = selected, enabled
        #: A password field's (a TextView sets it).
        self.password = False
        self.measured_width = self.measured_height = 0
        #: The specs of the last measure (None: to be measured afresh).
        self.measured_with: tuple[MeasureSpec, MeasureSpec] | None = None
        self.left = self.top = self.right = self.bottom = 0

    # --- the tree ------------------------------------------------------------------
    @property
    def children(self) -> Sequence[View]:
        """The views inside this one (none: a View is a leaf)."""
        return ()

    def walk(self) -> Iterator[View]:
        """This view and every view below it, in drawing order."""
        yield self
        for child in self.children:
            yield from child.walk()

    def find(self, id: str) -> View | None:
        """The first view below (or at) this one declared with ``id``."""
        return next((v for v in self.walk() if v.id == id), None)

    @property
    def bounds(self) -> Box:
        """Where the view was laid out, in screen pixels."""
        return self.left, self.top, self.right, self.bottom

    def scrollable(self) -> bool:
        """Whether the view can scroll now (a list that is longer than it shows)."""
        return False

    def text_for_accessibility(self) -> str:
        """The ``text`` a dump reports (a TextView's; empty for other views)."""
        return ""

    # --- measure and layout ---------------------------------------------------------
    def measure(self, width_spec: MeasureSpec, height_spec: MeasureSpec) -> None:
        """Find this view's size under the parent's specs (into ``measured_*``).

        Measured again with the specs of its last measure, the view keeps that result,
        as Android's measure cache does: only the view itself measures its children, so
        its whole subtree still holds what those specs gave (a layout weighing its
        children measures many twice alike). :func:`~.window.lay_out` forgets it."""
        specs = (width_spec, height_spec)
        if specs == self.measured_with:
            return
        self.measured_width, self.measured_height = self.on_measure(width_spec, height_spec)
        self.measured_with = specs

    def on_measure(self, width_spec: MeasureSpec, height_spec: MeasureSpec) -> tuple[int, int]:
        """The size wanted under these specs; a plain view wants its padding only."""
        left, top, right, bottom = self.padding
        return width_spec.resolve(left + right), height_spec.resolve(top + bottom)

    def layout(self, left: int, top: int) -> None:
        """Place the view with its top-left corner at ``(left, top)`` on the screen."""
        self.left, self.top = left, top
        self.right, self.bottom = left + self.measured_width, top + self.measured_height
        self.on_layout()

    def on_layout(self) -> None:
        """Place the children (a group's business)."""

    # --- drawing -------------------------------------------------------------------
    def draw(self, painter: Painter) -> None:
        """Paint the background (with its elevation shadow) and then the content."""
        if self.background is not None or self.elevation:
            painter.surface(self.bounds, self.background, self.corner_radius, self.elevation)
        self.draw_content(painter)

    def draw_content(self, painter: Painter) -> None:
        """Paint what the view shows over its background (nothing for a plain View)."""
        del painter

    # --- touch ---------------------------------------------------------------------
    def hit(self, x: int, y: int, long: bool = False) -> View | None:
        """The innermost enabled, visible view under ``(x, y)`` that takes a click
        (``long``: a long click); later children first, as they are drawn on top."""
        if self.visibility != VISIBLE or not self.contains(x, y):
            return None
        for child in reversed(self.children):
            found = child.hit(x, y, long)
            if found is not None:
                return found
        takes = self.long_clickable if long else self.clickable
        return self if takes and self.enabled else None

    def contains(self, x: int, y: int) -> bool:
        """Whether ``(x, y)`` is inside the laid-out bounds."""
        return self.left <= x < self.right and self.top <= y < self.bottom


class ViewGroup(View):
    """A view that holds others (``android.view.ViewGroup``)."""

    class_name: ClassVar[str] = "android.view.ViewGroup"

    def __init__(self, id: str = "", *children: View, **attributes: Unpack[Attributes]) -> None:
        super().__init__(id, **attributes)
        self._children: list[View] = list(children)

    @property
    def children(self) -> Sequence[View]:
        """The child views, in declaration (and drawing) order."""
        return self._children

    def add(self, *children: View) -> None:
        """Append ``children`` (a screen that builds part of its tree in a loop)."""
        self._children.extend(children)

    def shown(self) -> list[View]:
        """The children that take space (not GONE)."""
        return [c for c in self._children if c.visibility != GONE]

    def child_position(self, child: View, gravity: int, horizontal: bool) -> int:
        """Where ``gravity`` puts ``child`` on one axis inside this group's padding, the
        child's margins kept clear: its left edge (``horizontal``), else its top."""
        left, top, right, bottom = self.padding
        ml, mt, mr, mb = child.margin
        if horizontal:
            start, end, size = self.left + left + ml, self.right - right - mr, child.measured_width
        else:
            start, end, size = self.top + top + mt, self.bottom - bottom - mb, child.measured_height
        return place(gravity, start, end, size, horizontal)

    def measure_child(
        self,
        child: View,
        width_spec: MeasureSpec,
        height_spec: MeasureSpec,
        used_w: int = 0,
        used_h: int = 0,
    ) -> None:
        """Measure ``child`` with its margins and this group's padding taken off, and
        ``used_w`` / ``used_h`` px more (``ViewGroup.measureChildWithMargins``)."""
        pl, pt, pr, pb = self.padding
        ml, mt, mr, mb = child.margin
        child.measure(
            child_spec(width_spec, pl + pr + ml + mr + used_w, child.width),
            child_spec(height_spec, pt + pb + mt + mb + used_h, child.height),
        )
