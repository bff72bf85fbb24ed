"""Facts of the phone's system image that the phone, its shell commands and its screens
share: when its clock starts, the launcher, the packages of the system itself, and how
activities are named. It imports nothing of :mod:`droidhub.virtual`, so every module of
the phone can read it without an import circle.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass

#: When a new phone's clock starts (AndroidWorld's ``device_constants.DT``, in UTC).
START_TIME = dt.datetime(2023, 10, 15, 15, 34, 0, tzinfo=dt.UTC)
LAUNCHER_PACKAGE = "com.google.android.apps.nexuslauncher"
LAUNCHER_ACTIVITY = "com.google.android.apps.nexuslauncher.NexusLauncherActivity"


#: Packages of the system image itself (not app models): package -> launcher label ("" =
#: not on the home screen).
SYSTEM_PACKAGES: Mapping[str, str] = {
    "android": "",
    "com.android.phone": "",
    "com.android.providers.contacts": "",
    "com.android.providers.media": "",
    "com.android.providers.settings": "",
    "com.android.providers.telephony": "",
    "com.android.settings": "Settings",
    "com.android.shell": "",
    "com.android.systemui": "",
    "com.google.android.inputmethod.latin": "",
    LAUNCHER_PACKAGE: "",
}


@dataclass(frozen=True)
class Activity:
    """One entry of the activity stack: a package and its fully qualified activity class."""

    package: str
    activity: str

    @property
    def component(self) -> str:
        """``package/.Short`` when the class lives in the package, else ``package/full``."""
        if self.activity.startswith(self.package + "."):
            return f"{self.package}/{self.activity[len(self.package) :]}"
        return f"{self.package}/{self.activity}"


def full_activity(package: str, activity: str) -> str:
    """``.Main`` of ``com.foo`` -> ``com.foo.Main``; full names stay as they are."""
    return package + activity if activity.startswith(".") else activity
