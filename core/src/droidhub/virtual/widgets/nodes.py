"""The node a widget lays out to: a ``uiautomator dump`` node plus what the painter needs.

:class:`WidgetNode` is :class:`droidhub.virtual.screen.Node` (so it writes the dump with
uiautomator's attributes and order) with the paint style, the icon and, for a SeekBar,
how far along it is. :func:`document` writes a window's nodes, the status bar (System
UI's view tree, :mod:`droidhub.virtual.views.status_bar`) and the navigation bar as
one dump; :func:`hit` finds what a finger lands on.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from droidhub.android.phone import PIXEL_6
from droidhub.virtual.hierarchy import Node, hierarchy
from droidhub.virtual.views.status_bar import (
    SYSTEM_UI,
    StatusBar,
    navigation_bar_node,
    status_bar_window,
)

_DP = PIXEL_6.density / 160


def dp(value: float) -> int:
    """``value`` density-independent pixels in the Pixel 6's device pixels."""
    return round(value * _DP)


@dataclass
class WidgetNode(Node):
    """A dump node with its paint style (``toolbar``, ``fab``, ``button-filled``...),
    its icon name, and a SeekBar's position from 0 to 1."""

    style: str = ""
    icon: str = ""
    fraction: float = 0.0

    def walk(self) -> Iterator[WidgetNode]:
        """This node and every node below it, in document order."""
        yield self
        for child in self.children:
            if isinstance(child, WidgetNode):
                yield from child.walk()


#: The paint styles the widget painter gives System UI's status bar views, by id.
_STATUS_STYLES = {
    f"{SYSTEM_UI}:id/status_bar": "status-bar",
    f"{SYSTEM_UI}:id/clock": "status-clock",
    f"{SYSTEM_UI}:id/battery": "status-battery",
    f"{SYSTEM_UI}:id/navigation_bar_frame": "navigation-bar",
}


def status_bar(clock: str) -> WidgetNode:
    """Android 13's status bar as a fresh phone shows it with ``clock``: System UI's
    view tree (:mod:`droidhub.virtual.views.status_bar`) as widget nodes, the bar, the
    clock and the battery styled for the widget painter."""
    from droidhub.virtual.views.window import node  # the engine's window writes its nodes

    shown = node(status_bar_window(StatusBar(clock)), PIXEL_6.bounds, SYSTEM_UI)
    assert shown is not None  # the bar fills the top of the screen
    return _widget_node(shown)


def _widget_node(shown: Node) -> WidgetNode:
    """A dump node and its children as widget nodes, System UI's styled."""
    fields = {name: getattr(shown, name) for name in Node.__dataclass_fields__}
    fields["children"] = [_widget_node(child) for child in shown.children]
    return WidgetNode(**fields, style=_STATUS_STYLES.get(shown.resource_id, ""))


def navigation_bar() -> WidgetNode:
    """The gesture navigation bar at the bottom (its handle is drawn, not tappable)."""
    return _widget_node(navigation_bar_node())


def system_bars_xml(clock: str, first_index: int = 1) -> str:
    """The status bar (showing ``clock``) and the navigation bar as ``uiautomator`` nodes:
    for a model that writes its own dump, as siblings after its window's content."""
    return status_bar(clock).xml(first_index) + navigation_bar().xml(first_index + 1)


def document(package: str, nodes: Sequence[WidgetNode], clock: str) -> tuple[str, WidgetNode]:
    """The window holding ``nodes`` with the system bars, as a dump document and root."""
    for node in nodes:
        for inner in node.walk():
            inner.package = inner.package or package
    content = WidgetNode(
        "android.widget.FrameLayout",
        package,
        (0, 0, PIXEL_6.width, PIXEL_6.height),
        resource_id="android:id/content",
        children=list(nodes),
    )
    root = WidgetNode(
        "android.widget.FrameLayout",
        package,
        (0, 0, PIXEL_6.width, PIXEL_6.height),
        children=[content, status_bar(clock), navigation_bar()],
    )
    return hierarchy(root), root


def hit(nodes: Sequence[WidgetNode], x: int, y: int, long: bool = False) -> WidgetNode | None:
    """The innermost enabled node under ``(x, y)`` that takes a tap (or, with ``long``,
    a long press), or None."""
    found: WidgetNode | None = None
    for top in nodes:
        for node in top.walk():
            left, upper, right, lower = node.bounds
            takes = node.long_clickable if long else node.clickable
            if takes and node.enabled and left <= x < right and upper <= y < lower:
                found = node
    return found
