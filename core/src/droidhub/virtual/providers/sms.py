"""Android's telephony SMS provider (``content://sms``) over ``mmssms.db``."""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from droidhub.virtual.providers.base import (
    ContentUri,
    ProviderError,
    SqliteProvider,
    Value,
    insert_row,
    open_database,
    set_locale,
    where_clause,
)

if TYPE_CHECKING:
    from droidhub.virtual.providers.base import ProviderHost


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

    def install(self, phone: ProviderHost) -> None:
        """Create ``mmssms.db``."""
        super().install(phone)
        with open_database(phone, self.database) as db:
            set_locale(db)

    def selection(self, uri: ContentUri, where: str | None) -> tuple[str, list[Any]]:
        """``type = N`` for a box, ``_id = N`` for a row, plus ``where``."""
        segments = list(uri.segments)
        clauses: list[str] = []
        params: list[Any] = []
        if segments and segments[-1].isdigit():
            clauses.append("_id = ?")
            params.append(int(segments.pop()))
        if segments:
            clauses.append("type = ?")
            params.append(_box_type(segments, uri))
        return where_clause(clauses, where), params

    def table_for(self, uri: ContentUri) -> str:
        """Every SMS URI reads the ``sms`` table."""
        self.selection(uri, None)
        return "sms"

    def insert(self, phone: ProviderHost, uri: str, values: Mapping[str, Value]) -> str:
        """Insert a message into the box the URI names, creating its thread."""
        parsed = ContentUri.parse(uri)
        row = dict(values)
        if parsed.segments:
            row["type"] = _box_type(parsed.segments, parsed)
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
            row_id = insert_row(db, "sms", row)
            self.after_write(db)
        return f"content://sms/{row_id}"

    def after_write(self, db: sqlite3.Connection) -> None:
        """Threads follow their messages: emptied ones go, the others' counts, dates and
        snippets are brought up to date."""
        _refresh_threads(db)


def _box_type(segments: Sequence[str], uri: ContentUri) -> int:
    """The message type of the box ``segments`` name (``inbox`` is 1, ``sent`` 2...);
    ``ProviderError`` for a path that is not one box."""
    if segments[0] not in SMS_BOXES or len(segments) > 1:
        raise ProviderError(f"Unknown URL {uri}")
    return SMS_BOXES[segments[0]]


def _thread_for(db: sqlite3.Connection, address: str) -> int:
    found = db.execute(
        "SELECT _id FROM canonical_addresses WHERE address = ?", (address,)
    ).fetchone()
    address_id = found[0] if found else insert_row(db, "canonical_addresses", {"address": address})
    thread = db.execute(
        "SELECT _id FROM threads WHERE recipient_ids = ?", (str(address_id),)
    ).fetchone()
    if thread:
        return int(thread[0])
    return insert_row(db, "threads", {"recipient_ids": str(address_id)})


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
