"""Simple Draw Pro: create a drawing and save it under a name in Pictures.

AndroidWorld's check: ``/storage/emulated/0/Pictures/<file_name>`` exists. Set-up
and tear-down empty the Pictures folder (AndroidWorld empties all of storage).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from droidhub import TaskEval
from droidhub_aw_apps.common import fake_data
from droidhub_aw_apps.common.saved_files import NamedFileParams, SavedFileTask
from droidhub_aw_apps.simple_draw.model import (
    DRAWING_EXTENSIONS,
    DRAWING_WORDS,
    PICTURES,
    drawing_bytes,
)

if TYPE_CHECKING:
    from droidhub import Device


EVALUATORS = ()


class SimpleDrawProCreateDrawing(SavedFileTask):
    """A drawing saved under a given name in Pictures."""

    template = (
        "Create a new drawing in Simple Draw Pro. Name it {file_name}. Save it in the Pictures "
        "folder within the sdk_gphone_x86_64 storage area."
    )
    app_names = ("simple draw pro",)
    complexity = 1.8
    tags = ("data_entry", "parameterized")
    params: NamedFileParams
    folders = (PICTURES,)

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> NamedFileParams:
        """``<word>_<random file name><.png|.svg|.jpg>``."""
        # choices(k=1), as AW draws it: it consumes the generator unlike choice().
        word = rng.choices(DRAWING_WORDS, k=1)[0]
        stem = f"{word}_{fake_data.random_file_name(rng)}"
        return NamedFileParams(file_name=stem + rng.choice(DRAWING_EXTENSIONS), text="")

    @property
    def expected(self) -> str:
        """Where the drawing must be."""
        return f"{PICTURES}/{self.params.file_name}"

    def saved_bytes(self, device: Device) -> bytes:
        """A drawing of the file's type."""
        del device
        return drawing_bytes(self.params.file_name)


TASKS: tuple[type[TaskEval], ...] = (SimpleDrawProCreateDrawing,)
