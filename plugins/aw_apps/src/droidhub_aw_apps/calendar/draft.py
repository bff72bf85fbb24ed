"""The event editor's unsaved state, changed the way Simple Calendar Pro's EventActivity
(6.22.2) changes it, and the ``events`` row it saves.

- A new event starts on the day the main screen offers (today in the current month)
  at the next full hour and ends then too (the default duration is 0 minutes).
- Changing the start date or time moves the end with it (the length is kept); changing
  the end changes only the end.
- Picking a weekly repetition repeats on the start's weekday, monthly and yearly on the
  same day; moving the start of a weekly event moves a one-weekday rule with it.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from dataclasses import dataclass, field
from typing import Any

from droidhub_aw_apps.calendar.agenda import DAY, MONTH, WEEK, YEAR

#: The reminder a new event gets (the app's default first reminder).
DEFAULT_REMINDER_MINUTES = 10
#: ``source`` of an event the app itself created.
SOURCE_SIMPLE_CALENDAR = "simple-calendar"
#: ``repeat_rule`` of monthly and yearly repetitions: the same day of the month.
REPEAT_SAME_DAY = 1

#: The repetition dialog's choices (seconds, label) in the app's order.
REPETITIONS: tuple[tuple[int, str], ...] = (
    (0, "No repetition"),
    (DAY, "Daily"),
    (WEEK, "Weekly"),
    (MONTH, "Monthly"),
    (YEAR, "Yearly"),
)


def repetition_text(seconds: int) -> str:
    """``No repetition``, ``Daily``..., ``2 weeks`` for other multiples."""
    for value, label in REPETITIONS:
        if value == seconds:
            return label
    for unit, name in ((YEAR, "year"), (MONTH, "month"), (WEEK, "week"), (DAY, "day")):
        if seconds % unit == 0:
            n = seconds // unit
            return f"{n} {name}{'s' if n != 1 else ''}"
    return f"{seconds // DAY} days"


def next_full_hour(day: dt.date, now: dt.datetime) -> dt.datetime:
    """A new event's start: ``day`` at the hour after ``now``'s, on the same day."""
    hour = now.hour + 1 if now.hour < 23 else 23
    return dt.datetime.combine(day, dt.time(hour), now.tzinfo)


@dataclass
class Draft:
    """What the editor shows and will save."""

    start: dt.datetime
    end: dt.datetime
    title: str = ""
    location: str = ""
    description: str = ""
    all_day: bool = False
    repeat_interval: int = 0
    repeat_rule: int = 0
    repeat_limit: int = 0
    reminder_minutes: int = DEFAULT_REMINDER_MINUTES
    #: The stored row being edited; None for a new event.
    row: dict[str, Any] | None = None
    #: Set when the event is stored (new id) or deleted, so the screen closes.
    done: bool = field(default=False)

    @classmethod
    def new(cls, day: dt.date, now: dt.datetime) -> Draft:
        """A new event on ``day`` (the main screen's), at the next full hour."""
        start = next_full_hour(day, now)
        return cls(start=start, end=start)

    @classmethod
    def of_row(cls, row: dict[str, Any], tz: dt.tzinfo) -> Draft:
        """The editor of a stored event."""
        return cls(
            start=dt.datetime.fromtimestamp(int(row["start_ts"]), tz),
            end=dt.datetime.fromtimestamp(int(row["end_ts"]), tz),
            title=str(row["title"]),
            location=str(row["location"]),
            description=str(row["description"]),
            all_day=bool(int(row["flags"]) & 1),
            repeat_interval=int(row["repeat_interval"]),
            repeat_rule=int(row["repeat_rule"]),
            repeat_limit=int(row["repeat_limit"]),
            reminder_minutes=int(row["reminder_1_minutes"]),
            row=dict(row),
        )

    @property
    def is_new(self) -> bool:
        """Whether saving inserts a row (else it updates ``row``)."""
        return self.row is None

    # --- changes, as EventActivity makes them ----------------------------------------
    def set_start_date(self, day: dt.date) -> None:
        """New start date; the end keeps its distance."""
        length = self.end - self.start
        self.start = self.start.replace(year=day.year, month=day.month, day=day.day)
        self._check_repeat_rule()
        self.end = self.start + length

    def set_start_time(self, when: dt.time) -> None:
        """New start time; the end keeps its distance."""
        length = self.end - self.start
        self.start = self.start.replace(hour=when.hour, minute=when.minute)
        self.end = self.start + length

    def set_end_date(self, day: dt.date) -> None:
        """New end date (the start stays)."""
        self.end = self.end.replace(year=day.year, month=day.month, day=day.day)

    def set_end_time(self, when: dt.time) -> None:
        """New end time (the start stays)."""
        self.end = self.end.replace(hour=when.hour, minute=when.minute)

    def set_repeat_interval(self, seconds: int) -> None:
        """A repetition from the dialog, with the rule the app derives for it."""
        self.repeat_interval = seconds
        if seconds == 0:
            self.repeat_limit = 0
        elif seconds % YEAR == 0 or seconds % MONTH == 0:
            self.repeat_rule = REPEAT_SAME_DAY
        elif seconds % WEEK == 0:
            self.repeat_rule = 1 << self.start.weekday()

    def _check_repeat_rule(self) -> None:
        weekly = self.repeat_interval and self.repeat_interval % WEEK == 0
        one_day = self.repeat_rule in {1 << i for i in range(7)}
        if weekly and one_day:
            self.repeat_rule = 1 << self.start.weekday()

    @property
    def end_before_start(self) -> bool:
        """The app refuses to save such an event (``end_before_start``)."""
        return self.end < self.start

    # --- saving -------------------------------------------------------------------------
    def changes(self, now: dt.datetime) -> dict[str, Any]:
        """The columns a save writes (``saveEvent``)."""
        interval = self.repeat_interval
        return {
            "start_ts": int(self.start.timestamp()),
            "end_ts": int(self.end.timestamp()),
            "title": self.title,
            "location": self.location,
            "description": self.description,
            "reminder_1_minutes": self.reminder_minutes,
            "reminder_1_type": 0,
            "repeat_interval": interval,
            "repeat_rule": self.repeat_rule if interval else 0,
            "repeat_limit": self.repeat_limit if interval else 0,
            "flags": int(self.all_day),
            "last_updated": int(now.timestamp() * 1000),
        }

    def new_row(self, now: dt.datetime, tz_name: str) -> dict[str, Any]:
        """The full row a new event is stored as."""
        return {
            **self.changes(now),
            "import_id": hashlib.md5(f"{self.title}{self.start}{now}".encode()).hexdigest(),
            "time_zone": tz_name,
            "source": SOURCE_SIMPLE_CALENDAR,
            "event_type": 1,
        }
