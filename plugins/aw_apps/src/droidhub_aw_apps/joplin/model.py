"""Joplin (``net.cozic.joplin``, version code 2097740 as AndroidWorld pins it).

Joplin keeps notes and notebooks in ``/data/data/net.cozic.joplin/databases/joplin.sqlite``:
``folders`` (notebooks, a 32-hex ``id`` and a ``title``), ``notes`` (``parent_id`` is
the folder's id; ``is_todo`` marks a to-do, ``todo_completed`` its completion time in
epoch milliseconds, 0 while open) and ``notes_normalized``, the copy of every note
that the app's search reads. Helpers write all three, so a note added here is found by
the app's search too, and write them as AndroidWorld's set-up does: the normalized copy
with its title lower-cased and its body as written, ``conflict_original_id`` empty.
"""

from __future__ import annotations

import datetime as dt
import sqlite3
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from droidhub_aw_apps.common.app_identity import model_of
from droidhub_aw_apps.common.app_specs import private_data_app
from droidhub_aw_apps.common.sqlite_files import DatabaseApp
from droidhub_aw_apps.common.sqlite_rows import Table

if TYPE_CHECKING:
    from droidhub import Device


PACKAGE = "net.cozic.joplin"
ACTIVITY = ".MainActivity"
DB_PATH = "/data/data/net.cozic.joplin/databases/joplin.sqlite"

#: Where the notes live, for the shared SQLite helpers (launch, stop, restore).
TABLE = Table(PACKAGE, DB_PATH, "notes", "id", f"{PACKAGE}/{ACTIVITY}")

APPS = (private_data_app(PACKAGE, ACTIVITY, names=("joplin", "joplin app"), label="Joplin"),)

#: The tables the pinned version keeps notes in (columns as the app creates them).
SCHEMA = """
CREATE TABLE IF NOT EXISTS folders (
  id TEXT PRIMARY KEY, title TEXT NOT NULL DEFAULT "", created_time INT NOT NULL,
  updated_time INT NOT NULL, user_created_time INT NOT NULL DEFAULT 0,
  user_updated_time INT NOT NULL DEFAULT 0, encryption_cipher_text TEXT NOT NULL DEFAULT "",
  encryption_applied INT NOT NULL DEFAULT 0, parent_id TEXT NOT NULL DEFAULT "",
  is_shared INT NOT NULL DEFAULT 0, share_id TEXT NOT NULL DEFAULT "",
  master_key_id TEXT NOT NULL DEFAULT "", icon TEXT NOT NULL DEFAULT "",
  user_data TEXT NOT NULL DEFAULT "", deleted_time INT NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS notes (
  id TEXT PRIMARY KEY, parent_id TEXT NOT NULL DEFAULT "", title TEXT NOT NULL DEFAULT "",
  body TEXT NOT NULL DEFAULT "", created_time INT NOT NULL, updated_time INT NOT NULL,
  is_conflict INT NOT NULL DEFAULT 0, latitude NUMERIC NOT NULL DEFAULT 0,
  longitude NUMERIC NOT NULL DEFAULT 0, altitude NUMERIC NOT NULL DEFAULT 0,
  author TEXT NOT NULL DEFAULT "", source_url TEXT NOT NULL DEFAULT "",
  is_todo INT NOT NULL DEFAULT 0, todo_due INT NOT NULL DEFAULT 0,
  todo_completed INT NOT NULL DEFAULT 0, source TEXT NOT NULL DEFAULT "",
  source_application TEXT NOT NULL DEFAULT "", application_data TEXT NOT NULL DEFAULT "",
  `order` NUMERIC NOT NULL DEFAULT 0, user_created_time INT NOT NULL DEFAULT 0,
  user_updated_time INT NOT NULL DEFAULT 0, encryption_cipher_text TEXT NOT NULL DEFAULT "",
  encryption_applied INT NOT NULL DEFAULT 0, markup_language INT NOT NULL DEFAULT 1,
  is_shared INT NOT NULL DEFAULT 0, share_id TEXT NOT NULL DEFAULT "",
  conflict_original_id TEXT DEFAULT NULL, master_key_id TEXT NOT NULL DEFAULT "",
  user_data TEXT NOT NULL DEFAULT "", deleted_time INT NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS notes_normalized (
  id TEXT NOT NULL, title TEXT NOT NULL DEFAULT "", body TEXT NOT NULL DEFAULT "",
  user_created_time INT NOT NULL DEFAULT 0, user_updated_time INT NOT NULL DEFAULT 0,
  is_todo INT NOT NULL DEFAULT 0, todo_completed INT NOT NULL DEFAULT 0,
  parent_id TEXT NOT NULL DEFAULT "", latitude NUMERIC NOT NULL DEFAULT 0,
  longitude NUMERIC NOT NULL DEFAULT 0, altitude NUMERIC NOT NULL DEFAULT 0,
  source_url TEXT NOT NULL DEFAULT "", todo_due INT NOT NULL DEFAULT 0);
CREATE INDEX IF NOT EXISTS notes_title ON notes (title);
CREATE INDEX IF NOT EXISTS notes_updated_time ON notes (updated_time);
CREATE INDEX IF NOT EXISTS folders_title ON folders (title);
"""


@dataclass
class Note:
    """A note (or to-do) and the title of the notebook it is in."""

    folder: str
    title: str
    body: str = ""
    is_todo: bool = False
    todo_completed: int = 0
    id: str = field(default_factory=lambda: uuid.uuid4().hex)


def insert_folders(conn: sqlite3.Connection, titles: Sequence[str], millis: int) -> None:
    """Create the notebooks ``titles`` that do not exist yet, in that order."""
    have = {row[0] for row in conn.execute("SELECT title FROM folders")}
    for title in titles:
        if title not in have:
            have.add(title)
            conn.execute(
                "INSERT INTO folders (id, title, created_time, updated_time, user_created_time, "
                "user_updated_time) VALUES (?, ?, ?, ?, ?, ?)",
                (uuid.uuid4().hex, title, millis, millis, millis, millis),
            )


def insert_notes(conn: sqlite3.Connection, notes: Sequence[Note], millis: int) -> None:
    """Insert ``notes`` over an open database, creating their notebooks as needed (in
    the order the notes name them)."""
    insert_folders(conn, [note.folder for note in notes], millis)
    folders = {row[1]: row[0] for row in conn.execute("SELECT id, title FROM folders")}
    for note in notes:
        parent = folders[note.folder]
        conn.execute(
            "INSERT INTO notes (id, parent_id, title, body, created_time, updated_time, is_todo, "
            "todo_completed, user_created_time, user_updated_time, conflict_original_id) "
            "VALUES (?,?,?,?,?,?,?,?,?,?,'')",
            (note.id, parent, note.title, note.body, millis, millis, int(note.is_todo),
             note.todo_completed, millis, millis),
        )  # fmt: skip
        conn.execute(
            "INSERT INTO notes_normalized (id, parent_id, title, body, is_todo, todo_completed, "
            "user_created_time, user_updated_time) VALUES (?,?,?,?,?,?,?,?)",
            (note.id, parent, note.title.lower(), note.body, int(note.is_todo),
             note.todo_completed, millis, millis),
        )  # fmt: skip


def delete_notes(conn: sqlite3.Connection) -> None:
    """Delete every note and notebook over an open database."""
    for table in ("notes", "notes_normalized", "folders"):
        conn.execute(f"DELETE FROM {table}")


def add_notes(device: Device, notes: Sequence[Note]) -> None:
    """Insert ``notes``, creating their notebooks as needed (app stopped first)."""
    millis = int((device.now() - dt.timedelta(days=1)).timestamp() * 1000)
    device.write_db(DB_PATH, PACKAGE, lambda conn: insert_notes(conn, notes, millis))


def clear_notes(device: Device) -> None:
    """Delete every note and notebook."""
    device.write_db(DB_PATH, PACKAGE, delete_notes)


def list_notes(device: Device) -> list[Note]:
    """Every note that is not in the trash, with its notebook's title."""
    rows = device.query_db(
        DB_PATH,
        "SELECT n.id, n.title, n.body, n.is_todo, n.todo_completed, "
        "COALESCE(f.title, '') AS folder FROM notes n LEFT JOIN folders f ON f.id = n.parent_id "
        "WHERE n.deleted_time = 0 ORDER BY n.rowid",
    )
    return [
        Note(
            folder=r["folder"],
            title=r["title"],
            body=r["body"],
            is_todo=bool(r["is_todo"]),
            todo_completed=int(r["todo_completed"]),
            id=r["id"],
        )
        for r in rows
    ]


@model_of(APPS[0])
class JoplinApp(DatabaseApp):
    """Joplin on the virtual phone: its database with the real tables, empty."""

    version_name = "2097740"  # AndroidWorld pins it by versionCode
    db_path = DB_PATH
    schema = SCHEMA
