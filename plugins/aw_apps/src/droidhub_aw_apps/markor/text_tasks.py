"""Markor's tasks on a note's text: create a note, paste the clipboard, merge notes,
change a note's content, add a header, transcribe a receipt or a video.

Templates and parameters follow AndroidWorld's current task code; for
``MarkorAddNoteHeader`` and ``MarkorChangeNoteContent`` that code also asks for a
rename (``original_name`` -> ``new_name``), which its published metadata template
still omits.
"""

from __future__ import annotations

import io
import random
from typing import TYPE_CHECKING

from droidhub import Footprint, StateRefs
from droidhub_aw_apps.clipboard import model as clipboard
from droidhub_aw_apps.common import fake_data, media_files
from droidhub_aw_apps.markor.evaluators import (
    FILE_TEXT_EXACT,
    FILE_TEXT_SIMILAR,
)
from droidhub_aw_apps.markor.model import (
    DOWNLOAD_DATA,
    GALLERY_DATA,
    MARKOR_STATE,
    note_path,
    random_note,
    random_note_name,
    read_note,
    write_noise_notes,
    write_note,
)
from droidhub_aw_apps.markor.tasks import (
    MarkorParams,
    MarkorTask,
    NoteTextParams,
    NoteTextTask,
)

if TYPE_CHECKING:
    from droidhub import Env


class CreateNoteParams(NoteTextParams):
    """The note's name and text."""


class MarkorCreateNote(NoteTextTask):
    """Create a note with a given text."""

    template = "Create a new note in Markor named {file_name} with the following text: {text}"
    complexity = 1.6
    difficulty = "medium"
    tags = ("data_entry", "parameterized")
    params: CreateNoteParams

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> CreateNoteParams:
        """A random note name and one of AndroidWorld's sentences."""
        return CreateNoteParams(
            file_name=random_note_name(rng), text=rng.choice(fake_data.SENTENCES)
        )


# MarkorCreateNoteFromClipboard -------------------------------------------------------


class NoteFromClipboardParams(MarkorParams):
    """The note's name and the text put on the clipboard."""

    file_name: str
    file_content: str


class MarkorCreateNoteFromClipboard(MarkorTask):
    """Create a note and paste the clipboard into it."""

    template = (
        "Create a note in Markor named {file_name}. Perform a paste operation in the note "
        "and save the note."
    )
    app_names = ("markor", "clipper")
    complexity = 1.4
    difficulty = "medium"
    tags = ("data_entry", "parameterized")
    params: NoteFromClipboardParams
    # Clipper stands for the clipboard, as in the clipboard tasks.
    footprint = Footprint(
        writes=MARKOR_STATE.union(StateRefs(packages=frozenset({clipboard.PACKAGE})))
    )

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> NoteFromClipboardParams:
        """A random note name and 10 random letters and digits."""
        file_name, _ = random_note(rng)
        return NoteFromClipboardParams(
            file_name=file_name, file_content=fake_data.random_string(rng, 10)
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


class MergeNotesParams(MarkorParams):
    """Three notes, their contents, and the name of the merged note."""

    file1_name: str
    file2_name: str
    file3_name: str
    new_file_name: str
    file1_content: str
    file2_content: str
    file3_content: str


class MarkorMergeNotes(MarkorTask):
    """Merge three notes into a new one, a blank line between them."""

    template = (
        "Merge the contents of Markor notes {file1_name}, {file2_name} and {file3_name} (in "
        "the same order) into a new Markor note named {new_file_name} and save it. Add a new "
        "line between the content of each note."
    )
    complexity = 7.8
    difficulty = "hard"
    tags = ("data_edit", "data_entry", "parameterized")
    params: MergeNotesParams

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> MergeNotesParams:
        """Three distinct note names, an 8-character name and 20-character contents."""
        names: list[str] = []
        while len(names) < 3:
            name, _ = random_note(rng)
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


class ChangeNoteContentParams(MarkorParams):
    """The note, its new name and its new text."""

    original_name: str
    new_name: str
    updated_content: str


class MarkorChangeNoteContent(MarkorTask):
    """Replace a note's text and rename it."""

    template = (
        'Update the content of {original_name} to "{updated_content}" in Markor and change '
        "its name to {new_name}."
    )
    complexity = 1.2
    difficulty = "medium"
    tags = ("data_entry", "requires_setup", "parameterized")
    params: ChangeNoteContentParams

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> ChangeNoteContentParams:
        """Two note names and 20 random letters and digits."""
        original, _ = random_note(rng)
        new, _ = random_note(rng)
        while new == original:
            new, _ = random_note(rng)
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


class AddNoteHeaderParams(MarkorParams):
    """The note, its text, its new name, and the header to add."""

    original_name: str
    new_name: str
    header: str
    original_content: str


class MarkorAddNoteHeader(MarkorTask):
    """Add a header and a blank line above a note's text, and rename it."""

    template = (
        "Update the Markor note {original_name} by adding the following text, along with a "
        'new blank line before the existing content: "{header}", and rename it to {new_name}.'
    )
    complexity = 1.2
    difficulty = "medium"
    tags = ("data_entry", "parameterized")
    params: AddNoteHeaderParams

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> AddNoteHeaderParams:
        """Two note names, a sentence as the text, 20 random characters as header."""
        original, _ = random_note(rng)
        content = rng.choice(fake_data.SENTENCES)
        new, _ = random_note(rng)
        while new == original:
            new, _ = random_note(rng)
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


class MarkorTranscribeReceipt(NoteTextTask):
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
    params: TranscribeReceiptParams
    footprint = Footprint(writes=MARKOR_STATE.union(StateRefs(paths=frozenset({GALLERY_DATA}))))

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> TranscribeReceiptParams:
        """1..5 transactions of 2023 (header line included in ``text``)."""
        count = rng.randint(1, 5)
        # AW draws the receipt's company and slogan here, before the transactions, and
        # keeps only the text; draw them too so the transactions come out the same.
        rng.choice(media_files.RECEIPT_COMPANIES)
        rng.choice(media_files.RECEIPT_SLOGANS)
        lines = media_files.random_transactions(rng, count)
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


class MarkorTranscribeVideo(NoteTextTask):
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
    params: TranscribeVideoParams
    footprint = Footprint(writes=MARKOR_STATE.union(StateRefs(paths=frozenset({DOWNLOAD_DATA}))))

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
        videos: dict[str, bytes] = {f"{DOWNLOAD_DATA}/{self.params.video_name}": video}
        for name in self.params.noise_files:
            if name == self.params.video_name:
                continue
            noise = media_files.video_with_messages(
                [fake_data.random_string(self.rng, 10)], seconds_each=self.rng.randint(20, 180)
            )
            videos[f"{DOWNLOAD_DATA}/{name}"] = noise
        env.device.push_many(videos)  # one sync connection and one touch for all
