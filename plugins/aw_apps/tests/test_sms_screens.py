"""Simple SMS Messenger's screens through adb, held against its real layouts (5.19.3,
versionCode 85, and Simple-Commons b72ded2a75): ids and nesting, the list's scroll,
letter avatars, message bubbles and the delete dialog over a scrim in pixels.

The arithmetic (Pixel 6, 2.625 px per dp): the search menu ends at 118 + 56 dp = 265
px, where the conversations start; a swipe scrolls by its travel less the 8 dp
(21 px) touch slop.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import cast

import pytest
from PIL import Image
from screen_checks import ALERT_DIALOG_IDS, find_element, screen_elements, tap_element

from droidhub import Device
from droidhub_aw_apps.common import simple_commons as sc
from droidhub_aw_apps.contacts import model as contacts
from droidhub_aw_apps.sms import model

ID = "com.simplemobiletools.smsmessenger:id/"
LIST_TOP, SLOP = 265, 21
#: 2023-10-15 15:00 UTC, a little before the tasks' clock.
AFTERNOON_MS = 1_697_382_000_000

#: Each modelled layout file's ids at tag 5.19.3 of SimpleMobileTools/Simple-SMS-Messenger
#: (app/src/main/res/layout) and of Simple-Commons at b72ded2a75, and the menus' ids.
REAL_IDS: dict[str, tuple[str, ...]] = {
    "activity_main": (
        "main_coordinator",
        "main_menu",
        "main_nested_scrollview",
        "main_coordinator_wrapper",
        "main_holder",
        "conversations_progress_bar",
        "no_conversations_placeholder",
        "no_conversations_placeholder_2",
        "conversations_fastscroller",
        "conversations_list",
        "search_holder",
        "search_placeholder",
        "search_placeholder_2",
        "search_results_list",
        "conversations_fab",
    ),
    "item_conversation": (
        "conversation_frame",
        "conversation_holder",
        "conversation_image",
        "pin_indicator_l",
        "pin_indicator",
        "conversation_address",
        "draft_indicator",
        "conversation_body_short",
        "conversation_date",
    ),
    "activity_thread": (
        "thread_coordinator",
        "thread_toolbar",
        "thread_holder",
        "thread_add_contacts",
        "selected_contacts",
        "confirm_manage_contacts",
        "message_divider_one",
        "add_contact_or_number",
        "confirm_inserted_number",
        "message_divider_two",
        "thread_messages_fastscroller",
        "thread_messages_list",
        "scroll_to_bottom_fab",
        "short_code_holder",
        "message_holder",
    ),
    "layout_thread_send_message_holder": (
        "message_holder",
        "scheduled_message_holder",
        "scheduled_message_icon",
        "scheduled_message_button",
        "discard_scheduled_message",
        "thread_attachments_recyclerview",
        "thread_add_attachment",
        "thread_type_message",
        "thread_select_sim_icon",
        "thread_select_sim_number",
        "thread_character_counter",
        "thread_send_message",
        "attachment_picker_divider",
        "attachment_picker_holder",
        "attachment_picker",
    ),
    "item_message": (
        "thread_message_holder",
        "thread_message_wrapper",
        "thread_message_sender_photo",
        "thread_message_attachments_holder",
        "thread_message_play_outline",
        "thread_message_body",
    ),
    "item_thread_date_time": (
        "thread_date_time_holder",
        "thread_date_time",
        "thread_sim_icon",
        "thread_sim_number",
    ),
    "activity_new_conversation": (
        "new_conversation_coordinator",
        "new_conversation_toolbar",
        "new_conversation_holder",
        "new_conversation_address",
        "new_conversation_confirm",
        "add_contact_divider",
        "no_contacts_placeholder",
        "no_contacts_placeholder_2",
        "suggestions_label",
        "suggestions_scrollview",
        "suggestions_holder",
        "contacts_list",
        "contacts_letter_fastscroller",
        "contacts_letter_fastscroller_thumb",
    ),
    "item_suggested_contact": (
        "suggested_contact_holder",
        "suggested_contact_image",
        "suggested_contact_name",
    ),
    "menu_search": (
        "top_app_bar_layout",
        "top_toolbar_holder",
        "top_toolbar_search_icon",
        "top_toolbar_search",
        "top_toolbar",
    ),
    "item_contact_with_number": (
        "item_contact_frame",
        "item_contact_image",
        "item_contact_name",
        "item_contact_number",
        "drag_handle_icon",
    ),
    "dialog_message": ("message_scrollview", "message"),
    "menu_main": ("show_recycle_bin", "show_archived", "settings", "about", "more_apps_from_us"),
    "menu_thread": (
        "delete",
        "dial_number",
        "manage_people",
        "rename_conversation",
        "archive",
        "unarchive",
        "conversation_details",
        "add_number_to_contact",
        "block_number",
        "restore",
        "mark_as_unread",
    ),
}
REAL = {i for ids in REAL_IDS.values() for i in ids} | set(ALERT_DIALOG_IDS)
PEOPLE = [f"+1555010{n:04d}" for n in range(12)]


@pytest.fixture
def sms(virtual_device: Device) -> Iterator[Device]:
    """SMS Messenger over twelve conversations, a minute apart, the last one newest;
    the first person also got an answer from me."""
    saved = model.save_sms_tables(virtual_device)
    model.clear_messages(virtual_device)
    for i, number in enumerate(PEOPLE):
        model.receive(virtual_device, number, f"Hello number {i}", AFTERNOON_MS + i * 60_000)
    model.send(virtual_device, PEOPLE[0], "Answer", AFTERNOON_MS + 30_000)
    virtual_device.shell(["am", "start", "-n", f"{model.PACKAGE}/.activities.MainActivity"])
    yield virtual_device
    virtual_device.shell(["am", "force-stop", model.PACKAGE])
    model.restore_sms_tables(virtual_device, saved)


def _parents(device: Device) -> dict[str, list[str]]:
    """Each id shown (short form) and its ancestors' ids (or classes), nearest first."""
    found: dict[str, list[str]] = {}

    def walk(node: ET.Element, above: list[str]) -> None:
        for child in node:
            rid = child.get("resource-id") or ""
            short = rid[len(ID) :] if rid.startswith(ID) else ""
            if short:
                found.setdefault(short, above)
            walk(child, [short or child.get("class", ""), *above])

    walk(ET.fromstring(device.ui_tree()), [])
    return found


def _assert_real(device: Device) -> None:
    """Every id of the app's package on screen is an id of its real layouts."""
    for view_id in _parents(device):
        assert view_id in REAL, view_id


def _rgb(image: Image.Image, x: int, y: int) -> tuple[int, int, int]:
    red, green, blue = cast(tuple[int, int, int], image.convert("RGB").getpixel((x, y)))
    return red, green, blue


def _argb(colour: str) -> tuple[int, int, int, int]:
    digits = colour.lstrip("#")
    return cast(tuple[int, int, int, int], tuple(int(digits[i : i + 2], 16) for i in (0, 2, 4, 6)))


def _over_background(colour: str) -> tuple[int, int, int]:
    """``colour`` (with its alpha) as it shows over the app's background."""
    alpha, *rgb = _argb(colour)
    _, *under = _argb(sc.BACKGROUND)
    a = alpha / 255
    return cast(
        tuple[int, int, int],
        tuple(round(c * a + u * (1 - a)) for c, u in zip(rgb, under, strict=True)),
    )


def _close(got: tuple[int, int, int], want: tuple[int, int, int], slack: int = 3) -> bool:
    return all(abs(g - w) <= slack for g, w in zip(got, want, strict=True))


def test_the_conversations_are_the_real_layout_newest_first(sms: Device) -> None:
    parents = _parents(sms)
    assert parents["top_toolbar_search"][:3] == [
        "top_toolbar_holder",
        "top_app_bar_layout",
        "main_menu",
    ]
    assert parents["conversation_address"][:4] == [
        "conversation_holder",
        "conversation_frame",
        "conversations_list",
        "conversations_fastscroller",
    ]
    assert parents["conversations_list"][:3] == [
        "conversations_fastscroller",
        "main_holder",
        "main_coordinator_wrapper",
    ]
    titles = [e.text for e in screen_elements(sms) if e.resource_id == ID + "conversation_address"]
    assert titles[:2] == [PEOPLE[-1], PEOPLE[-2]]
    fab = find_element(sms, resource_id="conversations_fab")
    assert fab.class_name == "android.widget.ImageButton"
    _assert_real(sms)


def _address_top(device: Device, title: str) -> int | None:
    for element in screen_elements(device):
        if element.resource_id == ID + "conversation_address" and element.text == title:
            return element.bounds.top if element.bounds else None
    return None


def test_the_list_scrolls_by_the_swipe_less_the_slop(sms: Device) -> None:
    assert find_element(sms, resource_id="conversations_list").scrollable
    before = _address_top(sms, PEOPLE[-4])
    assert before is not None and PEOPLE[0] not in [e.text for e in screen_elements(sms)]
    sms.swipe(540, 1800, 540, 1200, 5_000)  # slow (120 px/s): a drag, no fling
    assert _address_top(sms, PEOPLE[-4]) == before - (600 - SLOP)
    frames = [e for e in screen_elements(sms) if e.resource_id == ID + "conversation_frame"]
    assert frames[0].bounds is not None and frames[0].bounds.top == LIST_TOP  # cut at the top
    sms.swipe(540, 1800, 540, 300, 300)
    assert PEOPLE[0] in [e.text for e in screen_elements(sms)]  # the oldest came into view


def test_letter_avatars_are_coloured_by_the_names_hash(sms: Device) -> None:
    image = sms.screenshot()
    rows = [e for e in screen_elements(sms) if e.resource_id == ID + "conversation_image"]
    for row, number in zip(rows[:3], PEOPLE[::-1][:3], strict=True):
        assert row.bounds is not None
        left = row.bounds.left
        # inside the disc, off the letter
        assert _close(
            _rgb(image, left + 12, row.bounds.center[1]), _over_background(sc.letter_colour(number))
        )


def test_a_thread_shows_bubbles_and_deletes_after_a_dialog_over_a_scrim(sms: Device) -> None:
    sms.swipe(540, 1800, 540, 600, 300)
    tap_element(sms, resource_id="conversation_address", text=PEOPLE[0])
    parents = _parents(sms)
    assert parents["thread_message_body"][:3] == [
        "thread_message_wrapper",
        "thread_message_holder",
        "thread_messages_list",
    ]
    assert parents["thread_type_message"][:2] == ["message_holder", "thread_holder"]
    send = find_element(sms, resource_id="thread_send_message")
    assert (send.class_name, send.text, send.content_description) == (
        "android.widget.Button",
        "SMS",
        "OK",
    )
    bodies = [e for e in screen_elements(sms) if e.resource_id == ID + "thread_message_body"]
    assert [b.text for b in bodies] == ["Hello number 0", "Answer"]
    received, sent = (b.bounds for b in bodies)
    assert received is not None and sent is not None
    # The received message's sender avatar (40 dp) opens the row, its bottom at the
    # bubble's; the sent one ends the row, with no avatar.
    photos = [
        e for e in screen_elements(sms) if e.resource_id == ID + "thread_message_sender_photo"
    ]
    assert len(photos) == 1 and photos[0].bounds is not None
    photo = photos[0].bounds
    assert photo.left == 42 and photo.right - photo.left == 105 and photo.bottom == received.bottom
    assert received.left == photo.right + 21 and sent.right > 980
    image = sms.screenshot()
    assert _close(_rgb(image, sent.left + 10, sent.center[1]), _over_background(sc.PRIMARY))
    assert _close(
        _rgb(image, received.left + 10, received.center[1]), _over_background("#44888888")
    )
    _assert_real(sms)
    tap_element(sms, content_description="Delete")
    find_element(sms, resource_id="message")
    _assert_real(sms)
    dimmed = _rgb(sms.screenshot(), 540, 1500)
    assert max(dimmed) < 120  # the light background under a 60 % scrim
    tap_element(sms, text="YES")
    assert [e.text for e in screen_elements(sms) if e.resource_id == ID + "conversation_address"][
        -1
    ] != PEOPLE[0]
    assert all(r["address"] != PEOPLE[0] for r in model.received_messages(sms))


def test_a_number_typed_in_a_new_conversation_opens_its_thread(sms: Device) -> None:
    tap_element(sms, resource_id="conversations_fab")
    field = find_element(sms, resource_id="new_conversation_address")
    assert field.focused and field.text == "Add Contact or Number…"
    assert "new_conversation_confirm" not in _parents(sms)  # two characters or fewer
    sms.shell(["input", "text", "5550199"])
    tap_element(sms, resource_id="new_conversation_confirm")
    assert find_element(sms, resource_id="thread_type_message").focused  # an empty thread
    _assert_real(sms)


def test_a_new_conversation_suggests_contacts_who_texted_and_indexes_the_contacts_letters(
    virtual_device: Device,
) -> None:
    """Two contacts, one of whom texted: the suggestions hold that one, the list both,
    and the fast scroller their initials; a number matching no contact says so."""
    device = virtual_device
    contacts.add_contact(device, "Jane Smith", "+15550100001")
    contacts.add_contact(device, "Mark Twain", "+15550100002")
    model.receive(device, "+15550100002", "See you at noon", AFTERNOON_MS)
    model.receive(device, "+15550100009", "A stranger", AFTERNOON_MS + 60_000)
    device.shell(["am", "start", "-n", f"{model.PACKAGE}/.activities.MainActivity"])
    tap_element(device, resource_id="conversations_fab")
    parents = _parents(device)
    assert parents["suggested_contact_name"][:4] == [
        "suggested_contact_holder",
        "suggestions_holder",
        "suggestions_scrollview",
        "new_conversation_holder",
    ]
    names = [
        e.text for e in screen_elements(device) if e.resource_id == ID + "suggested_contact_name"
    ]
    assert names == ["Mark Twain"]  # the stranger is no contact
    label = find_element(device, resource_id="suggestions_label")
    scroller = find_element(device, resource_id="contacts_letter_fastscroller")
    thumb = find_element(device, resource_id="contacts_letter_fastscroller_thumb")
    first = find_element(device, resource_id="item_contact_frame")
    assert (label.text, scroller.class_name, thumb.class_name) == (
        "SUGGESTIONS",
        "android.widget.LinearLayout",
        "android.view.ViewGroup",
    )
    assert [e.text for e in screen_elements(device) if e.text == "J\nM"] == ["J\nM"]
    assert scroller.bounds is not None and thumb.bounds is not None and first.bounds is not None
    assert scroller.bounds.right == 1080 and scroller.bounds.top == first.bounds.top
    assert (thumb.bounds.top, thumb.bounds.bottom) == (scroller.bounds.top, scroller.bounds.bottom)
    assert thumb.bounds.right == scroller.bounds.left - 42  # activity_margin before it
    assert "no_contacts_placeholder" not in parents
    _assert_real(device)
    # A number no contact has: the list goes, "No contacts found" comes, and the
    # scroller is left without letters.
    device.shell(["input", "text", "5550199"])
    parents = _parents(device)
    assert "contacts_list" not in parents and "item_contact_frame" not in parents
    assert find_element(device, resource_id="no_contacts_placeholder").text == "No contacts found"
    assert "contacts_letter_fastscroller" in parents and "J\nM" not in [
        e.text for e in screen_elements(device)
    ]
    tap_element(device, text="Mark Twain", resource_id="suggested_contact_name")
    assert find_element(device, resource_id="thread_message_body").text == "See you at noon"
