"""Contacts' screens through adb, held against AOSP Contacts' layouts (LineageOS
lineage-20.0, the closest public source of Google Contacts): ids, classes and nesting,
letter tiles in the name's colour, the editor typed into by keyboard taps, the phone
label's drop-down, Save opening the contact's page."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest
from PIL import Image
from screen_checks import find_element, screen_elements, tap_element

from droidhub import Device
from droidhub_aw_apps.contacts import layouts
from droidhub_aw_apps.contacts import model as people

ID = f"{people.PACKAGE}:id/"
NAMES = ("Alice Adams", "Aaron Lee", "Bob Brown", "Zoe White")


@pytest.fixture
def contacts(virtual_device: Device) -> Iterator[Device]:
    """Contacts over four people, started on its list."""
    people.clear_contacts(virtual_device)
    for i, name in enumerate(NAMES):
        people.add_contact(virtual_device, name, f"+1202555010{i}")
    virtual_device.shell(["am", "start", "-n", f"{people.PACKAGE}/{people.ACTIVITY}"])
    yield virtual_device
    virtual_device.shell(["am", "force-stop", people.PACKAGE])
    people.clear_contacts(virtual_device)


def _tree(device: Device) -> ET.Element:
    text = device.ui_tree()
    return ET.fromstring(text[text.find("<hierarchy") :])


def _by_id(root: ET.Element, name: str) -> ET.Element:
    found = [n for n in root.iter("node") if n.get("resource-id") == name]
    assert found, f"no {name} on screen"
    return found[0]


def _path(root: ET.Element, wanted: str) -> list[str]:
    """The app's resource ids from the root down to the node with id ``wanted`` (the
    window's own, such as ``android:id/content``, left out)."""

    def walk(node: ET.Element, trail: list[str]) -> list[str] | None:
        trail = [*trail, node.get("resource-id", "")]
        if node.get("resource-id") == wanted:
            return trail
        for child in node:
            found = walk(child, trail)
            if found:
                return found
        return None

    trail = walk(root, []) or []
    return [i.removeprefix(ID) for i in trail if i.startswith(ID) or i == wanted]


def _pixel(device: Device, x: int, y: int) -> tuple[int, ...]:
    image = Image.open(io.BytesIO(device.screenshot_png())).convert("RGB")
    return tuple(image.getpixel((x, y)))  # type: ignore[arg-type]


def test_the_list_nests_as_people_activity_and_sorts_by_name(contacts: Device) -> None:
    root = _tree(contacts)
    assert _path(root, f"{ID}floating_action_button") == [
        "drawer_layout",
        "fragment_container",
        "content_frame",
        "root",
        "floating_action_button_container",
        "floating_action_button",
    ]
    assert _path(root, "android:id/list") == [
        "drawer_layout",
        "fragment_container",
        "content_frame",
        "root",
        "contacts_list_container",
        "pinned_header_list_layout",
        "contact_list",
        "swipe_refresh",
        "android:id/list",
    ]
    fab = _by_id(root, f"{ID}floating_action_button")
    assert fab.get("class") == "android.widget.ImageButton"
    assert fab.get("content-desc") == "Create contact"
    listing = _by_id(root, "android:id/list")
    assert listing.get("class") == "android.widget.ListView"
    texts = [n.get("text") for n in listing.iter("node") if n.get("text")]
    assert texts == ["A", "Aaron Lee", "Alice Adams", "B", "Bob Brown", "Z", "Zoe White"]


def test_letter_tiles_take_the_names_colour(contacts: Device) -> None:
    element = find_element(contacts, text="Bob Brown")
    assert element.bounds is not None
    row_top, row_bottom = element.bounds.top, element.bounds.bottom
    # The tile: 40 dp round, 56 dp in from the start (after the letter's column).
    x = round((56 + 20) * 2.625)
    y = (row_top + row_bottom) // 2
    colour = layouts.tile_colour("Bob Brown")
    expected = tuple(int(colour[i : i + 2], 16) for i in (3, 5, 7))
    # A spot left of the letter, inside the circle, shows the tile's colour.
    assert _pixel(contacts, x - 30, y) == expected


def test_java_hash_is_strings_hash_code() -> None:
    assert layouts.java_hash("") == 0
    assert layouts.java_hash("a") == 97
    assert layouts.java_hash("hello") == 99162322
    assert layouts.java_hash("Hello World") == -862545276  # wraps past 2**31


def test_the_editor_takes_typing_and_picks_a_label(contacts: Device) -> None:
    tap_element(contacts, content_description="Create contact")
    root = _tree(contacts)
    assert _path(root, f"{ID}editor_menu_save_button")[:2] == ["fragment_container", "toolbar"]
    assert _path(root, f"{ID}spinner") == [
        "fragment_container",
        "contact_editor_fragment",
        "contact_editor_scroller",
        "raw_contacts_editor_view",
        "kind_section_views",
        "kind_editors",
        "spinner",
    ]
    hints = [
        n.get("text") for n in root.iter("node") if n.get("class") == "android.widget.EditText"
    ]
    assert hints == ["First name", "Last name", "Phone", "Email"]
    tap_element(contacts, text="First name")
    contacts.shell(["input", "text", "Grace"])
    tap_element(contacts, text="Mobile")
    rows = [e.text for e in screen_elements(contacts) if e.class_name.endswith("CheckedTextView")]
    assert rows == list(people.PHONE_TYPES)
    tap_element(contacts, text="Work")
    spinner = find_element(contacts, content_description="Work Phone")
    assert spinner.text == "Work" and spinner.class_name == "android.widget.Spinner"
    assert find_element(contacts, text="Grace").class_name == "android.widget.EditText"


def test_save_stores_the_contact_and_opens_its_page(contacts: Device) -> None:
    tap_element(contacts, content_description="Create contact")
    for hint, value in (("First name", "Grace"), ("Last name", "Lee"), ("Phone", "5551234567")):
        tap_element(contacts, text=hint)
        contacts.shell(["input", "text", value])
    tap_element(contacts, text="SAVE")
    assert people.Contact("Grace Lee", "5551234567") in people.list_contacts(contacts)
    root = _tree(contacts)
    assert _by_id(root, f"{ID}large_title").get("text") == "Grace Lee"
    assert _by_id(root, f"{ID}header").get("text") == "5551234567"
    assert _by_id(root, f"{ID}sub_header").get("text") == "Mobile"
    contacts.shell(["input", "keyevent", "KEYCODE_BACK"])
    assert find_element(contacts, text="Grace Lee").class_name == "android.widget.TextView"
