"""Contacts tasks: add a contact, and fill in the new-contact form without saving.

The unsaved form is only on screen, so that task reads the UI hierarchy, including the
fields' hints (``First name``).
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict

from droidhub import BoundingBox, Evaluator, Footprint, StateRefs, TaskEval
from droidhub_aw_apps.common import fake_data, fuzzy
from droidhub_aw_apps.contacts.model import (
    CONTACT_DIR_MIME,
    CONTACTS_STATE,
    INSERT_ACTION,
    PACKAGE,
    PHONE_TYPES,
    Contact,
    add_contact,
    clear_contacts,
    digits,
    list_contacts,
)

if TYPE_CHECKING:
    from droidhub import Env


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


# --- tasks ------------------------------------------------------------------------------


class _ContactsTask(TaskEval):
    """A task done in the Contacts app."""

    app_names = ("contacts",)


class AddContactParams(BaseModel):
    """The contact to create."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    number: str


class ContactsAddContact(_ContactsTask):
    """Save a new contact with a name and number."""

    template = "Create a new contact for {name}. Their number is {number}."
    complexity = 1.2
    tags = ("data_entry", "parameterized")
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


class ContactsNewContactDraft(_ContactsTask):
    """Fill in the new-contact form and leave it unsaved on screen."""

    template = (
        "Go to the new contact screen and enter the following details: First Name: {first}, "
        "Last Name: {last}, Phone: {phone}, Phone Label: {phone_label}. Do NOT hit save."
    )
    complexity = 1.2
    tags = ("screen_reading", "data_entry")
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
