"""Android's MediaStore provider (``content://media``) over the phone's shared storage.

The real MediaProvider keeps a ``files`` table of everything under ``/sdcard`` and scans
the storage to keep it true; here the table is brought up to date with the storage
before each request, so a query lists what is on the phone and a delete removes the
rows' files too (as MediaProvider does). URIs: ``content://media/VOLUME/file``,
``/images/media``, ``/video/media``, ``/audio/media``, ``/downloads``, each with
``/ID``; VOLUME is ``external`` or ``external_primary`` (``internal`` holds nothing).
"""

from __future__ import annotations

import mimetypes
import os
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from droidhub.android.phone import EXTERNAL_STORAGE
from droidhub.virtual.providers.base import (
    ContentUri,
    ProviderError,
    Row,
    SqliteProvider,
    Value,
    open_database,
    run_sql,
    update_rows,
    where_clause,
)

if TYPE_CHECKING:
    import sqlite3

    from droidhub.virtual.providers.base import ProviderHost, ProviderQuery

MEDIA_PACKAGE = "com.android.providers.media"
MEDIA_DB = f"/data/data/{MEDIA_PACKAGE}/databases/external.db"
# MediaStore.Files.FileColumns.MEDIA_TYPE values.
_MEDIA_TYPES = {"image": 1, "audio": 2, "video": 3}
_COLLECTIONS = {
    ("file",): "1",
    ("images", "media"): "media_type = 1",
    ("audio", "media"): "media_type = 2",
    ("video", "media"): "media_type = 3",
    ("downloads",): "is_download = 1",
}
_VOLUMES = ("external", "external_primary", "internal")

MEDIA_SCHEMA = """
CREATE TABLE IF NOT EXISTS files (
    _id INTEGER PRIMARY KEY AUTOINCREMENT,
    _data TEXT UNIQUE COLLATE NOCASE,
    _display_name TEXT,
    _size INTEGER,
    mime_type TEXT,
    media_type INTEGER DEFAULT 0,
    title TEXT,
    relative_path TEXT,
    volume_name TEXT DEFAULT 'external_primary',
    is_download INTEGER DEFAULT 0,
    date_added INTEGER,
    date_modified INTEGER,
    owner_package_name TEXT
);
CREATE TABLE IF NOT EXISTS android_metadata (locale TEXT);
"""


class MediaProvider(SqliteProvider):
    """``content://media``: the files on shared storage, by collection."""

    def __init__(self) -> None:
        super().__init__("media", MEDIA_DB, {}, MEDIA_SCHEMA, package=MEDIA_PACKAGE)

    def selection(self, uri: ContentUri, where: str | None) -> tuple[str, list[Any]]:
        """The collection's rows (and the one row of ``/ID``), narrowed by ``where``."""
        volume, rest = (uri.segments[0], uri.segments[1:]) if uri.segments else ("", ())
        row_id = rest[-1] if rest and rest[-1].isdigit() else None
        collection = tuple(rest[:-1]) if row_id is not None else tuple(rest)
        if volume not in _VOLUMES or collection not in _COLLECTIONS:
            raise ProviderError(f"Unknown URI: {uri}")
        clauses = [_COLLECTIONS[collection]]
        params: list[Any] = []
        if volume == "internal":
            clauses.append("0")  # the system's own sounds are not modelled
        if row_id is not None:
            clauses.append("_id = ?")
            params.append(int(row_id))
        return where_clause(clauses, where), params

    def select(self, phone: ProviderHost, query: ProviderQuery) -> tuple[list[str], list[Row]]:
        """SELECT from the storage's files, scanned first."""
        clause, params = self.selection(query.content_uri, query.where)
        self.scan(phone)
        return self._select_from(phone, "files", query.projection, clause, params, query.sort)

    def insert(self, phone: ProviderHost, uri: str, values: Mapping[str, Value]) -> str:
        """Add a row (an app announcing a file); return ``content://media/VOL/.../ID``."""
        parsed = ContentUri.parse(uri)
        self.selection(parsed, None)  # refuses an unknown collection
        row_id = self._insert(phone, "files", values)
        return f"{parsed}/{row_id}"

    def update(
        self, phone: ProviderHost, uri: str, values: Mapping[str, Value], where: str | None
    ) -> int:
        """UPDATE rows of the collection."""
        clause, params = self.selection(ContentUri.parse(uri), where)
        self.scan(phone)
        with open_database(phone, self.database) as db:
            return update_rows(db, "files", values, clause, params)

    def delete(self, phone: ProviderHost, uri: str, where: str | None) -> int:
        """Delete the rows and, as MediaProvider does, the files they describe."""
        clause, params = self.selection(ContentUri.parse(uri), where)
        self.scan(phone)
        with open_database(phone, self.database) as db:
            rows = run_sql(db, f"SELECT _id, _data FROM files WHERE {clause}", params).fetchall()
            for row_id, data in rows:
                host = phone.host_path(data)
                if host.is_file() or host.is_symlink():
                    host.unlink()
                    phone.stamp(host)  # dates the folder that held it
                db.execute("DELETE FROM files WHERE _id = ?", (row_id,))
            return len(rows)

    def scan(self, phone: ProviderHost) -> None:
        """Bring the ``files`` table up to date with the files under ``/sdcard``."""
        root = phone.host_path(EXTERNAL_STORAGE)
        found: dict[str, os.stat_result] = {}
        for folder, dirs, files in os.walk(root):
            dirs[:] = sorted(d for d in dirs if not d.startswith("."))
            relative = os.path.relpath(folder, root)
            if relative.split(os.sep)[0] == "Android":
                continue  # apps' private folders are not media
            for name in sorted(files):
                if not name.startswith("."):
                    inside = name if relative == "." else f"{relative}/{name}"
                    found[f"{EXTERNAL_STORAGE}/{inside}"] = os.lstat(os.path.join(folder, name))
        with open_database(phone, self.database) as db:
            known = {r[0] for r in db.execute("SELECT _data FROM files")}
            for gone in known - set(found):
                db.execute("DELETE FROM files WHERE _data = ?", (gone,))
            for path in sorted(set(found) - known):
                _add_row(db, path, found[path])


def _add_row(db: sqlite3.Connection, path: str, info: os.stat_result) -> None:
    name = os.path.basename(path)
    mime = mimetypes.guess_type(name)[0] or "application/octet-stream"
    folder = os.path.dirname(path)[len(EXTERNAL_STORAGE) + 1 :]
    db.execute(
        "INSERT INTO files (_data, _display_name, _size, mime_type, media_type, title, "
        "relative_path, is_download, date_added, date_modified) VALUES (?,?,?,?,?,?,?,?,?,?)",
        (
            path,
            name,
            info.st_size,
            mime,
            _MEDIA_TYPES.get(mime.split("/")[0], 0),
            os.path.splitext(name)[0],
            folder + "/",
            int(folder.split("/")[0] == "Download"),
            int(info.st_mtime),
            int(info.st_mtime),
        ),
    )
