"""Contacts tasks: add a contact, and fill in the new-contact form without saving.

Contacts live in the contacts provider (``content://com.android.contacts``);
AndroidWorld lists them as (display name, digits of the number) pairs and clears them
by clearing ``com.android.providers.contacts``. The unsaved form is only on screen,
so that task reads the UI hierarchy, including the fields' hints (``First name``).
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict

from droidhub import AppSpec, BoundingBox, DeviceError, Evaluator, Footprint, StateRefs, TaskEval
from droidhub.virtual.appmodel import Intent, Screen, VirtualApp
from droidhub_aw_apps.common import fake_data, fuzzy
from droidhub_aw_apps.common.hierarchy import Node, hit, render, row
from droidhub_aw_apps.common.keys import KEY_BACK, KEY_DEL

if TYPE_CHECKING:
    from droidhub import Device, Env
    from droidhub.virtual.appmodel import VirtualPhone

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
#: the order its label menu lists them.
PHONE_TYPES = {"Mobile": 2, "Work": 3, "Home": 1, "Other": 7}

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


def contact_exists(env: Env, name: str, number: str) -> float:
    """1.0 when a contact has exactly this name and a number with these digits."""
    return 1.0 if Contact(name, digits(number)) in list_contacts(env.device) else 0.0


CONTACT_EXISTS = Evaluator(
    "contact_exists", "a contact with a name and phone number exists", contact_exists
)


@dataclass(frozen=True)
class _Field:
    text: str
    hint: str
    content_desc: str
    bounds: BoundingBox | None


_BOUNDS = re.compile(r"\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]")


def _bounds(text: str) -> BoundingBox | None:
    """A node's ``[l,t][r,b]`` bounds; None when missing or malformed."""
    match = _BOUNDS.fullmatch(text.strip())
    if not match:
        return None
    left, top, right, bottom = (int(g) for g in match.groups())
    return BoundingBox(left, top, right, bottom)


def _fields(tree: str) -> list[_Field]:
    start = tree.find("<hierarchy")
    root = ET.fromstring(tree[start:] if start >= 0 else tree)
    return [
        _Field(
            node.get("text", ""),
            node.get("hint", ""),
            node.get("content-desc", ""),
            _bounds(node.get("bounds", "")),
        )
        for node in root.iter("node")
    ]


def _just_below(upper: BoundingBox | None, lower: BoundingBox | None) -> bool:
    if upper is None or lower is None:
        return False
    height = upper.bottom - upper.top
    return upper.bottom <= lower.top <= upper.bottom + height


def contact_form_filled(env: Env, first: str, last: str, phone: str, phone_label: str) -> float:
    """1.0 when the screen shows the new-contact form holding these details."""
    fields = _fields(env.device.ui_tree())
    first_ok = any(
        f.hint == "First name" and f.text and fuzzy.similar(f.text, first) for f in fields
    )
    last_ok = any(f.hint == "Last name" and f.text and fuzzy.similar(f.text, last) for f in fields)
    phone_field = next(
        (f for f in fields if f.hint == "Phone" and f.text and digits(f.text) == digits(phone)),
        None,
    )
    label_ok = any(
        f.text == phone_label and f.content_desc == f"{phone_label} Phone" for f in fields
    )
    if phone_field and not label_ok:
        # The label's description is not always set; then it must sit under the number.
        label_ok = any(
            f.text == phone_label and _just_below(phone_field.bounds, f.bounds) for f in fields
        )
    return 1.0 if first_ok and last_ok and phone_field and label_ok else 0.0


CONTACT_FORM_FILLED = Evaluator(
    "contact_form_filled",
    "the new-contact form on screen holds given details",
    contact_form_filled,
)

EVALUATORS = (CONTACT_EXISTS, CONTACT_FORM_FILLED)


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


# --- tasks ------------------------------------------------------------------------------


class AddContactParams(BaseModel):
    """The contact to create."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    number: str


class ContactsAddContact(TaskEval):
    """Save a new contact with a name and number."""

    template = "Create a new contact for {name}. Their number is {number}."
    app_names = ("contacts",)
    complexity = 1.2
    tags = ("data_entry", "parameterized")
    Params = AddContactParams
    params: AddContactParams
    footprint = Footprint(writes=CONTACTS_STATE)

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> AddContactParams:
        """A random name and number."""
        return AddContactParams(
            name=fake_data.random_name(rng), number=fake_data.random_phone_number(rng)
        )

    def initialize_task(self, env: Env) -> None:
        """Start with no contacts."""
        super().initialize_task(env)
        clear_contacts(env.device)

    def is_successful(self, env: Env) -> float:
        """Whether the contact exists with that exact name and number."""
        return CONTACT_EXISTS(env, name=self.params.name, number=self.params.number)

    def oracle(self, env: Env) -> None:
        """Insert the contact through the provider."""
        add_contact(env.device, self.params.name, self.params.number)

    def tear_down(self, env: Env) -> None:
        """Delete the contacts again."""
        clear_contacts(env.device)
        super().tear_down(env)


FIRST_NAMES = (
    "Alice",
    "Bob",
    "Charlie",
    "David",
    "Eva",
    "Frank",
    "Grace",
    "Hannah",
    "Ivan",
    "Jack",
)
LAST_NAMES = (
    "Johnson", "Smith", "Brown", "Taylor", "Adams", "Wilson", "Lee", "White", "Harris", "Clark",
)  # fmt: skip


class DraftParams(BaseModel):
    """What to type into the form. "Mobile" is never asked for: it shows twice."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    first: str
    last: str
    phone: str
    phone_label: Literal["Home", "Work"]


class ContactsNewContactDraft(TaskEval):
    """Fill in the new-contact form and leave it unsaved on screen."""

    template = (
        "Go to the new contact screen and enter the following details: First Name: {first}, "
        "Last Name: {last}, Phone: {phone}, Phone Label: {phone_label}. Do NOT hit save."
    )
    app_names = ("contacts",)
    complexity = 1.2
    tags = ("screen_reading", "data_entry")
    Params = DraftParams
    params: DraftParams
    footprint = Footprint(writes=StateRefs(packages=frozenset({PACKAGE})))

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> DraftParams:
        """A name from short lists, a ``123-456-7890`` number, Home or Work."""
        first, last = rng.choice(FIRST_NAMES), rng.choice(LAST_NAMES)
        phone = f"{rng.randint(100, 999)}-{rng.randint(100, 999)}-{rng.randint(1000, 9999)}"
        return DraftParams.model_validate(
            {
                "first": first,
                "last": last,
                "phone": phone,
                "phone_label": rng.choice(["Home", "Work"]),
            }
        )

    def initialize_task(self, env: Env) -> None:
        """Close Contacts so no old form is open."""
        super().initialize_task(env)
        env.device.force_stop(PACKAGE)

    def is_successful(self, env: Env) -> float:
        """Whether the form on screen holds the four details."""
        p = self.params
        return CONTACT_FORM_FILLED(
            env, first=p.first, last=p.last, phone=p.phone, phone_label=p.phone_label
        )

    def oracle(self, env: Env) -> None:
        """Open the editor with the ``INSERT`` intent AndroidWorld uses, carrying the details."""
        p = self.params
        command = ["am", "start", "-W", "-a", INSERT_ACTION, "-t", CONTACT_DIR_MIME]
        command += ["-e", "name", f"{p.first} {p.last}", "-e", "phone", p.phone]
        command += ["--ei", "phone_type", str(PHONE_TYPES[p.phone_label])]
        env.device.shell(command)

    def tear_down(self, env: Env) -> None:
        """Close Contacts, dropping the draft."""
        env.device.force_stop(PACKAGE)
        super().tear_down(env)


TASKS: tuple[type[TaskEval], ...] = (ContactsAddContact, ContactsNewContactDraft)
