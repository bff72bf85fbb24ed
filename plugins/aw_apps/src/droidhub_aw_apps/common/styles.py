"""Styles: sets of view attributes that many views share, each with one home.

An Android layout gives many TextViews one look with ``style="@style/..."``; here a
text style is a :class:`TextStyle` dict handed to :func:`text_view`
(``text_view("item_contact_name", row.name, style=ROW_TITLE, rules=beside)``), so the
shared attributes have one home and each view states only what is its own (its id,
its text, where it sits). A style builds on another as Android's ``parent=`` does:
``{**ROW_TITLE, "text_size": 14}``.

The pairs of layout attributes nearly every layout sets are styles too, unpacked into
a view's keywords: a LinearLayout's direction and width (``COLUMN``, ``ROW``:
``views.LinearLayout("editors", field, **COLUMN)``) and a view filling its parent
(``FILL``). Their keys are all required, so a type checker knows exactly which two
keywords they set and accepts the view's other keywords beside them. ``FILL`` and
``COLUMN`` are defined once, in :mod:`.media_styles` (the media apps named them
first), and re-exported here beside ``ROW``.
"""

from __future__ import annotations

from typing import Unpack

from droidhub.virtual import views
from droidhub.virtual.views.view import Attributes
from droidhub_aw_apps.common.media_styles import COLUMN, FILL, Column

__all__ = ["COLUMN", "FILL", "REST_OF_ROW", "ROW", "TextStyle", "text_view"]


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
