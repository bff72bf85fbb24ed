"""Joplin's screens through adb, and its questions answered through them alone."""

from __future__ import annotations

from screen_checks import assert_solved_through_screen, screen_elements, tap_element

from droidhub import Device
from droidhub_aw_apps.joplin.model import Note, add_notes

TASKS = (
    "NotesIsTodo",
    "NotesMeetingAttendeeCount",
    "NotesRecipeIngredientCount",
    "NotesTodoItemCount",
)
DB = "/data/data/net.cozic.joplin/databases/joplin.sqlite"


def _texts(device: Device) -> list[str]:
    return [e.text for e in screen_elements(device)]


def test_notes_are_listed_searched_edited_and_deleted_through_the_screens(
    virtual_device: Device,
) -> None:
    add_notes(
        virtual_device,
        [
            Note("Work", "Standup", "Talked with 4 people."),
            Note("Home", "Buy milk", "", is_todo=True),
            Note("Home", "Paint", "Warm grey"),
        ],
    )
    virtual_device.shell(["monkey", "-p", "net.cozic.joplin", "1"])
    assert {"All notes", "Standup", "Buy milk", "Paint"} <= set(_texts(virtual_device))
    # A to-do's row carries its check box; a note's does not.
    rows = [e for e in screen_elements(virtual_device) if e.resource_id.endswith("note_title")]
    todo = {e.text: e for e in screen_elements(virtual_device) if e.checkable}
    assert len(rows) == 3 and len(todo) == 1
    # The side menu opens a notebook.
    tap_element(virtual_device, content_description="Side menu")
    tap_element(virtual_device, text="Home")
    assert "Standup" not in _texts(virtual_device) and "Paint" in _texts(virtual_device)
    # The search finds a note by its body; edit it; delete it.
    tap_element(virtual_device, content_description="Search")
    virtual_device.input_text("grey")
    tap_element(virtual_device, text="Paint")
    assert "Warm grey" in _texts(virtual_device)
    tap_element(virtual_device, content_description="Edit")
    tap_element(virtual_device, resource_id="note_body_input")
    virtual_device.input_text(" walls")
    tap_element(virtual_device, content_description="Save")
    body = virtual_device.query_db(DB, "SELECT body FROM notes WHERE title='Paint'")
    assert body == [{"body": "Warm grey walls"}]
    tap_element(virtual_device, content_description="More options")
    tap_element(virtual_device, text="Delete")
    tap_element(virtual_device, text="OK")
    titles = virtual_device.query_db(DB, "SELECT title FROM notes ORDER BY title")
    assert titles == [{"title": "Buy milk"}, {"title": "Standup"}]
    normalized = virtual_device.query_db(DB, "SELECT count(*) AS n FROM notes_normalized")
    assert normalized == [{"n": 2}]


def test_the_joplin_questions_are_answered_through_the_screen() -> None:
    assert_solved_through_screen(TASKS)
