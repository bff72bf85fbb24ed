"""The SeekBar through adb: its dump node, a tap and a drag setting its value, and its
track painted filled up to the thumb.

The arithmetic: the bar is the content's width less 24 dp (63 px) on each side, so
its track runs from x = 63 to x = 1017 (954 px) and maps to 0..100: a finger at the
track's quarter (x = 63 + 238) picks 25.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from app_phone import started

from droidhub.android.ui_tree import UIElement, parse_hierarchy
from droidhub.device.client import Device
from droidhub.virtual.appmodel import VirtualPhone
from droidhub.virtual.views import (
    MATCH_PARENT,
    VERTICAL,
    LinearLayout,
    SeekBar,
    TextView,
    ViewApp,
    Window,
)
from droidhub.virtual.views.seekbar import SLIDER, SLIDER_FILL, SLIDER_TRACK

PACKAGE = "com.example.level"
LEFT, RIGHT = 63, 1017


class LevelApp(ViewApp):
    """A label over a SeekBar whose value the app keeps."""

    package = PACKAGE
    label = "Level"

    def __init__(self) -> None:
        super().__init__()
        self.level = 50
        self.changes = 0

    def set_level(self, value: int) -> None:
        self.level = value
        self.changes += 1

    def build(self, phone: VirtualPhone) -> Window:
        del phone
        return Window(
            LinearLayout(
                "root",
                TextView("label", f"Level {self.level}"),
                SeekBar(
                    "level",
                    progress=self.level,
                    max=100,
                    on_change=self.set_level,
                    style=SLIDER,
                    icon="brightness_medium",
                    content_desc="Level",
                    margin=(24, 0, 24, 0),
                ),
                orientation=VERTICAL,
                width=MATCH_PARENT,
                height=MATCH_PARENT,
            )
        )


@pytest.fixture
def app_and_device() -> Iterator[tuple[LevelApp, Device]]:
    yield from started(LevelApp())


def _bar(device: Device) -> UIElement:
    return next(e for e in parse_hierarchy(device.ui_tree()) if e.resource_id.endswith("/level"))


def test_a_seekbar_is_dumped_as_android_reports_it(app_and_device) -> None:
    _, device = app_and_device
    bar = _bar(device)
    assert bar.class_name == "android.widget.SeekBar"
    assert bar.content_description == "Level" and bar.text == ""
    assert bar.focusable and not bar.clickable
    assert bar.bounds is not None
    assert (bar.bounds.left, bar.bounds.right) == (LEFT, RIGHT)
    assert bar.bounds.bottom - bar.bounds.top == 126  # 48 dp


def test_a_tap_sets_the_value_where_it_lands_and_a_drag_where_it_ends(app_and_device) -> None:
    app, device = app_and_device
    bar = _bar(device)
    assert bar.bounds is not None
    y = bar.bounds.center[1]
    device.tap(LEFT + 238, y)
    assert app.level == 25
    device.swipe(LEFT + 238, y, RIGHT + 40, y, 300)  # past the end: the maximum
    assert app.level == 100
    device.swipe(RIGHT - 5, y, 0, y, 300)
    assert app.level == 0
    changes = app.changes
    device.tap(LEFT - 20, y)  # beside the bar: nothing
    device.tap(LEFT, y)  # at the start, already 0: no change to report
    assert (app.level, app.changes) == (0, changes)
    labels = [e.text for e in parse_hierarchy(device.ui_tree())]
    assert "Level 0" in labels


def test_the_track_is_filled_up_to_the_thumb(app_and_device) -> None:
    _, device = app_and_device
    bar = _bar(device)
    assert bar.bounds is not None
    y = bar.bounds.center[1]
    device.tap(LEFT + 477, y)  # half way
    image = device.screenshot().convert("RGB")

    def rgb(colour: str) -> tuple[int, int, int]:
        value = int(colour[-6:], 16)
        return value >> 16, (value >> 8) & 255, value & 255

    assert image.getpixel((LEFT + 200, y + 40)) == rgb(SLIDER_FILL)
    assert image.getpixel((RIGHT - 200, y + 40)) == rgb(SLIDER_TRACK)
    assert image.getpixel((20, y)) == (255, 255, 255)  # outside the bar: the window
