"""Joplin's screens on the virtual phone (net.cozic.joplin, version code 2097740 as
AndroidWorld pins it; laurent22/joplin, packages/app-mobile), drawn from its
``joplin.sqlite`` with the widget toolkit:

* The note list: "All notes" at launch, or one notebook's notes, most recently updated
  first; a to-do's row carries its check box (checked once completed). A tap opens the
  note; the FAB ("New note") adds one. The toolbar's "Side menu" lists "All notes" and
  the notebooks by title.
* A note: its title and its Markdown body as text (to-do lists ``- [ ]`` / ``- [x]``
  shown as written), "Edit" (title and body fields, "Save") and "Delete" in the
  overflow menu (confirmed in a dialog).

BACK closes the dialog, the editor, the note, the side menu; on the list it leaves.
"""

from __future__ import annotations

import sqlite3
import time
import uuid
from collections.abc import Callable
from contextlib import closing
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from droidhub.virtual.appmodel import (
    Button,
    Dialog,
    Fab,
    IconButton,
    ListRow,
    MenuItem,
    ScrollList,
    Text,
    TextField,
    Theme,
    Toolbar,
    VirtualApp,
    WidgetApp,
    Window,
)
from droidhub_aw_apps.joplin.model import DB_PATH, PACKAGE, JoplinApp

if TYPE_CHECKING:
    from droidhub.virtual.appmodel import VirtualPhone

ALL_NOTES = "All notes"


@dataclass
class _Note:
    id: str
    folder_id: str
    title: str
    body: str
    is_todo: bool
    completed: bool


class JoplinScreens(WidgetApp):
    """Note list, side menu, note view and editor of Joplin."""

    theme: ClassVar[Theme] = Theme(primary="#3E75B5", on_primary="#FFFFFF", accent="#3E75B5")

    def __init__(self) -> None:
        super().__init__()
        self._forget()

    def _forget(self) -> None:
        self.folder_id: str | None = None
        self.side_menu = False
        self.open_id: str | None = None
        self.editing: dict[str, str] | None = None
        self.confirming = False
        #: The search screen's query while it is open.
        self.query: str | None = None

    def on_start(self, phone: VirtualPhone, intent: Any) -> None:
        """A launch shows all notes."""
        super().on_start(phone, intent)
        self._forget()

    def on_stop(self, phone: VirtualPhone) -> None:
        """Force-stopped: all notes next time."""
        super().on_stop(phone)
        self._forget()

    # --- data ----------------------------------------------------------------------------
    def _db(self, phone: VirtualPhone) -> sqlite3.Connection | None:
        path = phone.host_path(DB_PATH)
        return sqlite3.connect(path) if path.exists() else None

    def _folders(self, phone: VirtualPhone) -> list[tuple[str, str]]:
        conn = self._db(phone)
        if conn is None:
            return []
        with closing(conn):
            rows = conn.execute(
                "SELECT id, title FROM folders WHERE deleted_time = 0 ORDER BY title COLLATE NOCASE"
            ).fetchall()
        return [(r[0], r[1]) for r in rows]

    def _notes(self, phone: VirtualPhone) -> list[_Note]:
        conn = self._db(phone)
        if conn is None:
            return []
        with closing(conn):
            rows = conn.execute(
                "SELECT id, parent_id, title, body, is_todo, todo_completed FROM notes "
                "WHERE deleted_time = 0 ORDER BY user_updated_time DESC, title COLLATE NOCASE"
            ).fetchall()
        return [_Note(r[0], r[1], r[2], r[3], bool(r[4]), r[5] > 0) for r in rows]

    def _write(self, phone: VirtualPhone, *statements: tuple[str, tuple[Any, ...]]) -> None:
        with closing(sqlite3.connect(phone.host_path(DB_PATH))) as conn, conn:
            for sql, args in statements:
                conn.execute(sql, args)

    # --- screens -------------------------------------------------------------------------
    def build(self, phone: VirtualPhone) -> Window:
        """The open note (or its editor), or the note list (with the side menu)."""
        notes = self._notes(phone)
        note = next((n for n in notes if n.id == self.open_id), None)
        if note is not None:
            return self._note(phone, note)
        self.open_id = None
        if self.query is not None:
            return self._search(notes)
        folders = dict(self._folders(phone))
        title = folders.get(self.folder_id or "", ALL_NOTES)
        shown = [n for n in notes if self.folder_id in (None, n.folder_id)]
        rows = [
            ListRow(
                n.title,
                on_click=self._opener(n),
                title_id="note_title",
                checked=n.completed if n.is_todo else None,
                key=f"note-{n.id}",
            )
            for n in shown
        ]
        toolbar = Toolbar(
            title,
            actions=[
                IconButton("Search", "search", self._start_search),
                IconButton("Side menu", "menu", lambda: setattr(self, "side_menu", True)),
            ],
        )
        body: list[Any] = [ScrollList(rows, key=f"notes-{self.folder_id}")]
        if self.side_menu:
            entries = [ListRow(ALL_NOTES, on_click=lambda: self._show(None))] + [
                ListRow(name, on_click=self._shower(fid), key=f"folder-{fid}")
                for fid, name in folders.items()
            ]
            body = [Text("Notebooks", style="subtitle"), ScrollList(entries, key="side_menu")]
            toolbar = Toolbar("Joplin")
        fab = None if self.side_menu else Fab("New note", lambda: self._new(phone))
        return Window(PACKAGE, toolbar, body, fab=fab)

    def _start_search(self) -> None:
        self.query = ""
        self.reset_ui()
        self.focus("search")

    def _search(self, notes: list[_Note]) -> Window:
        """The search screen: a query field and the notes whose title or body hold it."""
        assert self.query is not None
        text = self.query.strip().lower()
        found = [n for n in notes if text and (text in n.title.lower() or text in n.body.lower())]
        rows = [
            ListRow(n.title, on_click=self._opener(n), title_id="note_title",
                    checked=n.completed if n.is_todo else None, key=f"found-{n.id}")
            for n in found
        ]  # fmt: skip
        field_ = TextField(self.query, lambda v: setattr(self, "query", v), hint="Search",
                           resource_id="search_input", key="search")  # fmt: skip
        toolbar = Toolbar("Search", up=True, on_up=self._end_search)
        return Window(PACKAGE, toolbar, [field_, ScrollList(rows, key="found")])

    def _end_search(self) -> None:
        self.query = None
        self.reset_ui()

    def _show(self, folder_id: str | None) -> None:
        self.folder_id, self.side_menu = folder_id, False
        self.reset_ui()

    def _opener(self, note: _Note) -> Callable[[], None]:
        return lambda: self._open(note)

    def _shower(self, folder_id: str) -> Callable[[], None]:
        return lambda: self._show(folder_id)

    def _open(self, note: _Note) -> None:
        # The search stays open under the note: BACK from the note returns to it.
        self.open_id = note.id
        self.reset_ui()

    def _new(self, phone: VirtualPhone) -> None:
        folders = self._folders(phone)
        parent = self.folder_id or (folders[0][0] if folders else "")
        now = int(time.time() * 1000)
        note_id = uuid.uuid4().hex
        with closing(sqlite3.connect(phone.host_path(DB_PATH))) as conn, conn:
            conn.execute(
                "INSERT INTO notes (id, parent_id, title, body, created_time, updated_time, "
                "user_created_time, user_updated_time) VALUES (?, ?, '', '', ?, ?, ?, ?)",
                (note_id, parent, now, now, now, now),
            )
            conn.execute(
                "INSERT INTO notes_normalized (id, parent_id, title, body, user_created_time, "
                "user_updated_time) VALUES (?, ?, '', '', ?, ?)",
                (note_id, parent, now, now),
            )
        self.open_id, self.editing = note_id, {"title": "", "body": ""}
        self.reset_ui()

    def _note(self, phone: VirtualPhone, note: _Note) -> Window:
        def close() -> None:
            self.open_id, self.editing = None, None
            self.reset_ui()

        if self.editing is not None:
            draft = self.editing
            toolbar = Toolbar(
                "", up=True, on_up=lambda: self._save(phone, note),
                actions=[IconButton("Save", "check", lambda: self._save(phone, note))],
            )  # fmt: skip
            body: list[Any] = [
                TextField(draft["title"], lambda v: draft.__setitem__("title", v),
                          hint="Title", resource_id="note_title_input", key="title"),
                TextField(draft["body"], lambda v: draft.__setitem__("body", v),
                          hint="Note body", single_line=False, resource_id="note_body_input",
                          key="body"),
            ]  # fmt: skip
            return Window(PACKAGE, toolbar, body)
        toolbar = Toolbar(
            "", up=True, on_up=close,
            actions=[IconButton("Edit", "edit", lambda: self._edit(note))],
            menu=[MenuItem("Delete", lambda: setattr(self, "confirming", True))],
        )  # fmt: skip
        body = [Text(note.title, style="title", resource_id="note_title")]
        if note.is_todo:
            body.append(Text("Completed" if note.completed else "To-do", style="caption"))
        body.append(Text(note.body, resource_id="note_body"))
        dialog = None
        if self.confirming:
            dialog = Dialog(
                message="Delete note?",
                buttons=[
                    Button("Cancel", lambda: setattr(self, "confirming", False), style="text"),
                    Button("OK", lambda: self._delete(phone, note), style="text"),
                ],
            )
        return Window(PACKAGE, toolbar, body, dialog=dialog)

    def _edit(self, note: _Note) -> None:
        self.editing = {"title": note.title, "body": note.body}
        self.reset_ui()

    def _save(self, phone: VirtualPhone, note: _Note) -> None:
        assert self.editing is not None
        now = int(time.time() * 1000)
        title, body = self.editing["title"], self.editing["body"]
        self._write(
            phone,
            ("UPDATE notes SET title=?, body=?, updated_time=?, user_updated_time=? WHERE id=?",
             (title, body, now, now, note.id)),
            ("UPDATE notes_normalized SET title=?, body=?, user_updated_time=? WHERE id=?",
             (title.lower(), body.lower(), now, note.id)),
        )  # fmt: skip
        self.editing = None
        self.reset_ui()

    def _delete(self, phone: VirtualPhone, note: _Note) -> None:
        self._write(
            phone,
            ("DELETE FROM notes WHERE id=?", (note.id,)),
            ("DELETE FROM notes_normalized WHERE id=?", (note.id,)),
        )
        self.open_id, self.confirming = None, False
        self.reset_ui()

    def on_back(self, phone: VirtualPhone) -> bool:
        """BACK closes the dialog, the editor (saving), the note, the side menu."""
        note = next((n for n in self._notes(phone) if n.id == self.open_id), None)
        if self.confirming:
            self.confirming = False
        elif self.editing is not None and note is not None:
            self._save(phone, note)
        elif self.open_id is not None:
            self.open_id = None
        elif self.query is not None:
            self.query = None
        elif self.side_menu:
            self.side_menu = False
        else:
            return False
        self.reset_ui()
        return True


class JoplinScreensApp(JoplinScreens, JoplinApp):
    """Joplin on the virtual phone: its database and its screens."""

    def __init__(self) -> None:
        JoplinScreens.__init__(self)


def virtual_apps() -> list[VirtualApp]:
    """A fresh Joplin model."""
    return [JoplinScreensApp()]
