"""UI-only solvers of the Markor tasks, through Markor's browser, dialogs and editor.

Names and texts the goal states come from the params (an agent reads them in the
goal); what is on the phone (a note's present content, which notes exist) is read
from the screen (the newest note by the modification times the browser shows).
Markor 2.11 has no "select all" for files: deleting every note selects one with a long
press and taps the others. The rename dialog holds the old name: the new one is typed
over it (``clear_text``: Ctrl+A, DEL). MarkorMergeNotes' note has no extension: the
new-file dialog's ".md" is cleared the same way. While a dialog or the folder picker
shows, the rows behind it are still in the tree: the picker's rows come last. The
transcription tasks copy text that is only in pixels (a receipt image, a video's
frames): their solvers show the image or video through the screen but take the text
from the params, since they read no pixels.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

from droidhub import Action, State
from droidhub.agents.ui_solver import (
    SolverScript,
    SolverSteps,
    find_all,
    long_press,
    open_app,
    require,
    scroll_to,
    tap,
    type_into,
)
from droidhub_aw_apps.common.ui_solvers import SolverList
from droidhub_aw_apps.markor import ids

SOLVERS = SolverList()

#: How the browser describes a row: Android's numeric date and time in English.
_MODIFIED = "%m/%d/%Y, %I:%M %p"


def _type(text: str) -> Action:
    """Type into the field that has the focus (no tap first: a tap would move the
    cursor and drop a selection)."""
    return Action(action_type="input_text", text=text)


def _editor_text(state: State) -> str:
    return state.ui_elements[require(state, resource_id=ids.EDITOR)].text


def _replace_editor_text(state: State, text: str) -> SolverSteps:
    """Long press the editor, Select all, type ``text`` over it."""
    state = yield long_press(state, resource_id=ids.EDITOR)
    state = yield tap(state, text="Select all")
    return (yield _type(text))


def _type_over(state: State, text: str, resource_id: str) -> Action:
    """Type ``text`` over what the field holds (select all, delete, type)."""
    index = require(state, resource_id=resource_id)
    return Action(action_type="input_text", text=text, index=index, clear_text=True)


def _rename_selected(state: State, new_name: str) -> SolverSteps:
    state = yield tap(state, desc="Rename")
    state = yield _type_over(state, new_name, ids.RENAME_FIELD)
    return (yield tap(state, text="OK"))


def _create_note(state: State, name: str) -> SolverSteps:
    """The new-file dialog: ``name`` (its own extension kept) and OK; the editor opens."""
    state = yield tap(state, desc="Create a new file or folder")
    state = yield type_into(state, name, resource_id=ids.NAME_FIELD)
    return (yield tap(state, text="OK"))


@SOLVERS.solves("MarkorCreateFolder")
def solve_create_folder(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """The new-file dialog, the folder's name, then ``Folder``."""
    del goal
    state = yield open_app("Markor")
    state = yield tap(state, desc="Create a new file or folder")
    state = yield type_into(state, params["folder_name"], resource_id=ids.NAME_FIELD)
    yield tap(state, text="FOLDER")


@SOLVERS.solves("MarkorCreateNote")
def solve_create_note(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Create the note, then type its text in the editor."""
    del goal
    state = yield open_app("Markor")
    state = yield from _create_note(state, params["file_name"])
    yield type_into(state, params["text"], resource_id=ids.EDITOR)


@SOLVERS.solves("MarkorCreateNoteFromClipboard")
def solve_create_note_from_clipboard(
    goal: str, params: Mapping[str, Any], state: State
) -> SolverScript:
    """Create the note, then paste (long press, Paste): the text is on the clipboard."""
    del goal
    state = yield open_app("Markor")
    state = yield from _create_note(state, params["file_name"])
    state = yield long_press(state, resource_id=ids.EDITOR)
    yield tap(state, text="Paste")


def _select_and(state: State, name: str, action: str) -> SolverSteps:
    """Scroll to ``name``, long press it (selects it), tap the toolbar's ``action``."""
    state = yield from scroll_to(state, text=name, resource_id=ids.ROW_TITLE)
    state = yield long_press(state, text=name, resource_id=ids.ROW_TITLE)
    return (yield tap(state, desc=action))


@SOLVERS.solves("MarkorDeleteNote")
def solve_delete_note(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Select the note whose name (without extension) the goal gives; Delete; OK."""
    del goal
    state = yield open_app("Markor")
    wanted = params["file_name"]
    state = yield from scroll_to(state, contains=wanted, resource_id=ids.ROW_TITLE)
    names = [state.ui_elements[i].text for i in find_all(state, resource_id=ids.ROW_TITLE)]
    name = next(n for n in names if n == wanted or n.rsplit(".", 1)[0] == wanted)
    state = yield from _select_and(state, name, "Delete")
    yield tap(state, text="OK")


def _note_titles(state: State) -> list[str]:
    """The names of the rows shown, without the ``..`` row."""
    names = [state.ui_elements[i].text for i in find_all(state, resource_id=ids.ROW_TITLE)]
    return [name for name in names if name != ".."]


@SOLVERS.solves("MarkorDeleteAllNotes")
def solve_delete_all_notes(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Long press the first note (it is selected), tap each other one, Delete, OK."""
    del goal, params
    state = yield open_app("Markor")
    first, *others = _note_titles(state)
    state = yield long_press(state, text=first, resource_id=ids.ROW_TITLE)
    for name in others:
        state = yield tap(state, text=name, resource_id=ids.ROW_TITLE)
    state = yield tap(state, desc="Delete")
    yield tap(state, text="OK")


@SOLVERS.solves("MarkorDeleteNewestNote")
def solve_delete_newest_note(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Read each note's modification time in the browser; delete the newest."""
    del goal, params
    state = yield open_app("Markor")
    titles = find_all(state, resource_id=ids.ROW_TITLE)
    times = find_all(state, resource_id=ids.ROW_DESCRIPTION)
    rows = [
        (state.ui_elements[t].text, dt.datetime.strptime(state.ui_elements[d].text, _MODIFIED))
        for t, d in zip(titles, times, strict=True)
        if state.ui_elements[t].text != ".."
    ]
    name = max(rows, key=lambda row: row[1])[0]
    state = yield from _select_and(state, name, "Delete")
    yield tap(state, text="OK")


def _tap_last(state: State, text: str) -> Action:
    """A tap on the last row titled ``text`` (the folder picker's, over the browser)."""
    found = find_all(state, text=text, resource_id=ids.ROW_TITLE)
    if not found:
        require(state, text=text, resource_id=ids.ROW_TITLE)  # raises, naming what shows
    return Action(action_type="click", index=found[-1])


@SOLVERS.solves("MarkorMoveNote")
def solve_move_note(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Open the source folder, select the note, More options > Move; in the folder
    picker go up (``..``) and into the destination, then Select this folder."""
    del goal
    state = yield open_app("Markor")
    state = yield from scroll_to(state, text=params["source_folder"], resource_id=ids.ROW_TITLE)
    state = yield tap(state, text=params["source_folder"], resource_id=ids.ROW_TITLE)
    state = yield from scroll_to(state, text=params["file_name"], resource_id=ids.ROW_TITLE)
    state = yield long_press(state, text=params["file_name"], resource_id=ids.ROW_TITLE)
    state = yield tap(state, desc="More options")
    state = yield tap(state, text="Move")
    state = yield _tap_last(state, "..")
    destination = params["destination_folder"]
    state = yield from scroll_to(state, text=destination, resource_id=ids.ROW_TITLE)
    state = yield _tap_last(state, destination)
    yield tap(state, text="SELECT THIS FOLDER")


def _open_note(state: State, name: str) -> SolverSteps:
    state = yield from scroll_to(state, text=name, resource_id=ids.ROW_TITLE)
    return (yield tap(state, text=name, resource_id=ids.ROW_TITLE))


@SOLVERS.solves("MarkorEditNote")
def solve_edit_note(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Open the note; add the header or footer, or replace the text."""
    del goal
    state = yield open_app("Markor")
    state = yield from _open_note(state, params["file_name"])
    kind = params["edit_type"]
    if kind == "footer":
        yield type_into(state, params["footer"], resource_id=ids.EDITOR)
    elif kind == "header":
        content = _editor_text(state)
        yield from _replace_editor_text(state, f"{params['header']}\n{content}")
    else:
        yield from _replace_editor_text(state, params["replace_text"])


def _edit_and_rename(state: State, name: str, new_text: str, new_name: str) -> SolverSteps:
    """The open note gets ``new_text``; back in the browser it is renamed."""
    state = yield from _replace_editor_text(state, new_text)
    state = yield tap(state, desc="Navigate up")
    state = yield from scroll_to(state, text=name, resource_id=ids.ROW_TITLE)
    state = yield long_press(state, text=name, resource_id=ids.ROW_TITLE)
    return (yield from _rename_selected(state, new_name))


@SOLVERS.solves("MarkorAddNoteHeader")
def solve_add_note_header(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """The header, a blank line, the old content; then the new name. The note ends in a
    newline, which the Enter pressed after typing (as AndroidWorld does) puts back."""
    del goal
    state = yield open_app("Markor")
    name = params["original_name"]
    state = yield from _open_note(state, name)
    content = _editor_text(state).removesuffix("\n")
    yield from _edit_and_rename(state, name, f"{params['header']}\n\n{content}", params["new_name"])


@SOLVERS.solves("MarkorChangeNoteContent")
def solve_change_note_content(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """The new content over the old; then the new name."""
    del goal
    state = yield open_app("Markor")
    name = params["original_name"]
    state = yield from _open_note(state, name)
    yield from _edit_and_rename(state, name, params["updated_content"], params["new_name"])


@SOLVERS.solves("MarkorMergeNotes")
def solve_merge_notes(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Read the three notes from the editor, then create the new note with them,
    a blank line between each."""
    del goal
    state = yield open_app("Markor")
    contents = []
    for key in ("file1_name", "file2_name", "file3_name"):
        state = yield from _open_note(state, params[key])
        contents.append(_editor_text(state).rstrip("\n"))
        state = yield tap(state, desc="Navigate up")
    state = yield tap(state, desc="Create a new file or folder")
    state = yield type_into(state, params["new_file_name"], resource_id=ids.NAME_FIELD)
    state = yield _type_over(state, "", ids.EXT_FIELD)
    state = yield tap(state, text="OK")
    yield type_into(state, "\n\n".join(contents), resource_id=ids.EDITOR)


@SOLVERS.solves("MarkorTranscribeReceipt")
def solve_transcribe_receipt(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Open receipt.png in Simple Gallery, then write the CSV note in Markor (its text
    from the params: the receipt is an image, and this solver reads no pixels)."""
    del goal
    state = yield open_app("Simple Gallery Pro")
    state = yield tap(state, text="DCIM")
    state = yield tap(state, desc="receipt.png")
    state = yield open_app("Markor")
    state = yield from _create_note(state, params["file_name"])
    yield type_into(state, params["text"], resource_id=ids.EDITOR)


@SOLVERS.solves("MarkorTranscribeVideo")
def solve_transcribe_video(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Play the video in VLC, then write its frames' names in Markor (from the params:
    the names are only in the video's pixels)."""
    del goal
    state = yield open_app("VLC")
    state = yield from scroll_to(state, text=params["video_name"])
    state = yield tap(state, text=params["video_name"])
    state = yield open_app("Markor")
    state = yield from _create_note(state, params["file_name"])
    yield type_into(state, ", ".join(params["messages"]), resource_id=ids.EDITOR)
