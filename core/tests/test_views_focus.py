"""A field the layout gives no id (a TextInputLayout's bare EditText) takes the focus
and the keyboard through its ``focus_key``, and its node is dumped without an id, as
a real device's is; through adb only."""

from __future__ import annotations

from app_phone import app_started

from droidhub.android.ui_tree import parse_hierarchy
from droidhub.virtual.appmodel import VirtualPhone
from droidhub.virtual.views import (
    MATCH_PARENT,
    VERTICAL,
    EditText,
    LinearLayout,
    TextInputLayout,
    ViewApp,
    Window,
)

PACKAGE = "com.example.bare"
KEYBOARD_TOP = 1574


class BareFieldApp(ViewApp):
    """A name field with no id of its own inside its TextInputLayout."""

    package = PACKAGE
    label = "Bare"

    def __init__(self) -> None:
        super().__init__()
        self.name = ""

    def build(self, phone: VirtualPhone) -> Window:
        del phone
        field = EditText("", self.name, hint="Name", focus_key="name_field", width=MATCH_PARENT,
                         on_change=self.type)  # fmt: skip
        layout = TextInputLayout("name_layout", field, width=MATCH_PARENT)
        content = LinearLayout("form", layout, orientation=VERTICAL, width=MATCH_PARENT)
        return Window(content)

    def type(self, text: str) -> None:
        self.name = text


def test_a_field_without_an_id_takes_the_focus_and_the_typing() -> None:
    with app_started(BareFieldApp()) as device:
        nodes = parse_hierarchy(device.ui_tree())
        field = next(n for n in nodes if n.class_name == "android.widget.EditText")
        assert field.resource_id == "" and not field.focused
        assert field.bounds is not None
        device.tap(*field.bounds.center)
        device.input_text("Ann")
        nodes = parse_hierarchy(device.ui_tree())
        field = next(n for n in nodes if n.class_name == "android.widget.EditText")
        assert field.focused and field.text == "Ann" and field.resource_id == ""
        shot = device.screenshot().convert("RGB")
        assert shot.getpixel((540, KEYBOARD_TOP + 60)) != (255, 255, 255)  # the keyboard is up
