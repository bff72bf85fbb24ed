"""Markor's tasks on notes and folders: move, create a folder, edit, delete one, the
newest or all notes; and the base class of every Markor task.

Set-up remembers what the Markor folder (and any other folder a task fills) held and
tear-down puts exactly that back, where AndroidWorld wipes it.
"""

from __future__ import annotations

import datetime as dt
import random
from typing import TYPE_CHECKING, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, model_validator

from droidhub import Footprint, TaskEval
from droidhub_aw_apps.common import fake_data, fuzzy, storage
from droidhub_aw_apps.common.aw_params import SparseParams
from droidhub_aw_apps.common.storage_backup import FolderSnapshot
from droidhub_aw_apps.markor.evaluators import (
    FILE_TEXT_SIMILAR,
    FOLDER_FILES_ARE,
    FOLDER_HAS_NO_FILES,
)
from droidhub_aw_apps.markor.model import (
    MARKOR_DATA,
    MARKOR_STATE,
    NOTE_EXTENSIONS,
    NOTE_TITLES,
    SUBFOLDERS,
    file_mtimes,
    note_path,
    random_note_name,
    read_note,
    storage_files,
    write_noise_notes,
    write_note,
)

if TYPE_CHECKING:
    from droidhub import Env


# --- the tasks ------------------------------------------------------------------------


class MarkorParams(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class MarkorTask(TaskEval):
    """A Markor task: set-up saves the folders the task writes (its footprint's paths:
    the notes folder and any folder it fills for another app) and empties the notes
    folder; tear-down restores them."""

    app_names: ClassVar[tuple[str, ...]] = ("markor",)
    footprint = Footprint(writes=MARKOR_STATE)

    def initialize_task(self, env: Env) -> None:
        """Save the folders the task writes, then empty the notes folder."""
        super().initialize_task(env)
        self._snapshots = [
            FolderSnapshot.take(env.device, f) for f in sorted(self.footprint.writes.paths)
        ]
        storage.clear_folder(env.device, MARKOR_DATA)
        self.rng = fake_data.setup_rng(self)

    def tear_down(self, env: Env) -> None:
        """Put back what the saved folders held before set-up."""
        for snap in getattr(self, "_snapshots", []):
            snap.restore(env.device)
        super().tear_down(env)


class NoteTextParams(MarkorParams):
    """A note's name and the text it must hold."""

    file_name: str
    text: str


class NoteTextTask(MarkorTask):
    """A task done when the note ``params.file_name`` holds ``params.text``."""

    params: NoteTextParams

    def is_successful(self, env: Env) -> float:
        """The note exists and its text matches ``text`` up to small typos."""
        return FILE_TEXT_SIMILAR(env, path=note_path(self.params.file_name), text=self.params.text)

    def oracle(self, env: Env) -> None:
        """Write the note."""
        write_note(env.device, self.params.file_name, self.params.text)


# MarkorMoveNote ----------------------------------------------------------------------


class MoveNoteParams(MarkorParams):
    """The note and the folders it moves between."""

    file_name: str
    source_folder: str
    destination_folder: str
    noise_candidates: tuple[str, ...] = NOTE_TITLES


class MarkorMoveNote(MarkorTask):
    """Move a note from one subfolder to another."""

    template = "In Markor, move the note {file_name} from {source_folder} to {destination_folder}."
    complexity = 1.4
    difficulty = "medium"
    tags = ("parameterized", "complex_ui_understanding")
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


class CreateFolderParams(MarkorParams):
    """The folder to create: ``folder_YYYYmmdd_HHMMSS``."""

    folder_name: str


class MarkorCreateFolder(MarkorTask):
    """Create a folder in Markor."""

    template = "Create a new folder in Markor named {folder_name}."
    complexity = 1.0
    difficulty = "easy"
    tags = ("data_entry", "parameterized")
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


class EditNoteParams(MarkorParams, SparseParams):
    """The note and how to edit it: the text for the chosen ``edit_type`` (the other
    texts are left out of the stored params, as AW leaves them out)."""

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


class MarkorEditNote(MarkorTask):
    """Add a header or a footer to a note, or replace its text."""

    template = "Edit {file_name} in Markor. Add to the top of the note {header}"
    complexity = 1.2
    difficulty = "easy"
    tags = ("data_edit", "transcription", "parameterized")
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
        name = "note_" + fake_data.random_string(rng, 5) + rng.choice(NOTE_EXTENSIONS)
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


class DeleteNoteParams(MarkorParams):
    """The note to delete."""

    file_name: str
    noise_candidates: tuple[str, ...] = NOTE_TITLES


class MarkorDeleteNote(MarkorTask):
    """Delete one note among noise notes."""

    template = "Delete the note in Markor named {file_name}."
    complexity = 1.0
    difficulty = "easy"
    tags = ("data_edit", "requires_setup", "parameterized")
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


class MarkorDeleteNewestNote(MarkorTask):
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


class MarkorDeleteAllNotes(MarkorTask):
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
