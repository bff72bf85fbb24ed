"""Simple Calendar Pro's screens as its 6.22.2 layouts declare them, through adb: the
month grid's text-less cells over the drawn numbers (today in a primary circle), the
editor's ``activity_event`` ids and classes, Material's time picker set by taps on its
clock face, the delete dialog over a scrim, Change view's radio dialog, the event list
scrolled by a swipe, and the search typed by keyboard taps."""

from __future__ import annotations

import datetime as dt
import io
from collections.abc import Iterator

import pytest
from PIL import Image
from screen_checks import shown_id_classes

from droidhub import Device
from droidhub.android.ui_tree import UIElement, parse_hierarchy
from droidhub.virtual.views import keyboard
from droidhub_aw_apps.calendar import ids
from droidhub_aw_apps.calendar.model import (
    ACTIVITY,
    PACKAGE,
    CalendarEvent,
    add_events,
    list_events,
)

PRIMARY = (0x4C, 0x8D, 0xF6)


@pytest.fixture
def phone(virtual_device: Device) -> Iterator[Device]:
    yield virtual_device
    virtual_device.shell(["am", "force-stop", PACKAGE])


def _start(device: Device, events: list[CalendarEvent] | None = None) -> None:
    if events:
        add_events(device, events)
    device.shell(["am", "start", "-n", f"{PACKAGE}/{ACTIVITY}"])


def _dump(device: Device) -> list[UIElement]:
    return parse_hierarchy(device.ui_tree())


def _find(device: Device, **match: str) -> UIElement:
    for element in _dump(device):
        if all(
            getattr(element, k) == v or getattr(element, k).endswith(f":id/{v}")
            for k, v in match.items()
        ):
            return element
    raise AssertionError(f"nothing on screen matches {match}")


def _tap(device: Device, **match: str) -> None:
    box = _find(device, **match).bounds
    assert box is not None
    device.tap((box.left + box.right) // 2, (box.top + box.bottom) // 2)


def _shot(device: Device) -> Image.Image:
    return Image.open(io.BytesIO(device.screenshot_png())).convert("RGB")


def _rgb(image: Image.Image, point: tuple[int, int]) -> tuple[int, int, int]:
    red, green, blue = image.getpixel(point)  # type: ignore[misc]
    return red, green, blue


def _ids(device: Device) -> dict[str, str]:
    return shown_id_classes(device, f"{PACKAGE}:id/")


def _event(day: int, hour: int, title: str, minutes: int = 30) -> CalendarEvent:
    start = int(dt.datetime(2023, 10, day, hour, tzinfo=dt.UTC).timestamp())
    return CalendarEvent(start_ts=start, end_ts=start + 60 * minutes, title=title)


def test_the_month_grid_is_drawn_under_text_less_cells(phone: Device) -> None:
    _start(phone)
    shown = _ids(phone)
    for name, cls in {
        "main_coordinator": "android.view.ViewGroup",
        "main_menu": "android.widget.LinearLayout",
        "top_toolbar_search": "android.widget.EditText",
        "change_view": "android.widget.Button",
        "calendar_coordinator": "android.view.ViewGroup",
        "main_holder": "android.view.ViewGroup",
        "swipe_refresh_layout": "android.view.ViewGroup",
        "fragments_holder": "android.widget.FrameLayout",
        "fragment_months_viewpager": "androidx.viewpager.widget.ViewPager",
        "month_calendar_holder": "android.widget.RelativeLayout",
        "top_left_arrow": "android.widget.ImageView",
        "top_value": "android.widget.TextView",
        "month_view_wrapper": "android.widget.FrameLayout",
        "month_view": "android.view.View",
        "calendar_fab": "android.widget.ImageButton",
    }.items():
        assert shown.get(name) == cls, name
    assert "go_to_today" not in shown  # the current month shows: Go to today is hidden
    cells = [e for e in _dump(phone) if e.resource_id.endswith(":id/month_view_background")]
    assert len(cells) == 42 and {(c.text, c.clickable) for c in cells} == {("", True)}
    image = _shot(phone)

    def primary_pixels(cell: UIElement) -> int:
        box = cell.bounds
        assert box is not None
        return sum(
            all(abs(a - b) < 30 for a, b in zip(_rgb(image, (x, y)), PRIMARY, strict=True))
            for x in range(box.left, box.right, 3)
            for y in range(box.top, box.top + 60, 3)
        )

    # 2023-10-01 is a Sunday, the first cell; today (the 15th) is ringed in primary
    assert primary_pixels(cells[14]) > 50
    assert primary_pixels(cells[13]) == primary_pixels(cells[16]) == 0


def test_the_editor_is_activity_event(phone: Device) -> None:
    _start(phone)
    _tap(phone, resource_id=ids.FAB)
    shown = _ids(phone)
    expected = {
        "event_coordinator": "android.view.ViewGroup",
        "event_toolbar": "android.view.ViewGroup",
        "event_nested_scrollview": "android.widget.ScrollView",
        "event_holder": "android.widget.RelativeLayout",
        "event_title": "android.widget.EditText",
        "event_location": "android.widget.EditText",
        "event_show_on_map": "android.widget.ImageView",
        "event_description": "android.widget.EditText",
        "event_time_image": "android.widget.ImageView",
        "event_all_day_holder": "android.widget.RelativeLayout",
        "event_all_day": "android.widget.CheckBox",
        "event_start_date": "android.widget.TextView",
        "event_start_time": "android.widget.TextView",
        "event_end_date": "android.widget.TextView",
        "event_end_time": "android.widget.TextView",
        "event_reminder_1": "android.widget.TextView",
        "event_reminder_2": "android.widget.TextView",
        "event_repetition": "android.widget.TextView",
        "save": "android.widget.Button",
    }
    assert {k: shown.get(k) for k in expected} == expected
    # a local event: no time zone, attendees, availability or reminder types; no Delete
    assert not {
        "event_time_zone", "event_attendees_holder", "event_availability",
        "event_reminder_1_type", "delete",
    } & set(shown)  # fmt: skip
    assert _find(phone, resource_id="event_reminder_1").text == "10 minutes before"
    assert _find(phone, resource_id="event_reminder_2").text == "Add another reminder"


def test_the_time_picker_is_set_by_taps_on_its_face(phone: Device) -> None:
    _start(phone)
    _tap(phone, resource_id=ids.FAB)
    _tap(phone, resource_id=ids.START_TIME)
    assert _find(phone, resource_id="header_title").text == "Select time"
    assert _find(phone, resource_id=ids.TIME_HOURS).text == "4"  # 16:00, the next hour
    _tap(phone, content_description="9 o'clock")
    assert _find(phone, resource_id=ids.TIME_HOURS).text == "9"
    _tap(phone, content_description="45 minutes")  # the face moved on to the minutes
    _tap(phone, resource_id=ids.TIME_AM)
    _tap(phone, resource_id=ids.TIME_OK)
    assert _find(phone, resource_id=ids.START_TIME).text == "09:45 AM"
    # the end keeps the start's distance (none: a new event lasts 0 minutes)
    assert _find(phone, resource_id=ids.END_TIME).text == "09:45 AM"


def test_delete_asks_over_a_scrim(phone: Device) -> None:
    _start(phone, [_event(15, 18, "Swim")])
    _tap(phone, resource_id="month_view_background")  # Oct 1: nothing there
    assert not [e for e in _dump(phone) if e.resource_id.endswith(":id/event_item_title")]
    phone.shell(["input", "keyevent", "KEYCODE_BACK"])
    cells = [e for e in _dump(phone) if e.resource_id.endswith(":id/month_view_background")]
    box = cells[14].bounds
    assert box is not None
    phone.tap((box.left + box.right) // 2, (box.top + box.bottom) // 2)
    _tap(phone, text="Swim")
    before = _shot(phone)
    _tap(phone, content_description=ids.DELETE_DESC)
    message = _find(phone, resource_id="delete_event_description")
    assert message.text == ids.PROCEED_WITH_DELETION
    assert "delete_event_radio_view" not in _ids(phone)  # not a repeating event
    after = _shot(phone)
    point = (540, 2200)  # the editor's background, below the dialog
    assert min(_rgb(before, point)) > 240 and max(_rgb(after, point)) < 130
    _tap(phone, resource_id="button1")
    assert list_events(phone) == []
    assert _find(phone, resource_id=ids.TOP_VALUE).text == "October 15 (Sun)"


def test_change_view_lists_the_events_and_the_list_scrolls(phone: Device) -> None:
    _start(phone, [_event(day, 9, f"Run {day}") for day in range(16, 31)])
    _tap(phone, content_description=ids.CHANGE_VIEW)
    radios = [e for e in _dump(phone) if e.class_name == "android.widget.RadioButton"]
    assert [r.text for r in radios] == [
        ids.DAILY_VIEW, ids.WEEKLY_VIEW, ids.MONTHLY_VIEW, ids.MONTHLY_DAILY_VIEW,
        ids.YEARLY_VIEW, ids.SIMPLE_EVENT_LIST,
    ]  # fmt: skip
    assert [r.text for r in radios if r.checked] == [ids.MONTHLY_VIEW]
    assert {r.resource_id for r in radios} == {""}
    _tap(phone, text=ids.SIMPLE_EVENT_LIST)
    events = _find(phone, resource_id=ids.EVENTS_LIST)
    assert events.scrollable
    titles = [e.text for e in _dump(phone) if e.resource_id.endswith(":id/event_item_title")]
    assert titles[0] == "Run 16" and "Run 30" not in titles
    assert _find(phone, resource_id="event_section_title").text == "OCTOBER"
    phone.swipe(540, 2000, 540, 700, 300)
    moved = [e.text for e in _dump(phone) if e.resource_id.endswith(":id/event_item_title")]
    assert moved[0] != "Run 16"


def _tap_key(device: Device, label: str) -> None:
    box = next(box for key, box in keyboard.keys("letters") if label in (key.label, key.action))
    device.tap((box[0] + box[2]) // 2, (box[1] + box[3]) // 2)


def test_search_typed_by_keyboard_taps(phone: Device) -> None:
    _start(phone, [_event(20, 9, "Dentist"), _event(21, 9, "Gym")])
    _tap(phone, resource_id=ids.SEARCH_FIELD)
    assert "search_holder" not in _ids(phone)  # the holder shows once there is a query
    _tap_key(phone, "g")
    assert _find(phone, resource_id="search_placeholder").text == ids.NO_ITEMS_FOUND
    assert _find(phone, resource_id="search_placeholder_2").text == ids.TYPE_2_CHARACTERS
    _tap_key(phone, "y")
    titles = [e.text for e in _dump(phone) if e.resource_id.endswith(":id/event_item_title")]
    assert titles == ["Gym"]
    _tap_key(phone, "x")
    assert _find(phone, resource_id="search_placeholder").text == ids.NO_ITEMS_FOUND
    assert "search_placeholder_2" not in _ids(phone)
    phone.shell(["input", "keyevent", "KEYCODE_BACK"])  # the keyboard goes
    phone.shell(["input", "keyevent", "KEYCODE_BACK"])  # then the search closes
    assert _find(phone, resource_id=ids.SEARCH_FIELD).text == "Search"  # its hint
    assert "search_holder" not in _ids(phone)


def test_the_reminder_is_picked_in_the_seconds_dialog(phone: Device) -> None:
    _start(phone)
    _tap(phone, resource_id=ids.FAB)
    _tap(phone, resource_id="event_reminder_1")
    radios = [e for e in _dump(phone) if e.class_name == "android.widget.RadioButton"]
    assert [r.text for r in radios] == [
        "No reminder", "At start", "1 minute before", "5 minutes before",
        "10 minutes before", "30 minutes before", "1 hour before", "Custom",
    ]  # fmt: skip
    assert [r.text for r in radios if r.checked] == ["10 minutes before"]
    _tap(phone, text="No reminder")
    assert _find(phone, resource_id="event_reminder_1").text == "No reminder"
    assert "event_reminder_2" not in _ids(phone)  # Add another reminder: gone


def _open_day(device: Device, day: int) -> None:
    cells = [e for e in _dump(device) if e.resource_id.endswith(":id/month_view_background")]
    box = cells[day - 1].bounds  # October 2023 starts on the grid's first cell
    assert box is not None
    device.tap((box.left + box.right) // 2, (box.top + box.bottom) // 2)


def test_a_repeating_event_deletes_the_chosen_occurrences(phone: Device) -> None:
    start = int(dt.datetime(2023, 10, 16, 18, tzinfo=dt.UTC).timestamp())  # a Monday
    weekly = CalendarEvent(
        start_ts=start, end_ts=start + 3600, title="Choir", repeat_interval=7 * 86400,
        repeat_rule=1,
    )  # fmt: skip
    _start(phone, [weekly])
    _open_day(phone, 23)
    _tap(phone, text="Choir")
    _tap(phone, content_description=ids.DELETE_DESC)
    assert _find(phone, resource_id="delete_event_repeat_description").text == (
        "The event is repeatable"
    )
    radios = [e for e in _dump(phone) if e.class_name == "android.widget.RadioButton"]
    assert [(r.resource_id.split("/")[-1], r.checked) for r in radios] == [
        ("delete_event_one_only", True), ("delete_event_future", False),
        ("delete_event_all", False),
    ]  # fmt: skip
    _tap(phone, resource_id="button1")  # Yes: the selected occurrence only
    (row,) = list_events(phone)
    assert row.repetition_exceptions == "[20231023]"
    assert not [e for e in _dump(phone) if e.resource_id.endswith(":id/event_item_title")]
    _tap(phone, resource_id=ids.TOP_RIGHT_ARROW)
    for _ in range(6):
        _tap(phone, resource_id=ids.TOP_RIGHT_ARROW)
    assert _find(phone, resource_id=ids.TOP_VALUE).text == "October 30 (Mon)"
    _tap(phone, text="Choir")
    _tap(phone, content_description=ids.DELETE_DESC)
    _tap(phone, resource_id="delete_event_all")
    _tap(phone, resource_id="button1")
    assert list_events(phone) == []
