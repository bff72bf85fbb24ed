"""Content providers of the virtual phone, answering ``content query|insert|update|delete``.

A provider is reached by the authority of a ``content://AUTHORITY/...`` URI. The phone
hosts Android's own system providers (telephony SMS in ``mmssms.db``, contacts in
``contacts2.db``, settings, media in ``external.db``), each backed by a real SQLite
file at Android's path with Android's table names; app models add theirs through
``VirtualApp.providers()``. ``where`` and ``sort`` are SQL fragments, as on Android.
"""

from __future__ import annotations

from droidhub.virtual.providers.base import (
    ContentProvider,
    ContentUri,
    ProviderError,
    ProviderQuery,
    Row,
    SqliteProvider,
    Value,
    open_database,
)
from droidhub.virtual.providers.call_log import CALLLOG_DB, CallLogProvider
from droidhub.virtual.providers.contacts import CONTACTS_DB, ContactsProvider
from droidhub.virtual.providers.media import MEDIA_DB, MediaProvider
from droidhub.virtual.providers.settings import SettingsProvider
from droidhub.virtual.providers.sms import MMSSMS_DB, SMS_BOXES, SmsProvider

__all__ = [
    "CALLLOG_DB",
    "CONTACTS_DB",
    "MEDIA_DB",
    "MMSSMS_DB",
    "SMS_BOXES",
    "CallLogProvider",
    "ContactsProvider",
    "ContentProvider",
    "ContentUri",
    "MediaProvider",
    "ProviderError",
    "ProviderQuery",
    "Row",
    "SettingsProvider",
    "SmsProvider",
    "SqliteProvider",
    "Value",
    "open_database",
    "system_providers",
]


def system_providers() -> dict[str, ContentProvider]:
    """Fresh instances of the providers of the Android system image, by authority."""
    # One provider answers both authorities (the legacy one is routed by the URI).
    contacts = ContactsProvider()
    return {
        "sms": SmsProvider(),
        "com.android.contacts": contacts,
        "contacts": contacts,
        "settings": SettingsProvider(),
        "media": MediaProvider(),
        "call_log": CallLogProvider(),
    }
