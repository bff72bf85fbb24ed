"""Joplin's screens through adb, as React Native renders them (no resource ids; labels
in content descriptions), and its questions answered through them alone."""

from __future__ import annotations

import os
from pathlib import Path

from screen_checks import assert_solved_through_screen, screen_elements, tap_element

from droidhub import Device
from droidhub.android.ui_tree import UIElement
from droidhub_aw_apps.joplin.model import Note, add_notes

TASKS = (
    "NotesIsTodo",
    "NotesMeetingAttendeeCount",
    "NotesRecipeIngredientCount",
    "NotesTodoItemCount",
)
DB = "/data/data/net.cozic.joplin/databases/joplin.sqlite"
PACKAGE = "net.cozic.joplin"
#: Where the test leaves its screenshots when asked (JOPLIN_SHOTS=folder).
SHOTS = os.environ.get("JOPLIN_SHOTS", "")


def _mine(device: Device) -> list[UIElement]:
    return [e for e in screen_elements(device) if e.package == PACKAGE]


def _texts(device: Device) -> list[str]:
    return [e.text for e in _mine(device)]


def _shot(device: Device, name: str) -> None:
    if SHOTS:
        device.screenshot().save(Path(SHOTS) / f"joplin_{name}.png")


def test_the_screens_are_react_natives(virtual_device: Device) -> None:
    add_notes(
        virtual_device,
        [
            Note("Work", "Standup", "# Standup\nTalked with 4 people.\n- [x] notes sent"),
            Note("Home", "Buy milk", "", is_todo=True),
            Note("Home", "Paint", "Warm grey"),
        ],
    )
    virtual_device.shell(["monkey", "-p", PACKAGE, "1"])
    elements = _mine(virtual_device)
    _shot(virtual_device, "notes")
    assert not [e.resource_id for e in elements if e.resource_id.startswith(PACKAGE)]
    assert {"All notes", "Standup", "Buy milk", "Paint"} <= set(_texts(virtual_device))
    buttons = {e.content_description for e in elements if e.class_name == "android.widget.Button"}
    assert {"Sidebar", "Search", "Sort notes by", "Add new"} <= buttons
    # A to-do's row carries its check box, named after it; a note's does not.
    boxes = [e for e in elements if e.class_name == "android.widget.CheckBox"]
    assert [(b.content_description, b.checkable, b.checked) for b in boxes] == [
        ("to-do: Buy milk", True, False)
    ]
    assert any(e.class_name == "android.widget.ScrollView" for e in elements)
    # The side menu lists All notes, the notebooks by title, and opens one.
    tap_element(virtual_device, content_description="Sidebar")
    _shot(virtual_device, "side_menu")
    texts = _texts(virtual_device)
    assert texts.index("All notes") < texts.index("Notebooks") < texts.index("Home")
    assert texts.index("Home") < texts.index("Work")
    assert {"New Notebook", "Tags", "Configuration", "Synchronise"} <= set(texts)
    tap_element(virtual_device, text="Home")
    assert "Standup" not in _texts(virtual_device) and "Paint" in _texts(virtual_device)


def test_a_note_is_searched_read_edited_and_trashed(virtual_device: Device) -> None:
    add_notes(virtual_device, [Note("Work", "Standup", "# Standup\n- 4 people\n- [x] notes sent")])
    virtual_device.shell(["monkey", "-p", PACKAGE, "1"])
    tap_element(virtual_device, content_description="Search")
    field = next(e for e in _mine(virtual_device) if e.class_name == "android.widget.EditText")
    assert field.focused and field.resource_id == ""
    virtual_device.input_text("people")
    _shot(virtual_device, "search")
    tap_element(virtual_device, text="Standup", class_name="TextView")
    _shot(virtual_device, "note")
    elements = _mine(virtual_device)
    web = [i for i, e in enumerate(elements) if e.class_name == "android.webkit.WebView"]
    assert web, "the body shows in the viewer's WebView"
    shown = [e.text for e in elements[web[0] :] if e.class_name.endswith("TextView") and e.text]
    assert shown[:3] == ["Standup", "4 people", "notes sent"]  # Markdown rendered
    ticked = [e for e in elements[web[0] :] if e.class_name == "android.widget.CheckBox"]
    assert len(ticked) == 1 and ticked[0].checked
    title = next(e for e in elements if e.class_name == "android.widget.EditText")
    assert title.text == "Standup"
    assert "Work" in _texts(virtual_device)  # the header names the notebook
    # Edit turns the body into a field; typing saves.
    tap_element(virtual_device, content_description="Edit")
    fields = [e for e in _mine(virtual_device) if e.class_name == "android.widget.EditText"]
    assert len(fields) == 2 and fields[1].bounds is not None
    virtual_device.tap(*fields[1].bounds.center)
    virtual_device.input_text(" ok")
    body = virtual_device.query_db(DB, "SELECT body FROM notes")
    assert body == [{"body": "# Standup\n- 4 people\n- [x] notes sent ok"}]
    virtual_device.keyevent("KEYCODE_BACK")  # the keyboard
    virtual_device.keyevent("KEYCODE_BACK")  # the editor
    tap_element(virtual_device, content_description="Actions")
    _shot(virtual_device, "actions")
    assert {"Share", "Tags", "Properties", "Delete"} <= set(_texts(virtual_device))
    tap_element(virtual_device, text="Delete")
    trashed = virtual_device.query_db(DB, "SELECT deleted_time > 0 AS gone FROM notes")
    assert trashed == [{"gone": 1}]
    assert "Standup" not in _texts(virtual_device)


def test_the_joplin_questions_are_answered_through_the_screen() -> None:
    assert_solved_through_screen(TASKS)
