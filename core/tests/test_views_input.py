"""The view engine under input, through adb only: a RecyclerView that binds rows and
scrolls by a swipe's travel, a dialog over a scrim, typing into a field, long press.

The arithmetic: the list starts under the 118 px status bar and a 56 dp (147 px)
toolbar, at y = 265, and ends at the gesture bar, y = 2337: 2072 px of rows, each
72 dp = 189 px tall. A swipe scrolls by its travel less the 8 dp (21 px) touch slop;
one that lifts faster than 50 dp (131 px) a second flings on. The slow swipes below
(100 px a second) do not fling. A fling's distance, by hand from OverScroller's spline:
1000 px in 300 ms is 3333 px/s; the deceleration 0.015 * 9.80665 * 39.37 * 420 * 0.84 =
2043.2; ln(0.35 * 3333.3 / 2043.2) = -0.5604; the rate ln 0.78 / ln 0.9 = 2.3582, so
the distance is 2043.2 * exp(2.3582 / 1.3582 * -0.5604) = 772 px.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest
from app_phone import ModelApp, element_with, screen_elements, started

from droidhub import Env, Observe
from droidhub.agents import ui_solver
from droidhub.android.ui_tree import UIElement
from droidhub.device.client import Device
from droidhub.virtual.appmodel import VirtualPhone
from droidhub.virtual.views import (
    MATCH_PARENT,
    VERTICAL,
    Button,
    EditText,
    LinearLayout,
    RecyclerView,
    TextView,
    Toolbar,
    View,
    Window,
)

PACKAGE = "com.example.rows"
TOP, BOTTOM, ROW = 265, 2337, 189


@dataclass
class Rows:
    names: list[str] = field(default_factory=lambda: [f"Row {i}" for i in range(30)])
    asking: str | None = None  # the row whose delete dialog shows
    selected: set[str] = field(default_factory=set)
    query: str = ""


class RowsApp(ModelApp[Rows]):
    """A toolbar with a search field over a list; a tap asks to delete a row."""

    package = PACKAGE
    label = "Rows"
    Model = Rows

    def row(self, name: str) -> View:
        model = self.model
        return LinearLayout(
            "row",
            TextView("row_title", name, text_size=16, max_lines=1),
            width=MATCH_PARENT,
            height=72,
            padding=16,
            selected=name in model.selected,
            on_click=lambda: setattr(model, "asking", name),
            on_long_click=lambda: model.selected.add(name),
        )

    def build(self, phone: VirtualPhone) -> Window:
        del phone
        model = self.model
        search = EditText(
            "search", model.query, hint="Search", width=MATCH_PARENT, on_change=self.search
        )
        content = LinearLayout(
            "main",
            Toolbar("toolbar", search, background="#FF6200EE"),
            RecyclerView("list", model.names, self.row, height=0, weight=1),
            orientation=VERTICAL,
            width=MATCH_PARENT,
            height=MATCH_PARENT,
        )
        if model.asking is None:
            return Window(content)
        dialog = LinearLayout(
            "android:id/parentPanel",
            TextView("android:id/alertTitle", f"Delete {model.asking}?", text_size=20, padding=24),
            LinearLayout(
                "android:id/buttonPanel",
                Button("android:id/button2", "Cancel", on_click=self.cancel),
                Button("android:id/button1", "Delete", on_click=self.delete),
                width=MATCH_PARENT,
            ),
            orientation=VERTICAL,
            width=MATCH_PARENT,
            background="#FFFFFFFF",
            corner_radius=4,
            elevation=24,
        )
        return Window(content, dialog, on_cancel=self.cancel)

    def search(self, text: str) -> None:
        self.model.query = text

    def cancel(self) -> None:
        self.model.asking = None

    def delete(self) -> None:
        self.model.names.remove(self.model.asking or "")
        self.model.asking = None


@pytest.fixture
def app_and_device() -> Iterator[tuple[RowsApp, Device]]:
    yield from started(RowsApp())


def _rows(device: Device) -> dict[str, tuple[int, int]]:
    """Each row in the dump whose title shows, by its title: the row's top and bottom
    (a row cut so far that its title is hidden is left out)."""
    rows: dict[str, tuple[int, int]] = {}
    row: UIElement | None = None
    for element in screen_elements(device):
        if element.resource_id == f"{PACKAGE}:id/row":
            row = element
        elif element.resource_id == f"{PACKAGE}:id/row_title" and row and row.bounds:
            rows[element.text] = (row.bounds.top, row.bounds.bottom)
    return rows


def test_the_list_binds_the_rows_in_view_and_cuts_the_last_one(app_and_device) -> None:
    _, device = app_and_device
    listing = element_with(device, resource_id=f"{PACKAGE}:id/list")
    assert listing.class_name == "androidx.recyclerview.widget.RecyclerView"
    assert listing.scrollable
    rows = _rows(device)
    # 2072 px hold 10 whole rows and 182 px of the eleventh, cut at the list's bottom
    assert list(rows) == [f"Row {i}" for i in range(11)]
    assert rows["Row 0"] == (TOP, TOP + ROW)
    assert rows["Row 10"] == (TOP + 10 * ROW, BOTTOM)


def test_a_swipe_scrolls_by_its_travel_less_the_touch_slop(app_and_device) -> None:
    _, device = app_and_device
    device.swipe(540, 2000, 540, 1000, 10_000)
    offset = 1000 - 21
    rows = _rows(device)
    # row 5 starts at 265 + 5 * 189 - 979 = 231: above the list's top, so cut there
    assert next(iter(rows)) == "Row 5"
    assert rows["Row 5"] == (TOP, TOP + 5 * ROW - offset + ROW)
    assert rows["Row 6"] == (TOP + 6 * ROW - offset, TOP + 7 * ROW - offset)
    for _ in range(8):
        device.swipe(540, 2200, 540, 400, 300)
    rows = _rows(device)
    assert rows["Row 29"][1] == BOTTOM  # scrolled to the end, and no further
    assert element_with(device, resource_id=f"{PACKAGE}:id/list").scrollable  # it can still go back
    device.swipe(540, 1000, 540, 1500, 5_000)  # back up by 500 - 21 = 479 px
    rows = _rows(device)
    assert "Row 28" not in rows  # its top, 2337 - 2 * 189 + 479, is past the bottom
    assert rows["Row 27"] == (BOTTOM - 3 * ROW + 479, BOTTOM)


def test_a_fast_swipe_flings_the_list_on_as_far_as_android_would(app_and_device) -> None:
    _, device = app_and_device
    device.swipe(540, 2000, 540, 1000, 300)  # AndroidWorld's scroll takes 300 ms
    offset = 1000 - 21 + 772  # the drag, then the fling (the docstring's arithmetic)
    rows = _rows(device)
    # row 9 starts at 265 + 9 * 189 - 1751 = 215: above the list's top, so cut there
    assert next(iter(rows)) == "Row 9"
    assert rows["Row 10"] == (TOP + 10 * ROW - offset, TOP + 11 * ROW - offset)
    device.swipe(540, 1000, 540, 2000, 300)  # the same fling back up
    assert _rows(device)["Row 0"] == (TOP, TOP + ROW)


def test_a_solver_knows_how_far_its_scroll_carries_the_list(app_and_device) -> None:
    _, device = app_and_device
    env = Env(device, [])
    state = env.get_state(observe=Observe.UI_TREE)
    index = ui_solver.list_on_top(state)
    assert index is not None and state.ui_elements[index].resource_id == f"{PACKAGE}:id/list"
    travel = ui_solver.scroll_travel(state, index)
    # half the 2072 px list, less the slop, then the fling: 3453 px/s, by the docstring's
    # arithmetic 2043.2 * exp(1.7363 * ln(0.35 * 3453.3 / 2043.2)) = 821 px
    assert travel == 1036 - 21 + 821
    env.execute_action(ui_solver.scroll("down", index))
    first = f"Row {travel // ROW + 1}"  # the first row whose top is still in the list
    assert _rows(device)[first][0] == TOP + (travel // ROW + 1) * ROW - travel


def test_a_dialog_shows_over_a_scrim_on_top_of_the_tree(app_and_device) -> None:
    app, device = app_and_device
    before = device.screenshot().convert("RGB")
    device.tap(540, TOP + 3 * ROW + ROW // 2)  # Row 3
    elements = screen_elements(device)
    ids = [e.resource_id for e in elements]
    title = ids.index("android:id/alertTitle")
    assert title > ids.index(f"{PACKAGE}:id/list")  # the dialog comes after the content
    assert elements[title].text == "Delete Row 3?"
    panel = element_with(device, resource_id="android:id/parentPanel").bounds
    assert panel is not None and (panel.left, panel.right) == (63, 1017)  # 24 dp inset
    after = device.screenshot().convert("RGB")
    # behind the dialog everything is dimmed to 40 %: a white row is now grey
    assert before.getpixel((30, 1800)) == (255, 255, 255)
    assert max(after.getpixel((30, 1800))) <= 110
    assert after.getpixel(panel.center) == (255, 255, 255)  # the dialog is not dimmed
    device.tap(540, 300)  # outside the dialog: cancelled, the list takes no tap
    assert app.model.asking is None and "android:id/alertTitle" not in device.ui_tree()
    device.tap(540, TOP + 3 * ROW + ROW // 2)
    button = element_with(device, resource_id="android:id/button1")
    assert button.text == "DELETE" and button.class_name == "android.widget.Button"
    assert button.bounds is not None
    device.tap(*button.bounds.center)
    assert "Row 3" not in app.model.names and "Row 3" not in _rows(device)


def test_typing_goes_to_the_focused_field_and_back_cancels_a_dialog(app_and_device) -> None:
    app, device = app_and_device
    search = element_with(device, resource_id=f"{PACKAGE}:id/search")
    assert search.text == "Search" and not search.focused and search.bounds is not None
    device.input_text("milk")  # nothing has the focus yet
    assert app.model.query == ""
    device.tap(*search.bounds.center)
    device.input_text("milk")
    device.keyevent("KEYCODE_DEL")
    search = element_with(device, resource_id=f"{PACKAGE}:id/search")
    assert search.text == "mil" and search.focused
    device.tap(540, TOP + ROW // 2)
    device.keyevent("KEYCODE_BACK")
    assert app.model.asking is None


def test_a_long_press_selects_a_row(app_and_device) -> None:
    _, device = app_and_device
    device.swipe(540, TOP + ROW // 2, 540, TOP + ROW // 2, 1000)
    rows = [e for e in screen_elements(device) if e.resource_id == f"{PACKAGE}:id/row"]
    assert rows[0].selected and rows[0].long_clickable and not rows[1].selected
