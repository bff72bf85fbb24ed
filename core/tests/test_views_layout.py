"""The view engine's layout, seen only through adb: ``uiautomator dump`` bounds against
bounds computed here by hand, as Android would compute them on a Pixel 6.

The arithmetic: one dp is 420 / 160 = 2.625 px, and a size in dp becomes
``int(dp * 2.625 + 0.5)`` px (``getDimensionPixelSize``). The app's content starts
under the 118 px status bar and ends above the 63 px gesture bar (y = 2337).
A single line of Roboto at ``s`` px is ``ceil(s * 555 / 2048) - floor(-s * 2163 / 2048)``
px tall: Roboto's yMin and yMax over its 2048 units per em, with the font padding a
TextView includes.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

import pytest
from app_phone import box_of, screen_elements, started

from droidhub.android.ui_tree import UIElement
from droidhub.device.client import Device
from droidhub.virtual.appmodel import VirtualPhone
from droidhub.virtual.views import (
    MATCH_PARENT,
    VERTICAL,
    EditText,
    FrameLayout,
    Gravity,
    LinearLayout,
    RelativeLayout,
    Rules,
    TextView,
    View,
    ViewApp,
    Window,
)

PACKAGE = "com.example.views"
LONG = "A title far too long for one line of a phone screen, so it ends in an ellipsis"


def line_height(size_sp: float) -> int:
    size = size_sp * 2.625
    return math.ceil(size * 555 / 2048) - math.floor(-size * 2163 / 2048)


class LayoutApp(ViewApp):
    """One screen of nested layouts with sizes in dp."""

    package = PACKAGE
    label = "Views"

    def __init__(self) -> None:
        super().__init__()
        self.clicks = 0

    def build(self, phone: VirtualPhone) -> Window:
        del phone
        corner = View(
            "corner",
            width=40,
            height=40,
            margin=8,
            layout_gravity=Gravity.BOTTOM | Gravity.END,
            background="#FF6200EE",
            on_click=self.click,
        )
        return Window(
            LinearLayout(
                "root",
                TextView("title", "Title", text_size=20),
                LinearLayout(
                    "row",
                    View("left", width=0, height=MATCH_PARENT, weight=1, background="#FFCCCCCC"),
                    View("right", width=0, height=MATCH_PARENT, weight=2, background="#FF999999"),
                    width=MATCH_PARENT,
                    height=48,
                    margin=(0, 8, 0, 0),
                ),
                FrameLayout("frame", corner, width=MATCH_PARENT, height=100),
                RelativeLayout(
                    "relative",
                    View("a", width=100, height=50),
                    View("b", width=60, height=30, rules=Rules(below="a", align_parent_right=True)),
                    View("c", width=60, height=30, rules=Rules(to_right_of="a")),
                    width=MATCH_PARENT,
                ),
                TextView("long", LONG, max_lines=1, width=MATCH_PARENT),
                EditText("name", hint="Name", width=MATCH_PARENT),
                orientation=VERTICAL,
                width=MATCH_PARENT,
                height=MATCH_PARENT,
                padding=16,
            )
        )

    def click(self) -> None:
        self.clicks += 1


@pytest.fixture
def app_and_device() -> Iterator[tuple[LayoutApp, Device]]:
    yield from started(LayoutApp())


def _by_id(device: Device) -> dict[str, UIElement]:
    return {
        e.resource_id.removeprefix(f"{PACKAGE}:id/"): e
        for e in screen_elements(device)
        if e.resource_id
    }


def test_linear_frame_and_relative_layouts_place_views_as_android_does(app_and_device) -> None:
    _, device = app_and_device
    views = _by_id(device)
    pad = 42  # 16 dp
    left, right = pad, 1080 - pad  # 996 px inside the padding
    assert box_of(views["root"]) == (0, 118, 1080, 2337)
    title_bottom = 118 + pad + line_height(20)  # 160 + 71
    assert box_of(views["title"])[1::2] == (160, title_bottom)
    row_top = title_bottom + 21  # margin 8 dp
    row_bottom = row_top + 126  # 48 dp
    # weights 1:2 share 996 px: int(1 * 996 / 3) = 332, then int(2 * 664 / 2) = 664
    assert box_of(views["left"]) == (left, row_top, left + 332, row_bottom)
    assert box_of(views["right"]) == (left + 332, row_top, right, row_bottom)
    frame_bottom = row_bottom + 263  # 100 dp = 262.5 -> 263
    assert box_of(views["frame"]) == (left, row_bottom, right, frame_bottom)
    # 40 dp = 105 px, at the bottom end inside 8 dp = 21 px margins
    assert box_of(views["corner"]) == (
        right - 21 - 105,
        frame_bottom - 21 - 105,
        right - 21,
        frame_bottom - 21,
    )
    a_right, a_bottom = left + 263, frame_bottom + 131  # 100 x 50 dp
    assert box_of(views["a"]) == (left, frame_bottom, a_right, a_bottom)
    assert box_of(views["b"]) == (right - 158, a_bottom, right, a_bottom + 79)  # 60 x 30 dp
    assert box_of(views["c"]) == (a_right, frame_bottom, a_right + 158, frame_bottom + 79)
    assert box_of(views["relative"]) == (left, frame_bottom, right, a_bottom + 79)
    long_top = a_bottom + 79
    assert box_of(views["long"]) == (left, long_top, right, long_top + line_height(14))


def test_views_report_the_classes_and_flags_of_a_real_dump(app_and_device) -> None:
    _, device = app_and_device
    views = _by_id(device)
    assert views["root"].class_name == "android.widget.LinearLayout"
    assert views["frame"].class_name == "android.widget.FrameLayout"
    assert views["relative"].class_name == "android.widget.RelativeLayout"
    assert views["title"].class_name == "android.widget.TextView"
    assert not views["title"].clickable
    corner = views["corner"]
    assert corner.class_name == "android.view.View"
    assert corner.clickable and corner.focusable and not corner.long_clickable
    name = views["name"]
    assert name.class_name == "android.widget.EditText"
    assert name.text == "Name"  # an empty field reports its hint as its text
    assert name.clickable and name.long_clickable and not name.focused


def test_a_tap_clicks_the_view_under_it_and_focuses_a_field(app_and_device) -> None:
    app, device = app_and_device
    views = _by_id(device)
    assert views["corner"].bounds is not None and views["name"].bounds is not None
    device.tap(*views["corner"].bounds.center)
    assert app.clicks == 1
    device.tap(*views["frame"].bounds.center)  # type: ignore[union-attr]
    assert app.clicks == 1  # the frame itself takes no click
    device.tap(*views["name"].bounds.center)
    assert _by_id(device)["name"].focused


def test_an_ellipsized_line_reports_its_whole_text_and_paints_inside_its_bounds(
    app_and_device,
) -> None:
    _, device = app_and_device
    long = _by_id(device)["long"]
    assert long.text == LONG  # the dump's text is the text, not the line shown
    _, top, right, bottom = box_of(long)
    image = device.screenshot().convert("RGB")
    inked = [
        x
        for x in range(42, 1080)
        for y in range(top, bottom, 3)
        if image.getpixel((x, y)) != (255, 255, 255)
    ]
    assert inked, "the line is painted"
    assert max(inked) < right  # cut to fit: nothing is painted past the view's end
    assert max(inked) > right - 120  # and it runs up to the end (with its ellipsis)
