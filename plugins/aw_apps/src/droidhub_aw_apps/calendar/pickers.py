"""The date and time dialogs Simple Calendar Pro's editor opens, as Android 13 shows them.

EventActivity (6.22.2) opens the framework's DatePickerDialog in calendar mode and
TimePickerDialog in clock mode. These are built from the toolkit's widgets with the
framework's ids and texts:

- date: the header (year ``date_picker_header_year``, ``Sun, Oct 15``
  ``date_picker_header_date``), the month's title between "Previous month" and
  "Next month", one cell per day whose content-desc is ``15 October 2023`` (the
  picked one selected), Cancel and OK;
- time: the header's hour (``hours``) and minute (``minutes``), AM and PM
  (``am_label``/``pm_label``), the clock face (``radial_picker``) whose numbers'
  content-desc is the number: hours 1-12 first, then after an hour is tapped the
  minutes 0-55 in fives (as the real dial moves on to minutes), Cancel and OK.
"""

from __future__ import annotations

import calendar
import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass

from droidhub.virtual.appmodel import (
    Button,
    Column,
    Dialog,
    IconButton,
    ListRow,
    Row,
    Text,
)
from droidhub_aw_apps.calendar import ids

#: The grid's first column is Sunday (the app's default for the US locale).
_SUNDAY_FIRST = calendar.Calendar(firstweekday=6)


@dataclass
class DatePick:
    """An open date picker: the shown month and the picked day."""

    picked: dt.date
    on_set: Callable[[dt.date], None]
    on_cancel: Callable[[], None]
    shown: dt.date | None = None

    def __post_init__(self) -> None:
        self.shown = self.shown or self.picked.replace(day=1)

    def move(self, months: int) -> None:
        """Show the month ``months`` after (or before) the shown one."""
        assert self.shown is not None
        index = self.shown.year * 12 + self.shown.month - 1 + months
        self.shown = dt.date(index // 12, index % 12 + 1, 1)

    def pick(self, day: dt.date) -> None:
        """Tap on a day: it becomes the picked one."""
        self.picked = day

    def dialog(self) -> Dialog:
        """The dialog's widgets."""
        assert self.shown is not None
        shown = self.shown
        weeks = _SUNDAY_FIRST.monthdatescalendar(shown.year, shown.month)
        rows: list[Row] = []
        for week in weeks:
            cells = [self._cell(day) if day.month == shown.month else Text("") for day in week]
            rows.append(Row(cells))
        return Dialog(
            title="",
            body=[
                Text(str(self.picked.year), resource_id=ids.DATE_HEADER_YEAR),
                Text(f"{self.picked:%a, %b} {self.picked.day}", resource_id=ids.DATE_HEADER_DATE),
                Row(
                    [
                        IconButton(
                            ids.PREVIOUS_MONTH,
                            "back",
                            lambda: self.move(-1),
                            resource_id="android:id/prev",
                        ),
                        Text(f"{shown:%B %Y}"),
                        IconButton(
                            ids.NEXT_MONTH,
                            "more",
                            lambda: self.move(1),
                            resource_id="android:id/next",
                        ),
                    ]
                ),
                Row([Text(name[0]) for name in ("S", "M", "T", "W", "T", "F", "S")]),
                *rows,
            ],
            buttons=[
                Button(ids.CANCEL, self.on_cancel, style="text"),
                Button(ids.OK, lambda: self.on_set(self.picked), style="text"),
            ],
        )

    def _cell(self, day: dt.date) -> ListRow:
        return ListRow(
            str(day.day),
            on_click=lambda: self.pick(day),
            content_desc=f"{day.day:02d} {day:%B} {day.year}",
            selected=day == self.picked,
            key=f"date_picker_{day.isoformat()}",
        )


@dataclass
class TimePick:
    """An open time picker: the hour and minute so far and which the dial shows."""

    hour: int
    minute: int
    on_set: Callable[[dt.time], None]
    on_cancel: Callable[[], None]
    minutes_mode: bool = False

    def set_hour12(self, hour12: int) -> None:
        """An hour of the dial, kept in the current half of the day; the dial moves on
        to minutes."""
        pm = self.hour >= 12
        self.hour = hour12 % 12 + (12 if pm else 0)
        self.minutes_mode = True

    def set_minute(self, minute: int) -> None:
        """A minute of the dial."""
        self.minute = minute

    def set_pm(self, pm: bool) -> None:
        """AM or PM."""
        self.hour = self.hour % 12 + (12 if pm else 0)

    def dialog(self) -> Dialog:
        """The dialog's widgets."""
        hour12 = self.hour % 12 or 12
        if self.minutes_mode:
            numbers = [(str(m), lambda m=m: self.set_minute(m)) for m in range(0, 60, 5)]
        else:
            numbers = [(str(h), lambda h=h: self.set_hour12(h)) for h in (12, *range(1, 12))]
        dial = Column(
            [
                Row(
                    [
                        ListRow(label, on_click=tap, content_desc=label, key=f"dial_{label}")
                        for label, tap in numbers[row * 4 : row * 4 + 4]
                    ]
                )
                for row in range(3)
            ],
            resource_id=ids.TIME_RADIAL,
        )
        return Dialog(
            title="",
            body=[
                Row(
                    [
                        Button(
                            str(hour12),
                            lambda: setattr(self, "minutes_mode", False),
                            style="text",
                            resource_id=ids.TIME_HOURS,
                        ),
                        Text(":"),
                        Button(
                            f"{self.minute:02d}",
                            lambda: setattr(self, "minutes_mode", True),
                            style="text",
                            resource_id=ids.TIME_MINUTES,
                        ),
                        Button(
                            "AM", lambda: self.set_pm(False), style="text", resource_id=ids.TIME_AM
                        ),
                        Button(
                            "PM", lambda: self.set_pm(True), style="text", resource_id=ids.TIME_PM
                        ),
                    ]
                ),
                dial,
            ],
            buttons=[
                Button(ids.CANCEL, self.on_cancel, style="text"),
                Button(ids.OK, lambda: self.on_set(dt.time(self.hour, self.minute)), style="text"),
            ],
        )
