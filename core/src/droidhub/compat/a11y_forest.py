"""A uiautomator dump as AndroidWorld's accessibility forest, and AW's UI elements from it.

AndroidWorld's env observes through an accessibility-forwarding app: ``State.forest`` is
android_env's ``AndroidAccessibilityForest`` proto (windows, each a tree of
``AndroidAccessibilityNodeInfo`` nodes with ``child_ids``) and ``State.ui_elements`` are
the forest's leaves, plus the nodes with a content description or that scroll, each
visible to the user. :func:`read_dump` builds both from droidhub's uiautomator dump so
AW's representation code reads them unchanged; the forest is the proto when the
``android-env`` package is installed, else ``None``.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from typing import Any

from droidhub.android.ui_tree import parse_bounds


@dataclass
class Node:
    """One ``<node>`` of the dump, with its place in the tree (ids in document order)."""

    unique_id: int
    depth: int
    attrib: dict[str, str]
    child_ids: list[int] = field(default_factory=list)

    def flag(self, name: str) -> bool:
        """A ``true``/``false`` attribute."""
        return self.attrib.get(name, "false") == "true"

    @property
    def bounds(self) -> tuple[int, int, int, int]:
        """(left, top, right, bottom); zeros when the dump has none."""
        box = parse_bounds(self.attrib.get("bounds", ""))
        return (box.left, box.top, box.right, box.bottom) if box else (0, 0, 0, 0)

    @property
    def visible(self) -> bool:
        """uiautomator dumps what is shown; a node of no area is not seen."""
        left, top, right, bottom = self.bounds
        return right > left and bottom > top

    @property
    def editable(self) -> bool:
        """Text fields are the editable nodes (the dump has no such attribute)."""
        return "EditText" in self.attrib.get("class", "")

    @property
    def is_aw_element(self) -> bool:
        """AW's rule for a UI element: a visible leaf, or one that is described or scrolls."""
        described = bool(self.attrib.get("content-desc"))
        return self.visible and (not self.child_ids or described or self.flag("scrollable"))


def parse_nodes(xml_text: str) -> list[Node]:
    """The dump's ``<node>`` elements in document order (droidhub's element order)."""
    start = xml_text.find("<hierarchy")
    end = xml_text.rfind("</hierarchy>")
    if start < 0:
        return []
    body = xml_text[start : end + len("</hierarchy>")] if end >= 0 else xml_text[start:]
    nodes: list[Node] = []

    def visit(element: ET.Element, depth: int) -> int:
        node = Node(unique_id=len(nodes), depth=depth, attrib=dict(element.attrib))
        nodes.append(node)
        for child in element.findall("node"):
            node.child_ids.append(visit(child, depth + 1))
        return node.unique_id

    for top in ET.fromstring(body.encode("utf-8")).findall("node"):
        visit(top, 0)
    return nodes


def to_forest(nodes: list[Node], screen: tuple[int, int]) -> Any:
    """android_env's ``AndroidAccessibilityForest`` of one application window holding
    ``nodes``; ``None`` when android_env is not installed."""
    try:
        from android_env.proto.a11y import android_accessibility_forest_pb2 as forest_pb2
        from android_env.proto.a11y import android_accessibility_window_info_pb2 as window_pb2
    except ImportError:
        return None
    forest = forest_pb2.AndroidAccessibilityForest()
    window = forest.windows.add(
        display_id=0,
        id=0,
        layer=0,
        window_type=window_pb2.AndroidAccessibilityWindowInfo.WindowType.TYPE_APPLICATION,
        is_active=True,
        is_focused=True,
    )
    window.bounds_in_screen.right, window.bounds_in_screen.bottom = screen
    if nodes:
        window.title = nodes[0].attrib.get("package", "")
    for node in nodes:
        _add_node(window.tree.nodes.add(), node)
    return forest


def _add_node(proto: Any, node: Node) -> None:
    a = node.attrib
    left, top, right, bottom = node.bounds
    box = proto.bounds_in_screen
    box.left, box.top, box.right, box.bottom = left, top, right, bottom
    proto.unique_id = node.unique_id
    proto.depth = node.depth
    proto.drawing_order = node.unique_id
    proto.child_ids.extend(node.child_ids)
    proto.class_name = a.get("class", "")
    proto.content_description = a.get("content-desc", "")
    proto.hint_text = a.get("hint", "")
    proto.package_name = a.get("package", "")
    proto.text = a.get("text", "")
    proto.view_id_resource_name = a.get("resource-id", "")
    proto.is_checkable = node.flag("checkable")
    proto.is_checked = node.flag("checked")
    proto.is_clickable = node.flag("clickable")
    proto.is_editable = node.editable
    proto.is_enabled = node.flag("enabled")
    proto.is_focusable = node.flag("focusable")
    proto.is_focused = node.flag("focused")
    proto.is_long_clickable = node.flag("long-clickable")
    proto.is_password = node.flag("password")
    proto.is_scrollable = node.flag("scrollable")
    proto.is_selected = node.flag("selected")
    proto.is_visible_to_user = node.visible


__all__ = ["Node", "parse_nodes", "to_forest"]
