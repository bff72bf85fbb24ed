"""System UI's quick settings tiles of Android 13 (API 33): what each tile is, what it
reads and writes on the phone, and its view (``QSTileViewImpl``) on the view engine.

Facts from AOSP frameworks/base ``packages/SystemUI`` (android-13):

* a tile is a horizontal LinearLayout (``QSTileViewImpl``): the icon view
  (``QSIconViewImpl``, a ViewGroup holding ``android:id/icon``) 20 dp square
  (``qs_icon_size``), then ``qs_tile_label.xml``'s label container with ``tile_label``
  and ``app_label`` (the secondary label), then ``qs_tile_side_icon.xml``'s
  ``customDrawable`` and ``chevron`` (shown for tiles that are not plain toggles);
  16 dp start padding (``qs_tile_start_padding``), 12 dp on the other sides
  (``qs_tile_padding``);
* its node's class is the state's ``expandedAccessibilityClassName``: a boolean tile
  says ``android.widget.Switch``, reports "On" / "Off" (``switch_bar_on`` /
  ``switch_bar_off``) as its text and is checkable, checked while on; other tiles say
  ``android.widget.Button``. The content-desc is the state's ``contentDescription``
  (the label; the Alarm tile adds ", " and its secondary label, the Internet tile ","
  and the network). Never selected (``onInitializeAccessibilityNodeInfo`` clears it);
* an empty secondary label takes the state text (``tile_states_*``: "Off" / "On");
* in the quick row (QQS) tiles are "collapsed": the secondary label has alpha 0, so it
  neither shows nor is dumped;
* the active background is ``colorAccentPrimary``, the inactive ``offStateColor``; the
  label turns to the inverse text colour on an active tile.

The tiles are AOSP 13's ``quick_settings_tiles_default`` (internet, bt, flashlight,
dnd, alarm, airplane, nfc, rotation, battery, controls, wallet, cast, screenrecord)
without the ones an emulator does not offer (nfc and wallet need NFC hardware,
controls an app that provides device controls): a choice, as the emulator's own panel
could not be read. Measures not read in the sources (tile height 80 dp, 8 dp between
tiles, 28 dp corners) and the colours (the emulator's default wallpaper's light
palette, the same as the brightness slider's) are plausible values.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from droidhub.virtual.views import (
    GONE,
    MATCH_PARENT,
    VERTICAL,
    FrameLayout,
    Gravity,
    ImageView,
    LinearLayout,
    TextView,
    ViewGroup,
    dp,
)
from droidhub.virtual.views.measure import MeasureSpec
from droidhub.virtual.views.seekbar import SLIDER_FILL, SLIDER_ICON, SLIDER_TRACK

if TYPE_CHECKING:
    from droidhub.virtual.phone import VirtualPhone

SYSTEMUI = "com.android.systemui"
#: The shade's surface and ink (the light theme's neutral surface).
SHADE_BACKGROUND = "#FFF8F9FA"
INK = "#FF1F1F1F"
SECONDARY_INK = "#FF444746"
#: Tile colours: active in the accent, inactive in the off-state surface.
ACTIVE = SLIDER_FILL
INACTIVE = SLIDER_TRACK
ACTIVE_INK = SLIDER_ICON
TILE_HEIGHT = 80
TILE_GAP = 8
TILE_CORNER = 28
COLUMNS = 2
#: Tiles per page of the expanded panel (2 columns, 4 rows) and in the quick row.
PAGE_TILES = 8
QUICK_TILES = 4
#: The emulator's Wi-Fi network and its mobile carrier.
WIFI_NETWORK = "AndroidWifi"
CARRIER = "T-Mobile"
SWITCH, BUTTON = "android.widget.Switch", "android.widget.Button"
ALARM_PACKAGE = "com.google.android.deskclock"


@dataclass(frozen=True)
class Setting:
    """The phone setting a toggle tile reads and flips: on is any of ``on``."""

    namespace: str
    key: str
    on: tuple[str, ...] = ("1",)
    default: str = "0"

    def read(self, phone: VirtualPhone) -> bool:
        """Whether the setting is on now."""
        return (phone.settings.get(self.namespace, self.key) or self.default) in self.on

    def flip(self, phone: VirtualPhone) -> None:
        """Turn it off if on, else on (written as "1" / "0" as Settings writes it)."""
        phone.settings.put(self.namespace, self.key, "0" if self.read(phone) else "1")


WIFI = Setting("global", "wifi_on", on=("1", "2"), default="1")
AIRPLANE = Setting("global", "airplane_mode_on")


@dataclass(frozen=True)
class Tile:
    """One quick settings tile: its spec (``bt``), label, icon and kind; a toggle names
    the setting it flips (none: its state lives in System UI, as the torch's does)."""

    spec: str
    label: str
    icon: str
    kind: str = SWITCH
    setting: Setting | None = None
    long_clickable: bool = True


TILES = (
    Tile("internet", "Internet", "wifi", BUTTON),
    Tile("bt", "Bluetooth", "bluetooth", setting=Setting("global", "bluetooth_on")),
    Tile("flashlight", "Flashlight", "flashlight_on"),
    Tile("dnd", "Do Not Disturb", "do_not_disturb_on", setting=Setting("global", "zen_mode")),
    Tile("alarm", "Alarm", "alarm", BUTTON, long_clickable=False),
    Tile("airplane", "Airplane mode", "airplanemode_active", setting=AIRPLANE),
    Tile("rotation", "Auto-rotate", "screen_rotation",
         setting=Setting("system", "accelerometer_rotation")),
    Tile("battery", "Battery Saver", "battery_saver", setting=Setting("global", "low_power")),
    Tile("cast", "Screen Cast", "cast", BUTTON),
    Tile("screenrecord", "Screen record", "screen_record"),
)  # fmt: skip


@dataclass(frozen=True)
class TileState:
    """What a tile shows now: active or not, and its secondary label."""

    active: bool
    secondary: str
    content_desc: str


def tile_state(phone: VirtualPhone, tile: Tile, torch: bool) -> TileState:
    """``tile``'s state on ``phone`` (``torch``: whether the flashlight is on)."""
    if tile.spec == "internet":
        if WIFI.read(phone):
            network = WIFI_NETWORK
        elif AIRPLANE.read(phone):
            return TileState(False, "Off", "Internet,Off")
        else:
            network = CARRIER
        return TileState(True, network, f"Internet,{network}")
    if tile.spec == "alarm":
        return TileState(False, "No alarm set", "Alarm, No alarm set")
    if tile.spec == "flashlight":
        on = torch
    elif tile.setting is not None:
        on = tile.setting.read(phone)
    else:
        on = False  # cast and screen record: nothing cast or recorded
    return TileState(on, "On" if on else "Off", tile.label)


class IconFrame(FrameLayout):
    """``QSIconViewImpl``: the frame of a tile's icon, reported as a ViewGroup."""

    class_name: ClassVar[str] = "android.view.ViewGroup"


class TileView(LinearLayout):
    """``QSTileViewImpl``: a rounded tile, its icon, labels and chevron; reported as a
    Switch (a toggle, with "On"/"Off" as its text) or a Button."""

    focusable_by_default: ClassVar[bool] = True

    def __init__(
        self,
        tile: Tile,
        state: TileState,
        click: Callable[[], object],
        collapsed: bool,
    ) -> None:
        ink = ACTIVE_INK if state.active else INK
        secondary_ink = ACTIVE_INK if state.active else SECONDARY_INK
        labels = LinearLayout(
            "",
            TextView("tile_label", tile.label, text_size=14, medium=True, max_lines=1,
                     text_color=ink, width=MATCH_PARENT),
            TextView("app_label", state.secondary, text_size=14, max_lines=1,
                     text_color=secondary_ink, width=MATCH_PARENT,
                     visibility=GONE if collapsed else "visible"),
            orientation=VERTICAL, gravity=Gravity.CENTER_VERTICAL, width=0, weight=1,
            height=MATCH_PARENT, margin=(16, 0, 0, 0),
        )  # fmt: skip
        side = FrameLayout(
            "",
            ImageView("customDrawable", visibility=GONE),
            ImageView("chevron", "chevron_right", tint=secondary_ink, icon_size=20,
                      layout_gravity=Gravity.CENTER_VERTICAL,
                      visibility="visible" if tile.kind == BUTTON else GONE),
            height=MATCH_PARENT, margin=(16, 0, 0, 0),
        )  # fmt: skip
        icon = IconFrame(
            "",
            ImageView("android:id/icon", tile.icon, tint=ink, icon_size=20, filled=state.active,
                      width=20, height=20),
            width=20, height=20,
        )  # fmt: skip
        super().__init__(
            "", icon, labels, side,
            gravity=Gravity.CENTER_VERTICAL, padding=(16, 12, 12, 12), corner_radius=TILE_CORNER,
            content_desc=state.content_desc, on_click=click,
            long_clickable=tile.long_clickable, checkable=tile.kind == SWITCH,
            checked=tile.kind == SWITCH and state.active,
            background=ACTIVE if state.active else INACTIVE,
        )  # fmt: skip
        self.kind, self.active = tile.kind, state.active

    @property
    def class_name(self) -> str:  # type: ignore[override]
        """``expandedAccessibilityClassName``: Switch or Button."""
        return self.kind

    def text_for_accessibility(self) -> str:
        """A toggle says its state: "On" or "Off"."""
        if self.kind != SWITCH:
            return ""
        return "On" if self.active else "Off"


class TileLayout(ViewGroup):
    """``TileLayout``: its tiles in ``COLUMNS`` columns, ``TILE_HEIGHT`` dp tall, with
    ``TILE_GAP`` dp between them; reported as a ViewGroup."""

    def on_measure(self, width_spec: MeasureSpec, height_spec: MeasureSpec) -> tuple[int, int]:
        """Each tile a column's width; as tall as its rows."""
        left, top, right, bottom = self.padding
        inside = width_spec.size - left - right
        column = (inside - dp(TILE_GAP) * (COLUMNS - 1)) // COLUMNS
        for tile in self.shown():
            tile.measure(MeasureSpec.exactly(column), MeasureSpec.exactly(dp(TILE_HEIGHT)))
        rows = -(-len(self.shown()) // COLUMNS)
        height = rows * dp(TILE_HEIGHT) + max(0, rows - 1) * dp(TILE_GAP) + top + bottom
        return width_spec.resolve(width_spec.size), height_spec.resolve(height)

    def on_layout(self) -> None:
        """Tile ``i`` in row ``i // COLUMNS``, column ``i % COLUMNS``."""
        left, top, _, _ = self.padding
        for index, tile in enumerate(self.shown()):
            row, column = divmod(index, COLUMNS)
            tile.layout(
                self.left + left + column * (tile.measured_width + dp(TILE_GAP)),
                self.top + top + row * (dp(TILE_HEIGHT) + dp(TILE_GAP)),
            )
