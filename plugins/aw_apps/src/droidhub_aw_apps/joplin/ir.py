"""Joplin as information-retrieval questions see it.

The questions are spec files (``specs/Notes*.toml``); this module says how an answer
row becomes a note and draws AW's noise first: 100 notes from AW's notes by folder
(``ir_noise.json``), three in ten put in a folder of the answer notes, the rest in any
folder, each a to-do or not and completed or not at random (a plain note may be marked
completed too, as AW's generator does); a note that meets every exclusion condition is
drawn again. Noise and answer notes are shuffled together. Notebooks are created in the
order AW's set-up creates them: each drawn note's folder when first drawn (a note drawn
again still made its folder), then the answer notes' folders.

A few of AW's meeting notes list attendees and action items that AW samples once, when
its module is imported, from unseeded randomness; here they are sampled once, from a
fixed seed, when this module is imported.
"""

from __future__ import annotations

import datetime as dt
import random
import sqlite3
from collections.abc import Sequence
from typing import Any

from droidhub_aw_apps.common.ir_app import NoiseDrawnIRApp, Row, escapes_exclusions, noise_pools
from droidhub_aw_apps.common.ir_instance import compare, random_items
from droidhub_aw_apps.common.ir_spec import Condition
from droidhub_aw_apps.common.relative_dates import REFERENCE_NOW
from droidhub_aw_apps.joplin.model import TABLE, Note, delete_notes, insert_folders, insert_notes

NOISE_COUNT = 100
#: Share of noise notes put in one of the answer notes' folders.
RELEVANT_FOLDER_SHARE = 0.3
#: Notes are dated the day before the reference moment, as AW's rows default to.
NOTE_MILLIS = int((REFERENCE_NOW - dt.timedelta(days=1)).timestamp() * 1000)


def _assemble(body: Any, rng: random.Random) -> str:
    if isinstance(body, str):
        return body
    return "".join(
        part if isinstance(part, str) else "\n".join(rng.sample(part["sample"], part["k"]))
        for part in body
    )


def _load_notes() -> dict[str, list[dict[str, str]]]:
    rng = random.Random(0)
    return {
        folder: [{"title": n["title"], "body": _assemble(n["body"], rng)} for n in notes]
        for folder, notes in noise_pools("joplin")["notes"].items()
    }


#: AW's noise notes by folder (title and body).
NOISE_NOTES = _load_notes()


def note_of(row: Row) -> Note:
    """The note an answer (or noise) row describes; flags are ``True``/``False`` texts."""
    return Note(
        folder=row.get("folder", ""),
        title=row.get("title", ""),
        body=row.get("body", ""),
        is_todo=row.get("is_todo", "").lower() == "true",
        todo_completed=int(row.get("todo_completed", "").lower() == "true"),
    )


def noise_note(rng: random.Random, folders: Sequence[str]) -> Note:
    """One of AW's noise notes, before the exclusions."""
    if rng.random() < RELEVANT_FOLDER_SHARE:
        folder = rng.choice(list(folders))
        if folder not in NOISE_NOTES:
            raise ValueError(f"answer folder {folder!r} is not one of AW's note folders")
    else:
        folder = rng.choice(list(NOISE_NOTES))
    is_todo = str(rng.choice([True, False]))
    completed = rng.choice(["True", "False"])
    picked = rng.choice(NOISE_NOTES[folder])
    return note_of(
        {
            "folder": folder,
            "title": picked["title"],
            "body": picked["body"],
            "is_todo": is_todo,
            "todo_completed": completed,
        }
    )


class NotesToStore(list[Note]):
    """Notes set-up stores, and the notebooks to create before them, in AW's order."""

    def __init__(self, notes: Sequence[Note], notebooks: Sequence[str]) -> None:
        super().__init__(notes)
        self.notebooks = tuple(notebooks)


class NotesIR(NoiseDrawnIRApp):
    """Joplin's notes as IR rows."""

    key = "notes"
    table = TABLE
    app_names = ("joplin", "joplin app")
    rows_field = "notes"
    fields = ("folder", "title", "body", "is_todo", "todo_completed")
    noise_count = NOISE_COUNT

    app_row = staticmethod(note_of)

    def app_rows(
        self, rows: Sequence[Row], exclude: Sequence[Condition], rng: random.Random
    ) -> NotesToStore:
        """The noise and answer notes shuffled together (the noise drawn first, as AW
        does), with the notebooks in AW's order of creation."""
        folders: dict[str, None] = {}

        def draw() -> Note:
            note = self.noise_row(rng, rows)
            folders.setdefault(note.folder)
            return note

        noise = random_items(
            rng,
            self.noise_count,
            draw,
            lambda n: escapes_exclusions(exclude, lambda cond: self.meets(n, cond)),
        )
        notes = noise + [self.app_row(r) for r in rows]
        for note in notes:
            folders.setdefault(note.folder)
        rng.shuffle(notes)
        return NotesToStore(notes, list(folders))

    def noise_row(self, rng: random.Random, rows: Sequence[Row]) -> Note:
        """One of AW's noise notes, three in ten in an answer note's folder."""
        return noise_note(rng, [r.get("folder", "") for r in rows])

    def meets(self, note: Note, cond: Condition) -> bool:
        """Whether a note meets exclusion condition ``cond``."""
        wanted = cond.value.lower()
        if cond.field == "title":
            return compare(note.title.lower(), cond.op, wanted)
        if cond.field == "folder":
            return compare(note.folder.lower(), cond.op, wanted)
        if cond.field == "is_todo":
            return compare(int(note.is_todo), cond.op, int(wanted == "true"))
        if cond.field == "todo_completed":
            return compare(note.todo_completed, cond.op, int(wanted == "true"))
        return True

    def rewrite(self, conn: sqlite3.Connection, rows: Sequence[Note]) -> None:
        """Replace every note and notebook with ``rows``; the notebooks of
        :class:`NotesToStore` are created first, in their order."""
        delete_notes(conn)
        insert_folders(conn, getattr(rows, "notebooks", ()), NOTE_MILLIS)
        insert_notes(conn, rows, NOTE_MILLIS)


IR_APP = NotesIR()
