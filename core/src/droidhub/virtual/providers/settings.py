"""The settings provider (``content://settings/NAMESPACE``) over the phone's settings."""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping
from typing import TYPE_CHECKING

from droidhub.virtual.providers.base import (
    ContentProvider,
    ContentUri,
    ProviderError,
    Row,
    Value,
    run_sql,
    select_sql,
    where_clause,
)

if TYPE_CHECKING:
    from droidhub.virtual.providers.base import ProviderHost, ProviderQuery


def _selection(name: str | None, where: str | None) -> tuple[str, list[str]]:
    """The WHERE clause (and its parameters) of the rows a settings URI and a
    ``--where`` select: the URI's name, if it has one, and the caller's selection."""
    if name is not None:
        return where_clause(["name = ?"], where), [name]
    return where_clause([], where), []


class SettingsProvider(ContentProvider):
    """``content://settings/system|secure|global[/NAME]``: rows of ``_id, name, value``."""

    package = "com.android.providers.settings"

    def _namespace(self, phone: ProviderHost, uri: str) -> tuple[str, str | None]:
        parsed = ContentUri.parse(uri)
        if not parsed.segments or parsed.segments[0] not in phone.settings.namespaces():
            raise ProviderError(f"Invalid URI: {uri}")
        name = parsed.segments[1] if len(parsed.segments) > 1 else None
        return parsed.segments[0], name

    def _table(self, phone: ProviderHost, namespace: str) -> sqlite3.Connection:
        db = sqlite3.connect(":memory:")
        db.execute("CREATE TABLE settings (_id INTEGER PRIMARY KEY, name TEXT, value TEXT)")
        db.executemany(
            "INSERT INTO settings (name, value) VALUES (?, ?)", phone.settings.items(namespace)
        )
        return db

    def _select_names(
        self, phone: ProviderHost, uri: str, where: str | None
    ) -> tuple[str, list[str]]:
        namespace, name = self._namespace(phone, uri)
        db = self._table(phone, namespace)
        clause, params = _selection(name, where)
        names = [r[0] for r in run_sql(db, f"SELECT name FROM settings WHERE {clause}", params)]
        db.close()
        return namespace, names

    def select(self, phone: ProviderHost, query: ProviderQuery) -> tuple[list[str], list[Row]]:
        """The settings rows, filtered by ``where`` and the URI's name."""
        namespace, name = self._namespace(phone, query.uri)
        db = self._table(phone, namespace)
        clause, params = _selection(name, query.where)
        sql = select_sql("settings", query.projection, clause, query.sort)
        cursor = run_sql(db, sql, params)
        result = [d[0] for d in cursor.description], cursor.fetchall()
        db.close()
        return result

    def insert(self, phone: ProviderHost, uri: str, values: Mapping[str, Value]) -> str:
        """Put ``name`` = ``value``."""
        namespace, _ = self._namespace(phone, uri)
        if "name" not in values:
            raise ProviderError("name is required")
        value = values.get("value")
        phone.settings.put(namespace, str(values["name"]), "" if value is None else str(value))
        return f"content://settings/{namespace}/{values['name']}"

    def update(
        self, phone: ProviderHost, uri: str, values: Mapping[str, Value], where: str | None
    ) -> int:
        """Set ``value`` on the selected settings."""
        namespace, names = self._select_names(phone, uri, where)
        for name in names:
            phone.settings.put(namespace, name, str(values.get("value", "")))
        return len(names)

    def delete(self, phone: ProviderHost, uri: str, where: str | None) -> int:
        """Delete the selected settings."""
        namespace, names = self._select_names(phone, uri, where)
        for name in names:
            phone.settings.delete(namespace, name)
        return len(names)
