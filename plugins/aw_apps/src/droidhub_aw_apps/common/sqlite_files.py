"""App databases: created with an app's schema, on the virtual phone or pushed to a device.

An app creates its SQLite database on first launch, or (Retro Music's playing queue)
only once it first plays. Tasks that write rows or read them call
:func:`ensure_database` first, so a phone where the app never ran gets an empty
database with the app's schema instead of a failed pull. On the virtual phone, an app
model whose data is one database derives from :class:`DatabaseApp`, models that
read their own databases open them with :func:`open_database`, and screens that show an
app's rows select them with :func:`select_rows`.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from contextlib import closing
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from droidhub.virtual.appmodel import VirtualApp, database_image

if TYPE_CHECKING:
    from droidhub import Device
    from droidhub.virtual.appmodel import VirtualPhone


def _connect(path: Path) -> sqlite3.Connection:
    """A connection that does not wait for the disk: no fsync at commit and the rollback
    journal in memory. A model's database lives in a throwaway sandbox, so a power cut
    need not be survived; neither setting is stored in the file, whose bytes stay the
    same."""
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA synchronous = OFF")
    conn.execute("PRAGMA journal_mode = MEMORY")
    return conn


def ensure_database(device: Device, remote: str, schema: str) -> None:
    """Create the database ``remote`` with ``schema`` unless it already exists."""
    if not device.exists(remote):
        device.push(database_image(schema), remote)


def open_database(path: Path, schema: str) -> sqlite3.Connection:
    """A connection to the local database file ``path``, its folder made and the tables
    of ``schema`` (``CREATE ... IF NOT EXISTS`` statements) created where missing."""
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(database_image(schema))
        return _connect(path)
    conn = _connect(path)
    conn.executescript(schema)
    return conn


def select_rows(phone: VirtualPhone, db_path: str, sql: str, args: Sequence[Any] = ()) -> list[Any]:
    """The rows ``sql`` (with ``args``) selects from the app database at the Android path
    ``db_path``; none while the app has not created that database."""
    path = phone.host_path(db_path)
    if not path.exists():
        return []
    with closing(sqlite3.connect(path)) as conn:
        return conn.execute(sql, args).fetchall()


def create_database(path: Path, schema: str) -> None:
    """Create a database file at the local ``path`` from the SQL script ``schema`` (one
    transaction for the lot), replacing any file there (parents made)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.unlink(missing_ok=True)
    path.write_bytes(database_image(f"BEGIN;\n{schema};\nCOMMIT;"))


class DatabaseApp(VirtualApp):
    """An app model whose data is one SQLite database, created empty on install.

    A subclass names the database's Android path (``db_path``) and its ``schema`` (an
    SQL script), beside the usual package, label, activity and version.
    """

    db_path: ClassVar[str] = ""
    schema: ClassVar[str] = ""

    def install(self, phone: VirtualPhone) -> None:
        """Create the empty database, with the app's schema, at its Android path."""
        create_database(phone.host_path(self.db_path), self.schema)
