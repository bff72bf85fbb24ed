"""Android's call log (``content://call_log/calls``, ``/calls/ID``) over ``calllog.db``.

AndroidWorld's phone checks clear it (``content delete --uri content://call_log/calls``)
and read the calls made; the virtual phone places no calls itself, so the log holds
what a client inserts.
"""

from __future__ import annotations

from droidhub.virtual.providers.base import SqliteProvider

CALLLOG_DB = "/data/data/com.android.providers.contacts/databases/calllog.db"

CALLLOG_SCHEMA = """
CREATE TABLE IF NOT EXISTS calls (
    _id INTEGER PRIMARY KEY AUTOINCREMENT,
    number TEXT,
    presentation INTEGER NOT NULL DEFAULT 1,
    date INTEGER,
    duration INTEGER,
    data_usage INTEGER,
    type INTEGER,
    features INTEGER NOT NULL DEFAULT 0,
    subscription_component_name TEXT,
    subscription_id TEXT,
    new INTEGER,
    name TEXT,
    numbertype INTEGER,
    numberlabel TEXT,
    countryiso TEXT,
    voicemail_uri TEXT,
    is_read INTEGER,
    geocoded_location TEXT,
    lookup_uri TEXT,
    matched_number TEXT,
    normalized_number TEXT,
    photo_id INTEGER NOT NULL DEFAULT 0,
    formatted_number TEXT,
    last_modified INTEGER DEFAULT 0
);
CREATE TABLE IF NOT EXISTS android_metadata (locale TEXT);
"""


class CallLogProvider(SqliteProvider):
    """``content://call_log/calls``, newest first, as CallLogProvider answers it."""

    def __init__(self) -> None:
        super().__init__(
            "call_log",
            CALLLOG_DB,
            {"calls": "calls"},
            CALLLOG_SCHEMA,
            package="com.android.providers.contacts",
            default_sort="date DESC",
        )
