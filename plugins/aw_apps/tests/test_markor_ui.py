"""The Markor tasks with UI-only solvers are done through Markor's screens alone."""

from __future__ import annotations

from screen_checks import assert_solved_through_screen, find_element, tap_element

from droidhub import Device

MARKOR_TASKS = (
    "MarkorCreateFolder",
    "MarkorCreateNote",
    "MarkorCreateNoteFromClipboard",
    "MarkorDeleteNote",
    "MarkorDeleteAllNotes",
    # The browser shows each note's modification time.
    "MarkorDeleteNewestNote",
    "MarkorMoveNote",
    "MarkorEditNote",
    # These two rename a note: the rename dialog opens with the name selected.
    "MarkorAddNoteHeader",
    "MarkorChangeNoteContent",
    # The new note has no extension: a long press on ".md" and Cut empty the field.
    "MarkorMergeNotes",
    # Show the receipt (Gallery) or the video (VLC) first; the text is in pixels only.
    "MarkorTranscribeReceipt",
    "MarkorTranscribeVideo",
)
MARKOR = "/storage/emulated/0/Documents/Markor"


def test_markor_tasks_are_solved_through_the_screen() -> None:
    assert_solved_through_screen(MARKOR_TASKS)


def test_cutting_the_extension_in_the_new_file_dialog_makes_a_note_without_one(
    virtual_device: Device,
) -> None:
    virtual_device.shell(["monkey", "-p", "net.gsantner.markor", "1"])
    tap_element(virtual_device, content_description="Create a new file or folder")
    tap_element(virtual_device, resource_id="new_file_dialog__name")
    virtual_device.input_text("plain")
    ext = find_element(virtual_device, resource_id="new_file_dialog__ext")
    assert ext.text == ".md" and ext.bounds is not None
    x, y = ext.bounds.center
    virtual_device.swipe(x, y, x, y, 1000)  # a long press: Android's text toolbar
    tap_element(virtual_device, text="Cut")
    assert find_element(virtual_device, resource_id="new_file_dialog__ext").text == ""
    tap_element(virtual_device, text="OK")
    virtual_device.input_text("hello")
    virtual_device.keyevent("KEYCODE_BACK")
    assert virtual_device.read_text(f"{MARKOR}/plain").rstrip("\n") == "hello"
    assert not virtual_device.exists(f"{MARKOR}/plain.md")
