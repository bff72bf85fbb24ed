"""Simple SMS Messenger's data: messages in the telephony provider (``content://sms``:
``/inbox`` type 1, ``/sent`` type 2), read, written, saved and restored through the
Device; and the app spec.
"""

from __future__ import annotations

import sqlite3
from typing import TYPE_CHECKING

from droidhub import StateRefs
from droidhub_aw_apps.common.app_specs import private_data_app

if TYPE_CHECKING:
    from droidhub import Device


PACKAGE = "com.simplemobiletools.smsmessenger"
ACTIVITY = "com.simplemobiletools.smsmessenger.activities.MainActivity"
SMS_URI = "content://sms"
INBOX_URI = "content://sms/inbox"
SENT_URI = "content://sms/sent"
INBOX, SENT = 1, 2
#: How recent a sent message must be to count (AndroidWorld's window).
RECENT_MINUTES = 5

APPS = (
    private_data_app(
        PACKAGE, ACTIVITY, names=("simple sms messenger", "simple sms"), label="SMS Messenger"
    ),
)

SMS_STATE = StateRefs(content_uris=frozenset({SMS_URI}))

#: The telephony provider's database; tear-down writes it back as set-up found it (as
#: AndroidWorld edits it: directly, which needs root on an emulator).
MMSSMS_DB = "/data/data/com.android.providers.telephony/databases/mmssms.db"
TELEPHONY_PACKAGE = "com.android.providers.telephony"
#: Tables the SMS tasks change: messages, their threads, and the addresses threads name.
_SMS_TABLES = ("sms", "threads", "canonical_addresses")

SavedTables = dict[str, list[dict[str, object]]]


def save_sms_tables(device: Device) -> SavedTables:
    """Every row of the SMS tables, to put back with :func:`restore_sms_tables`."""
    return {table: device.query_db(MMSSMS_DB, f"SELECT * FROM {table}") for table in _SMS_TABLES}


def restore_sms_tables(device: Device, saved: SavedTables) -> None:
    """Make the SMS tables hold exactly the saved rows again (ids included)."""

    def change(db: sqlite3.Connection) -> None:
        for table, rows in saved.items():
            db.execute(f"DELETE FROM {table}")
            for record in rows:
                columns = ", ".join(record)
                marks = ", ".join("?" for _ in record)
                db.execute(
                    f"INSERT INTO {table} ({columns}) VALUES ({marks})", list(record.values())
                )

    device.write_db(MMSSMS_DB, TELEPHONY_PACKAGE, change)


def now_ms(device: Device) -> int:
    """The phone's clock in Unix milliseconds, as the provider stores dates."""
    return int(device.now().timestamp() * 1000)


def normalized_address(number: str) -> str:
    """A phone number without the dashes and spaces AndroidWorld ignores."""
    return number.replace("-", "").replace(" ", "")


def receive(device: Device, number: str, body: str, date_ms: int | None = None) -> None:
    """Put an incoming message from ``number`` into the inbox (unread)."""
    date = now_ms(device) if date_ms is None else date_ms
    device.content_insert(
        INBOX_URI, {"address": number, "body": body, "date": date, "type": INBOX, "read": 0}
    )


def send(device: Device, number: str, body: str, date_ms: int | None = None) -> None:
    """Record a message to ``number`` as sent (what the app does after sending)."""
    date = now_ms(device) if date_ms is None else date_ms
    device.content_insert(
        SENT_URI, {"address": number, "body": body, "date": date, "type": SENT, "read": 1}
    )


def sent_messages(device: Device) -> list[dict[str, str | None]]:
    """Sent messages, newest first."""
    return device.content_query(SENT_URI, projection=["address", "body", "date"], sort="date DESC")


def received_messages(device: Device) -> list[dict[str, str | None]]:
    """Incoming messages, newest first."""
    return device.content_query(INBOX_URI, projection=["address", "body", "date"], sort="date DESC")


def clear_messages(device: Device) -> None:
    """Delete every message (threads follow their messages)."""
    device.content_delete(SMS_URI)
