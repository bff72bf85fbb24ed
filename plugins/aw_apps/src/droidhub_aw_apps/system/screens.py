"""Settings and Phone on the virtual phone.

Settings follows Android 13's (AOSP packages/apps/Settings, API 33, as on AndroidWorld's
Pixel 6 emulator): the top-level page has the "Settings" title, the "Search settings"
bar and the list of top-level entries (``com.android.settings:id/recycler_view``, each
row an ``android:id/title`` and ``android:id/summary``), longer than the screen, so it
scrolls. The pages the system tasks need are one tap deeper, as on the phone:

* Network & internet → Internet → the "Wi-Fi" row (spelled with U+2011) with its switch
  (``android:id/switch_widget``), which reads and writes ``global/wifi_on``; with
  Wi-Fi on, the emulator's network "AndroidWifi" (Connected) is listed under it;
* Connected devices → Connection preferences → Bluetooth → the "Use Bluetooth" main
  switch bar (``global/bluetooth_on``);
* Display → "Brightness level" (summary: the level in percent) opens System UI's
  brightness dialog, a SeekBar (``com.android.systemui:id/slider``) whose left end is
  level 1 and right end 255 (``system/screen_brightness``); a tap sets the level where
  it lands, a drag where it ends. (Android maps the slider through a gamma curve; the
  model is linear between the two ends, which are exact.)

Entries the tasks do not need open a page with their title only. "Navigate up" and
BACK go up one level (BACK first closes the brightness dialog); BACK on the top-level
page leaves Settings. Texts use Android's own spelling: "Wi-Fi" with a non-breaking hyphen
(U+2011) in place of the hyphen.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from droidhub.virtual.appmodel import PIXEL_6, Intent, Screen, VirtualApp
from droidhub_aw_apps.common.hierarchy import Node, hit, render, up_button
from droidhub_aw_apps.system.model import DIALER_PACKAGE, SETTINGS_PACKAGE

if TYPE_CHECKING:
    from droidhub.virtual.appmodel import VirtualPhone

WIFI = "Wi\u2011Fi"
SYSTEMUI = "com.android.systemui"
_ID = f"{SETTINGS_PACKAGE}:id"
_WIDTH = PIXEL_6.width
_BOTTOM = PIXEL_6.height - PIXEL_6.navigation_bar
_ROW = 210
_MAX_BRIGHTNESS = 255
_MIN_BRIGHTNESS = 1
#: Pages of entries the tasks do not need are named by this prefix and their title.
_BLANK = "page:"


@dataclass(frozen=True)
class Entry:
    """A preference row: its title, summary, and the page it opens (or a switch)."""

    title: str
    summary: str = ""
    page: str = ""
    #: ``global`` setting a switch on the row reads and writes, if any.
    switch: str = ""


#: Android 13's top-level entries, in order, with their summaries.
TOP_LEVEL = (
    Entry("Network & internet", "Mobile, Wi\u2011Fi, hotspot", "network"),
    Entry("Connected devices", "Bluetooth, pairing", "connected"),
    Entry("Apps", "Assistant, recent apps, default apps"),
    Entry("Notifications", "Notification history, conversations"),
    Entry("Battery", "100%"),
    Entry("Storage", "34% used - 5.29 GB free"),
    Entry("Sound & vibration", "Volume, haptics, Do Not Disturb"),
    Entry("Display", "Dark theme, font size, brightness", "display"),
    Entry("Wallpaper & style", "Colors, themed icons, app grid"),
    Entry("Accessibility", "Display, interaction, audio"),
    Entry("Security & privacy", "App security, device lock, permissions"),
    Entry("Location", "On - 3 apps have access to location"),
    Entry("Safety & emergency", "Emergency SOS, medical info, alerts"),
    Entry("Passwords & accounts", "Saved passwords, autofill, synced accounts"),
    Entry("Digital Wellbeing & parental controls", "Screen time, app timers, bedtime schedules"),
    Entry("Google", "Services & preferences"),
    Entry("System", "Languages, gestures, time, backup"),
    Entry("About emulated device", "sdk_gphone64_x86_64"),
    Entry("Tips & support", "Help articles, phone & chat"),
)

#: Sub-pages: title, parent page and rows.
PAGES: dict[str, tuple[str, str, tuple[Entry, ...]]] = {
    "network": (
        "Network & internet",
        "top",
        (
            Entry("Internet", "", "internet"),
            Entry("Calls & SMS", "T-Mobile"),
            Entry("SIMs", "T-Mobile"),
            Entry("Airplane mode", switch="airplane_mode_on"),
            Entry("Hotspot & tethering", "Off"),
            Entry("Data Saver", "Off"),
            Entry("VPN", "None"),
            Entry("Private DNS", "Automatic"),
            Entry("Adaptive connectivity"),
        ),
    ),
    "internet": (
        "Internet",
        "network",
        (Entry(WIFI, switch="wifi_on"), Entry("Network preferences", "Wi\u2011Fi turns back on")),
    ),
    "connected": (
        "Connected devices",
        "top",
        (
            Entry("Pair new device"),
            Entry("Connection preferences", "Bluetooth, Android Auto", "connection"),
        ),
    ),
    "connection": (
        "Connection preferences",
        "connected",
        (
            Entry("Bluetooth", "", "bluetooth"),
            Entry("Cast"),
            Entry("Printing", "1 print service on"),
            Entry("Files received via Bluetooth"),
            Entry("Chromebook"),
            Entry("Nearby Share", "Off"),
            Entry("Android Auto", "Use apps on your car display"),
        ),
    ),
    "bluetooth": (
        "Bluetooth",
        "connection",
        (Entry("Use Bluetooth", switch="bluetooth_on"), Entry("Pair new device")),
    ),
    "display": (
        "Display",
        "top",
        (
            Entry("Brightness level", "", "brightness"),
            Entry("Adaptive brightness", switch="screen_brightness_mode"),
            Entry("Lock display"),
            Entry("Dark theme", "Will never turn on automatically"),
            Entry("Font size", "Default"),
            Entry("Display size", "Default"),
            Entry("Screen timeout", "After 30 minutes of inactivity"),
        ),
    ),
}


def _on(phone: VirtualPhone, setting: str) -> bool:
    namespace = "system" if setting == "screen_brightness_mode" else "global"
    value = phone.settings.get(namespace, setting)
    return value in ("1", "2") if setting == "wifi_on" else value == "1"


def _flip(phone: VirtualPhone, setting: str) -> None:
    namespace = "system" if setting == "screen_brightness_mode" else "global"
    phone.settings.put(namespace, setting, "0" if _on(phone, setting) else "1")


def _brightness(phone: VirtualPhone) -> int:
    try:
        return int(phone.settings.get("system", "screen_brightness") or _MAX_BRIGHTNESS)
    except ValueError:
        return _MAX_BRIGHTNESS


def _percent(level: int) -> str:
    span = _MAX_BRIGHTNESS - _MIN_BRIGHTNESS
    return f"{round(100 * (level - _MIN_BRIGHTNESS) / span)}%"


class SettingsApp(VirtualApp):
    """Android 13's Settings: its state is the phone's settings, the model holds only
    where the user is (page, scroll offset, whether the brightness dialog is open)."""

    package = SETTINGS_PACKAGE
    label = "Settings"
    activity = ".Settings"

    #: Where the brightness dialog's SeekBar lies.
    SLIDER = (84, 290, _WIDTH - 84, 420)

    def __init__(self) -> None:
        self._reset()

    def _reset(self) -> None:
        self.page = "top"
        self.offset = 0
        self.dialog = False
        #: The page a title-only page was opened from.
        self.blank_parent = "top"

    def on_start(self, phone: VirtualPhone, intent: Intent) -> None:
        """A launch opens the top-level page."""
        self._reset()

    def on_stop(self, phone: VirtualPhone) -> None:
        """Force-stopped: the next launch starts at the top."""
        self._reset()

    # --- layout --------------------------------------------------------------------------
    def _entries(self, phone: VirtualPhone | None = None) -> tuple[Entry, ...]:
        if self.page.startswith(_BLANK):
            return ()
        entries = TOP_LEVEL if self.page == "top" else PAGES[self.page][2]
        if self.page == "internet" and phone is not None and _on(phone, "wifi_on"):
            # With Wi-Fi on, the networks in range follow the switch: the emulator's own.
            entries = (entries[0], Entry("AndroidWifi", "Connected"), *entries[1:])
        return entries

    def _title_and_parent(self) -> tuple[str, str]:
        if self.page.startswith(_BLANK):
            return self.page[len(_BLANK) :], self.blank_parent
        title, parent, _ = PAGES[self.page]
        return title, parent

    def _list_top(self) -> int:
        return 600 if self.page == "top" else 560

    def _visible_rows(self) -> int:
        return (_BOTTOM - self._list_top()) // _ROW

    def _row(self, phone: VirtualPhone, entry: Entry, top: int) -> Node:
        summary = entry.summary
        if entry.page == "internet":
            summary = "AndroidWifi" if _on(phone, "wifi_on") else "Off"
        elif entry.page == "bluetooth":
            summary = "On" if _on(phone, "bluetooth_on") else "Off"
        elif entry.page == "brightness":
            summary = _percent(_brightness(phone))
        children = [
            Node(
                "android.widget.TextView",
                text=entry.title,
                resource_id="android:id/title",
                bounds=(189, top + 40, 860, top + (110 if summary else 170)),
            )
        ]
        if summary:
            children.append(
                Node(
                    "android.widget.TextView",
                    text=summary,
                    resource_id="android:id/summary",
                    bounds=(189, top + 110, 860, top + 170),
                )
            )
        if entry.switch:
            children.append(
                Node(
                    "android.widget.Switch",
                    resource_id="android:id/switch_widget",
                    bounds=(880, top + 60, 1038, top + 150),
                    checked=_on(phone, entry.switch),
                )
            )
        return Node(
            "android.widget.LinearLayout",
            content_desc="",
            bounds=(0, top, _WIDTH, top + _ROW),
            clickable=True,
            children=children,
        )

    def _nodes(self, phone: VirtualPhone) -> list[Node]:
        if self.page == "top":
            nodes = [
                Node(
                    "android.widget.TextView",
                    text="Settings",
                    resource_id=f"{_ID}/homepage_title",
                    bounds=(63, 220, _WIDTH - 63, 380),
                ),
                Node(
                    "android.widget.TextView",
                    text="Search settings",
                    resource_id=f"{_ID}/search_action_bar",
                    bounds=(42, 420, _WIDTH - 42, 567),
                    clickable=True,
                ),
            ]
        else:
            title, _ = self._title_and_parent()
            nodes = [
                up_button(),
                Node(
                    "android.widget.TextView",
                    text=title,
                    resource_id=f"{_ID}/collapsing_toolbar",
                    bounds=(63, 300, _WIDTH - 63, 520),
                ),
            ]
        rows = self._entries(phone)[self.offset : self.offset + self._visible_rows()]
        top = self._list_top()
        items = [self._row(phone, entry, top + i * _ROW) for i, entry in enumerate(rows)]
        nodes.append(
            Node(
                "androidx.recyclerview.widget.RecyclerView",
                resource_id=f"{_ID}/recycler_view",
                bounds=(0, top, _WIDTH, _BOTTOM),
                children=items,
            )
        )
        return nodes

    def _dialog_nodes(self, phone: VirtualPhone) -> list[Node]:
        return [
            Node(
                "android.widget.FrameLayout",
                resource_id=f"{SYSTEMUI}:id/brightness_mirror_container",
                bounds=(42, 230, _WIDTH - 42, 480),
                children=[
                    Node(
                        "android.widget.SeekBar",
                        text=str(_brightness(phone)),
                        content_desc="Display brightness",
                        resource_id=f"{SYSTEMUI}:id/slider",
                        bounds=self.SLIDER,
                        clickable=True,
                    )
                ],
            )
        ]

    def screen(self, phone: VirtualPhone) -> Screen:
        """The current page, or the brightness dialog over it."""
        if self.dialog:
            return Screen(hierarchy=render(SYSTEMUI, self._dialog_nodes(phone)))
        return Screen(hierarchy=render(SETTINGS_PACKAGE, self._nodes(phone)))

    # --- input ---------------------------------------------------------------------------
    def _set_brightness(self, phone: VirtualPhone, x: int) -> None:
        left, _, right, _ = self.SLIDER
        fraction = min(1.0, max(0.0, (x - left) / (right - left - 1)))
        level = _MIN_BRIGHTNESS + round((_MAX_BRIGHTNESS - _MIN_BRIGHTNESS) * fraction)
        phone.settings.put("system", "screen_brightness", str(level))

    def _open(self, page: str) -> None:
        self.page, self.offset = page, 0

    def on_tap(self, phone: VirtualPhone, x: int, y: int) -> None:
        """Open a row's page, flip its switch, or set the brightness."""
        if self.dialog:
            left, top, right, bottom = self.SLIDER
            if left <= x < right and top <= y < bottom:
                self._set_brightness(phone, x)
            elif not (230 <= y < 480):
                self.dialog = False  # a tap outside the panel dismisses it
            return
        node = hit(self._nodes(phone), x, y)
        if node is None:
            return
        if node.content_desc == "Navigate up":
            self._up()
            return
        title = next((c.text for c in node.children if c.resource_id == "android:id/title"), "")
        entry = next((e for e in self._entries(phone) if e.title == title), None)
        if entry is None:
            return
        if entry.switch:
            _flip(phone, entry.switch)
        elif entry.page == "brightness":
            self.dialog = True
        elif entry.page:
            self._open(entry.page)
        else:
            self.blank_parent = self.page
            self._open(f"{_BLANK}{entry.title}")

    def on_swipe(
        self, phone: VirtualPhone, x1: int, y1: int, x2: int, y2: int, duration_ms: int
    ) -> None:
        """Scroll the list, or drag the brightness slider."""
        if self.dialog:
            left, top, right, bottom = self.SLIDER
            if left <= x1 < right and top <= y1 < bottom:
                self._set_brightness(phone, x2)
            return
        rows = round((y1 - y2) / _ROW)
        last = max(0, len(self._entries()) - self._visible_rows())
        self.offset = min(last, max(0, self.offset + rows))

    def _up(self) -> bool:
        if self.page == "top":
            return False
        self._open(self._title_and_parent()[1])
        return True

    def on_key(self, phone: VirtualPhone, keycode: str) -> bool:
        """BACK closes the dialog or goes up a page; on the top page it leaves."""
        if keycode != "KEYCODE_BACK":
            return False
        if self.dialog:
            self.dialog = False
            return True
        return self._up()


class DialerApp(VirtualApp):
    """Google's Phone app, launchable for :class:`OpenAppTaskEval`."""

    package = DIALER_PACKAGE
    label = "Phone"
    activity = "com.google.android.dialer.extensions.GoogleDialtactsActivity"


def virtual_apps() -> list[VirtualApp]:
    """Fresh Settings and Phone models."""
    return [SettingsApp(), DialerApp()]
