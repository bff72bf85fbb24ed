"""Android's contacts provider (``content://com.android.contacts``) over ``contacts2.db``."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from droidhub.virtual.providers.base import (
    ContentUri,
    ProviderError,
    Row,
    SqliteProvider,
    Value,
    insert_row,
    open_database,
    run_sql,
    set_locale,
    update_rows,
    where_clause,
)

if TYPE_CHECKING:
    from droidhub.virtual.providers.base import ProviderHost, ProviderQuery


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

    def install(self, phone: ProviderHost) -> None:
        """Create ``contacts2.db``."""
        super().install(phone)
        with open_database(phone, self.database) as db:
            set_locale(db)
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

    def _write_route(self, uri: str, verb: str) -> tuple[str, str, list[Any]]:
        """:meth:`_route` of a URI rows are updated or deleted through (``verb``); a
        phone lookup is read-only, as on Android."""
        parsed = ContentUri.parse(uri)
        kind, view, params = self._route(parsed)
        if kind == "lookup":
            unsupported = "java.lang.UnsupportedOperationException"
            raise ProviderError(f"Cannot {verb} {parsed}", unsupported)
        return kind, view, params

    def select(self, phone: ProviderHost, query: ProviderQuery) -> tuple[list[str], list[Row]]:
        """SELECT from the view behind the URI."""
        kind, view, params = self._route(query.content_uri)
        clause = where_clause(["_id = ?"] if params else [], query.where)
        if kind == "lookup":
            digits = re.sub(r"\D", "", view)[-7:]
            view = (
                "(SELECT view_contacts.*, view_phones.number, view_phones.type, view_phones.label"
                " FROM view_contacts JOIN view_phones ON view_phones.contact_id = view_contacts._id"
                " JOIN phone_lookup ON phone_lookup.data_id = view_phones._id"
                " WHERE phone_lookup.min_match = ?)"
            )
            params = [digits]
        return self._select_from(phone, view, query.projection, clause, params, query.sort)

    def insert(self, phone: ProviderHost, uri: str, values: Mapping[str, Value]) -> str:
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
        self, phone: ProviderHost, uri: str, values: Mapping[str, Value], where: str | None
    ) -> int:
        """Update raw contacts, contacts or data rows by their view's columns."""
        kind, view, params = self._write_route(uri, "update")
        with open_database(phone, self.database) as db:
            ids = self._ids(db, view, params, where)
            row = dict(values)
            mime = row.pop("mimetype", None)
            if mime is not None and kind == "data":
                row["mimetype_id"] = _mimetype_id(db, str(mime))
            if not row:
                return 0
            marks = ",".join("?" for _ in ids)
            count = update_rows(db, kind, row, f"_id IN ({marks})", ids) if ids else 0
            _aggregate(db)
        return count

    def delete(self, phone: ProviderHost, uri: str, where: str | None) -> int:
        """Delete contacts (with their raw contacts and data), raw contacts or data rows."""
        kind, view, params = self._write_route(uri, "delete")
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
        clause = where_clause(["_id = ?"] if params else [], where)
        sql = f"SELECT _id FROM {view} WHERE {clause}"
        return [int(r[0]) for r in run_sql(db, sql, params).fetchall()]


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
        else insert_row(db, "accounts", {"account_name": name, "account_type": kind})
    )
    row["account_id"] = account_id
    raw_id = insert_row(db, "raw_contacts", row)
    contact_id = insert_row(
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
    data_id = insert_row(db, "data", values)
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
