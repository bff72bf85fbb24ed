"""System UI's notification shade and quick settings (Android 13), over whatever shows.

A swipe down that starts in the status bar pulls the shade: the first pull shows the
header (clock, date, battery), the quick row of four tiles (``quick_qs_panel``) and
the notifications under it ("No notifications"); a second pull down expands quick
settings: the brightness slider, the pages of tiles (``qs_pager``, eight a page), the
footer (build number, page indicator, "Edit order of settings") and the footer
actions ("Open settings", "Power menu"). A swipe up, BACK or a tap on the empty area
below the panel goes back one level; HOME closes it and goes home; an app coming to
the front closes it. The Internet tile opens the Internet dialog (its Wi-Fi switch,
the connected network, "See all", "Done"); toggles flip the phone's settings (see
:mod:`droidhub.virtual.quick_settings`); "Open settings" starts Settings.

The tree follows AOSP 13's ``super_notification_shade.xml`` / ``status_bar_expanded.xml``
/ ``qs_panel.xml`` / ``quick_status_bar_expanded_header.xml`` / ``qs_footer_impl.xml``
/ ``footer_actions.xml`` ids: ``notification_shade`` > ``notification_panel`` >
``notification_container_parent`` > ``qs_frame`` > ``quick_settings_container`` >
(``header`` > ``quick_qs_panel``) or (``expanded_qs_scroll_view`` >
``quick_settings_panel`` > ``brightness_slider`` > ``slider``, ``qs_pager``,
``qs_footer``), ``qs_footer_actions``; then ``notification_stack_scroller`` >
``no_notifications``. While it shows, ``uiautomator dump`` reports the shade's window
(or the Internet dialog's, in front of it) and the gesture bar. Without cross-window
blur (the emulator has none) the scrim behind a pulled shade is opaque, so the app
under it does not show. The shade's state lives here, one per phone.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from droidhub.android.phone import PIXEL_6
from droidhub.android.scrolling import TOUCH_SLOP
from droidhub.virtual.app import Intent, Screen
from droidhub.virtual.hierarchy import Node, hierarchy
from droidhub.virtual.quick_settings import (
    ACTIVE_INK,
    ALARM_PACKAGE,
    INK,
    PAGE_TILES,
    QUICK_TILES,
    SECONDARY_INK,
    SHADE_BACKGROUND,
    SYSTEMUI,
    TILES,
    WIFI,
    WIFI_NETWORK,
    Tile,
    TileLayout,
    TileView,
    tile_state,
)
from droidhub.virtual.shade_views import (
    Column,
    GroupColumn,
    PageIndicator,
    Pager,
    Panel,
    ScrollPanel,
)
from droidhub.virtual.views import (
    GONE,
    MATCH_PARENT,
    VERTICAL,
    Button,
    FrameLayout,
    Gravity,
    ImageButton,
    ImageView,
    LinearLayout,
    SeekBar,
    Switch,
    TextView,
    View,
)
from droidhub.virtual.views.measure import DENSITY, MeasureSpec
from droidhub.virtual.views.paint import DIM_AMOUNT, Painter
from droidhub.virtual.views.seekbar import SLIDER
from droidhub.virtual.views.window import draw, node
from droidhub.virtual.widgets.nodes import navigation_bar

if TYPE_CHECKING:
    from droidhub.virtual.phone import VirtualPhone
    from droidhub.virtual.system_image import Activity

CLOSED, QUICK, EXPANDED = "closed", "quick", "expanded"
SETTINGS_PACKAGE = "com.android.settings"
#: The status bar's height and the header's date row, in dp.
STATUS_BAR_DP = PIXEL_6.status_bar / DENSITY
DATE_ROW_DP = 48
BRIGHTNESS_MIN, BRIGHTNESS_MAX = 1, 255
DIALOG_SURFACE = "#FFFFFFFF"


@dataclass
class ShadeState:
    """How far the shade is pulled, over which activity, and what System UI keeps: the
    Internet dialog, the tile page shown, the torch."""

    level: str = CLOSED
    over: Activity | None = None
    internet_dialog: bool = False
    page: int = 0
    torch: bool = False

    def close(self) -> None:
        """Collapse the shade entirely (the torch stays as it is)."""
        self.level, self.over, self.internet_dialog, self.page = CLOSED, None, False, 0


_STATES: weakref.WeakKeyDictionary[VirtualPhone, ShadeState] = weakref.WeakKeyDictionary()
_LOCK = threading.Lock()


def shade_state(phone: VirtualPhone) -> ShadeState:
    """``phone``'s shade; closed if another activity came to the front under it."""
    with _LOCK:
        state = _STATES.setdefault(phone, ShadeState())
    if state.level != CLOSED and phone.foreground is not state.over:
        state.close()
    return state


def is_open(phone: VirtualPhone) -> bool:
    """Whether the shade shows on ``phone``."""
    return shade_state(phone).level != CLOSED


class NotificationShade:
    """The shade's views for ``phone`` now, built from its state, each control bound to
    what it does."""

    def __init__(self, phone: VirtualPhone, state: ShadeState) -> None:
        self.phone, self.state = phone, state
        self.root = self._root()
        self.dialog = self._internet_dialog() if state.internet_dialog else None
        full = MeasureSpec.exactly(PIXEL_6.width), MeasureSpec.exactly(PIXEL_6.height)
        self.root.measure(*full)
        self.root.layout(0, 0)
        if self.dialog is not None:
            self.dialog.measure(*full)
            self.dialog.layout(0, 0)

    # --- the tree --------------------------------------------------------------------
    def _root(self) -> View:
        expanded = self.state.level == EXPANDED
        parts: list[View] = [self._header(expanded)]
        if expanded:
            parts += [self._expanded_panel(), self._footer_actions()]
        qs_container = Column("quick_settings_container", *parts, background=SHADE_BACKGROUND)
        qs_frame = FrameLayout("qs_frame", qs_container, width=MATCH_PARENT)
        notifications = Panel(
            "notification_stack_scroller",
            TextView("no_notifications", "No notifications", text_size=16, text_color=SECONDARY_INK,
                     gravity=Gravity.CENTER, width=MATCH_PARENT, height=64),
            width=MATCH_PARENT, height=0, weight=1, margin=(16, 0, 16, 0),
        )  # fmt: skip
        container = GroupColumn("notification_container_parent", qs_frame, notifications,
                                height=MATCH_PARENT)  # fmt: skip
        panel = FrameLayout("notification_panel", container, width=MATCH_PARENT,
                            height=MATCH_PARENT)  # fmt: skip
        return FrameLayout("notification_shade", panel, width=MATCH_PARENT, height=MATCH_PARENT)

    def panel_bottom(self) -> int:
        """Where the quick settings panel ends (the notifications start under it), px."""
        qs_frame = self.root.find("qs_frame")
        return qs_frame.bottom if qs_frame is not None else 0

    def _header(self, expanded: bool) -> View:
        """QuickStatusBarHeader: the clock and battery on the status bar's row, the date
        under them, and (collapsed) the quick row of tiles."""
        now = self.phone.now()
        row = STATUS_BAR_DP
        header = Column(
            "header",
            FrameLayout(
                "",
                TextView("clock", f"{now:%H:%M}", text_size=14, medium=True, text_color=INK,
                         gravity=Gravity.CENTER_VERTICAL, height=row, margin=(24, 0, 0, 0)),
                LinearLayout(
                    "batteryRemainingIcon",
                    ImageView("", "battery_full", tint=INK, icon_size=18, filled=True),
                    height=row, gravity=Gravity.CENTER_VERTICAL, layout_gravity=Gravity.END,
                    margin=(0, 0, 20, 0), content_desc="Battery 100 percent.",
                ),
                width=MATCH_PARENT,
            ),
            TextView("date", f"{now:%a, %b %-d}", text_size=14, text_color=INK,
                     gravity=Gravity.CENTER_VERTICAL, height=DATE_ROW_DP, margin=(24, 0, 0, 0)),
        )  # fmt: skip
        if not expanded:
            quick = TileLayout("", *self._tiles(TILES[:QUICK_TILES], collapsed=True),
                               width=MATCH_PARENT)  # fmt: skip
            header.add(
                LinearLayout("quick_qs_panel", quick, orientation=VERTICAL, width=MATCH_PARENT,
                             padding=(16, 8, 16, 16))
            )  # fmt: skip
        return header

    def _expanded_panel(self) -> View:
        """QSPanel in its scroll view: the brightness slider, the tile pages, the footer."""
        pages = -(-len(TILES) // PAGE_TILES)
        page = min(self.state.page, pages - 1)
        shown = TILES[page * PAGE_TILES : (page + 1) * PAGE_TILES]
        slider = FrameLayout(
            "brightness_slider",
            SeekBar("slider", progress=self._brightness(), min=BRIGHTNESS_MIN,
                    max=BRIGHTNESS_MAX, on_change=self._set_brightness, style=SLIDER,
                    icon="brightness_medium", content_desc="Display brightness"),
            width=MATCH_PARENT, margin=(16, 8, 16, 8),
        )  # fmt: skip
        pager = Pager("qs_pager", TileLayout("", *self._tiles(shown, collapsed=False),
                                             width=MATCH_PARENT), pages)  # fmt: skip
        build = self.phone.properties.get("ro.build.id", "")
        release = self.phone.properties.get("ro.build.version.release", "")
        footer = FrameLayout(
            "qs_footer",
            LinearLayout(
                "",
                TextView("build", f"{release} ({build})", text_size=14, text_color=SECONDARY_INK,
                         max_lines=1, gravity=Gravity.CENTER_VERTICAL, width=0, weight=1,
                         height=MATCH_PARENT, clickable=True, focusable=True),
                PageIndicator(pages, page),
                FrameLayout(
                    "",
                    ImageView("android:id/edit", "edit", tint=SECONDARY_INK, icon_size=20,
                              width=48, height=48, padding=14, layout_gravity=Gravity.END
                              | Gravity.CENTER_VERTICAL, content_desc="Edit order of settings",
                              clickable=True, focusable=True),
                    width=0, weight=1, height=MATCH_PARENT,
                ),
                width=MATCH_PARENT, height=48,
            ),
            width=MATCH_PARENT, margin=(16, 8, 16, 0),
        )  # fmt: skip
        panel = LinearLayout("quick_settings_panel", slider, pager, footer, orientation=VERTICAL,
                             width=MATCH_PARENT)  # fmt: skip
        return ScrollPanel("expanded_qs_scroll_view", panel, width=MATCH_PARENT)

    def _footer_actions(self) -> View:
        """FooterActionsView: the settings button and the power menu at the end."""
        return LinearLayout(
            "qs_footer_actions",
            View("", width=0, weight=1),
            FrameLayout(
                "settings_button_container",
                ImageButton("settings_button", "settings", tint=INK, icon_size=20, width=48,
                            height=48, padding=14, corner_radius=24, background="#FFE1E2EC",
                            content_desc="Open settings", on_click=self._open_settings),
                margin=(0, 0, 8, 0),
            ),
            ImageView("pm_lite", "power_settings_new", tint=ACTIVE_INK, icon_size=20, width=48,
                      height=48, padding=14, corner_radius=24, background="#FFA8C7FA",
                      content_desc="Power menu", clickable=True, focusable=True),
            width=MATCH_PARENT, height=72, padding=(16, 12, 16, 12),
            gravity=Gravity.CENTER_VERTICAL,
        )  # fmt: skip

    def _tiles(self, tiles: tuple[Tile, ...], collapsed: bool) -> list[View]:
        return [
            TileView(tile, tile_state(self.phone, tile, self.state.torch),
                     self._clicker(tile), collapsed)
            for tile in tiles
        ]  # fmt: skip

    def _internet_dialog(self) -> View:
        """InternetDialog (``internet_connectivity_dialog.xml``) at the bottom of its
        window: the title, the Wi-Fi switch, the connected network, "See all", "Done"."""
        wifi_on = WIFI.read(self.phone)
        close = self._close_dialog
        done = Button("done_button", "Done", background="#FFA8C7FA", on_click=close,
                      layout_gravity=Gravity.END)  # fmt: skip
        done.all_caps = False  # System UI's dialog buttons keep their case
        dialog = LinearLayout(
            "internet_connectivity_dialog",
            TextView("internet_dialog_title", "Internet", text_size=24, text_color=INK,
                     gravity=Gravity.CENTER_HORIZONTAL, width=MATCH_PARENT),
            TextView("internet_dialog_subtitle",
                     "Tap a network to connect" if wifi_on else "Wi\u2011Fi is off",
                     text_size=14, text_color=SECONDARY_INK, gravity=Gravity.CENTER_HORIZONTAL,
                     width=MATCH_PARENT, margin=(0, 8, 0, 16)),
            LinearLayout(
                "turn_on_wifi_layout",
                TextView("wifi_toggle_title", "Wi\u2011Fi", text_size=16, text_color=INK,
                         gravity=Gravity.CENTER_VERTICAL, width=0, weight=1, height=MATCH_PARENT),
                Switch("wifi_toggle", checked=wifi_on, on_click=lambda: WIFI.flip(self.phone)),
                width=MATCH_PARENT, height=72, gravity=Gravity.CENTER_VERTICAL,
            ),
            LinearLayout(
                "wifi_connected_layout",
                ImageView("wifi_connected_icon", "wifi", tint=ACTIVE_INK, filled=True),
                LinearLayout(
                    "",
                    TextView("wifi_connected_title", WIFI_NETWORK, text_size=16, text_color=INK),
                    TextView("wifi_connected_summary", "Connected", text_size=14,
                             text_color=SECONDARY_INK),
                    orientation=VERTICAL, width=0, weight=1, margin=(16, 0, 0, 0),
                ),
                width=MATCH_PARENT, height=72, gravity=Gravity.CENTER_VERTICAL,
                padding=(16, 0, 16, 0), background="#FFA8C7FA", corner_radius=16,
                clickable=True, visibility="visible" if wifi_on else GONE,
            ),
            LinearLayout(
                "see_all_layout",
                TextView("see_all_text", "See all", text_size=16, text_color=INK),
                width=MATCH_PARENT, height=64, gravity=Gravity.CENTER_VERTICAL,
                on_click=self._open_settings, visibility="visible" if wifi_on else GONE,
            ),
            FrameLayout("", done, width=MATCH_PARENT, margin=(0, 16, 0, 0)),
            orientation=VERTICAL, width=MATCH_PARENT, padding=24, background=DIALOG_SURFACE,
            corner_radius=28, clickable=True, layout_gravity=Gravity.BOTTOM,
            margin=(8, 0, 8, PIXEL_6.navigation_bar / DENSITY + 8),
        )  # fmt: skip
        return FrameLayout("", dialog, width=MATCH_PARENT, height=MATCH_PARENT, on_click=close)

    # --- what the controls do ----------------------------------------------------------
    def _clicker(self, tile: Tile) -> Callable[[], None]:
        def click() -> None:
            if tile.spec == "internet":
                self.state.internet_dialog = True
            elif tile.spec == "flashlight":
                self.state.torch = not self.state.torch
            elif tile.spec == "alarm":
                self._start(ALARM_PACKAGE, "android.intent.action.SET_ALARM")
            elif tile.setting is not None:
                tile.setting.flip(self.phone)
            # cast and screen record open dialogs of their own, not modelled

        return click

    def _close_dialog(self) -> None:
        self.state.internet_dialog = False

    def _open_settings(self) -> None:
        self._start(SETTINGS_PACKAGE, "android.intent.action.MAIN")

    def _start(self, package: str, action: str) -> None:
        """Collapse the shade and bring ``package`` to the front, if it is installed."""
        if package not in self.phone.packages():
            return
        self.state.close()
        activity = self.phone.launch_activity(package)
        self.phone.start(
            package, activity, Intent(action=action, component=f"{package}/{activity}")
        )

    def _brightness(self) -> int:
        try:
            level = int(self.phone.settings.get("system", "screen_brightness") or BRIGHTNESS_MAX)
        except ValueError:
            level = BRIGHTNESS_MAX
        return min(BRIGHTNESS_MAX, max(BRIGHTNESS_MIN, level))

    def _set_brightness(self, level: int) -> None:
        self.phone.settings.put("system", "screen_brightness", str(level))

    # --- out ---------------------------------------------------------------------------
    def hierarchy(self) -> str:
        """The window in front as ``uiautomator dump`` writes it: the Internet dialog's
        while it shows, else the shade's; then the gesture bar."""
        full = PIXEL_6.bounds
        if self.dialog is not None:
            panel = self.dialog.children[0]
            shown = node(panel, full, SYSTEMUI)
            window = Node("android.widget.FrameLayout", SYSTEMUI, panel.bounds)
        else:
            shown = node(self.root, full, SYSTEMUI)
            window = Node("android.widget.FrameLayout", SYSTEMUI, full)
        if shown is not None:
            window.children.append(shown)
        return hierarchy(Node("android.widget.FrameLayout", SYSTEMUI, full,
                              children=[window, navigation_bar()]))  # fmt: skip

    def png(self) -> bytes:
        """The shade on its opaque scrim, the dialog over it dimmed, the gesture bar."""
        painter = Painter()
        if self.dialog is not None:
            painter.light = 1 - DIM_AMOUNT
        painter.clear(SHADE_BACKGROUND)
        draw(self.root, painter)
        painter.light = 1.0
        if self.dialog is not None:
            draw(self.dialog, painter)
        painter.navigation_bar()
        return painter.png()


def screen(phone: VirtualPhone, pixels: bool = True) -> Screen | None:
    """What the shade shows on ``phone`` (None while it is closed)."""
    state = shade_state(phone)
    if state.level == CLOSED:
        return None
    shade = NotificationShade(phone, state)
    return Screen(shade.hierarchy(), shade.png() if pixels else None)


# --- input -------------------------------------------------------------------------------
def on_swipe(phone: VirtualPhone, x1: int, y1: int, x2: int, y2: int) -> bool:
    """A swipe: from the status bar down it opens the shade; on an open shade it moves
    the slider, turns the tile page, or pulls the shade a level down or up. True when
    the shade took it (the app under it gets nothing)."""
    state = shade_state(phone)
    down, up = y2 - y1 > TOUCH_SLOP, y1 - y2 > TOUCH_SLOP
    if state.level == CLOSED:
        if y1 < PIXEL_6.status_bar and down:
            state.level, state.over = QUICK, phone.foreground
            return True
        return False
    shade = NotificationShade(phone, state)
    if shade.dialog is not None:
        return True
    target = shade.root.hit(x1, y1)
    if isinstance(target, SeekBar):
        target.seek_to(x2)
        return True
    pager = shade.root.find("qs_pager")
    sideways = abs(x2 - x1) > max(abs(y2 - y1), TOUCH_SLOP)
    if sideways and isinstance(pager, Pager) and pager.contains(x1, y1):
        step = 1 if x2 < x1 else -1
        state.page = min(max(state.page + step, 0), pager.pages - 1)
    elif down and state.level == QUICK:
        state.level = EXPANDED
    elif up:
        _collapse_one_level(state)
    return True


def on_tap(phone: VirtualPhone, x: int, y: int) -> bool:
    """A tap on the open shade: the control under the finger acts; a tap on the empty
    area under the panel collapses it a level; outside the dialog closes the dialog."""
    state = shade_state(phone)
    if state.level == CLOSED:
        return False
    shade = NotificationShade(phone, state)
    root = shade.dialog or shade.root
    target = root.hit(x, y)
    if target is None:
        if shade.dialog is None and y >= shade.panel_bottom():
            _collapse_one_level(state)
        return True
    if isinstance(target, SeekBar):
        target.seek_to(x)
    if target.on_click is not None:
        target.on_click()
    return True


def on_key(phone: VirtualPhone, keycode: str) -> bool:
    """A key while the shade shows: BACK closes the dialog or collapses one level, HOME
    closes the shade (and is not taken: the phone goes home), other keys are taken."""
    state = shade_state(phone)
    if state.level == CLOSED:
        return False
    if keycode == "KEYCODE_HOME":
        state.close()
        return False
    if keycode == "KEYCODE_BACK":
        if state.internet_dialog:
            state.internet_dialog = False
        else:
            _collapse_one_level(state)
    return True


def _collapse_one_level(state: ShadeState) -> None:
    if state.level == EXPANDED:
        state.level, state.page = QUICK, 0
    else:
        state.close()
