"""A browser's screenshot made exactly phone-sized.

Chromium captures a clip given in CSS pixels; at a fractional scale the device-pixel
size is a product like 411.43 x 2.625, which Chromium rounds its own way (some versions
give 1079 where the phone has 1080; at the app's 500 % the size is exact).
:func:`fit_png` leaves a PNG of the right size untouched (the usual case: it reads the
size from the header, nothing is decoded) and otherwise cuts or extends it to the size,
repeating the last row or column of pixels, so ``screencap`` always answers with the
phone's screen size.
"""

from __future__ import annotations

import io
import struct
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_size(png: bytes) -> tuple[int, int]:
    """``(width, height)`` from a PNG's header chunk; ValueError if it is no PNG."""
    # The signature, then the IHDR chunk: length, type, width, height (big-endian).
    if len(png) < 24 or not png.startswith(_PNG_SIGNATURE) or png[12:16] != b"IHDR":
        raise ValueError("not a PNG image")
    width, height = struct.unpack(">II", png[16:24])
    return width, height


def fit_png(png: bytes, size: tuple[int, int]) -> bytes:
    """``png`` as a PNG of exactly ``size``: the same bytes when it already is; else its
    top-left part, extended by repeating its last column and row where it falls short."""
    if png_size(png) == size:
        return png
    from PIL import Image

    width, height = size
    with Image.open(io.BytesIO(png)) as image:
        image.load()
        kept = image.crop((0, 0, min(image.width, width), min(image.height, height)))
    fitted = Image.new(kept.mode, size)
    fitted.paste(kept, (0, 0))
    if kept.width < width:
        edge = kept.crop((kept.width - 1, 0, kept.width, kept.height))
        fitted.paste(edge.resize((width - kept.width, kept.height)), (kept.width, 0))
    if kept.height < height:
        edge = fitted.crop((0, kept.height - 1, width, kept.height))
        fitted.paste(edge.resize((width, height - kept.height)), (0, kept.height))
    out = io.BytesIO()
    # The fastest zlib level, as the browser's own fast encoder: screencap is per step.
    fitted.save(out, format="PNG", compress_level=1)
    return out.getvalue()


def with_band(png: bytes, band: np.ndarray, top: int) -> bytes:
    """``png`` with ``band`` (RGBA rows as wide as the image) laid over it from row
    ``top``: the soft keyboard over a browser's screenshot."""
    from PIL import Image

    with Image.open(io.BytesIO(png)) as image:
        shown = image.convert("RGBA")
    shown.paste(Image.fromarray(band, "RGBA"), (0, top))
    out = io.BytesIO()
    shown.save(out, format="PNG", compress_level=1)
    return out.getvalue()
