"""The soft keyboard on the view engine, through adb only: it comes up when a tap
focuses a field, typing by key taps, BACK hides it first, the window resizes or pans,
what it covers takes no tap, and the dump leaves it out as a real device's does.

The arithmetic (Pixel 6, 2.625 px per dp): the keyboard ends at the gesture bar,
y = 2337; its toolbar strip is 50 dp (131 px) and each of its four key rows 60 dp
(158 px), so it starts at y = 2337 - 131 - 4 * 158 = 1574 and its rows at 1705, 1863,
2021 and 2179. Keys are 108 px wide (ten across 1080 px); the second row is set in
by half a key; the bottom row is ?123 (1.5 keys), comma, emoji, space (4 keys),
period and enter (1.5 keys).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import ExitStack

import pytest
from app_phone import box_of, screen_elements
from PIL import Image

from droidhub.android.ui_tree import UIElement
from droidhub.device.client import Device
from droidhub.virtual.appmodel import VirtualApp, VirtualPhone
from droidhub.virtual.server import VirtualDeviceServer
from droidhub.virtual.views import (
    ADJUST_NOTHING,
    ADJUST_PAN,
    ADJUST_RESIZE,
    MATCH_PARENT,
    VERTICAL,
    Button,
    EditText,
    LinearLayout,
    TextView,
    Toolbar,
    View,
    ViewApp,
    Window,
)

PACKAGE = "com.example.form"
KEYBOARD_TOP, GESTURE_BAR = 1574, 2337
ROWS = (1705, 1863, 2021, 2179)
KEY = 108
BACKGROUND = (0xE8, 0xEA, 0xED)  # Gboard's light ground, between the keys


def key(row: int, column: float) -> tuple[int, int]:
    """The centre of the key ``column`` keys from the left edge of ``row``."""
    return round(column * KEY + KEY / 2), ROWS[row] + 79


class FormApp(ViewApp):
    """A name field and a Save button at the bottom of the screen."""

    package = PACKAGE
    label = "Form"

    def __init__(self, soft_input: str) -> None:
        super().__init__()
        self.soft_input = soft_input
        self.name = ""
        self.saved: list[str] = []
        self.entered = 0

    def build(self, phone: VirtualPhone) -> Window:
        del phone
        content = LinearLayout(
            "form",
            Toolbar("toolbar", TextView(text="New contact", text_size=20, medium=True)),
            View("space", width=MATCH_PARENT, height=0, weight=1),
            EditText("name", self.name, hint="Name", width=MATCH_PARENT, on_change=self.type),
            Button("save", "Save", width=MATCH_PARENT, on_click=self.save),
            orientation=VERTICAL,
            width=MATCH_PARENT,
            height=MATCH_PARENT,
        )
        return Window(content, soft_input=self.soft_input)

    def type(self, text: str) -> None:
        self.name = text

    def save(self) -> None:
        self.saved.append(self.name)

    def on_key(self, phone: VirtualPhone, keycode: str) -> bool | None:
        if keycode == "KEYCODE_ENTER":
            self.entered += 1
            return True
        return super().on_key(phone, keycode)


@pytest.fixture
def form() -> Iterator[Callable[[str], tuple[FormApp, Device]]]:
    """Starts the form, with its window's ``windowSoftInputMode``, on a phone of its own."""
    with ExitStack() as stack:

        def start(soft_input: str) -> tuple[FormApp, Device]:
            app = FormApp(soft_input)

            def apps() -> list[VirtualApp]:
                return [app]

            server = stack.enter_context(VirtualDeviceServer(devices=1, apps=apps))
            device = Device(server.serials[0], host="127.0.0.1", port=server.port)
            device.shell(["am", "start", "-n", f"{PACKAGE}/.MainActivity"])
            return app, device

        yield start


def _by_id(device: Device) -> dict[str, UIElement]:
    return {e.resource_id.split("/")[-1]: e for e in screen_elements(device)}


def _shows_keyboard(shot: Image.Image) -> bool:
    # between the first two keys of the top row: the keyboard's ground
    return shot.convert("RGB").getpixel((KEY, ROWS[0] + 79)) == BACKGROUND


def test_a_focused_field_brings_the_keyboard_and_back_hides_it_first(form) -> None:
    app, device = form(ADJUST_RESIZE)
    before = _by_id(device)
    assert box_of(before["content"])[3] == GESTURE_BAR
    assert not _shows_keyboard(device.screenshot())
    device.tap(*before["name"].bounds.center)  # type: ignore[union-attr]
    assert _shows_keyboard(device.screenshot())
    tree = device.ui_tree()
    # the dump is of the app's window: no node of the keyboard's (a real device's
    # `uiautomator dump` has none either), and the app's window ends above it
    assert "inputmethod" not in tree and "key_pos" not in tree
    now = _by_id(device)
    assert box_of(now["content"])[3] == KEYBOARD_TOP
    assert box_of(now["save"])[3] == KEYBOARD_TOP  # resized: the form sits on the keyboard
    assert now["name"].focused
    device.keyevent("KEYCODE_BACK")  # hides the keyboard; the app stays, the field focused
    assert not _shows_keyboard(device.screenshot())
    now = _by_id(device)
    assert box_of(now["content"])[3] == GESTURE_BAR and now["name"].focused
    device.input_text("Ada")  # typing still goes to the field, keyboard or not
    assert app.name == "Ada"
    device.keyevent("KEYCODE_BACK")  # now the app gets BACK, and leaves
    assert not device.foreground_activity().startswith(PACKAGE)


def test_key_taps_type_into_the_focused_field(form) -> None:
    app, device = form(ADJUST_RESIZE)
    device.tap(*_by_id(device)["name"].bounds.center)  # type: ignore[union-attr]
    device.tap(*key(2, 0.75))  # shift: the next letter is a capital
    for row, column in ((1, 5.5), (0, 7), (2, 6.5)):  # h (set in half a key), i, n
        device.tap(*key(row, column))
    assert app.name == "Hin"
    device.tap(*key(3, 4))  # the space bar, from 3.5 to 7.5 keys
    device.tap(*key(3, 0.75))  # ?123: the symbols page
    device.tap(*key(0, 4))  # 5
    device.tap(*key(0, 1))  # 2
    device.tap(*key(3, 0.75))  # ABC: the letters again
    device.tap(*key(0, 0))  # q
    device.tap(*key(2, 9.25))  # delete
    assert app.name == "Hin 52"
    assert _by_id(device)["name"].text == "Hin 52"
    device.tap(*key(3, 9.25))  # enter reaches the app as ENTER
    assert app.entered == 1
    device.tap(540, KEYBOARD_TOP + 60)  # the toolbar strip types nothing
    assert app.name == "Hin 52"


def test_what_the_keyboard_covers_takes_no_tap(form) -> None:
    app, device = form(ADJUST_NOTHING)  # the window stays put, under the keyboard
    before = _by_id(device)
    save = before["save"].bounds
    assert save is not None and save.bottom == GESTURE_BAR
    device.tap(*before["name"].bounds.center)  # type: ignore[union-attr]
    assert box_of(_by_id(device)["save"]) == box_of(before["save"])  # not moved
    device.tap(*save.center)  # lands on the space bar, not on Save
    assert app.saved == [] and app.name == " "
    device.swipe(540, 2000, 540, 1000, 300)  # nor does a swipe that starts there scroll
    device.keyevent("KEYCODE_BACK")
    device.tap(*save.center)  # the keyboard gone, Save takes the tap
    assert app.saved == [" "]


def test_an_adjust_pan_window_moves_up_until_the_field_shows(form) -> None:
    _, device = form(ADJUST_PAN)
    before = _by_id(device)
    name = box_of(before["name"])
    device.tap(*before["name"].bounds.center)  # type: ignore[union-attr]
    now = _by_id(device)
    shift = name[3] - KEYBOARD_TOP  # just enough for the field's bottom to clear it
    assert box_of(now["name"]) == (name[0], name[1] - shift, name[2], KEYBOARD_TOP)
    # panned, not resized: the window keeps its height and moves up as a whole
    assert box_of(now["content"])[3] == GESTURE_BAR - shift
    save = box_of(before["save"])
    assert box_of(now["save"]) == (save[0], save[1] - shift, save[2], save[3] - shift)
