"""The Files app on the virtual phone: the storage roots, a folder's list, selection,
delete and move.
"""

from __future__ import annotations

import shutil
from typing import TYPE_CHECKING

from droidhub.virtual.appmodel import Intent, Screen, VirtualApp
from droidhub_aw_apps.common import storage
from droidhub_aw_apps.common.hierarchy import (
    Node,
    bottom_buttons,
    folder_entries,
    hit,
    list_item,
    render,
    toolbar,
)
from droidhub_aw_apps.common.keys import KEY_BACK
from droidhub_aw_apps.files.model import (
    ACTIVITY,
    PACKAGE,
    STORAGE_LABEL,
)

if TYPE_CHECKING:
    from droidhub.virtual.appmodel import VirtualPhone


_ROWS = 12
_ROW_HEIGHT = 140
_LONG_PRESS_MS = 500
#: The browser web pages open in (package, activity).
_CHROME = ("com.android.chrome", "com.google.android.apps.chrome.Main")


class FilesApp(VirtualApp):
    """The Files app (DocumentsUI) over the phone's shared storage.

    It lists a folder (folders first, 12 rows; swipe to scroll); a tap opens a folder,
    a long press selects an item, and taps then add or remove items. With a selection,
    ``Delete`` removes it and ``Move to`` lets the user open the destination folder
    and press ``Move``. ``Navigate up`` goes to the parent folder. Back drops the
    selection or goes up a folder, but the phone then also closes the app (its BACK
    always finishes the front activity), so agents use ``Navigate up``.
    """

    package = PACKAGE
    label = "Files"
    activity = ACTIVITY

    def __init__(self) -> None:
        self.folder = storage.SDCARD
        self.offset = 0
        self.selected: set[str] = set()
        self.moving: list[str] = []

    def on_start(self, phone: VirtualPhone, intent: Intent) -> None:
        """A launch shows the storage root."""
        self.folder, self.offset, self.selected, self.moving = storage.SDCARD, 0, set(), []

    def _entries(self, phone: VirtualPhone) -> list[tuple[str, bool]]:
        return folder_entries(phone.host_path(self.folder))

    def _nodes(self, phone: VirtualPhone) -> list[Node]:
        title = STORAGE_LABEL if self.folder == storage.SDCARD else self.folder.rsplit("/", 1)[1]
        if self.selected:
            title = f"{len(self.selected)} selected"
        nodes = toolbar(title, self.folder != storage.SDCARD)
        entries = self._entries(phone)[self.offset : self.offset + _ROWS]
        for i, (name, is_dir) in enumerate(entries):
            nodes.append(
                list_item(
                    300 + i * _ROW_HEIGHT,
                    _ROW_HEIGHT,
                    name,
                    f"{PACKAGE}:id/item_root",
                    "android:id/title",
                    content_desc="Folder" if is_dir else "",
                    selected=name in self.selected,
                )
            )
        actions = (
            ["Delete", "Move to"] if self.selected else (["Move", "Cancel"] if self.moving else [])
        )
        return nodes + bottom_buttons(actions)

    def screen(self, phone: VirtualPhone) -> Screen:
        """The folder listing."""
        return Screen(hierarchy=render(PACKAGE, self._nodes(phone)))

    def _item_at(self, phone: VirtualPhone, x: int, y: int) -> tuple[str, bool] | None:
        node = hit(self._nodes(phone), x, y)
        if node is None or not node.resource_id.endswith("item_root"):
            return None
        name = node.children[0].text
        return name, node.content_desc == "Folder"

    def on_tap(self, phone: VirtualPhone, x: int, y: int) -> None:
        """Open a folder, change the selection, or run an action."""
        node = hit(self._nodes(phone), x, y)
        if node is None:
            return
        if node.content_desc == "Navigate up":
            self.folder, self.offset, self.selected = self.folder.rsplit("/", 1)[0], 0, set()
            return
        if node.text in ("Delete", "Move to", "Move", "Cancel"):
            self._action(phone, node.text)
            return
        item = self._item_at(phone, x, y)
        if item is None:
            return
        name, is_dir = item
        if self.selected:
            self.selected ^= {name}
        elif is_dir:
            self.folder, self.offset = f"{self.folder}/{name}", 0
        elif name.endswith((".html", ".htm")) and _CHROME[0] in phone.packages():
            # Opening a web page hands it to Chrome, as "open with Chrome" does.
            view = Intent(action="android.intent.action.VIEW", data=f"file://{self.folder}/{name}")
            phone.start(*_CHROME, view)

    def _action(self, phone: VirtualPhone, action: str) -> None:
        if action == "Delete":
            for name in self.selected:
                target = phone.host_path(f"{self.folder}/{name}")
                if target.is_dir():
                    shutil.rmtree(target)
                else:
                    target.unlink(missing_ok=True)
            self.selected = set()
        elif action == "Move to":
            self.moving = [f"{self.folder}/{name}" for name in sorted(self.selected)]
            self.selected = set()
        elif action == "Move":
            for source in self.moving:
                # A folder cannot go into itself or below itself (the real app refuses
                # too), and an item moved to where it already is stays put.
                if self.folder == source or self.folder.startswith(source + "/"):
                    continue
                destination = phone.host_path(f"{self.folder}/{source.rsplit('/', 1)[1]}")
                if destination == phone.host_path(source):
                    continue
                shutil.move(phone.host_path(source), destination)
            self.moving = []
        elif action == "Cancel":
            self.moving = []

    def on_swipe(
        self, phone: VirtualPhone, x1: int, y1: int, x2: int, y2: int, duration_ms: int
    ) -> None:
        """A long press selects an item; a vertical swipe scrolls."""
        if (x1, y1) == (x2, y2) and duration_ms >= _LONG_PRESS_MS:
            item = self._item_at(phone, x1, y1)
            if item is not None and not self.moving:
                self.selected.add(item[0])
        elif abs(y2 - y1) > abs(x2 - x1):
            step = (y1 - y2) // _ROW_HEIGHT
            most = max(0, len(self._entries(phone)) - _ROWS)
            self.offset = min(most, max(0, self.offset + step))

    def on_key(self, phone: VirtualPhone, keycode: str) -> None:
        """Back drops the selection or goes up a folder."""
        if keycode not in KEY_BACK:
            return
        if self.selected:
            self.selected = set()
        elif self.folder != storage.SDCARD:
            self.folder, self.offset = self.folder.rsplit("/", 1)[0], 0


def virtual_apps() -> list[VirtualApp]:
    """A fresh Files model."""
    return [FilesApp()]
