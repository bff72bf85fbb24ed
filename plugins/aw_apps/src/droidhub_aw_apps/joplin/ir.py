"""Joplin as information-retrieval questions see it: one record per note
(folder, title, body, to-do flags); and the noise notes.

The questions themselves are the spec files in ``specs/``.
"""

from __future__ import annotations

import datetime as dt
import random
import sqlite3
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar

from droidhub_aw_apps.common.ir_app import IRApp, Record, parse_bool
from droidhub_aw_apps.joplin.model import (
    TABLE,
    Note,
    delete_notes,
    insert_notes,
    list_notes,
)

if TYPE_CHECKING:
    from droidhub import Device


# --- information retrieval -------------------------------------------------------------------
#: Notebooks noise notes go into, with titles and bodies that fit each.
NOISE_NOTES: Mapping[str, tuple[tuple[str, str], ...]] = {
    "Personal": (("Birthday ideas", "Books, a plant, concert tickets."),
                 ("Journal, Monday", "Slept well, long walk by the river.")),
    "Work": (("Quarter plan", "Hiring, roadmap review, budget."),
             ("Standup notes", "Blocked on the API review.")),
    "School": (("Biology revision", "Cells, enzymes, photosynthesis."),
               ("Essay outline", "Intro, three arguments, conclusion.")),
    "Home": (("Paint colours", "Warm grey for the hall."),
             ("Repairs", "Kitchen tap drips, door hinge squeaks.")),
    "Projects": (("Garden shed", "Measure the corner, buy timber."),
                 ("Photo book", "Pick 40 photos from the summer.")),
    "Ideas": (("App idea", "Shared shopping list with reminders."),
              ("Podcast topics", "Local history, old maps.")),
    "Recipes": (("Lentil soup", "Lentils, carrots, cumin, stock."),
                ("Overnight oats", "Oats, milk, yoghurt, berries.")),
    "Finance": (("Savings goals", "Emergency fund, then the trip."),
                ("Subscriptions", "Music, cloud storage, news.")),
    "Health": (("Running plan", "Three runs a week, one long."),
               ("Sleep log", "Bed by eleven, no screens.")),
    "Travel": (("Lisbon list", "Tram 28, pasteis, the castle."),
               ("Packing", "Adapter, charger, rain jacket.")),
}  # fmt: skip


class NotesIR(IRApp):
    """Joplin as IR questions see it: one record per note."""

    key = "notes"
    table = TABLE
    app_names = ("joplin", "joplin app")
    fields: ClassVar[Mapping[str, str]] = {
        "folder": "text",
        "title": "text",
        "body": "text",
        "is_todo": "bool",
        "todo_completed": "bool",
    }

    def record(self, values: Mapping[str, str], now: dt.datetime) -> Record:
        """A note from spec text; ``is_todo`` / ``todo_completed`` are True or False."""
        return {
            "folder": values["folder"],
            "title": values["title"],
            "body": values.get("body", ""),
            "is_todo": parse_bool(values.get("is_todo", "false")),
            "todo_completed": parse_bool(values.get("todo_completed", "false")),
        }

    def noise(self, rng: random.Random, now: dt.datetime) -> Record:
        """A note or to-do in one of the usual notebooks."""
        folder = rng.choice(sorted(NOISE_NOTES))
        title, body = rng.choice(NOISE_NOTES[folder])
        is_todo = rng.random() < 0.4
        return {
            "folder": folder,
            "title": title,
            "body": body,
            "is_todo": is_todo,
            "todo_completed": is_todo and rng.random() < 0.5,
        }

    def rewrite(
        self, conn: sqlite3.Connection, records: Sequence[Record], now: dt.datetime
    ) -> None:
        """Replace every note and notebook with ``records`` (notes dated yesterday)."""
        millis = int((now - dt.timedelta(days=1)).timestamp() * 1000)
        notes = [
            Note(
                folder=r["folder"],
                title=r["title"],
                body=r["body"],
                is_todo=r["is_todo"],
                todo_completed=millis if r["todo_completed"] else 0,
            )
            for r in records
        ]
        delete_notes(conn)
        insert_notes(conn, notes, millis)

    def read(self, device: Device) -> list[Record]:
        """Every note as a record."""
        return [
            {
                "folder": n.folder,
                "title": n.title,
                "body": n.body,
                "is_todo": n.is_todo,
                "todo_completed": n.todo_completed > 0,
            }
            for n in list_notes(device)
        ]


IR_APP = NotesIR()
