"""Files an agent reads data from in another app: Markor notes and gallery images.

Some tasks hand the agent its data indirectly: "add the expenses from expenses.jpg in
Simple Gallery Pro", "add the recipes from recipes.txt in Markor". Set-up puts those
files where the apps look: plain text files in Markor's folder, and real JPEG images
with the text drawn on them (Pillow) in the camera folder, as AndroidWorld does.
"""

from __future__ import annotations

import io
import textwrap
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from droidhub import TaskEval
from droidhub_aw_apps.common.storage import under_sdcard

if TYPE_CHECKING:
    from droidhub import Device, Env

#: Where Markor keeps its notes.
MARKOR_DIR = under_sdcard("Documents", "Markor")
#: Where Simple Gallery Pro finds camera pictures.
GALLERY_DIR = under_sdcard("DCIM")

_FONT_SIZE = 24
_MARGIN = 10


def markor_path(name: str) -> str:
    """The device path of Markor note ``name``."""
    return f"{MARKOR_DIR}/{name}"


def gallery_path(name: str) -> str:
    """The device path of gallery picture ``name``."""
    return f"{GALLERY_DIR}/{name}"


def rows_as_csv(rows: Sequence[Mapping[str, Any]], fields: Sequence[str]) -> str:
    """A header line of ``fields`` and one line per row, ``|``-separated."""
    lines = ["|".join(fields)]
    lines += ["|".join(str(row.get(f, "")) for f in fields) for row in rows]
    return "\n".join(lines)


def rows_as_blocks(
    rows: Sequence[Mapping[str, Any]],
    kind: str,
    title: str,
    fields: Sequence[str],
    wrap_width: int | None = None,
) -> str:
    """One block per row: ``Kind: <title>`` then an indented ``field: value`` per field.

    ``wrap_width`` wraps long values (for text drawn on an image).
    """
    blocks = []
    for row in rows:
        lines = [f"{kind}: {row.get(title, '')}"]
        for name in fields:
            if name == title:
                continue
            value = str(row.get(name, ""))
            if wrap_width is not None:
                value = "\n".join(textwrap.wrap(value, wrap_width))
            lines.append(f" {name}: {value}")
        blocks.append("\n".join(lines) + "\n")
    return "\n".join(blocks)


def render_text_image(text: str, font_size: int = _FONT_SIZE) -> bytes:
    """A JPEG of ``text`` in black on white, sized to fit it."""
    from PIL import Image, ImageDraw, ImageFont

    font = ImageFont.load_default(size=font_size)
    lines = text.split("\n")
    line_height = font_size + font_size // 4
    heights = [line_height if line.strip() else font_size // 2 for line in lines]
    width = max((int(font.getlength(line)) for line in lines), default=0) + 2 * _MARGIN
    image = Image.new("RGB", (max(width, 64), sum(heights) + 2 * _MARGIN), "white")
    draw = ImageDraw.Draw(image)
    y = _MARGIN
    for line, height in zip(lines, heights, strict=True):
        if line.strip():
            draw.text((_MARGIN, y), line, fill="black", font=font)
        y += height
    out = io.BytesIO()
    image.save(out, format="JPEG", quality=90)
    return out.getvalue()


def write_markor_note(device: Device, name: str, text: str) -> str:
    """Write note ``name`` into Markor's folder; return its device path."""
    path = markor_path(name)
    device.write_text(path, text)
    return path


def write_gallery_image(device: Device, name: str, image: bytes) -> str:
    """Put JPEG ``image`` into the gallery folder as ``name``; return its device path."""
    path = gallery_path(name)
    device.push(image, path)
    return path


def remove_files(device: Device, paths: Sequence[str]) -> None:
    """Remove the files set-up wrote (absent ones are fine)."""
    for path in paths:
        device.remove(path)


class MarkorNoteSource(TaskEval):
    """A task whose data the agent reads from Markor note :attr:`note_name`.

    The note is written after the rest of set-up and removed before the rest of
    tear-down; put this class first among the bases so it wraps the others.
    """

    #: The note's file name in Markor's folder.
    note_name: ClassVar[str]

    def note_text(self) -> str:
        """What the note says."""
        raise NotImplementedError

    def initialize_task(self, env: Env) -> None:
        """Set up the rest, then write the note."""
        super().initialize_task(env)
        write_markor_note(env.device, self.note_name, self.note_text())

    def tear_down(self, env: Env) -> None:
        """Remove the note, then tear down the rest."""
        remove_files(env.device, [markor_path(self.note_name)])
        super().tear_down(env)


class GalleryPictureSource(TaskEval):
    """A task whose data the agent reads from pictures of text in the gallery.

    The pictures are written after the rest of set-up and removed before the rest of
    tear-down; put this class first among the bases so it wraps the others.
    """

    #: The pictures' file names in the gallery folder.
    picture_names: ClassVar[tuple[str, ...]]

    def picture_texts(self) -> Mapping[str, str]:
        """The text drawn on each picture, by file name."""
        raise NotImplementedError

    def initialize_task(self, env: Env) -> None:
        """Set up the rest, then draw and write the pictures (each text drawn once)."""
        super().initialize_task(env)
        drawn: dict[str, bytes] = {}
        for name, text in self.picture_texts().items():
            if text not in drawn:
                drawn[text] = render_text_image(text)
            write_gallery_image(env.device, name, drawn[text])

    def tear_down(self, env: Env) -> None:
        """Remove the pictures, then tear down the rest."""
        remove_files(env.device, [gallery_path(n) for n in self.picture_names])
        super().tear_down(env)
