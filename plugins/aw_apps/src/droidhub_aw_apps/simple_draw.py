"""Simple Draw Pro: create a drawing and save it under a name in Pictures.

AndroidWorld's check: ``/storage/emulated/0/Pictures/<file_name>`` exists. Set-up
and tear-down empty the Pictures folder (AndroidWorld empties all of storage).
"""

from __future__ import annotations

import io
import random
from typing import TYPE_CHECKING

from droidhub import AppSpec, Footprint, StateRefs, TaskEval
from droidhub.virtual.app import VirtualApp
from droidhub_aw_apps import fake_data, storage
from droidhub_aw_apps.audio_recorder import NamedFileParams

if TYPE_CHECKING:
    from droidhub import Env

PACKAGE = "com.simplemobiletools.draw.pro"
ACTIVITY = "com.simplemobiletools.draw.pro.activities.MainActivity"
PICTURES = storage.under_sdcard("Pictures")

APPS = (AppSpec(PACKAGE, ACTIVITY, names=("simple draw pro",), label="Simple Draw Pro"),)

EVALUATORS = ()

#: The stems AndroidWorld names drawings after.
DRAWING_WORDS = ("lorem", "ipsum", "dolor", "sit", "amet", "consectetur", "adipiscing", "elit")
DRAWING_EXTENSIONS = (".png", ".svg", ".jpg")


class SimpleDrawApp(VirtualApp):
    """Simple Draw Pro: state-only; drawings are files in Pictures."""

    package = PACKAGE
    label = "Simple Draw Pro"
    activity = ACTIVITY
    # AndroidWorld pins the APK with versionCode 79; the model reports that code.
    version_name = "79"


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
