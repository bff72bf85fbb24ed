"""Markor's screens on the virtual phone: the notebook browser, the new-file dialog and
the editor, enough for an agent to do every Markor task by tapping and typing.

* The browser lists the current folder (folders first, 12 rows; swipe to scroll), each
  row with its modification time (``ui__filesystem_item__description``). A tap
  opens a folder or a note; ``Navigate up`` goes to the parent folder. A long press
  selects an item, later taps add or remove items; with a selection the toolbar offers
  ``Delete`` (then ``OK`` in the confirmation), ``Rename`` (one item: a name field
  holding the name, selected so that typing replaces it, and ``OK``), ``Move`` (browse
  to the destination, then ``Move here``) and ``Select all``.
* ``Create a new file or folder`` opens a dialog: a name field, an extension field
  (``.md``, added to a name that has no extension of its own), and ``OK`` (a note: the
  editor opens), ``Folder`` (a folder of that name) or ``Cancel``. A long press on a
  field selects its text and shows Android's text toolbar (``Cut``, ``Copy``, ``Select
  all``): cutting the extension leaves a note with no extension.
* The editor shows the note's text in one field; typing appends at the end, ``Enter``
  starts a new line, delete removes the last character. A long press offers
  ``Select all`` (typing then replaces the text) and ``Paste`` (the clipboard that
  Clipper holds). Every change is written to the file at once, as Markor saves as you
  type; ``Navigate up`` returns to the browser.

The phone's BACK key finishes the app (as for every model), so ``Navigate up`` is the
way back inside Markor.
"""

from __future__ import annotations

import datetime as dt
import shutil
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from droidhub.virtual.appmodel import PIXEL_6, Intent, Screen, VirtualApp
from droidhub_aw_apps.clipboard import model as clipboard
from droidhub_aw_apps.common.hierarchy import (
    Node,
    bottom_buttons,
    folder_entries,
    hit,
    list_item,
    render,
    toolbar,
)
from droidhub_aw_apps.common.keys import KEY_DEL, KEY_ENTER
from droidhub_aw_apps.markor.model import ACTIVITY, MARKOR_DATA, PACKAGE

if TYPE_CHECKING:
    from droidhub.virtual.appmodel import VirtualPhone

_ROWS = 12
_ROW_HEIGHT = 140
_LIST_TOP = 300
#: Where the toolbar's title ends (room for up to four action buttons).
_TITLE_RIGHT = 700
_LONG_PRESS_MS = 500


#: The floating text toolbar of a field a long press selected.
_TEXT_MENU = ("Cut", "Copy", "Select all")


@dataclass
class _Field:
    """A text field of a dialog: its text, whether it has the focus, and whether its
    text is selected (the rename dialog opens with the name selected, so typing
    replaces it, as Android's EditText does with a selection)."""

    text: str = ""
    focused: bool = False
    selected: bool = False

    def type(self, text: str) -> None:
        """Type ``text``: it replaces a selection, else goes at the end."""
        self.text = text if self.selected else self.text + text
        self.selected = False

    def delete(self) -> None:
        """DEL: removes the selection, else the last character."""
        self.text = "" if self.selected else self.text[:-1]
        self.selected = False


@dataclass
class _Dialog:
    """The dialog on top of the browser, if any."""

    kind: str  # "new", "rename" or "delete"
    name: _Field = field(default_factory=_Field)
    extension: _Field = field(default_factory=lambda: _Field(".md"))
    #: The field whose text menu (Cut, Copy, Select all) a long press opened, if any.
    menu_field: _Field | None = None


class MarkorScreens(VirtualApp):
    """Markor's screens over the notebook folder :attr:`root`; a subclass names the
    package, activity and version."""

    label = "Markor"
    #: The notebook folder the browser starts in and cannot leave.
    root: ClassVar[str] = ""

    def __init__(self) -> None:
        self._reset()

    def _reset(self) -> None:
        self.folder = self.root
        self.offset = 0
        self.selected: set[str] = set()
        self.moving: list[str] = []
        self.dialog: _Dialog | None = None
        self.editing: str | None = None  # device path of the open note
        self.text = ""
        self.all_selected = False
        self.menu = False

    def install(self, phone: VirtualPhone) -> None:
        """Create the notebook folder, as Markor does on its first start."""
        phone.host_path(self.root).mkdir(parents=True, exist_ok=True)
        self._reset()

    def on_start(self, phone: VirtualPhone, intent: Intent) -> None:
        """A launch shows the notebook's root folder."""
        self._reset()
        phone.host_path(self.root).mkdir(parents=True, exist_ok=True)

    def on_stop(self, phone: VirtualPhone) -> None:
        """Force-stopped: back to a fresh start next time."""
        self._reset()

    # --- the browser ---------------------------------------------------------------------
    def _entries(self, phone: VirtualPhone) -> list[tuple[str, bool]]:
        return folder_entries(phone.host_path(self.folder))

    def _browser_nodes(self, phone: VirtualPhone) -> list[Node]:
        name = self.folder.rsplit("/", 1)[1]
        if self.selected:
            nodes = toolbar(
                f"{len(self.selected)} selected",
                False,
                ["Delete", "Rename", "Move", "Select all"]
                if len(self.selected) == 1
                else ["Delete", "Move", "Select all"],
                title_right=_TITLE_RIGHT,
            )
        else:
            nodes = toolbar(name, self.folder != self.root, title_right=_TITLE_RIGHT)
        entries = self._entries(phone)
        if self.moving:
            entries = [e for e in entries if e[1]]
        for i, (entry, is_dir) in enumerate(entries[self.offset : self.offset + _ROWS]):
            top = _LIST_TOP + i * _ROW_HEIGHT
            item = list_item(
                top,
                _ROW_HEIGHT,
                entry,
                f"{self.package}:id/ui__filesystem_item__root",
                f"{self.package}:id/ui__filesystem_item__title",
                content_desc="Folder" if is_dir else "",
                selected=entry in self.selected,
            )
            item.children[0].bounds = (160, top + 10, 1040, top + 80)
            item.children.append(
                Node(
                    "android.widget.TextView",
                    text=self._modified(phone, f"{self.folder}/{entry}"),
                    resource_id=f"{self.package}:id/ui__filesystem_item__description",
                    bounds=(160, top + 80, 1040, top + 130),
                )
            )
            nodes.append(item)
        if self.moving:
            nodes.extend(bottom_buttons(("Cancel", "Move here")))
        elif not self.selected:
            nodes.append(
                Node(
                    "android.widget.ImageButton",
                    content_desc="Create a new file or folder",
                    resource_id=f"{self.package}:id/fab_add_new_item",
                    bounds=(860, 2140, 1020, 2300),
                    clickable=True,
                )
            )
        return nodes

    @staticmethod
    def _modified(phone: VirtualPhone, path: str) -> str:
        """The row's description: when the file was last modified, in the phone's time."""
        try:
            seconds = phone.host_path(path).stat().st_mtime
        except OSError:
            return ""
        when = dt.datetime.fromtimestamp(seconds, phone.tzinfo())
        return f"{when:%d.%m.%y %H:%M}"

    def _dialog_nodes(self, dialog: _Dialog) -> list[Node]:
        titles = {"new": "Create a new file", "rename": "Rename", "delete": "Delete"}
        nodes = [
            Node("android.widget.TextView", text=titles[dialog.kind], bounds=(80, 800, 1000, 900))
        ]
        buttons: list[str]
        if dialog.kind == "delete":
            nodes.append(
                Node(
                    "android.widget.TextView",
                    text="Do you really want to delete this?",
                    bounds=(80, 920, 1000, 1020),
                )
            )
            buttons = ["Cancel", "OK"]
        else:
            nodes.append(
                Node(
                    "android.widget.EditText",
                    text=dialog.name.text,
                    hint="Name",
                    resource_id=f"{self.package}:id/new_file_dialog__name",
                    bounds=(80, 920, 760 if dialog.kind == "new" else 1000, 1040),
                    focused=dialog.name.focused,
                    selected=dialog.name.selected,
                )
            )
            if dialog.kind == "new":
                nodes.append(
                    Node(
                        "android.widget.EditText",
                        text=dialog.extension.text,
                        hint="Extension",
                        resource_id=f"{self.package}:id/new_file_dialog__ext",
                        bounds=(780, 920, 1000, 1040),
                        focused=dialog.extension.focused,
                    )
                )
                buttons = ["Cancel", "Folder", "OK"]
            else:
                buttons = ["Cancel", "OK"]
        if dialog.menu_field is not None:
            # Android's floating text toolbar over the field.
            for i, label in enumerate(_TEXT_MENU):
                nodes.append(
                    Node(
                        "android.widget.Button",
                        text=label,
                        bounds=(80 + i * 300, 780, 360 + i * 300, 890),
                        clickable=True,
                    )
                )
        for i, label in enumerate(buttons):
            left = 1000 - (len(buttons) - i) * 260
            nodes.append(
                Node(
                    "android.widget.Button",
                    text=label,
                    bounds=(left, 1080, left + 240, 1200),
                    clickable=True,
                )
            )
        return nodes

    # --- the editor ----------------------------------------------------------------------
    def _editor_nodes(self) -> list[Node]:
        assert self.editing is not None
        nodes = toolbar(self.editing.rsplit("/", 1)[1], True, title_right=_TITLE_RIGHT)
        nodes.append(
            Node(
                "android.widget.EditText",
                text=self.text,
                hint="Type here",
                resource_id=f"{self.package}:id/document__fragment__edit__highlighting_editor",
                bounds=(0, 260, PIXEL_6.width, 2300),
                focused=True,
                selected=self.all_selected,
            )
        )
        if self.menu:
            for i, label in enumerate(("Select all", "Paste")):
                nodes.append(
                    Node(
                        "android.widget.Button",
                        text=label,
                        bounds=(100 + i * 320, 400, 400 + i * 320, 520),
                        clickable=True,
                    )
                )
        return nodes

    def _save(self, phone: VirtualPhone) -> None:
        assert self.editing is not None
        host = phone.host_path(self.editing)
        host.parent.mkdir(parents=True, exist_ok=True)
        host.write_text(self.text, encoding="utf-8")
        phone.stamp(host)

    def _edit(self, phone: VirtualPhone, text: str) -> None:
        self.text = text if self.all_selected else self.text + text
        self.all_selected = False
        self._save(phone)

    def _open_note(self, phone: VirtualPhone, path: str) -> None:
        host = phone.host_path(path)
        self.editing = path
        self.text = host.read_text(encoding="utf-8", errors="replace") if host.is_file() else ""
        self.all_selected = self.menu = False

    # --- screens and input ---------------------------------------------------------------
    def _nodes(self, phone: VirtualPhone) -> list[Node]:
        if self.editing is not None:
            return self._editor_nodes()
        nodes = self._browser_nodes(phone)
        if self.dialog is not None:
            nodes = [*nodes, *self._dialog_nodes(self.dialog)]
        return nodes

    def screen(self, phone: VirtualPhone) -> Screen:
        """The browser (with its dialog) or the editor."""
        return Screen(hierarchy=render(self.package, self._nodes(phone)))

    def on_tap(self, phone: VirtualPhone, x: int, y: int) -> None:
        """Buttons, rows, fields and the editor's menu."""
        nodes = self._dialog_nodes(self.dialog) if self.dialog else self._nodes(phone)
        node = hit(nodes, x, y)
        if node is None:
            self.menu = False
            return
        if self.editing is not None:
            self._tap_editor(phone, node)
        elif self.dialog is not None:
            self._tap_dialog(phone, node, self.dialog)
        else:
            self._tap_browser(phone, node, y)

    def _tap_editor(self, phone: VirtualPhone, node: Node) -> None:
        if node.content_desc == "Navigate up":
            self._reset_to_folder()
        elif node.text == "Select all":
            self.all_selected, self.menu = True, False
        elif node.text == "Paste":
            model = clipboard.clipper_model(phone)
            self.menu = False
            self._edit(phone, model.text if model is not None else "")
        else:
            self.menu = False

    def _reset_to_folder(self) -> None:
        self.editing, self.text, self.all_selected, self.menu = None, "", False, False

    def _tap_dialog(self, phone: VirtualPhone, node: Node, dialog: _Dialog) -> None:
        menu_field, dialog.menu_field = dialog.menu_field, None
        if menu_field is not None and node.text in _TEXT_MENU:
            self._text_menu(phone, menu_field, node.text)
            return
        if node.resource_id.endswith("__name"):
            # A tap puts the cursor where it lands: the selection goes.
            dialog.name.focused, dialog.extension.focused = True, False
            dialog.name.selected = False
            return
        if node.resource_id.endswith("__ext"):
            dialog.name.focused, dialog.extension.focused = False, True
            return
        name = dialog.name.text.strip()
        if node.text == "Cancel":
            self.dialog = None
        elif dialog.kind == "delete" and node.text == "OK":
            for entry in self.selected:
                target = phone.host_path(f"{self.folder}/{entry}")
                if target.is_dir():
                    shutil.rmtree(target)
                else:
                    target.unlink(missing_ok=True)
            self.selected, self.dialog = set(), None
        elif dialog.kind == "rename" and node.text == "OK" and name:
            (old,) = self.selected
            phone.host_path(f"{self.folder}/{old}").rename(phone.host_path(f"{self.folder}/{name}"))
            self.selected, self.dialog = set(), None
        elif dialog.kind == "new" and node.text == "Folder" and name:
            phone.host_path(f"{self.folder}/{name}").mkdir(parents=True, exist_ok=True)
            self.dialog = None
        elif dialog.kind == "new" and node.text == "OK" and name:
            extension = dialog.extension.text.strip()
            # A name that already has an extension keeps it, as Markor keeps "notes.txt".
            has_extension = "." in name.lstrip(".")
            file_name = name if has_extension or not extension else name + extension
            self.dialog = None
            path = f"{self.folder}/{file_name}"
            self._open_note(phone, path)
            if not phone.host_path(path).exists():
                self._save(phone)

    @staticmethod
    def _text_menu(phone: VirtualPhone, target: _Field, action: str) -> None:
        """Cut or Copy the field's text to the clipboard, or select all of it."""
        model = clipboard.clipper_model(phone)
        if action in ("Cut", "Copy") and model is not None:
            model.text = target.text
        if action == "Cut":
            target.text, target.selected = "", False
        elif action == "Select all":
            target.selected = True

    def _tap_browser(self, phone: VirtualPhone, node: Node, y: int) -> None:
        desc, text = node.content_desc, node.text
        if desc == "Navigate up" and self.folder != self.root:
            self.folder, self.offset = self.folder.rsplit("/", 1)[0], 0
        elif desc == "Create a new file or folder":
            self.dialog = _Dialog("new", name=_Field(focused=True))
        elif desc == "Delete":
            self.dialog = _Dialog("delete")
        elif desc == "Rename" and len(self.selected) == 1:
            self.dialog = _Dialog("rename", name=_Field(next(iter(self.selected)), True, True))
        elif desc == "Move":
            self.moving = [f"{self.folder}/{entry}" for entry in sorted(self.selected)]
            self.selected = set()
        elif desc == "Select all":
            self.selected = {entry for entry, _ in self._entries(phone)}
        elif text == "Cancel" and self.moving:
            self.moving = []
        elif text == "Move here" and self.moving:
            for source in self.moving:
                destination = phone.host_path(f"{self.folder}/{source.rsplit('/', 1)[1]}")
                if phone.host_path(source) != destination:
                    shutil.move(phone.host_path(source), destination)
            self.moving = []
        else:
            item = self._item_at(phone, y)
            if item is None:
                return
            entry, is_dir = item
            if self.selected:
                self.selected ^= {entry}
            elif is_dir:
                self.folder, self.offset = f"{self.folder}/{entry}", 0
            elif not self.moving:
                self._open_note(phone, f"{self.folder}/{entry}")

    def _item_at(self, phone: VirtualPhone, y: int) -> tuple[str, bool] | None:
        row = (y - _LIST_TOP) // _ROW_HEIGHT
        entries = self._entries(phone)
        if self.moving:
            entries = [e for e in entries if e[1]]
        index = self.offset + row
        if y < _LIST_TOP or not 0 <= row < _ROWS or index >= len(entries):
            return None
        return entries[index]

    def on_swipe(
        self, phone: VirtualPhone, x1: int, y1: int, x2: int, y2: int, duration_ms: int
    ) -> None:
        """A long press selects (browser) or opens the text menu (editor); a vertical
        swipe scrolls the list."""
        long_press = (x1, y1) == (x2, y2) and duration_ms >= _LONG_PRESS_MS
        if self.editing is not None:
            self.menu = long_press
            return
        if self.dialog is not None:
            if long_press:
                self._long_press_dialog(self.dialog, x1, y1)
            return
        if long_press:
            item = self._item_at(phone, y1)
            if item is not None and not self.moving:
                self.selected.add(item[0])
        elif abs(y2 - y1) > abs(x2 - x1):
            most = max(0, len(self._entries(phone)) - _ROWS)
            self.offset = min(most, max(0, self.offset + (y1 - y2) // _ROW_HEIGHT))

    def _long_press_dialog(self, dialog: _Dialog, x: int, y: int) -> None:
        """A long press on a field selects its text and opens the text menu."""
        node = hit(self._dialog_nodes(dialog), x, y)
        if node is None or not node.class_name.endswith("EditText"):
            return
        target = dialog.extension if node.resource_id.endswith("__ext") else dialog.name
        dialog.name.focused, dialog.extension.focused = (
            target is dialog.name,
            target is dialog.extension,
        )
        target.selected, dialog.menu_field = True, target

    def on_text(self, phone: VirtualPhone, text: str) -> None:
        """Typing goes to the editor or the dialog's focused field."""
        if self.editing is not None:
            self._edit(phone, text)
        elif self.dialog is not None:
            focused = self.dialog.extension if self.dialog.extension.focused else self.dialog.name
            focused.type(text)

    def on_key(self, phone: VirtualPhone, keycode: str) -> None:
        """Enter: a new line in the editor. Delete: removes the last character."""
        if self.editing is not None:
            if keycode in KEY_ENTER:
                self._edit(phone, "\n")
            elif keycode in KEY_DEL:
                self.text = "" if self.all_selected else self.text[:-1]
                self.all_selected = False
                self._save(phone)
        elif self.dialog is not None and keycode in KEY_DEL:
            focused = self.dialog.extension if self.dialog.extension.focused else self.dialog.name
            focused.delete()


class MarkorApp(MarkorScreens):
    """Markor on the virtual phone: the notes folder, and the screens to work on it."""

    package = PACKAGE
    label = "Markor"
    activity = ACTIVITY
    version_name = "2.11.1"
    root = MARKOR_DATA


def virtual_apps() -> list[VirtualApp]:
    """A fresh Markor model."""
    return [MarkorApp()]
