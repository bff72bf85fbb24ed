"""Simple Calendar Pro's tasks: add an event (on a date, a relative day, tomorrow, in two
weeks, repeating) and delete events.

Dates relative to today ("tomorrow", "this Friday", "in two weeks") are resolved
against the phone's clock (:mod:`droidhub_aw_apps.common.relative_dates`) when a task sets up
and when it scores.
"""

from __future__ import annotations

import datetime as dt
import random
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import BaseModel, ConfigDict

from droidhub_aw_apps.calendar.model import (
    EVENTS,
    REPEAT_INTERVALS,
    CalendarEvent,
    random_event,
    random_noise_events,
    random_october_ts,
    weekly_repeat_rule,
)
from droidhub_aw_apps.common import relative_dates
from droidhub_aw_apps.common.relative_dates import REFERENCE_NOW
from droidhub_aw_apps.common.sqlite_rows import (
    ROWS_MATCH,
    AddRowsTask,
    DeleteRowsTask,
    Row,
    RowsTask,
    Table,
    db_footprint,
)

if TYPE_CHECKING:
    from droidhub import Device, Env


EVALUATORS = (ROWS_MATCH,)


# --- tasks -----------------------------------------------------------------------------


class EventParams(BaseModel):
    """An event to create or delete, as AndroidWorld's calendar tasks describe it.

    ``row_objects`` are the target events, ``noise_row_objects`` the others set up.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    year: int
    month: int
    day: int
    hour: int
    duration_mins: int
    event_title: str
    event_description: str
    row_objects: list[CalendarEvent]
    noise_row_objects: list[CalendarEvent]


class RepeatingEventParams(EventParams):
    """A recurring event: ``repeat_rule`` is ``daily`` or ``weekly``."""

    repeat_rule: str


class DayParams(BaseModel):
    """Every event of one day is to be deleted."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    year: int
    month: int
    day: int
    row_objects: list[CalendarEvent]
    noise_row_objects: list[CalendarEvent]


class RelativeDayParams(DayParams):
    """Every event of "this <day_of_week>" is to be deleted."""

    day_of_week: str


#: Calendar tasks write the events database only.
_FOOTPRINT = db_footprint(EVENTS)


def _phone_tz(device: Device) -> dt.tzinfo:
    return device.now().tzinfo or dt.UTC


class _CalendarTask(RowsTask):
    """What every calendar task shares: the table and the app."""

    table: ClassVar[Table] = EVENTS
    app_names: ClassVar[tuple[str, ...]] = ("simple calendar pro",)


def _event_params(event: CalendarEvent, noise: list[CalendarEvent], **extra: Any) -> dict[str, Any]:
    start = event.start()
    return {
        "year": start.year,
        "month": start.month,
        "day": start.day,
        "hour": start.hour,
        "duration_mins": event.duration_mins,
        "event_title": event.title,
        "event_description": event.description,
        "row_objects": [event],
        "noise_row_objects": noise,
        **extra,
    }


def _one_event_template(when: str) -> str:
    """The goal template of AndroidWorld's one-event tasks, ``when`` naming the day
    (``on {year}-{month}-{day}``, ``for tomorrow``...)."""
    return (
        "In Simple Calendar Pro, create a calendar event " + when + " at {hour}h with the "
        "title '{event_title}' and the description '{event_description}'. The event should "
        "last for {duration_mins} mins."
    )


class SimpleCalendarAddOneEvent(_CalendarTask, AddRowsTask):
    """Create one event on an absolute date; the noise events stay."""

    template = _one_event_template("on {year}-{month}-{day}")
    complexity = 3.4
    difficulty = "hard"
    tags: ClassVar[tuple[str, ...]] = ("data_entry", "complex_ui_understanding", "parameterized")
    Params: ClassVar[type[BaseModel]] = EventParams
    footprint = _FOOTPRINT
    compare = (
        "start_ts", "end_ts", "title", "location", "description", "repeat_rule",
        "repeat_interval",
    )  # fmt: skip
    free_text = ("title", "location", "description")
    #: Days of October 2023 the target may fall on (AndroidWorld: today to the 31st).
    first_day: ClassVar[int] = REFERENCE_NOW.day
    last_day: ClassVar[int] = 31
    #: The date phrase of the goal, resolved against the phone's clock; None: absolute.
    phrase: ClassVar[str | None] = None

    @classmethod
    def random_target(cls, rng: random.Random) -> CalendarEvent:
        """The event to create."""
        return random_event(rng, random_october_ts(rng, cls.first_day, cls.last_day))

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> BaseModel:
        """A target event and 0-20 noise events with other titles."""
        event = cls.random_target(rng)
        noise = random_noise_events(rng, rng.randint(0, 20), targets=[event])
        return cls.Params(**_event_params(event, noise, **cls.extra_params(event)))

    @classmethod
    def extra_params(cls, event: CalendarEvent) -> dict[str, Any]:
        """Parameters beyond :class:`EventParams` (the weekday...)."""
        del event
        return {}

    def phrase_text(self) -> str | None:
        """The relative date phrase of this instance, if any."""
        return self.phrase

    def target_rows(self, env: Env) -> list[Row]:
        """The target event, moved to the day the phrase names on this phone."""
        events: list[CalendarEvent] = list(self.params.row_objects)
        phrase = self.phrase_text()
        if phrase is not None:
            tz = _phone_tz(env.device)
            day = relative_dates.resolve(phrase, env.device.now().date())
            events = [e.on_day(day, tz) for e in events]
        return [e.row() for e in events]

    def noise_rows(self, env: Env) -> list[Row]:
        """The noise events as drawn."""
        del env
        return [e.row() for e in self.params.noise_row_objects]


class SimpleCalendarAddOneEventRelativeDay(SimpleCalendarAddOneEvent):
    """Create one event on "this <weekday>" (Monday to Saturday after Sunday the 15th).

    The weekday is no param, as in AndroidWorld, whose generator draws none: the goal
    names the target event's weekday.
    """

    template = _one_event_template("for this {day_of_week}")
    difficulty = "easy"
    tags: ClassVar[tuple[str, ...]] = ("data_entry", "parameterized")
    first_day = REFERENCE_NOW.day + 1
    last_day = REFERENCE_NOW.day + 6

    def day_of_week(self) -> str:
        """The target event's weekday, as the goal names it."""
        return relative_dates.weekday_name(self.params.row_objects[0].start().date())

    @property
    def goal(self) -> str:
        """The template filled with the params and the target's weekday."""
        return self.template.format(**self.params.model_dump(), day_of_week=self.day_of_week())

    def phrase_text(self) -> str | None:
        """``this <weekday>``."""
        return f"this {self.day_of_week()}"


class SimpleCalendarAddOneEventTomorrow(SimpleCalendarAddOneEvent):
    """Create one event tomorrow."""

    template = _one_event_template("for tomorrow")
    difficulty = "easy"
    tags: ClassVar[tuple[str, ...]] = ("data_entry", "parameterized")
    first_day = last_day = REFERENCE_NOW.day + 1
    phrase = "tomorrow"


class SimpleCalendarAddOneEventInTwoWeeks(SimpleCalendarAddOneEvent):
    """Create one event two weeks from today."""

    template = _one_event_template("in two weeks from today")
    difficulty = "medium"
    tags: ClassVar[tuple[str, ...]] = ("data_entry", "math_counting", "parameterized")
    first_day = last_day = REFERENCE_NOW.day + 14
    phrase = "in two weeks"


class SimpleCalendarAddRepeatingEvent(SimpleCalendarAddOneEvent):
    """Create an event that recurs daily or weekly, forever."""

    template = (
        "In Simple Calendar Pro, create a recurring calendar event titled '{event_title}' "
        "starting on {year}-{month}-{day} at {hour}h. The event recurs {repeat_rule}, "
        "forever, and lasts for {duration_mins} minutes each occurrence. The event "
        "description should be '{event_description}'."
    )
    difficulty = "easy"
    tags: ClassVar[tuple[str, ...]] = ("data_entry", "complex_ui_understanding", "parameterized")
    params: RepeatingEventParams

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> BaseModel:
        """A daily or weekly event (weekly on its own weekday) and 0-20 noise events."""
        plain = cls.random_target(rng)
        interval = rng.choice(list(REPEAT_INTERVALS))
        rule = weekly_repeat_rule(plain.start().isoweekday()) if interval == "weekly" else 0
        event = plain.model_copy(
            update={"repeat_interval": REPEAT_INTERVALS[interval], "repeat_rule": rule}
        )
        noise = random_noise_events(rng, rng.randint(0, 20), targets=[event])
        return cls.Params(**_event_params(event, noise, repeat_rule=interval))


class SimpleCalendarDeleteEvents(_CalendarTask, DeleteRowsTask):
    """Delete every event of one day; twenty noise events on other days stay."""

    template = "In Simple Calendar Pro, delete all the calendar events on {year}-{month}-{day}"
    complexity = 1.4
    difficulty = "easy"
    tags: ClassVar[tuple[str, ...]] = ("parameterized", "data_edit")
    Params: ClassVar[type[BaseModel]] = DayParams
    footprint = _FOOTPRINT
    n_rows: ClassVar[int] = 3
    n_rows_noise: ClassVar[int] = 20
    first_day: ClassVar[int] = REFERENCE_NOW.day
    last_day: ClassVar[int] = 31

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> BaseModel:
        """``n_rows`` events on one day, noise on the other days."""
        day_event = random_event(rng, random_october_ts(rng, cls.first_day, cls.last_day))
        day = day_event.start().day
        events = [random_event(rng, random_october_ts(rng, day, day)) for _ in range(cls.n_rows)]
        noise = random_noise_events(rng, cls.n_rows_noise, keep=lambda e: e.start().day != day)
        extra = {"year": 2023, "month": 10, "day": day, **cls.extra_params(day_event)}
        return cls.Params(row_objects=events, noise_row_objects=noise, **extra)

    @classmethod
    def extra_params(cls, event: CalendarEvent) -> dict[str, Any]:
        """Parameters beyond the date (the weekday...)."""
        del event
        return {}

    def target_day(self, env: Env) -> dt.date | None:
        """The day to clear as the phone reads a relative phrase; None: as drawn."""
        del env
        return None

    def target_rows(self, env: Env) -> list[Row]:
        """The events of the day (moved to the phone's day for relative phrases)."""
        events: list[CalendarEvent] = list(self.params.row_objects)
        day = self.target_day(env)
        if day is not None:
            tz = _phone_tz(env.device)
            events = [e.on_day(day, tz) for e in events]
        return [e.row() for e in events]

    def noise_rows(self, env: Env) -> list[Row]:
        """The noise events (any that a relative phrase lands on are left out)."""
        noise: list[CalendarEvent] = list(self.params.noise_row_objects)
        day = self.target_day(env)
        if day is not None:
            tz = _phone_tz(env.device)
            noise = [e for e in noise if e.start(tz).date() != day]
        return [e.row() for e in noise]


class SimpleCalendarDeleteOneEvent(SimpleCalendarDeleteEvents):
    """Delete one named event; twenty noise events at other times with other titles stay."""

    template = (
        "In Simple Calendar Pro, delete the calendar event on {year}-{month}-{day} at "
        "{hour}h with the title '{event_title}'"
    )
    complexity = 1.2
    difficulty = "easy"
    tags: ClassVar[tuple[str, ...]] = ("data_edit", "complex_ui_understanding", "parameterized")
    params: EventParams

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> BaseModel:
        """One event anywhere from today to the 31st, and noise unlike it."""
        event = random_event(rng, random_october_ts(rng))
        noise = random_noise_events(
            rng,
            cls.n_rows_noise,
            keep=lambda e: e.start_ts != event.start_ts and e.title != event.title,
        )
        return cls.Params(**_event_params(event, noise))


class SimpleCalendarDeleteEventsOnRelativeDay(SimpleCalendarDeleteEvents):
    """Delete every event of "this <weekday>"."""

    template = "In Simple Calendar Pro, delete all events scheduled for this {day_of_week}."
    complexity = 1.2
    difficulty = "medium"
    tags: ClassVar[tuple[str, ...]] = ("data_edit", "parameterized")
    params: RelativeDayParams
    n_rows = 2
    first_day = REFERENCE_NOW.day + 1
    last_day = REFERENCE_NOW.day + 6

    @classmethod
    def extra_params(cls, event: CalendarEvent) -> dict[str, Any]:
        """The weekday of the day to clear."""
        return {"day_of_week": relative_dates.weekday_name(event.start().date())}

    def target_day(self, env: Env) -> dt.date | None:
        """``this <weekday>`` on the phone's clock."""
        phrase = f"this {self.params.day_of_week}"
        return relative_dates.resolve(phrase, env.device.now().date())


TASKS = (
    SimpleCalendarAddOneEvent,
    SimpleCalendarAddOneEventInTwoWeeks,
    SimpleCalendarAddOneEventRelativeDay,
    SimpleCalendarAddOneEventTomorrow,
    SimpleCalendarAddRepeatingEvent,
    SimpleCalendarDeleteEvents,
    SimpleCalendarDeleteEventsOnRelativeDay,
    SimpleCalendarDeleteOneEvent,
)
