"""Markor tasks done as an agent does them: AndroidWorld actions on Markor's screens."""

from __future__ import annotations

from task_runs import click, index_of_id, make, open_app, perform, score

from droidhub import Env, Observe
from droidhub_aw_apps import markor


def _index(env: Env, **match: str) -> int:
    elements = env.get_state(observe=Observe.UI_TREE).ui_elements
    for i, element in enumerate(elements):
        if all(getattr(element, key) == value for key, value in match.items()):
            return i
    shown = [e.text or e.content_description for e in elements]
    raise AssertionError(f"nothing on screen matches {match}; shown: {shown}")


def _scroll_to(env: Env, text: str) -> None:
    for _ in range(5):
        texts = [e.text for e in env.get_state(observe=Observe.UI_TREE).ui_elements]
        if text in texts:
            return
        perform(env, action_type="scroll", direction="down")
    raise AssertionError(f"{text!r} never came into view")


def _new_entry(env: Env, name: str, button: str = "OK") -> None:
    """Open the new file or folder dialog, type ``name`` and press ``button``: OK makes a
    note, FOLDER a folder."""
    click(env, content_description="Create a new file or folder")
    perform(env, action_type="input_text", text=name, index=index_of_id(env, "__name"))
    click(env, text=button)


def test_create_note_by_typing(virtual_env: Env) -> None:
    task = make(markor.MarkorCreateNote, seed=3)
    p = task.params

    def act(env: Env) -> None:
        open_app(env, "markor")
        _new_entry(env, p.file_name)
        perform(
            env,
            action_type="input_text",
            text=p.text,
            index=index_of_id(env, "highlighting_editor"),
        )
        click(env, content_description="Navigate up")

    assert score(virtual_env, task, act) == 1.0


def test_create_note_from_clipboard_by_pasting(virtual_env: Env) -> None:
    task = make(markor.MarkorCreateNoteFromClipboard)

    def act(env: Env) -> None:
        open_app(env, "markor")
        _new_entry(env, task.params.file_name)
        perform(env, action_type="long_press", index=index_of_id(env, "highlighting_editor"))
        click(env, text="Paste")

    assert score(virtual_env, task, act) == 1.0


def test_create_folder_from_the_new_file_dialog(virtual_env: Env) -> None:
    task = make(markor.MarkorCreateFolder)

    def act(env: Env) -> None:
        open_app(env, "markor")
        _new_entry(env, task.params.folder_name, "FOLDER")

    assert score(virtual_env, task, act) == 1.0


def test_delete_note_with_a_long_press(virtual_env: Env) -> None:
    task = make(markor.MarkorDeleteNote, seed=2)

    def act(env: Env) -> None:
        open_app(env, "markor")
        _scroll_to(env, task.params.file_name)
        perform(env, action_type="long_press", index=_index(env, text=task.params.file_name))
        click(env, content_description="Delete")
        click(env, text="OK")

    assert score(virtual_env, task, act) == 1.0


def _titles(env: Env) -> list[str]:
    """The rows' names in the browser, without ``..``."""
    elements = env.get_state(observe=Observe.UI_TREE).ui_elements
    names = [e.text for e in elements if e.resource_id.endswith("opoc_filesystem_item__title")]
    return [name for name in names if name != ".."]


def test_delete_all_notes_by_selecting_each(virtual_env: Env) -> None:
    task = make(markor.MarkorDeleteAllNotes)

    def act(env: Env) -> None:
        open_app(env, "markor")
        first, *others = _titles(env)
        perform(env, action_type="long_press", index=_index(env, text=first))
        for name in others:
            click(env, text=name)
        click(env, content_description="Delete")
        click(env, text="OK")

    assert score(virtual_env, task, act) == 1.0


def test_move_note_between_folders(virtual_env: Env) -> None:
    task = make(markor.MarkorMoveNote)
    p = task.params

    def act(env: Env) -> None:
        open_app(env, "markor")
        click(env, text=p.source_folder)
        _scroll_to(env, p.file_name)
        perform(env, action_type="long_press", index=_index(env, text=p.file_name))
        click(env, content_description="More options")
        click(env, text="Move")
        _tap_last(env, "..")  # the folder picker's rows come after the browser's
        _scroll_to(env, p.destination_folder)
        _tap_last(env, p.destination_folder)
        click(env, text="SELECT THIS FOLDER")

    assert score(virtual_env, task, act) == 1.0


def _tap_last(env: Env, text: str) -> None:
    elements = env.get_state(observe=Observe.UI_TREE).ui_elements
    last = max(i for i, e in enumerate(elements) if e.text == text)
    perform(env, action_type="click", index=last)


def _retype_note(env: Env, name: str, lines: list[str]) -> None:
    """Open the note ``name``, select all its text and type ``lines`` over it, each
    ended with Enter (input_text presses it after typing, as AndroidWorld does; an empty
    line is a keyboard_enter alone), then go back to the browser."""
    open_app(env, "markor")
    _scroll_to(env, name)
    click(env, text=name)
    perform(env, action_type="long_press", index=index_of_id(env, "highlighting_editor"))
    click(env, text="Select all")
    for line in lines:
        if line:
            perform(env, action_type="input_text", text=line)
        else:
            perform(env, action_type="keyboard_enter")
    click(env, content_description="Navigate up")


def test_add_header_and_rename(virtual_env: Env) -> None:
    task = make(markor.MarkorAddNoteHeader, seed=4)
    p = task.params

    def act(env: Env) -> None:
        _retype_note(env, p.original_name, [p.header, "", p.original_content])
        _scroll_to(env, p.original_name)
        perform(env, action_type="long_press", index=_index(env, text=p.original_name))
        click(env, content_description="Rename")
        name = index_of_id(env, "new_name")
        perform(env, action_type="input_text", text=p.new_name, index=name, clear_text=True)
        click(env, text="OK")

    assert score(virtual_env, task, act) == 1.0


def test_edit_note_forgetting_the_newline_is_a_near_miss(virtual_env: Env) -> None:
    task = make(markor.MarkorAddNoteHeader, seed=4)
    p = task.params

    def act(env: Env) -> None:
        _retype_note(env, p.original_name, [p.header, p.original_content])

    assert score(virtual_env, task, act) == 0.0
