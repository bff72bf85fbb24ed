"""Each leaf widget's dump node: class, ids, texts, flags as uiautomator reports them
for the Android view it stands for, and the callbacks the layout wires to it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from droidhub.virtual.widgets import paint
from droidhub.virtual.widgets.kit import (
    Button,
    CheckBox,
    Column,
    IconButton,
    ListRow,
    MenuItem,
    RadioGroup,
    Row,
    Slider,
    Spinner,
    Switch,
    Tabs,
    Text,
    TextField,
)
from droidhub.virtual.widgets.nodes import WidgetNode, dp
from droidhub.virtual.widgets.state import Popup

if TYPE_CHECKING:
    from droidhub.virtual.widgets.layout import WidgetApp

Box = tuple[int, int, int, int]


def node_for(app: WidgetApp, widget: Any, box: Box) -> WidgetNode | None:
    """The node ``widget`` lays out to inside ``box`` (None for what only paints).

    The builder is the one of the widget's class or, for a subclass, of its nearest
    base that has one."""
    for cls in type(widget).__mro__:
        build = _NODE_BUILDERS.get(cls)
        if build is not None:
            return build(app, widget, app._id(getattr(widget, "resource_id", "")), box)
    return None


def _text(app: WidgetApp, widget: Text, rid: str, box: Box) -> WidgetNode:
    return WidgetNode(
        "android.widget.TextView",
        bounds=(box[0] + dp(16), box[1], box[2] - dp(16), box[3]),
        text=widget.text,
        resource_id=rid,
        content_desc=widget.content_desc,
        style=f"text-{widget.style}",
    )


def _button(app: WidgetApp, widget: Button, rid: str, box: Box) -> WidgetNode:
    node = WidgetNode(
        "android.widget.Button",
        bounds=_fit(box, paint.button_width(widget.text)),
        text=widget.text,
        resource_id=rid,
        content_desc=widget.content_desc,
        enabled=widget.enabled,
        style=f"button-{widget.style}",
    )
    return app._on(node, widget.on_click)


def _icon_button(app: WidgetApp, widget: IconButton, rid: str, box: Box) -> WidgetNode:
    node = WidgetNode(
        "android.widget.ImageButton",
        bounds=_fit(box, dp(48)),
        resource_id=rid,
        content_desc=widget.content_desc,
        enabled=widget.enabled,
        style="icon-button",
        icon=widget.icon,
    )
    return app._on(node, widget.on_click)


def _check_box(app: WidgetApp, widget: CheckBox, rid: str, box: Box) -> WidgetNode:
    node = WidgetNode("android.widget.CheckBox", bounds=box, text=widget.text, resource_id=rid)
    node.checkable, node.checked, node.style = True, widget.checked, "checkbox"
    return app._on(node, lambda: widget.on_toggle(not widget.checked))


def _fit(box: Box, width: int) -> Box:
    """A widget as wide as its content (at most the box), from the box's left."""
    left, top, right, bottom = box
    return (left + dp(8), top, min(right, left + dp(8) + width), bottom)


def _title_lines(
    box: Box, title: str, title_id: str, subtitle: str, subtitle_id: str, title_style: str = ""
) -> list[WidgetNode]:
    """A row's title TextView and, when there is a subtitle, the caption under it: the
    title then takes the top three fifths of ``box``."""
    left, top, right, bottom = box
    split = top + (bottom - top) * 3 // 5 if subtitle else bottom
    lines = [
        WidgetNode(
            "android.widget.TextView",
            bounds=(left, top, right, split),
            text=title,
            resource_id=title_id,
            style=title_style,
        )
    ]
    if subtitle:
        lines.append(
            WidgetNode(
                "android.widget.TextView",
                bounds=(left, split, right, bottom),
                text=subtitle,
                resource_id=subtitle_id,
                style="text-caption",
            )
        )
    return lines


def _switch(app: WidgetApp, widget: Switch, rid: str, box: Box) -> WidgetNode:
    left, top, right, bottom = box
    row = WidgetNode("android.widget.LinearLayout", bounds=box, resource_id=rid, style="row")
    text_right = right - dp(72)
    row.children.extend(
        _title_lines(
            (left + dp(16), top, text_right, bottom),
            title=widget.text,
            title_id="android:id/title",
            subtitle=widget.summary,
            subtitle_id="android:id/summary",
        )
    )
    toggle = WidgetNode(
        "android.widget.Switch",
        bounds=(text_right, top, right - dp(16), bottom),
        text="ON" if widget.checked else "OFF",
        resource_id="android:id/switch_widget",
        style="switch",
    )
    toggle.checkable, toggle.checked, toggle.focusable = True, widget.checked, True
    row.children.append(toggle)
    return app._on(row, lambda: widget.on_toggle(not widget.checked))


def _field(app: WidgetApp, widget: TextField, rid: str, box: Box) -> WidgetNode:
    key = widget.key or widget.resource_id or widget.hint
    focused = app._ui.focus == key
    if focused:
        app._focused = widget
    shown = "•" * len(widget.value) if widget.password else widget.value
    node = WidgetNode(
        "android.widget.EditText",
        bounds=(box[0] + dp(16), box[1] + dp(4), box[2] - dp(16), box[3] - dp(4)),
        text=shown or widget.hint,
        resource_id=rid,
        content_desc=widget.content_desc,
        style="field-focused" if focused else "field",
    )
    node.focused, node.password, node.long_clickable = focused, widget.password, True
    return app._on(node, lambda: setattr(app._ui, "focus", key))


def _radio_group(app: WidgetApp, widget: RadioGroup, rid: str, box: Box) -> WidgetNode:
    left, top, right, _ = box
    group = WidgetNode("android.widget.RadioGroup", bounds=box, resource_id=rid)
    height = dp(48)
    for i, option in enumerate(widget.options):
        radio = WidgetNode(
            "android.widget.RadioButton",
            bounds=(left, top + i * height, right, top + (i + 1) * height),
            text=option,
            style="radio",
        )
        radio.checkable, radio.checked = True, i == widget.selected
        group.children.append(app._on(radio, lambda i=i: widget.on_select(i)))  # type: ignore[misc]
    return group


def _slider(app: WidgetApp, widget: Slider, rid: str, box: Box) -> WidgetNode:
    left, top, right, bottom = box
    track = (left + dp(16), top, right - dp(16), bottom)
    span = max(1, widget.maximum - widget.minimum)
    node = WidgetNode(
        "android.widget.SeekBar",
        bounds=track,
        text=str(widget.value),
        resource_id=rid,
        content_desc=widget.content_desc,
        style="slider",
        fraction=(widget.value - widget.minimum) / span,
    )
    node.clickable = node.focusable = node.scrollable = True

    def drag(x: int, y: int) -> None:
        del y
        share = min(1.0, max(0.0, (x - track[0]) / max(1, track[2] - track[0])))
        widget.on_change(widget.minimum + round(share * span))

    app._drags[id(node)] = drag
    return node


def _spinner(app: WidgetApp, widget: Spinner, rid: str, box: Box) -> WidgetNode:
    left, top, right, bottom = box
    node = WidgetNode(
        "android.widget.Spinner",
        bounds=(left + dp(16), top, right - dp(16), bottom),
        resource_id=rid,
        style="spinner",
    )
    chosen = widget.options[widget.selected] if 0 <= widget.selected < len(widget.options) else ""
    node.children.append(
        WidgetNode(
            "android.widget.TextView",
            bounds=node.bounds,
            text=chosen,
            resource_id="android:id/text1",
        )
    )
    items = [
        MenuItem(option, lambda i=i: widget.on_select(i))  # type: ignore[misc]
        for i, option in enumerate(widget.options)
    ]
    popup = Popup(items, node.bounds, style="spinner")
    return app._on(node, lambda: setattr(app._ui, "popup", popup))


def _tabs(app: WidgetApp, widget: Tabs, rid: str, box: Box) -> WidgetNode:
    left, top, right, bottom = box
    bar = WidgetNode(
        "android.widget.HorizontalScrollView", bounds=box, resource_id=rid, style="tabs"
    )
    width = (right - left) // max(1, len(widget.labels))
    for i, label in enumerate(widget.labels):
        tab_box = (left + i * width, top, left + (i + 1) * width, bottom)
        tab = WidgetNode(
            "android.widget.LinearLayout",
            bounds=tab_box,
            content_desc=label,
            selected=i == widget.selected,
            style="tab",
        )
        tab.children.append(WidgetNode("android.widget.TextView", bounds=tab_box, text=label))
        bar.children.append(app._on(tab, lambda i=i: widget.on_select(i)))  # type: ignore[misc]

    def swipe(x: int, y: int) -> None:
        del y
        step = -1 if x > (left + right) // 2 else 1
        widget.on_select(min(len(widget.labels) - 1, max(0, widget.selected + step)))

    app._drags[id(bar)] = swipe
    bar.clickable = True
    return bar


def _list_row(app: WidgetApp, widget: ListRow, rid: str, box: Box) -> WidgetNode:
    left, top, right, bottom = box
    node = WidgetNode(
        "android.widget.LinearLayout",
        bounds=box,
        resource_id=rid,
        content_desc=widget.content_desc,
        selected=widget.selected,
        style="row",
    )
    if widget.checked is not None:
        node.checkable, node.checked = True, widget.checked
    node.children.extend(
        _title_lines(
            (left + dp(16), top, right - dp(16), bottom),
            title=widget.title,
            title_id=app._id(widget.title_id),
            subtitle=widget.subtitle,
            subtitle_id=app._id(widget.subtitle_id),
            title_style="row-title",
        )
    )
    app._on(node, widget.on_click)
    if widget.context_menu:
        menu = Popup(widget.context_menu, (left + dp(48), top, right, bottom), style="context")
        app._on(node, lambda: setattr(app._ui, "popup", menu), long=True)
    elif widget.on_long_click is not None:
        app._on(node, widget.on_long_click, long=True)
    return node


def _container(app: WidgetApp, widget: Row | Column, rid: str, box: Box) -> WidgetNode:
    left, top, right, bottom = box
    container = WidgetNode("android.widget.LinearLayout", bounds=box, resource_id=rid)
    out: list[WidgetNode] = []
    if isinstance(widget, Row):
        weights = list(widget.weights or [1] * len(widget.children))
        x = left
        for child, weight in zip(widget.children, weights, strict=False):
            width = (right - left) * weight // max(1, sum(weights))
            app._place(child, x, top, x + width, bottom, out)
            x += width
    else:
        y = top
        for child in widget.children:
            y = app._place(child, left, y, right, bottom, out)
    container.children.extend(out)
    if isinstance(widget, Column):
        container.content_desc = widget.content_desc
        if widget.on_click is not None:
            container.style = "row"
            app._on(container, widget.on_click)
    return container


#: The node builder of each leaf widget class (``node_for`` walks a widget's classes).
_NODE_BUILDERS: dict[type, Callable[[WidgetApp, Any, str, Box], WidgetNode]] = {
    Text: _text,
    Button: _button,
    IconButton: _icon_button,
    CheckBox: _check_box,
    Switch: _switch,
    TextField: _field,
    RadioGroup: _radio_group,
    Slider: _slider,
    Spinner: _spinner,
    Tabs: _tabs,
    ListRow: _list_row,
    Row: _container,
    Column: _container,
}
