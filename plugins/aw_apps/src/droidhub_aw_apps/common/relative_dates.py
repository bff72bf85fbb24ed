"""Dates named relative to the phone's clock: "tomorrow", "this Sunday", "in two weeks".

A task that says "tomorrow" means the day after the *phone's* today, never the host's:
the virtual phone's clock stands at 2023-10-15 (a Sunday), as AndroidWorld sets its
emulators, and a real phone may be set elsewhere. Resolve phrases with
:func:`device_today` (or :func:`resolve` and a date you already hold)::

    day = resolve("this Friday", device_today(env.device))

Parameters are drawn before any phone is known, so generators work against
:data:`REFERENCE_NOW`, the clock AndroidWorld fixes, and tasks re-resolve the phrase
against the phone when they set up and score.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from droidhub import Device

#: The phone clock AndroidWorld fixes for every task: 2023-10-15 15:34 UTC, a Sunday.
REFERENCE_NOW = dt.datetime(2023, 10, 15, 15, 34, tzinfo=dt.UTC)

WEEKDAYS: tuple[str, ...] = (
    "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday",
)  # fmt: skip

_NUMBERS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
}  # fmt: skip

_IN_SPAN = re.compile(r"^in (\w+) (day|week)s?( from today)?$")
_AGO_SPAN = re.compile(r"^(\w+) (day|week)s? ago$")
_NAMED_DAY = re.compile(r"^(this|next|last|coming|on) (\w+)$")


class DatePhraseError(ValueError):
    """A phrase :func:`resolve` does not understand."""


def device_now(device: Device) -> dt.datetime:
    """The phone's clock, timezone-aware."""
    return device.now()


def device_today(device: Device) -> dt.date:
    """The phone's date (in the phone's own timezone)."""
    return device.now().date()


def weekday_name(day: dt.date) -> str:
    """``Monday`` ... ``Sunday``."""
    return WEEKDAYS[day.weekday()]


def _count(word: str, phrase: str) -> int:
    if word.isdigit():
        return int(word)
    if word in _NUMBERS:
        return _NUMBERS[word]
    raise DatePhraseError(
        f"unknown number {word!r} in date phrase {phrase!r}; use digits or one..twelve"
    )


def _weekday(word: str, phrase: str) -> int:
    for index, name in enumerate(WEEKDAYS):
        if word.lower() in (name.lower(), name[:3].lower()):
            return index
    raise DatePhraseError(
        f"unknown weekday {word!r} in date phrase {phrase!r}; expected one of {', '.join(WEEKDAYS)}"
    )


def this_weekday(today: dt.date, weekday: str) -> dt.date:
    """The day named ``weekday`` in the coming week: today or up to six days ahead.

    From Sunday 2023-10-15, "this Monday" is 10-16 and "this Saturday" 10-21, as
    AndroidWorld's relative-day tasks mean it.
    """
    ahead = (_weekday(weekday, weekday) - today.weekday()) % 7
    return today + dt.timedelta(days=ahead)


def absolute_date(phrase: str) -> tuple[int, int, int | None] | None:
    """(month, day, year or None) of ``October 22 2023`` or ``October 22``; None for
    any other phrase."""
    for fmt in ("%B %d %Y", "%B %d"):
        try:
            named = dt.datetime.strptime(phrase.strip(), fmt)
        except ValueError:
            continue
        return named.month, named.day, named.year if "%Y" in fmt else None
    return None


def resolve(phrase: str, today: dt.date) -> dt.date:
    """The date ``phrase`` names, counted from ``today``.

    Understands ``today``, ``tomorrow``, ``yesterday``, ``the day after tomorrow``,
    ``in N days`` / ``in N weeks`` (``from today`` optional, N in digits or words),
    ``N days ago``, ``this <weekday>`` (today or the next six days), ``next <weekday>``
    (one week after ``this``) and ``last <weekday>`` (the most recent one before today);
    and dates as AndroidWorld's questions write them: ``October 22 2023``, ``October 22``
    (in ``today``'s year).
    """
    named = absolute_date(phrase)
    if named is not None:
        month, day, year = named
        return dt.date(year or today.year, month, day)
    text = " ".join(phrase.strip().lower().split())
    simple = {"today": 0, "tomorrow": 1, "yesterday": -1, "the day after tomorrow": 2}
    if text in simple:
        return today + dt.timedelta(days=simple[text])
    if match := _IN_SPAN.match(text):
        n = _count(match.group(1), phrase)
        return today + dt.timedelta(days=n * (7 if match.group(2) == "week" else 1))
    if match := _AGO_SPAN.match(text):
        n = _count(match.group(1), phrase)
        return today - dt.timedelta(days=n * (7 if match.group(2) == "week" else 1))
    if match := _NAMED_DAY.match(text):
        which, name = match.groups()
        coming = this_weekday(today, name)
        if which == "next":
            return coming + dt.timedelta(days=7)
        if which == "last":
            back = (today.weekday() - _weekday(name, phrase)) % 7 or 7
            return today - dt.timedelta(days=back)
        return coming
    raise DatePhraseError(
        f"cannot read the date phrase {phrase!r}; use e.g. 'tomorrow', 'in two weeks', "
        "'this Sunday', 'next Monday', 'last Friday', '3 days ago' or 'October 22 2023'"
    )


def at_hour(day: dt.date, hour: int, tz: dt.tzinfo, minute: int = 0) -> int:
    """The Unix timestamp (seconds) of ``hour:minute`` on ``day`` in timezone ``tz``."""
    return int(dt.datetime(day.year, day.month, day.day, hour, minute, tzinfo=tz).timestamp())


def local_datetime(timestamp: int, tz: dt.tzinfo) -> dt.datetime:
    """A Unix timestamp (seconds) as an aware datetime in ``tz``."""
    return dt.datetime.fromtimestamp(timestamp, tz=tz)
