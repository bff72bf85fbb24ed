"""Screenshots for the model: scaled, marked with numbered element boxes, JPEG-encoded.

The image is scaled first and the boxes drawn on the small image: drawing on a
1080x2400 capture and scaling afterwards costs several times more and blurs the labels.
"""

from __future__ import annotations

import base64
import functools
import io
from collections.abc import Sequence

from PIL import Image, ImageDraw, ImageFont

from droidhub import UIElement
from droidhub_agents.prompts import listed

#: Box and label colour: a saturated green that screens rarely use, legible after JPEG.
MARK_COLOUR = (0, 200, 0)
_LABEL_TEXT = (255, 255, 255)


@functools.cache
def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=size)


def scaled(image: Image.Image, width: int) -> Image.Image:
    """``image`` as RGB at ``width`` pixels wide (aspect kept); 0 keeps its size."""
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    if not width or width == rgb.width:
        return rgb.copy()
    height = max(1, round(rgb.height * width / rgb.width))
    return rgb.resize((width, height), Image.Resampling.BILINEAR)


def annotate(image: Image.Image, elements: Sequence[UIElement], width: int) -> Image.Image:
    """A scaled copy of ``image`` with a numbered box on every listed element."""
    marked = scaled(image, width)
    factor = marked.width / image.width
    draw = ImageDraw.Draw(marked)
    line = max(2, round(3 * factor))  # one pixel does not survive JPEG
    font = _font(max(10, round(34 * factor)))
    for index, element in enumerate(elements):
        box = element.bounds
        if box is None or not listed(element):
            continue
        rect = (
            round(box.left * factor),
            round(box.top * factor),
            round(box.right * factor) - 1,
            round(box.bottom * factor) - 1,
        )
        draw.rectangle(rect, outline=MARK_COLOUR, width=line)
        label = str(index)
        left, _top, right, bottom = draw.textbbox((0, 0), label, font=font)
        tag = (rect[0], rect[1], rect[0] + right - left + 2 * line, rect[1] + bottom + line)
        draw.rectangle(tag, fill=MARK_COLOUR)
        draw.text((rect[0] + line, rect[1]), label, fill=_LABEL_TEXT, font=font)
    return marked


def data_url(image: Image.Image, quality: int) -> str:
    """``image`` as a JPEG ``data:`` URL, the form chat-completions servers accept."""
    buffer = io.BytesIO()
    image.save(buffer, format="JPEG", quality=quality)
    return "data:image/jpeg;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")


def image_part(url: str) -> dict[str, object]:
    """A chat-completions content part carrying one image."""
    return {"type": "image_url", "image_url": {"url": url}}
