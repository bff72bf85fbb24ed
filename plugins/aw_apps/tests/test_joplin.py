"""The Joplin model: notes, notebooks and the search table, at the real path."""

from __future__ import annotations

from droidhub import Device
from droidhub.virtual.appmodel import VirtualPhone
from droidhub_aw_apps.joplin import model as joplin
from droidhub_aw_apps.joplin.ir import IR_APP, note_of
from droidhub_aw_apps.joplin.model import DB_PATH, Note


def test_the_phone_has_empty_joplin_tables(
    virtual_device: Device, virtual_phone: VirtualPhone
) -> None:
    assert virtual_phone.host_path(DB_PATH).is_file()
    tables = {
        r["name"]
        for r in virtual_device.query_db(
            DB_PATH, "SELECT name FROM sqlite_master WHERE type='table'"
        )
    }
    assert {"notes", "folders", "notes_normalized"} <= tables
    assert joplin.list_notes(virtual_device) == []


def test_notes_go_into_notebooks_created_once_and_into_search(virtual_device: Device) -> None:
    joplin.add_notes(
        virtual_device,
        [
            Note("Recipes", "Lentil Soup", "Lentils, cumin"),
            Note("Recipes", "Pancakes", "Flour, eggs", is_todo=True),
            Note("Work", "Standup", "Blocked"),
        ],
    )
    folders = virtual_device.query_db(DB_PATH, "SELECT title FROM folders ORDER BY title")
    assert [f["title"] for f in folders] == ["Recipes", "Work"]
    notes = joplin.list_notes(virtual_device)
    assert [(n.folder, n.title, n.is_todo) for n in notes] == [
        ("Recipes", "Lentil Soup", False),
        ("Recipes", "Pancakes", True),
        ("Work", "Standup", False),
    ]
    search = virtual_device.query_db(DB_PATH, "SELECT id, title FROM notes_normalized")
    assert {(r["id"], r["title"]) for r in search} == {(n.id, n.title.lower()) for n in notes}
    joplin.add_notes(virtual_device, [Note("Work", "Retro", "")])
    assert len(virtual_device.query_db(DB_PATH, "SELECT id FROM folders")) == 2
    joplin.clear_notes(virtual_device)
    assert joplin.list_notes(virtual_device) == []


def test_question_rows_round_trip_through_the_phone(virtual_device: Device) -> None:
    notes = [
        note_of({"folder": "Home", "title": "Paint", "body": "Grey", "is_todo": "True"}),
        note_of({"folder": "Home", "title": "Keys", "is_todo": "false"}),
    ]
    image = IR_APP.write(virtual_device, notes)
    back = joplin.list_notes(virtual_device)
    assert [(n.folder, n.title, n.body, n.is_todo) for n in back] == [
        ("Home", "Paint", "Grey", True),
        ("Home", "Keys", "", False),
    ]
    IR_APP.restore(virtual_device, image)
    assert virtual_device.pull(DB_PATH) == image
    assert joplin.list_notes(virtual_device) == []
