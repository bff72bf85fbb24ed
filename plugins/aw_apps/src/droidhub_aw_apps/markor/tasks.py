"""Markor (``net.gsantner.markor``, version 2.11.1 as AndroidWorld pins): notes as files.

Markor keeps every note as a plain file under ``/storage/emulated/0/Documents/Markor``;
the tasks are scored from those files and their text, exactly as AndroidWorld does
(``cat`` the file, drop carriage returns, strip, compare with a 0.9 similarity ratio
unless the task asks for an exact match). Notes written at set-up end with a newline,
as AndroidWorld's ``echo 'text' > file`` leaves them.

Set-up remembers what the Markor folder (and any other folder a task fills) held and
tear-down puts exactly that back, where AndroidWorld wipes it.

Templates and parameters follow AndroidWorld's current task code; for
``MarkorAddNoteHeader`` and ``MarkorChangeNoteContent`` that code also asks for a
rename (``original_name`` -> ``new_name``), which its published metadata template
still omits.
"""

from __future__ import annotations

import datetime as dt
import io
import random
from typing import TYPE_CHECKING, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, model_validator

from droidhub import AppSpec, Evaluator, Footprint, StateRefs, TaskEval
from droidhub.virtual.appmodel import VirtualApp
from droidhub_aw_apps.clipboard import tasks as clipboard
from droidhub_aw_apps.common import fake_data, fuzzy, media_files, storage
from droidhub_aw_apps.common.storage_backup import FolderSnapshot, entries
from droidhub_aw_apps.markor.screens import MarkorScreens

if TYPE_CHECKING:
    from droidhub import Device, Env

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

_NOTE_EXTENSIONS = (".md", ".txt")
_MARKOR_STATE = StateRefs(paths=frozenset({MARKOR_DATA}))


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
    return fake_data.random_file_name(rng) + rng.choice(_NOTE_EXTENSIONS)


def write_noise_notes(
    device: Device, rng: random.Random, base: str, folder: str = MARKOR_DATA, most: int = 20
) -> list[str]:
    """Write 1..``most`` notes named like :data:`NOTE_TITLES` (or ``base``) with random
    text, never named ``base``; return their names."""
    names = fake_data.noise_file_names(rng, base, NOTE_TITLES, most)
    for name in names:
        write_note(device, name, fake_data.random_string(rng, 20), folder)
    return names


def file_mtimes(device: Device, folder: str) -> dict[str, int]:
    """Modification times (Unix seconds) of the regular files directly in ``folder``."""
    times: dict[str, int] = {}
    for path in storage_files(device, folder):
        out = device.shell(["stat", "-c", "%Y", path]).strip()
        times[path.rsplit("/", 1)[1]] = int(out)
    return times


def storage_files(device: Device, folder: str) -> list[str]:
    """Paths of the regular files directly in ``folder`` (none if it is missing)."""
    return [path for path, is_folder in entries(device, folder) if not is_folder]


# --- evaluators -------------------------------------------------------------------------


def file_text_similar(env: Env, path: str, text: str) -> float:
    """1.0 when ``path`` exists and its stripped text matches ``text`` up to small typos
    (AndroidWorld's ``CreateFile`` check)."""
    found = read_note(env.device, path)
    return 1.0 if found is not None and fuzzy.similar(found.strip(), text) else 0.0


def file_text_exact(env: Env, path: str, text: str) -> float:
    """1.0 when ``path`` holds exactly ``text`` (carriage returns aside)."""
    return 1.0 if read_note(env.device, path) == text else 0.0


def folder_files_are(env: Env, folder: str, files: dict[str, int]) -> float:
    """1.0 when the regular files directly in ``folder`` are exactly ``files``
    (name -> modification time in Unix seconds), none added, removed or touched."""
    return 1.0 if file_mtimes(env.device, folder) == files else 0.0


def folder_has_no_files(env: Env, folder: str) -> float:
    """1.0 when no regular file is left directly in ``folder`` (subfolders may stay)."""
    return 0.0 if storage_files(env.device, folder) else 1.0


FILE_TEXT_SIMILAR = Evaluator(
    "file_text_similar", "a file exists and its text matches (up to small typos)", file_text_similar
)
FILE_TEXT_EXACT = Evaluator("file_text_exact", "a file holds exactly a text", file_text_exact)
FOLDER_FILES_ARE = Evaluator(
    "folder_files_are",
    "a folder's files are exactly the given names with unchanged modification times",
    folder_files_are,
)
FOLDER_HAS_NO_FILES = Evaluator(
    "folder_has_no_files", "no regular file is left in a folder", folder_has_no_files
)

EVALUATORS = (FILE_TEXT_SIMILAR, FILE_TEXT_EXACT, FOLDER_FILES_ARE, FOLDER_HAS_NO_FILES)

APPS = (AppSpec(PACKAGE, ACTIVITY, names=("markor",), label="Markor", data_paths=(MARKOR_DATA,)),)


class MarkorApp(MarkorScreens):
    """Markor on the virtual phone: the notes folder, and the screens to work on it."""

    package = PACKAGE
    label = "Markor"
    activity = ACTIVITY
    version_name = "2.11.1"
    root = MARKOR_DATA


def virtual_apps() -> list[VirtualApp]:
    """A fresh Markor model."""
    return [MarkorApp()]


# --- the tasks ------------------------------------------------------------------------


class _Params(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class _MarkorTask(TaskEval):
    """A Markor task: set-up saves the notes folder and empties it; tear-down restores it."""

    app_names: ClassVar[tuple[str, ...]] = ("markor",)
    footprint = Footprint(writes=_MARKOR_STATE)
    #: Folders saved at set-up and restored at tear-down, besides the notes folder.
    extra_folders: ClassVar[tuple[str, ...]] = ()

    def initialize_task(self, env: Env) -> None:
        """Save the folders the task touches, then empty the notes folder."""
        super().initialize_task(env)
        self._snapshots = [
            FolderSnapshot.take(env.device, f) for f in (MARKOR_DATA, *self.extra_folders)
        ]
        storage.clear_folder(env.device, MARKOR_DATA)
        self.rng = fake_data.setup_rng(self)

    def tear_down(self, env: Env) -> None:
        """Put back what the saved folders held before set-up."""
        for snap in getattr(self, "_snapshots", []):
            snap.restore(env.device)
        super().tear_down(env)


class NoteTextParams(_Params):
    """A note's name and the text it must hold."""

    file_name: str
    text: str


class _NoteTextTask(_MarkorTask):
    """A task done when the note ``params.file_name`` holds ``params.text``."""

    params: NoteTextParams

    def is_successful(self, env: Env) -> float:
        """The note exists and its text matches ``text`` up to small typos."""
        return FILE_TEXT_SIMILAR(env, path=note_path(self.params.file_name), text=self.params.text)

    def oracle(self, env: Env) -> None:
        """Write the note."""
        write_note(env.device, self.params.file_name, self.params.text)


# MarkorMoveNote ----------------------------------------------------------------------


class MoveNoteParams(_Params):
    """The note and the folders it moves between."""

    file_name: str
    source_folder: str
    destination_folder: str
    noise_candidates: tuple[str, ...] = NOTE_TITLES


class MarkorMoveNote(_MarkorTask):
    """Move a note from one subfolder to another."""

    template = "In Markor, move the note {file_name} from {source_folder} to {destination_folder}."
    complexity = 1.4
    difficulty = "medium"
    tags = ("parameterized", "complex_ui_understanding")
    Params = MoveNoteParams
    params: MoveNoteParams

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> MoveNoteParams:
        """Two different subfolders and a random note name."""
        source = rng.choice(SUBFOLDERS)
        destination = rng.choice([f for f in SUBFOLDERS if f != source])
        return MoveNoteParams(
            file_name=random_note_name(rng), source_folder=source, destination_folder=destination
        )

    def _folders(self) -> tuple[str, str]:
        return note_path(self.params.source_folder), note_path(self.params.destination_folder)

    def initialize_task(self, env: Env) -> None:
        """Noise notes and the note in the source folder; an empty destination folder."""
        super().initialize_task(env)
        source, destination = self._folders()
        write_noise_notes(env.device, self.rng, self.params.file_name, source)
        write_note(env.device, self.params.file_name, fake_data.random_string(self.rng, 20), source)
        env.device.mkdir(destination)

    def is_successful(self, env: Env) -> float:
        """The note is in the destination folder and no longer in the source folder."""
        source, destination = self._folders()
        gone = not env.device.exists(note_path(self.params.file_name, source))
        there = env.device.exists(note_path(self.params.file_name, destination))
        return 1.0 if gone and there else 0.0

    def oracle(self, env: Env) -> None:
        """Copy the note's bytes to the destination and delete the original."""
        source, destination = self._folders()
        data = env.device.pull(note_path(self.params.file_name, source))
        env.device.push(data, note_path(self.params.file_name, destination))
        env.device.remove(note_path(self.params.file_name, source))


# MarkorCreateFolder ------------------------------------------------------------------


class CreateFolderParams(_Params):
    """The folder to create: ``folder_YYYYmmdd_HHMMSS``."""

    folder_name: str


class MarkorCreateFolder(_MarkorTask):
    """Create a folder in Markor."""

    template = "Create a new folder in Markor named {folder_name}."
    complexity = 1.0
    difficulty = "easy"
    tags = ("data_entry", "parameterized")
    Params = CreateFolderParams
    params: CreateFolderParams

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> CreateFolderParams:
        """AndroidWorld names the folder after the current time; draw a time instead."""
        start = dt.datetime(2023, 1, 1)
        when = start + dt.timedelta(seconds=rng.randrange(2 * 365 * 24 * 3600))
        return CreateFolderParams(folder_name="folder_" + when.strftime("%Y%m%d_%H%M%S"))

    def initialize_task(self, env: Env) -> None:
        """Noise notes in the notes folder."""
        super().initialize_task(env)
        write_noise_notes(env.device, self.rng, "file")

    def is_successful(self, env: Env) -> float:
        """A file or folder of that name exists in the notes folder."""
        return 1.0 if env.device.exists(note_path(self.params.folder_name)) else 0.0

    def oracle(self, env: Env) -> None:
        """``mkdir`` the folder."""
        env.device.mkdir(note_path(self.params.folder_name))


# MarkorEditNote ----------------------------------------------------------------------


class EditNoteParams(_Params):
    """The note and how to edit it: the text for the chosen ``edit_type``."""

    file_name: str
    edit_type: Literal["header", "footer", "replace"]
    header: str | None = None
    footer: str | None = None
    replace_text: str | None = None

    @model_validator(mode="after")
    def _text_for_edit_type(self) -> EditNoteParams:
        field = "replace_text" if self.edit_type == "replace" else self.edit_type
        if getattr(self, field) is None:
            raise ValueError(f"edit_type {self.edit_type!r} needs the field {field!r}")
        return self


class MarkorEditNote(_MarkorTask):
    """Add a header or a footer to a note, or replace its text."""

    template = "Edit {file_name} in Markor. Add to the top of the note {header}"
    complexity = 1.2
    difficulty = "easy"
    tags = ("data_edit", "transcription", "parameterized")
    Params = EditNoteParams
    params: EditNoteParams

    _TEMPLATES: ClassVar[dict[str, str]] = {
        "header": "Edit {file_name} in Markor. Add to the top of the note {header}",
        "footer": "Edit {file_name} in Markor. Add to the bottom of the note {footer}",
        "replace": "Edit {file_name} in Markor. Replace the text with {replace_text}",
    }

    @property
    def goal(self) -> str:
        """The instruction for the chosen edit type."""
        return self._TEMPLATES[self.params.edit_type].format(**self.params.model_dump())

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> EditNoteParams:
        """``note_XXXXX.md|txt`` and one of the three edits with sentences."""
        name = "note_" + fake_data.random_string(rng, 5) + rng.choice(_NOTE_EXTENSIONS)
        edit_type = rng.choice(["header", "footer", "replace"])
        if edit_type == "header":
            return EditNoteParams(
                file_name=name, edit_type="header", header=rng.choice(fake_data.SENTENCES)
            )
        if edit_type == "footer":
            return EditNoteParams(
                file_name=name, edit_type="footer", footer=rng.choice(fake_data.SENTENCES)
            )
        text = "\n".join(rng.choice(fake_data.SENTENCES) for _ in range(3))
        return EditNoteParams(file_name=name, edit_type="replace", replace_text=text)

    def original_content(self) -> str:
        """The sentence set-up writes into the note (drawn from the set-up seed)."""
        return random.Random(fake_data.setup_rng(self).random()).choice(fake_data.SENTENCES)

    def expected_content(self) -> str:
        """The note's text once edited."""
        p = self.params
        if p.edit_type == "header":
            return f"{p.header}\n{self.original_content()}"
        if p.edit_type == "footer":
            return f"{self.original_content()}\n{p.footer}"
        return p.replace_text or ""

    def initialize_task(self, env: Env) -> None:
        """Noise notes, then the note with one sentence."""
        super().initialize_task(env)
        write_noise_notes(env.device, self.rng, self.params.file_name)
        write_note(env.device, self.params.file_name, self.original_content())

    def is_successful(self, env: Env) -> float:
        """The note's text matches the edited text up to small typos."""
        found = read_note(env.device, note_path(self.params.file_name)) or ""
        return 1.0 if fuzzy.similar(found.strip(), self.expected_content()) else 0.0

    def oracle(self, env: Env) -> None:
        """Write the edited text."""
        write_note(env.device, self.params.file_name, self.expected_content())


# MarkorDeleteNote --------------------------------------------------------------------


class DeleteNoteParams(_Params):
    """The note to delete."""

    file_name: str
    noise_candidates: tuple[str, ...] = NOTE_TITLES


class MarkorDeleteNote(_MarkorTask):
    """Delete one note among noise notes."""

    template = "Delete the note in Markor named {file_name}."
    complexity = 1.0
    difficulty = "easy"
    tags = ("data_edit", "requires_setup", "parameterized")
    Params = DeleteNoteParams
    params: DeleteNoteParams

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> DeleteNoteParams:
        """An ``adjective_noun`` name, modified (no extension, as AndroidWorld)."""
        return DeleteNoteParams(file_name=fake_data.random_file_name(rng))

    def initialize_task(self, env: Env) -> None:
        """The note, then noise notes."""
        super().initialize_task(env)
        write_note(env.device, self.params.file_name, fake_data.random_string(self.rng, 20))
        write_noise_notes(env.device, self.rng, self.params.file_name)

    def is_successful(self, env: Env) -> float:
        """The note no longer exists (AndroidWorld does not check the noise notes)."""
        return 0.0 if env.device.exists(note_path(self.params.file_name)) else 1.0

    def oracle(self, env: Env) -> None:
        """``rm`` the note."""
        env.device.remove(note_path(self.params.file_name))


# MarkorDeleteNewestNote --------------------------------------------------------------


class MarkorDeleteNewestNote(_MarkorTask):
    """Delete the most recently changed of 2..6 notes."""

    template = "Delete the newest note in Markor."
    complexity = 1.0
    difficulty = "easy"
    tags = ("data_edit", "parameterized")

    def initialize_task(self, env: Env) -> None:
        """2..6 notes, the clock moved up to 500 minutes either way between two notes
        (as AndroidWorld does), so their modification times differ; the clock is then
        put back."""
        super().initialize_task(env)
        dev = env.device
        start = dev.now()
        when = start
        names: list[str] = []
        try:
            for _ in range(self.rng.randint(2, 6)):
                name = random_note_name(self.rng)
                while name in names:
                    name = random_note_name(self.rng)
                names.append(name)
                dev.set_time(when)
                write_note(dev, name, self.rng.choice(fake_data.SENTENCES))
                dev.shell(["touch", note_path(name)])
                step = self.rng.randint(1, 500) * self.rng.choice([-1, 1])
                when += dt.timedelta(minutes=step)
        finally:
            dev.set_time(start)
        self.initial_files = file_mtimes(dev, MARKOR_DATA)

    def _newest(self) -> str:
        return max(self.initial_files, key=lambda name: self.initial_files[name])

    def is_successful(self, env: Env) -> float:
        """Exactly the newest note is gone; the others are there, untouched."""
        expected = {n: t for n, t in self.initial_files.items() if n != self._newest()}
        return FOLDER_FILES_ARE(env, folder=MARKOR_DATA, files=expected)

    def oracle(self, env: Env) -> None:
        """``rm`` the newest note."""
        env.device.remove(note_path(self._newest()))


# MarkorDeleteAllNotes ----------------------------------------------------------------


class MarkorDeleteAllNotes(_MarkorTask):
    """Delete every note."""

    template = "Delete all my notes in Markor."
    complexity = 1.4
    difficulty = "easy"
    tags = ("data_edit", "repetition", "parameterized")

    def initialize_task(self, env: Env) -> None:
        """2..6 noise notes."""
        super().initialize_task(env)
        base = fake_data.random_string(self.rng, 5)
        write_noise_notes(env.device, self.rng, base, most=self.rng.randint(2, 6))

    def is_successful(self, env: Env) -> float:
        """No note is left in the notes folder."""
        return FOLDER_HAS_NO_FILES(env, folder=MARKOR_DATA)

    def oracle(self, env: Env) -> None:
        """``rm`` every note."""
        for path in storage_files(env.device, MARKOR_DATA):
            env.device.remove(path)


# MarkorCreateNote --------------------------------------------------------------------


class CreateNoteParams(NoteTextParams):
    """The note's name and text."""


class MarkorCreateNote(_NoteTextTask):
    """Create a note with a given text."""

    template = "Create a new note in Markor named {file_name} with the following text: {text}"
    complexity = 1.6
    difficulty = "medium"
    tags = ("data_entry", "parameterized")
    Params = CreateNoteParams
    params: CreateNoteParams

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> CreateNoteParams:
        """A random note name and one of AndroidWorld's sentences."""
        return CreateNoteParams(
            file_name=random_note_name(rng), text=rng.choice(fake_data.SENTENCES)
        )


# MarkorCreateNoteFromClipboard -------------------------------------------------------


class NoteFromClipboardParams(_Params):
    """The note's name and the text put on the clipboard."""

    file_name: str
    file_content: str


class MarkorCreateNoteFromClipboard(_MarkorTask):
    """Create a note and paste the clipboard into it."""

    template = (
        "Create a note in Markor named {file_name}. Perform a paste operation in the note "
        "and save the note."
    )
    app_names = ("markor", "clipper")
    complexity = 1.4
    difficulty = "medium"
    tags = ("data_entry", "parameterized")
    Params = NoteFromClipboardParams
    params: NoteFromClipboardParams
    # Clipper stands for the clipboard, as in the clipboard tasks.
    footprint = Footprint(
        writes=_MARKOR_STATE.union(StateRefs(packages=frozenset({clipboard.PACKAGE})))
    )

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> NoteFromClipboardParams:
        """A random note name and 10 random letters and digits."""
        return NoteFromClipboardParams(
            file_name=random_note_name(rng), file_content=fake_data.random_string(rng, 10)
        )

    def initialize_task(self, env: Env) -> None:
        """Remember the clipboard, then put the text on it."""
        super().initialize_task(env)
        self._saved_clip = clipboard.read_clipboard(env.device)
        clipboard.write_clipboard(env.device, self.params.file_content)

    def is_successful(self, env: Env) -> float:
        """The note exists and holds the clipboard text, up to small typos."""
        return FILE_TEXT_SIMILAR(
            env, path=note_path(self.params.file_name), text=self.params.file_content
        )

    def oracle(self, env: Env) -> None:
        """Write the note with what the clipboard holds."""
        write_note(env.device, self.params.file_name, clipboard.read_clipboard(env.device))

    def tear_down(self, env: Env) -> None:
        """Put the clipboard and the notes folder back."""
        if hasattr(self, "_saved_clip"):
            clipboard.write_clipboard(env.device, self._saved_clip)
        super().tear_down(env)


# MarkorMergeNotes --------------------------------------------------------------------


class MergeNotesParams(_Params):
    """Three notes, their contents, and the name of the merged note."""

    file1_name: str
    file2_name: str
    file3_name: str
    new_file_name: str
    file1_content: str
    file2_content: str
    file3_content: str


class MarkorMergeNotes(_MarkorTask):
    """Merge three notes into a new one, a blank line between them."""

    template = (
        "Merge the contents of Markor notes {file1_name}, {file2_name} and {file3_name} (in "
        "the same order) into a new Markor note named {new_file_name} and save it. Add a new "
        "line between the content of each note."
    )
    complexity = 7.8
    difficulty = "hard"
    tags = ("data_edit", "data_entry", "parameterized")
    Params = MergeNotesParams
    params: MergeNotesParams

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> MergeNotesParams:
        """Three distinct note names, an 8-character name and 20-character contents."""
        names: list[str] = []
        while len(names) < 3:
            name = random_note_name(rng)
            if name not in names:
                names.append(name)
        return MergeNotesParams(
            file1_name=names[0],
            file2_name=names[1],
            file3_name=names[2],
            new_file_name=fake_data.random_string(rng, 8),
            file1_content=fake_data.random_string(rng, 20),
            file2_content=fake_data.random_string(rng, 20),
            file3_content=fake_data.random_string(rng, 20),
        )

    def _contents(self) -> list[str]:
        p = self.params
        return [p.file1_content, p.file2_content, p.file3_content]

    def initialize_task(self, env: Env) -> None:
        """The three notes."""
        super().initialize_task(env)
        p = self.params
        for name, content in zip(
            (p.file1_name, p.file2_name, p.file3_name), self._contents(), strict=True
        ):
            write_note(env.device, name, content)

    def is_successful(self, env: Env) -> float:
        """The new note matches the three texts joined by blank lines, and its five
        lines really have blank second and fourth lines."""
        path = note_path(self.params.new_file_name)
        if not FILE_TEXT_SIMILAR(env, path=path, text="\n\n".join(self._contents()) + "\n"):
            return 0.0
        lines = (read_note(env.device, path) or "").strip().split("\n")
        return 1.0 if len(lines) == 5 and not lines[1] and not lines[3] else 0.0

    def oracle(self, env: Env) -> None:
        """Write the merged note."""
        write_note(env.device, self.params.new_file_name, "\n\n".join(self._contents()))


# MarkorChangeNoteContent / MarkorAddNoteHeader ---------------------------------------


class ChangeNoteContentParams(_Params):
    """The note, its new name and its new text."""

    original_name: str
    new_name: str
    updated_content: str


class MarkorChangeNoteContent(_MarkorTask):
    """Replace a note's text and rename it."""

    template = (
        'Update the content of {original_name} to "{updated_content}" in Markor and change '
        "its name to {new_name}."
    )
    complexity = 1.2
    difficulty = "medium"
    tags = ("data_entry", "requires_setup", "parameterized")
    Params = ChangeNoteContentParams
    params: ChangeNoteContentParams

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> ChangeNoteContentParams:
        """Two note names and 20 random letters and digits."""
        original = random_note_name(rng)
        new = random_note_name(rng)
        while new == original:
            new = random_note_name(rng)
        return ChangeNoteContentParams(
            original_name=original, new_name=new, updated_content=fake_data.random_string(rng, 20)
        )

    def initialize_task(self, env: Env) -> None:
        """The note with random text, then noise notes."""
        super().initialize_task(env)
        write_note(env.device, self.params.original_name, fake_data.random_string(self.rng, 20))
        write_noise_notes(env.device, self.rng, self.params.original_name)

    def is_successful(self, env: Env) -> float:
        """The old name is gone; the new one holds the new text (up to small typos)."""
        if env.device.exists(note_path(self.params.original_name)):
            return 0.0
        return FILE_TEXT_SIMILAR(
            env, path=note_path(self.params.new_name), text=self.params.updated_content
        )

    def oracle(self, env: Env) -> None:
        """Write the new note and remove the old one."""
        write_note(env.device, self.params.new_name, self.params.updated_content)
        env.device.remove(note_path(self.params.original_name))


class AddNoteHeaderParams(_Params):
    """The note, its text, its new name, and the header to add."""

    original_name: str
    new_name: str
    header: str
    original_content: str


class MarkorAddNoteHeader(_MarkorTask):
    """Add a header and a blank line above a note's text, and rename it."""

    template = (
        "Update the Markor note {original_name} by adding the following text, along with a "
        'new blank line before the existing content: "{header}", and rename it to {new_name}.'
    )
    complexity = 1.2
    difficulty = "medium"
    tags = ("data_entry", "parameterized")
    Params = AddNoteHeaderParams
    params: AddNoteHeaderParams

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> AddNoteHeaderParams:
        """Two note names, a sentence as the text, 20 random characters as header."""
        original = random_note_name(rng)
        content = rng.choice(fake_data.SENTENCES)
        new = random_note_name(rng)
        while new == original:
            new = random_note_name(rng)
        return AddNoteHeaderParams(
            original_name=original,
            original_content=content,
            new_name=new,
            header=fake_data.random_string(rng, 20),
        )

    def _expected(self) -> str:
        return f"{self.params.header}\n\n{self.params.original_content}\n"

    def initialize_task(self, env: Env) -> None:
        """The note, then noise notes."""
        super().initialize_task(env)
        write_note(env.device, self.params.original_name, self.params.original_content)
        write_noise_notes(env.device, self.rng, self.params.original_name)

    def is_successful(self, env: Env) -> float:
        """The old name is gone; the new note holds exactly header, blank line, text."""
        if env.device.exists(note_path(self.params.original_name)):
            return 0.0
        return FILE_TEXT_EXACT(env, path=note_path(self.params.new_name), text=self._expected())

    def oracle(self, env: Env) -> None:
        """Write the new note and remove the old one."""
        env.device.write_text(note_path(self.params.new_name), self._expected())
        env.device.remove(note_path(self.params.original_name))


# MarkorTranscribeReceipt -------------------------------------------------------------

RECEIPT_IMAGE = f"{GALLERY_DATA}/receipt.png"


class TranscribeReceiptParams(NoteTextParams):
    """The file to create and the receipt's lines (``Date, Item, Amount`` header first)."""

    file_name: str = "receipt.md"


class MarkorTranscribeReceipt(_NoteTextTask):
    """Copy a receipt image's transactions into a CSV note."""

    template = (
        "Create a file in Markor, called receipt.md with the transactions from the "
        "receipt.png. Use Simple Gallery to view the receipt. Please enter transactions in "
        'csv format including the header "Date, Item, Amount".'
    )
    app_names = ("simple gallery pro", "markor")
    complexity = 1.8
    difficulty = "medium"
    tags = (
        "transcription",
        "data_entry",
        "multi_app",
        "screen_reading",
        "memorization",
        "parameterized",
    )
    Params = TranscribeReceiptParams
    params: TranscribeReceiptParams
    extra_folders = (GALLERY_DATA,)
    footprint = Footprint(writes=_MARKOR_STATE.union(StateRefs(paths=frozenset({GALLERY_DATA}))))

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> TranscribeReceiptParams:
        """1..5 transactions of 2023 (header line included in ``text``)."""
        lines = media_files.random_transactions(rng, rng.randint(1, 5))
        return TranscribeReceiptParams(text="\n".join([media_files.RECEIPT_HEADER, *lines]))

    def initialize_task(self, env: Env) -> None:
        """The receipt picture in the gallery folder."""
        super().initialize_task(env)
        image = media_files.receipt_image(self.rng, self.params.text.split("\n")[1:])
        buffer = io.BytesIO()
        image.save(buffer, format="PNG")
        env.device.push(buffer.getvalue(), RECEIPT_IMAGE)


# MarkorTranscribeVideo ---------------------------------------------------------------


class TranscribeVideoParams(NoteTextParams):
    """The video, the names it shows, noise videos, and the note to write."""

    messages: tuple[str, ...]
    video_name: str
    noise_files: tuple[str, ...]


class MarkorTranscribeVideo(_NoteTextTask):
    """Watch a video in VLC and write the names it shows into a note."""

    template = (
        "Transcribe the contents of video {video_name} by watching it in VLC player (located "
        "in Download) and writing the sequence of strings shown on each frame to the text file "
        "{file_name} in Markor as a comma separated list. For example, if the first frame "
        'shows the text "edna" and the second frame shows the text "pineapple", then the text '
        'file should contain only the following text: "edna, pineapple".'
    )
    app_names = ("markor", "vlc")
    complexity = 2.0
    difficulty = "hard"
    tags = (
        "multi_app",
        "transcription",
        "requires_setup",
        "memorization",
        "screen_reading",
        "parameterized",
    )
    Params = TranscribeVideoParams
    params: TranscribeVideoParams
    extra_folders = (DOWNLOAD_DATA,)
    footprint = Footprint(writes=_MARKOR_STATE.union(StateRefs(paths=frozenset({DOWNLOAD_DATA}))))

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> TranscribeVideoParams:
        """2..4 given names shown 8 s each, and 5..20 noise videos."""
        messages = tuple(rng.sample(fake_data.GIVEN_NAMES, rng.randint(2, 4)))
        video_name = media_files.random_video_name(rng)
        return TranscribeVideoParams(
            file_name=f"{video_name.split('.')[0]}_transcription.txt",
            text=",".join(messages),
            messages=messages,
            video_name=video_name,
            noise_files=tuple(
                media_files.random_video_name(rng) for _ in range(rng.randint(5, 20))
            ),
        )

    def initialize_task(self, env: Env) -> None:
        """The video and the noise videos in Download."""
        super().initialize_task(env)
        video = media_files.video_with_messages(list(self.params.messages), seconds_each=8)
        env.device.push(video, f"{DOWNLOAD_DATA}/{self.params.video_name}")
        for name in self.params.noise_files:
            if name == self.params.video_name:
                continue
            noise = media_files.video_with_messages(
                [fake_data.random_string(self.rng, 10)], seconds_each=self.rng.randint(20, 180)
            )
            env.device.push(noise, f"{DOWNLOAD_DATA}/{name}")


TASKS: tuple[type[TaskEval], ...] = (
    MarkorAddNoteHeader,
    MarkorChangeNoteContent,
    MarkorCreateFolder,
    MarkorCreateNote,
    MarkorCreateNoteFromClipboard,
    MarkorDeleteAllNotes,
    MarkorDeleteNewestNote,
    MarkorDeleteNote,
    MarkorEditNote,
    MarkorMergeNotes,
    MarkorMoveNote,
    MarkorTranscribeReceipt,
    MarkorTranscribeVideo,
)
