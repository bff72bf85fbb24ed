"""The launcher's views (:mod:`droidhub.virtual.launcher`): its icons, the workspace's
pages and the dock, and all apps' search box, with the measures and colours of a real
Pixel launcher's dump (1080x2400) that they are drawn with."""

from __future__ import annotations

import colorsys
import zlib
from typing import ClassVar, Unpack

from droidhub.virtual.views import (
    EditText,
    FrameLayout,
    Gravity,
    LinearLayout,
    TextView,
    View,
    dp,
    sp,
)
from droidhub.virtual.views import text as fonts
from droidhub.virtual.views.measure import DENSITY, UNSPECIFIED, MeasureSpec, place
from droidhub.virtual.views.paint import Painter
from droidhub.virtual.views.view import Attributes, ViewGroup

#: The home screen's wallpaper and the ink of labels and the At a Glance date on it.
WALLPAPER = "#FFDCE4EC"
INK = "#FF1F1F1F"
COLUMNS, ROWS = 4, 5
#: Apps the dock holds, in its order, when installed (package names).
DOCK = (
    "com.google.android.dialer",
    "com.simplemobiletools.smsmessenger",
    "com.android.chrome",
    "com.android.camera2",
)
#: Calendar apps the At a Glance date opens, the first installed one.
CALENDARS = ("com.google.android.calendar", "com.simplemobiletools.calendar.pro")
#: The Material Symbols icon each known app's launcher icon shows (its own artwork
#: is not ours to draw); other apps show "apps".
SYMBOLS = {
    "com.android.settings": "settings",
    "com.android.camera2": "photo_camera",
    "com.android.chrome": "public",
    "com.google.android.contacts": "person",
    "com.google.android.deskclock": "schedule",
    "com.google.android.dialer": "call",
    "com.google.android.documentsui": "folder",
    "com.simplemobiletools.smsmessenger": "sms",
    "com.simplemobiletools.calendar.pro": "calendar_month",
    "com.simplemobiletools.gallery.pro": "photo_library",
    "com.simplemobiletools.draw.pro": "brush",
    "com.dimowner.audiorecorder": "mic",
    "com.flauschcode.broccoli": "restaurant_menu",
    "com.arduia.expense": "receipt_long",
    "net.gsantner.markor": "edit_note",
    "net.cozic.joplin": "note",
    "org.tasks": "checklist",
    "de.dennisguse.opentracks": "directions_run",
    "net.osmand": "map",
    "org.videolan.vlc": "play_circle",
    "code.name.monkey.retromusic": "music_note",
    "ca.zgrs.clipper": "content_paste",
}


def px(value: float) -> float:
    """``value`` device pixels of the real dump, in dp (the engine's unit)."""
    return value / DENSITY


def tone(package: str) -> str:
    """The icon's background: a hue of its own for each package, the same on every run."""
    hue = zlib.crc32(package.encode()) % 360 / 360
    red, green, blue = colorsys.hls_to_rgb(hue, 0.42, 0.62)
    return f"#FF{round(red * 255):02X}{round(green * 255):02X}{round(blue * 255):02X}"


class AppIcon(TextView):
    """Launcher3's ``BubbleTextView``: an adaptive icon (a 56 dp disc and the app's
    symbol) over its label; reported as a TextView with the label as content-desc."""

    clickable_by_default: ClassVar[bool] = True
    long_clickable_by_default: ClassVar[bool] = True

    def __init__(
        self, label: str, package: str, top_padding: float, **attributes: Unpack[Attributes]
    ) -> None:
        attributes.setdefault("padding", (4, top_padding, 4, 0))
        attributes.setdefault("content_desc", label)
        super().__init__("", label, text_size=12, max_lines=1, **attributes)
        self.package = package
        self.symbol = SYMBOLS.get(package, "apps")
        self.top_padding = dp(top_padding)
        self.show_label = True

    def draw_content(self, painter: Painter) -> None:
        """The disc and symbol, then the label 8 dp under it."""
        size = dp(56)
        x = place(Gravity.CENTER, self.left, self.right, size, horizontal=True)
        y = self.top + self.top_padding
        painter.surface((x, y, x + size, y + size), tone(self.package), size // 2)
        glyph = dp(30)
        gx, gy = x + (size - glyph) // 2, y + (size - glyph) // 2
        painter.icon(self.symbol, (gx, gy, gx + glyph, gy + glyph), "#FFFFFFFF", filled=True)
        if not self.show_label:
            return
        line = fonts.ellipsize(self.text, sp(12), self.right - self.left - dp(8))
        box = (self.left, y + size + dp(8), self.right, self.bottom)
        painter.text([line], box, sp(12), INK, False, Gravity.CENTER_HORIZONTAL)


class GlanceDate(TextView):
    """At a Glance's date (``date``): a tap opens the calendar app, so it is clickable
    while one is installed."""

    def __init__(self, date: str, package: str, **attributes: Unpack[Attributes]) -> None:
        attributes.setdefault("clickable", bool(package))
        attributes.setdefault("content_desc", date)
        super().__init__("date", date, text_size=22, max_lines=1, text_color=INK, **attributes)
        self.package = package


class Workspace(FrameLayout):
    """Launcher3's ``Workspace``, a PagedView of pages side by side: reported as a
    ScrollView, scrollable (its pages, and the Discover feed to the left)."""

    class_name: ClassVar[str] = "android.widget.ScrollView"

    def scrollable(self) -> bool:
        """Always, as the real one says."""
        return True


class CellLayout(ViewGroup):
    """One page of the grid (Launcher3's ``CellLayout``): its children fill cells of
    ``cell`` dp (width, height) left to right, top to bottom."""

    def __init__(
        self,
        *children: View,
        columns: int,
        cell: tuple[float, float],
        **attributes: Unpack[Attributes],
    ) -> None:
        super().__init__("", *children, **attributes)
        self.columns, self.cell = columns, (dp(cell[0]), dp(cell[1]))

    def on_measure(self, width_spec: MeasureSpec, height_spec: MeasureSpec) -> tuple[int, int]:
        """Each child at its own size; the page as the parent says."""
        for child in self.shown():
            self.measure_child(child, UNSPECIFIED, UNSPECIFIED)
        rows = -(-len(self.shown()) // self.columns)
        left, top, right, bottom = self.padding
        return (
            width_spec.resolve(self.columns * self.cell[0] + left + right),
            height_spec.resolve(rows * self.cell[1] + top + bottom),
        )

    def on_layout(self) -> None:
        """Child ``i`` in cell ``divmod(i, columns)``, offset by its margins."""
        left, top, _, _ = self.padding
        for index, child in enumerate(self.shown()):
            row, column = divmod(index, self.columns)
            ml, mt, _, _ = child.margin
            child.layout(
                self.left + left + column * self.cell[0] + ml,
                self.top + top + row * self.cell[1] + mt,
            )


class Hotseat(FrameLayout):
    """The dock: Launcher3's ``Hotseat`` (a CellLayout), reported as a ViewGroup; its
    icons and the search pill placed by their margins."""

    class_name: ClassVar[str] = "android.view.ViewGroup"


class SearchPill(LinearLayout):
    """The hotseat's search box: a row of icons in a view reported as a FrameLayout."""

    class_name: ClassVar[str] = "android.widget.FrameLayout"


class SearchBox(EditText):
    """All apps' search box (Launcher3's ``AppsSearchContainerLayout``, an EditText): a
    rounded field with the search glyph at its start and no underline."""

    def draw_content(self, painter: Painter) -> None:
        """The text (or hint) after the glyph."""
        TextView.draw_content(self, painter)
        size = dp(24)
        x, y = self.left + dp(12), (self.top + self.bottom - size) // 2
        painter.icon("search", (x, y, x + size, y + size), "#FF5F6368")


class AllAppsContainer(FrameLayout):
    """Launcher3's all-apps container (``apps_view``), a RelativeLayout subclass."""

    class_name: ClassVar[str] = "android.widget.RelativeLayout"
