"""The Clock app (``com.google.android.deskclock``): package, activity, tabs, app spec."""

from __future__ import annotations

from typing import TYPE_CHECKING

from droidhub import AppSpec

if TYPE_CHECKING:
    pass


PACKAGE = "com.google.android.deskclock"
ACTIVITY = "com.android.deskclock.DeskClock"
TABS = ("Alarm", "Clock", "Timer", "Stopwatch")

APPS = (AppSpec(PACKAGE, ACTIVITY, names=("clock",), label="Clock"),)
