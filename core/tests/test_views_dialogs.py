"""The engine's dialogs through adb: an AlertDialog's panels and ids as Android 13
dumps them, over a scrim in the pixels; a bottom sheet at the bottom of its window,
whose outside cancels and whose inside does not."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from app_phone import ModelApp, screen_elements, started, tap_centre

from droidhub.android.ui_tree import UIElement
from droidhub.device.client import Device
from droidhub.virtual.appmodel import VirtualPhone
from droidhub.virtual.views import (
    MATCH_PARENT,
    VERTICAL,
    Button,
    LinearLayout,
    TextView,
    Window,
    alert_dialog,
    bottom_sheet,
)

PACKAGE = "com.example.dialogs"


@dataclass
class Asking:
    showing: str = ""  # "alert", "sheet" or nothing
    answer: str = ""


class DialogsApp(ModelApp[Asking]):
    """Two buttons: one asks in an AlertDialog, one in a bottom sheet."""

    package = PACKAGE
    label = "Dialogs"
    Model = Asking

    def show(self, which: str) -> None:
        self.model.showing = which

    def answer(self, answer: str) -> None:
        self.model.showing, self.model.answer = "", answer

    def build(self, phone: VirtualPhone) -> Window:
        del phone
        content = LinearLayout(
            "main",
            Button("ask", "Ask", on_click=lambda: self.show("alert")),
            Button("sheet", "Sheet", on_click=lambda: self.show("sheet")),
            orientation=VERTICAL,
            width=MATCH_PARENT,
            height=MATCH_PARENT,
        )
        cancel = lambda: self.answer("cancelled")  # noqa: E731
        if self.model.showing == "alert":
            dialog = alert_dialog(
                "Discard draft?",
                "The text you typed will be lost.",
                positive=("Discard", lambda: self.answer("discard")),
                negative=("Keep", lambda: self.answer("keep")),
            )
            return Window(content, dialog=dialog, on_cancel=cancel)
        if self.model.showing == "sheet":
            sheet = LinearLayout(
                "sheet_body",
                TextView("sheet_title", "Delete Items", text_size=20, padding=24),
                Button("btn_confirm", "Confirm", on_click=lambda: self.answer("confirm")),
                orientation=VERTICAL,
                width=MATCH_PARENT,
            )
            return Window(content, dialog=bottom_sheet(sheet, cancel), on_cancel=cancel,
                          dialog_fills=True)  # fmt: skip
        return Window(content)


@pytest.fixture
def app_and_device() -> Iterator[tuple[DialogsApp, Device]]:
    yield from started(DialogsApp())


def _by_id(device: Device) -> dict[str, UIElement]:
    return {e.resource_id: e for e in screen_elements(device) if e.resource_id}


def _parents(xml: str) -> dict[str, str]:
    """Each node's resource id mapped to its parent's (or its parent's class)."""
    out: dict[str, str] = {}

    def walk(node: ET.Element) -> None:
        for child in node:
            rid = child.get("resource-id") or ""
            if rid:
                out[rid] = node.get("resource-id") or node.get("class") or ""
            walk(child)

    walk(ET.fromstring(xml))
    return out


def test_an_alert_dialog_dumps_its_panels_and_shows_over_a_scrim(app_and_device) -> None:
    app, device = app_and_device
    tap_centre(device, _by_id(device)[f"{PACKAGE}:id/ask"])
    xml = device.ui_tree()
    parents = _parents(xml)
    assert parents["android:id/topPanel"] == "android:id/parentPanel"
    assert parents["android:id/title_template"] == "android:id/topPanel"
    assert parents["android:id/alertTitle"] == "android:id/title_template"
    assert parents["android:id/contentPanel"] == "android:id/parentPanel"
    assert parents["android:id/scrollView"] == "android:id/contentPanel"
    assert parents["android:id/message"] == "android.widget.LinearLayout"
    assert parents["android:id/button1"] == "android.widget.LinearLayout"
    assert "android:id/button3" not in parents  # no neutral button: not shown
    found = _by_id(device)
    assert found["android:id/alertTitle"].text == "Discard draft?"
    assert found["android:id/message"].text == "The text you typed will be lost."
    assert found["android:id/scrollView"].class_name == "android.widget.ScrollView"
    assert found["android:id/buttonPanel"].class_name == "android.widget.ScrollView"
    keep, discard = found["android:id/button2"], found["android:id/button1"]
    assert (keep.text, discard.text) == ("KEEP", "DISCARD")
    assert keep.bounds and discard.bounds and keep.bounds.right <= discard.bounds.left
    panel = found["android:id/parentPanel"].bounds
    assert panel is not None and (panel.left, panel.right) == (63, 1017)  # 24 dp in
    pixels = device.screenshot().convert("RGB")
    assert max(pixels.getpixel((30, 2000))) <= 110  # the white content, dimmed
    assert pixels.getpixel((panel.left + 30, panel.top + 10)) == (255, 255, 255)
    device.tap(540, 2200)  # outside: cancelled
    assert app.model.answer == "cancelled" and "android:id/parentPanel" not in device.ui_tree()
    tap_centre(device, _by_id(device)[f"{PACKAGE}:id/ask"])
    tap_centre(device, _by_id(device)["android:id/button1"])
    assert app.model.answer == "discard"


def test_a_bottom_sheet_sits_at_the_bottom_and_its_outside_cancels(app_and_device) -> None:
    app, device = app_and_device
    tap_centre(device, _by_id(device)[f"{PACKAGE}:id/sheet"])
    parents = _parents(device.ui_tree())
    assert parents[f"{PACKAGE}:id/coordinator"] == f"{PACKAGE}:id/container"
    assert parents[f"{PACKAGE}:id/touch_outside"] == f"{PACKAGE}:id/coordinator"
    assert parents[f"{PACKAGE}:id/design_bottom_sheet"] == f"{PACKAGE}:id/coordinator"
    assert parents[f"{PACKAGE}:id/sheet_body"] == f"{PACKAGE}:id/design_bottom_sheet"
    found = _by_id(device)
    sheet = found[f"{PACKAGE}:id/design_bottom_sheet"].bounds
    outside = found[f"{PACKAGE}:id/touch_outside"].bounds
    assert sheet is not None and outside is not None
    assert sheet.bottom == outside.bottom == 2337 and sheet.top > 1500  # at the bottom
    assert found[f"{PACKAGE}:id/coordinator"].class_name == "android.view.ViewGroup"
    pixels = device.screenshot().convert("RGB")
    assert max(pixels.getpixel((30, 1000))) <= 110  # above the sheet: dimmed
    assert pixels.getpixel((1050, sheet.top + 20)) == (255, 255, 255)
    title = found[f"{PACKAGE}:id/sheet_title"]
    tap_centre(device, title)  # inside the sheet, on nothing clickable: it stays
    assert app.model.showing == "sheet"
    device.tap(540, 800)  # above it: cancelled
    assert app.model.answer == "cancelled"
    tap_centre(device, _by_id(device)[f"{PACKAGE}:id/sheet"])
    tap_centre(device, _by_id(device)[f"{PACKAGE}:id/btn_confirm"])
    assert app.model.answer == "confirm"
