"""Simple Gallery Pro (``com.simplemobiletools.gallery.pro``): the folders it shows and
the app spec.
"""

from __future__ import annotations

from droidhub import AppSpec
from droidhub_aw_apps.common import storage

PACKAGE = "com.simplemobiletools.gallery.pro"
ACTIVITY = "com.simplemobiletools.gallery.pro.activities.MainActivity"
DCIM = storage.under_sdcard("DCIM")
DOWNLOAD = storage.under_sdcard("Download")

APPS = (
    AppSpec(PACKAGE, ACTIVITY, names=("simple gallery pro", "simple gallery"), label="Gallery"),
)
