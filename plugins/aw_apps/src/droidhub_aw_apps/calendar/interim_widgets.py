"""An interim stand-in for the virtual phone's widget toolkit, for Simple Calendar Pro's
screens only, until ``droidhub.virtual.widgets`` (issue 15, point 1) lands.

It offers the names and signatures of the toolkit's API (docs: the toolkit API of
issue 15) that the calendar's screens use, so that switching to the real toolkit is an
import change: :class:`WidgetApp` builds a :class:`Window` from widgets on every
observation and input, lays it out top to bottom in the present screens' style
(:mod:`droidhub_aw_apps.common.hierarchy` nodes, the phone drawing the pixels), and
dispatches taps (innermost clickable), ``input text`` (the focused field), DEL, ENTER,
swipes (the list under the finger scrolls; off-screen rows leave the tree) and BACK
(an open overflow menu, else the app's ``on_back``; a BACK the app handles keeps it in
front, as ``VirtualApp.on_key`` returning True does). The status bar's clock
(``com.android.systemui``) is in the tree.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from droidhub.virtual.appmodel import PIXEL_6, Screen, VirtualApp
from droidhub_aw_apps.common.hierarchy import Node, render
from droidhub_aw_apps.common.keys import KEY_DEL, KEY_ENTER

if TYPE_CHECKING:
    from droidhub.virtual.appmodel import VirtualPhone

Callback = Callable[[], object]
_DP = PIXEL_6.density / 160
_TOOLBAR = round(56 * _DP)
_MARGIN = round(16 * _DP)


@dataclass
class Theme:
    """Toolbar and FAB colours."""

    primary: str = "#F57C00"
    on_primary: str = "#FFFFFF"


@dataclass
class MenuItem:
    """A row of the overflow menu."""

    title: str
    on_click: Callback


@dataclass
class Text:
    """A TextView."""

    text: str
    style: str = "body"
    resource_id: str = ""
    content_desc: str = ""


@dataclass
class Button:
    """An android.widget.Button."""

    text: str
    on_click: Callback
    style: str = "filled"
    resource_id: str = ""
    content_desc: str = ""


@dataclass
class IconButton:
    """An ImageButton known by its content-desc."""

    content_desc: str
    icon: str
    on_click: Callback
    resource_id: str = ""


@dataclass
class Fab:
    """The floating action button."""

    content_desc: str
    on_click: Callback
    icon: str = "add"
    resource_id: str = ""


@dataclass
class TextField:
    """An EditText: the hint shows as its text while it is empty."""

    value: str
    on_change: Callable[[str], None]
    hint: str = ""
    single_line: bool = True
    resource_id: str = ""
    key: str = ""


@dataclass
class CheckBox:
    """A CheckBox."""

    text: str
    checked: bool
    on_toggle: Callable[[bool], None]
    resource_id: str = ""


@dataclass
class RadioGroup:
    """RadioButtons, one per option."""

    options: Sequence[str]
    selected: int
    on_select: Callable[[int], None]
    resource_id: str = ""


@dataclass
class ListRow:
    """A clickable list item with a title and an optional subtitle."""

    title: str
    subtitle: str = ""
    on_click: Callback | None = None
    title_id: str = ""
    subtitle_id: str = ""
    selected: bool = False
    resource_id: str = ""
    content_desc: str = ""
    key: str = ""


@dataclass
class ScrollList:
    """A RecyclerView taking the rest of the body; only rows in view are in the tree."""

    children: Sequence[Any]
    key: str
    resource_id: str = ""


@dataclass
class Column:
    """Children stacked top to bottom."""

    children: Sequence[Any]
    resource_id: str = ""


@dataclass
class Row:
    """Children side by side, sharing the width by ``weights``."""

    children: Sequence[Any]
    weights: Sequence[int] | None = None
    resource_id: str = ""


@dataclass
class Toolbar:
    """Title, "Navigate up", action buttons and the "More options" menu."""

    title: str
    up: bool = False
    on_up: Callback | None = None
    actions: Sequence[IconButton] = ()
    menu: Sequence[MenuItem] = ()


@dataclass
class Dialog:
    """A modal AlertDialog: title, message, body and buttons (positive last)."""

    title: str = ""
    body: Sequence[Any] = ()
    buttons: Sequence[Button] = ()
    message: str = ""


@dataclass
class Window:
    """One screen of the app."""

    package: str
    toolbar: Toolbar | None = None
    body: Sequence[Any] = ()
    fab: Fab | None = None
    dialog: Dialog | None = None


def _height(widget: Any) -> int:
    if isinstance(widget, Text):
        return round((32 if widget.style in ("title", "headline") else 28) * _DP)
    if isinstance(widget, (Button, IconButton, CheckBox)):
        return round(48 * _DP)
    if isinstance(widget, TextField):
        return round((56 if widget.single_line else 80) * _DP)
    if isinstance(widget, ListRow):
        return round((72 if widget.subtitle else 56) * _DP)
    if isinstance(widget, RadioGroup):
        return round(48 * _DP) * len(widget.options)
    if isinstance(widget, Row):
        return max((_height(c) for c in widget.children), default=0)
    if isinstance(widget, Column):
        return sum(_height(c) for c in widget.children)
    return round(48 * _DP)


@dataclass
class _Ui:
    """What the toolkit remembers between builds: scroll offsets, focus, menu, toast."""

    scroll: dict[str, int] = field(default_factory=dict)
    focus: str | None = None
    menu: bool = False
    toast: str = ""
    toast_left: int = 0


class WidgetApp(VirtualApp):
    """An app whose screen is built from widgets by :meth:`build`."""

    theme: ClassVar[Theme] = Theme()

    def __init__(self) -> None:
        self._ui = _Ui()
        self._actions: dict[int, Callable[[], object]] = {}
        self._lists: list[tuple[Node, str, int, int]] = []
        self._focused: TextField | None = None
        self._nodes: list[Node] = []

    # --- the API ----------------------------------------------------------------------
    def build(self, phone: VirtualPhone) -> Window:
        """The current screen."""
        raise NotImplementedError

    def on_back(self, phone: VirtualPhone) -> bool:
        """BACK reached the app: True if it handled it, False to leave the app."""
        del phone
        return False

    def reset_ui(self) -> None:
        """Forget scroll offsets, focus and menus (the app changed screen)."""
        toast, left = self._ui.toast, self._ui.toast_left
        self._ui = _Ui(toast=toast, toast_left=left)

    def toast(self, text: str) -> None:
        """Show ``text`` as a toast for the next two observations."""
        self._ui.toast, self._ui.toast_left = text, 2

    # --- VirtualApp ---------------------------------------------------------------------
    def on_start(self, phone: VirtualPhone, intent: Any) -> None:
        """A start shows the app's screen afresh."""
        del phone, intent
        self.reset_ui()

    def on_stop(self, phone: VirtualPhone) -> None:
        """A stop forgets the UI state."""
        del phone
        self._ui = _Ui()

    def screen(self, phone: VirtualPhone) -> Screen:
        """The window as a ``uiautomator dump`` document (the phone draws it)."""
        nodes = self._layout(phone)
        xml = render(self.package, nodes)
        if self._ui.toast_left > 0:
            self._ui.toast_left -= 1
        clock = Node(
            "android.widget.TextView",
            text=f"{phone.now():%H:%M}",
            resource_id="com.android.systemui:id/clock",
            bounds=(_MARGIN, 0, _MARGIN + 200, PIXEL_6.status_bar),
        )
        bar = render("com.android.systemui", [clock])
        inner = bar.split('<hierarchy rotation="0">')[1].rsplit("</hierarchy>", 1)[0]
        return Screen(xml.replace("</hierarchy>", inner + "</hierarchy>"))

    def on_tap(self, phone: VirtualPhone, x: int, y: int) -> None:
        """The innermost clickable node under the finger runs its callback."""
        self._layout(phone)
        target = None
        for top in self._nodes:
            for node in top.walk():
                left, upper, right, lower = node.bounds
                clickable = node.clickable or node.class_name.endswith("EditText")
                if clickable and left <= x < right and upper <= y < lower:
                    target = node
        self._ui.menu = False
        if target is not None and id(target) in self._actions:
            self._actions[id(target)]()

    def on_text(self, phone: VirtualPhone, text: str) -> None:
        """Typed text goes to the focused field."""
        self._layout(phone)
        if self._focused is not None:
            self._focused.on_change(self._focused.value + text)

    def on_key(self, phone: VirtualPhone, keycode: str) -> bool | None:
        """DEL and ENTER edit the focused field; BACK closes the menu, else the app's
        ``on_back`` decides (True: handled, the app stays in front)."""
        self._layout(phone)
        field_ = self._focused
        if keycode in KEY_DEL and field_ is not None and field_.value:
            field_.on_change(field_.value[:-1])
        elif keycode in KEY_ENTER and field_ is not None and not field_.single_line:
            field_.on_change(field_.value + "\n")
        elif keycode == "KEYCODE_BACK":
            handled = self._ui.menu or self.on_back(phone)
            self._ui.menu = False
            return handled
        return None

    def on_swipe(
        self, phone: VirtualPhone, x1: int, y1: int, x2: int, y2: int, duration_ms: int
    ) -> None:
        """The list under the start point scrolls by the distance moved."""
        del x2, duration_ms
        self._layout(phone)
        for node, key, total, view in self._lists:
            left, top, right, bottom = node.bounds
            if left <= x1 < right and top <= y1 < bottom:
                offset = self._ui.scroll.get(key, 0) + y1 - y2
                self._ui.scroll[key] = max(0, min(offset, max(0, total - view)))

    # --- layout -------------------------------------------------------------------------
    def _lay_id(self, resource_id: str) -> str:
        if not resource_id or ":id/" in resource_id:
            return resource_id
        return f"{self.package}:id/{resource_id}"

    def _lay_clickable(self, node: Node, action: Callable[[], object] | None) -> Node:
        if action is not None:
            node.clickable = True
            self._actions[id(node)] = action
        return node

    def _layout(self, phone: VirtualPhone) -> list[Node]:
        self._actions, self._lists, self._focused = {}, [], None
        window = self.build(phone)
        nodes: list[Node] = []
        top = PIXEL_6.status_bar
        if window.toolbar is not None:
            nodes += self._lay_toolbar(window.toolbar, top)
            top += _TOOLBAR
        bottom = PIXEL_6.height - PIXEL_6.navigation_bar
        for widget in window.body:
            top = self._lay_place(widget, 0, top, PIXEL_6.width, bottom, nodes)
        if window.fab is not None:
            size = round(56 * _DP)
            right, lower = PIXEL_6.width - _MARGIN, bottom - _MARGIN
            fab = Node(
                "android.widget.ImageButton",
                content_desc=window.fab.content_desc,
                resource_id=self._lay_id(window.fab.resource_id),
                bounds=(right - size, lower - size, right, lower),
            )
            nodes.append(self._lay_clickable(fab, window.fab.on_click))
        if self._ui.menu and window.toolbar is not None:
            nodes = self._lay_menu(window.toolbar)
        if window.dialog is not None:
            nodes = [self._lay_dialog(window.dialog)]
        if self._ui.toast_left > 0:
            width = PIXEL_6.width
            nodes.append(
                Node(
                    "android.widget.Toast",
                    text=self._ui.toast,
                    bounds=(width // 5, bottom - 300, width * 4 // 5, bottom - 200),
                )
            )
        self._nodes = nodes
        return nodes

    def _lay_toolbar(self, bar: Toolbar, top: int) -> list[Node]:
        size, width = _TOOLBAR, PIXEL_6.width
        nodes = []
        if bar.up:
            up = Node(
                "android.widget.ImageButton",
                content_desc="Navigate up",
                bounds=(0, top, size, top + size),
            )
            nodes.append(self._lay_clickable(up, bar.on_up))
        nodes.append(
            Node(
                "android.widget.TextView",
                text=bar.title,
                bounds=(size, top, width // 2, top + size),
            )
        )
        right = width - (size if bar.menu else 0)
        for action in reversed(bar.actions):
            button = Node(
                "android.widget.ImageButton",
                content_desc=action.content_desc,
                resource_id=self._lay_id(action.resource_id),
                bounds=(right - size, top, right, top + size),
            )
            nodes.append(self._lay_clickable(button, action.on_click))
            right -= size
        if bar.menu:
            more = Node(
                "android.widget.ImageView",
                content_desc="More options",
                bounds=(width - size, top, width, top + size),
            )
            nodes.append(self._lay_clickable(more, lambda: setattr(self._ui, "menu", True)))
        return nodes

    def _lay_menu(self, bar: Toolbar) -> list[Node]:
        height, width, top = round(48 * _DP), PIXEL_6.width, PIXEL_6.status_bar
        nodes = []
        for i, item in enumerate(bar.menu):
            row = Node(
                "android.widget.TextView",
                text=item.title,
                resource_id="android:id/title",
                bounds=(width // 2, top + i * height, width - 20, top + (i + 1) * height),
            )
            nodes.append(self._lay_clickable(row, item.on_click))
        return nodes

    def _lay_dialog(self, dialog: Dialog) -> Node:
        left, right = 60, PIXEL_6.width - 60
        top = PIXEL_6.height // 6
        frame = Node("android.widget.FrameLayout", bounds=(left, top, right, top))
        y = top + _MARGIN
        if dialog.title:
            title = Node(
                "android.widget.TextView",
                text=dialog.title,
                resource_id="android:id/alertTitle",
                bounds=(left + _MARGIN, y, right - _MARGIN, y + round(40 * _DP)),
            )
            frame.children.append(title)
            y += round(40 * _DP)
        if dialog.message:
            message = Node(
                "android.widget.TextView",
                text=dialog.message,
                resource_id="android:id/message",
                bounds=(left + _MARGIN, y, right - _MARGIN, y + round(60 * _DP)),
            )
            frame.children.append(message)
            y += round(60 * _DP)
        for widget in dialog.body:
            y = self._lay_place(widget, left, y, right, PIXEL_6.height, frame.children)
        x, height = right - _MARGIN, round(48 * _DP)
        names = ("android:id/button1", "android:id/button2", "android:id/button3")
        for i, button in enumerate(reversed(dialog.buttons)):
            width = 60 + 30 * len(button.text)
            node = Node(
                "android.widget.Button",
                text=button.text,
                resource_id=names[i] if i < len(names) else "",
                bounds=(x - width, y, x, y + height),
            )
            frame.children.append(self._lay_clickable(node, button.on_click))
            x -= width + _MARGIN
        frame.bounds = (left, top, right, y + height + _MARGIN)
        return frame

    def _lay_place(
        self, widget: Any, left: int, top: int, right: int, bottom: int, out: list[Node]
    ) -> int:
        """Lay ``widget`` out from ``top``; its nodes go to ``out``; the next top."""
        if isinstance(widget, ScrollList):
            self._lay_scroll_list(widget, left, top, right, bottom, out)
            return bottom
        height = _height(widget)
        box = (left, top, right, top + height)
        node = self._lay_node(widget, box)
        if node is not None:
            out.append(node)
        return top + height

    def _lay_scroll_list(
        self, widget: ScrollList, left: int, top: int, right: int, bottom: int, out: list[Node]
    ) -> None:
        offset = self._ui.scroll.get(widget.key, 0)
        node = Node(
            "androidx.recyclerview.widget.RecyclerView",
            resource_id=self._lay_id(widget.resource_id),
            bounds=(left, top, right, bottom),
        )
        y, total = top - offset, 0
        for child in widget.children:
            height = _height(child)
            total += height
            if y + height > top and y < bottom:
                shown = self._lay_node(child, (left, max(y, top), right, min(y + height, bottom)))
                if shown is not None:
                    node.children.append(shown)
            y += height
        self._lists.append((node, widget.key, total, bottom - top))
        out.append(node)

    def _lay_node(self, widget: Any, box: tuple[int, int, int, int]) -> Node | None:
        left, top, right, bottom = box
        rid = self._lay_id(getattr(widget, "resource_id", ""))
        desc = getattr(widget, "content_desc", "")
        if isinstance(widget, Text):
            return Node("android.widget.TextView", text=widget.text, resource_id=rid, bounds=box)
        if isinstance(widget, (Button, IconButton)):
            kind = "Button" if isinstance(widget, Button) else "ImageButton"
            text = widget.text if isinstance(widget, Button) else ""
            node = Node(f"android.widget.{kind}", text, desc, rid, bounds=box)
            return self._lay_clickable(node, widget.on_click)
        if isinstance(widget, CheckBox):
            node = Node("android.widget.CheckBox", text=widget.text, resource_id=rid, bounds=box)
            node.checked = widget.checked
            return self._lay_clickable(node, lambda: widget.on_toggle(not widget.checked))
        if isinstance(widget, TextField):
            return self._lay_field(widget, rid, box)
        if isinstance(widget, RadioGroup):
            group = Node("android.widget.RadioGroup", resource_id=rid, bounds=box)
            height = _height(widget) // max(1, len(widget.options))
            for i, option in enumerate(widget.options):
                radio = Node(
                    "android.widget.RadioButton",
                    text=option,
                    checked=i == widget.selected,
                    bounds=(left, top + i * height, right, top + (i + 1) * height),
                )
                group.children.append(
                    self._lay_clickable(radio, lambda i=i: widget.on_select(i))  # type: ignore[misc]
                )
            return group
        if isinstance(widget, ListRow):
            return self._lay_list_row(widget, rid, box)
        if isinstance(widget, (Row, Column)):
            container = Node("android.widget.LinearLayout", resource_id=rid, bounds=box)
            if isinstance(widget, Row):
                weights = list(widget.weights or [1] * len(widget.children))
                x = left
                for child, weight in zip(widget.children, weights, strict=False):
                    width = (right - left) * weight // max(1, sum(weights))
                    self._lay_place(child, x, top, x + width, bottom, container.children)
                    x += width
            else:
                y = top
                for child in widget.children:
                    y = self._lay_place(child, left, y, right, bottom, container.children)
            return container
        return None

    def _lay_field(self, widget: TextField, rid: str, box: tuple[int, int, int, int]) -> Node:
        key = widget.key or widget.resource_id or widget.hint
        focused = self._ui.focus == key
        if focused:
            self._focused = widget
        node = Node(
            "android.widget.EditText",
            text=widget.value or widget.hint,
            hint=widget.hint,
            resource_id=rid,
            bounds=box,
            focused=focused,
        )
        return self._lay_clickable(node, lambda: setattr(self._ui, "focus", key))

    def _lay_list_row(self, widget: ListRow, rid: str, box: tuple[int, int, int, int]) -> Node:
        left, top, right, bottom = box
        node = Node(
            "android.widget.LinearLayout",
            resource_id=rid,
            content_desc=widget.content_desc,
            bounds=box,
            selected=widget.selected,
        )
        split = top + (bottom - top) * 3 // 5 if widget.subtitle else bottom
        node.children.append(
            Node(
                "android.widget.TextView",
                text=widget.title,
                resource_id=self._lay_id(widget.title_id),
                bounds=(left, top, right, split),
            )
        )
        if widget.subtitle:
            node.children.append(
                Node(
                    "android.widget.TextView",
                    text=widget.subtitle,
                    resource_id=self._lay_id(widget.subtitle_id),
                    bounds=(left, split, right, bottom),
                )
            )
        return self._lay_clickable(node, widget.on_click)
