"""Build ``uiautomator dump`` documents for the app models that draw a screen.

A model describes its window as :class:`Node` objects; :func:`render` writes the XML
an Android 13 ``uiautomator dump`` prints (``hint`` included), and :func:`hit` finds
the node a tap lands on. Widgets several apps draw alike (:func:`toolbar`,
:func:`list_item`, :func:`bottom_buttons`, :func:`tab_bar`) are built here once.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from xml.sax.saxutils import quoteattr

from droidhub.virtual.appmodel import PIXEL_6


@dataclass
class Node:
    """One view: its class, texts, bounds ``(left, top, right, bottom)`` and flags."""

    class_name: str = "android.widget.FrameLayout"
    text: str = ""
    content_desc: str = ""
    resource_id: str = ""
    hint: str = ""
    bounds: tuple[int, int, int, int] = (0, 0, PIXEL_6.width, PIXEL_6.height)
    clickable: bool = False
    checked: bool = False
    focused: bool = False
    selected: bool = False
    children: list[Node] = field(default_factory=list)

    def walk(self) -> Iterator[Node]:
        """This node and all below it, in document order."""
        yield self
        for child in self.children:
            yield from child.walk()


def _attrs(node: Node, index: int, package: str) -> str:
    left, top, right, bottom = node.bounds
    editable = node.class_name.endswith("EditText")
    pairs = [
        ("index", str(index)),
        ("text", node.text),
        ("resource-id", node.resource_id),
        ("class", node.class_name),
        ("package", package),
        ("content-desc", node.content_desc),
        ("checkable", str(node.class_name.endswith("Switch")).lower()),
        ("checked", str(node.checked).lower()),
        ("clickable", str(node.clickable or editable).lower()),
        ("enabled", "true"),
        ("focusable", str(node.clickable or editable).lower()),
        ("focused", str(node.focused).lower()),
        ("scrollable", "false"),
        ("long-clickable", "false"),
        ("password", "false"),
        ("selected", str(node.selected).lower()),
        ("bounds", f"[{left},{top}][{right},{bottom}]"),
        ("hint", node.hint),
    ]
    return " ".join(f"{key}={quoteattr(value)}" for key, value in pairs)


def _write(node: Node, index: int, package: str, out: list[str]) -> None:
    if not node.children:
        out.append(f"<node {_attrs(node, index, package)} />")
        return
    out.append(f"<node {_attrs(node, index, package)}>")
    for i, child in enumerate(node.children):
        _write(child, i, package, out)
    out.append("</node>")


def render(package: str, nodes: Sequence[Node]) -> str:
    """The window holding ``nodes`` as a complete ``uiautomator dump`` document."""
    root = Node(children=list(nodes))
    out = ["<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>", '<hierarchy rotation="0">']
    _write(root, 0, package, out)
    out.append("</hierarchy>")
    return "".join(out)


def hit(nodes: Sequence[Node], x: int, y: int) -> Node | None:
    """The innermost clickable node under ``(x, y)``, or None."""
    found: Node | None = None
    for top in nodes:
        for node in top.walk():
            left, upper, right, lower = node.bounds
            editable = node.class_name.endswith("EditText")
            if (node.clickable or editable) and left <= x < right and upper <= y < lower:
                found = node
    return found


def row(index: int, height: int = 160, top: int = 300) -> tuple[int, int, int, int]:
    """Bounds of the ``index``-th full-width row of a simple vertical layout."""
    return (0, top + index * height, PIXEL_6.width, top + (index + 1) * height)


def up_button() -> Node:
    """The toolbar's ``Navigate up`` button, at the top left."""
    return Node(
        "android.widget.ImageButton",
        content_desc="Navigate up",
        bounds=(20, 120, 140, 240),
        clickable=True,
    )


def toolbar(
    title: str, up: bool, actions: Sequence[str] = (), title_right: int = 1000
) -> list[Node]:
    """A toolbar: its ``title`` (ending at ``title_right``), :func:`up_button` when
    ``up``, and one icon button per ``actions`` entry along the right edge, in order."""
    nodes = [Node("android.widget.TextView", text=title, bounds=(160, 120, title_right, 240))]
    if up:
        nodes.append(up_button())
    for i, action in enumerate(actions):
        left = PIXEL_6.width - (len(actions) - i) * 130
        nodes.append(
            Node(
                "android.widget.ImageButton",
                content_desc=action,
                bounds=(left, 120, left + 120, 240),
                clickable=True,
            )
        )
    return nodes


def list_item(
    top: int,
    height: int,
    text: str,
    item_id: str,
    title_id: str,
    *,
    text_left: int = 160,
    content_desc: str = "",
    selected: bool = False,
) -> Node:
    """A full-width clickable list row starting at ``top``: a layout ``item_id`` with
    the title ``text`` (``title_id``) inside, its text from ``text_left``."""
    return Node(
        "android.widget.LinearLayout",
        resource_id=item_id,
        content_desc=content_desc,
        bounds=(0, top, PIXEL_6.width, top + height),
        clickable=True,
        selected=selected,
        children=[
            Node(
                "android.widget.TextView",
                text=text,
                resource_id=title_id,
                bounds=(text_left, top + 30, 1040, top + 110),
            )
        ],
    )


def bottom_buttons(labels: Sequence[str]) -> list[Node]:
    """Text buttons side by side along the bottom of the screen, from the left."""
    return [
        Node(
            "android.widget.Button",
            text=label,
            bounds=(60 + i * 500, 2200, 500 + i * 500, 2340),
            clickable=True,
        )
        for i, label in enumerate(labels)
    ]


def tab_bar(tabs: Sequence[str], current: str) -> list[Node]:
    """Tabs sharing the bottom of the screen equally, ``current`` selected."""
    width = PIXEL_6.width // len(tabs)
    return [
        Node(
            "android.widget.Button",
            text=tab,
            selected=tab == current,
            bounds=(i * width, 2200, (i + 1) * width, 2340),
            clickable=True,
        )
        for i, tab in enumerate(tabs)
    ]


def folder_entries(folder: Path) -> list[tuple[str, bool]]:
    """``(name, is_folder)`` of what the local ``folder`` holds, as file browsers list
    it: folders first, then by name ignoring case; empty if there is no such folder."""
    if not folder.is_dir():
        return []
    items = [(p.name, p.is_dir()) for p in folder.iterdir()]
    return sorted(items, key=lambda item: (not item[1], item[0].lower()))
