"""Contacts in the contacts provider (``content://com.android.contacts``): listed as
(display name, digits of the number) pairs as AndroidWorld lists them, added, and
cleared by clearing ``com.android.providers.contacts``; and the app spec.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from droidhub import AppSpec, DeviceError, StateRefs

if TYPE_CHECKING:
    from droidhub import Device


PACKAGE = "com.google.android.contacts"
ACTIVITY = "com.android.contacts.activities.PeopleActivity"
PROVIDER_PACKAGE = "com.android.providers.contacts"
AUTHORITY_URI = "content://com.android.contacts"
RAW_CONTACTS_URI = f"{AUTHORITY_URI}/raw_contacts"
DATA_URI = f"{AUTHORITY_URI}/data"
#: The legacy phones table, as AndroidWorld lists contacts (name, number).
PHONES_URI = "content://contacts/phones"
NAME_MIME = "vnd.android.cursor.item/name"
PHONE_MIME = "vnd.android.cursor.item/phone_v2"
INSERT_ACTION = "android.intent.action.INSERT"
#: The MIME type an ``INSERT`` of a new contact names (``am start -t``).
CONTACT_DIR_MIME = "vnd.android.cursor.dir/contact"
#: ``ContactsContract.CommonDataKinds.Phone`` types, by the label the editor shows, in
#: the order its label drop-down lists them (AOSP's fallback account: Home, Mobile, Work,
#: the faxes, Pager, Other; Custom, which asks for a name, is not modelled).
PHONE_TYPES = {
    "Home": 1, "Mobile": 2, "Work": 3, "Work Fax": 4, "Home Fax": 5, "Pager": 6, "Other": 7,
}  # fmt: skip

APPS = (AppSpec(PACKAGE, ACTIVITY, names=("contacts",), label="Contacts"),)

#: Contacts are the provider's data: footprints name both the URI and its package.
CONTACTS_STATE = StateRefs(
    content_uris=frozenset({AUTHORITY_URI}), packages=frozenset({PROVIDER_PACKAGE})
)


@dataclass(frozen=True)
class Contact:
    """A contact as AndroidWorld compares them: name, and the digits of the number."""

    name: str
    number: str


def digits(number: str) -> str:
    """Only the digits of a phone number."""
    return re.sub(r"\D", "", number)


def list_contacts(device: Device) -> list[Contact]:
    """Every (display name, number) pair in the contacts provider."""
    rows = device.content_query(PHONES_URI, projection=["display_name", "number"])
    return [Contact(r.get("display_name") or "", digits(r.get("number") or "")) for r in rows]


def add_contact(device: Device, name: str, number: str, phone_type: int = 2) -> None:
    """Store a device-local contact with one phone number, through the provider."""
    device.content_insert(RAW_CONTACTS_URI, {"starred": 0})
    rows = device.content_query(RAW_CONTACTS_URI, projection=["_id"], sort="_id DESC")
    if not rows or not rows[0].get("_id"):
        raise DeviceError(f"the contacts provider did not keep the new raw contact for {name!r}")
    raw_id = int(rows[0]["_id"] or 0)
    device.content_insert(
        DATA_URI, {"raw_contact_id": raw_id, "mimetype": NAME_MIME, "data1": name}
    )
    device.content_insert(
        DATA_URI,
        {"raw_contact_id": raw_id, "mimetype": PHONE_MIME, "data1": number, "data2": phone_type},
    )


def clear_contacts(device: Device) -> None:
    """Delete every contact (clears the contacts provider's data, as AndroidWorld does)."""
    device.clear_app(PROVIDER_PACKAGE)
