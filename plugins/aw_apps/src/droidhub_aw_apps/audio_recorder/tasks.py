"""Audio Recorder tasks: record a clip, record a clip under a given name.

Audio Recorder (``com.dimowner.audiorecorder``) saves to its folder on shared storage,
``Android/data/com.dimowner.audiorecorder/files/Music/records``. AndroidWorld's
checks: exactly one non-empty recording is new or changed; or ``<file_name>.m4a``
exists there. Set-up and tear-down empty the folder.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict

from droidhub import AppSpec, Footprint, StateRefs, TaskEval
from droidhub.virtual.appmodel import Intent, Screen, VirtualApp
from droidhub_aw_apps.common import fake_data, storage
from droidhub_aw_apps.common.hierarchy import Node, hit, render
from droidhub_aw_apps.common.keys import KEY_DEL

if TYPE_CHECKING:
    from droidhub import Env
    from droidhub.virtual.appmodel import VirtualPhone

PACKAGE = "com.dimowner.audiorecorder"
ACTIVITY = "com.dimowner.audiorecorder.app.welcome.WelcomeActivity"
RECORDS = storage.under_sdcard("Android/data", PACKAGE, "files/Music/records")

APPS = (
    AppSpec(
        PACKAGE, ACTIVITY, names=("audio recorder",), label="Audio Recorder", data_paths=(RECORDS,)
    ),
)

EVALUATORS = ()


def m4a_bytes(seconds: int = 1) -> bytes:
    """The start of an M4A file (an ``ftyp M4A`` box) padded to a plausible length."""
    return b"\x00\x00\x00\x1cftypM4A \x00\x00\x00\x00M4A mp42isom" + bytes(1600 * seconds)


class AudioRecorderApp(VirtualApp):
    """Audio Recorder: a record button; stopping asks for a name, then saves
    ``<name>.m4a`` to the records folder."""

    package = PACKAGE
    label = "Audio Recorder"
    activity = ACTIVITY
    # AndroidWorld pins the APK with versionCode 926; the model reports that code.
    version_name = "926"

    def __init__(self) -> None:
        self.recording = False
        self.naming = False
        self.name = ""
        self.count = 0

    def on_start(self, phone: VirtualPhone, intent: Intent) -> None:
        """A fresh start shows the idle recorder."""
        self.recording = self.naming = False

    def _nodes(self) -> list[Node]:
        if self.naming:
            return [
                Node("android.widget.TextView", text="Rename", bounds=(80, 800, 1000, 900)),
                Node(
                    "android.widget.EditText",
                    text=self.name,
                    hint="Name",
                    bounds=(80, 920, 1000, 1060),
                    focused=True,
                ),
                Node(
                    "android.widget.Button",
                    text="Save",
                    bounds=(700, 1100, 1000, 1220),
                    clickable=True,
                ),
            ]
        return [
            Node(
                "android.widget.ImageButton",
                content_desc="Stop recording" if self.recording else "Record",
                resource_id=f"{PACKAGE}:id/btn_record",
                bounds=(430, 1900, 650, 2120),
                clickable=True,
            )
        ]

    def screen(self, phone: VirtualPhone) -> Screen:
        """The record button, or the naming dialog."""
        return Screen(hierarchy=render(PACKAGE, self._nodes()))

    def on_tap(self, phone: VirtualPhone, x: int, y: int) -> None:
        """Record / stop, then Save."""
        node = hit(self._nodes(), x, y)
        if node is None:
            return
        if node.content_desc == "Record":
            self.recording = True
        elif node.content_desc == "Stop recording":
            self.recording, self.naming = False, True
            self.count += 1
            self.name = f"Record-{self.count}"
        elif node.text == "Save":
            path = phone.host_path(f"{RECORDS}/{self.name or 'Record'}.m4a")
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(m4a_bytes())
            self.naming = False

    def on_text(self, phone: VirtualPhone, text: str) -> None:
        """Typing in the naming dialog."""
        if self.naming:
            self.name += text

    def on_key(self, phone: VirtualPhone, keycode: str) -> None:
        """Delete erases in the naming dialog."""
        if self.naming and keycode in KEY_DEL:
            self.name = self.name[:-1]


def virtual_apps() -> list[VirtualApp]:
    """A fresh Audio Recorder model."""
    return [AudioRecorderApp()]


class _RecorderTask(TaskEval):
    """Starts and ends with an empty records folder."""

    app_names = ("audio recorder",)
    footprint = Footprint(writes=StateRefs(paths=frozenset({RECORDS})))

    def initialize_task(self, env: Env) -> None:
        """Empty the records folder and note its (empty) listing."""
        super().initialize_task(env)
        storage.clear_folder(env.device, RECORDS)
        self._before = storage.list_files(env.device, RECORDS)

    def tear_down(self, env: Env) -> None:
        """Empty the records folder again."""
        storage.clear_folder(env.device, RECORDS)
        super().tear_down(env)


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


class NamedFileParams(BaseModel):
    """The file name to save under; ``text`` is unused (kept for AndroidWorld's schema)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    file_name: str
    text: str = ""


class AudioRecorderRecordAudioWithFileName(_RecorderTask):
    """A recording saved under a given name."""

    template = 'Record an audio clip and save it with name "{file_name}" using Audio Recorder app.'
    complexity = 2.0
    tags = ("data_entry", "complex_ui_understanding", "parameterized")
    Params = NamedFileParams
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

    def is_successful(self, env: Env) -> float:
        """Whether the named recording exists."""
        return storage.PATH_EXISTS(env, path=self.expected)

    def oracle(self, env: Env) -> None:
        """Save a recording under the name."""
        env.device.push(m4a_bytes(), self.expected)


TASKS: tuple[type[TaskEval], ...] = (AudioRecorderRecordAudio, AudioRecorderRecordAudioWithFileName)
