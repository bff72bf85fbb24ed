"""The Files app (DocumentsUI) on the view engine over the phone's shared storage
(:mod:`.layouts`).

It lists a folder (folders first, then by name; the list scrolls); a tap opens a
folder, a long press selects an item and taps then add or remove items. With a
selection, the action mode's Delete asks 'Delete "<name>"?' (OK deletes), and the
overflow's "Move to…" picks a destination: the same screen with Cancel and Move at
the bottom, where the breadcrumb and the folders lead anywhere. BACK drops the
selection, else goes up a folder, else leaves the app. A web page opens in Chrome.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from droidhub.virtual.appmodel import Intent, VirtualApp
from droidhub.virtual.views import MenuItem, View, ViewApp, Window, alert_dialog, popup_menu
from droidhub_aw_apps.common import app_files, storage
from droidhub_aw_apps.common.app_identity import model_of
from droidhub_aw_apps.common.folders import folder_entries
from droidhub_aw_apps.files import layouts
from droidhub_aw_apps.files.layouts import Entry
from droidhub_aw_apps.files.model import APPS, STORAGE_LABEL

if TYPE_CHECKING:
    from droidhub.virtual.appmodel import VirtualPhone

#: The browser web pages open in (package, activity).
_CHROME = ("com.android.chrome", "com.google.android.apps.chrome.Main")


@model_of(APPS[0])
class FilesApp(ViewApp):
    """The Files app (DocumentsUI) over the phone's shared storage."""

    def __init__(self) -> None:
        super().__init__()
        self.folder = storage.SDCARD
        self.selected: list[str] = []
        self.moving: list[str] = []
        self.overlay = ""  # "", "overflow" or "delete"

    def on_start(self, phone: VirtualPhone, intent: Intent) -> None:
        """A launch shows the storage root."""
        super().on_start(phone, intent)
        self.folder, self.selected, self.moving, self.overlay = storage.SDCARD, [], [], ""

    # --- data ----------------------------------------------------------------------------
    def _entries(self, phone: VirtualPhone) -> list[Entry]:
        """The folder's rows with DocumentsUI's metadata line (size and date of a file,
        the date of a folder)."""
        here = phone.host_path(self.folder)
        rows = []
        for name, is_dir in folder_entries(here):
            stat = (here / name).stat()
            when = dt.datetime.fromtimestamp(stat.st_mtime).strftime("%b %-d")
            size = "" if is_dir else f"{_size(stat.st_size)}, "
            rows.append(Entry(name, is_dir, f"{size}{when}"))
        return rows

    def _crumbs(self) -> list[str]:
        parts = self.folder[len(storage.SDCARD) :].strip("/")
        return [STORAGE_LABEL, *(p for p in parts.split("/") if p)]

    # --- screens -------------------------------------------------------------------------
    def build(self, phone: VirtualPhone) -> Window:
        """The directory, its action mode, popup or delete dialog."""
        header: View
        if self.selected and not self.moving:
            header = layouts.action_mode(
                len(self.selected), self._deselect, self._ask_delete, self._open_overflow
            )
        else:
            header = layouts.toolbar(self._open_overflow)

        def bind(entry: Entry) -> View:
            long = None if self.moving else (lambda: self._select(entry.name))
            return layouts.doc_row(
                entry, entry.name in self.selected, lambda: self._tap(phone, entry), long
            )

        save = layouts.picker_buttons(self._cancel_move, lambda: self._move(phone))
        crumbs = self._crumbs()
        content = layouts.directory(
            header, layouts.breadcrumb(crumbs, self._to_crumb), _header_title(crumbs),
            self._entries(phone), bind, save if self.moving else None,
        )  # fmt: skip
        window = Window(content, background=layouts.SURFACE, status_bar=layouts.SURFACE)
        window.on_cancel = self._close_overlay
        if self.overlay == "overflow" and self.selected:
            items = [MenuItem(id, title) for id, title in layouts.OVERFLOW]
            window.dialog = popup_menu(items, self._choose)
            window.popup_anchor = (540, 118, 1080, 265)
        elif self.overlay == "delete" and self.selected:
            name = self.selected[0]
            message = (
                f'Delete "{name}"?' if len(self.selected) == 1
                else f"Delete {len(self.selected)} items?"
            )  # fmt: skip
            window.dialog = alert_dialog(
                "", message, positive=("OK", lambda: self._delete(phone)),
                negative=("Cancel", self._close_overlay),
            )  # fmt: skip
        return window

    def on_back(self, phone: VirtualPhone) -> bool:
        """BACK drops the selection, else goes up a folder, else leaves."""
        if self.selected:
            self._deselect()
        elif self.folder != storage.SDCARD:
            self._to_crumb(len(self._crumbs()) - 2)
        else:
            return False
        return True

    # --- actions -------------------------------------------------------------------------
    def _tap(self, phone: VirtualPhone, entry: Entry) -> None:
        name = entry.name
        if self.selected and not self.moving:
            if name in self.selected:
                self.selected.remove(name)
            else:
                self.selected.append(name)
        elif entry.is_dir:
            self.folder = f"{self.folder}/{name}"
            self.view_state.scroll.clear()
        elif not self.moving and self._opens_in_chrome(phone, name):
            # Opening a web page hands it to Chrome, as "open with Chrome" does.
            view = Intent(action="android.intent.action.VIEW", data=f"file://{self.folder}/{name}")
            phone.start(*_CHROME, view)

    @staticmethod
    def _opens_in_chrome(phone: VirtualPhone, name: str) -> bool:
        return name.endswith((".html", ".htm")) and _CHROME[0] in phone.packages()

    def _select(self, name: str) -> None:
        if name not in self.selected:
            self.selected.append(name)

    def _deselect(self) -> None:
        self.selected, self.overlay = [], ""

    def _to_crumb(self, index: int) -> None:
        parts = self._crumbs()[1 : index + 1]
        self.folder = "/".join([storage.SDCARD, *parts])
        self.view_state.scroll.clear()

    def _open_overflow(self) -> None:
        self.overlay = "overflow"

    def _close_overlay(self) -> None:
        self.overlay = ""

    def _ask_delete(self) -> None:
        self.overlay = "delete"

    def _choose(self, item: MenuItem) -> None:
        self.overlay = ""
        if item.id == "action_menu_move_to":
            self.moving = [f"{self.folder}/{name}" for name in self.selected]
            self.selected = []
        elif item.id == "action_menu_select_all":
            pass  # the rows are not all bound; selecting all is not modelled

    def _delete(self, phone: VirtualPhone) -> None:
        for name in self.selected:
            app_files.remove(phone, phone.host_path(f"{self.folder}/{name}"))
        self.selected, self.overlay = [], ""

    def _move(self, phone: VirtualPhone) -> None:
        for source in self.moving:
            # A folder cannot go into itself or below itself (the real app refuses too),
            # and an item moved to where it already is stays put.
            if self.folder == source or self.folder.startswith(source + "/"):
                continue
            destination = phone.host_path(f"{self.folder}/{source.rsplit('/', 1)[1]}")
            if destination == phone.host_path(source):
                continue
            app_files.move(phone, phone.host_path(source), destination)
        self.moving = []

    def _cancel_move(self) -> None:
        self.moving = []


def _header_title(crumbs: list[str]) -> str:
    """``header_title`` of a storage root (BaseActivity.getHeaderStorageTitle): "Files on
    <root>" at the root, "Files in <folder>" below it."""
    return f"Files on {crumbs[0]}" if len(crumbs) == 1 else f"Files in {crumbs[-1]}"


def _size(size: int) -> str:
    """A size as Android's ``Formatter.formatFileSize`` writes it (kB, MB: powers of 1000)."""
    if size < 1000:
        return f"{size} B"
    for unit in ("kB", "MB", "GB"):
        size_f = size / 1000
        if size_f < 1000:
            return f"{size_f:.2f} {unit}" if size_f < 10 else f"{round(size_f)} {unit}"
        size = int(size_f)
    return f"{size} TB"


def virtual_apps() -> list[VirtualApp]:
    """A fresh Files model."""
    return [FilesApp()]
