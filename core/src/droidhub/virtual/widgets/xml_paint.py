"""Pixels for a screen known only by its ``uiautomator dump``: the apps whose models
write the dump directly (not through :class:`~droidhub.virtual.widgets.WidgetApp`),
the launcher and the plain title screen.

Each node is given the paint style of the Android widget its class, ids and
content-desc say it is (a "Navigate up" ImageButton is the toolbar's arrow, a
``Switch`` a Material switch, an ``EditText`` an underlined field, a clickable layout a
list row), and the window is painted by the same painter as widget apps, in the
app's :class:`~droidhub.virtual.widgets.kit.Theme` when it has one.
"""

from __future__ import annotations

import functools
import xml.etree.ElementTree as ET

from droidhub.android.phone import PIXEL_6
from droidhub.android.ui_tree import parse_bounds
from droidhub.virtual.app import Screen
from droidhub.virtual.system_image import LAUNCHER_PACKAGE
from droidhub.virtual.widgets.kit import Theme
from droidhub.virtual.widgets.nodes import WidgetNode, dp, navigation_bar, status_bar
from droidhub.virtual.widgets.paint import window_png

#: The look of an app with no theme of its own: Android 13's light system apps.
SYSTEM_THEME = Theme(primary="#FFFFFF", on_primary="#1F1F1F", accent="#1A73E8")
_TOOLBAR_BOTTOM = PIXEL_6.status_bar + dp(64)
#: Words of a content-desc and the icon that shows them.
_ICON_WORDS = (
    ("navigate up", "back"), ("back", "back"), ("more options", "more"),
    ("search", "search"), ("delete", "delete"), ("remove", "delete"), ("edit", "edit"),
    ("rename", "edit"), ("save", "save"), ("done", "check"), ("add", "add"),
    ("new", "add"), ("create", "add"), ("close", "close"), ("cancel", "close"),
    ("menu", "menu"), ("drawer", "menu"), ("share", "share"), ("settings", "settings"),
    ("calendar", "calendar"), ("today", "today"),
)  # fmt: skip


def icon_for(description: str) -> str:
    """The icon a content-desc names, or "" when none of the known words is in it."""
    lowered = description.lower()
    return next((icon for word, icon in _ICON_WORDS if word in lowered), "")


def screen_png(screen: Screen, theme: Theme | None = None, clock: str = "") -> bytes:
    """PNG bytes of ``screen``: its own pixels, or its dump painted in ``theme`` with
    ``clock`` in the status bar."""
    return screen.png if screen.png is not None else render(screen.hierarchy, theme, clock)


def render(hierarchy_xml: str, theme: Theme | None = None, clock: str = "") -> bytes:
    """Paint a dump as PNG bytes, in ``theme`` (the system apps' look by default), with
    the status bar (and ``clock`` in it) where the dump has none."""
    return _render(hierarchy_xml, theme or SYSTEM_THEME, clock)


@functools.lru_cache(maxsize=64)
def _render(hierarchy_xml: str, theme: Theme, clock: str) -> bytes:
    start = hierarchy_xml.find("<hierarchy")
    root_xml = ET.fromstring(hierarchy_xml[start:] if start >= 0 else hierarchy_xml)
    nodes = [_node(element) for element in root_xml.iter("node")]
    drawn = [n for n in nodes if n is not None]
    band = _toolbar_band(drawn)
    root = WidgetNode("android.widget.FrameLayout", style="")
    if not any(n.resource_id.endswith(":id/status_bar") for n in drawn):
        root.children.append(status_bar(clock))
    if band is not None:
        root.children.append(WidgetNode(bounds=band, style="toolbar"))
    for node in drawn:
        if band is not None and _inside(node, band):
            node.style = {"icon-button": "toolbar-icon", "text-body": "toolbar-title"}.get(
                node.style, node.style
            )
        root.children.append(node)
    if not any(n.style == "navigation-bar" for n in drawn):
        root.children.append(navigation_bar())
    return window_png(root, theme)


def _inside(node: WidgetNode, band: tuple[int, int, int, int]) -> bool:
    return node.bounds[1] >= band[1] and node.bounds[3] <= band[3] + dp(8)


def _toolbar_band(nodes: list[WidgetNode]) -> tuple[int, int, int, int] | None:
    """Where the app's toolbar is: a node called toolbar, or a "Navigate up" / "More
    options" button, or a title, right under the status bar."""
    for node in nodes:
        if node.resource_id.endswith(":id/toolbar") or node.cls.endswith("Toolbar"):
            return node.bounds
    for node in nodes:
        top, bottom = node.bounds[1], node.bounds[3]
        marks_bar = node.style == "icon-button" or node.style == "text-body"
        near_top = PIXEL_6.status_bar <= top < PIXEL_6.status_bar + dp(16)
        if marks_bar and near_top and bottom <= _TOOLBAR_BOTTOM + dp(16):
            return (0, PIXEL_6.status_bar, PIXEL_6.width, max(bottom, _TOOLBAR_BOTTOM - dp(8)))
    return None


def _flag(element: ET.Element, name: str) -> bool:
    return element.get(name) == "true"


def _node(element: ET.Element) -> WidgetNode | None:
    box = parse_bounds(element.get("bounds", ""))
    if box is None or box.area == 0:
        return None
    cls = element.get("class", "")
    rid = element.get("resource-id", "")
    node = WidgetNode(
        cls,
        element.get("package", ""),
        (box.left, box.top, box.right, box.bottom),
        text=element.get("text", ""),
        resource_id=rid,
        content_desc=element.get("content-desc", ""),
        checked=_flag(element, "checked"),
        enabled=element.get("enabled") != "false",
        focused=_flag(element, "focused"),
        selected=_flag(element, "selected"),
    )
    node.style = _style(
        node, clickable=_flag(element, "clickable"), checkable=_flag(element, "checkable")
    )
    if node.style == "icon-button" and _is_fab(node):
        node.style = "fab"
    if node.style in ("icon-button", "fab"):
        node.icon = icon_for(node.content_desc)
    if node.style == "slider" and node.text.isdigit():
        node.fraction = min(1.0, int(node.text) / 255)
    return node


def _is_fab(node: WidgetNode) -> bool:
    """A round button floating at the bottom right: the screen's main action."""
    left, top, right, bottom = node.bounds
    square = abs((right - left) - (bottom - top)) < dp(8) and right - left >= dp(40)
    return square and left > PIXEL_6.width // 2 and top > PIXEL_6.height * 2 // 3


def _style(node: WidgetNode, clickable: bool, checkable: bool) -> str:
    """The paint style of a dump node, from its class, ids and flags."""
    cls, rid = node.cls.rsplit(".", 1)[-1], node.resource_id
    if rid == "com.android.systemui:id/status_bar":
        return "status-bar"
    if rid == "com.android.systemui:id/clock":
        return "status-clock"
    if rid.startswith("com.android.systemui:id/navigation_bar"):
        return "navigation-bar"
    if node.package == LAUNCHER_PACKAGE and cls == "TextView":
        return "launcher-icon"
    if cls == "EditText":
        return "field-focused" if node.focused else "field"
    if cls in ("Switch", "SwitchCompat", "SwitchMaterial"):
        return "switch"
    if cls == "SeekBar":
        return "slider"
    if cls == "RadioButton":
        return "radio"
    if cls in ("CheckBox", "CheckedTextView") or (checkable and not node.children):
        return "checkbox"
    if cls == "Toast":
        return "toast"
    if rid.startswith("android:id/button"):
        return "button-text"
    if cls == "Button" and node.bounds[1] > PIXEL_6.height * 6 // 7:
        return "bottom-tab"
    if cls == "Button":
        return "button-filled" if clickable else "text-body"
    if cls in ("ImageButton", "ImageView") and node.content_desc and not node.text:
        if icon_for(node.content_desc):
            return "icon-button"
        return "text-body"
    if clickable and cls.endswith(("Layout", "ViewGroup", "View")) and not node.text:
        return "row"
    if node.text or (node.content_desc and cls.endswith(("TextView", "Button"))):
        return "text-body"
    return ""
