"""Audio Recorder (``com.dimowner.audiorecorder``): its recordings folder on shared
storage, ``Android/data/com.dimowner.audiorecorder/files/Music/records``, and the app spec.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from droidhub import AppSpec
from droidhub_aw_apps.common import storage

if TYPE_CHECKING:
    pass


PACKAGE = "com.dimowner.audiorecorder"
ACTIVITY = "com.dimowner.audiorecorder.app.welcome.WelcomeActivity"
RECORDS = storage.under_sdcard("Android/data", PACKAGE, "files/Music/records")

APPS = (
    AppSpec(
        PACKAGE, ACTIVITY, names=("audio recorder",), label="Audio Recorder", data_paths=(RECORDS,)
    ),
)


def m4a_bytes(seconds: int = 1) -> bytes:
    """The start of an M4A file (an ``ftyp M4A`` box) padded to a plausible length."""
    return b"\x00\x00\x00\x1cftypM4A \x00\x00\x00\x00M4A mp42isom" + bytes(1600 * seconds)
