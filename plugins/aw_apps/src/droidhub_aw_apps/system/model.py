"""Android's system apps: the Settings and Phone packages, and the brightness values
AndroidWorld's tasks use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from droidhub import AppSpec

if TYPE_CHECKING:
    pass


SETTINGS_PACKAGE = "com.android.settings"
DIALER_PACKAGE = "com.google.android.dialer"

BRIGHTNESS_MAX = "255"
BRIGHTNESS_MIN = "1"
_BRIGHTNESS_WRONG = "128"
APPS = (
    AppSpec(SETTINGS_PACKAGE, ".Settings", names=("settings",), label="Settings"),
    AppSpec(
        DIALER_PACKAGE,
        "com.google.android.dialer.extensions.GoogleDialtactsActivity",
        names=("dialer", "phone"),
        label="Phone",
    ),
)
