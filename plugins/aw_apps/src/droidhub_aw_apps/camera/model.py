"""The Camera app (``com.android.camera2``): where it saves photos and videos, the files
it writes, and the app spec.
"""

from __future__ import annotations

import io

from droidhub import AppSpec
from droidhub_aw_apps.common import storage

PACKAGE = "com.android.camera2"
ACTIVITY = "com.android.camera.CameraLauncher"
#: Where AndroidWorld looks for new photos and videos.
PHOTOS = storage.under_sdcard("Pictures")
VIDEOS = storage.under_sdcard("Movies")

APPS = (AppSpec(PACKAGE, ACTIVITY, names=("camera",), label="Camera", data_paths=(PHOTOS, VIDEOS)),)


def jpeg_bytes(color: tuple[int, int, int] = (90, 140, 200)) -> bytes:
    """A small, valid JPEG image."""
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (64, 48), color).save(out, format="JPEG")
    return out.getvalue()


def mp4_bytes() -> bytes:
    """The start of an MP4 file (an ``ftyp`` box): enough for a file browser."""
    return b"\x00\x00\x00\x18ftypmp42\x00\x00\x00\x00mp42isom" + bytes(64)


def capture_name(device_now: str, prefix: str, ext: str) -> str:
    """The name the camera gives a capture taken at ``device_now`` (``IMG_<time>.jpg``)."""
    return f"{prefix}_{device_now}.{ext}"
