"""Simple Calendar Pro's events as its screens list them: occurrences of the stored rows
in a span of time (repeating events expanded) and the app's date and time texts.

Rows are the ``events`` table's (:func:`droidhub_aw_apps.calendar.model.read_event_rows`);
times are shown in the phone's time zone. The texts follow the app's ``Formatter``
(6.22.2) with its US-English defaults: 12-hour times (``03:00 PM``), day titles
``October 15 (Sun)`` (the year added when it is not this year's), list sections
``October`` and ``15 Sunday``.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

#: Simple Calendar's repetition units in seconds (its constants.kt: MONTH is 30 days + 1 s).
DAY = 86400
WEEK = 7 * DAY
MONTH = 2592001
YEAR = 31536000


@dataclass(frozen=True)
class Occurrence:
    """One showing of an event: its row's id and texts, and its start and end."""

    event_id: int
    title: str
    location: str
    description: str
    start: dt.datetime
    end: dt.datetime
    repeating: bool


def skipped_days(row: dict[str, Any]) -> set[str]:
    """The day codes (``20231020``) a repeating row skips: its repetition exceptions,
    stored as a list (JSON, or a Kotlin list's text, which reads the same)."""
    try:
        codes = json.loads(row.get("repetition_exceptions") or "[]")
    except ValueError:
        return set()
    return {str(c) for c in codes} if isinstance(codes, list) else set()


def _starts(row: dict[str, Any], start: dt.datetime, last: dt.datetime) -> Iterator[dt.datetime]:
    """Start of each occurrence of a repeating ``row`` up to ``last`` (limit applied)."""
    interval = int(row["repeat_interval"])
    limit = int(row.get("repeat_limit") or 0)
    count = 0
    day = start.date()
    while True:
        moment = dt.datetime.combine(day, start.timetz())
        if moment > last or (limit > 0 and moment.timestamp() > limit):
            return
        if _occurs(row, start, day, interval):
            count += 1
            if limit < 0 and count > -limit:
                return
            yield moment
        day += dt.timedelta(days=1)


def _occurs(row: dict[str, Any], start: dt.datetime, day: dt.date, interval: int) -> bool:
    first = start.date()
    if interval % YEAR == 0:
        years = day.year - first.year
        return (day.month, day.day) == (first.month, first.day) and years % (interval // YEAR) == 0
    if interval % MONTH == 0:
        months = (day.year - first.year) * 12 + day.month - first.month
        return day.day == first.day and months % (interval // MONTH) == 0
    if interval % WEEK == 0:
        rule = int(row.get("repeat_rule") or 0) or 1 << first.weekday()
        monday = first - dt.timedelta(days=first.weekday())
        weeks = (day - monday).days // 7
        return bool(rule & 1 << day.weekday()) and weeks % (interval // WEEK) == 0
    return (day - first).days % max(1, interval // DAY) == 0


def occurrences(
    rows: Sequence[dict[str, Any]], first: dt.datetime, last: dt.datetime, tz: dt.tzinfo
) -> list[Occurrence]:
    """Every occurrence overlapping ``[first, last]``, in the app's list order (start,
    end, title, description)."""
    found = []
    for row in rows:
        start = dt.datetime.fromtimestamp(int(row["start_ts"]), tz)
        length = dt.timedelta(seconds=int(row["end_ts"]) - int(row["start_ts"]))
        repeating = int(row["repeat_interval"]) > 0
        starts = _starts(row, start, last) if repeating else iter([start])
        skipped = skipped_days(row) if repeating else set()
        for moment in starts:
            if moment > last or moment + length < first or f"{moment:%Y%m%d}" in skipped:
                continue
            found.append(
                Occurrence(
                    int(row["id"]),
                    str(row["title"]),
                    str(row["location"]),
                    str(row["description"]),
                    moment,
                    moment + length,
                    repeating,
                )
            )
    return sorted(found, key=lambda o: (o.start, o.end, o.title, o.description))


def day_span(day: dt.date, tz: dt.tzinfo) -> tuple[dt.datetime, dt.datetime]:
    """A day's first and last second, as the app's ``getDayStartTS``/``getDayEndTS``."""
    start = dt.datetime.combine(day, dt.time(), tz)
    return start, start + dt.timedelta(seconds=DAY - 1)


# --- texts ---------------------------------------------------------------------------------
def time_text(moment: dt.datetime | dt.time) -> str:
    """``03:00 PM`` (the app's 12-hour pattern ``hh:mm a``)."""
    return moment.strftime("%I:%M %p")


def _year_suffix(day: dt.date, today: dt.date) -> str:
    return "" if day.year == today.year else f" {day.year}"


def day_title(day: dt.date, today: dt.date, weekday: bool = True) -> str:
    """``October 15 (Sun)``: the editor's dates and the day view's title."""
    text = f"{day:%B} {day.day}{_year_suffix(day, today)}"
    return f"{text} ({day:%a})" if weekday else text


def month_title(day: dt.date, today: dt.date) -> str:
    """``October`` (``October 2024`` in another year): the month view's title and the
    event list's month sections."""
    return f"{day:%B}{_year_suffix(day, today)}"


def day_section(day: dt.date) -> str:
    """``15 Sunday``: a day section of the event list."""
    return f"{day.day} {day:%A}"


def day_row_time(occ: Occurrence, day: dt.date, today: dt.date) -> str:
    """The day view's time line: ``03:00 PM - 04:00 PM``, days in brackets where the
    occurrence starts or ends on another day."""
    text = time_text(occ.start)
    if occ.start == occ.end:
        return text
    if occ.start.date() != day:
        text += f" ({day_title(occ.start.date(), today, weekday=False)})"
    text += f" - {time_text(occ.end)}"
    if occ.end.date() != day:
        text += f" ({day_title(occ.end.date(), today, weekday=False)})"
    return text


def list_row_time(occ: Occurrence) -> str:
    """The event list's time line: ``03:00 PM - 04:00 PM`` (``(16 Monday)`` after the
    end when it falls on another day)."""
    text = time_text(occ.start)
    if occ.start != occ.end:
        text += f" - {time_text(occ.end)}"
        if occ.end.date() != occ.start.date():
            text += f" ({day_section(occ.end.date())})"
    return text
