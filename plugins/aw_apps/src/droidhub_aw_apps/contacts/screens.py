"""The Contacts app on the virtual phone: the contact list and the new-contact form."""

from __future__ import annotations

from typing import TYPE_CHECKING

from droidhub.virtual.appmodel import Intent, Screen, VirtualApp
from droidhub_aw_apps.common.hierarchy import Node, hit, render, row
from droidhub_aw_apps.common.keys import KEY_BACK, KEY_DEL
from droidhub_aw_apps.contacts.model import (
    ACTIVITY,
    DATA_URI,
    INSERT_ACTION,
    NAME_MIME,
    PACKAGE,
    PHONE_MIME,
    PHONE_TYPES,
    RAW_CONTACTS_URI,
)

if TYPE_CHECKING:
    from droidhub.virtual.appmodel import VirtualPhone


# --- the app model ----------------------------------------------------------------------

_FORM_FIELDS = ("First name", "Last name", "Phone")


class ContactsApp(VirtualApp):
    """Google Contacts: the contact list is the provider's; the model draws the
    new-contact editor (opened by an ``INSERT`` intent or the add button) from state;
    Save stores the draft in the contacts provider.
    """

    package = PACKAGE
    label = "Contacts"
    activity = ACTIVITY

    def __init__(self) -> None:
        self.editing = False
        self.values = dict.fromkeys(_FORM_FIELDS, "")
        self.phone_label = "Mobile"
        self.focus = "First name"

    def on_start(self, phone: VirtualPhone, intent: Intent) -> None:
        """``INSERT`` opens the editor, filled from the ``name``/``phone`` extras."""
        self.editing = intent.action == INSERT_ACTION
        self.values = dict.fromkeys(_FORM_FIELDS, "")
        self.phone_label, self.focus = "Mobile", "First name"
        if self.editing:
            first, _, last = str(intent.extras.get("name", "")).partition(" ")
            self.values.update({"First name": first, "Last name": last})
            self.values["Phone"] = str(intent.extras.get("phone", ""))
            wanted = intent.extras.get("phone_type")
            for label, code in PHONE_TYPES.items():
                if wanted == code or str(wanted) == str(code):
                    self.phone_label = label

    def _nodes(self) -> list[Node]:
        if not self.editing:
            return [
                Node("android.widget.TextView", text="Contacts", bounds=(48, 120, 700, 240)),
                Node(
                    "android.widget.ImageButton",
                    content_desc="Create contact",
                    bounds=(820, 2000, 1000, 2180),
                    clickable=True,
                ),
            ]
        nodes = [
            Node("android.widget.TextView", text="Create contact", bounds=(160, 120, 700, 240)),
            Node(
                "android.widget.Button", text="Save", bounds=(840, 120, 1040, 240), clickable=True
            ),
        ]
        for i, name in enumerate(_FORM_FIELDS):
            nodes.append(
                Node(
                    "android.widget.EditText",
                    text=self.values[name],
                    hint=name,
                    bounds=row(i),
                    focused=self.focus == name,
                )
            )
        nodes.append(
            Node(
                "android.widget.Spinner",
                text=self.phone_label,
                content_desc=f"{self.phone_label} Phone",
                bounds=row(3),
                clickable=True,
            )
        )
        return nodes

    def screen(self, phone: VirtualPhone) -> Screen:
        """The contact list's header, or the editor with its fields."""
        return Screen(hierarchy=render(PACKAGE, self._nodes()))

    def on_tap(self, phone: VirtualPhone, x: int, y: int) -> None:
        """Open the editor, focus a field, or step the phone label."""
        node = hit(self._nodes(), x, y)
        if node is None:
            return
        if node.content_desc == "Create contact":
            self.on_start(phone, Intent(action=INSERT_ACTION))
        elif node.text == "Save":
            self._save(phone)
        elif node.hint in _FORM_FIELDS:
            self.focus = node.hint
        elif node.class_name.endswith("Spinner"):
            labels = list(PHONE_TYPES)
            self.phone_label = labels[(labels.index(self.phone_label) + 1) % len(labels)]

    def _save(self, phone: VirtualPhone) -> None:
        """Store the draft as a device-local contact, as the editor's Save does."""
        provider = phone.provider("com.android.contacts")
        name = " ".join(v for v in (self.values["First name"], self.values["Last name"]) if v)
        if provider is not None and name:
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
        self.editing = False

    def on_text(self, phone: VirtualPhone, text: str) -> None:
        """Typing goes to the focused field."""
        if self.editing:
            self.values[self.focus] += text

    def on_key(self, phone: VirtualPhone, keycode: str) -> None:
        """Delete erases in the focused field; back leaves the editor."""
        if not self.editing:
            return
        if keycode in KEY_DEL:
            self.values[self.focus] = self.values[self.focus][:-1]
        elif keycode in KEY_BACK:
            self.editing = False


def virtual_apps() -> list[VirtualApp]:
    """A fresh Contacts model."""
    return [ContactsApp()]
