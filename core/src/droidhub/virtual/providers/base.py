"""What every content provider of the virtual phone shares: URIs, errors, the provider
interface and the SQLite-backed provider with its statement helpers."""

from __future__ import annotations

import datetime as dt
import functools
import re
import sqlite3
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from droidhub.virtual.settings_store import Settings


class ProviderHost(Protocol):
    """What a provider needs of the phone that hosts it (a ``VirtualPhone`` is one)."""

    @property
    def settings(self) -> Settings:
        """The phone's settings tables."""
        ...

    def host_path(self, android_path: str) -> Path:
        """Where ``android_path`` lives inside the phone's sandbox folder."""
        ...

    def now(self) -> dt.datetime:
        """The phone's clock."""
        ...

    def stamp(self, host: Path) -> None:
        """Date the sandbox file ``host`` (just written) by the phone's clock."""
        ...


Value = str | int | float | bool | None
Row = tuple[Any, ...]


class ProviderError(Exception):
    """A provider refused a request; ``java_class`` names the exception Android throws."""

    def __init__(self, message: str, java_class: str = "java.lang.IllegalArgumentException"):
        super().__init__(message)
        self.java_class = java_class


@dataclass(frozen=True)
class ContentUri:
    """A parsed ``content://authority/seg/seg`` URI."""

    authority: str
    segments: tuple[str, ...]

    @classmethod
    def parse(cls, uri: str) -> ContentUri:
        """Parse ``uri``; ``ProviderError`` if it is not a content URI."""
        if not uri.startswith("content://"):
            raise ProviderError(f"Unsupported scheme in {uri!r}: expected content://")
        rest = uri[len("content://") :].split("?", 1)[0].split("#", 1)[0]
        authority, _, path = rest.partition("/")
        if not authority:
            raise ProviderError(f"No authority in {uri!r}")
        return cls(authority, tuple(s for s in path.split("/") if s))

    @property
    def row_id(self) -> int | None:
        """The trailing numeric segment (``content://sms/5`` -> 5), if any."""
        if self.segments and self.segments[-1].isdigit():
            return int(self.segments[-1])
        return None

    def __str__(self) -> str:
        return f"content://{self.authority}/" + "/".join(self.segments)


@dataclass(frozen=True)
class ProviderQuery:
    """What ``content query`` asks of a provider: the URI as written, the columns
    (``None``: all of them), the selection and the sort order (SQL fragments, as on
    Android)."""

    uri: str
    projection: Sequence[str] | None
    where: str | None
    sort: str | None

    @property
    def content_uri(self) -> ContentUri:
        """The URI, parsed; ``ProviderError`` if it is not a content URI."""
        return ContentUri.parse(self.uri)


class ContentProvider:
    """Base of every provider. Subclasses override the operations they support."""

    #: Package that owns the provider's data (``pm clear PACKAGE`` reinstalls it).
    package: str = ""

    def install(self, phone: ProviderHost) -> None:
        """Create the provider's storage on ``phone`` (also after ``pm clear``)."""

    def paths(self, phone: ProviderHost, uri: str) -> list[str]:
        """Android paths of the files that hold the data behind ``uri``."""
        del phone, uri
        return []

    def query(
        self,
        phone: ProviderHost,
        uri: str,
        projection: Sequence[str] | None,
        where: str | None,
        sort: str | None,
    ) -> tuple[list[str], list[Row]]:
        """Return ``(columns, rows)`` for ``uri``: the answer of :meth:`select`."""
        return self.select(phone, ProviderQuery(uri, projection, where, sort))

    def select(self, phone: ProviderHost, query: ProviderQuery) -> tuple[list[str], list[Row]]:
        """Answer ``query``; subclasses that can be queried override this."""
        raise ProviderError(
            f"query is not supported on {query.uri}", "java.lang.UnsupportedOperationException"
        )

    def insert(self, phone: ProviderHost, uri: str, values: Mapping[str, Value]) -> str:
        """Insert a row; return its URI."""
        raise ProviderError(
            f"insert is not supported on {uri}", "java.lang.UnsupportedOperationException"
        )

    def update(
        self, phone: ProviderHost, uri: str, values: Mapping[str, Value], where: str | None
    ) -> int:
        """Update rows; return how many changed."""
        raise ProviderError(
            f"update is not supported on {uri}", "java.lang.UnsupportedOperationException"
        )

    def delete(self, phone: ProviderHost, uri: str, where: str | None) -> int:
        """Delete rows; return how many went."""
        raise ProviderError(
            f"delete is not supported on {uri}", "java.lang.UnsupportedOperationException"
        )


def check_sql(fragment: str | None, what: str) -> str | None:
    """Pass an SQL fragment through, as Android's providers do (``;`` inside a quoted
    value is fine). A second statement cannot ride along: sqlite3 runs exactly one
    statement per ``execute`` and fails otherwise, as SQLiteDatabase does."""
    if fragment is not None and "\x00" in fragment:
        raise ProviderError(f"invalid {what}: {fragment!r} contains a NUL character")
    return fragment


def where_clause(clauses: Sequence[str], where: str | None) -> str:
    """The WHERE clause of a request: what its URI selects (``clauses``) and the
    caller's selection ``where`` (checked), joined by AND; ``1`` when there is neither."""
    if check_sql(where, "selection"):
        clauses = [*clauses, f"({where})"]
    return " AND ".join(clauses) or "1"


def set_locale(db: sqlite3.Connection) -> None:
    """Give ``android_metadata`` its locale row unless it has one, as SQLiteDatabase
    does when it opens a database it created (the table comes with the schema)."""
    if db.execute("SELECT COUNT(*) FROM android_metadata").fetchone()[0] == 0:
        db.execute("INSERT INTO android_metadata VALUES ('en_US')")


def _sql_value(value: Value) -> Any:
    return int(value) if isinstance(value, bool) else value


@functools.cache
def database_image(script: str) -> bytes:
    """The bytes of a new SQLite database once ``script`` (SQL statements, run as they
    are: wrap them in ``BEGIN;``/``COMMIT;`` for one transaction) has run in it.

    A fresh phone creates a few dozen databases, each the same as on every other phone:
    the script runs once per process and later databases are these bytes, the same
    file a connection running the script would leave (the file holds no path or time,
    nor the connection's sync and journal settings, which once a process need not tune).
    """
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "new.db"
        connection = sqlite3.connect(path, isolation_level=None)
        try:
            connection.executescript(script)
        finally:
            connection.close()
        return path.read_bytes()


@contextmanager
def open_database(phone: ProviderHost, android_path: str) -> Iterator[sqlite3.Connection]:
    """A connection to the database at ``android_path``, committed and closed on exit."""
    host = phone.host_path(android_path)
    host.parent.mkdir(parents=True, exist_ok=True)
    before = host.stat().st_mtime_ns if host.exists() else None
    connection = sqlite3.connect(host)
    # The sandbox needs no durability across power loss: no fsync, the rollback journal in
    # memory (neither is stored in the file); a fresh phone creates every provider's file.
    connection.execute("PRAGMA synchronous = OFF")
    connection.execute("PRAGMA journal_mode = MEMORY")
    try:
        with connection:
            yield connection
    finally:
        connection.close()
        if host.exists() and host.stat().st_mtime_ns != before:
            phone.stamp(host)  # a provider's write is dated by the phone, not the host


class SqliteProvider(ContentProvider):
    """A provider backed by the SQLite database at Android path ``database``.

    ``tables`` maps the first URI path segment to a table (``{"notes": "notes"}``);
    ``content://AUTH/notes/7`` is the row whose ``_id`` is 7. ``schema`` (SQL, run when
    the tables are missing) creates the database on :meth:`install`.
    """

    def __init__(
        self,
        authority: str,
        database: str,
        tables: Mapping[str, str],
        schema: str = "",
        package: str = "",
        default_sort: str | None = None,
    ) -> None:
        self.authority = authority
        self.database = database
        self.tables = dict(tables)
        self.schema = schema
        self.package = package
        self.default_sort = default_sort

    def install(self, phone: ProviderHost) -> None:
        """Create the database and its tables unless they exist."""
        if not self.schema:
            return
        host = phone.host_path(self.database)
        if not host.exists():
            host.parent.mkdir(parents=True, exist_ok=True)
            host.write_bytes(database_image(f"BEGIN;\n{self.schema}\nCOMMIT;"))
            phone.stamp(host)
        else:
            with open_database(phone, self.database) as db:
                # One transaction: executescript would otherwise commit every statement.
                db.executescript(f"BEGIN;\n{self.schema}\nCOMMIT;")

    def paths(self, phone: ProviderHost, uri: str) -> list[str]:
        """The database file."""
        del phone, uri
        return [self.database]

    def table_for(self, uri: ContentUri) -> str:
        """The table a URI names; ``ProviderError`` for an unknown path."""
        segment = uri.segments[0] if uri.segments else ""
        if segment not in self.tables:
            raise ProviderError(f"Unknown URI {uri}")
        return self.tables[segment]

    def selection(self, uri: ContentUri, where: str | None) -> tuple[str, list[Any]]:
        """The WHERE clause for ``uri`` plus ``where`` (``1`` when there is none)."""
        if uri.row_id is not None and len(uri.segments) >= 2:
            return where_clause(["_id = ?"], where), [uri.row_id]
        return where_clause([], where), []

    def select(self, phone: ProviderHost, query: ProviderQuery) -> tuple[list[str], list[Row]]:
        """SELECT from the URI's table."""
        uri = query.content_uri
        table = self.table_for(uri)
        clause, params = self.selection(uri, query.where)
        sort = query.sort or self.default_sort
        return self._select_from(phone, table, query.projection, clause, params, sort)

    def _select_from(
        self,
        phone: ProviderHost,
        source: str,
        projection: Sequence[str] | None,
        clause: str,
        params: Sequence[Any],
        sort: str | None,
    ) -> tuple[list[str], list[Row]]:
        sql = select_sql(source, projection, clause, sort)
        with open_database(phone, self.database) as db:
            cursor = run_sql(db, sql, params)
            return [d[0] for d in cursor.description], cursor.fetchall()

    def insert(self, phone: ProviderHost, uri: str, values: Mapping[str, Value]) -> str:
        """INSERT into the URI's table; return ``content://AUTH/SEGMENT/ID``."""
        parsed = ContentUri.parse(uri)
        table = self.table_for(parsed)
        row_id = self._insert(phone, table, values)
        return f"content://{parsed.authority}/{parsed.segments[0]}/{row_id}"

    def _insert(self, phone: ProviderHost, table: str, values: Mapping[str, Value]) -> int:
        with open_database(phone, self.database) as db:
            row_id = insert_row(db, table, values)
            self.after_write(db)
        return row_id

    def update(
        self, phone: ProviderHost, uri: str, values: Mapping[str, Value], where: str | None
    ) -> int:
        """UPDATE the URI's table."""
        parsed = ContentUri.parse(uri)
        table = self.table_for(parsed)
        clause, params = self.selection(parsed, where)
        with open_database(phone, self.database) as db:
            count = update_rows(db, table, values, clause, params)
            self.after_write(db)
        return count

    def delete(self, phone: ProviderHost, uri: str, where: str | None) -> int:
        """DELETE from the URI's table."""
        parsed = ContentUri.parse(uri)
        table = self.table_for(parsed)
        clause, params = self.selection(parsed, where)
        with open_database(phone, self.database) as db:
            count = run_sql(db, f"DELETE FROM {table} WHERE {clause}", params).rowcount
            self.after_write(db)
        return count

    def after_write(self, db: sqlite3.Connection) -> None:
        """Called in the transaction of each write :meth:`insert`, :meth:`update` and
        :meth:`delete` make, after it: a provider whose database keeps derived rows in
        step (as Android's triggers do) updates them here. Does nothing by default."""


def select_sql(source: str, projection: Sequence[str] | None, clause: str, sort: str | None) -> str:
    """The SELECT statement of a query: ``projection``'s columns (all when ``None``) of
    ``source`` where ``clause`` holds, ordered by ``sort`` if given."""
    columns = ", ".join(check_sql(c, "projection") or "" for c in projection) if projection else "*"
    sql = f"SELECT {columns} FROM {source} WHERE {clause}"
    if check_sql(sort, "sort order"):
        sql += f" ORDER BY {sort}"
    return sql


def run_sql(db: sqlite3.Connection, sql: str, params: Sequence[Any] = ()) -> sqlite3.Cursor:
    """Run one statement; SQLite's error comes back as Android's ``SQLiteException``."""
    try:
        return db.execute(sql, params)
    except sqlite3.Error as exc:
        raise ProviderError(
            f"{exc} (code 1 SQLITE_ERROR): , while compiling: {sql}",
            "android.database.sqlite.SQLiteException",
        ) from exc


def insert_row(db: sqlite3.Connection, table: str, values: Mapping[str, Value]) -> int:
    """Insert one row of ``values`` (column names checked) and return its row id."""
    if values:
        names = ", ".join(_identifier(k) for k in values)
        marks = ", ".join("?" for _ in values)
        sql = f"INSERT INTO {table} ({names}) VALUES ({marks})"
    else:
        sql = f"INSERT INTO {table} DEFAULT VALUES"
    cursor = run_sql(db, sql, [_sql_value(v) for v in values.values()])
    return int(cursor.lastrowid or 0)


def update_rows(
    db: sqlite3.Connection,
    table: str,
    values: Mapping[str, Value],
    clause: str,
    params: Sequence[Any],
) -> int:
    """Set ``values`` on the rows matching ``clause``; the number of rows changed."""
    if not values:
        raise ProviderError("Empty values")
    assignments = ", ".join(f"{_identifier(k)} = ?" for k in values)
    sql = f"UPDATE {table} SET {assignments} WHERE {clause}"
    return run_sql(db, sql, [*(_sql_value(v) for v in values.values()), *params]).rowcount


def _identifier(name: str) -> str:
    if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name):
        raise ProviderError(f"invalid column name {name!r}")
    return name
