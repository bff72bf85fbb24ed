"""Web content on the view engine: a page's elements as Chrome reports them to
accessibility, placed where the page's CSS puts them and painted in Roboto.

Chrome hands a page's accessibility tree to Android as virtual views under the
``android.webkit.WebView`` node of the tab (its text is the page's title); each
element is a node whose class follows its role (the convention droidhub's MiniWoB
WebView follows too: a ``<button>`` is ``android.widget.Button``, an ``<input>``
``android.widget.EditText``, static text ``android.widget.TextView``, a ``<canvas>``
``android.widget.Image``, a generic box ``android.view.View``), whose resource id is
the element's HTML ``id`` unqualified, and which is clickable when the page listens
for clicks on it.

A page is laid out in CSS pixels (:class:`CssBox`, computed by the page's module as
the browser's block and inline layout places the elements) and drawn at the page's
scale: ``width=device-width`` pages at the screen's density (2.625 device pixels a CSS
pixel on the Pixel 6), pages without a viewport tag at Chrome's 980-pixel default
viewport zoomed out to the screen's width.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import ClassVar

import skia

from droidhub.virtual.views import MATCH_PARENT, EditText, View, ViewGroup
from droidhub.virtual.views import text as fonts
from droidhub.virtual.views.measure import Gravity, MeasureSpec
from droidhub.virtual.views.paint import Painter
from droidhub.virtual.views.view import Action

#: Chrome's layout viewport for a page without ``<meta name="viewport">``.
DEFAULT_VIEWPORT_CSS = 980
#: Chrome's default form-control colours (its UA style sheet since Chrome 83).
CONTROL_FACE = "#FFEFEFEF"
CONTROL_BORDER = "#FF767676"
PLACEHOLDER = "#FF757575"
INK = "#FF000000"
#: A line box's height for a font size (Chrome's ``line-height: normal`` for Arial-like
#: fonts is about 1.15 em).
LINE_HEIGHT = 1.15


@dataclass(frozen=True)
class CssBox:
    """An element's border box in CSS pixels of the page."""

    x: float
    y: float
    width: float
    height: float


def text_width_css(text: str, font_css: float) -> float:
    """How wide ``text`` is at ``font_css`` CSS pixels (Roboto stands in for the page's
    sans-serif)."""
    return fonts.width(text, font_css)


class WebNode(View):
    """An element of the page: where its CSS box puts it, reported with its HTML id."""

    id_in_package: ClassVar[bool] = False

    def __init__(
        self,
        id: str,
        box: CssBox,
        *,
        content_desc: str = "",
        clickable: bool | None = None,
        on_click: Action | None = None,
    ) -> None:
        super().__init__(id, content_desc=content_desc, clickable=clickable, on_click=on_click)
        self.box = box
        #: Device pixels a CSS pixel: set by the WebView before layout.
        self.scale = 1.0


class WebText(WebNode):
    """Static text (``android.widget.TextView``): a block of ``font_css`` text."""

    class_name: ClassVar[str] = "android.widget.TextView"

    def __init__(
        self,
        text: str,
        box: CssBox,
        *,
        font_css: float = 16,
        bold: bool = False,
        gravity: int = Gravity.CENTER,
    ) -> None:
        super().__init__("", box)
        self.text, self.font_css, self.bold, self.gravity = text, font_css, bold, gravity

    def text_for_accessibility(self) -> str:
        """The element's text."""
        return self.text

    def draw_content(self, painter: Painter) -> None:
        """The text, placed in the box by its alignment."""
        painter.text([self.text], self.bounds, self.font_css * self.scale, INK, self.bold,
                     self.gravity)  # fmt: skip


class WebCell(WebNode):
    """A generic box (``android.view.View``) with a background, a 1 px border and
    optional centred text (the maze's cells)."""

    def __init__(self, text: str, box: CssBox, fill: str, *, font_css: float = 16) -> None:
        super().__init__("", box)
        self.text, self.fill, self.font_css = text, fill, font_css

    def text_for_accessibility(self) -> str:
        """The cell's text (the maze's X)."""
        return self.text

    def draw_content(self, painter: Painter) -> None:
        """Border, background, text."""
        edge = max(1, round(self.scale))
        left, top, right, bottom = self.bounds
        painter.surface(self.bounds, "#FF333333")
        painter.surface((left + edge, top + edge, right - edge, bottom - edge), self.fill)
        if self.text:
            painter.text([self.text], self.bounds, self.font_css * self.scale, INK, False,
                         Gravity.CENTER)  # fmt: skip


class WebButton(WebNode):
    """A ``<button>`` (``android.widget.Button``): Chrome's grey face and border, or a
    plain ``fill`` when the page styles it (``border: none``, a background)."""

    class_name: ClassVar[str] = "android.widget.Button"

    def __init__(
        self,
        id: str,
        text: str,
        box: CssBox,
        on_click: Action | None,
        *,
        font_css: float = 13.333,
        fill: str = "",
    ) -> None:
        super().__init__(id, box, clickable=True, on_click=on_click)
        self.text, self.font_css, self.fill = text, font_css, fill

    def text_for_accessibility(self) -> str:
        """The button's label."""
        return self.text

    def draw_content(self, painter: Painter) -> None:
        """Face, border and label."""
        left, top, right, bottom = self.bounds
        if self.fill:
            painter.surface(self.bounds, self.fill)
            return
        edge, radius = max(1, round(self.scale)), round(2 * self.scale)
        painter.surface(self.bounds, CONTROL_BORDER, radius)
        painter.surface((left + edge, top + edge, right - edge, bottom - edge), CONTROL_FACE,
                        max(0, radius - edge))  # fmt: skip
        if self.text:
            painter.text([self.text], self.bounds, self.font_css * self.scale, INK, False,
                         Gravity.CENTER)  # fmt: skip


class WebField(EditText):
    """An ``<input>`` (``android.widget.EditText``): the engine focuses it on a tap and
    types into it; its placeholder is reported while it is empty."""

    id_in_package: ClassVar[bool] = False

    def __init__(
        self,
        id: str,
        text: str,
        placeholder: str,
        box: CssBox,
        on_change: Callable[[str], object] | None,
    ) -> None:
        super().__init__(id, text, hint=placeholder, on_change=on_change)
        self.box, self.scale, self.font_css = box, 1.0, 18.0

    def draw_content(self, painter: Painter) -> None:
        """White box, 1 px border (a dark focus ring while focused), the value or the
        placeholder, left-aligned inside 5 px of padding."""
        left, top, right, bottom = self.bounds
        ring = round((2 if self.focused else 1) * self.scale)
        painter.surface(self.bounds, "#FF101010" if self.focused else CONTROL_BORDER,
                        round(2 * self.scale))  # fmt: skip
        painter.surface((left + ring, top + ring, right - ring, bottom - ring), "#FFFFFFFF")
        pad = round(6 * self.scale)
        shown = self.text or self.hint
        colour = INK if self.text else PLACEHOLDER
        painter.text([shown], (left + pad, top, right - pad, bottom), self.font_css * self.scale,
                     colour, False, Gravity.LEFT | Gravity.CENTER_VERTICAL)  # fmt: skip


Stroke = tuple[tuple[int, int, int, int], str]


class WebCanvas(WebNode):
    """A ``<canvas>`` (``android.widget.Image``, its ``aria-label`` as the content
    description): white inside a 1 px black border, with the strokes drawn on it
    (device-pixel ends, 1 CSS px wide, as the page's ``lineWidth`` of 1)."""

    class_name: ClassVar[str] = "android.widget.Image"

    def __init__(self, id: str, label: str, box: CssBox, strokes: Sequence[Stroke]) -> None:
        # the page listens for mousedown and touchstart on it: Chrome calls it clickable
        super().__init__(id, box, content_desc=label, clickable=True)
        self.strokes = strokes

    def draw_content(self, painter: Painter) -> None:
        """Border, white surface, strokes."""
        left, top, right, bottom = self.bounds
        edge = max(1, round(self.scale))
        painter.surface(self.bounds, INK)
        painter.surface((left + edge, top + edge, right - edge, bottom - edge), "#FFFFFFFF")
        for (x1, y1, x2, y2), colour in self.strokes:
            paint = skia.Paint(
                AntiAlias=True,
                Color=painter.rgb("#FF" + colour.removeprefix("#")),
                StrokeWidth=self.scale,
                Style=skia.Paint.kStroke_Style,
            )
            painter.canvas.drawLine(x1, y1, x2, y2, paint)


@dataclass(frozen=True)
class Decoration:
    """A box the page paints that Chrome reports no node for (an empty styled span)."""

    box: CssBox
    fill: str


class WebView(ViewGroup):
    """The tab's web contents (``android.webkit.WebView``, text: the page's title):
    its elements placed at their CSS boxes times ``scale``, over a white page."""

    class_name: ClassVar[str] = "android.webkit.WebView"

    def __init__(
        self,
        title: str,
        elements: Sequence[WebNode | WebField],
        *,
        scale: float,
        decorations: Sequence[Decoration] = (),
    ) -> None:
        super().__init__("", *elements, width=MATCH_PARENT, height=MATCH_PARENT,
                         background="#FFFFFFFF", focusable=True)  # fmt: skip
        self.title, self.scale, self.decorations = title, scale, decorations

    def text_for_accessibility(self) -> str:
        """The page's title."""
        return self.title

    def _px(self, box: CssBox) -> tuple[int, int, int, int]:
        s = self.scale
        left, top = self.left + round(box.x * s), self.top + round(box.y * s)
        return (
            left,
            top,
            self.left + round((box.x + box.width) * s),
            self.top + round((box.y + box.height) * s),
        )

    def on_measure(self, width_spec: MeasureSpec, height_spec: MeasureSpec) -> tuple[int, int]:
        """As big as the parent lets it be; each element as big as its box."""
        for child in self.children:
            assert isinstance(child, WebNode | WebField)
            child.scale = self.scale
            box = child.box
            width = round((box.x + box.width) * self.scale) - round(box.x * self.scale)
            height = round((box.y + box.height) * self.scale) - round(box.y * self.scale)
            child.measure(MeasureSpec.exactly(width), MeasureSpec.exactly(height))
        return width_spec.resolve(0), height_spec.resolve(0)

    def on_layout(self) -> None:
        """Each element where its box is."""
        for child in self.children:
            assert isinstance(child, WebNode | WebField)
            left, top, _, _ = self._px(child.box)
            child.layout(left, top)

    def draw_content(self, painter: Painter) -> None:
        """The boxes the page paints without a node."""
        for decoration in self.decorations:
            painter.surface(self._px(decoration.box), decoration.fill)
