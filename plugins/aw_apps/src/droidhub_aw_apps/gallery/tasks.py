"""Simple Gallery Pro: save a copy of a receipt photo from DCIM into Download.

Set-up draws a receipt (company, slogan, one purchase) into a JPEG in
``/sdcard/DCIM``; AndroidWorld's check: ``Download/<file_name>`` exists. Set-up and
tear-down empty DCIM and Download.
"""

from __future__ import annotations

import datetime as dt
import io
import random
import shutil
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict

from droidhub import AppSpec, Footprint, StateRefs, TaskEval
from droidhub.virtual.appmodel import PIXEL_6, Intent, Screen, VirtualApp
from droidhub_aw_apps.common import fake_data, storage
from droidhub_aw_apps.common.hierarchy import Node, hit, render

if TYPE_CHECKING:
    from droidhub import Env
    from droidhub.virtual.appmodel import VirtualPhone

PACKAGE = "com.simplemobiletools.gallery.pro"
ACTIVITY = "com.simplemobiletools.gallery.pro.activities.MainActivity"
DCIM = storage.under_sdcard("DCIM")
DOWNLOAD = storage.under_sdcard("Download")

APPS = (
    AppSpec(PACKAGE, ACTIVITY, names=("simple gallery pro", "simple gallery"), label="Gallery"),
)

EVALUATORS = ()


_MEDIA = (".jpg", ".jpeg", ".png", ".gif", ".webp", ".mp4", ".svg")


class SimpleGalleryApp(VirtualApp):
    """Simple Gallery Pro over shared storage: the folders holding media, a folder's
    media, one medium in the viewer, and its ``More options`` menu whose ``Copy to``
    and ``Move to`` open a folder picker; picking a folder copies or moves the file."""

    package = PACKAGE
    label = "Gallery"
    activity = ACTIVITY
    # AndroidWorld pins the APK with versionCode 396; the model reports that code.
    version_name = "396"

    def __init__(self) -> None:
        self.folder = ""
        self.medium = ""
        self.menu = False
        self.picking = ""

    def on_start(self, phone: VirtualPhone, intent: Intent) -> None:
        """A launch shows the folders."""
        self.folder = self.medium = self.picking = ""
        self.menu = False

    @staticmethod
    def _folders(phone: VirtualPhone, with_media: bool) -> list[str]:
        root = phone.host_path(storage.SDCARD)
        names = []
        for path in sorted(root.iterdir(), key=lambda p: p.name.lower()):
            if not path.is_dir() or path.name == "Android":
                continue
            if not with_media or any(f.suffix.lower() in _MEDIA for f in path.iterdir()):
                names.append(path.name)
        return names

    def _nodes(self, phone: VirtualPhone) -> list[Node]:
        if self.picking:
            names = self._folders(phone, with_media=False)
            return [
                Node("android.widget.TextView", text="Select a folder", bounds=(48, 120, 1000, 240))
            ] + [_row(name, i) for i, name in enumerate(names)]
        if self.medium:
            nodes = [
                Node("android.widget.TextView", text=self.medium, bounds=(48, 120, 860, 240)),
                Node(
                    "android.widget.ImageView",
                    content_desc=self.medium,
                    bounds=(0, 300, PIXEL_6.width, 2000),
                ),
                Node(
                    "android.widget.ImageButton",
                    content_desc="More options",
                    bounds=(940, 120, 1060, 240),
                    clickable=True,
                ),
            ]
            if self.menu:
                for i, item in enumerate(("Copy to", "Move to", "Rename", "Properties")):
                    top = 260 + i * 130
                    nodes.append(
                        Node(
                            "android.widget.TextView",
                            text=item,
                            bounds=(560, top, 1060, top + 130),
                            clickable=True,
                        )
                    )
            return nodes
        if self.folder:
            host = phone.host_path(f"{storage.SDCARD}/{self.folder}")
            files = sorted(f.name for f in host.iterdir() if f.suffix.lower() in _MEDIA)
            nodes = [Node("android.widget.TextView", text=self.folder, bounds=(48, 120, 1000, 240))]
            for i, name in enumerate(files[:18]):
                left, top = (i % 3) * 360, 300 + (i // 3) * 360
                nodes.append(
                    Node(
                        "android.widget.ImageView",
                        content_desc=name,
                        resource_id=f"{PACKAGE}:id/medium_thumbnail",
                        bounds=(left, top, left + 360, top + 360),
                        clickable=True,
                    )
                )
            return nodes
        names = self._folders(phone, with_media=True)
        title = Node("android.widget.TextView", text="Gallery", bounds=(48, 120, 1000, 240))
        return [title] + [_row(name, i) for i, name in enumerate(names)]

    def screen(self, phone: VirtualPhone) -> Screen:
        """The current screen, drawn from shared storage."""
        return Screen(hierarchy=render(PACKAGE, self._nodes(phone)))

    def on_tap(self, phone: VirtualPhone, x: int, y: int) -> None:
        """Open folders and media, use the menu, pick a destination."""
        node = hit(self._nodes(phone), x, y)
        if node is None:
            return
        if self.picking:
            if node.resource_id.endswith("dir_holder"):
                source = phone.host_path(f"{storage.SDCARD}/{self.folder}/{self.medium}")
                target = phone.host_path(f"{storage.SDCARD}/{node.text}/{self.medium}")
                if self.picking == "Copy to":
                    shutil.copyfile(source, target)
                else:
                    shutil.move(source, target)
                    self.medium = ""
                self.picking = ""
        elif self.medium:
            if node.content_desc == "More options":
                self.menu = not self.menu
            elif self.menu and node.text in ("Copy to", "Move to"):
                self.picking, self.menu = node.text, False
            else:
                self.menu = False
        elif self.folder:
            if node.resource_id.endswith("medium_thumbnail"):
                self.medium = node.content_desc
        elif node.resource_id.endswith("dir_holder"):
            self.folder = node.text


def _row(name: str, index: int) -> Node:
    return Node(
        "android.widget.TextView",
        text=name,
        resource_id=f"{PACKAGE}:id/dir_holder",
        bounds=(0, 300 + index * 150, PIXEL_6.width, 450 + index * 150),
        clickable=True,
    )


def virtual_apps() -> list[VirtualApp]:
    """A fresh Simple Gallery Pro model."""
    return [SimpleGalleryApp()]


_COMPANIES = ("Tech Gadgets Inc.", "Innovate Solutions Ltd.", "Future Tech LLC", "Gadget Gurus Co.")
_SLOGANS = (
    "Innovating the Future", "Technology for Tomorrow", "Bringing Ideas to Life",
    "Innovation and Excellence",
)  # fmt: skip
_ITEMS = (
    ("USB-C Cable", 5, 20), ("Wireless Mouse", 10, 50), ("Bluetooth Keyboard", 30, 100),
    ("External Hard Drive", 50, 150), ("Webcam", 20, 70), ("Monitor Stand", 15, 60),
)  # fmt: skip


def random_receipt(rng: random.Random) -> str:
    """A receipt's text: company, slogan, header, one dated purchase."""
    company, slogan = rng.choice(_COMPANIES), rng.choice(_SLOGANS)
    first = dt.date(2023, 1, 1)
    day = first + dt.timedelta(days=rng.randrange((dt.date(2023, 10, 15) - first).days))
    item, low, high = rng.choice(_ITEMS)
    return f"{company}\n{slogan}\nDate, Item, Amount\n{day}, {item}, ${rng.uniform(low, high):.2f}"


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


class SaveCopyOfReceiptTaskEval(TaskEval):
    """Copy a photo from DCIM into Download under the same name."""

    template = "Copy {file_name} in DCIM and save a copy with the same name in Download"
    app_names = ("simple gallery pro",)
    complexity = 1.6
    difficulty = "hard"
    tags = ("parameterized", "complex_ui_understanding")
    Params = ReceiptParams
    params: ReceiptParams
    footprint = Footprint(writes=StateRefs(paths=frozenset({DCIM, DOWNLOAD})))

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
        for folder in (DCIM, DOWNLOAD):
            storage.clear_folder(env.device, folder)
        env.device.push(receipt_jpeg(self.params.receipt_text), self.original)

    def is_successful(self, env: Env) -> float:
        """Whether Download holds a file of that name."""
        return storage.PATH_EXISTS(env, path=self.expected)

    def oracle(self, env: Env) -> None:
        """Copy the file."""
        env.device.push(env.device.pull(self.original), self.expected)

    def tear_down(self, env: Env) -> None:
        """Empty DCIM and Download again."""
        for folder in (DCIM, DOWNLOAD):
            storage.clear_folder(env.device, folder)
        super().tear_down(env)


TASKS: tuple[type[TaskEval], ...] = (SaveCopyOfReceiptTaskEval,)
