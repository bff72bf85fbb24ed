"""Settings and Phone on the virtual phone.

Settings follows Android 13's (AOSP packages/apps/Settings, API 33, as on AndroidWorld's
Pixel 6 emulator), declared on the view engine from its own layouts (see
:mod:`.layouts`): the top-level page has the "Settings" title, the "Search settings"
bar and the top-level entries, each with its icon on a coloured disc, in a list
longer than the screen, so it scrolls. The pages the system tasks need are one tap
deeper, as on the phone:

* Network & internet → Internet → the "Wi-Fi" row (spelled with U+2011) with its switch
  (``android:id/switch_widget``), which reads and writes ``global/wifi_on``; with
  Wi-Fi on, the emulator's network "AndroidWifi" (Connected) is listed under it;
* Connected devices → Connection preferences → Bluetooth → the "Use Bluetooth" main
  switch bar (``switch_text`` and its switch; ``global/bluetooth_on``);
* Display → "Brightness level" (summary: the level in percent) opens System UI's
  brightness dialog, a SeekBar (``com.android.systemui:id/slider``) whose left end is
  level 1 and right end 255 (``system/screen_brightness``); a tap sets the level where
  it lands, a drag where it ends. (Android maps the slider through a gamma curve; the
  model is linear between the two ends, which are exact.) While it shows, the dump is
  System UI's window alone, as ``uiautomator dump`` dumps the window in front.

Every other entry opens its page with its title and no rows. A tap on a switch row
flips it as a tap on its switch does. "Navigate up" and BACK go up one level (BACK
first closes the brightness dialog, as does a tap outside its panel); BACK on the
top-level page leaves Settings.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from droidhub.virtual import views
from droidhub.virtual.appmodel import Intent, Screen, VirtualApp
from droidhub.virtual.views.window import dump, paint
from droidhub_aw_apps.common.app_identity import model_of
from droidhub_aw_apps.system import layouts
from droidhub_aw_apps.system.model import APPS

if TYPE_CHECKING:
    from droidhub.virtual.appmodel import VirtualPhone

WIFI = "Wi\u2011Fi"
SYSTEMUI = layouts.SYSTEMUI
_MAX_BRIGHTNESS = 255
_MIN_BRIGHTNESS = 1
#: Pages of entries the tasks do not need are named by this prefix and their title.
_BLANK = "page:"
#: The ink of a sub-page's row icons.
_ICON_INK = "#FF444746"


@dataclass(frozen=True)
class Entry:
    """A preference row: its title, summary, icon, and the page it opens (or a switch)."""

    title: str
    summary: str = ""
    page: str = ""
    #: ``global`` setting a switch on the row reads and writes, if any.
    switch: str = ""
    #: The Material Symbols icon closest to AOSP's drawable, and (top level) its disc.
    icon: str = ""
    colour: str = ""


#: Android 13's top-level entries, in order, with their summaries, the icons closest to
#: their ``ic_homepage_*`` / ``ic_settings_*`` drawables and their discs' colours.
TOP_LEVEL = (
    Entry("Network & internet", "Mobile, Wi\u2011Fi, hotspot", "network", icon="wifi",
          colour="#FF1A73E8"),
    Entry("Connected devices", "Bluetooth, pairing", "connected", icon="devices_other",
          colour="#FF1E8E3E"),
    Entry("Apps", "Assistant, recent apps, default apps", icon="apps", colour="#FFE8710A"),
    Entry("Notifications", "Notification history, conversations", icon="notifications",
          colour="#FFD93025"),
    Entry("Battery", "100%", icon="battery_full", colour="#FF188038"),
    Entry("Storage", "34% used - 5.29 GB free", icon="storage", colour="#FF9334E6"),
    Entry("Sound & vibration", "Volume, haptics, Do Not Disturb", icon="volume_up",
          colour="#FF129EAF"),
    Entry("Display", "Dark theme, font size, brightness", "display", icon="brightness_medium",
          colour="#FFF29900"),
    Entry("Wallpaper & style", "Colors, themed icons, app grid", icon="palette",
          colour="#FFE52592"),
    Entry("Accessibility", "Display, interaction, audio", icon="accessibility",
          colour="#FF1A73E8"),
    Entry("Security & privacy", "App security, device lock, permissions", icon="shield",
          colour="#FF1E8E3E"),
    Entry("Location", "On - 3 apps have access to location", icon="location_on",
          colour="#FF129EAF"),
    Entry("Safety & emergency", "Emergency SOS, medical info, alerts", icon="emergency",
          colour="#FFD93025"),
    Entry("Passwords & accounts", "Saved passwords, autofill, synced accounts", icon="key",
          colour="#FF9334E6"),
    Entry("Digital Wellbeing & parental controls", "Screen time, app timers, bedtime schedules",
          icon="hourglass_empty", colour="#FF1E8E3E"),
    Entry("Google", "Services & preferences", icon="account_circle", colour="#FF1A73E8"),
    Entry("System", "Languages, gestures, time, backup", icon="info", colour="#FF5F6368"),
    Entry("About emulated device", "sdk_gphone64_x86_64", icon="smartphone",
          colour="#FF1A73E8"),
    Entry("Tips & support", "Help articles, phone & chat", icon="help", colour="#FF1A73E8"),
)  # fmt: skip

#: Sub-pages: title, parent page and rows.
PAGES: dict[str, tuple[str, str, tuple[Entry, ...]]] = {
    "network": (
        "Network & internet",
        "top",
        (
            Entry("Internet", "", "internet", icon="wifi"),
            Entry("Calls & SMS", "T-Mobile", icon="call"),
            Entry("SIMs", "T-Mobile", icon="sim_card"),
            Entry("Airplane mode", switch="airplane_mode_on", icon="airplanemode_active"),
            Entry("Hotspot & tethering", "Off", icon="wifi_tethering"),
            Entry("Data Saver", "Off", icon="data_saver_on"),
            Entry("VPN", "None", icon="vpn_key"),
            Entry("Private DNS", "Automatic"),
            Entry("Adaptive connectivity"),
        ),
    ),
    "internet": (
        "Internet",
        "network",
        (
            Entry(WIFI, switch="wifi_on"),
            # wifi_configure_settings_preference_summary_wakeup_on (Wi-Fi wake-up is on)
            Entry("Network preferences", "Wi\u2011Fi turns back on automatically"),
        ),
    ),
    "connected": (
        "Connected devices",
        "top",
        (
            Entry("Pair new device", icon="add"),
            Entry(
                "Connection preferences", "Bluetooth, Android Auto", "connection", icon="devices"
            ),
        ),
    ),
    "connection": (
        "Connection preferences",
        "connected",
        (
            Entry("Bluetooth", "", "bluetooth", icon="bluetooth"),
            Entry("Cast", icon="cast"),
            Entry("Printing", "1 print service on", icon="print"),
            Entry("Files received via Bluetooth", icon="download"),
            Entry("Chromebook", icon="devices"),
            Entry("Nearby Share", "Off", icon="share"),
            Entry("Android Auto", "Use apps on your car display", icon="directions_car"),
        ),
    ),
    "bluetooth": (
        "Bluetooth",
        "connection",
        (Entry("Use Bluetooth", switch="bluetooth_on"), Entry("Pair new device", icon="add")),
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
        level = int(phone.settings.get("system", "screen_brightness") or _MAX_BRIGHTNESS)
    except ValueError:
        return _MAX_BRIGHTNESS
    return min(_MAX_BRIGHTNESS, max(_MIN_BRIGHTNESS, level))


def _percent(level: int) -> str:
    span = _MAX_BRIGHTNESS - _MIN_BRIGHTNESS
    return f"{round(100 * (level - _MIN_BRIGHTNESS) / span)}%"


@model_of(APPS[0])
class SettingsApp(views.ViewApp):
    """Android 13's Settings: its state is the phone's settings, the model holds only
    where the user is (page, whether the brightness dialog is open); the engine keeps
    the scroll."""

    def __init__(self) -> None:
        super().__init__()
        self._reset()

    def _reset(self) -> None:
        self.page = "top"
        self.dialog = False
        #: The page a title-only page was opened from.
        self.blank_parent = "top"
        self.reset_view_state()

    def on_start(self, phone: VirtualPhone, intent: Intent) -> None:
        """A launch opens the top-level page."""
        del phone, intent
        self._reset()

    def on_stop(self, phone: VirtualPhone) -> None:
        """Force-stopped: the next launch starts at the top."""
        del phone
        self._reset()

    # --- the pages -------------------------------------------------------------------
    def _entries(self, phone: VirtualPhone) -> tuple[Entry, ...]:
        if self.page.startswith(_BLANK):
            return ()
        entries = TOP_LEVEL if self.page == "top" else PAGES[self.page][2]
        if self.page == "internet" and _on(phone, "wifi_on"):
            # With Wi-Fi on, the networks in range follow the switch: the emulator's own.
            entries = (entries[0], Entry("AndroidWifi", "Connected", icon="wifi"), *entries[1:])
        return entries

    def _title_and_parent(self) -> tuple[str, str]:
        if self.page.startswith(_BLANK):
            return self.page[len(_BLANK) :], self.blank_parent
        title, parent, _ = PAGES[self.page]
        return title, parent

    def _summary(self, phone: VirtualPhone, entry: Entry) -> str:
        """The row's summary: the state it reports, for the rows that report one."""
        if entry.page == "internet":
            return "AndroidWifi" if _on(phone, "wifi_on") else "Off"
        if entry.page == "bluetooth":
            return "On" if _on(phone, "bluetooth_on") else "Off"
        if entry.page == "brightness":
            return _percent(_brightness(phone))
        return entry.summary

    def _row(self, phone: VirtualPhone, entry: Entry) -> views.View:
        summary = self._summary(phone, entry)
        if self.page == "top":
            return layouts.homepage_row(
                entry.title, summary, entry.icon, entry.colour, lambda: self._choose(phone, entry)
            )
        icon = views.PreferenceImageView(icon=entry.icon, tint=_ICON_INK) if entry.icon else None
        if entry.switch == "bluetooth_on":
            return views.main_switch_bar(
                entry.title, _on(phone, entry.switch), lambda: _flip(phone, entry.switch)
            )
        if entry.switch:
            return views.switch_preference(
                entry.title,
                summary,
                icon=icon,
                checked=_on(phone, entry.switch),
                on_toggle=lambda: _flip(phone, entry.switch),
            )
        return views.preference(
            entry.title, summary, icon=icon, on_click=lambda: self._choose(phone, entry)
        )

    def _choose(self, phone: VirtualPhone, entry: Entry) -> None:
        """A tap on a row that opens something."""
        del phone
        if entry.page == "brightness":
            self.dialog = True
        elif entry.page:
            self._open(entry.page)
        else:
            self.blank_parent = self.page
            self._open(f"{_BLANK}{entry.title}")

    def _open(self, page: str) -> None:
        self.page = page
        self.reset_view_state()  # a new page shows from its top

    def _up(self) -> bool:
        if self.page == "top":
            return False
        self._open(self._title_and_parent()[1])
        return True

    def _close_dialog(self) -> None:
        self.dialog = False

    def _set_brightness(self, phone: VirtualPhone, level: int) -> None:
        phone.settings.put("system", "screen_brightness", str(level))

    def build(self, phone: VirtualPhone) -> views.Window:
        """The current page, and the brightness dialog over it while it shows."""
        rows = [self._row(phone, entry) for entry in self._entries(phone)]
        if self.page == "top":
            content = layouts.homepage(rows)
        else:
            content = layouts.subpage(self._title_and_parent()[0], rows, self._up)
        window = views.Window(content, background=layouts.BACKGROUND, status_bar=layouts.BACKGROUND)
        if self.dialog:
            window.dialog = layouts.brightness_dialog(
                _brightness(phone),
                _MIN_BRIGHTNESS,
                _MAX_BRIGHTNESS,
                lambda level: self._set_brightness(phone, level),
                self._close_dialog,
            )
            window.dialog_fills = True
            window.on_cancel = self._close_dialog
        return window

    def on_back(self, phone: VirtualPhone) -> bool:
        """BACK goes up a page; on the top page it leaves Settings."""
        del phone
        return self._up()

    # --- System UI's window in front --------------------------------------------------
    def screen(self, phone: VirtualPhone) -> Screen:
        """The page, or (dialog open) System UI's dialog over the dimmed page."""
        if not self.dialog:
            return super().screen(phone)
        window = self.observe(phone)
        bar = views.StatusBar.of(phone)
        return Screen(self._systemui_dump(window, bar), paint(window, bar).png())

    def screen_without_pixels(self, phone: VirtualPhone) -> Screen:
        """The dump alone (System UI's window while the dialog shows)."""
        if not self.dialog:
            return super().screen_without_pixels(phone)
        return Screen(self._systemui_dump(self.observe(phone), views.StatusBar.of(phone)))

    @staticmethod
    def _systemui_dump(window: views.Window, bar: views.StatusBar) -> str:
        """System UI's dialog window: the panel alone (what is around it is the scrim)."""
        assert window.dialog is not None
        panel = window.dialog.children[0]
        return dump(views.Window(panel, frame=panel.bounds), SYSTEMUI, bar)


@model_of(APPS[1])
class DialerApp(VirtualApp):
    """Google's Phone app, launchable for :class:`OpenAppTaskEval`."""


def virtual_apps() -> list[VirtualApp]:
    """Fresh Settings and Phone models."""
    return [SettingsApp(), DialerApp()]
