"""The framework's calendar-mode ``DatePicker``, as a dump and the screen show it.

``android.widget.DatePicker`` (``date_picker_material.xml``): a header with the picked
day's year and date, then ``date_picker_day_picker`` holding the month pager (its page a
``SimpleMonthView``, whose days are the virtual views of its touch helper, each
``android.view.View`` with the day's number as text and "15 October 2023" as its
description) and the previous/next month arrows. Apps set only its colours and what a
tap does; Simple Calendar shows it in a dialog, OpenTracks inside its filter dialog.
"""

from __future__ import annotations

import calendar
import datetime as dt
import functools
from collections.abc import Callable
from typing import ClassVar, Unpack

from droidhub.virtual.views.frame import FrameLayout
from droidhub.virtual.views.linear import VERTICAL, LinearLayout
from droidhub.virtual.views.measure import MATCH_PARENT, Gravity, MeasureSpec, dp, sp
from droidhub.virtual.views.paint import Painter
from droidhub.virtual.views.view import Attributes, View, ViewGroup
from droidhub.virtual.views.widgets import ImageButton, TextView

#: The month arrows' descriptions (date_picker_prev/next_month_button).
PREVIOUS_MONTH, NEXT_MONTH = "Previous month", "Next month"
#: The grid's first column is Sunday (the US locale's).
_SUNDAY_FIRST = calendar.Calendar(firstweekday=6)


class DatePicker(LinearLayout):
    """``android.widget.DatePicker``."""

    class_name: ClassVar[str] = "android.widget.DatePicker"


class DayPickerPager(FrameLayout):
    """The picker's month pager (``com.android.internal.widget.ViewPager``)."""

    class_name: ClassVar[str] = "com.android.internal.widget.ViewPager"


class DayCell(TextView):
    """A day of :class:`SimpleMonthView`: a virtual view (``android.view.View``)."""

    class_name: ClassVar[str] = "android.view.View"


class SimpleMonthView(ViewGroup):
    """The framework's ``SimpleMonthView`` (``android.view.View``): the month's title and
    the weekday letters drawn, then its days in seven columns from Sunday, 40 dp rows."""

    class_name: ClassVar[str] = "android.view.View"
    TITLE, LETTERS, CELL = 56, 32, 40

    def __init__(self, month: dt.date, *days: View, title_ink: str, letter_ink: str) -> None:
        super().__init__("", *days, width=MATCH_PARENT)
        self.month = month
        self.title_ink, self.letter_ink = title_ink, letter_ink

    def on_measure(self, width_spec: MeasureSpec, height_spec: MeasureSpec) -> tuple[int, int]:
        """The width given; the title, letters and six rows tall."""
        width = width_spec.resolve(dp(7 * self.CELL))
        for child in self.children:
            child.measure(MeasureSpec.exactly(width // 7), MeasureSpec.exactly(dp(self.CELL)))
        return width, dp(self.TITLE + self.LETTERS + 6 * self.CELL)

    def on_layout(self) -> None:
        """Day ``n`` in its weekday's column, row by row."""
        cell = (self.right - self.left) // 7
        top = self.top + dp(self.TITLE + self.LETTERS)
        first = (self.month.weekday() + 1) % 7
        for index, child in enumerate(self.children, start=first):
            child.layout(self.left + index % 7 * cell, top + index // 7 * dp(self.CELL))

    def draw_content(self, painter: Painter) -> None:
        """The month's title and the weekday letters."""
        title = (self.left, self.top, self.right, self.top + dp(self.TITLE))
        painter.text([f"{self.month:%B %Y}"], title, sp(14), self.title_ink, True, Gravity.CENTER)
        cell = (self.right - self.left) // 7
        top = self.top + dp(self.TITLE)
        for column, letter in enumerate("SMTWTFS"):
            box = (self.left + column * cell, top, self.left + (column + 1) * cell,
                   top + dp(self.LETTERS))  # fmt: skip
            painter.text([letter], box, sp(12), self.letter_ink, False, Gravity.CENTER)


def date_picker(
    id: str,
    picked: dt.date,
    shown: dt.date,
    on_pick: Callable[[dt.date], object],
    on_move: Callable[[int], object],
    *,
    accent: str,
    ink: str,
    letter_ink: str,
    earliest: dt.date = dt.date.min,
    **attributes: Unpack[Attributes],
) -> DatePicker:
    """A calendar-mode DatePicker with ``picked`` chosen, showing ``shown``'s month: a
    tap on a day calls ``on_pick`` with it (days before ``earliest`` are disabled), an
    arrow ``on_move`` with -1 or 1. ``accent`` fills the header and the picked day,
    ``ink`` is the days' and title's colour, ``letter_ink`` the weekday letters'."""

    def cell(day: dt.date) -> View:
        return DayCell(
            "", str(day.day), text_size=14, gravity=Gravity.CENTER,
            content_desc=f"{day.day:02d} {day:%B} {day.year}", selected=day == picked,
            enabled=day >= earliest, on_click=functools.partial(on_pick, day),
            text_color="#FFFFFFFF" if day == picked else ink,
            background=accent if day == picked else None, corner_radius=20,
        )  # fmt: skip

    days = [d for week in _SUNDAY_FIRST.monthdatescalendar(shown.year, shown.month)
            for d in week if d.month == shown.month]  # fmt: skip
    header = LinearLayout(
        "android:id/date_picker_header",
        TextView("android:id/date_picker_header_year", str(picked.year), text_size=16,
                 text_color="#B3FFFFFF"),
        TextView("android:id/date_picker_header_date", f"{picked:%a, %b} {picked.day}",
                 text_size=34, text_color="#FFFFFFFF"),
        orientation=VERTICAL, width=MATCH_PARENT, padding=(24, 16, 24, 16), background=accent,
    )  # fmt: skip
    month = SimpleMonthView(shown, *(cell(d) for d in days), title_ink=ink, letter_ink=letter_ink)
    pager = FrameLayout(
        "android:id/date_picker_day_picker",
        DayPickerPager("android:id/day_picker_view_pager", month, width=MATCH_PARENT),
        ImageButton("android:id/prev", "chevron_left", content_desc=PREVIOUS_MONTH,
                    on_click=functools.partial(on_move, -1)),
        ImageButton("android:id/next", "chevron_right", content_desc=NEXT_MONTH,
                    on_click=functools.partial(on_move, 1), layout_gravity=Gravity.END),
        width=MATCH_PARENT,
    )  # fmt: skip
    attributes.setdefault("width", MATCH_PARENT)
    return DatePicker(id, header, pager, orientation=VERTICAL, **attributes)
