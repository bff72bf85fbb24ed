"""Audio Recorder on the virtual phone: record, stop, and name the recording."""

from __future__ import annotations

from typing import TYPE_CHECKING

from droidhub.virtual.appmodel import Intent, Screen, VirtualApp
from droidhub_aw_apps.audio_recorder.model import ACTIVITY, PACKAGE, RECORDS, m4a_bytes
from droidhub_aw_apps.common.hierarchy import Node, hit, render
from droidhub_aw_apps.common.keys import KEY_DEL

if TYPE_CHECKING:
    from droidhub.virtual.appmodel import VirtualPhone


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
        #: The dialog opens with the proposed name selected: typing replaces it.
        self.name_selected = False
        self.count = 0

    def install(self, phone: VirtualPhone) -> None:
        """The records folder the app makes at its first start (AndroidWorld's one-time
        set-up launches it once, so every AndroidWorld phone has it)."""
        phone.host_path(RECORDS).mkdir(parents=True, exist_ok=True)

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
                    selected=self.name_selected,
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
            self.name, self.name_selected = f"Record-{self.count}", True
        elif node.class_name.endswith("EditText"):
            self.name_selected = False  # a tap places the cursor: the selection goes
        elif node.text == "Save":
            path = phone.host_path(f"{RECORDS}/{self.name or 'Record'}.m4a")
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(m4a_bytes())
            self.naming = False

    def on_text(self, phone: VirtualPhone, text: str) -> None:
        """Typing in the naming dialog."""
        if self.naming:
            self.name = text if self.name_selected else self.name + text
            self.name_selected = False

    def on_key(self, phone: VirtualPhone, keycode: str) -> None:
        """Delete erases in the naming dialog."""
        if self.naming and keycode in KEY_DEL:
            self.name = "" if self.name_selected else self.name[:-1]
            self.name_selected = False


def virtual_apps() -> list[VirtualApp]:
    """A fresh Audio Recorder model."""
    return [AudioRecorderApp()]
