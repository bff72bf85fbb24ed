"""Preference rows, as androidx.preference and Android's SettingsLib lay them out.

Apps whose settings screens are a ``PreferenceFragmentCompat`` (Android's Settings,
Markor, OpenTracks, Tasks) show each setting as one row inflated from the library's
layout; :func:`preference` declares that row, :func:`switch_preference` the same row
with a switch in its widget frame, and :func:`main_switch_bar` SettingsLib's
``MainSwitchPreference`` bar.

Facts from the layouts (SettingsLib's ``settingslib_preference.xml`` v31 and
``settingslib_main_switch_bar.xml``, androidx's ``preference.xml``): a row is a
LinearLayout, clickable, centred vertically, 48 dp tall at least, 24 dp in from each
side. It holds the ``icon_frame`` (a LinearLayout around ``android:id/icon``, GONE
when the preference has no icon), a RelativeLayout with ``android:id/title`` and
below it ``android:id/summary`` (GONE when empty), and ``android:id/widget_frame``
(a LinearLayout, GONE without a widget) whose switch is ``android:id/switch_widget``.
``icon_frame`` is declared ``@+id/icon_frame``, so its id is the app's own. Text
sizes are SettingsLib's: title 20 sp, summary 14 sp.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Unpack

from droidhub.virtual.views.linear import LinearLayout
from droidhub.virtual.views.measure import MATCH_PARENT, Gravity, MeasureSpec, dp, place
from droidhub.virtual.views.paint import Painter
from droidhub.virtual.views.relative import RelativeLayout
from droidhub.virtual.views.view import GONE, Attributes, Rules, View
from droidhub.virtual.views.widgets import SECONDARY_TEXT, ImageView, Switch, TextView

Action = Callable[[], object]

#: SettingsLib's ink: titles, summaries and the main switch bar's colours.
TITLE_INK = "#FF1F1F1F"
SUMMARY_INK = "#FF444746"
BAR_ON, BAR_OFF = "#FFD3E3FD", "#FFE3E3E3"


class PreferenceImageView(ImageView):
    """androidx's ``PreferenceImageView`` (an ``android.widget.ImageView``): the icon,
    on a ``circle`` of that colour when given (Settings' top-level entries)."""

    def __init__(
        self,
        id: str = "android:id/icon",
        icon: str = "",
        *,
        circle: str | None = None,
        tint: str = SECONDARY_TEXT,
        icon_size: float = 24,
        **attributes: Unpack[Attributes],
    ) -> None:
        super().__init__(id, icon, tint=tint, icon_size=icon_size, **attributes)
        self.circle = circle

    def draw_content(self, painter: Painter) -> None:
        """The circle filling the view, then the icon centred on it."""
        if self.circle is not None:
            size = min(self.right - self.left, self.bottom - self.top)
            x = place(Gravity.CENTER, self.left, self.right, size, horizontal=True)
            y = place(Gravity.CENTER, self.top, self.bottom, size, horizontal=False)
            painter.surface((x, y, x + size, y + size), self.circle, size // 2)
        super().draw_content(painter)


class MinSizeLinearLayout(LinearLayout):
    """A LinearLayout with ``android:minWidth`` / ``android:minHeight`` (in dp), as the
    preference layouts declare them."""

    def __init__(
        self,
        id: str = "",
        *children: View,
        min_width: float = 0,
        min_height: float = 0,
        orientation: str = "horizontal",
        gravity: int = Gravity.NONE,
        **attributes: Unpack[Attributes],
    ) -> None:
        super().__init__(id, *children, orientation=orientation, gravity=gravity, **attributes)
        self.min_width, self.min_height = dp(min_width), dp(min_height)

    def on_measure(self, width_spec: MeasureSpec, height_spec: MeasureSpec) -> tuple[int, int]:
        """The children's size, widened and heightened to the minimums."""
        width, height = super().on_measure(width_spec, height_spec)
        if height < self.min_height:
            height = height_spec.resolve(self.min_height)
            # the children were placed in less: measure them again in the taller row
            super().on_measure(width_spec, MeasureSpec.exactly(height))
        return max(width, width_spec.resolve(self.min_width)), height


def icon_frame(icon: View | None, min_width: float = 56) -> MinSizeLinearLayout:
    """SettingsLib's ``icon_frame``: the row's start, ``min_width`` dp at least, the
    icon centred vertically in it; GONE when the preference has no icon."""
    return MinSizeLinearLayout(
        "icon_frame",
        *([icon] if icon is not None else []),
        min_width=min_width,
        gravity=Gravity.START | Gravity.CENTER_VERTICAL,
        padding=(0, 4, 0, 4),
        visibility="visible" if icon is not None else GONE,
    )


def switch_widget(checked: bool, on_click: Action | None = None) -> Switch:
    """The widget frame's switch (``android:id/switch_widget``)."""
    return Switch("android:id/switch_widget", checked=checked, on_click=on_click)


def preference(
    title: str,
    summary: str = "",
    *,
    icon: View | None = None,
    widget: View | None = None,
    on_click: Action | None = None,
    enabled: bool = True,
) -> LinearLayout:
    """One preference row: ``icon`` (a :class:`PreferenceImageView`), the title and its
    summary, and ``widget`` (a switch, a checkbox) at the end; ``on_click`` runs on a
    tap anywhere on the row."""
    text = RelativeLayout(
        "",
        TextView("android:id/title", title, text_size=20, text_color=TITLE_INK, max_lines=2),
        TextView(
            "android:id/summary",
            summary,
            text_color=SUMMARY_INK,
            max_lines=10,
            rules=Rules(below="android:id/title"),
            visibility="visible" if summary else GONE,
        ),
        width=0,
        weight=1,
        padding=(0, 16, 0, 16),
    )
    frame = LinearLayout(
        "android:id/widget_frame",
        *([widget] if widget is not None else []),
        gravity=Gravity.END | Gravity.CENTER_VERTICAL,
        padding=(16, 0, 0, 0),
        height=MATCH_PARENT,
        visibility="visible" if widget is not None else GONE,
    )
    return MinSizeLinearLayout(
        "",
        icon_frame(icon),
        text,
        frame,
        gravity=Gravity.CENTER_VERTICAL,
        width=MATCH_PARENT,
        padding=(24, 0, 24, 0),
        min_height=48,
        on_click=on_click,
        enabled=enabled,
    )


def switch_preference(
    title: str, summary: str = "", *, checked: bool, on_toggle: Action, icon: View | None = None
) -> LinearLayout:
    """A row whose switch and row both flip the setting (``SwitchPreference``)."""
    return preference(
        title,
        summary,
        icon=icon,
        widget=switch_widget(checked, on_toggle),
        on_click=on_toggle,
    )


def main_switch_bar(text: str, checked: bool, on_toggle: Action) -> LinearLayout:
    """SettingsLib's ``MainSwitchBar`` ("Use Bluetooth"): a rounded bar, tinted while
    on, holding ``switch_text`` and the switch; a tap anywhere on it flips it."""
    return LinearLayout(
        "",
        MinSizeLinearLayout(
            "frame",
            TextView(
                "switch_text", text, text_size=20, text_color=TITLE_INK, max_lines=2,
                width=0, weight=1,
            ),
            switch_widget(checked, on_toggle),
            gravity=Gravity.CENTER_VERTICAL,
            width=MATCH_PARENT,
            padding=(24, 0, 16, 0),
            background=BAR_ON if checked else BAR_OFF,
            corner_radius=28,
            min_height=72,
            on_click=on_toggle,
        ),
        width=MATCH_PARENT,
        padding=(16, 16, 16, 16),
    )  # fmt: skip
