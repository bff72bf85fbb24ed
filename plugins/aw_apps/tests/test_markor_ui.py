"""The Markor tasks with UI-only solvers are done through Markor's screens alone."""

from __future__ import annotations

import subprocess
import sys

from droidhub import Device
from droidhub.android.ui_tree import UIElement, parse_hierarchy

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


def _find(device: Device, **wanted: str) -> UIElement:
    for element in parse_hierarchy(device.ui_tree()):
        if all(getattr(element, k).endswith(v) for k, v in wanted.items()):
            return element
    raise AssertionError(f"nothing with {wanted} on screen")


def _tap(device: Device, **wanted: str) -> None:
    element = _find(device, **wanted)
    assert element.bounds is not None
    device.tap(*element.bounds.center)


def test_markor_tasks_are_solved_through_the_screen() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "droidhub", "check", "--ui", "--tasks", ",".join(MARKOR_TASKS)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert f"{len(MARKOR_TASKS)} of {len(MARKOR_TASKS)} tasks pass" in proc.stdout


def test_cutting_the_extension_in_the_new_file_dialog_makes_a_note_without_one(
    virtual_device: Device,
) -> None:
    virtual_device.shell(["monkey", "-p", "net.gsantner.markor", "1"])
    _tap(virtual_device, content_description="Create a new file or folder")
    _tap(virtual_device, resource_id="new_file_dialog__name")
    virtual_device.input_text("plain")
    ext = _find(virtual_device, resource_id="new_file_dialog__ext")
    assert ext.text == ".md" and ext.bounds is not None
    x, y = ext.bounds.center
    virtual_device.swipe(x, y, x, y, 1000)  # a long press: Android's text toolbar
    _tap(virtual_device, text="Cut")
    assert _find(virtual_device, resource_id="new_file_dialog__ext").text == ""
    _tap(virtual_device, text="OK")
    virtual_device.input_text("hello")
    virtual_device.keyevent("KEYCODE_BACK")
    assert virtual_device.read_text(f"{MARKOR}/plain").rstrip("\n") == "hello"
    assert not virtual_device.exists(f"{MARKOR}/plain.md")
