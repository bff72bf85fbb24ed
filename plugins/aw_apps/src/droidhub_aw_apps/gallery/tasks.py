"""Simple Gallery Pro: save a copy of a receipt photo from DCIM into Download.

Set-up draws a receipt (company, slogan, one purchase) into a JPEG in
``/sdcard/DCIM``; AndroidWorld's check: ``Download/<file_name>`` exists. Set-up and
tear-down empty DCIM and Download.
"""

from __future__ import annotations

import datetime as dt
import io
import random
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict

from droidhub import TaskEval
from droidhub_aw_apps.common import fake_data
from droidhub_aw_apps.common.saved_files import SavedFileTask
from droidhub_aw_apps.gallery.model import DCIM, DOWNLOAD

if TYPE_CHECKING:
    from droidhub import Device, Env


EVALUATORS = ()
_COMPANIES = ("Tech Gadgets Inc.", "Innovate Solutions Ltd.", "Future Tech LLC", "Gadget Gurus Co.")
_SLOGANS = (
    "Innovating the Future",
    "Technology for Tomorrow",
    "Bringing Ideas to Life",
    "Innovation and Excellence",
)
_ITEMS = (
    ("USB-C Cable", 5, 20),
    ("Wireless Mouse", 10, 50),
    ("Bluetooth Keyboard", 30, 100),
    ("External Hard Drive", 50, 150),
    ("Webcam", 20, 70),
    ("Monitor Stand", 15, 60),
)


def random_receipt(rng: random.Random) -> str:
    """A receipt's text: company, slogan, header, one dated purchase."""
    company, slogan = rng.choice(_COMPANIES), rng.choice(_SLOGANS)
    # Item, price, then day: AW's order of draws.
    item, low, high = rng.choice(_ITEMS)
    price = rng.uniform(low, high)
    first = dt.date(2023, 1, 1)
    day = first + dt.timedelta(days=rng.randrange((dt.date(2023, 10, 15) - first).days))
    return f"{company}\n{slogan}\nDate, Item, Amount\n{day}, {item}, ${price:.2f}"


def receipt_jpeg(text: str) -> bytes:
    """The receipt drawn black on white."""
    from PIL import Image, ImageDraw

    image = Image.new("RGB", (500, 500), (255, 255, 255))
    ImageDraw.Draw(image).multiline_text((10, 100), text, fill=(0, 0, 0), spacing=12)
    out = io.BytesIO()
    image.save(out, format="JPEG")
    return out.getvalue()


class ReceiptParams(BaseModel):
    """The receipt's file name and the text drawn on it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    file_name: str
    receipt_text: str


class SaveCopyOfReceiptTaskEval(SavedFileTask):
    """Copy a photo from DCIM into Download under the same name."""

    template = (
        "In Simple Gallery Pro, copy {file_name} in DCIM and save a copy with the same name "
        "in Download"
    )
    app_names = ("simple gallery pro",)
    complexity = 1.6
    difficulty = "hard"
    tags = ("parameterized", "complex_ui_understanding")
    params: ReceiptParams
    folders = (DCIM, DOWNLOAD)

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> ReceiptParams:
        """``receipt_<random file name>.jpg`` and a random receipt."""
        text = random_receipt(rng)
        return ReceiptParams(
            file_name=f"receipt_{fake_data.random_file_name(rng)}.jpg", receipt_text=text
        )

    @property
    def original(self) -> str:
        """The receipt set-up puts in DCIM."""
        return f"{DCIM}/{self.params.file_name}"

    @property
    def expected(self) -> str:
        """Where the copy must be."""
        return f"{DOWNLOAD}/{self.params.file_name}"

    def initialize_task(self, env: Env) -> None:
        """Empty DCIM and Download; put the receipt in DCIM."""
        super().initialize_task(env)
        env.device.push(receipt_jpeg(self.params.receipt_text), self.original)

    def saved_bytes(self, device: Device) -> bytes:
        """The receipt in DCIM: the copy is of it."""
        return device.pull(self.original)


TASKS: tuple[type[TaskEval], ...] = (SaveCopyOfReceiptTaskEval,)
