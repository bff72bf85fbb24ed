"""The Contacts app on the virtual phone, on the view engine: the contact list bound from
the contacts provider, the new-contact editor (opened by an ``INSERT`` intent or the
Create contact button; Save stores the draft in the provider and opens the contact's
page), the phone label's drop-down, and the contact's page."""

from __future__ import annotations

from typing import TYPE_CHECKING

from droidhub.virtual.appmodel import Intent, VirtualApp
from droidhub.virtual.views import ViewApp, Window
from droidhub_aw_apps.common.app_identity import model_of
from droidhub_aw_apps.contacts import layouts
from droidhub_aw_apps.contacts.model import (
    APPS,
    AUTHORITY_URI,
    DATA_URI,
    INSERT_ACTION,
    NAME_MIME,
    PHONE_MIME,
    PHONE_TYPES,
    RAW_CONTACTS_URI,
)

if TYPE_CHECKING:
    from droidhub.virtual.appmodel import VirtualPhone

_FORM_FIELDS = ("First name", "Last name", "Phone", "Email")
_LIST, _EDITOR, _CONTACT = "list", "editor", "contact"
#: The label spinner's bounds (under the Phone field), the drop-down's start on its start.
_SPINNER = (179, 1063, 365, 1205)
_SPINNER_ANCHOR = (
    _SPINNER[0],
    _SPINNER[1],
    _SPINNER[0] + round(layouts.DROP_DOWN_WIDTH * 2.625),
    _SPINNER[3],
)


@model_of(APPS[0])
class ContactsApp(ViewApp):
    """Google Contacts: the list is the provider's; the editor's draft is the model's
    until Save stores it as a device-local contact."""

    def __init__(self) -> None:
        super().__init__()
        self.page = _LIST
        self.values = dict.fromkeys(_FORM_FIELDS, "")
        self.phone_label = "Mobile"
        self.choosing_label = False
        self.contact_id = 0

    # --- state ---------------------------------------------------------------------------
    def on_start(self, phone: VirtualPhone, intent: Intent) -> None:
        """``INSERT`` opens the editor, filled from the ``name``/``phone`` extras."""
        super().on_start(phone, intent)
        self.page = _EDITOR if intent.action == INSERT_ACTION else _LIST
        self.values = dict.fromkeys(_FORM_FIELDS, "")
        self.phone_label, self.choosing_label = "Mobile", False
        if self.page == _EDITOR:
            first, _, last = str(intent.extras.get("name", "")).partition(" ")
            self.values.update({"First name": first, "Last name": last})
            self.values["Phone"] = str(intent.extras.get("phone", ""))
            wanted = intent.extras.get("phone_type")
            for label, code in PHONE_TYPES.items():
                if str(wanted) == str(code):
                    self.phone_label = label

    def _go(self, page: str) -> None:
        self.page, self.choosing_label = page, False
        self.reset_view_state()

    def _create(self) -> None:
        self.values = dict.fromkeys(_FORM_FIELDS, "")
        self.phone_label = "Mobile"
        self._go(_EDITOR)

    def _open(self, contact_id: int) -> None:
        self.contact_id = contact_id
        self._go(_CONTACT)

    def _set(self, field: str, text: str) -> None:
        self.values[field] = text

    def _choose_label(self, label: str) -> None:
        self.phone_label, self.choosing_label = label, False

    def on_back(self, phone: VirtualPhone) -> bool:
        """BACK leaves the editor (the draft dropped) or the contact's page for the list."""
        if self.page == _LIST:
            return False
        self._go(_LIST)
        return True

    # --- the provider ----------------------------------------------------------------------
    def _contacts(self, phone: VirtualPhone) -> list[tuple[int, str]]:
        provider = phone.provider("com.android.contacts")
        if provider is None:
            return []
        _, rows = provider.query(
            phone, f"{AUTHORITY_URI}/contacts", ["_id", "display_name"], None, None
        )
        found = [(int(i or 0), str(n)) for i, n in rows if n]
        return sorted(found, key=lambda c: c[1].casefold())

    def _numbers(self, phone: VirtualPhone, contact_id: int) -> tuple[tuple[str, str], ...]:
        provider = phone.provider("com.android.contacts")
        if provider is None:
            return ()
        _, rows = provider.query(
            phone, f"{DATA_URI}/phones", ["contact_id", "number", "type"], None, None
        )
        kinds = {code: label for label, code in PHONE_TYPES.items()}
        return tuple(
            (str(number), kinds.get(int(kind or 0), "Other"))
            for owner, number, kind in rows
            if int(owner or 0) == contact_id
        )

    def _save(self, phone: VirtualPhone) -> None:
        """Store the draft as a device-local contact, as the editor's Save does."""
        provider = phone.provider("com.android.contacts")
        name = " ".join(v for v in (self.values["First name"], self.values["Last name"]) if v)
        if provider is None or not (name or self.values["Phone"]):
            self._go(_LIST)
            return
        row = provider.insert(phone, RAW_CONTACTS_URI, {"starred": 0})
        raw_id = int(row.rsplit("/", 1)[1])
        provider.insert(
            phone, DATA_URI, {"raw_contact_id": raw_id, "mimetype": NAME_MIME, "data1": name}
        )
        if self.values["Phone"]:
            phone_row: dict[str, str | int | float | bool | None] = {
                "raw_contact_id": raw_id,
                "mimetype": PHONE_MIME,
                "data1": self.values["Phone"],
                "data2": PHONE_TYPES[self.phone_label],
            }
            provider.insert(phone, DATA_URI, phone_row)
        _, rows = provider.query(phone, RAW_CONTACTS_URI, ["contact_id"], f"_id = {raw_id}", None)
        self._open(int(rows[0][0] or 0) if rows else 0)

    # --- the screen ------------------------------------------------------------------------
    def build(self, phone: VirtualPhone) -> Window:
        """The page the app is on, with the label drop-down over the editor."""
        if self.page == _EDITOR:
            fields = layouts.EditorFields(
                self.values,
                self.phone_label,
                self._set,
                on_label=lambda: setattr(self, "choosing_label", True),
                on_save=lambda: self._save(phone),
                on_cancel=lambda: self._go(_LIST),
            )
            window = Window(layouts.editor_screen(fields), status_bar=layouts.PRIMARY)
            if self.choosing_label:
                window.dialog = layouts.label_drop_down(
                    list(PHONE_TYPES), self.phone_label, self._choose_label
                )
                window.popup_anchor = _SPINNER_ANCHOR
                window.on_cancel = lambda: setattr(self, "choosing_label", False)
            return window
        if self.page == _CONTACT:
            names = dict(self._contacts(phone))
            page = layouts.ContactPage(
                names.get(self.contact_id, ""), self._numbers(phone, self.contact_id)
            )
            content = layouts.contact_screen(page, lambda: self._go(_LIST), lambda: None)
            return Window(content, status_bar=layouts.tile_colour(page.name))
        contacts = self._contacts(phone)
        rows, previous = [], ""
        for contact_id, name in contacts:
            letter = name[:1].upper()
            rows.append(layouts.ListRow(contact_id, name, letter != previous))
            previous = letter
        content = layouts.list_screen(rows, self._open, self._create)
        return Window(content, status_bar=layouts.PRIMARY)


def virtual_apps() -> list[VirtualApp]:
    """A fresh Contacts model."""
    return [ContactsApp()]
