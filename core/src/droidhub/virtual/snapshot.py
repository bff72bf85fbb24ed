"""Fingerprints of a virtual phone's state, for ``droidhub check``.

:func:`snapshot` names every piece of state the check compares (``setting:NS/KEY``,
``file:PATH``, ``package:PKG``) with a fingerprint of its value. SQLite databases are
fingerprinted by what they hold (schema and rows, sorted), not by their bytes, so a
database rewritten with the same rows compares equal. Transient outputs (UI dumps,
screenshots), SQLite's journal files and the ``sqlite_sequence``/``android_metadata``
bookkeeping tables are left out; so are the clock and the foreground app.
"""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING

from droidhub.virtual.providers import ContentUri, ProviderError

if TYPE_CHECKING:
    from droidhub.virtual.phone import VirtualPhone

_SQLITE_HEADER = b"SQLite format 3\x00"
_SKIPPED_SUFFIXES = ("-journal", "-wal", "-shm")
_SKIPPED_TABLES = {"sqlite_sequence", "android_metadata"}


def snapshot(phone: VirtualPhone) -> dict[str, str]:
    """Every setting, file and package of ``phone``, each with a fingerprint of its value."""
    with phone.lock:
        state: dict[str, str] = {}
        for namespace in phone.settings.namespaces():
            for key, value in phone.settings.items(namespace):
                state[f"setting:{namespace}/{key}"] = value
        for package in phone.packages():
            state[f"package:{package}"] = "installed"
        for host in phone.walk():
            path = phone.android_path(host)
            if path in phone.transient_paths or path.endswith(_SKIPPED_SUFFIXES):
                continue
            state[f"file:{path}"] = fingerprint(host)
        return state


def fingerprint(host: Path) -> str:
    """sha256 of a file's bytes, or of its logical content when it is a SQLite database."""
    with host.open("rb") as handle:
        head = handle.read(len(_SQLITE_HEADER))
    if head == _SQLITE_HEADER:
        try:
            return "sqlite:" + database_fingerprint(host)
        except sqlite3.DatabaseError:
            pass  # a damaged database still has bytes to compare
    digest = hashlib.sha256()
    with host.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def database_fingerprint(host: Path) -> str:
    """sha256 over the schema and the sorted rows of every table of a SQLite database."""
    digest = hashlib.sha256()
    connection = sqlite3.connect(f"{host.as_uri()}?mode=ro", uri=True)
    try:
        schema = connection.execute(
            "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name"
        ).fetchall()
        for kind, name, _table, sql in schema:
            if name in _SKIPPED_TABLES:
                continue
            digest.update(repr((kind, name, sql)).encode())
            if kind != "table":
                continue
            quoted = '"' + name.replace('"', '""') + '"'
            rows = connection.execute(f"SELECT * FROM {quoted}").fetchall()
            for row in sorted(repr(r) for r in rows):
                digest.update(row.encode())
    finally:
        connection.close()
    return digest.hexdigest()


def content_uri_paths(phone: VirtualPhone, uri: str) -> list[str]:
    """Android paths of the files behind content URI ``uri`` (empty if unknown)."""
    try:
        authority = ContentUri.parse(uri).authority
    except ProviderError:
        return []
    provider = phone.provider(authority)
    return provider.paths(phone, uri) if provider is not None else []
