"""Content providers of the virtual phone, answering ``content query|insert|update|delete``.

A provider is reached by the authority of a ``content://AUTHORITY/...`` URI. The phone
hosts Android's own system providers (telephony SMS in ``mmssms.db``, contacts in
``contacts2.db``, settings), each backed by a real SQLite file at Android's path with
Android's table names; app models add theirs through ``VirtualApp.providers()``.
``where`` and ``sort`` are SQL fragments, as on Android.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from droidhub.virtual.phone import VirtualPhone

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


class ContentProvider:
    """Base of every provider. Subclasses override the operations they support."""

    #: Package that owns the provider's data (``pm clear PACKAGE`` reinstalls it).
    package: str = ""

    def install(self, phone: VirtualPhone) -> None:
        """Create the provider's storage on ``phone`` (also after ``pm clear``)."""

    def paths(self, phone: VirtualPhone, uri: str) -> list[str]:
        """Android paths of the files that hold the data behind ``uri``."""
        del phone, uri
        return []

    def query(
        self,
        phone: VirtualPhone,
        uri: str,
        projection: Sequence[str] | None,
        where: str | None,
        sort: str | None,
    ) -> tuple[list[str], list[Row]]:
        """Return ``(columns, rows)`` for ``uri``."""
        raise ProviderError(
            f"query is not supported on {uri}", "java.lang.UnsupportedOperationException"
        )

    def insert(self, phone: VirtualPhone, uri: str, values: Mapping[str, Value]) -> str:
        """Insert a row; return its URI."""
        raise ProviderError(
            f"insert is not supported on {uri}", "java.lang.UnsupportedOperationException"
        )

    def update(
        self, phone: VirtualPhone, uri: str, values: Mapping[str, Value], where: str | None
    ) -> int:
        """Update rows; return how many changed."""
        raise ProviderError(
            f"update is not supported on {uri}", "java.lang.UnsupportedOperationException"
        )

    def delete(self, phone: VirtualPhone, uri: str, where: str | None) -> int:
        """Delete rows; return how many went."""
        raise ProviderError(
            f"delete is not supported on {uri}", "java.lang.UnsupportedOperationException"
        )


def _check_sql(fragment: str | None, what: str) -> str | None:
    """Pass an SQL fragment through, as Android's providers do (``;`` inside a quoted
    value is fine). A second statement cannot ride along: sqlite3 runs exactly one
    statement per ``execute`` and fails otherwise, as SQLiteDatabase does."""
    if fragment is not None and "\x00" in fragment:
        raise ProviderError(f"invalid {what}: {fragment!r} contains a NUL character")
    return fragment


def _sql_value(value: Value) -> Any:
    return int(value) if isinstance(value, bool) else value


@contextmanager
def open_database(phone: VirtualPhone, android_path: str) -> Iterator[sqlite3.Connection]:
    """A connection to the database at ``android_path``, committed and closed on exit."""
    host = phone.host_path(android_path)
    host.parent.mkdir(parents=True, exist_ok=True)
    connection = sqlite3.connect(host)
    # The sandbox needs no durability across power loss; skipping fsync keeps writes fast.
    connection.execute("PRAGMA synchronous = OFF")
    try:
        with connection:
            yield connection
    finally:
        connection.close()


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

    def install(self, phone: VirtualPhone) -> None:
        """Create the database and its tables unless they exist."""
        if self.schema:
            with open_database(phone, self.database) as db:
                # One transaction: executescript would otherwise commit every statement.
                db.executescript(f"BEGIN;\n{self.schema}\nCOMMIT;")

    def paths(self, phone: VirtualPhone, uri: str) -> list[str]:
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
        clauses, params = [], []
        if uri.row_id is not None and len(uri.segments) >= 2:
            clauses.append("_id = ?")
            params.append(uri.row_id)
        if _check_sql(where, "selection"):
            clauses.append(f"({where})")
        return (" AND ".join(clauses) or "1"), params

    def query(
        self,
        phone: VirtualPhone,
        uri: str,
        projection: Sequence[str] | None,
        where: str | None,
        sort: str | None,
    ) -> tuple[list[str], list[Row]]:
        """SELECT from the URI's table."""
        parsed = ContentUri.parse(uri)
        table = self.table_for(parsed)
        clause, params = self.selection(parsed, where)
        return self._select(phone, table, projection, clause, params, sort or self.default_sort)

    def _select(
        self,
        phone: VirtualPhone,
        source: str,
        projection: Sequence[str] | None,
        clause: str,
        params: Sequence[Any],
        sort: str | None,
    ) -> tuple[list[str], list[Row]]:
        columns = (
            ", ".join(_check_sql(c, "projection") or "" for c in projection) if projection else "*"
        )
        sql = f"SELECT {columns} FROM {source} WHERE {clause}"
        if _check_sql(sort, "sort order"):
            sql += f" ORDER BY {sort}"
        with open_database(phone, self.database) as db:
            try:
                cursor = db.execute(sql, params)
            except sqlite3.Error as exc:
                raise ProviderError(
                    f"{exc} (code 1 SQLITE_ERROR): , while compiling: {sql}",
                    "android.database.sqlite.SQLiteException",
                ) from exc
            names = [d[0] for d in cursor.description]
            return names, cursor.fetchall()

    def insert(self, phone: VirtualPhone, uri: str, values: Mapping[str, Value]) -> str:
        """INSERT into the URI's table; return ``content://AUTH/SEGMENT/ID``."""
        parsed = ContentUri.parse(uri)
        table = self.table_for(parsed)
        row_id = self._insert(phone, table, values)
        return f"content://{parsed.authority}/{parsed.segments[0]}/{row_id}"

    def _insert(self, phone: VirtualPhone, table: str, values: Mapping[str, Value]) -> int:
        with open_database(phone, self.database) as db:
            return _insert_row(db, table, values)

    def update(
        self, phone: VirtualPhone, uri: str, values: Mapping[str, Value], where: str | None
    ) -> int:
        """UPDATE the URI's table."""
        parsed = ContentUri.parse(uri)
        table = self.table_for(parsed)
        clause, params = self.selection(parsed, where)
        with open_database(phone, self.database) as db:
            return _update_rows(db, table, values, clause, params)

    def delete(self, phone: VirtualPhone, uri: str, where: str | None) -> int:
        """DELETE from the URI's table."""
        parsed = ContentUri.parse(uri)
        table = self.table_for(parsed)
        clause, params = self.selection(parsed, where)
        with open_database(phone, self.database) as db:
            return _run(db, f"DELETE FROM {table} WHERE {clause}", params).rowcount


def _run(db: sqlite3.Connection, sql: str, params: Sequence[Any] = ()) -> sqlite3.Cursor:
    try:
        return db.execute(sql, params)
    except sqlite3.Error as exc:
        raise ProviderError(
            f"{exc} (code 1 SQLITE_ERROR): , while compiling: {sql}",
            "android.database.sqlite.SQLiteException",
        ) from exc


def _insert_row(db: sqlite3.Connection, table: str, values: Mapping[str, Value]) -> int:
    if values:
        names = ", ".join(_identifier(k) for k in values)
        marks = ", ".join("?" for _ in values)
        sql = f"INSERT INTO {table} ({names}) VALUES ({marks})"
    else:
        sql = f"INSERT INTO {table} DEFAULT VALUES"
    cursor = _run(db, sql, [_sql_value(v) for v in values.values()])
    return int(cursor.lastrowid or 0)


def _update_rows(
    db: sqlite3.Connection,
    table: str,
    values: Mapping[str, Value],
    clause: str,
    params: Sequence[Any],
) -> int:
    if not values:
        raise ProviderError("Empty values")
    assignments = ", ".join(f"{_identifier(k)} = ?" for k in values)
    sql = f"UPDATE {table} SET {assignments} WHERE {clause}"
    return _run(db, sql, [*(_sql_value(v) for v in values.values()), *params]).rowcount


def _identifier(name: str) -> str:
    if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name):
        raise ProviderError(f"invalid column name {name!r}")
    return name


# --- telephony: SMS ------------------------------------------------------------------------
MMSSMS_DB = "/data/data/com.android.providers.telephony/databases/mmssms.db"
SMS_BOXES = {"inbox": 1, "sent": 2, "draft": 3, "outbox": 4, "failed": 5, "queued": 6}

MMSSMS_SCHEMA = """
CREATE TABLE IF NOT EXISTS sms (
    _id INTEGER PRIMARY KEY,
    thread_id INTEGER,
    address TEXT,
    person INTEGER,
    date INTEGER,
    date_sent INTEGER DEFAULT 0,
    protocol INTEGER,
    read INTEGER DEFAULT 0,
    status INTEGER DEFAULT -1,
    type INTEGER,
    reply_path_present INTEGER,
    subject TEXT,
    body TEXT,
    service_center TEXT,
    locked INTEGER DEFAULT 0,
    sub_id INTEGER DEFAULT -1,
    error_code INTEGER DEFAULT -1,
    creator TEXT,
    seen INTEGER DEFAULT 0
);
CREATE TABLE IF NOT EXISTS canonical_addresses (
    _id INTEGER PRIMARY KEY AUTOINCREMENT,
    address TEXT
);
CREATE TABLE IF NOT EXISTS threads (
    _id INTEGER PRIMARY KEY AUTOINCREMENT,
    date INTEGER DEFAULT 0,
    message_count INTEGER DEFAULT 0,
    recipient_ids TEXT,
    snippet TEXT,
    snippet_cs INTEGER DEFAULT 0,
    read INTEGER DEFAULT 1,
    archived INTEGER DEFAULT 0,
    type INTEGER DEFAULT 0,
    error INTEGER DEFAULT 0,
    has_attachment INTEGER DEFAULT 0
);
CREATE TABLE IF NOT EXISTS android_metadata (locale TEXT);
"""


class SmsProvider(SqliteProvider):
    """``content://sms`` and its boxes (``/inbox`` type 1, ``/sent`` type 2...), as Android's
    SmsProvider answers them, with threads kept up to date."""

    def __init__(self) -> None:
        super().__init__(
            "sms",
            MMSSMS_DB,
            {},
            MMSSMS_SCHEMA,
            package="com.android.providers.telephony",
            default_sort="date DESC",
        )

    def install(self, phone: VirtualPhone) -> None:
        """Create ``mmssms.db``."""
        super().install(phone)
        with open_database(phone, self.database) as db:
            if db.execute("SELECT COUNT(*) FROM android_metadata").fetchone()[0] == 0:
                db.execute("INSERT INTO android_metadata VALUES ('en_US')")

    def selection(self, uri: ContentUri, where: str | None) -> tuple[str, list[Any]]:
        """``type = N`` for a box, ``_id = N`` for a row, plus ``where``."""
        segments = list(uri.segments)
        clauses: list[str] = []
        params: list[Any] = []
        if segments and segments[-1].isdigit():
            clauses.append("_id = ?")
            params.append(int(segments.pop()))
        if segments:
            box = segments[0]
            if box not in SMS_BOXES or len(segments) > 1:
                raise ProviderError(f"Unknown URL {uri}")
            clauses.append("type = ?")
            params.append(SMS_BOXES[box])
        if _check_sql(where, "selection"):
            clauses.append(f"({where})")
        return (" AND ".join(clauses) or "1"), params

    def table_for(self, uri: ContentUri) -> str:
        """Every SMS URI reads the ``sms`` table."""
        self.selection(uri, None)
        return "sms"

    def insert(self, phone: VirtualPhone, uri: str, values: Mapping[str, Value]) -> str:
        """Insert a message into the box the URI names, creating its thread."""
        parsed = ContentUri.parse(uri)
        row = dict(values)
        if parsed.segments:
            box = parsed.segments[0]
            if box not in SMS_BOXES or len(parsed.segments) > 1:
                raise ProviderError(f"Unknown URL {parsed}")
            row["type"] = SMS_BOXES[box]
        row.setdefault("type", 1)
        now_ms = int(phone.now().timestamp() * 1000)
        row.setdefault("date", now_ms)
        if int(row["type"] or 0) == 1:
            row.setdefault("read", 0)
            row.setdefault("seen", 0)
        else:
            row.setdefault("read", 1)
            row.setdefault("seen", 1)
        with open_database(phone, self.database) as db:
            if row.get("thread_id") in (None, 0) and row.get("address"):
                row["thread_id"] = _thread_for(db, str(row["address"]))
            row_id = _insert_row(db, "sms", row)
            _refresh_threads(db)
        return f"content://sms/{row_id}"

    def update(
        self, phone: VirtualPhone, uri: str, values: Mapping[str, Value], where: str | None
    ) -> int:
        """Update messages; threads follow."""
        parsed = ContentUri.parse(uri)
        clause, params = self.selection(parsed, where)
        with open_database(phone, self.database) as db:
            count = _update_rows(db, "sms", values, clause, params)
            _refresh_threads(db)
        return count

    def delete(self, phone: VirtualPhone, uri: str, where: str | None) -> int:
        """Delete messages; emptied threads go too."""
        parsed = ContentUri.parse(uri)
        clause, params = self.selection(parsed, where)
        with open_database(phone, self.database) as db:
            count = _run(db, f"DELETE FROM sms WHERE {clause}", params).rowcount
            _refresh_threads(db)
        return count


def _thread_for(db: sqlite3.Connection, address: str) -> int:
    found = db.execute(
        "SELECT _id FROM canonical_addresses WHERE address = ?", (address,)
    ).fetchone()
    address_id = found[0] if found else _insert_row(db, "canonical_addresses", {"address": address})
    thread = db.execute(
        "SELECT _id FROM threads WHERE recipient_ids = ?", (str(address_id),)
    ).fetchone()
    if thread:
        return int(thread[0])
    return _insert_row(db, "threads", {"recipient_ids": str(address_id)})


def _refresh_threads(db: sqlite3.Connection) -> None:
    # Android's triggers keep these in step with the messages; so do we.
    db.execute(
        "DELETE FROM threads WHERE _id NOT IN (SELECT DISTINCT thread_id FROM sms WHERE "
        "thread_id IS NOT NULL)"
    )
    db.execute(
        """UPDATE threads SET
            message_count = (SELECT COUNT(*) FROM sms WHERE sms.thread_id = threads._id),
            date = COALESCE((SELECT MAX(date) FROM sms WHERE sms.thread_id = threads._id), 0),
            snippet = (SELECT body FROM sms WHERE sms.thread_id = threads._id
                       ORDER BY date DESC, _id DESC LIMIT 1),
            read = (SELECT MIN(COALESCE(read, 0)) FROM sms WHERE sms.thread_id = threads._id)"""
    )


# --- contacts --------------------------------------------------------------------------
CONTACTS_DB = "/data/data/com.android.providers.contacts/databases/contacts2.db"
MIME_NAME = "vnd.android.cursor.item/name"
MIME_PHONE = "vnd.android.cursor.item/phone_v2"
MIME_EMAIL = "vnd.android.cursor.item/email_v2"

_DATA_COLUMNS = ", ".join(f"data{i} TEXT" for i in range(1, 16))
CONTACTS_SCHEMA = f"""
CREATE TABLE IF NOT EXISTS accounts (
    _id INTEGER PRIMARY KEY AUTOINCREMENT,
    account_name TEXT, account_type TEXT, data_set TEXT
);
CREATE TABLE IF NOT EXISTS mimetypes (
    _id INTEGER PRIMARY KEY AUTOINCREMENT,
    mimetype TEXT NOT NULL UNIQUE
);
CREATE TABLE IF NOT EXISTS contacts (
    _id INTEGER PRIMARY KEY AUTOINCREMENT,
    name_raw_contact_id INTEGER,
    photo_id INTEGER,
    custom_ringtone TEXT,
    send_to_voicemail INTEGER NOT NULL DEFAULT 0,
    x_times_contacted INTEGER NOT NULL DEFAULT 0,
    x_last_time_contacted INTEGER,
    starred INTEGER NOT NULL DEFAULT 0,
    pinned INTEGER NOT NULL DEFAULT 0,
    has_phone_number INTEGER NOT NULL DEFAULT 0,
    lookup TEXT,
    contact_last_updated_timestamp INTEGER
);
CREATE TABLE IF NOT EXISTS raw_contacts (
    _id INTEGER PRIMARY KEY AUTOINCREMENT,
    account_id INTEGER REFERENCES accounts(_id),
    sourceid TEXT,
    version INTEGER NOT NULL DEFAULT 1,
    dirty INTEGER NOT NULL DEFAULT 0,
    deleted INTEGER NOT NULL DEFAULT 0,
    contact_id INTEGER REFERENCES contacts(_id),
    aggregation_mode INTEGER NOT NULL DEFAULT 0,
    starred INTEGER NOT NULL DEFAULT 0,
    pinned INTEGER NOT NULL DEFAULT 0,
    display_name TEXT,
    display_name_alt TEXT,
    display_name_source INTEGER NOT NULL DEFAULT 0,
    sort_key TEXT,
    sort_key_alt TEXT
);
CREATE TABLE IF NOT EXISTS data (
    _id INTEGER PRIMARY KEY AUTOINCREMENT,
    package_id INTEGER,
    mimetype_id INTEGER REFERENCES mimetypes(_id) NOT NULL,
    raw_contact_id INTEGER REFERENCES raw_contacts(_id) NOT NULL,
    is_read_only INTEGER NOT NULL DEFAULT 0,
    is_primary INTEGER NOT NULL DEFAULT 0,
    is_super_primary INTEGER NOT NULL DEFAULT 0,
    data_version INTEGER NOT NULL DEFAULT 0,
    {_DATA_COLUMNS}
);
CREATE TABLE IF NOT EXISTS phone_lookup (
    data_id INTEGER REFERENCES data(_id) NOT NULL,
    raw_contact_id INTEGER REFERENCES raw_contacts(_id) NOT NULL,
    normalized_number TEXT NOT NULL,
    min_match TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS android_metadata (locale TEXT);
CREATE VIEW IF NOT EXISTS view_raw_contacts AS
    SELECT raw_contacts.*, accounts.account_name, accounts.account_type
    FROM raw_contacts LEFT JOIN accounts ON raw_contacts.account_id = accounts._id;
CREATE VIEW IF NOT EXISTS view_contacts AS
    SELECT contacts._id, contacts.name_raw_contact_id, raw_contacts.display_name,
           raw_contacts.display_name_alt, raw_contacts.display_name_source,
           contacts.has_phone_number, contacts.starred, contacts.pinned, contacts.lookup,
           contacts.photo_id, contacts.x_times_contacted AS times_contacted,
           contacts.contact_last_updated_timestamp
    FROM contacts LEFT JOIN raw_contacts ON contacts.name_raw_contact_id = raw_contacts._id;
CREATE VIEW IF NOT EXISTS view_data AS
    SELECT data._id, data.raw_contact_id, raw_contacts.contact_id, mimetypes.mimetype,
           data.is_primary, data.is_super_primary, data.data_version,
           {", ".join(f"data.data{i}" for i in range(1, 16))},
           raw_contacts.display_name, raw_contacts.display_name_alt,
           raw_contacts.starred, accounts.account_name, accounts.account_type
    FROM data JOIN mimetypes ON data.mimetype_id = mimetypes._id
    JOIN raw_contacts ON data.raw_contact_id = raw_contacts._id
    LEFT JOIN accounts ON raw_contacts.account_id = accounts._id
    WHERE raw_contacts.deleted = 0;
CREATE VIEW IF NOT EXISTS view_phones AS
    SELECT _id, raw_contact_id, contact_id, mimetype, is_primary, is_super_primary,
           data1, data2, data3, data1 AS number, data2 AS type, data3 AS label,
           display_name, display_name_alt, starred, account_name, account_type
    FROM view_data WHERE mimetype = '{MIME_PHONE}';
CREATE VIEW IF NOT EXISTS view_v1_phones AS
    SELECT _id, raw_contact_id AS person, display_name AS name, display_name,
           data1 AS number, data2 AS type, data3 AS label, is_primary AS isprimary
    FROM view_data WHERE mimetype = '{MIME_PHONE}';
CREATE VIEW IF NOT EXISTS view_v1_people AS
    SELECT raw_contacts._id, raw_contacts.display_name AS name, raw_contacts.display_name,
           raw_contacts.starred, (SELECT data1 FROM view_data
               WHERE view_data.raw_contact_id = raw_contacts._id AND mimetype = '{MIME_PHONE}'
               ORDER BY is_primary DESC, _id LIMIT 1) AS number
    FROM raw_contacts WHERE deleted = 0;
"""


class ContactsProvider(SqliteProvider):
    """``content://com.android.contacts/...`` (and the legacy ``content://contacts/...``).

    Paths: ``raw_contacts``, ``data``, ``data/phones``, ``contacts``,
    ``phone_lookup/NUMBER``; legacy ``phones`` and ``people``. Inserting a name or phone
    data row recomputes the raw contact's display name and the contact's
    ``has_phone_number``, as the real provider's aggregator does.
    """

    def __init__(self, authority: str = "com.android.contacts") -> None:
        super().__init__(
            authority, CONTACTS_DB, {}, CONTACTS_SCHEMA, package="com.android.providers.contacts"
        )

    def install(self, phone: VirtualPhone) -> None:
        """Create ``contacts2.db``."""
        super().install(phone)
        with open_database(phone, self.database) as db:
            if db.execute("SELECT COUNT(*) FROM android_metadata").fetchone()[0] == 0:
                db.execute("INSERT INTO android_metadata VALUES ('en_US')")
            for mime in (MIME_NAME, MIME_PHONE, MIME_EMAIL):
                db.execute("INSERT OR IGNORE INTO mimetypes (mimetype) VALUES (?)", (mime,))

    def _route(self, uri: ContentUri) -> tuple[str, str, list[Any]]:
        """(kind, view, extra WHERE params...) for a URI; kind names the write target."""
        segs = list(uri.segments)
        legacy = uri.authority == "contacts"
        if len(segs) == 2 and segs[0] == "phone_lookup" and not legacy:
            return "lookup", segs[1], []
        row_id = int(segs.pop()) if segs and segs[-1].isdigit() else None
        key = "/".join(segs)
        views = {
            "raw_contacts": ("raw_contacts", "view_raw_contacts"),
            "contacts": ("contacts", "view_contacts"),
            "data": ("data", "view_data"),
            "data/phones": ("data", "view_phones"),
        }
        if legacy:
            views = {
                "phones": ("data", "view_v1_phones"),
                "people": ("raw_contacts", "view_v1_people"),
            }
        if key not in views:
            raise ProviderError(f"Unknown URI {uri}")
        kind, view = views[key]
        return kind, view, ([row_id] if row_id is not None else [])

    def query(
        self,
        phone: VirtualPhone,
        uri: str,
        projection: Sequence[str] | None,
        where: str | None,
        sort: str | None,
    ) -> tuple[list[str], list[Row]]:
        """SELECT from the view behind the URI."""
        parsed = ContentUri.parse(uri)
        kind, view, params = self._route(parsed)
        clauses = ["_id = ?"] if params else []
        if kind == "lookup":
            digits = re.sub(r"\D", "", view)[-7:]
            view = (
                "(SELECT view_contacts.*, view_phones.number, view_phones.type, view_phones.label"
                " FROM view_contacts JOIN view_phones ON view_phones.contact_id = view_contacts._id"
                " JOIN phone_lookup ON phone_lookup.data_id = view_phones._id"
                " WHERE phone_lookup.min_match = ?)"
            )
            params = [digits]
        if _check_sql(where, "selection"):
            clauses.append(f"({where})")
        return self._select(phone, view, projection, " AND ".join(clauses) or "1", params, sort)

    def insert(self, phone: VirtualPhone, uri: str, values: Mapping[str, Value]) -> str:
        """Insert a raw contact (its aggregate contact follows) or a data row."""
        parsed = ContentUri.parse(uri)
        kind, _view, _ = self._route(parsed)
        row = dict(values)
        with open_database(phone, self.database) as db:
            if kind == "raw_contacts":
                raw_id = _new_raw_contact(db, row)
                if parsed.authority == "contacts" and row.get("name"):
                    _insert_data(
                        db, {"raw_contact_id": raw_id, "mimetype": MIME_NAME, "data1": row["name"]}
                    )
                _aggregate(db)
                return f"content://{parsed.authority}/{parsed.segments[0]}/{raw_id}"
            if kind == "data":
                if parsed.authority == "contacts":
                    raise ProviderError(
                        f"Cannot insert into {parsed}", "java.lang.UnsupportedOperationException"
                    )
                data_id = _insert_data(db, row)
                _aggregate(db)
                return f"content://{parsed.authority}/data/{data_id}"
        raise ProviderError(
            "Aggregate contacts are created automatically",
            "java.lang.UnsupportedOperationException",
        )

    def update(
        self, phone: VirtualPhone, uri: str, values: Mapping[str, Value], where: str | None
    ) -> int:
        """Update raw contacts, contacts or data rows by their view's columns."""
        parsed = ContentUri.parse(uri)
        kind, view, params = self._route(parsed)
        if kind == "lookup":
            raise ProviderError(
                f"Cannot update {parsed}", "java.lang.UnsupportedOperationException"
            )
        with open_database(phone, self.database) as db:
            ids = self._ids(db, view, params, where)
            row = dict(values)
            mime = row.pop("mimetype", None)
            if mime is not None and kind == "data":
                row["mimetype_id"] = _mimetype_id(db, str(mime))
            if not row:
                return 0
            marks = ",".join("?" for _ in ids)
            count = _update_rows(db, kind, row, f"_id IN ({marks})", ids) if ids else 0
            _aggregate(db)
        return count

    def delete(self, phone: VirtualPhone, uri: str, where: str | None) -> int:
        """Delete contacts (with their raw contacts and data), raw contacts or data rows."""
        parsed = ContentUri.parse(uri)
        kind, view, params = self._route(parsed)
        if kind == "lookup":
            raise ProviderError(
                f"Cannot delete {parsed}", "java.lang.UnsupportedOperationException"
            )
        with open_database(phone, self.database) as db:
            ids = self._ids(db, view, params, where)
            if not ids:
                return 0
            marks = ",".join("?" for _ in ids)
            if kind == "contacts":
                raw = [
                    r[0]
                    for r in db.execute(
                        f"SELECT _id FROM raw_contacts WHERE contact_id IN ({marks})", ids
                    )
                ]
            elif kind == "raw_contacts":
                raw = ids
            else:
                raw = []
            if raw:
                raw_marks = ",".join("?" for _ in raw)
                db.execute(f"DELETE FROM phone_lookup WHERE raw_contact_id IN ({raw_marks})", raw)
                db.execute(f"DELETE FROM data WHERE raw_contact_id IN ({raw_marks})", raw)
                db.execute(f"DELETE FROM raw_contacts WHERE _id IN ({raw_marks})", raw)
            else:
                db.execute(f"DELETE FROM phone_lookup WHERE data_id IN ({marks})", ids)
                db.execute(f"DELETE FROM data WHERE _id IN ({marks})", ids)
            _aggregate(db)
        return len(ids)

    def _ids(
        self, db: sqlite3.Connection, view: str, params: list[Any], where: str | None
    ) -> list[int]:
        clauses = ["_id = ?"] if params else []
        if _check_sql(where, "selection"):
            clauses.append(f"({where})")
        sql = f"SELECT _id FROM {view} WHERE {' AND '.join(clauses) or '1'}"
        return [int(r[0]) for r in _run(db, sql, params).fetchall()]


def _mimetype_id(db: sqlite3.Connection, mimetype: str) -> int:
    db.execute("INSERT OR IGNORE INTO mimetypes (mimetype) VALUES (?)", (mimetype,))
    return int(
        db.execute("SELECT _id FROM mimetypes WHERE mimetype = ?", (mimetype,)).fetchone()[0]
    )


def _new_raw_contact(db: sqlite3.Connection, row: dict[str, Value]) -> int:
    name, kind = row.pop("account_name", None), row.pop("account_type", None)
    row.pop("name", None)
    account = db.execute(
        "SELECT _id FROM accounts WHERE account_name IS ? AND account_type IS ?", (name, kind)
    ).fetchone()
    account_id = (
        account[0]
        if account
        else _insert_row(db, "accounts", {"account_name": name, "account_type": kind})
    )
    row["account_id"] = account_id
    raw_id = _insert_row(db, "raw_contacts", row)
    contact_id = _insert_row(
        db, "contacts", {"name_raw_contact_id": raw_id, "lookup": f"0r{raw_id}"}
    )
    db.execute("UPDATE raw_contacts SET contact_id = ? WHERE _id = ?", (contact_id, raw_id))
    return raw_id


def _insert_data(db: sqlite3.Connection, row: Mapping[str, Value]) -> int:
    values = dict(row)
    mime = values.pop("mimetype", None)
    if mime is None:
        raise ProviderError("mimetype is required")
    if values.get("raw_contact_id") is None:
        raise ProviderError("raw_contact_id is required")
    raw = db.execute(
        "SELECT _id FROM raw_contacts WHERE _id = ?", (values["raw_contact_id"],)
    ).fetchone()
    if raw is None:
        raise ProviderError(f"Raw contact {values['raw_contact_id']} does not exist")
    values["mimetype_id"] = _mimetype_id(db, str(mime))
    data_id = _insert_row(db, "data", values)
    if mime == MIME_PHONE and values.get("data1"):
        digits = re.sub(r"\D", "", str(values["data1"]))
        db.execute(
            "INSERT INTO phone_lookup (data_id, raw_contact_id, normalized_number, min_match)"
            " VALUES (?, ?, ?, ?)",
            (data_id, values["raw_contact_id"], digits, digits[-7:]),
        )
    return data_id


def _aggregate(db: sqlite3.Connection) -> None:
    """Recompute display names and ``has_phone_number``, drop empty aggregates."""
    for (raw_id,) in db.execute("SELECT _id FROM raw_contacts").fetchall():
        name = db.execute(
            "SELECT data1, data2, data3 FROM view_data WHERE raw_contact_id = ? AND mimetype = ?"
            " ORDER BY is_primary DESC, _id LIMIT 1",
            (raw_id, MIME_NAME),
        ).fetchone()
        display, alt, source = None, None, 0
        if name:
            given, family = name[1] or "", name[2] or ""
            display = name[0] or " ".join(p for p in (given, family) if p) or None
            alt = ", ".join(p for p in (family, given) if p) or display
            source = 40
        else:
            for mime, src in ((MIME_PHONE, 20), (MIME_EMAIL, 10)):
                other = db.execute(
                    "SELECT data1 FROM view_data WHERE raw_contact_id = ? AND mimetype = ? ORDER "
                    "BY _id LIMIT 1",
                    (raw_id, mime),
                ).fetchone()
                if other and other[0]:
                    display, alt, source = other[0], other[0], src
                    break
        db.execute(
            "UPDATE raw_contacts SET display_name = ?, display_name_alt = ?, display_name_source "
            "= ?,"
            " sort_key = ?, sort_key_alt = ? WHERE _id = ?",
            (display, alt, source, display, alt, raw_id),
        )
    db.execute(
        "DELETE FROM contacts WHERE _id NOT IN (SELECT contact_id FROM raw_contacts WHERE "
        "contact_id IS NOT NULL)"
    )
    db.execute(
        "UPDATE contacts SET has_phone_number = EXISTS (SELECT 1 FROM view_data WHERE"
        " view_data.contact_id = contacts._id AND mimetype = ?)",
        (MIME_PHONE,),
    )


# --- settings ------------------------------------------------------------------------------
class SettingsProvider(ContentProvider):
    """``content://settings/system|secure|global[/NAME]``: rows of ``_id, name, value``."""

    package = "com.android.providers.settings"

    def _namespace(self, phone: VirtualPhone, uri: str) -> tuple[str, str | None]:
        parsed = ContentUri.parse(uri)
        if not parsed.segments or parsed.segments[0] not in phone.settings.namespaces():
            raise ProviderError(f"Invalid URI: {uri}")
        name = parsed.segments[1] if len(parsed.segments) > 1 else None
        return parsed.segments[0], name

    def _table(self, phone: VirtualPhone, namespace: str) -> sqlite3.Connection:
        db = sqlite3.connect(":memory:")
        db.execute("CREATE TABLE settings (_id INTEGER PRIMARY KEY, name TEXT, value TEXT)")
        db.executemany(
            "INSERT INTO settings (name, value) VALUES (?, ?)", phone.settings.items(namespace)
        )
        return db

    def _select_names(
        self, phone: VirtualPhone, uri: str, where: str | None
    ) -> tuple[str, list[str]]:
        namespace, name = self._namespace(phone, uri)
        db = self._table(phone, namespace)
        clauses, params = [], []
        if name is not None:
            clauses.append("name = ?")
            params.append(name)
        if _check_sql(where, "selection"):
            clauses.append(f"({where})")
        names = [
            r[0]
            for r in _run(
                db, f"SELECT name FROM settings WHERE {' AND '.join(clauses) or '1'}", params
            )
        ]
        db.close()
        return namespace, names

    def query(
        self,
        phone: VirtualPhone,
        uri: str,
        projection: Sequence[str] | None,
        where: str | None,
        sort: str | None,
    ) -> tuple[list[str], list[Row]]:
        """The settings rows, filtered by ``where`` and the URI's name."""
        namespace, name = self._namespace(phone, uri)
        db = self._table(phone, namespace)
        columns = (
            ", ".join(_check_sql(c, "projection") or "" for c in projection) if projection else "*"
        )
        clauses, params = [], []
        if name is not None:
            clauses.append("name = ?")
            params.append(name)
        if _check_sql(where, "selection"):
            clauses.append(f"({where})")
        sql = f"SELECT {columns} FROM settings WHERE {' AND '.join(clauses) or '1'}"
        if _check_sql(sort, "sort order"):
            sql += f" ORDER BY {sort}"
        cursor = _run(db, sql, params)
        result = [d[0] for d in cursor.description], cursor.fetchall()
        db.close()
        return result

    def insert(self, phone: VirtualPhone, uri: str, values: Mapping[str, Value]) -> str:
        """Put ``name`` = ``value``."""
        namespace, _ = self._namespace(phone, uri)
        if "name" not in values:
            raise ProviderError("name is required")
        value = values.get("value")
        phone.settings.put(namespace, str(values["name"]), "" if value is None else str(value))
        return f"content://settings/{namespace}/{values['name']}"

    def update(
        self, phone: VirtualPhone, uri: str, values: Mapping[str, Value], where: str | None
    ) -> int:
        """Set ``value`` on the selected settings."""
        namespace, names = self._select_names(phone, uri, where)
        for name in names:
            phone.settings.put(namespace, name, str(values.get("value", "")))
        return len(names)

    def delete(self, phone: VirtualPhone, uri: str, where: str | None) -> int:
        """Delete the selected settings."""
        namespace, names = self._select_names(phone, uri, where)
        for name in names:
            phone.settings.delete(namespace, name)
        return len(names)


def system_providers() -> dict[str, ContentProvider]:
    """Fresh instances of the providers of the Android system image, by authority."""
    # One provider answers both authorities (the legacy one is routed by the URI).
    contacts = ContactsProvider()
    return {
        "sms": SmsProvider(),
        "com.android.contacts": contacts,
        "contacts": contacts,
        "settings": SettingsProvider(),
    }
