"""A toolbar's menu through adb: action items dumped as Buttons named by their titles,
the "More options" overflow button, and the popup it drops (a ListView of appcompat's
``abc_popup_menu_item_layout`` rows on a white surface, no scrim) that a tap on a row,
a tap outside it or BACK dismisses."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest
from app_phone import ModelApp, only_element, screen_elements, started, tap_centre

from droidhub.device.client import Device
from droidhub.virtual.appmodel import VirtualPhone
from droidhub.virtual.views import (
    MATCH_PARENT,
    VERTICAL,
    FrameLayout,
    Gravity,
    LinearLayout,
    MenuItem,
    TextView,
    Window,
    action_menu,
    dp,
    popup_menu,
)
from droidhub.virtual.views.window import CONTENT

PACKAGE = "com.example.menus"
TOOLBAR = "#FF2E7D32"


@dataclass
class Menus:
    popup: bool = False
    chosen: list[str] = field(default_factory=list)


class MenusApp(ModelApp[Menus]):
    """A green toolbar with Search as an action and Share, Edit, Delete in its overflow."""

    package = PACKAGE
    label = "Menus"
    Model = Menus

    def _choose(self, item: MenuItem) -> None:
        self.model.popup = False
        self.model.chosen.append(item.id)

    def _close(self) -> None:
        self.model.popup = False

    def build(self, phone: VirtualPhone) -> Window:
        del phone
        overflow = [
            MenuItem("action_share", "Share", "share"),
            MenuItem("action_edit", "Edit", "edit"),
            MenuItem("action_delete", "Delete", "delete"),
        ]
        search = MenuItem(
            "action_search", "Search", "search", lambda: self.model.chosen.append("search")
        )
        menu = action_menu([search], overflow, lambda: setattr(self.model, "popup", True))
        menu.layout_gravity = Gravity.RIGHT | Gravity.CENTER_VERTICAL
        bar = FrameLayout("toolbar", menu, width=MATCH_PARENT, height=56, background=TOOLBAR)
        body = TextView("body", "Nothing chosen yet", padding=16)
        content = LinearLayout("main", bar, body, orientation=VERTICAL, width=MATCH_PARENT,
                               height=MATCH_PARENT, background="#FFFAFAFA")  # fmt: skip
        window = Window(content, on_cancel=self._close)
        if self.model.popup:
            window.dialog = popup_menu(overflow, self._choose)
            right, top = CONTENT[2], CONTENT[1]
            window.popup_anchor = (right - dp(40), top, right, top + dp(56))
        return window


@pytest.fixture
def app_and_device() -> Iterator[tuple[MenusApp, Device]]:
    yield from started(MenusApp())


def _open_popup(device: Device) -> None:
    tap_centre(device, only_element(device, content_description="More options"))


def test_action_items_are_buttons_named_by_title_and_overflow_is_more_options(
    app_and_device,
) -> None:
    app, device = app_and_device
    search = only_element(device, resource_id=f"{PACKAGE}:id/action_search")
    assert (search.class_name, search.content_description, search.text) == (
        "android.widget.Button", "Search", "",
    )  # fmt: skip
    assert search.clickable and search.long_clickable
    more = only_element(device, content_description="More options")
    assert more.class_name == "android.widget.ImageView" and more.clickable
    assert search.bounds and more.bounds and search.bounds.right <= more.bounds.left
    assert more.bounds.right == 1080  # the overflow ends the toolbar
    # The overflow's items are not on the toolbar until the popup shows.
    assert not [e for e in screen_elements(device) if e.text in ("Share", "Edit", "Delete")]
    tap_centre(device, search)
    assert app.model.chosen == ["search"]


def test_the_popup_is_a_list_view_of_appcompat_rows(app_and_device) -> None:
    _, device = app_and_device
    _open_popup(device)
    root = ET.fromstring(device.ui_tree())
    lists = [n for n in root.iter("node") if n.get("class") == "android.widget.ListView"]
    assert len(lists) == 1
    rows = list(lists[0])
    assert len(rows) == 3
    for row, title in zip(rows, ("Share", "Edit", "Delete"), strict=True):
        # ListMenuItemView > content (LinearLayout) > RelativeLayout > title
        assert row.get("class") == "android.widget.LinearLayout"
        assert row.get("clickable") == "true"
        (content,) = list(row)
        assert content.get("resource-id") == f"{PACKAGE}:id/content"
        assert content.get("class") == "android.widget.LinearLayout"
        (group,) = list(content)
        assert group.get("class") == "android.widget.RelativeLayout"
        (text,) = list(group)
        assert text.get("resource-id") == f"{PACKAGE}:id/title"
        assert text.get("class") == "android.widget.TextView"
        assert text.get("text") == title
    titles = [only_element(device, text=t) for t in ("Share", "Edit", "Delete")]
    boxes = [t.bounds for t in titles]
    assert all(b is not None for b in boxes)
    # One row under another, each 48 dp, its title 16 dp in from the popup's start.
    row_boxes = [
        e.bounds
        for e in screen_elements(device)
        if e.clickable and e.class_name.endswith("LinearLayout") and e.bounds
        and e.bounds.bottom - e.bounds.top == dp(48)
    ]  # fmt: skip
    assert len(row_boxes) == 3
    assert all(b is not None and t is not None and t.left - b.left == dp(16)
               for b, t in zip(row_boxes, boxes, strict=True))  # fmt: skip


def test_a_tap_on_a_row_runs_it_and_closes_the_popup(app_and_device) -> None:
    app, device = app_and_device
    _open_popup(device)
    tap_centre(device, only_element(device, text="Delete"))
    assert app.model.chosen == ["action_delete"]
    assert not app.model.popup
    assert "android.widget.ListView" not in device.ui_tree()


def test_a_tap_outside_and_back_close_the_popup_without_choosing(app_and_device) -> None:
    app, device = app_and_device
    _open_popup(device)
    device.tap(300, 1800)  # below the popup, on the page
    assert not app.model.popup and app.model.chosen == []
    assert "android.widget.ListView" not in device.ui_tree()
    _open_popup(device)
    device.keyevent("KEYCODE_BACK")
    assert not app.model.popup and app.model.chosen == []
    assert "android.widget.ListView" not in device.ui_tree()
    assert only_element(device, resource_id=f"{PACKAGE}:id/body").text == "Nothing chosen yet"


def test_the_popup_is_a_white_surface_at_the_toolbars_end_without_a_scrim(
    app_and_device,
) -> None:
    _, device = app_and_device
    before = device.screenshot().convert("RGB")
    anchor = only_element(device, content_description="More options").bounds
    _open_popup(device)
    popup = next(e for e in screen_elements(device) if e.class_name == "android.widget.ListView")
    box = popup.bounds
    assert box is not None and anchor is not None
    assert (box.right, box.top) == (anchor.right, anchor.top)  # its top-end corner on the anchor's
    assert box.right - box.left >= dp(196) and box.left > 0  # wrapped, not full width
    assert box.bottom - box.top == 3 * dp(48) + 2 * dp(8)  # three rows, 8 dp above and below
    pixels = device.screenshot().convert("RGB")
    assert pixels.getpixel((box.right - 10, box.top + 5)) == (255, 255, 255)
    # The page beside the popup keeps its colours: a popup casts no scrim.
    assert pixels.getpixel((30, 1500)) == before.getpixel((30, 1500))
    assert pixels.getpixel((30, box.top + 10)) == before.getpixel((30, box.top + 10))
    # The popup covers the toolbar's green where it drops over it.
    assert before.getpixel((box.right - 10, box.top + 5)) != (255, 255, 255)
