"""Settings and Phone on the virtual phone: the Settings screen with its Wi-Fi and
Bluetooth switches and brightness, and the Phone app.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from droidhub.virtual.appmodel import Screen, VirtualApp
from droidhub_aw_apps.common.hierarchy import Node, hit, render, row
from droidhub_aw_apps.system.model import (
    DIALER_PACKAGE,
    SETTINGS_PACKAGE,
)

if TYPE_CHECKING:
    from droidhub.virtual.appmodel import VirtualPhone


class SettingsApp(VirtualApp):
    """The Settings app: its state is the phone's settings, so the model holds none.

    It draws one page with the switches and the slider the system tasks need: Wi-Fi,
    Bluetooth (switches: a tap flips them) and Brightness level (a seek bar: a tap
    sets the level by where it lands, the left end 1, the right end 255).
    """

    package = SETTINGS_PACKAGE
    label = "Settings"
    activity = ".Settings"

    _SLIDER = (60, 940, 1020, 1040)

    def _nodes(self, phone: VirtualPhone) -> list[Node]:
        wifi = phone.settings.get("global", "wifi_on") in ("1", "2")
        bluetooth = phone.settings.get("global", "bluetooth_on") == "1"
        level = phone.settings.get("system", "screen_brightness") or "0"
        return [
            Node("android.widget.TextView", text="Settings", bounds=(48, 120, 700, 240)),
            Node("android.widget.TextView", text="Wi-Fi", bounds=row(0)),
            _switch_node("Wi-Fi", wifi, row(0)),
            Node("android.widget.TextView", text="Bluetooth", bounds=row(1)),
            _switch_node("Bluetooth", bluetooth, row(1)),
            Node("android.widget.TextView", text="Brightness level", bounds=(60, 800, 1020, 920)),
            Node(
                "android.widget.SeekBar",
                text=level,
                content_desc="Brightness level",
                bounds=self._SLIDER,
                clickable=True,
            ),
        ]

    def screen(self, phone: VirtualPhone) -> Screen:
        """The page, drawn from the phone's settings."""
        return Screen(hierarchy=render(SETTINGS_PACKAGE, self._nodes(phone)))

    def on_tap(self, phone: VirtualPhone, x: int, y: int) -> None:
        """Flip a switch or set the brightness."""
        node = hit(self._nodes(phone), x, y)
        if node is None:
            return
        if node.content_desc == "Wi-Fi":
            on = phone.settings.get("global", "wifi_on") in ("1", "2")
            phone.settings.put("global", "wifi_on", "0" if on else "1")
        elif node.content_desc == "Bluetooth":
            on = phone.settings.get("global", "bluetooth_on") == "1"
            phone.settings.put("global", "bluetooth_on", "0" if on else "1")
        elif node.content_desc == "Brightness level":
            left, _, right, _ = self._SLIDER
            fraction = min(1.0, max(0.0, (x - left) / (right - left - 1)))
            phone.settings.put("system", "screen_brightness", str(1 + round(254 * fraction)))


def _switch_node(name: str, on: bool, bounds: tuple[int, int, int, int]) -> Node:
    _, top, right, bottom = bounds
    return Node(
        "android.widget.Switch",
        text="ON" if on else "OFF",
        content_desc=name,
        bounds=(right - 220, top + 20, right - 40, bottom - 20),
        clickable=True,
        checked=on,
    )


class DialerApp(VirtualApp):
    """Google's Phone app, launchable for :class:`OpenAppTaskEval`."""

    package = DIALER_PACKAGE
    label = "Phone"
    activity = "com.google.android.dialer.extensions.GoogleDialtactsActivity"


def virtual_apps() -> list[VirtualApp]:
    """Fresh Settings and Phone models."""
    return [SettingsApp(), DialerApp()]
