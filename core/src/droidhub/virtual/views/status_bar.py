"""System UI's status bar (Android 13) as a view tree, bound to what the phone's state
says it shows.

The tree follows AOSP 13's ``super_status_bar.xml`` / ``status_bar.xml`` /
``system_icons.xml`` and the Wi-Fi and mobile groups System UI inflates into
``statusIcons``: the status bar window (a FrameLayout) > ``status_bar_container`` >
``status_bar`` (PhoneStatusBarView, a FrameLayout) > ``status_bar_contents`` > on the
start side ``status_bar_start_side_container`` > ``status_bar_start_side_content`` >
``status_bar_start_side_except_heads_up`` > ``clock`` (a TextView: "15:34", spoken
"3:34 PM"), and on the end side ``system_icon_area`` > ``system_icons`` >
``statusIcons`` (Do Not Disturb, Wi-Fi, mobile, airplane, as System UI orders its
slots) and ``battery`` (BatteryMeterView, a LinearLayout, "Battery 100 percent.").
Views that take no room (the empty notification icon area, the cutout space, GONE
icons) do not show in a dump, as on a device.

Content descriptions sit where System UI sets them: on ``wifi_combo`` ("Wifi signal
full."), on ``mobile_combo`` ("Phone signal full.") with the data type ("LTE") on
``mobile_type``, on the airplane and Do Not Disturb icons ("Airplane mode.", "Do Not
Disturb"). The Bluetooth icon shows only while a device is connected, which the
virtual phone never has, so it never shows.

Icons are Material Symbols glyphs, the clock Roboto medium at 14 sp; both are tinted
as System UI tints them: dark (``#99000000``) over a light bar, white over a dark one.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING

from droidhub.android.phone import PIXEL_6
from droidhub.virtual.hierarchy import Node
from droidhub.virtual.views.frame import FrameLayout
from droidhub.virtual.views.linear import LinearLayout
from droidhub.virtual.views.measure import DENSITY, MATCH_PARENT, Gravity, MeasureSpec, sp
from droidhub.virtual.views.view import GONE, VISIBLE, View
from droidhub.virtual.views.widgets import ImageView, TextView

if TYPE_CHECKING:
    from droidhub.virtual.phone import VirtualPhone
    from droidhub.virtual.views.paint import Painter

__all__ = ["SYSTEM_UI", "StatusBar", "status_bar_window"]

#: The bar's height in dp (the Pixel 6's, its camera cutout included).
HEIGHT_DP = PIXEL_6.status_bar / DENSITY
#: ``status_bar_system_icon_size`` as the emulator draws the system icons.
ICON_DP = 18
#: ``status_bar_clock_size``.
CLOCK_SP = 14
#: Where the bar's content starts and ends (the status bar paddings plus the Pixel's
#: rounded-corner content padding).
PADDING_START_DP, PADDING_END_DP = 24, 20
#: System UI's icon tints: ``dark_mode_icon_color_single_tone`` over a light bar,
#: ``light_mode_icon_color_single_tone`` over a dark one.
DARK_INK, LIGHT_INK = "#99000000", "#FFFFFFFF"

WIFI_FULL = "Wifi signal full."
PHONE_FULL = "Phone signal full."
AIRPLANE = "Airplane mode."
DND = "Do Not Disturb"


SYSTEM_UI = "com.android.systemui"


def spoken_time(clock: str) -> str:
    """The clock's content-desc as SystemUI sets it: ``15:34`` is ``3:34 PM``."""
    hours, _, minutes = clock.partition(":")
    if not (hours.isdigit() and minutes.isdigit()):
        return ""
    hour = int(hours)
    return f"{(hour - 1) % 12 + 1}:{minutes} {'AM' if hour < 12 else 'PM'}"


def navigation_bar_node() -> Node:
    """The gesture navigation bar at the bottom as a dump node (its handle is drawn,
    not tappable)."""
    width, height = PIXEL_6.width, PIXEL_6.height
    return Node(
        "android.widget.FrameLayout",
        SYSTEM_UI,
        (0, height - PIXEL_6.navigation_bar, width, height),
        resource_id=f"{SYSTEM_UI}:id/navigation_bar_frame",
    )


@dataclass(frozen=True)
class StatusBar:
    """What the status bar shows: the clock (``HH:MM``, 24 h as AndroidWorld sets the
    phone), the Wi-Fi and mobile signals, the mobile data type while mobile data
    carries the traffic, airplane mode, Do Not Disturb and the battery level. The
    defaults are a fresh phone's."""

    clock: str
    wifi: bool = True
    mobile: bool = True
    data_type: str = ""
    airplane: bool = False
    dnd: bool = False
    battery: int = 100

    @classmethod
    def of(cls, phone: VirtualPhone) -> StatusBar:
        """The bar ``phone`` shows now: its clock; Wi-Fi while ``global wifi_on`` is 1;
        the cell signal unless ``airplane_mode_on`` is 1, with "LTE" while Wi-Fi is off
        and ``mobile_data`` is 1 (on Wi-Fi, Android shows no data type); Do Not Disturb
        while ``zen_mode`` is not 0; the battery full, as ``dumpsys battery`` says."""

        def setting(key: str) -> str:
            return phone.settings.get("global", key) or "0"

        airplane, wifi = setting("airplane_mode_on") == "1", setting("wifi_on") == "1"
        carries = not airplane and not wifi and setting("mobile_data") == "1"
        return cls(
            clock=f"{phone.now():%H:%M}",
            wifi=wifi,
            mobile=not airplane,
            data_type="LTE" if carries else "",
            airplane=airplane,
            dnd=setting("zen_mode") != "0",
        )

    @property
    def battery_description(self) -> str:
        """BatteryMeterView's content description."""
        return f"Battery {self.battery} percent."


def is_light(colour: str) -> bool:
    """Whether ``#RRGGBB`` / ``#AARRGGBB`` is light enough for dark icons over it."""
    digits = colour.lstrip("#")[-6:]
    red, green, blue = (int(digits[i : i + 2], 16) / 255 for i in (0, 2, 4))
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue > 0.5


class DataTypeView(ImageView):
    """``mobile_type``: the network type ("LTE") System UI draws as a small glyph; an
    ImageView whose content description is the type."""

    def draw_content(self, painter: Painter) -> None:
        """The type's letters, bold and small, centred in the view."""
        painter.text([self.content_desc], self.bounds, sp(11), self.tint, True, Gravity.CENTER)


def _icon(id: str, icon: str, ink: str, content_desc: str = "", shown: bool = True) -> ImageView:
    return ImageView(
        id, icon, tint=ink, icon_size=ICON_DP, filled=True, content_desc=content_desc,
        visibility=VISIBLE if shown else GONE, layout_gravity=Gravity.CENTER_VERTICAL,
    )  # fmt: skip


def _signal_combo(
    combo_id: str, group_id: str, description: str, shown: bool, *group: View
) -> View:
    """A signal view as StatusBarWifiView and StatusBarMobileView inflate it: the combo
    ``combo_id``, spoken as ``description`` and gone unless ``shown``, holding the
    vertically centred row ``group_id`` of ``group``."""
    return FrameLayout(
        combo_id,
        LinearLayout(group_id, *group, gravity=Gravity.CENTER_VERTICAL, height=MATCH_PARENT),
        content_desc=description,
        visibility=VISIBLE if shown else GONE,
        height=MATCH_PARENT,
        margin=(0, 0, 2, 0),
    )


def _wifi(bar: StatusBar, ink: str) -> View:
    """``wifi_combo`` (StatusBarWifiView) > ``wifi_group`` > ``wifi_combo`` >
    ``wifi_signal``, spoken on the outer combo."""
    signal = FrameLayout("wifi_combo", _icon("wifi_signal", "wifi", ink), height=MATCH_PARENT)
    return _signal_combo("wifi_combo", "wifi_group", WIFI_FULL, bar.wifi, signal)


def _mobile(bar: StatusBar, ink: str) -> View:
    """``mobile_combo`` (StatusBarMobileView) > ``mobile_group`` > the data type and a
    frame holding ``mobile_signal``."""
    data_type = DataTypeView(
        "mobile_type", tint=ink, width=20, height=MATCH_PARENT, content_desc=bar.data_type,
        visibility=VISIBLE if bar.data_type else GONE,
    )  # fmt: skip
    signal = FrameLayout(
        "", _icon("mobile_signal", "signal_cellular_4_bar", ink), height=MATCH_PARENT
    )
    return _signal_combo("mobile_combo", "mobile_group", PHONE_FULL, bar.mobile, data_type, signal)


def _start_side(bar: StatusBar, ink: str) -> View:
    """The clock, then the (empty) notification icon area."""
    clock = TextView(
        "clock", bar.clock, text_size=CLOCK_SP, text_color=ink, medium=True, max_lines=1,
        content_desc=spoken_time(bar.clock), gravity=Gravity.CENTER_VERTICAL | Gravity.START,
        padding=(0, 0, 2, 0), layout_gravity=Gravity.CENTER_VERTICAL,
    )  # fmt: skip
    except_heads_up = LinearLayout(
        "status_bar_start_side_except_heads_up",
        clock,
        FrameLayout("notification_icon_area", height=MATCH_PARENT),
        gravity=Gravity.CENTER_VERTICAL,
        height=MATCH_PARENT,
    )
    return FrameLayout(
        "status_bar_start_side_container",
        FrameLayout("status_bar_start_side_content", except_heads_up, height=MATCH_PARENT),
        width=0,
        height=MATCH_PARENT,
        weight=1,
    )


def _end_side(bar: StatusBar, ink: str) -> View:
    """``system_icon_area`` > ``system_icons`` > ``statusIcons`` and ``battery``."""
    status_icons = LinearLayout(
        "statusIcons",
        _icon("", "do_not_disturb_on", ink, DND, shown=bar.dnd),
        _wifi(bar, ink),
        _mobile(bar, ink),
        _icon("", "airplanemode_active", ink, AIRPLANE, shown=bar.airplane),
        gravity=Gravity.CENTER_VERTICAL,
        height=MATCH_PARENT,
        padding=(0, 0, 4, 0),
    )
    battery = LinearLayout(
        "battery",
        _icon("", "battery_full", ink),
        content_desc=bar.battery_description,
        gravity=Gravity.CENTER_VERTICAL,
        height=MATCH_PARENT,
    )
    system_icons = LinearLayout(
        "system_icons", status_icons, battery, gravity=Gravity.CENTER_VERTICAL,
        height=MATCH_PARENT,
    )  # fmt: skip
    return LinearLayout(
        "system_icon_area",
        system_icons,
        gravity=Gravity.CENTER_VERTICAL | Gravity.END,
        width=0,
        height=MATCH_PARENT,
        weight=1,
    )


@functools.lru_cache(maxsize=64)
def status_bar_window(bar: StatusBar, background: str = "#FFFFFFFF") -> View:
    """The status bar's window showing ``bar`` over ``background`` (the app window's
    status bar colour), measured and laid out at the top of the screen. Built once per
    bar and colour (the clock moves on a minute at a time): dumping and drawing it only
    read it."""
    ink = DARK_INK if is_light(background) else LIGHT_INK
    contents = LinearLayout(
        "status_bar_contents",
        _start_side(bar, ink),
        FrameLayout("cutout_space_view", width=0, height=MATCH_PARENT),
        _end_side(bar, ink),
        width=MATCH_PARENT,
        height=MATCH_PARENT,
        padding=(PADDING_START_DP, 0, PADDING_END_DP, 0),
    )
    status_bar = FrameLayout("status_bar", contents, width=MATCH_PARENT, height=HEIGHT_DP)
    window = FrameLayout(  # StatusBarWindowView: no id
        "",
        FrameLayout("status_bar_container", status_bar, width=MATCH_PARENT, height=MATCH_PARENT),
        width=MATCH_PARENT,
        height=HEIGHT_DP,
        background=background,
    )
    window.measure(MeasureSpec.exactly(PIXEL_6.width), MeasureSpec.exactly(PIXEL_6.status_bar))
    window.layout(0, 0)
    return window
