"""Styles the media apps' layouts give their views: text appearances, button boxes
and the two commonest layout shapes.

Android lets many views share one style (a TextView's ``android:textAppearance``: a
size, a colour, a weight; a button's size and padding) instead of repeating those
attributes on each; an app's layouts here do the same: they name each style once and
unpack it into the views that wear it, beside their own attributes::

    CAPTION = TextAppearance(text_size=14, text_color=SECONDARY)
    views.TextView("subtitle", count, **CAPTION, margin=(8, 0, 0, 0))
    views.ImageButton("play", "play_arrow", **square(64, 14), on_click=play)
    views.LinearLayout("", title, subtitle, **COLUMN, padding=8)
    views.FrameLayout("container", page, **FILL)

Each style is a TypedDict of exactly the attributes it sets, so that mypy checks a
view is not given one of them twice.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from droidhub.virtual import views
from droidhub.virtual.views.view import Spacing


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
