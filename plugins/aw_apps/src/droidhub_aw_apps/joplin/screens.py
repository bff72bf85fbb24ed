"""Joplin on the view engine (net.cozic.joplin, version code 2097740: android-v3.0.1),
its screens bound to ``joplin.sqlite``; the views are :mod:`.layouts`.

* Notes (screens/Notes.tsx): the header (Sidebar, the notebook's title or "All notes",
  Search, Sort notes by), the note list (uncompleted to-dos on top, then most recently
  updated first, as the default settings sort) and the "Add new" action button that
  opens "New to-do" and "New note".
* The side menu: All notes, the notebooks by title; a notebook's tap shows its notes.
* Note (screens/Note.tsx): the header (Back, the notebook's title, Actions), the title
  field ("Add title"), the rendered body in its WebView and the "Edit" button, which
  turns the body into a field ("Add body"); typing saves as Joplin's autosave does.
  Actions > Delete moves the note to the trash (``deleted_time``).
* Search (screens/search.tsx): the field (focused at once) and the matching notes.

BACK closes the menu, the editor, the note, the search, the side menu; then leaves.
"""

from __future__ import annotations

import sqlite3
import time
import uuid
from collections.abc import Callable
from contextlib import closing
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from droidhub.virtual.appmodel import VirtualApp
from droidhub.virtual.views import (
    ADJUST_RESIZE,
    MATCH_PARENT,
    VERTICAL,
    EditText,
    Gravity,
    View,
    Window,
)
from droidhub_aw_apps.common.fresh_launch import FreshLaunchApp
from droidhub_aw_apps.common.sqlite_files import select_rows
from droidhub_aw_apps.joplin import layouts
from droidhub_aw_apps.joplin.layouts import BACKGROUND, COLOR, COLOR_FADED, Frame, Group
from droidhub_aw_apps.joplin.model import DB_PATH, JoplinApp

if TYPE_CHECKING:
    from droidhub.virtual.appmodel import VirtualPhone

ALL_NOTES = "All notes"
NO_NOTES = "There are currently no notes. Create one by clicking on the (+) button."
#: The Note screen's Actions, as menuOptions() lists them for a note on Android.
NOTE_ACTIONS = ("Attach...", "Draw picture", "Share", "Tags", "Convert to todo",
                "Copy Markdown link", "Properties", "Delete")  # fmt: skip


@dataclass
class _Note:
    id: str
    folder_id: str
    title: str
    body: str
    is_todo: bool
    completed: bool


class JoplinScreens(FreshLaunchApp):
    """Notes, side menu, note and search of Joplin; made, launched and force-stopped, it
    shows all notes."""

    def reset_state(self) -> None:
        """All notes, nothing open, no search."""
        self.folder_id: str | None = None
        self.side_menu = False
        self.open_id: str | None = None
        self.editing = False
        #: What shows over the screen: "", "actions" (the header's menu) or "fab".
        self.overlay = ""
        #: The search screen's query while it is open.
        self.query: str | None = None

    # --- data ----------------------------------------------------------------------------
    def _folders(self, phone: VirtualPhone) -> list[tuple[str, str]]:
        rows = select_rows(
            phone,
            DB_PATH,
            "SELECT id, title FROM folders WHERE deleted_time = 0 ORDER BY title COLLATE NOCASE",
        )
        return [(r[0], r[1]) for r in rows]

    def _notes(self, phone: VirtualPhone) -> list[_Note]:
        """The notes not in the trash, in the list's default order."""
        rows = select_rows(
            phone,
            DB_PATH,
            "SELECT id, parent_id, title, body, is_todo, todo_completed FROM notes "
            "WHERE deleted_time = 0 ORDER BY (is_todo = 1 AND todo_completed = 0) DESC, "
            "user_updated_time DESC, title COLLATE NOCASE",
        )
        return [_Note(r[0], r[1], r[2], r[3], bool(r[4]), r[5] > 0) for r in rows]

    def _write(self, phone: VirtualPhone, *statements: tuple[str, tuple[Any, ...]]) -> None:
        with closing(sqlite3.connect(phone.host_path(DB_PATH))) as conn, conn:
            for sql, args in statements:
                conn.execute(sql, args)

    # --- screens -------------------------------------------------------------------------
    def build(self, phone: VirtualPhone) -> Window:
        """The open note, the search, or the notes (with the side menu over them)."""
        notes = self._notes(phone)
        note = next((n for n in notes if n.id == self.open_id), None)
        if note is not None:
            return self._note_screen(phone, note)
        self.open_id = None
        if self.query is not None:
            return self._search_screen(phone, notes)
        return self._notes_screen(phone, notes)

    def _row(self, phone: VirtualPhone, note: _Note) -> View:
        return layouts.note_row(note.title, note.is_todo, note.completed,
                                on_click=lambda: self._open(note.id),
                                on_check=lambda: self._tick(phone, note))  # fmt: skip

    def _notes_screen(self, phone: VirtualPhone, notes: list[_Note]) -> Window:
        folders = self._folders(phone)
        title = dict(folders).get(self.folder_id or "", ALL_NOTES)
        shown = [n for n in notes if self.folder_id in (None, n.folder_id)]
        rows = [self._row(phone, n) for n in shown]
        header = layouts.header(title, on_side_menu=lambda: self._set(side_menu=True),
                                on_search=self._start_search, on_sort=lambda: None)  # fmt: skip
        column = Group("", header, layouts.note_list(f"notes-{self.folder_id}", rows, NO_NOTES),
                       orientation=VERTICAL, width=MATCH_PARENT, height=MATCH_PARENT,
                       background=BACKGROUND)  # fmt: skip
        root = Frame("", column, width=MATCH_PARENT, height=MATCH_PARENT)
        if folders and not self.side_menu:
            actions = [("New to-do", "check_box", lambda: self._new(phone, True)),
                       ("New note", "note", lambda: self._new(phone, False))]  # fmt: skip
            open_ = self.overlay == "fab"
            root.add(layouts.action_button(
                "Add new", "close" if open_ else "add",
                lambda: self._set(overlay="" if open_ else "fab"), actions if open_ else (),
            ))  # fmt: skip
        if self.side_menu:
            close = lambda: self._set(side_menu=False)  # noqa: E731
            root.add(layouts.side_menu(folders, self.folder_id, lambda: self._show(None),
                                       self._shower, close))  # fmt: skip
        return Window(root, status_bar=layouts.BACKGROUND_2, soft_input=ADJUST_RESIZE)

    def _search_screen(self, phone: VirtualPhone, notes: list[_Note]) -> Window:
        """The search: a query field and the notes whose title or body hold it."""
        query = self.query or ""
        words = query.strip().lower()
        found = [n for n in notes if words and words in f"{n.title.lower()}\n{n.body.lower()}"]
        field = EditText("", query, focus_key="search", on_change=lambda v: self._set(query=v),
                         width=0, weight=1, padding=(layouts.MARGIN, 12, 4, 12))  # fmt: skip
        field.text_color = COLOR
        clear = layouts.Glyph("", "cancel", tint=COLOR_FADED, padding=(4, 0, layouts.MARGIN, 0))
        clear_button = Group("", clear, content_desc="Clear", on_click=lambda: self._set(query=""))
        clear_button.layout_gravity = Gravity.CENTER_VERTICAL
        bar = Group("", field, clear_button, width=MATCH_PARENT)
        rows = [self._row(phone, n) for n in found]
        results = layouts.scroll_column("found", rows)
        body = Group("", bar, results, orientation=VERTICAL, width=MATCH_PARENT, weight=1,
                     height=0)  # fmt: skip
        header = layouts.header("Search", on_back=self._end_search)
        column = Group("", header, body, orientation=VERTICAL, width=MATCH_PARENT,
                       height=MATCH_PARENT, background=BACKGROUND)  # fmt: skip
        return Window(column, status_bar=layouts.BACKGROUND_2, soft_input=ADJUST_RESIZE)

    def _note_screen(self, phone: VirtualPhone, note: _Note) -> Window:
        """The note: its notebook in the header, its title field and its body, read
        in the viewer or edited in a field."""
        folder = dict(self._folders(phone)).get(note.folder_id, "")
        header = layouts.header(folder, on_back=self._close,
                                on_actions=lambda: self._set(overlay="actions"))  # fmt: skip
        title = EditText("", note.title, hint="Add title", focus_key="title",
                         on_change=lambda v: self._save(phone, note, title=v), width=0, weight=1,
                         padding=(layouts.MARGIN, 8, layouts.MARGIN, 8))  # fmt: skip
        title.text_px = round(title.text_px * 1.2)
        title_row = Group("", width=MATCH_PARENT)
        if note.is_todo:
            tick = lambda: self._tick(phone, note)  # noqa: E731
            title_row.add(layouts.todo_checkbox("", note.completed, tick))
        title_row.add(title)
        body: View
        if self.editing:
            body = EditText("", note.body, hint="Add body", focus_key="body",
                            on_change=lambda v: self._save(phone, note, body=v), width=MATCH_PARENT,
                            weight=1, height=0, padding=layouts.MARGIN)  # fmt: skip
            body.max_lines = None
        elif note.body.strip():
            body = layouts.note_body(note.body)
        else:
            body = Group("", weight=1, height=0)
        column = Group("", header, title_row, body, orientation=VERTICAL, width=MATCH_PARENT,
                       height=MATCH_PARENT, background=BACKGROUND)  # fmt: skip
        root = Frame("", column, width=MATCH_PARENT, height=MATCH_PARENT)
        if not self.editing:
            root.add(layouts.action_button("Edit", "edit", lambda: self._set(editing=True)))
        if self.overlay == "actions":
            options = [(name, lambda: self._set(overlay="")) for name in NOTE_ACTIONS]
            options[-1] = ("Delete", lambda: self._delete(phone, note))
            if note.is_todo:
                options[4] = ("Convert to note", lambda: self._set(overlay=""))
            root.add(layouts.actions_menu(options, lambda: self._set(overlay="")))
        return Window(root, status_bar=layouts.BACKGROUND_2, soft_input=ADJUST_RESIZE)

    # --- actions -------------------------------------------------------------------------
    def _set(self, **changes: object) -> None:
        for name, value in changes.items():
            setattr(self, name, value)

    def _start_search(self) -> None:
        """The search opens with its field focused (``autoFocus``)."""
        self.query = ""
        self.view_state.focus = "search"

    def _end_search(self) -> None:
        self.query = None
        self.reset_view_state()

    def _show(self, folder_id: str | None) -> None:
        self.folder_id, self.side_menu = folder_id, False
        self.reset_view_state()

    def _shower(self, folder_id: str) -> Callable[[], None]:
        return lambda: self._show(folder_id)

    def _open(self, note_id: str) -> None:
        # The search stays open under the note: BACK from the note returns to it.
        self.open_id, self.editing, self.overlay = note_id, False, ""
        self.view_state.focus = ""

    def _close(self) -> None:
        self.open_id, self.editing, self.overlay = None, False, ""
        self.view_state.focus = ""
        self.view_state.keyboard = None

    def _new(self, phone: VirtualPhone, is_todo: bool) -> None:
        """A new note (or to-do) in the notebook shown, else the first; opened to edit."""
        folders = self._folders(phone)
        parent = self.folder_id or (folders[0][0] if folders else "")
        now = int(time.time() * 1000)
        note_id = uuid.uuid4().hex
        self._write(
            phone,
            ("INSERT INTO notes (id, parent_id, title, body, created_time, updated_time, "
             "user_created_time, user_updated_time, is_todo) VALUES (?, ?, '', '', ?, ?, ?, ?, ?)",
             (note_id, parent, now, now, now, now, int(is_todo))),
            ("INSERT INTO notes_normalized (id, parent_id, title, body, user_created_time, "
             "user_updated_time, is_todo) VALUES (?, ?, '', '', ?, ?, ?)",
             (note_id, parent, now, now, int(is_todo))),
        )  # fmt: skip
        self._open(note_id)
        self.editing = True
        self.view_state.focus = "title"

    def _save(self, phone: VirtualPhone, note: _Note, **changes: str) -> None:
        """Write the title or body typed (Joplin saves as one types)."""
        title, body = changes.get("title", note.title), changes.get("body", note.body)
        now = int(time.time() * 1000)
        self._write(
            phone,
            ("UPDATE notes SET title=?, body=?, updated_time=?, user_updated_time=? WHERE id=?",
             (title, body, now, now, note.id)),
            ("UPDATE notes_normalized SET title=?, body=?, user_updated_time=? WHERE id=?",
             (title.lower(), body, now, note.id)),
        )  # fmt: skip

    def _tick(self, phone: VirtualPhone, note: _Note) -> None:
        """A to-do's check box: completed now, or open again."""
        done = 0 if note.completed else int(time.time() * 1000)
        self._write(
            phone,
            ("UPDATE notes SET todo_completed=? WHERE id=?", (done, note.id)),
            ("UPDATE notes_normalized SET todo_completed=? WHERE id=?", (done, note.id)),
        )

    def _delete(self, phone: VirtualPhone, note: _Note) -> None:
        """Delete moves the note to the trash and shows its notebook's notes."""
        now = int(time.time() * 1000)
        self._write(phone, ("UPDATE notes SET deleted_time=? WHERE id=?", (now, note.id)))
        self._close()
        self.query, self.folder_id = None, note.folder_id

    def on_back(self, phone: VirtualPhone) -> bool:
        """BACK closes the menu, the editor, the note, the search, the side menu."""
        del phone
        if self.overlay:
            self.overlay = ""
        elif self.editing:
            self.editing = False
            self.view_state.focus = ""
        elif self.open_id is not None:
            self._close()
        elif self.query is not None:
            self._end_search()
        elif self.side_menu:
            self.side_menu = False
        else:
            return False
        return True


class JoplinScreensApp(JoplinScreens, JoplinApp):
    """Joplin on the virtual phone: its database and its screens."""

    def __init__(self) -> None:
        JoplinScreens.__init__(self)


def virtual_apps() -> list[VirtualApp]:
    """A fresh Joplin model."""
    return [JoplinScreensApp()]
