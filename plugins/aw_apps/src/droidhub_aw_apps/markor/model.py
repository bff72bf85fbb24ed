"""Markor (``net.gsantner.markor``, version 2.11.1 as AndroidWorld pins): notes as files.

Markor keeps every note as a plain file under ``/storage/emulated/0/Documents/Markor``;
this module holds its paths and the reading and writing of notes. Notes written at
set-up end with a newline, as AndroidWorld's ``echo 'text' > file`` leaves them.
"""

from __future__ import annotations

import datetime as dt
import random
from typing import TYPE_CHECKING

from droidhub import AppSpec, StateRefs
from droidhub_aw_apps.common import fake_data, storage
from droidhub_aw_apps.common.storage_backup import entries

if TYPE_CHECKING:
    from droidhub import Device
    from droidhub.virtual.appmodel import VirtualPhone


PACKAGE = "net.gsantner.markor"
ACTIVITY = "net.gsantner.markor.activity.MainActivity"
#: Where Markor keeps notes (AndroidWorld's ``MARKOR_DATA``).
MARKOR_DATA = storage.under_sdcard("Documents", "Markor")
DOWNLOAD_DATA = storage.under_sdcard("Download")
#: Simple Gallery Pro shows pictures from here (AndroidWorld's ``GALLERY_DATA``).
GALLERY_DATA = storage.under_sdcard("DCIM")

#: Note titles AndroidWorld varies to make noise files.
NOTE_TITLES: tuple[str, ...] = (
    "grocery_list_weekly.md", "meeting_notes_project_team.md", "personal_goals_2024.md",
    "reading_list_2024.md", "research_paper_summary.md", "summer_vacation_plans.md",
    "budget_home_renovation.md", "april_workout_routine.md", "birthday_gift_ideas_mom.md",
    "recipe_homemade_pizza.md", "weekend_todo_list.md", "insurance_plan_comparison.md",
    "art_project_sketches.md", "python_learning_goals.md", "trip_reflections_recent.md",
    "startup_ideas_launch.md", "client_meetings_schedule.md", "favorite_book_quotes.md",
    "garden_layout_plan.md", "upcoming_presentation_outline.md",
)  # fmt: skip

#: Subfolders AndroidWorld moves notes between.
SUBFOLDERS: tuple[str, ...] = (
    "BookNotes", "CodeSnippets", "DailyNotes", "FitnessPlans", "MeetingMinutes",
    "PersonalJournal", "RecipeCollections", "StudyGuides", "TravelItineraries", "WorkProjects",
)  # fmt: skip

NOTE_EXTENSIONS = (".md", ".txt")
MARKOR_STATE = StateRefs(paths=frozenset({MARKOR_DATA}))


# --- reading and writing notes ----------------------------------------------------------


def note_path(name: str, folder: str = MARKOR_DATA) -> str:
    """The device path of note ``name`` in ``folder``."""
    return f"{folder.rstrip('/')}/{name}"


def write_note(device: Device, name: str, content: str, folder: str = MARKOR_DATA) -> None:
    """Write a note as AndroidWorld does (``echo 'content' > file``: a trailing newline)."""
    device.write_text(note_path(name, folder), content + "\n")


def read_note(device: Device, path: str) -> str | None:
    """The note's text with carriage returns dropped, or None if there is no such file."""
    if not device.exists(path):
        return None
    return device.read_text(path).replace("\r", "")


def random_note_name(rng: random.Random) -> str:
    """An ``adjective_noun`` file name, modified, with ``.md`` or ``.txt``."""
    return fake_data.random_file_name(rng) + rng.choice(NOTE_EXTENSIONS)


def random_note(rng: random.Random) -> tuple[str, str]:
    """A note's name and a sentence for its text, drawn in AW's order (name, then text).

    AW draws both even where a task keeps only the name; drawing the sentence too keeps
    every later draw of the task where AW's falls.
    """
    return random_note_name(rng), rng.choice(fake_data.SENTENCES)


def write_noise_notes(
    device: Device, rng: random.Random, base: str, folder: str = MARKOR_DATA, most: int = 20
) -> list[str]:
    """Write 1..``most`` notes named like :data:`NOTE_TITLES` (or ``base``) with random
    text, never named ``base``; return their names. All in one push (one round trip)."""
    names = fake_data.noise_file_names(rng, base, NOTE_TITLES, most)
    notes = {
        note_path(name, folder): (fake_data.random_string(rng, 20) + "\n").encode("utf-8")
        for name in names
    }
    device.push_many(notes)
    return names


def file_mtimes(device: Device, folder: str) -> dict[str, int]:
    """Modification times (Unix seconds) of the regular files directly in ``folder``."""
    paths = storage_files(device, folder)
    if not paths:
        return {}
    times: dict[str, int] = {}
    for line in device.shell(["stat", "-c", "%Y|%n", *paths]).splitlines():
        seconds, _, path = line.partition("|")
        if path in paths:
            times[path.rsplit("/", 1)[1]] = int(seconds)
    return times


def storage_files(device: Device, folder: str) -> list[str]:
    """Paths of the regular files directly in ``folder`` (none if it is missing)."""
    return [path for path, is_folder in entries(device, folder) if not is_folder]


APPS = (AppSpec(PACKAGE, ACTIVITY, names=("markor",), label="Markor", data_paths=(MARKOR_DATA,)),)


def replaced(old: str, new: str, all_selected: bool) -> str:
    """A field's text after typing changed ``old`` to ``new`` (what was typed added at
    the end, or the last character deleted): with the whole text selected, what was
    typed replaces it and DEL empties it."""
    if not all_selected:
        return new
    return new[len(old) :] if new.startswith(old) else ""


def modified(phone: VirtualPhone, path: str) -> str:
    """A row's description: when the file was last modified, as Android's
    ``DateUtils.formatDateTime`` writes a numeric date and time in English
    (``10/15/2023, 3:34 PM``)."""
    try:
        seconds = phone.host_path(path).stat().st_mtime
    except OSError:
        return ""
    when = dt.datetime.fromtimestamp(seconds, phone.tzinfo())
    hour = when.hour % 12 or 12
    return f"{when.month}/{when.day}/{when.year}, {hour}:{when.minute:02d} {when:%p}"
