"""Simple Draw Pro: create a drawing and save it under a name in Pictures.

AndroidWorld's check: ``/storage/emulated/0/Pictures/<file_name>`` exists. Set-up
and tear-down empty the Pictures folder (AndroidWorld empties all of storage).
"""

from __future__ import annotations

import io
import random
from typing import TYPE_CHECKING

from droidhub import AppSpec, Footprint, StateRefs, TaskEval
from droidhub.virtual.appmodel import PIXEL_6, Intent, Screen, VirtualApp
from droidhub_aw_apps.audio_recorder.tasks import NamedFileParams
from droidhub_aw_apps.common import fake_data, storage
from droidhub_aw_apps.common.hierarchy import Node, hit, render
from droidhub_aw_apps.common.keys import KEY_DEL

if TYPE_CHECKING:
    from droidhub import Env
    from droidhub.virtual.appmodel import VirtualPhone

PACKAGE = "com.simplemobiletools.draw.pro"
ACTIVITY = "com.simplemobiletools.draw.pro.activities.MainActivity"
PICTURES = storage.under_sdcard("Pictures")

APPS = (AppSpec(PACKAGE, ACTIVITY, names=("simple draw pro",), label="Simple Draw Pro"),)

EVALUATORS = ()

#: The stems AndroidWorld names drawings after.
DRAWING_WORDS = ("lorem", "ipsum", "dolor", "sit", "amet", "consectetur", "adipiscing", "elit")
DRAWING_EXTENSIONS = (".png", ".svg", ".jpg")


class SimpleDrawApp(VirtualApp):
    """Simple Draw Pro: a canvas, and a save dialog that writes the drawing to shared
    storage.

    Swipes on the canvas draw strokes. ``Save`` opens the dialog: a ``Filename`` field,
    the extension (``png``/``svg``/``jpg``; a tap picks one) and the folder
    (``Pictures``). ``OK`` writes ``<folder>/<name>.<extension>`` (a name already
    ending in that extension is kept as it is).
    """

    package = PACKAGE
    label = "Simple Draw Pro"
    activity = ACTIVITY
    # AndroidWorld pins the APK with versionCode 79; the model reports that code.
    version_name = "79"

    def __init__(self) -> None:
        self.strokes = 0
        self.saving = False
        self.name = ""
        self.extension = "png"

    def on_start(self, phone: VirtualPhone, intent: Intent) -> None:
        """A launch shows a blank canvas."""
        self.strokes, self.saving = 0, False

    def _nodes(self) -> list[Node]:
        nodes = [
            Node("android.view.View", content_desc="Canvas", bounds=(0, 260, PIXEL_6.width, 2200)),
            Node(
                "android.widget.ImageButton",
                content_desc="Save",
                bounds=(880, 120, 1000, 240),
                clickable=True,
            ),
        ]
        if not self.saving:
            return nodes
        nodes += [
            Node("android.widget.TextView", text="Save as", bounds=(80, 700, 1000, 800)),
            Node(
                "android.widget.EditText",
                text=self.name,
                hint="Filename",
                bounds=(80, 820, 1000, 960),
                focused=True,
            ),
            Node("android.widget.TextView", text="Pictures", bounds=(80, 1200, 1000, 1300)),
            Node(
                "android.widget.Button", text="OK", bounds=(760, 1340, 1000, 1460), clickable=True
            ),
        ]
        for i, ext in enumerate(("png", "svg", "jpg")):
            left = 80 + i * 300
            nodes.append(
                Node(
                    "android.widget.RadioButton",
                    text=ext.upper(),
                    bounds=(left, 1000, left + 280, 1120),
                    clickable=True,
                    checked=ext == self.extension,
                )
            )
        return nodes

    def screen(self, phone: VirtualPhone) -> Screen:
        """The canvas, with the save dialog over it when open."""
        return Screen(hierarchy=render(PACKAGE, self._nodes()))

    def on_tap(self, phone: VirtualPhone, x: int, y: int) -> None:
        """Open the dialog, pick an extension, or save."""
        node = hit(self._nodes(), x, y)
        if node is None:
            return
        if node.content_desc == "Save" and not self.saving:
            self.saving = True
            self.name = "image_" + phone.now().strftime("%Y_%m_%d_%H_%M_%S")
        elif self.saving and node.class_name.endswith("RadioButton"):
            self.extension = node.text.lower()
        elif self.saving and node.text == "OK" and self.name.strip():
            name = self.name.strip()
            if not name.lower().endswith("." + self.extension):
                name += "." + self.extension
            path = phone.host_path(f"{PICTURES}/{name}")
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(drawing_bytes(name))
            self.saving = False

    def on_swipe(
        self, phone: VirtualPhone, x1: int, y1: int, x2: int, y2: int, duration_ms: int
    ) -> None:
        """A stroke on the canvas."""
        if not self.saving:
            self.strokes += 1

    def on_text(self, phone: VirtualPhone, text: str) -> None:
        """Typing goes to the file name."""
        if self.saving:
            self.name += text

    def on_key(self, phone: VirtualPhone, keycode: str) -> None:
        """Delete erases in the file name."""
        if self.saving and keycode in KEY_DEL:
            self.name = self.name[:-1]


def virtual_apps() -> list[VirtualApp]:
    """A fresh Simple Draw Pro model."""
    return [SimpleDrawApp()]


def drawing_bytes(file_name: str) -> bytes:
    """A small blank drawing in the format the extension names."""
    ext = file_name.rpartition(".")[2].lower()
    if ext == "svg":
        return (
            b'<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64">'
            b'<path d="M8 8 L56 56" stroke="black"/></svg>'
        )
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (64, 64), (255, 255, 255)).save(out, format="PNG" if ext == "png" else "JPEG")
    return out.getvalue()


class SimpleDrawProCreateDrawing(TaskEval):
    """A drawing saved under a given name in Pictures."""

    template = (
        "Create a new drawing in Simple Draw Pro. Name it {file_name}. Save it in the Pictures "
        "folder within the sdk_gphone_x86_64 storage area."
    )
    app_names = ("simple draw pro",)
    complexity = 1.8
    tags = ("data_entry", "parameterized")
    Params = NamedFileParams
    params: NamedFileParams
    footprint = Footprint(writes=StateRefs(paths=frozenset({PICTURES})))

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> NamedFileParams:
        """``<word>_<random file name><.png|.svg|.jpg>``."""
        stem = f"{rng.choice(DRAWING_WORDS)}_{fake_data.random_file_name(rng)}"
        return NamedFileParams(file_name=stem + rng.choice(DRAWING_EXTENSIONS), text="")

    @property
    def expected(self) -> str:
        """Where the drawing must be."""
        return f"{PICTURES}/{self.params.file_name}"

    def initialize_task(self, env: Env) -> None:
        """Empty Pictures."""
        super().initialize_task(env)
        storage.clear_folder(env.device, PICTURES)

    def is_successful(self, env: Env) -> float:
        """Whether the drawing exists under its name."""
        return storage.PATH_EXISTS(env, path=self.expected)

    def oracle(self, env: Env) -> None:
        """Save a drawing under the name."""
        env.device.push(drawing_bytes(self.params.file_name), self.expected)

    def tear_down(self, env: Env) -> None:
        """Empty Pictures again."""
        storage.clear_folder(env.device, PICTURES)
        super().tear_down(env)


TASKS: tuple[type[TaskEval], ...] = (SimpleDrawProCreateDrawing,)
