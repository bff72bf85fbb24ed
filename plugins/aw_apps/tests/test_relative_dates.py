"""Date phrases resolve against the phone's clock, never the host's."""

from __future__ import annotations

import datetime as dt

import pytest

from droidhub_aw_apps.common import relative_dates
from droidhub_aw_apps.common.relative_dates import DatePhraseError, resolve

SUNDAY = dt.date(2023, 10, 15)
WEDNESDAY = dt.date(2023, 10, 18)


# Each phrase, the day it is said on, and how many days after that day it means.
@pytest.mark.parametrize(
    ("phrase", "today", "days"),
    [
        ("today", SUNDAY, 0),
        ("tomorrow", SUNDAY, 1),
        ("Tomorrow ", SUNDAY, 1),
        ("yesterday", SUNDAY, -1),
        ("the day after tomorrow", SUNDAY, 2),
        ("in two weeks", SUNDAY, 14),
        ("in two weeks from today", SUNDAY, 14),
        ("in 3 days", SUNDAY, 3),
        ("in one week", dt.date(2023, 12, 28), 7),  # into the next year: 2024-01-04
        ("2 days ago", SUNDAY, -2),
        ("in a week", SUNDAY, 7),
        ("a week ago", SUNDAY, -7),
        ("two weeks ago", SUNDAY, -14),
        ("this Monday", SUNDAY, 1),
        ("this Saturday", SUNDAY, 6),
        ("this Sunday", SUNDAY, 0),
        ("this monday", WEDNESDAY, 5),
        ("this Friday", WEDNESDAY, 2),
        ("next Monday", SUNDAY, 8),
        ("last Friday", SUNDAY, -2),
        ("last Sunday", SUNDAY, -7),
    ],
)
def test_phrases_resolve_from_the_given_today(phrase: str, today: dt.date, days: int) -> None:
    assert resolve(phrase, today) == today + dt.timedelta(days=days)


@pytest.mark.parametrize("phrase", ["someday", "in many weeks", "this Funday", ""])
def test_unknown_phrases_are_refused_with_the_phrase_named(phrase: str) -> None:
    with pytest.raises(DatePhraseError, match="phrase"):
        resolve(phrase, SUNDAY)


def test_weekday_names_and_timestamps() -> None:
    assert relative_dates.weekday_name(SUNDAY) == "Sunday"
    ts = relative_dates.at_hour(dt.date(2023, 10, 16), 9, dt.UTC)
    assert ts == int(dt.datetime(2023, 10, 16, 9, tzinfo=dt.UTC).timestamp())
    plus_two = dt.timezone(dt.timedelta(hours=2))
    assert relative_dates.at_hour(dt.date(2023, 10, 16), 9, plus_two) == ts - 2 * 3600
    assert relative_dates.local_datetime(ts, dt.UTC).hour == 9


def test_the_reference_clock_is_androidworlds_sunday() -> None:
    assert relative_dates.REFERENCE_NOW.date() == SUNDAY
    assert relative_dates.weekday_name(relative_dates.REFERENCE_NOW.date()) == "Sunday"


def test_today_comes_from_the_phone_clock(virtual_env, virtual_phone) -> None:  # type: ignore[no-untyped-def]
    assert relative_dates.device_today(virtual_env.device) == SUNDAY
    virtual_phone.set_time(dt.datetime(2024, 2, 28, 10, 0, tzinfo=dt.UTC))
    today = relative_dates.device_today(virtual_env.device)
    assert today == dt.date(2024, 2, 28)
    assert resolve("tomorrow", today) == dt.date(2024, 2, 29)
