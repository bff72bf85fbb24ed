"""Styles: sets of view attributes that many views share, each with one home.

Android gives many views one look with ``style="@style/..."`` or a TextView's
``android:textAppearance`` instead of repeating those attributes on each; an app's
layouts here do the same, in two forms:

- a dict of exactly the attributes a style sets, unpacked into the view beside its
  own (a TypedDict, so that a type checker catches a view given one of them twice)::

    CAPTION = TextAppearance(text_size=14, text_color=SECONDARY)
    views.TextView("subtitle", count, **CAPTION, margin=(8, 0, 0, 0))
    views.ImageButton("play", "play_arrow", **square(64, 14), on_click=play)
    views.LinearLayout("", title, subtitle, **COLUMN, padding=8)
    views.FrameLayout("container", page, **FILL)

- a :class:`TextStyle`, any TextView attributes, handed to :func:`text_view`, where
  the view's own attributes win over the style's as a layout tag's win over its
  ``style=`` (``text_view("item_contact_name", row.name, style=ROW_TITLE,
  rules=beside)``); a style builds on another as Android's ``parent=`` does:
  ``{**ROW_TITLE, "text_size": 14}``.

The layout shapes nearly every layout sets are the first kind: a LinearLayout's
direction and width (``COLUMN``, ``ROW``), a view filling its parent (``FILL``) and a
child that takes the room its siblings leave (``layout_weight="1"`` with ``0dp`` along
the parent's direction: ``REST_OF_COLUMN``, ``COLUMN_IN_ROW``).
"""

from __future__ import annotations

from typing import NotRequired, TypedDict, Unpack

from droidhub.virtual import views
from droidhub.virtual.views.view import Attributes, Spacing

__all__ = [
    "COLUMN",
    "COLUMN_IN_ROW",
    "FILL",
    "REST_OF_COLUMN",
    "REST_OF_ROW",
    "ROW",
    "ButtonBox",
    "Column",
    "ColumnShare",
    "Share",
    "Size",
    "TextAppearance",
    "TextStyle",
    "square",
    "text_view",
]


class TextAppearance(TypedDict):
    """The keyword attributes of a TextView that a text appearance sets: its size in
    sp, its colour and, for titles, its weight (Roboto Medium)."""

    text_size: float
    text_color: str
    medium: NotRequired[bool]


class ButtonBox(TypedDict):
    """The box of a button: its width and height in dp and the padding around its
    icon."""

    width: float
    height: float
    padding: Spacing


def square(side: float, padding: Spacing) -> ButtonBox:
    """A button ``side`` dp square, its icon inset by ``padding`` dp."""
    return ButtonBox(width=side, height=side, padding=padding)


class Size(TypedDict):
    """A view's ``layout_width`` and ``layout_height``."""

    width: float
    height: float


class Column(TypedDict):
    """A LinearLayout's orientation and its ``layout_width``."""

    orientation: str
    width: float


#: ``match_parent`` both ways: the view fills its parent.
FILL = Size(width=views.MATCH_PARENT, height=views.MATCH_PARENT)
#: A vertical LinearLayout as wide as its parent: the rows of a page, a card, a dialog.
COLUMN = Column(orientation=views.VERTICAL, width=views.MATCH_PARENT)


class Share(TypedDict):
    """A view's ``layout_width``, ``layout_height`` and ``layout_weight``."""

    width: float
    height: float
    weight: float


class ColumnShare(TypedDict):
    """A LinearLayout's orientation, its ``layout_width`` and its ``layout_weight``."""

    orientation: str
    width: float
    weight: float


#: As wide as its column, and as tall as the column's other children leave it: a page's
#: list or scroller under its toolbar.
REST_OF_COLUMN = Share(width=views.MATCH_PARENT, height=0, weight=1)
#: A vertical LinearLayout as wide as its row's other children leave it: the lines of a
#: list row beside its icon and buttons.
COLUMN_IN_ROW = ColumnShare(orientation=views.VERTICAL, width=0, weight=1)


class TextStyle(Attributes, total=False):
    """The keywords of :class:`droidhub.virtual.views.TextView`: its own (size, colour,
    weight, lines, caps, gravity, minimum size) and every view's (size, padding, margin,
    rules...)."""

    text_size: float
    text_color: str
    medium: bool
    max_lines: int | None
    all_caps: bool
    gravity: int
    min_width: float
    min_height: float


#: A horizontal LinearLayout as wide as its parent: a list row, an icon beside its text
#: (``Column`` is the TypedDict of a LinearLayout's orientation and width, either way).
ROW = Column(orientation=views.HORIZONTAL, width=views.MATCH_PARENT)

#: A TextView that takes the room a horizontal row leaves it (``layout_width="0dp"``,
#: ``layout_weight="1"``): one line, centred vertically (a toolbar's title, a row's name).
REST_OF_ROW: TextStyle = {
    "max_lines": 1,
    "width": 0,
    "weight": 1,
    "layout_gravity": views.Gravity.CENTER_VERTICAL,
}


def text_view(
    id: str, text: str, *, style: TextStyle, **attributes: Unpack[TextStyle]
) -> views.TextView:
    """A TextView with ``style``'s attributes; those given here win over the style's, as
    a layout tag's own attributes win over its ``style=``."""
    merged: TextStyle = {**style, **attributes}
    return views.TextView(id, text, **merged)
