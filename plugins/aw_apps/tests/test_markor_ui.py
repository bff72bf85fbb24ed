"""Markor's screens through adb: the real layouts' ids, classes and nesting (Markor
2.11.1's ``main__activity``, ``opoc_filesystem_fragment``, ``opoc_filesystem_item``,
``new_file_dialog``, ``document__activity`` and ``document__fragment__edit``), the list
scrolling, the new-file dialog over a scrim in pixels, typing by keyboard taps, and the
Markor tasks solved through the screen alone."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from screen_checks import assert_solved_through_screen, find_element, screen_elements, tap_element

from droidhub import Device
from droidhub.virtual.views import keyboard

MARKOR_TASKS = (
    "MarkorCreateFolder",
    "MarkorCreateNote",
    "MarkorCreateNoteFromClipboard",
    "MarkorDeleteNote",
    # No "select all" in Markor 2.11's browser: a long press, then a tap on each note.
    "MarkorDeleteAllNotes",
    # The browser shows each note's modification time.
    "MarkorDeleteNewestNote",
    # More options > Move, then the folder picker.
    "MarkorMoveNote",
    "MarkorEditNote",
    # These two rename a note: the new name is typed over the old one.
    "MarkorAddNoteHeader",
    "MarkorChangeNoteContent",
    # The new note has no extension: the ".md" field is cleared.
    "MarkorMergeNotes",
    # Show the receipt (Gallery) or the video (VLC) first; the text is in pixels only.
    "MarkorTranscribeReceipt",
    "MarkorTranscribeVideo",
)
PACKAGE = "net.gsantner.markor"
MARKOR = "/storage/emulated/0/Documents/Markor"
EDITOR = f"{PACKAGE}:id/document__fragment__edit__highlighting_editor"


def _start(device: Device, notes: int = 2) -> None:
    for i in range(notes):
        device.write_text(f"{MARKOR}/note_{i:02d}.md", f"text {i}\n")
    device.shell(["monkey", "-p", PACKAGE, "1"])


def _tree(device: Device) -> ET.Element:
    return ET.fromstring(device.ui_tree())


def _node(root: ET.Element, name: str) -> ET.Element:
    """The first node whose id is ``name`` in Markor's package."""
    found = root.find(f".//node[@resource-id='{PACKAGE}:id/{name}']")
    assert found is not None, f"no {name} on screen"
    return found


def _ids_under(node: ET.Element) -> set[str]:
    return {
        n.get("resource-id", "").rsplit("/", 1)[-1] for n in node.iter() if n.get("resource-id")
    }


def test_markor_tasks_are_solved_through_the_screen() -> None:
    assert_solved_through_screen(MARKOR_TASKS)


def test_the_browser_is_main_activity_with_the_real_ids_classes_and_nesting(
    virtual_device: Device,
) -> None:
    _start(virtual_device)
    root = _tree(virtual_device)
    main = _node(root, "main_content")
    # main__activity.xml: every id, with the class a dump reports for it
    classes = {
        "main_content": "android.widget.FrameLayout",
        "appbar": "android.widget.LinearLayout",
        "toolbar": "android.view.ViewGroup",
        "main__view_pager_container": "android.view.ViewGroup",
        "fab_add_new_item": "android.widget.ImageButton",
        "bottom_navigation_bar": "android.widget.FrameLayout",
        # opoc_filesystem_fragment.xml (empty_hint is gone while there are rows)
        "ui__filesystem_dialog__root": "android.widget.FrameLayout",
        "pull_to_refresh": "android.view.ViewGroup",
        "ui__filesystem_dialog__list": "androidx.recyclerview.widget.RecyclerView",
        # opoc_filesystem_item.xml
        "opoc_filesystem_item__root": "android.widget.LinearLayout",
        "opoc_filesystem_item__image": "android.widget.ImageView",
        "opoc_filesystem_item__title": "android.widget.TextView",
        "opoc_filesystem_item__description": "android.widget.TextView",
    }
    for name, cls in classes.items():
        assert _node(root, name).get("class") == cls, name
    assert "empty_hint" not in _ids_under(main)
    # nesting: the toolbar in the app bar, the list in the pager, a row's texts in it
    assert "toolbar" in _ids_under(_node(main, "appbar"))
    pager = _node(main, "main__view_pager_container")
    assert {"ui__filesystem_dialog__root", "pull_to_refresh", "ui__filesystem_dialog__list"} <= (
        _ids_under(pager)
    )
    row = _node(pager, "opoc_filesystem_item__root")
    assert _ids_under(row) == {
        "opoc_filesystem_item__root", "opoc_filesystem_item__image",
        "opoc_filesystem_item__title", "opoc_filesystem_item__description",
    }  # fmt: skip
    # the rows: ".." to the parent first, then the notes, each described by its time
    titles = [e.text for e in screen_elements(virtual_device)
              if e.resource_id.endswith("opoc_filesystem_item__title")]  # fmt: skip
    assert titles == ["..", "note_00.md", "note_01.md"]
    assert row.get("content-desc") == "Folder .. /storage/emulated/0/Documents"
    assert row.get("clickable") == "true" and row.get("long-clickable") == "true"
    fab = _node(main, "fab_add_new_item")
    assert fab.get("content-desc") == "Create a new file or folder"
    tabs = [n.get("content-desc") for n in _node(main, "bottom_navigation_bar").iter("node")
            if n.get("resource-id", "").split("/")[-1].startswith("nav_")]  # fmt: skip
    assert tabs == ["Files", "To-Do", "QuickNote", "More"]
    menu = [n.get("content-desc") for n in _node(main, "toolbar").iter("node")]
    assert menu[-4:] == ["Go to", "Sort by", "Search", "More options"]


def test_a_long_press_selects_and_the_toolbar_offers_what_markor_offers(
    virtual_device: Device,
) -> None:
    _start(virtual_device)
    title = find_element(virtual_device, text="note_01.md")
    assert title.bounds is not None
    x, y = title.bounds.center
    virtual_device.swipe(x, y, x, y, 1000)
    root = _tree(virtual_device)
    toolbar = _node(root, "toolbar")
    assert [n.get("content-desc") for n in toolbar.iter("node") if n.get("content-desc")] == [
        "Favourite", "Rename", "Details", "Delete", "More options",
    ]  # fmt: skip
    assert not [n for n in toolbar.iter("node") if n.get("text")]  # the title goes
    selected = [e for e in screen_elements(virtual_device)
                if e.content_description.startswith("Selected ")]  # fmt: skip
    assert [e.content_description.split()[1] for e in selected] == ["note_01.md"]
    assert selected[0].resource_id.endswith("opoc_filesystem_item__root")
    virtual_device.keyevent("KEYCODE_BACK")  # BACK drops the selection
    assert "Selected" not in virtual_device.ui_tree()
    assert find_element(virtual_device, text="Markor").class_name == "android.widget.TextView"


def test_the_list_scrolls_and_binds_only_the_rows_that_show(virtual_device: Device) -> None:
    _start(virtual_device, notes=30)
    shown = [e.text for e in screen_elements(virtual_device) if e.text.startswith("note_")]
    assert "note_00.md" in shown and "note_29.md" not in shown
    listed = find_element(virtual_device, resource_id="ui__filesystem_dialog__list")
    assert listed.scrollable
    for _ in range(4):
        virtual_device.swipe(540, 2000, 540, 600, 300)
    shown = [e.text for e in screen_elements(virtual_device) if e.text.startswith("note_")]
    assert "note_29.md" in shown and "note_00.md" not in shown


def test_the_new_file_dialog_shows_over_a_scrim(virtual_device: Device) -> None:
    _start(virtual_device)
    before = virtual_device.screenshot().convert("RGB")
    tap_element(virtual_device, content_description="Create a new file or folder")
    root = _tree(virtual_device)
    dialog = _node(root, "new_file_dialog__root")
    assert dialog.get("class") == "android.widget.ScrollView"
    assert {"new_file_dialog__name", "new_file_dialog__ext", "new_file_dialog__type",
            "new_file_dialog__template"} <= _ids_under(dialog)  # fmt: skip
    # No default password, experimental features off: both check boxes are GONE.
    assert not {"new_file_dialog__encrypt", "new_file_dialog__utf8_bom"} & _ids_under(dialog)
    assert _node(dialog, "new_file_dialog__type").get("class") == "android.widget.Spinner"
    assert _node(dialog, "new_file_dialog__ext").get("text") == ".md"
    assert _node(dialog, "new_file_dialog__name").get("focused") == "true"
    buttons = [e.text for e in screen_elements(virtual_device)
               if e.resource_id.startswith("android:id/button")]  # fmt: skip
    assert buttons == ["FOLDER", "CANCEL", "OK"]
    panel = find_element(virtual_device, resource_id="parentPanel").bounds
    assert panel is not None and (panel.left, panel.right) == (63, 1017)  # 24 dp in
    after = virtual_device.screenshot().convert("RGB")
    # The browser's background (#EEEEEE) behind the dialog is dimmed; the dialog is not.
    assert before.getpixel((540, 1900)) == (238, 238, 238)
    assert max(after.getpixel((540, 1900))) <= 110
    assert after.getpixel((panel.left + 8, panel.bottom - 8)) == (255, 255, 255)
    tap_element(virtual_device, text="CANCEL")
    assert "new_file_dialog__root" not in virtual_device.ui_tree()


def _tap_key(device: Device, label: str) -> None:
    box = next(box for key, box in keyboard.keys("letters") if label in (key.label, key.action))
    device.tap((box[0] + box[2]) // 2, (box[1] + box[3]) // 2)


def test_a_note_is_typed_by_keyboard_taps_in_the_editor(virtual_device: Device) -> None:
    _start(virtual_device, notes=0)
    tap_element(virtual_device, content_description="Create a new file or folder")
    virtual_device.input_text("typed")
    tap_element(virtual_device, text="OK")
    root = _tree(virtual_device)
    assert _node(root, "note__activity__text_note_title").get("text") == "typed"
    fragment = _node(root, "document__placeholder_fragment")
    assert {
        "document__fragment__edit__content_editor__scrolling_parent",
        "document__fragment__edit__highlighting_editor",
        "document__fragment__edit__text_actions_bar__scrolling_parent",
        "document__fragment__edit__text_actions_bar",
    } <= _ids_under(fragment)
    assert _node(root, "document__fragment__edit__highlighting_editor").get("class") == (
        "android.widget.EditText"
    )
    tap_element(virtual_device, resource_id=EDITOR)  # the keyboard comes up
    for label in ("h", "i", "enter"):
        _tap_key(virtual_device, label)
    assert find_element(virtual_device, resource_id=EDITOR).text == "hi\n"
    virtual_device.keyevent("KEYCODE_BACK")  # hides the keyboard
    virtual_device.keyevent("KEYCODE_BACK")  # closes the note
    assert virtual_device.read_text(f"{MARKOR}/typed.md") == "hi\n"
    assert find_element(virtual_device, text="typed.md")


def test_clearing_the_extension_makes_a_note_without_one(virtual_device: Device) -> None:
    _start(virtual_device, notes=0)
    tap_element(virtual_device, content_description="Create a new file or folder")
    virtual_device.input_text("plain")
    tap_element(virtual_device, resource_id="new_file_dialog__ext")
    virtual_device.run("input keycombination 113 29 && input keyevent 67")  # Ctrl+A, DEL
    assert find_element(virtual_device, resource_id="new_file_dialog__ext").text == ".md"  # hint
    tap_element(virtual_device, text="OK")
    virtual_device.input_text("hello")
    virtual_device.keyevent("KEYCODE_BACK")
    assert virtual_device.read_text(f"{MARKOR}/plain").rstrip("\n") == "hello"
    assert not virtual_device.exists(f"{MARKOR}/plain.md")


def test_settings_are_one_tap_from_the_overflow_menu(virtual_device: Device) -> None:
    _start(virtual_device)
    tap_element(virtual_device, content_description="More options")
    titles = [e.text for e in screen_elements(virtual_device) if e.resource_id.endswith("/title")]
    assert titles == ["Import from device", "Settings"]
    tap_element(virtual_device, text="Settings")
    texts = [e.text for e in screen_elements(virtual_device)]
    assert {"Settings", "General", "Files and folders", "Edit mode", "View mode"} <= set(texts)
    assert find_element(virtual_device, resource_id="settings__activity__fragment_placeholder")
    tap_element(virtual_device, content_description="Navigate up")
    assert find_element(virtual_device, resource_id="fab_add_new_item")
