""":class:`WidgetApp`: an app model whose screens are declared from widgets.

Immediate mode: on every observation and every input the app's :meth:`WidgetApp.build`
returns the current :class:`~droidhub.virtual.widgets.kit.Window` from the model's
state; the toolkit lays it out (Material 2 sizes on the Pixel 6), writes the
``uiautomator dump`` nodes, paints the pixels, and dispatches input as Android would:

- a tap runs the innermost enabled clickable widget under the finger; a tap on a text
  field focuses it; a tap outside an open popup closes it;
- a long press (a swipe that stays put for 500 ms or more) opens a row's context menu
  or runs its ``on_long_click``;
- a swipe scrolls the list under its start point by the distance moved, drags a
  SeekBar, or changes tab when sideways on tabs;
- ``input text``, DEL and ENTER go to the focused field;
- BACK closes an open popup, else asks the app's :meth:`WidgetApp.on_back`; False
  lets the phone leave the app.

What is not app data (scroll offsets, focus, open popups, a toast) the toolkit keeps,
keyed by each widget's ``key`` (else its resource-id, else its text);
:meth:`WidgetApp.reset_ui` forgets it when the app changes screen.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from droidhub.android.phone import PIXEL_6
from droidhub.android.scrolling import TOUCH_SLOP, drag_travel
from droidhub.virtual.app import Screen, WindowApp
from droidhub.virtual.widgets import paint
from droidhub.virtual.widgets.kit import (
    KEY_BACK,
    KEY_DEL,
    KEY_ENTER,
    Column,
    Dialog,
    Divider,
    ListRow,
    RadioGroup,
    Row,
    ScrollList,
    Spacer,
    Switch,
    Text,
    TextField,
    Theme,
    Toolbar,
    Window,
    selects_all,
)
from droidhub.virtual.widgets.nodes import WidgetNode, document, dp, hit
from droidhub.virtual.widgets.state import Popup, UiState
from droidhub.virtual.widgets.widget_nodes import node_for

if TYPE_CHECKING:
    from droidhub.virtual.phone import VirtualPhone

Box = tuple[int, int, int, int]
_LONG_PRESS_MS = 500


def height_of(widget: Any) -> int:
    """How tall ``widget`` lays out, in device pixels (Material 2 sizes)."""
    if isinstance(widget, Text):
        lines = widget.text.count("\n") + 1
        return dp(32 if widget.style in ("title", "headline") else 28) + dp(22) * (lines - 1)
    if isinstance(widget, TextField):
        return dp(56 if widget.single_line else 80)
    if isinstance(widget, ListRow):
        return dp(72 if widget.subtitle else 56)
    if isinstance(widget, Switch):
        return dp(72 if widget.summary else 56)
    if isinstance(widget, RadioGroup):
        return dp(48) * len(widget.options)
    if isinstance(widget, Row):
        return max((height_of(c) for c in widget.children), default=0)
    if isinstance(widget, Column):
        return sum(height_of(c) for c in widget.children)
    if isinstance(widget, Divider):
        return dp(1)
    if isinstance(widget, Spacer):
        return dp(widget.height_dp)
    return dp(48)


def _key(widget: Any) -> str:
    return (
        getattr(widget, "key", "")
        or getattr(widget, "resource_id", "")
        or getattr(widget, "hint", "")
        or str(getattr(widget, "text", ""))
    )


class WidgetApp(WindowApp[Window]):
    """An app whose screen is built from widgets by :meth:`build` (see the module)."""

    theme: ClassVar[Theme] = Theme()

    def __init__(self) -> None:
        self._ui = UiState()
        self._actions: dict[int, Callable[[], object]] = {}
        self._long_actions: dict[int, Callable[[], object]] = {}
        self._drags: dict[int, Callable[[int, int], object]] = {}
        self._lists: list[tuple[WidgetNode, str, int, int]] = []
        self._focused: TextField | None = None
        #: Ctrl+A selected all of the focused field's text (until the next input).
        self._all_selected = False
        self._nodes: list[WidgetNode] = []
        self._theme = self.theme

    # --- the API (build and on_back: WindowApp) ------------------------------------------
    def reset_ui(self) -> None:
        """Forget scroll offsets, focus and popups (the app changed screen)."""
        toast, left = self._ui.toast, self._ui.toast_left
        self._ui = UiState(toast=toast, toast_left=left)

    def focus(self, key: str) -> None:
        """Give the text field known by ``key`` the focus (a screen that opens with its
        keyboard up, as a search screen does)."""
        self._ui.focus = key

    def toast(self, text: str) -> None:
        """Show ``text`` as a toast for the next two observations."""
        self._ui.toast, self._ui.toast_left = text, 2

    # --- VirtualApp ----------------------------------------------------------------------
    def on_start(self, phone: VirtualPhone, intent: Any) -> None:
        """A start shows the app's screen afresh."""
        del phone, intent
        self.reset_ui()

    def on_stop(self, phone: VirtualPhone) -> None:
        """A stop forgets the UI state."""
        del phone
        self._ui = UiState()

    def screen(self, phone: VirtualPhone) -> Screen:
        """The window as a dump document, with its pixels painted."""
        xml, root = self._document(phone)
        return Screen(xml, paint.window_png(root, self._theme))

    def screen_without_pixels(self, phone: VirtualPhone) -> Screen:
        """The dump document alone (``uiautomator dump`` needs no pixels)."""
        return Screen(self._document(phone)[0])

    def on_tap(self, phone: VirtualPhone, x: int, y: int) -> None:
        """The innermost clickable widget under the finger runs its callback."""
        self._layout(phone)
        self._all_selected = False
        target = hit(self._nodes, x, y)
        had_popup = self._ui.popup is not None
        self._ui.popup = None
        if target is None:
            return
        if id(target) in self._drags:
            self._drags[id(target)](x, y)
        elif id(target) in self._actions and not (had_popup and target.style == "scrim"):
            self._actions[id(target)]()

    def on_text(self, phone: VirtualPhone, text: str) -> None:
        """Typed text goes to the focused field (the cursor stays at its end); it
        replaces the field's text when all of it is selected."""
        self._layout(phone)
        if self._focused is not None:
            kept = "" if self._all_selected else self._focused.value
            self._focused.on_change(kept + text)
        self._all_selected = False

    def on_key_combination(self, phone: VirtualPhone, keycodes: list[str]) -> None:
        """Ctrl+A selects all of the focused field's text."""
        self._layout(phone)
        if selects_all(keycodes) and self._focused is not None:
            self._all_selected = True

    def on_key(self, phone: VirtualPhone, keycode: str) -> bool | None:
        """DEL and ENTER edit the focused field; BACK closes a popup, else the app's
        ``on_back`` decides (True: handled, the app stays in front)."""
        self._layout(phone)
        field_ = self._focused
        selected, self._all_selected = self._all_selected, False
        if keycode in KEY_DEL and field_ is not None and field_.value:
            field_.on_change("" if selected else field_.value[:-1])
        elif keycode in KEY_ENTER and field_ is not None:
            if field_.on_submit is not None:
                field_.on_submit()
            elif not field_.single_line:
                field_.on_change(field_.value + "\n")
        elif keycode in KEY_BACK:
            if self._ui.popup is not None:
                self._ui.popup = None
                return True
            return self.on_back(phone)
        return None

    def on_swipe(
        self, phone: VirtualPhone, x1: int, y1: int, x2: int, y2: int, duration_ms: int
    ) -> None:
        """A long press, a SeekBar drag, a tab change or a list scroll."""
        self._layout(phone)
        still = abs(x2 - x1) <= TOUCH_SLOP and abs(y2 - y1) <= TOUCH_SLOP
        if still and duration_ms >= _LONG_PRESS_MS:
            target = hit(self._nodes, x1, y1, long=True)
            if target is not None and id(target) in self._long_actions:
                self._long_actions[id(target)]()
            return
        start = hit(self._nodes, x1, y1)
        if start is not None and id(start) in self._drags:
            self._drags[id(start)](x2, y2)
            return
        for node, key, total, view in self._lists:
            left, top, right, bottom = node.bounds
            if left <= x1 < right and top <= y1 < bottom:
                offset = self._ui.scroll.get(key, 0) + drag_travel(y1 - y2, duration_ms)
                self._ui.scroll[key] = max(0, min(offset, max(0, total - view)))
                return

    # --- layout --------------------------------------------------------------------------
    def _document(self, phone: VirtualPhone) -> tuple[str, WidgetNode]:
        nodes = self._layout(phone)
        xml, root = document(self.package, nodes, f"{phone.now():%H:%M}")
        if self._ui.toast_left > 0:
            self._ui.toast_left -= 1
        return xml, root

    def _id(self, resource_id: str) -> str:
        if not resource_id or ":id/" in resource_id:
            return resource_id
        return f"{self.package}:id/{resource_id}"

    def _on(
        self, node: WidgetNode, action: Callable[[], object] | None, long: bool = False
    ) -> WidgetNode:
        if action is not None:
            if long:
                node.long_clickable = True
                self._long_actions[id(node)] = action
            else:
                node.clickable = node.focusable = True
                self._actions[id(node)] = action
        return node

    def _layout(self, phone: VirtualPhone) -> list[WidgetNode]:
        self._actions, self._long_actions, self._drags = {}, {}, {}
        self._lists, self._focused = [], None
        window = self.build(phone)
        self._theme = window.theme or self.theme
        nodes: list[WidgetNode] = []
        top = PIXEL_6.status_bar
        if window.toolbar is not None:
            nodes.append(self._lay_toolbar(window.toolbar, top))
            top += dp(56)
        bottom = PIXEL_6.height - PIXEL_6.navigation_bar
        for widget in reversed(window.bottom):
            bottom -= height_of(widget)
            self._place(widget, 0, bottom, PIXEL_6.width, PIXEL_6.height, nodes)
        for widget in window.body:
            top = self._place(widget, 0, top, PIXEL_6.width, bottom, nodes)
        if window.fab is not None:
            size, right, lower = dp(56), PIXEL_6.width - dp(16), bottom - dp(16)
            fab = WidgetNode(
                "android.widget.ImageButton",
                bounds=(right - size, lower - size, right, lower),
                content_desc=window.fab.content_desc,
                resource_id=self._id(window.fab.resource_id),
                style="fab",
                icon=window.fab.icon,
            )
            nodes.append(self._on(fab, window.fab.on_click))
        if window.dialog is not None:
            nodes = [self._lay_dialog(window.dialog)]
        if self._ui.popup is not None:
            nodes.append(self._lay_popup(self._ui.popup))
        if self._ui.toast_left > 0:
            width = PIXEL_6.width
            nodes.append(
                WidgetNode(
                    "android.widget.Toast",
                    bounds=(width // 5, bottom - dp(112), width * 4 // 5, bottom - dp(64)),
                    text=self._ui.toast,
                    style="toast",
                )
            )
        self._nodes = nodes
        return nodes

    def _lay_toolbar(self, bar: Toolbar, top: int) -> WidgetNode:
        size, width = dp(56), PIXEL_6.width
        node = WidgetNode(
            "android.view.ViewGroup",
            bounds=(0, top, width, top + size),
            resource_id=self._id("toolbar"),
            style="toolbar",
        )
        left = dp(16)
        if bar.up:
            up = WidgetNode(
                "android.widget.ImageButton",
                bounds=(0, top, size, top + size),
                content_desc="Navigate up",
                style="toolbar-icon",
                icon="back",
            )
            node.children.append(self._on(up, bar.on_up))
            left = dp(72)
        right = width - (size if bar.menu else 0) - len(bar.actions) * size
        node.children.append(
            WidgetNode(
                "android.widget.TextView",
                bounds=(left, top, max(left + 1, right), top + size),
                text=bar.title,
                style="toolbar-title",
            )
        )
        for action in bar.actions:
            button = WidgetNode(
                "android.widget.ImageButton",
                bounds=(right, top, right + size, top + size),
                content_desc=action.content_desc,
                resource_id=self._id(action.resource_id),
                style="toolbar-icon",
                icon=action.icon,
            )
            node.children.append(self._on(button, action.on_click))
            right += size
        if bar.menu:
            anchor = (width - size, top, width, top + size)
            more = WidgetNode(
                "android.widget.ImageView",
                bounds=anchor,
                content_desc="More options",
                style="toolbar-icon",
                icon="more",
            )
            menu = Popup(bar.menu, anchor)
            node.children.append(self._on(more, lambda: setattr(self._ui, "popup", menu)))
        return node

    def _lay_popup(self, popup: Popup) -> WidgetNode:
        height, width = dp(48), dp(196)
        left = min(max(0, popup.anchor[0]), PIXEL_6.width - width - dp(8))
        top = popup.anchor[1] if popup.style == "menu" else popup.anchor[3]
        top = min(top, PIXEL_6.height - PIXEL_6.navigation_bar - height * len(popup.items))
        frame = WidgetNode(
            "android.widget.ListView",
            bounds=(left, top, left + width, top + height * len(popup.items)),
            style="popup",
        )
        for i, item in enumerate(popup.items):
            row = WidgetNode(
                "android.widget.CheckedTextView"
                if popup.style == "spinner"
                else "android.widget.TextView",
                bounds=(left, top + i * height, left + width, top + (i + 1) * height),
                text=item.title,
                resource_id="android:id/text1" if popup.style == "spinner" else "android:id/title",
                style="popup-row",
            )
            frame.children.append(self._on(row, item.on_click))
        return frame

    def _lay_dialog(self, dialog: Dialog) -> WidgetNode:
        left, right = dp(24), PIXEL_6.width - dp(24)
        top = PIXEL_6.height // 6
        frame = WidgetNode("android.widget.FrameLayout", bounds=(left, top, right, top))
        frame.style = "dialog"
        y = top + dp(24)
        for text, resource_id, height, style in (
            (dialog.title, "android:id/alertTitle", dp(40), "dialog-title"),
            (dialog.message, "android:id/message", dp(60), ""),
        ):
            if text:  # the title, then the message, each only when the dialog has one
                bounds = (left + dp(24), y, right - dp(24), y + height)
                frame.children.append(
                    WidgetNode(
                        "android.widget.TextView",
                        bounds=bounds,
                        text=text,
                        resource_id=resource_id,
                        style=style,
                    )
                )
                y += height
        for widget in dialog.body:
            y = self._place(widget, left, y, right, PIXEL_6.height, frame.children)  # type: ignore[arg-type]
        x, height = right - dp(8), dp(48)
        names = ("android:id/button1", "android:id/button2", "android:id/button3")
        for i, button in enumerate(reversed(dialog.buttons)):
            width = paint.button_width(button.text)
            node = WidgetNode(
                "android.widget.Button",
                bounds=(x - width, y, x, y + height),
                text=button.text,
                resource_id=names[i] if i < len(names) else "",
                style="button-text",
            )
            frame.children.append(self._on(node, button.on_click))
            x -= width + dp(8)
        frame.bounds = (left, top, right, y + height + dp(8))
        return frame

    def _place(
        self, widget: Any, left: int, top: int, right: int, bottom: int, out: list[WidgetNode]
    ) -> int:
        """Lay ``widget`` out from ``top``; its nodes go to ``out``; returns the next top."""
        if isinstance(widget, ScrollList):
            self._lay_scroll_list(widget, (left, top, right, bottom), out)
            return bottom
        height = height_of(widget)
        node = self._node(widget, (left, top, right, top + height))
        if node is not None:
            out.append(node)
        return top + height

    def _lay_scroll_list(self, widget: ScrollList, box: Box, out: list[WidgetNode]) -> None:
        left, top, right, bottom = box
        offset = self._ui.scroll.get(widget.key, 0)
        node = WidgetNode(widget.class_name, bounds=box, resource_id=self._id(widget.resource_id))
        node.scrollable = node.focusable = True
        y, total = top - offset, 0
        for child in widget.children:
            height = height_of(child)
            total += height
            if y + height > top and y < bottom:
                shown = self._node(child, (left, y, right, y + height))
                if shown is not None:
                    _clip(shown, top, bottom)
                    node.children.append(shown)
            y += height
        self._lists.append((node, widget.key, total, bottom - top))
        out.append(node)

    def _node(self, widget: Any, box: Box) -> WidgetNode | None:
        return node_for(self, widget, box)


def _clip(node: WidgetNode, top: int, bottom: int) -> None:
    """Bounds cut to the visible band, as uiautomator reports a partly shown view."""
    for inner in node.walk():
        left, upper, right, lower = inner.bounds
        inner.bounds = (left, max(upper, top), right, max(max(upper, top), min(lower, bottom)))
