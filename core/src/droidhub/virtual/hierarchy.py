"""The ``uiautomator dump`` format: a :class:`Node` per view, written with the
attributes and in the order Android 13's dump writes them, and :func:`hierarchy`, the
whole document. Everything that shows a screen writes its dump through it."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from xml.sax.saxutils import escape

from droidhub.android.phone import PIXEL_6

WIDTH, HEIGHT = PIXEL_6.size
HEADER = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>"
_PLAIN = re.compile(r"[^&<>\"'\n\r\t]*")
_ATTRIBUTE_ESCAPES = {'"': "&quot;", "'": "&apos;", "\n": "&#10;", "\r": "&#13;", "\t": "&#9;"}


@dataclass
class Node:
    """One ``<node>`` of a hierarchy; :meth:`xml` writes it with uiautomator's attribute order."""

    cls: str = "android.widget.FrameLayout"
    package: str = ""
    bounds: tuple[int, int, int, int] = (0, 0, WIDTH, HEIGHT)
    text: str = ""
    resource_id: str = ""
    content_desc: str = ""
    checkable: bool = False
    checked: bool = False
    clickable: bool = False
    enabled: bool = True
    focusable: bool = False
    focused: bool = False
    scrollable: bool = False
    long_clickable: bool = False
    password: bool = False
    selected: bool = False
    #: An editable field's hint (``getHintText``): written, after the bounds, only when
    #: the node has one, as Android 13's dump does for fields that declare a hint.
    hint: str = ""
    children: list[Node] = field(default_factory=list)

    def xml(self, index: int = 0) -> str:
        """The node and its children as uiautomator writes them."""
        flag = _FLAG
        left, top, right, bottom = self.bounds
        attributes = (
            f'index="{index}" text="{_attr(self.text)}" resource-id="{_attr(self.resource_id)}" '
            f'class="{_attr(self.cls)}" package="{_attr(self.package)}" '
            f'content-desc="{_attr(self.content_desc)}" checkable="{flag[self.checkable]}" '
            f'checked="{flag[self.checked]}" clickable="{flag[self.clickable]}" '
            f'enabled="{flag[self.enabled]}" focusable="{flag[self.focusable]}" '
            f'focused="{flag[self.focused]}" scrollable="{flag[self.scrollable]}" '
            f'long-clickable="{flag[self.long_clickable]}" password="{flag[self.password]}" '
            f'selected="{flag[self.selected]}" bounds="[{left},{top}][{right},{bottom}]"'
        )
        if self.hint:
            attributes += f' hint="{_attr(self.hint)}"'
        if not self.children:
            return f"<node {attributes} />"
        inner = "".join([child.xml(i) for i, child in enumerate(self.children)])
        return f"<node {attributes}>{inner}</node>"


#: A flag as the dump writes it, by its truth (``_FLAG[True]``).
_FLAG = ("false", "true")


def _attr(text: str) -> str:
    # Most attributes (ids, class names, packages) are short, recur in every dump and
    # need no escaping: each is looked at once, as a dump writes thousands of them.
    return _short_attr(text) if len(text) <= _REMEMBERED_ATTR_MAX else _escaped(text)


#: Attributes up to this long are remembered (4096 of them: a few hundred KB at most).
_REMEMBERED_ATTR_MAX = 80


def _escaped(text: str) -> str:
    return text if _PLAIN.fullmatch(text) else escape(text, _ATTRIBUTE_ESCAPES)


_short_attr = functools.lru_cache(maxsize=4096)(_escaped)


def hierarchy(root: Node) -> str:
    """A complete ``uiautomator dump`` document around ``root``."""
    return f'{HEADER}<hierarchy rotation="0">{root.xml()}</hierarchy>'
