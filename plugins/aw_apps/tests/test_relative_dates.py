"""Date phrases resolve against the phone's clock, never the host's."""

from __future__ import annotations

import datetime as dt

import pytest

from droidhub_aw_apps.common import relative_dates
from droidhub_aw_apps.common.relative_dates import DatePhraseError, resolve

SUNDAY = dt.date(2023, 10, 15)
WEDNESDAY = dt.date(2023, 10, 18)


@pytest.mark.parametrize(
    ("phrase", "today", "expected"),
    [
        ("today", SUNDAY, SUNDAY),
        ("tomorrow", SUNDAY, dt.date(2023, 10, 16)),
        ("Tomorrow ", SUNDAY, dt.date(2023, 10, 16)),
        ("yesterday", SUNDAY, dt.date(2023, 10, 14)),
        ("the day after tomorrow", SUNDAY, dt.date(2023, 10, 17)),
        ("in two weeks", SUNDAY, dt.date(2023, 10, 29)),
        ("in two weeks from today", SUNDAY, dt.date(2023, 10, 29)),
        ("in 3 days", SUNDAY, dt.date(2023, 10, 18)),
        ("in one week", dt.date(2023, 12, 28), dt.date(2024, 1, 4)),
        ("2 days ago", SUNDAY, dt.date(2023, 10, 13)),
        ("in a week", SUNDAY, dt.date(2023, 10, 22)),
        ("a week ago", SUNDAY, dt.date(2023, 10, 8)),
        ("two weeks ago", SUNDAY, dt.date(2023, 10, 1)),
        ("this Monday", SUNDAY, dt.date(2023, 10, 16)),
        ("this Saturday", SUNDAY, dt.date(2023, 10, 21)),
        ("this Sunday", SUNDAY, SUNDAY),
        ("this monday", WEDNESDAY, dt.date(2023, 10, 23)),
        ("this Friday", WEDNESDAY, dt.date(2023, 10, 20)),
        ("next Monday", SUNDAY, dt.date(2023, 10, 23)),
        ("last Friday", SUNDAY, dt.date(2023, 10, 13)),
        ("last Sunday", SUNDAY, dt.date(2023, 10, 8)),
    ],
)
def test_phrases_resolve_from_the_given_today(
    phrase: str, today: dt.date, expected: dt.date
) -> None:
    assert resolve(phrase, today) == expected


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
