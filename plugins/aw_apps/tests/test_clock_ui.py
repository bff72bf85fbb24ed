"""The Clock's screens through adb: AOSP DeskClock's ids (desk_clock, bottom_view's
pages, stopwatch_fragment, timer_setup_view, timer_item), the stopwatch counting the
phone's clock and a timer counting down."""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path

from screen_checks import find_element, screen_elements, tap_element

from droidhub import Device

PACKAGE = "com.google.android.deskclock"
ID = f"{PACKAGE}:id/"
#: Where the test leaves its screenshots when asked (CLOCK_SHOTS=folder).
SHOTS = os.environ.get("CLOCK_SHOTS", "")


def _shot(device: Device, name: str) -> None:
    if SHOTS:
        device.screenshot().save(Path(SHOTS) / f"clock_{name}.png")


def _text(device: Device, view_id: str) -> str:
    return find_element(device, resource_id=ID + view_id).text


def test_the_pages_the_stopwatch_and_a_timer(virtual_device: Device) -> None:
    virtual_device.shell(["pm", "clear", PACKAGE])
    virtual_device.shell(["monkey", "-p", PACKAGE, "1"])
    elements = screen_elements(virtual_device)
    ids = {e.resource_id.removeprefix(ID) for e in elements if e.resource_id.startswith(ID)}
    assert {"toolbar", "title_view", "content", "fragment_container", "fab_container", "fab",
            "bottom_view", "page_alarm", "page_clock", "page_timer",
            "page_stopwatch"} <= ids  # fmt: skip
    pages = [e for e in elements if e.resource_id.startswith(ID + "page_")]
    assert [(p.content_description, p.selected) for p in pages] == [
        ("Alarm", True), ("Clock", False), ("Timer", False), ("Stopwatch", False)
    ]  # fmt: skip
    assert find_element(virtual_device, resource_id=ID + "fab").content_description == "Add alarm"
    # The stopwatch runs with the phone's clock; Lap and Reset show while it runs.
    tap_element(virtual_device, content_description="Stopwatch")
    assert _text(virtual_device, "stopwatch_time_text") == "00:00"
    tap_element(virtual_device, content_description="Start")
    virtual_device.set_time(virtual_device.now() + dt.timedelta(seconds=75))
    assert _text(virtual_device, "stopwatch_time_text") in ("01:14", "01:15", "01:16")
    descs = {e.content_description for e in screen_elements(virtual_device)}
    assert {"Pause", "Lap", "Reset"} <= descs
    _shot(virtual_device, "stopwatch")
    # The timer's keypad fills from the right; Start counts it down.
    tap_element(virtual_device, content_description="Timer")
    for digit in "130":
        tap_element(virtual_device, resource_id=f"{ID}timer_setup_digit_{digit}")
    setup = find_element(virtual_device, resource_id=ID + "timer_setup_time")
    assert (setup.text, setup.content_description) == (
        "00h 01m 30s", "0 hours, 1 minutes, 30 seconds"
    )  # fmt: skip
    _shot(virtual_device, "timer_setup")
    tap_element(virtual_device, content_description="Start")
    assert _text(virtual_device, "timer_time_text") == "0:01:30"
    virtual_device.set_time(virtual_device.now() + dt.timedelta(seconds=40))
    assert _text(virtual_device, "timer_time_text") in ("0:00:49", "0:00:50", "0:00:51")
    descs = {e.content_description for e in screen_elements(virtual_device)}
    assert {"Pause", "Add Timer", "Delete", "Add 1 Minute", "Reset"} <= descs
    _shot(virtual_device, "timer")
