"""Audio Recorder tasks: record a clip, record a clip under a given name.

AndroidWorld's checks: exactly one non-empty recording is new or changed; or
``<file_name>.m4a`` exists there. Set-up and tear-down empty the folder.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from droidhub import TaskEval
from droidhub_aw_apps.audio_recorder.model import RECORDS, m4a_bytes
from droidhub_aw_apps.common import fake_data, storage
from droidhub_aw_apps.common.saved_files import EmptyFoldersTask, NamedFileParams, SavedFileTask

if TYPE_CHECKING:
    from droidhub import Device, Env


EVALUATORS = ()


class _RecorderTask(EmptyFoldersTask):
    """Starts and ends with an empty records folder."""

    app_names = ("audio recorder",)
    folders = (RECORDS,)

    def initialize_task(self, env: Env) -> None:
        """Empty the records folder and note its (empty) listing."""
        super().initialize_task(env)
        self._before = storage.list_files(env.device, RECORDS)


class AudioRecorderRecordAudio(_RecorderTask):
    """Exactly one new recording."""

    template = "Record an audio clip using Audio Recorder app and save it."
    complexity = 1.2
    tags = ("requires_setup",)

    def is_successful(self, env: Env) -> float:
        """Whether exactly one non-empty recording is new."""
        return storage.NEW_FILES_IN_FOLDER(env, folder=RECORDS, before=self._before)

    def oracle(self, env: Env) -> None:
        """Save a recording where the app does."""
        env.device.push(m4a_bytes(), f"{RECORDS}/Record-1.m4a")


#: The stems AndroidWorld names recordings after.
RECORDING_NAMES = (
    "interview", "meeting", "lecture", "session", "note", "conference", "webinar", "workshop",
    "seminar", "briefing", "discussion", "talk", "presentation", "training", "guidance", "memo",
    "narration", "storytelling", "journal", "diary", "debate", "symposium", "roundtable",
    "consultation", "review",
)  # fmt: skip


class AudioRecorderRecordAudioWithFileName(_RecorderTask, SavedFileTask):
    """A recording saved under a given name."""

    template = 'Record an audio clip and save it with name "{file_name}" using Audio Recorder app.'
    complexity = 2.0
    tags = ("data_entry", "complex_ui_understanding", "parameterized")
    params: NamedFileParams

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> NamedFileParams:
        """A recording stem, modified (``meeting_copy.m4a``)."""
        name = fake_data.modified_file_name(rng, rng.choice(RECORDING_NAMES) + ".m4a")
        return NamedFileParams(file_name=name, text="")

    @property
    def expected(self) -> str:
        """The file the app writes: it adds ``.m4a`` to the name typed in, whatever it is."""
        return f"{RECORDS}/{self.params.file_name}.m4a"

    def saved_bytes(self, device: Device) -> bytes:
        """A recording."""
        del device
        return m4a_bytes()


TASKS: tuple[type[TaskEval], ...] = (AudioRecorderRecordAudio, AudioRecorderRecordAudioWithFileName)
