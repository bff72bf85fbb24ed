"""The phone's settings tables (``settings get|put|delete|list``): system, secure and
global, each names to string values, with a fresh Android 13 image's defaults."""

from __future__ import annotations

import threading
from collections.abc import Mapping

_NAMESPACES = ("system", "secure", "global")

#: Settings of a fresh Android 13 emulator image, the ones droidhub's tasks touch.
DEFAULT_SETTINGS: Mapping[str, Mapping[str, str]] = {
    "global": {
        "adb_enabled": "1",
        "airplane_mode_on": "0",
        "animator_duration_scale": "1.0",
        "auto_time": "1",
        "auto_time_zone": "1",
        "bluetooth_on": "0",
        "data_roaming": "0",
        "development_settings_enabled": "1",
        "device_name": "Pixel 6",
        "device_provisioned": "1",
        "mobile_data": "1",
        "stay_on_while_plugged_in": "0",
        "transition_animation_scale": "1.0",
        "wifi_on": "1",
        "window_animation_scale": "1.0",
    },
    "secure": {
        "android_id": "",  # filled per phone from its serial
        "default_input_method": "com.google.android.inputmethod.latin/"
        "com.android.inputmethod.latin.LatinIME",
        "location_mode": "3",
        "ui_night_mode": "1",
        "user_setup_complete": "1",
    },
    "system": {
        "accelerometer_rotation": "0",
        "font_scale": "1.0",
        "haptic_feedback_enabled": "1",
        "screen_brightness": "102",
        "screen_brightness_mode": "0",
        "screen_off_timeout": "60000",
        "sound_effects_enabled": "1",
        "volume_music": "5",
        "volume_ring": "5",
    },
}


class Settings:
    """The phone's ``settings`` tables (system, secure, global): names to string values."""

    def __init__(self, defaults: Mapping[str, Mapping[str, str]] = DEFAULT_SETTINGS) -> None:
        self._tables: dict[str, dict[str, str]] = {
            ns: dict(defaults.get(ns, {})) for ns in _NAMESPACES
        }
        self._lock = threading.RLock()

    def _table(self, namespace: str) -> dict[str, str]:
        try:
            return self._tables[namespace]
        except KeyError:
            raise ValueError(
                f"unknown settings namespace {namespace!r}; use one of {', '.join(_NAMESPACES)}"
            ) from None

    def get(self, namespace: str, key: str) -> str | None:
        """The value of ``key`` in ``namespace``, or None when it is not set."""
        with self._lock:
            return self._table(namespace).get(key)

    def put(self, namespace: str, key: str, value: str) -> None:
        """Set ``key`` in ``namespace`` to ``value``."""
        with self._lock:
            self._table(namespace)[key] = str(value)

    def delete(self, namespace: str, key: str) -> bool:
        """Remove ``key``; return whether it was there."""
        with self._lock:
            return self._table(namespace).pop(key, None) is not None

    def items(self, namespace: str) -> list[tuple[str, str]]:
        """All ``(key, value)`` pairs of ``namespace``, sorted by key."""
        with self._lock:
            return sorted(self._table(namespace).items())

    def namespaces(self) -> tuple[str, ...]:
        """``("system", "secure", "global")``."""
        return _NAMESPACES
