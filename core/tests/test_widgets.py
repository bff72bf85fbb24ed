"""The widget toolkit, driven as a client drives a phone: ``input tap/text/swipe/keyevent``
through adb, observed with ``uiautomator dump`` and ``screencap``."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest
from app_phone import element_with, screen_elements, started

from droidhub.device.client import Device
from droidhub.virtual.appmodel import (
    PIXEL_6,
    Button,
    Dialog,
    ListRow,
    MenuItem,
    ScrollList,
    Slider,
    Spinner,
    Switch,
    Text,
    TextField,
    Theme,
    Toolbar,
    VirtualPhone,
    WidgetApp,
    Window,
)

PACKAGE = "com.example.widgets"
COLOURS = ("Red", "Green", "Blue")


@dataclass
class _Model:
    rows: list[str] = field(default_factory=lambda: [f"Row {i}" for i in range(40)])
    opened: str | None = None
    name: str = ""
    wifi: bool = False
    level: int = 10
    colour: int = 0
    cleared: int = 0
    asking: bool = False


class DemoApp(WidgetApp):
    """A list with a context menu, a detail page, a field, a switch, a slider, a spinner."""

    package = PACKAGE
    label = "Widgets"
    theme = Theme(primary="#3F51B5")

    def __init__(self) -> None:
        super().__init__()
        self.model = _Model()

    def build(self, phone: VirtualPhone) -> Window:
        model = self.model
        if model.opened is not None:
            return Window(PACKAGE, Toolbar(model.opened, up=True), [Text(f"Opened {model.opened}")])
        controls = [
            TextField(model.name, lambda v: setattr(model, "name", v), hint="Name", key="name"),
            Switch("Wi-Fi", model.wifi, lambda on: setattr(model, "wifi", on)),
            Slider(model.level, 0, 100, lambda v: setattr(model, "level", v), key="level"),
            Spinner(COLOURS, model.colour, lambda i: setattr(model, "colour", i), key="colour"),
        ]
        rows = [
            ListRow(
                title,
                on_click=lambda t=title: setattr(model, "opened", t),
                context_menu=[MenuItem("Delete", lambda t=title: model.rows.remove(t))],
                title_id="row_title",
            )
            for title in model.rows
        ]
        menu = [
            MenuItem("Clear", lambda: setattr(model, "cleared", model.cleared + 1)),
            MenuItem("Ask", lambda: setattr(model, "asking", True)),
        ]
        dialog = None
        if model.asking:
            close = [Button("CANCEL", lambda: setattr(model, "asking", False), style="text")]
            dialog = Dialog("Clear the rows?", buttons=close, message="The list empties.")
        return Window(
            PACKAGE,
            Toolbar("Widgets", menu=menu),
            [*controls, ScrollList(rows, "rows")],
            dialog=dialog,
        )

    def on_back(self, phone: VirtualPhone) -> bool:
        if self.model.opened is not None:
            self.model.opened = None
            return True
        return False


@pytest.fixture
def app_and_device() -> Iterator[tuple[DemoApp, Device]]:
    yield from started(DemoApp())


def _tap(device: Device, **wanted: str) -> None:
    element = element_with(device, **wanted)
    assert element.bounds is not None
    device.tap(*element.bounds.center)


def _texts(device: Device) -> list[str]:
    return [e.text for e in screen_elements(device)]


def test_a_list_scrolls_and_only_rows_in_view_are_in_the_tree(app_and_device) -> None:
    _, device = app_and_device
    listing = element_with(device, class_name="androidx.recyclerview.widget.RecyclerView")
    assert listing.scrollable and listing.bounds is not None
    assert "Row 0" in _texts(device) and "Row 39" not in _texts(device)
    x, (top, bottom) = listing.bounds.center[0], (listing.bounds.top, listing.bounds.bottom)
    for _ in range(10):
        device.swipe(x, bottom - 50, x, top + 50, 300)
    texts = _texts(device)
    assert "Row 39" in texts and "Row 0" not in texts
    for element in screen_elements(device):
        if element.resource_id == f"{PACKAGE}:id/row_title":
            assert element.bounds is not None
            assert top <= element.bounds.top and element.bounds.bottom <= bottom


def test_a_tap_runs_the_row_and_back_pops_the_apps_own_page_first(app_and_device) -> None:
    _, device = app_and_device
    _tap(device, text="Row 3")
    assert "Opened Row 3" in _texts(device)
    element_with(device, content_description="Navigate up")
    device.keyevent("KEYCODE_BACK")
    assert "Row 3" in _texts(device)
    assert device.foreground_activity().startswith(PACKAGE)
    # The overflow menu: BACK closes it, and the app stays.
    _tap(device, content_description="More options")
    assert element_with(device, text="Clear").resource_id == "android:id/title"
    device.keyevent("KEYCODE_BACK")
    assert "Clear" not in _texts(device)
    assert device.foreground_activity().startswith(PACKAGE)
    # On the app's first page, BACK leaves it.
    device.keyevent("KEYCODE_BACK")
    assert not device.foreground_activity().startswith(PACKAGE)


def test_typing_edits_the_focused_field(app_and_device) -> None:
    app, device = app_and_device
    field_ = element_with(device, class_name="android.widget.EditText")
    assert field_.text == "Name" and not field_.focused
    _tap(device, class_name="android.widget.EditText")
    device.input_text("hello")
    device.keyevent("KEYCODE_DEL")
    field_ = element_with(device, class_name="android.widget.EditText")
    assert field_.text == "hell" and field_.focused
    assert app.model.name == "hell"


def test_ctrl_a_selects_the_fields_text_for_del_or_typing_to_replace(app_and_device) -> None:
    app, device = app_and_device
    _tap(device, class_name="android.widget.EditText")
    device.input_text("hello")
    device.run("input keycombination 113 29 && input keyevent 67")  # AW's clear_text
    assert app.model.name == ""
    device.input_text("old")
    device.run("input keycombination KEYCODE_CTRL_LEFT KEYCODE_A")
    device.input_text("new")
    assert app.model.name == "new"
    device.input_text("er")  # the selection went with the typing
    assert app.model.name == "newer"
    assert device.run("input keycombination 113").exit_code != 0  # one key is no combination


def test_switch_slider_and_spinner_change_their_values(app_and_device) -> None:
    app, device = app_and_device
    switch = element_with(device, resource_id="android:id/switch_widget")
    assert switch.checkable and not switch.checked
    _tap(device, text="Wi-Fi")
    assert element_with(device, resource_id="android:id/switch_widget").checked
    bar = element_with(device, class_name="android.widget.SeekBar")
    assert bar.text == "10" and bar.bounds is not None
    y = bar.bounds.center[1]
    device.swipe(bar.bounds.left + 5, y, bar.bounds.right - 1, y, 400)
    assert element_with(device, class_name="android.widget.SeekBar").text == "100"
    _tap(device, class_name="android.widget.Spinner")
    _tap(device, text="Blue", class_name="android.widget.CheckedTextView")
    assert app.model.colour == 2
    assert "Green" not in _texts(device)


def test_a_long_press_opens_the_rows_context_menu(app_and_device) -> None:
    app, device = app_and_device
    row = element_with(device, text="Row 1")
    assert row.bounds is not None
    x, y = row.bounds.center
    device.swipe(x, y, x, y, 1000)
    _tap(device, text="Delete")
    assert "Row 1" not in app.model.rows and "Row 1" not in _texts(device)
    assert "Row 2" in _texts(device)


def test_screencap_is_a_full_screen_in_the_apps_colours(app_and_device) -> None:
    _, device = app_and_device
    image = device.screenshot()
    assert image.size == PIXEL_6.size
    toolbar_pixel = image.getpixel((PIXEL_6.width // 2, PIXEL_6.status_bar + 20))
    assert toolbar_pixel == (0x3F, 0x51, 0xB5)
    clock = element_with(device, resource_id="com.android.systemui:id/clock")
    assert clock.text == "15:34"


def test_a_screen_known_only_by_its_dump_is_painted_in_material_style(app_and_device) -> None:
    _, device = app_and_device
    device.keyevent("KEYCODE_HOME")
    icon = element_with(device, text="Widgets")
    assert icon.bounds is not None
    image = device.screenshot().convert("RGB")
    # The launcher's icon is a coloured disc (12 dp under the icon's top) above its
    # label, not a grey box.
    red, green, blue = image.getpixel((icon.bounds.center[0], icon.bounds.top + 45))
    assert max(red, green, blue) - min(red, green, blue) > 60
    # The status bar shows the clock: dark pixels (System UI's #99000000 tint over the
    # light wallpaper, about 90 of 255) in its left part.
    clock_band = image.crop((0, 0, PIXEL_6.width // 4, PIXEL_6.status_bar)).convert("L")
    assert clock_band.getextrema()[0] < 128


def test_a_dialog_shows_its_title_above_its_message_and_its_buttons(app_and_device) -> None:
    _, device = app_and_device
    _tap(device, content_description="More options")
    _tap(device, text="Ask")
    title = element_with(device, resource_id="android:id/alertTitle")
    message = element_with(device, resource_id="android:id/message")
    assert (title.text, message.text) == ("Clear the rows?", "The list empties.")
    assert title.bounds is not None and message.bounds is not None
    density = PIXEL_6.density / 160
    assert title.bounds.bottom == message.bounds.top
    assert title.bounds.bottom - title.bounds.top == round(40 * density)
    assert message.bounds.bottom - message.bounds.top == round(60 * density)
    assert element_with(device, text="CANCEL").resource_id == "android:id/button1"
    _tap(device, text="CANCEL")
    assert "Clear the rows?" not in _texts(device)
