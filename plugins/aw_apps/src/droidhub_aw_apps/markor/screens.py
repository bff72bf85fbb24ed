"""Markor's screens on the view engine (net.gsantner.markor 2.11.1, as AndroidWorld pins
it), bound from the phone's files; the views are :mod:`.layouts`.

* MainActivity, Files tab: the toolbar titled "Markor" (``> Folder`` below the
  notebook) with Go to, Sort by, Search and More options (Import from device,
  Settings); the folder's rows (``..`` first while there is a parent, then folders
  and files by name), each described by its modification time as Android's numeric
  date and time; the FAB; the bottom navigation. A long press selects a row, later
  taps add or remove rows; with a selection the title goes and the menu offers
  Favourite, Rename, Details and Delete (one row) or Delete (several), with Move,
  Copy, Share... in More options. BACK drops the selection, then goes up a folder.
* The dialogs: "Create a new file or folder" (``new_file_dialog``: name, extension
  ".md", type and template; Cancel, Folder, OK), Rename (``new_name`` holding the
  name), Confirm Delete, and the folder picker of Move / Copy
  (``opoc_filesystem_dialog``: ``Move → Folder``, Cancel, Select this folder).
* DocumentActivity: Navigate up, the title (the name without its extension), Undo,
  Redo, View mode, Save, Search and More options; the editor holding the note's text,
  saved as it changes (Markor saves as you type); the text actions bar. A long press
  on the editor brings up the floating text toolbar (Cut, Copy, Paste, Select all).
  Ctrl+A (``input keycombination``) or Select all selects the focused field's text,
  which what is typed next, or DEL, replaces.
* Settings: its top-level preferences (``preferences_master.xml``).
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from droidhub.virtual import views
from droidhub.virtual.views.window import CONTENT
from droidhub_aw_apps.clipboard import model as clipboard
from droidhub_aw_apps.common import app_files
from droidhub_aw_apps.common.app_identity import model_of
from droidhub_aw_apps.common.folders import folder_entries
from droidhub_aw_apps.markor import layouts, menus, settings
from droidhub_aw_apps.markor.ids import EDITOR, EXT_FIELD, NAME_FIELD, RENAME_FIELD
from droidhub_aw_apps.markor.menus import menu_anchor
from droidhub_aw_apps.markor.model import APPS, MARKOR_DATA, modified, replaced

if TYPE_CHECKING:
    from droidhub.virtual.appmodel import Intent, VirtualApp, VirtualPhone

#: The top of the phone's shared storage: the browser goes no higher.
STORAGE = "/storage/emulated/0"
KEY_ENTER = ("KEYCODE_ENTER", "66")
SELECT_ALL_KEYS = ("KEYCODE_CTRL_LEFT", "KEYCODE_A")


@dataclass
class Navigation:
    """Where Markor is and what shows over it."""

    folder: str
    tab: str = "nav_notebook"
    #: Names selected in :attr:`folder`.
    selected: set[str] = field(default_factory=set)
    #: The popup or dialog over the screen: "overflow", "sort", "goto", "new",
    #: "rename", "delete", "move", "copy", "text" (the floating text toolbar).
    over: str = ""
    #: The fields of the new-file and rename dialogs.
    fields: dict[str, str] = field(default_factory=dict)
    #: The paths a Move / Copy carries, and the folder its picker shows.
    carried: list[str] = field(default_factory=list)
    picker_folder: str = ""
    #: The open note's path and text (None: no note open).
    editing: str | None = None
    text: str = ""
    settings: bool = False
    #: The field whose whole text is selected (typing replaces it), if any.
    all_selected: str = ""


class MarkorScreens(views.ViewApp):
    """Markor's activities as view trees over the notebook folder :attr:`root`."""

    label = "Markor"
    root: ClassVar[str] = ""

    def __init__(self) -> None:
        super().__init__()
        self.nav = Navigation(self.root)

    def install(self, phone: VirtualPhone) -> None:
        """Create the notebook folder, as Markor does on its first start."""
        phone.make_folders(phone.host_path(self.root))
        self.nav = Navigation(self.root)

    def on_start(self, phone: VirtualPhone, intent: Intent) -> None:
        """A launch shows the notebook's folder."""
        super().on_start(phone, intent)
        phone.make_folders(phone.host_path(self.root))
        self.nav = Navigation(self.root)

    def on_stop(self, phone: VirtualPhone) -> None:
        """Force-stopped: the notebook afresh next time."""
        self.nav = Navigation(self.root)
        self.reset_view_state()

    # --- building --------------------------------------------------------------------
    def build(self, phone: VirtualPhone) -> views.Window:
        """The activity in front with its popup or dialog."""
        nav = self.nav
        if nav.editing is not None:
            return self._document_window(phone)
        if nav.settings:
            return self._settings_window()
        window = views.Window(
            self._main_activity(phone), status_bar=layouts.PRIMARY_DARK, on_cancel=self._close_over
        )
        self._add_over(phone, window)
        return window

    def _close_over(self) -> None:
        self.nav.over = ""
        self.nav.all_selected = ""

    def _main_activity(self, phone: VirtualPhone) -> views.View:
        nav = self.nav
        if nav.tab == "nav_notebook":
            page: views.View = layouts.filesystem_fragment(*self._browser_list(phone))
        else:
            page = views.TextView("", "", width=views.MATCH_PARENT)
        return layouts.main_activity(
            self._main_toolbar(phone), page, self._ask_new, self._choose_tab, nav.tab
        )

    def _main_toolbar(self, phone: VirtualPhone) -> views.View:
        nav = self.nav
        if nav.tab != "nav_notebook":
            titles = {tab: title for tab, title, _ in layouts.BOTTOM_NAV}
            return layouts.toolbar(layouts.title_text(titles[nav.tab]))
        actions, overflow = self._browser_menu(phone)
        title = None
        if not nav.selected:
            name = nav.folder.rsplit("/", 1)[1]
            title = layouts.title_text(layouts.APP_NAME if nav.folder == self.root else f"> {name}")
        return layouts.toolbar(title, actions, overflow, lambda: self._show("overflow"))

    def _browser_menu(
        self, phone: VirtualPhone
    ) -> tuple[list[views.MenuItem], list[views.MenuItem]]:
        """``filesystem__menu`` and ``main__menu`` as ``updateMenuItems`` shows them."""
        selected = self.nav.selected
        if not selected:
            return (
                [
                    views.MenuItem("action_go_to", "Go to", "folder", lambda: self._show("goto")),
                    views.MenuItem("action_sort", "Sort by", "sort", lambda: self._show("sort")),
                    views.MenuItem("action_search", "Search", "search"),
                ],
                [
                    views.MenuItem("action_import", "Import from device"),
                    views.MenuItem("action_settings", "Settings", on_click=self._open_settings),
                ],
            )
        files_only = not any(phone.host_path(self._path(n)).is_dir() for n in selected)
        move = views.MenuItem(
            "action_move_selected_items", "Move", on_click=lambda: self._carry("move")
        )
        copy = views.MenuItem(
            "action_copy_selected_items", "Copy", on_click=lambda: self._carry("copy")
        )
        share = [views.MenuItem("action_share_files", "Share")] if files_only else []
        delete = views.MenuItem(
            "action_delete_selected_items", "Delete", "delete", lambda: self._show("delete")
        )
        if len(selected) > 1:
            return [delete], [move, copy, *share]
        clip = [views.MenuItem("action_fs_copy_to_clipboard", "Clipboard")] if files_only else []
        return (
            [
                views.MenuItem("action_favourite", "Favourite", "star"),
                views.MenuItem("action_rename_selected_item", "Rename", "edit", self._ask_rename),
                views.MenuItem("action_info_selected_item", "Details", "info"),
                delete,
            ],
            [
                *clip,
                move,
                copy,
                views.MenuItem("action_create_shortcut", "Create shortcut"),
                *share,
            ],
        )

    def _path(self, name: str, folder: str | None = None) -> str:
        return f"{folder or self.nav.folder}/{name}"

    # --- the file browser ------------------------------------------------------------
    def _rows(self, phone: VirtualPhone, folder: str, folders_only: bool) -> list[tuple[str, str]]:
        """``(name, kind)`` of the rows listing ``folder``: ``..`` ("Up") while the
        folder has a parent in the storage, then its folders and files."""
        rows = [
            (name, "Folder" if is_dir else "File")
            for name, is_dir in folder_entries(phone.host_path(folder))
            if is_dir or not folders_only
        ]
        if folder != STORAGE:
            rows.insert(0, ("..", "Up"))
        return rows

    def _browser_list(
        self, phone: VirtualPhone
    ) -> tuple[views.RecyclerView[tuple[str, str]], bool]:
        rows = self._rows(phone, self.nav.folder, folders_only=False)
        bound = views.RecyclerView(
            "ui__filesystem_dialog__list", rows, lambda row: self._browser_row(phone, row)
        )
        return bound, not any(kind != "Up" for _, kind in rows)

    def _browser_row(self, phone: VirtualPhone, row: tuple[str, str]) -> views.View:
        name, kind = row
        if kind == "Up":
            parent = self.nav.folder.rsplit("/", 1)[0]
            return layouts.filesystem_item(
                "..", parent, "Folder", on_click=self._go_up, on_long_click=lambda: None
            )
        return layouts.filesystem_item(
            name,
            modified(phone, self._path(name)),
            kind,
            selected=name in self.nav.selected,
            on_click=lambda: self._tap_row(phone, name, kind),
            on_long_click=lambda: self._toggle(name),
        )

    def _tap_row(self, phone: VirtualPhone, name: str, kind: str) -> None:
        nav = self.nav
        if nav.selected:
            self._toggle(name)
        elif kind == "Folder":
            self._enter(self._path(name))
        else:
            self._open_note(phone, self._path(name))

    def _toggle(self, name: str) -> None:
        self.nav.selected ^= {name}

    def _enter(self, folder: str) -> None:
        self.nav.folder, self.nav.selected = folder, set()
        self.view_state.scroll.pop("ui__filesystem_dialog__list", None)

    def _go_up(self) -> None:
        if self.nav.folder != STORAGE:
            self._enter(self.nav.folder.rsplit("/", 1)[0])

    def _choose_tab(self, tab: str) -> None:
        self.nav.tab, self.nav.selected = tab, set()

    def _show(self, over: str) -> None:
        self.nav.over = over

    def _open_settings(self) -> None:
        self.nav.settings = True
        self.reset_view_state()

    # --- popups and dialogs ----------------------------------------------------------
    def _add_over(self, phone: VirtualPhone, window: views.Window) -> None:
        """The popup or dialog :attr:`Navigation.over` names, over the browser."""
        over = self.nav.over
        if over in ("overflow", "sort", "goto"):
            items = {
                "overflow": self._browser_menu(phone)[1],
                "sort": menus.SORT,
                "goto": menus.GO_TO,
            }[over]
            window.dialog = views.popup_menu(items, self._choose)
            window.popup_anchor = menu_anchor({"overflow": 0, "sort": 2, "goto": 3}[over])
        elif over == "new":
            fields = self._field(NAME_FIELD, "my_note"), self._field(EXT_FIELD, ".md")
            window.dialog = layouts.ok_cancel_dialog(
                "",
                "",
                lambda: self._create(phone, folder=False),
                self._close_over,
                custom=layouts.new_file_dialog(*fields),
                neutral=("Folder", lambda: self._create(phone, folder=True)),
            )
        elif over == "rename":
            new_name = self._field(RENAME_FIELD, "Enter the name of your folder")
            window.dialog = layouts.ok_cancel_dialog(
                "Rename",
                "",
                lambda: self._rename(phone),
                self._close_over,
                custom=layouts.rename_dialog(new_name),
            )
        elif over == "delete":
            window.dialog = layouts.ok_cancel_dialog(
                "Confirm Delete",
                self._delete_message(),
                lambda: self._delete(phone),
                self._close_over,
            )
        elif over in ("move", "copy"):
            window.dialog = self._picker(phone)

    def _choose(self, item: views.MenuItem) -> None:
        self.nav.over = ""
        if item.on_click is not None:
            item.on_click()

    def _field(self, id: str, hint: str) -> views.EditText:
        nav = self.nav
        return views.EditText(
            id, nav.fields.get(id, ""), hint=hint, on_change=lambda text: self._typed(id, text)
        )

    def _typed(self, id: str, text: str) -> None:
        """A field's text changed by typing: a whole selection is replaced."""
        nav = self.nav
        nav.fields[id] = replaced(nav.fields.get(id, ""), text, nav.all_selected == id)
        nav.all_selected = ""

    def _ask_new(self) -> None:
        self.nav.over = "new"
        self.nav.fields = {NAME_FIELD: "", EXT_FIELD: ".md"}
        self.view_state.focus = NAME_FIELD

    def _ask_rename(self) -> None:
        (name,) = self.nav.selected
        self.nav.over = "rename"
        self.nav.fields = {RENAME_FIELD: name}
        self.view_state.focus = RENAME_FIELD

    def _carry(self, how: str) -> None:
        nav = self.nav
        nav.carried = [self._path(n) for n in sorted(nav.selected)]
        nav.over, nav.picker_folder = how, nav.folder

    def _create(self, phone: VirtualPhone, folder: bool) -> None:
        """OK: a note (its name and the extension; a name with an extension of its own
        keeps it) opened in the editor; Folder: a folder of that name."""
        nav = self.nav
        name = nav.fields.get(NAME_FIELD, "").strip()
        if not name:
            return
        nav.over = ""
        if folder:
            phone.make_folders(phone.host_path(self._path(name)))
            return
        extension = nav.fields.get(EXT_FIELD, "").strip()
        has_extension = "." in name.lstrip(".")
        path = self._path(name if has_extension or not extension else name + extension)
        host = phone.host_path(path)
        if not host.exists():
            app_files.write(phone, host, b"")
        self._open_note(phone, path)

    def _rename(self, phone: VirtualPhone) -> None:
        nav = self.nav
        new = nav.fields.get(RENAME_FIELD, "").strip()
        (old,) = nav.selected
        target = phone.host_path(self._path(new))
        if not new or target.exists():
            return  # the dialog says the name is taken and OK stays disabled
        app_files.move(phone, phone.host_path(self._path(old)), target)
        nav.selected, nav.over = set(), ""

    def _delete_message(self) -> str:
        selected = sorted(self.nav.selected)
        what = "document" if len(selected) == 1 else "documents"
        paths = "".join(f"\n{self._path(n)}" for n in selected)
        return f"Do you really want to delete this {what}?\n\n{paths}"

    def _delete(self, phone: VirtualPhone) -> None:
        for name in self.nav.selected:
            app_files.remove(phone, phone.host_path(self._path(name)))
        self.nav.selected, self.nav.over = set(), ""

    def _picker(self, phone: VirtualPhone) -> views.View:
        """The Move / Copy folder picker at :attr:`Navigation.picker_folder`."""
        nav = self.nav
        folder = nav.picker_folder
        rows = [
            row
            for row in self._rows(phone, folder, folders_only=True)
            if self._path(row[0], folder) not in nav.carried
        ]

        def bind(row: tuple[str, str]) -> views.View:
            name, kind = row
            if kind == "Up":
                return layouts.filesystem_item(
                    "..",
                    folder.rsplit("/", 1)[0],
                    "Folder",
                    on_click=lambda: self._pick(folder.rsplit("/", 1)[0]),
                )
            return layouts.filesystem_item(
                name,
                modified(phone, self._path(name, folder)),
                kind,
                on_click=lambda: self._pick(self._path(name, folder)),
            )

        title = f"{'Move' if nav.over == 'move' else 'Copy'} → {folder.rsplit('/', 1)[1]}"
        rows_view = views.RecyclerView("ui__filesystem_dialog__list", rows, bind)
        return layouts.filesystem_dialog(
            title,
            rows_view,
            self._close_picker,
            lambda: self._move_here(phone),
        )

    def _pick(self, folder: str) -> None:
        if folder.startswith(STORAGE):
            self.nav.picker_folder = folder

    def _close_picker(self) -> None:
        self.nav.over, self.nav.carried = "", []

    def _move_here(self, phone: VirtualPhone) -> None:
        nav = self.nav
        for source in nav.carried:
            destination = phone.host_path(self._path(source.rsplit("/", 1)[1], nav.picker_folder))
            if phone.host_path(source) == destination:
                continue
            if nav.over == "move":
                app_files.move(phone, phone.host_path(source), destination)
            elif phone.host_path(source).is_dir():
                shutil.copytree(phone.host_path(source), destination)
                phone.stamp(destination)
            else:
                app_files.copy(phone, phone.host_path(source), destination)
        nav.selected = set()
        self._close_picker()

    # --- the editor ------------------------------------------------------------------
    def _open_note(self, phone: VirtualPhone, path: str) -> None:
        host = phone.host_path(path)
        text = host.read_text(encoding="utf-8", errors="replace") if host.is_file() else ""
        self.nav.editing, self.nav.text, self.nav.over = path, text, ""
        self.reset_view_state()
        self.view_state.focus = EDITOR  # the editor takes the focus as the note opens

    def _close_note(self) -> None:
        self.nav.editing, self.nav.text, self.nav.over = None, "", ""
        self.nav.all_selected = ""
        self.reset_view_state()

    def _document_window(self, phone: VirtualPhone) -> views.Window:
        nav = self.nav
        assert nav.editing is not None
        name = nav.editing.rsplit("/", 1)[1]
        title = layouts.title_text(
            name.rsplit(".", 1)[0] if "." in name[1:] else name,
            id="note__activity__text_note_title",
        )
        actions = [
            views.MenuItem("action_undo", "Undo", "undo"),
            views.MenuItem("action_redo", "Redo", "redo"),
            views.MenuItem("action_preview", "View mode", "visibility"),
            views.MenuItem("action_save", "Save", "save", lambda: self._save(phone)),
            views.MenuItem("action_search", "Search", "search"),
        ]
        overflow = list(menus.DOCUMENT_OVERFLOW)
        bar = layouts.toolbar(
            title, actions, overflow, lambda: self._show("overflow"), navigation=self._close_note
        )
        editor = layouts.HighlightingEditor(
            EDITOR,
            nav.text,
            on_change=lambda text: self._edit(phone, text),
            on_long_click=lambda: self._show("text"),
        )
        window = views.Window(
            layouts.document_activity(bar, editor),
            status_bar=layouts.PRIMARY_DARK,
            soft_input=views.ADJUST_RESIZE,
            on_cancel=self._close_over,
        )
        if nav.over == "overflow":
            window.dialog = views.popup_menu(overflow, self._choose)
            window.popup_anchor = menu_anchor(0)
        elif nav.over == "text":
            labels = ["Cut", "Copy", "Paste", "Select all"] if nav.text else ["Paste"]
            window.dialog = layouts.text_toolbar(
                labels, lambda label: self._text_menu(phone, label)
            )
            top = CONTENT[1] + views.dp(56 + 12)
            window.popup_anchor = (CONTENT[0], top, CONTENT[2] - views.dp(16), top)
        return window

    def _text_menu(self, phone: VirtualPhone, label: str) -> None:
        """The floating toolbar's items: on the whole text (a long press here selects
        it all, as this model keeps no cursor), or Paste at the end."""
        nav = self.nav
        nav.over = ""
        model = clipboard.clipper_model(phone)
        if label in ("Cut", "Copy") and model is not None:
            model.text = nav.text
        if label == "Cut":
            nav.all_selected = ""
            self._write(phone, "")
        elif label == "Select all":
            nav.all_selected = EDITOR
        elif label == "Paste":
            self._edit(phone, nav.text + (model.text if model is not None else ""))

    def _edit(self, phone: VirtualPhone, text: str) -> None:
        """The editor's text changed (typing appends; a selection is replaced)."""
        nav = self.nav
        text = replaced(nav.text, text, nav.all_selected == EDITOR)
        nav.all_selected = ""
        self._write(phone, text)

    def _write(self, phone: VirtualPhone, text: str) -> None:
        nav = self.nav
        assert nav.editing is not None
        nav.text = text
        self._save(phone)

    def _save(self, phone: VirtualPhone) -> None:
        nav = self.nav
        if nav.editing is None:
            return
        app_files.write(phone, phone.host_path(nav.editing), nav.text.encode("utf-8"))

    # --- settings --------------------------------------------------------------------
    def _settings_window(self) -> views.Window:
        page = settings.settings_activity(self._close_settings)
        return views.Window(page, status_bar=layouts.PRIMARY_DARK)

    def _close_settings(self) -> None:
        self.nav.settings = False
        self.reset_view_state()

    # --- input -----------------------------------------------------------------------
    def on_tap(self, phone: VirtualPhone, x: int, y: int) -> None:
        """A tap drops a whole-text selection (the cursor goes where it lands)."""
        self.nav.all_selected = ""
        super().on_tap(phone, x, y)

    def on_key(self, phone: VirtualPhone, keycode: str) -> bool | None:
        """ENTER breaks a line in the editor (at its end); the rest as the engine does."""
        nav = self.nav
        if keycode in KEY_ENTER and nav.editing is not None and self.view_state.focus == EDITOR:
            self._edit(phone, nav.text + "\n")
            return None
        return super().on_key(phone, keycode)

    def on_key_combination(self, phone: VirtualPhone, keycodes: list[str]) -> None:
        """Ctrl+A selects the focused field's whole text."""
        if list(keycodes) == list(SELECT_ALL_KEYS) or set(keycodes) == {"113", "29"}:
            self.nav.all_selected = self.view_state.focus

    def on_back(self, phone: VirtualPhone) -> bool:
        """BACK closes the editor, the settings, the selection, then goes up a folder;
        in the notebook's folder it leaves."""
        nav = self.nav
        if nav.editing is not None:
            self._save(phone)
            self._close_note()
        elif nav.settings:
            self._close_settings()
        elif nav.selected:
            nav.selected = set()
        elif nav.tab != "nav_notebook":
            nav.tab = "nav_notebook"
        elif nav.folder != self.root and nav.folder.startswith(self.root):
            self._go_up()
        else:
            return False
        return True


@model_of(APPS[0])
class MarkorApp(MarkorScreens):
    """Markor on the virtual phone: the notes folder, and the screens to work on it."""

    version_name = "2.11.1"
    root = MARKOR_DATA


def virtual_apps() -> list[VirtualApp]:
    """A fresh Markor model."""
    return [MarkorApp()]
