"""The date and time dialogs Simple Calendar Pro opens, as Android 13 shows them.

EventActivity (6.22.2) opens the framework's ``DatePickerDialog`` (calendar mode, in
the system theme's ``MyDateTimePickerMaterialTheme``) and, since the app follows the
system theme on Android 12 and later, Material's ``MaterialTimePicker`` in clock mode
(``setupStartTime``: ``INPUT_MODE_CLOCK``, 12-hour format). "Go to date" in the main
menu opens the app's ``date_picker_light`` (a spinner-mode ``DatePicker``) in an alert
dialog with OK and Cancel.

- date (framework ``date_picker_material``): the header (``date_picker_header_year``,
  ``date_picker_header_date`` as ``Sun, Oct 15``), ``prev``/``next`` ("Previous
  month", "Next month") and the month's days, each a virtual ``android.view.View``
  whose text is the day and whose content-desc is ``15 October 2023`` (the picked one
  selected), then Cancel (``button2``) and OK (``button1``);
- time (Material's ``material_timepicker_dialog``): ``header_title`` "Select time",
  the hour and minute chips (``material_hour_tv``, ``material_minute_tv``), AM and PM
  (``material_clock_period_am_button``/``pm_button`` in the "Select AM or PM" toggle),
  the clock face (``material_clock_face``) whose numbers are TextViews ("12", "1"...
  with content-desc "12 o'clock"; after an hour is picked the face moves on to the
  minutes "00".."55", content-desc "00 minutes"), the keyboard mode button, Cancel
  and OK;
- go to date: ``date_picker`` > ``pickers`` > the month, day and year NumberPickers,
  each its previous value, its ``numberpicker_input`` and its next value.
"""

from __future__ import annotations

import calendar
import datetime as dt
import functools
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from droidhub.virtual import views
from droidhub.virtual.views.measure import MeasureSpec
from droidhub.virtual.views.paint import Painter
from droidhub_aw_apps.calendar import ids
from droidhub_aw_apps.common import simple_commons as sc
from droidhub_aw_apps.common.styles import COLUMN, COLUMN_IN_ROW

#: The framework's and Material's dialog strings (OK and Cancel are theirs too).
CANCEL, OK = ids.CANCEL, ids.OK
SELECT_TIME = "Select time"
SELECT_AM_PM = "Select AM or PM"
TEXT_INPUT_MODE = "Switch to text input mode for the time input."


#: A ConstraintLayout or Material ViewGroup, laid out as a column here.
_Group = views.ViewGroupLinear


class _NumberPicker(views.LinearLayout):
    """``android.widget.NumberPicker``."""

    class_name: ClassVar[str] = "android.widget.NumberPicker"


class _Chip(views.Button):
    """Material's checkable Chip (``android.widget.CompoundButton``)."""

    class_name: ClassVar[str] = "android.widget.CompoundButton"


class _ClockFace(views.ViewGroup):
    """``ClockFaceView`` (a RadialViewGroup, ``android.view.ViewGroup``): 256 dp square,
    its numbers on a circle from 12 o'clock clockwise."""

    def on_measure(self, width_spec: MeasureSpec, height_spec: MeasureSpec) -> tuple[int, int]:
        """256 dp; each number as big as it wants."""
        for child in self.children:
            child.measure(MeasureSpec.at_most(views.dp(64)), MeasureSpec.at_most(views.dp(64)))
        return views.dp(256), views.dp(256)

    def on_layout(self) -> None:
        """The numbers around the middle, 100 dp out."""
        cx, cy = (self.left + self.right) // 2, (self.top + self.bottom) // 2
        radius = views.dp(100)
        numbers = self.children
        for i, child in enumerate(numbers):
            angle = 2 * math.pi * i / len(numbers)
            x = cx + round(radius * math.sin(angle)) - child.measured_width // 2
            y = cy - round(radius * math.cos(angle)) - child.measured_height // 2
            child.layout(x, y)

    def draw(self, painter: Painter) -> None:
        """The face's tinted disc."""
        painter.surface(self.bounds, "#FFE3E2EC", (self.right - self.left) // 2)


@dataclass
class DatePick:
    """An open DatePickerDialog: the shown month and the picked day."""

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

    def dialog(self) -> views.View:
        """The dialog's view (framework ids)."""
        assert self.shown is not None
        picker = views.date_picker(
            "android:id/datePicker", self.picked, self.shown, self.pick, self.move,
            accent=sc.PRIMARY, ink=sc.TEXT, letter_ink="#8A000000",
        )  # fmt: skip
        return views.alert_dialog(
            "",
            "",
            positive=(OK, functools.partial(self.on_set_picked)),
            negative=(CANCEL, self.on_cancel),
            custom=views.FrameLayout("android:id/custom", picker, width=views.MATCH_PARENT),
        )

    def on_set_picked(self) -> None:
        """OK: hand the picked day over."""
        self.on_set(self.picked)


@dataclass
class TimePick:
    """An open MaterialTimePicker: the hour and minute so far and which the face shows."""

    hour: int
    minute: int
    on_set: Callable[[dt.time], None]
    on_cancel: Callable[[], None]
    minutes_mode: bool = False

    def set_hour12(self, hour12: int) -> None:
        """An hour of the face, kept in the current half of the day; the face moves on
        to the minutes."""
        pm = self.hour >= 12
        self.hour = hour12 % 12 + (12 if pm else 0)
        self.minutes_mode = True

    def set_minute(self, minute: int) -> None:
        """A minute of the face."""
        self.minute = minute

    def set_pm(self, pm: bool) -> None:
        """AM or PM."""
        self.hour = self.hour % 12 + (12 if pm else 0)

    def show_minutes(self, minutes: bool) -> None:
        """A tap on a chip: the face shows hours or minutes."""
        self.minutes_mode = minutes

    def confirm(self) -> None:
        """OK: hand the time over."""
        self.on_set(dt.time(self.hour, self.minute))

    def dialog(self) -> views.View:
        """The dialog's view (Material's ids, in the app's package)."""
        hour12 = self.hour % 12 or 12
        chips = views.LinearLayout(
            "material_clock_display",
            self._chip(ids.TIME_HOURS, str(hour12), not self.minutes_mode, False),
            views.TextView("", ":", text_size=57, text_color=sc.TEXT, gravity=views.Gravity.CENTER,
                           width=24, height=80),
            self._chip(ids.TIME_MINUTES, f"{self.minute:02d}", self.minutes_mode, True),
            height=80,
        )  # fmt: skip
        period = views.LinearLayout(
            "material_clock_period_toggle",
            self._period(ids.TIME_AM, "AM", self.hour < 12),
            self._period(ids.TIME_PM, "PM", self.hour >= 12),
            orientation=views.VERTICAL, content_desc=SELECT_AM_PM, margin=(12, 0, 0, 0),
        )  # fmt: skip
        if self.minutes_mode:
            labels = [(f"{m:02d}", f"{m:02d} minutes", m) for m in range(0, 60, 5)]
            numbers = [
                self._number(text, desc, functools.partial(self.set_minute, value))
                for text, desc, value in labels
            ]
        else:
            numbers = [
                self._number(str(h), f"{h} o'clock", functools.partial(self.set_hour12, h))
                for h in (12, *range(1, 12))
            ]
        face = _ClockFace(ids.TIME_FACE, *numbers, margin=(0, 36, 0, 0))
        picker = _Group(
            "material_timepicker_view",
            views.LinearLayout("", chips, period),
            face,
            orientation=views.VERTICAL, gravity=views.Gravity.CENTER_HORIZONTAL,
            margin=(24, 20, 24, 24),
        )  # fmt: skip
        buttons = views.LinearLayout(
            "",
            _text_button(
                "material_timepicker_mode_button", "", None, content_desc=TEXT_INPUT_MODE
            ),
            views.View(width=0, height=0, weight=1),
            _text_button(ids.TIME_CANCEL, CANCEL, self.on_cancel),
            _text_button(ids.TIME_OK, OK, self.confirm),
            width=views.MATCH_PARENT, padding=(12, 0, 8, 2),
        )  # fmt: skip
        return _Group(
            "",
            views.TextView(
                "header_title", SELECT_TIME, text_size=12, medium=True, text_color=sc.TEXT,
                margin=(24, 16, 0, 0),
            ),
            picker,
            buttons,
            **COLUMN, background=sc.BACKGROUND,
            corner_radius=28, elevation=6,
        )  # fmt: skip

    def _chip(self, id: str, text: str, checked: bool, minutes: bool) -> views.Button:
        chip = _Chip(
            id, text, width=96, height=80, checkable=True, checked=checked,
            background="#FFDDE3FF" if checked else "#FFE3E2EC", corner_radius=8,
            on_click=functools.partial(self.show_minutes, minutes),
        )  # fmt: skip
        chip.text_px, chip.text_color, chip.all_caps = round(views.dp(57) * 0.8), sc.TEXT, False
        return chip

    def _period(self, id: str, text: str, checked: bool) -> views.Button:
        button = views.Button(
            id, text, width=52, height=40, padding=0, checkable=True, checked=checked,
            background="#FFFFD8E4" if checked else None,
            on_click=functools.partial(self.set_pm, text == "PM"),
        )  # fmt: skip
        button.text_color, button.all_caps = sc.TEXT, False
        return button

    @staticmethod
    def _number(text: str, desc: str, on_click: Callable[[], None]) -> views.TextView:
        return views.TextView(
            "", text, text_size=16, text_color=sc.TEXT, padding=16, content_desc=desc,
            on_click=on_click,
        )  # fmt: skip


def _text_button(
    id: str, text: str, action: Callable[[], object] | None, content_desc: str = ""
) -> views.Button:
    button = views.Button(
        id, text, on_click=action, padding=(8, 6, 8, 6), content_desc=content_desc
    )
    button.text_color, button.all_caps = sc.PRIMARY, False
    return button


@dataclass
class GoToDate:
    """The main menu's "Go to date" dialog: a spinner DatePicker on a day."""

    day: dt.date
    on_set: Callable[[dt.date], None]
    on_cancel: Callable[[], None]

    def step(self, field: str, by: int) -> None:
        """A tap on a picker's previous or next value."""
        day = self.day
        if field == "day":
            length = calendar.monthrange(day.year, day.month)[1]
            self.day = day.replace(day=(day.day - 1 + by) % length + 1)
        elif field == "month":
            month = (day.month - 1 + by) % 12 + 1
            length = calendar.monthrange(day.year, month)[1]
            self.day = day.replace(month=month, day=min(day.day, length))
        else:
            length = calendar.monthrange(day.year + by, day.month)[1]
            self.day = day.replace(year=day.year + by, day=min(day.day, length))

    def confirm(self) -> None:
        """OK: go to the day."""
        self.on_set(self.day)

    def dialog(self) -> views.View:
        """``date_picker_light`` in the app's alert dialog."""
        day = self.day
        near = {
            "month": [f"{dt.date(2000, (day.month - 1 + k) % 12 + 1, 1):%b}" for k in (-1, 0, 1)],
            "day": [
                str((day.day - 1 + k) % calendar.monthrange(day.year, day.month)[1] + 1)
                for k in (-1, 0, 1)
            ],
            "year": [str(day.year + k) for k in (-1, 0, 1)],
        }
        pickers = [
            _NumberPicker(
                f"android:id/{field}",
                _spin(values[0], functools.partial(self.step, field, -1)),
                views.EditText(
                    "android:id/numberpicker_input", values[1], width=views.MATCH_PARENT
                ),
                _spin(values[2], functools.partial(self.step, field, 1)),
                **COLUMN_IN_ROW,
                margin=(8, 0, 8, 0),
            )
            for field, values in near.items()
        ]
        picker = views.DatePicker(
            "date_picker",
            views.LinearLayout("android:id/pickers", *pickers, width=views.MATCH_PARENT),
            width=views.MATCH_PARENT,
            padding=(16, 16, 16, 0),
        )
        return views.alert_dialog(
            "",
            "",
            positive=(OK, self.confirm),
            negative=(CANCEL, self.on_cancel),
            package_ids=True,
            custom=picker,
        )


def _spin(text: str, on_click: Callable[[], None]) -> views.Button:
    button = views.Button("", text, on_click=on_click, width=views.MATCH_PARENT, padding=0)
    button.text_color, button.all_caps = "#61000000", False
    return button
