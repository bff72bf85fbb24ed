"""A field's hint is dumped as Android 13's uiautomator writes it: a ``hint`` attribute
after the bounds, kept while the field holds text (AndroidWorld's contact-form check
finds the fields by it); views without a hint write none."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from app_phone import app_started

from droidhub.virtual.appmodel import VirtualPhone
from droidhub.virtual.views import (
    MATCH_PARENT,
    VERTICAL,
    EditText,
    LinearLayout,
    TextView,
    ViewApp,
    Window,
)


class FormApp(ViewApp):
    """A label over two fields, the first filled."""

    package = "com.example.form"
    label = "Form"

    def build(self, phone: VirtualPhone) -> Window:
        return Window(
            LinearLayout(
                "form",
                TextView("label", "Your name"),
                EditText("first", "Grace", hint="First name", width=MATCH_PARENT),
                EditText("last", "", hint="Last name", width=MATCH_PARENT),
                orientation=VERTICAL,
                width=MATCH_PARENT,
                height=MATCH_PARENT,
            )
        )


def test_fields_dump_their_hint_with_or_without_text() -> None:
    with app_started(FormApp()) as device:
        text = device.ui_tree()
    nodes = {
        n.get("resource-id", "").rpartition("/")[2]: n
        for n in ET.fromstring(text[text.find("<hierarchy") :]).iter("node")
    }
    assert (nodes["first"].get("text"), nodes["first"].get("hint")) == ("Grace", "First name")
    assert (nodes["last"].get("text"), nodes["last"].get("hint")) == ("Last name", "Last name")
    assert nodes["label"].get("hint") is None
    assert '" hint="First name"' in text.split('resource-id="com.example.form:id/first"')[1]
