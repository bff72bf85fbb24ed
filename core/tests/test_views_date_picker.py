"""The framework's calendar-mode DatePicker through adb: the classes and ids a dump
reports, the month's days as described virtual views in their weekday columns, the
picked day selected, days before the earliest disabled, and taps on a day and on the
month arrows reaching the app."""

from __future__ import annotations

import datetime as dt
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest
from app_phone import started

from droidhub.android.ui_tree import UIElement, parse_hierarchy
from droidhub.device.client import Device
from droidhub.virtual.appmodel import VirtualPhone
from droidhub.virtual.views import MATCH_PARENT, FrameLayout, ViewApp, Window, date_picker

PACKAGE = "com.example.datepicker"


class PickerApp(ViewApp):
    """October 2023 shown, the 15th picked, nothing before the 10th allowed."""

    package = PACKAGE
    label = "Picker"

    def __init__(self) -> None:
        super().__init__()
        self.picked = dt.date(2023, 10, 15)
        self.shown = dt.date(2023, 10, 1)
        self.moves: list[int] = []

    def _pick(self, day: dt.date) -> None:
        self.picked = day

    def _move(self, months: int) -> None:
        self.moves.append(months)

    def build(self, phone: VirtualPhone) -> Window:
        del phone
        picker = date_picker(
            "picker", self.picked, self.shown, self._pick, self._move, accent="#FF6750A4",
            ink="#FF1C1B1F", letter_ink="#FF49454F", earliest=dt.date(2023, 10, 10),
        )  # fmt: skip
        return Window(FrameLayout("root", picker, width=MATCH_PARENT, height=MATCH_PARENT))


@pytest.fixture
def app_and_device() -> Iterator[tuple[PickerApp, Device]]:
    yield from started(PickerApp())


def _days(device: Device) -> list[UIElement]:
    return [e for e in parse_hierarchy(device.ui_tree()) if e.class_name == "android.view.View"
            and e.content_description.endswith("October 2023")]  # fmt: skip


def test_the_picker_reports_the_frameworks_classes_and_ids(app_and_device) -> None:
    _, device = app_and_device
    root = ET.fromstring(device.ui_tree())
    node = next(n for n in root.iter("node") if n.get("resource-id") == f"{PACKAGE}:id/picker")
    assert node.get("class") == "android.widget.DatePicker"
    ids = {n.get("resource-id") for n in node.iter("node")}
    assert {
        "android:id/date_picker_header_year",
        "android:id/date_picker_header_date",
        "android:id/day_picker_view_pager",
        "android:id/prev",
        "android:id/next",
    } <= ids
    pager = next(n for n in node.iter("node") if n.get("resource-id").endswith("view_pager"))
    assert pager.get("class") == "com.android.internal.widget.ViewPager"
    texts = {n.get("text") for n in node.iter("node")}
    assert {"2023", "Sun, Oct 15"} <= texts


def test_the_months_days_sit_in_their_weekday_columns(app_and_device) -> None:
    _, device = app_and_device
    days = _days(device)
    assert [d.text for d in days] == [str(n) for n in range(1, 32)]
    assert days[14].content_description == "15 October 2023" and days[14].selected
    assert not any(d.selected for d in days if d.text != "15")
    assert [d.enabled for d in days] == [n >= 10 for n in range(1, 32)]
    # 1 October 2023 is a Sunday: the 1st and the 8th share the first column, the 7th
    # ends the first row.
    boxes = [d.bounds for d in days]
    assert all(b is not None for b in boxes)
    assert boxes[0].left == boxes[7].left and boxes[0].top < boxes[7].top  # type: ignore[union-attr]
    assert boxes[6].top == boxes[0].top and boxes[6].left > boxes[5].left  # type: ignore[union-attr]


def test_taps_pick_a_day_and_move_the_month(app_and_device) -> None:
    app, device = app_and_device
    twentieth = next(d for d in _days(device) if d.text == "20")
    assert twentieth.bounds is not None
    device.tap(*twentieth.bounds.center)
    assert app.picked == dt.date(2023, 10, 20)
    assert next(d for d in _days(device) if d.text == "20").selected
    for description, move in (("Next month", 1), ("Previous month", -1)):
        arrow = next(e for e in parse_hierarchy(device.ui_tree())
                     if e.content_description == description)  # fmt: skip
        assert arrow.bounds is not None and arrow.class_name == "android.widget.ImageButton"
        device.tap(*arrow.bounds.center)
        assert app.moves[-1] == move
