"""App databases that may not exist yet on a phone.

An app creates its SQLite database on first launch, or (Retro Music's playing queue)
only once it first plays. Tasks that write rows or read them call
:func:`ensure_database` first, so a phone where the app never ran gets an empty
database with the app's schema instead of a failed pull.
"""

from __future__ import annotations

import sqlite3
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from droidhub import Device


def empty_database(schema: str) -> bytes:
    """The bytes of a fresh SQLite database holding ``schema`` (SQL statements)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "new.db"
        conn = sqlite3.connect(path)
        try:
            conn.executescript(schema)
            conn.commit()
        finally:
            conn.close()
        return path.read_bytes()


def ensure_database(device: Device, remote: str, schema: str) -> None:
    """Create the database ``remote`` with ``schema`` unless it already exists."""
    if not device.exists(remote):
        device.push(empty_database(schema), remote)
