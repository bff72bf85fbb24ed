"""IR answers are judged as AndroidWorld judges them, answer type by answer type.

Each row is (the expectation's match type(s), the expected answer, the reply, AW's
verdict). The verdicts follow AW's ``proto_utils.check_agent_answer``: the reply is
split at commas; each part is read as the answer's type (``float()`` for numbers,
``%B %d %Y`` for dates, ``%H:%M`` for times, both for a date with a time); there must
be as many parts as answers and each part must match one answer (strings by difflib
ratio >= 0.9 ignoring case, numbers exactly or within the tolerance, dates and times
exactly). Surprises included: ``three`` is not a number, ``Oct 15`` is not a month, a
reply may name one item twice.
"""

from __future__ import annotations

import datetime as dt

import pytest

from droidhub_aw_apps.common.ir_instance import (
    cast_answers,
    check_answer,
    expected_answers,
    format_answer,
)
from droidhub_aw_apps.common.ir_spec import Expectation
from droidhub_aw_apps.common.ir_task import EVALUATORS

# (match types, expected answers as AW writes them, tolerance, reply, accepted by AW)
CASES: list[tuple[tuple[str, ...], str, float | None, str, bool]] = [
    # names and titles (STRING_MATCH): a list in any order, any case, 90 % similar
    (("string",), "Team meeting, Dentist", None, "Team meeting, Dentist", True),
    (("string",), "Team meeting, Dentist", None, "Dentist, Team meeting", True),
    (("string",), "Team meeting, Dentist", None, " dentist ,TEAM MEETING ", True),
    (("string",), "Team meeting, Dentist", None, "Team meting, Dentist", True),
    (("string",), "Team meeting, Dentist", None, "Team meeting, Team meeting", True),
    (("string",), "Team meeting, Dentist", None, "Team meeting", False),
    (("string",), "Team meeting, Dentist", None, "Team meeting, Dentist, Gym", False),
    (("string",), "Team meeting, Dentist", None, "Team meeting and Dentist", False),
    (("string",), "Team meeting, Dentist", None, "Team meeting, Doctor", False),
    (("string",), "Conference Room B", None, "conference room b", True),
    (("string",), "Conference Room B", None, "Conference Room B.", True),
    (("string",), "Conference Room B", None, "Room B", False),
    (("string",), "True", None, "true", True),
    (("string",), "True", None, "False", False),
    (("string",), "True", None, "yes", False),
    # counts and sums (NUMBER_MATCH): a plain number, equal unless a tolerance is set
    (("number",), "3", None, "3", True),
    (("number",), "3", None, "3.0", True),
    (("number",), "3", None, " 3 ", True),
    (("number",), "3", None, "three", False),
    (("number",), "3", None, "3 tasks", False),
    (("number",), "3", None, "4", False),
    (("number",), "1500", None, "1,500", False),
    (("number",), "2500", 10.0, "2509.5", True),
    (("number",), "2500", 10.0, "2491", True),
    (("number",), "2500", 10.0, "2510", False),
    # dates (DATE_MATCH): "<Month> <day> <year>"
    (("date",), "October 15 2023", None, "October 15 2023", True),
    (("date",), "October 15 2023", None, "october 15 2023", True),
    (("date",), "October 05 2023", None, "October 5 2023", True),
    (("date",), "October 15 2023", None, "Oct 15 2023", False),
    (("date",), "October 15 2023", None, "October 15", False),
    (("date",), "October 15 2023", None, "October 15, 2023", False),
    (("date",), "October 15 2023", None, "2023-10-15", False),
    # times (TIME_MATCH): "<HH>:<MM>", 24-hour
    (("time",), "14:00", None, "14:00", True),
    (("time",), "14:00", None, "14:0", True),
    (("time",), "14:00", None, "2:00pm", False),
    (("time",), "14:00", None, "14:30", False),
    # a date with a time (DATE_MATCH + TIME_MATCH): "<Month> <day> <year> <HH>:<MM>"
    (("date", "time"), "October 16 2023 14:00", None, "October 16 2023 14:00", True),
    (("date", "time"), "October 16 2023 14:00", None, "october 16 2023 14:00", True),
    (("date", "time"), "October 16 2023 14:00", None, "Oct 16 2023 14:00", False),
    (("date", "time"), "October 16 2023 14:00", None, "October 16, 2023 14:00", False),
    (("date", "time"), "October 16 2023 14:00", None, "October 16 2023 2:00 PM", False),
    (("date", "time"), "October 16 2023 14:00", None, "October 16 2023 14:30", False),
    # no answer at all
    (("string",), "Team meeting", None, "", False),
]


def _expect(matches: tuple[str, ...], tolerance: float | None) -> list[Expectation]:
    return [Expectation(value="-", match=m, tolerance=tolerance) for m in matches]  # type: ignore[arg-type]


@pytest.mark.parametrize(("matches", "truth", "tolerance", "reply", "accepted"), CASES)
def test_replies_are_judged_as_androidworld_judges_them(
    matches: tuple[str, ...], truth: str, tolerance: float | None, reply: str, accepted: bool
) -> None:
    expected = cast_answers(matches, [t.strip() for t in truth.split(",")])
    assert check_answer(reply, _expect(matches, tolerance), expected) is accepted


def test_expected_answers_come_from_the_rows_as_aw_computes_them() -> None:
    rows = [
        {"title": "Gym", "start_date": "October 16 2023", "start_time": "9:30am", "d": "2"},
        {"title": "Dentist", "start_date": "October 17 2023", "start_time": "14:00", "d": "3.5"},
    ]

    def computed(transform: str, field: str, match: str) -> list[object]:
        spec = Expectation(transform=transform, field=field, match=match)  # type: ignore[arg-type]
        return expected_answers(rows, [spec], rows_field="events")

    assert computed("identity", "title", "string") == ["Gym", "Dentist"]
    assert computed("sum", "d", "number") == [5.5]
    assert computed("count", "title", "number") == [2]
    assert computed("count", "events", "number") == [2]
    both = [
        Expectation(transform="identity", field="start_date", match="date"),
        Expectation(transform="identity", field="start_time", match="time"),
    ]
    moments = expected_answers(rows, both)
    assert moments == [dt.datetime(2023, 10, 16, 9, 30), dt.datetime(2023, 10, 17, 14, 0)]
    # The oracle's reply states them in the formats the judge reads back.
    assert format_answer(moments) == "October 16 2023 09:30, October 17 2023 14:00"
    assert check_answer(format_answer(moments), both, moments)


def test_the_ir_answer_evaluator_reads_the_agents_answer(virtual_env) -> None:
    (evaluator,) = EVALUATORS
    virtual_env.answer = None
    assert evaluator(virtual_env, expected="3", match="number") == 0.0
    virtual_env.answer = "3.0"
    assert evaluator(virtual_env, expected="3", match="number") == 1.0
    virtual_env.answer = "three"
    assert evaluator(virtual_env, expected="3", match="number") == 0.0
    virtual_env.answer = "Dentist, gym"
    assert evaluator(virtual_env, expected="Gym, Dentist", match="string") == 1.0
