"""UI elements parsed from a ``uiautomator dump`` hierarchy."""

from __future__ import annotations

import functools
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, fields
from typing import Any

_BOUNDS = re.compile(r"\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]")


@dataclass(frozen=True)
class BoundingBox:
    """Pixel bounds on the device screen: left, top, right, bottom."""

    left: int
    top: int
    right: int
    bottom: int

    @property
    def center(self) -> tuple[int, int]:
        """The middle point, where a tap on the element lands."""
        return (self.left + self.right) // 2, (self.top + self.bottom) // 2

    @property
    def width(self) -> int:
        """Right less left (0 for an empty box)."""
        return max(0, self.right - self.left)

    @property
    def height(self) -> int:
        """Bottom less top (0 for an empty box)."""
        return max(0, self.bottom - self.top)

    @property
    def area(self) -> int:
        """Width x height (0 for an empty box)."""
        return self.width * self.height


@dataclass(frozen=True)
class UIElement:
    """One node of the UI hierarchy, with the attributes agents use."""

    text: str = ""
    content_description: str = ""
    class_name: str = ""
    resource_id: str = ""
    package: str = ""
    bounds: BoundingBox | None = None
    clickable: bool = False
    long_clickable: bool = False
    checkable: bool = False
    checked: bool = False
    enabled: bool = True
    focusable: bool = False
    focused: bool = False
    scrollable: bool = False
    selected: bool = False
    editable: bool = False

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (bounds as ``[left, top, right, bottom]``): every field by
        name, read directly (``dataclasses.asdict`` deep-copies, and an RL loop calls
        this for every element of every step)."""
        data = {name: getattr(self, name) for name in _FIELD_NAMES}
        box = self.bounds
        data["bounds"] = [box.left, box.top, box.right, box.bottom] if box else None
        return data


_FIELD_NAMES = tuple(f.name for f in fields(UIElement))


@functools.lru_cache(maxsize=4096)
def parse_bounds(text: str) -> BoundingBox | None:
    """Parse ``[l,t][r,b]``; None if the attribute is missing or malformed.

    Remembered by text (boxes are immutable): a screen's boxes recur from dump to dump.
    """
    match = _BOUNDS.fullmatch(text.strip()) if text else None
    if not match:
        return None
    left, top, right, bottom = (int(g) for g in match.groups())
    return BoundingBox(left, top, right, bottom)


#: How many recent dumps :func:`parse_hierarchy` keeps parsed. An agent or RL loop
#: sees the same few screens again and again (a random policy on AndroidWorld's tasks
#: saw 53 distinct dumps in 660); text and elements are immutable, so a repeat costs a
#: hash of the text instead of a parse.
PARSED_DUMPS_KEPT = 32


def parse_hierarchy(xml_text: str) -> list[UIElement]:
    """Parse a ``uiautomator dump`` XML document into its nodes, in document order.

    Raises ``ValueError`` naming the problem when the text is not such a document.
    Each call returns a new list (of shared, immutable elements).
    """
    return list(_parsed(xml_text))


@functools.lru_cache(maxsize=PARSED_DUMPS_KEPT)
def _parsed(xml_text: str) -> tuple[UIElement, ...]:
    start = xml_text.find("<?xml")
    if start < 0:
        start = xml_text.find("<hierarchy")
    if start < 0:
        raise ValueError(f"not a UI hierarchy dump: {xml_text[:80]!r}")
    end = xml_text.rfind("</hierarchy>")
    body = xml_text[start : end + len("</hierarchy>")] if end >= 0 else xml_text[start:]
    try:
        root = ET.fromstring(body.encode("utf-8"))
    except ET.ParseError as exc:
        raise ValueError(f"malformed UI hierarchy dump: {exc}") from exc
    return tuple(_element(node.attrib) for node in root.iter("node"))


def _element(attrib: dict[str, str]) -> UIElement:
    get = attrib.get
    class_name = get("class", "")
    return UIElement(
        text=get("text", ""),
        content_description=get("content-desc", ""),
        class_name=class_name,
        resource_id=get("resource-id", ""),
        package=get("package", ""),
        bounds=parse_bounds(get("bounds", "")),
        clickable=get("clickable") == "true",
        long_clickable=get("long-clickable") == "true",
        checkable=get("checkable") == "true",
        checked=get("checked") == "true",
        enabled=get("enabled", "true") == "true",
        focusable=get("focusable") == "true",
        focused=get("focused") == "true",
        scrollable=get("scrollable") == "true",
        selected=get("selected") == "true",
        editable=class_name.endswith("EditText"),
    )
