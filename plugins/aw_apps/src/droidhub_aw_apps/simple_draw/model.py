"""Simple Draw Pro (``com.simplemobiletools.draw.pro``): where drawings are saved, the
files it writes, and the app spec.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

from droidhub import AppSpec
from droidhub_aw_apps.common import storage

if TYPE_CHECKING:
    pass


PACKAGE = "com.simplemobiletools.draw.pro"
ACTIVITY = "com.simplemobiletools.draw.pro.activities.MainActivity"
PICTURES = storage.under_sdcard("Pictures")

APPS = (AppSpec(PACKAGE, ACTIVITY, names=("simple draw pro",), label="Simple Draw Pro"),)


#: The stems AndroidWorld names drawings after.
DRAWING_WORDS = ("lorem", "ipsum", "dolor", "sit", "amet", "consectetur", "adipiscing", "elit")
DRAWING_EXTENSIONS = (".png", ".svg", ".jpg")


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
