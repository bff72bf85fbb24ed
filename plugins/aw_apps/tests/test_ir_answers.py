"""IR answers are judged as AndroidWorld judges them, answer type by answer type.

Each row is (match, truth, reply, AW's verdict). The verdicts are AW's own: every row
was run through AW's ``proto_utils.check_agent_answer`` (its comparators for
STRING_MATCH, NUMBER_MATCH with and without tolerance, DATE_MATCH + TIME_MATCH) and
the table holds what it returned, surprises included (``three`` is not a number to AW,
``Oct 16`` is not a month, a reply may repeat an item of the truth).
"""

from __future__ import annotations

import pytest

from droidhub_aw_apps.common.ir_task import EVALUATORS, answer_matches

# (match, truth, tolerance, reply, accepted by AW)
CASES: list[tuple[str, str, float, str, bool]] = [
    # names and titles (AW's STRING_MATCH): items in any order, case-blind, 90% similar
    ("list", "Team meeting, Dentist", 0, "Team meeting, Dentist", True),
    ("list", "Team meeting, Dentist", 0, "Dentist, Team meeting", True),
    ("list", "Team meeting, Dentist", 0, " dentist ,TEAM MEETING ", True),
    ("list", "Team meeting, Dentist", 0, "Team meting, Dentist", True),
    ("list", "Team meeting, Dentist", 0, "Team meeting, Team meeting", True),
    ("list", "Team meeting, Dentist", 0, "Team meeting", False),
    ("list", "Team meeting, Dentist", 0, "Team meeting, Dentist, Gym", False),
    ("list", "Team meeting, Dentist", 0, "Team meeting and Dentist", False),
    ("list", "Team meeting, Dentist", 0, "Team meeting, Doctor", False),
    ("text", "Conference Room B", 0, "conference room b", True),
    ("text", "Conference Room B", 0, "Conference Room B.", True),
    ("text", "Conference Room B", 0, "Room B", False),
    ("text", "3/4 cup", 0, "3/4 cups", True),
    ("text", "3/4 cup", 0, "0.75 cup", False),
    ("bool", "True", 0, "true", True),
    ("bool", "True", 0, "False", False),
    ("bool", "True", 0, "yes", False),
    # numbers (NUMBER_MATCH): a plain number, equal unless a tolerance is set
    ("number", "3", 0, "3", True),
    ("number", "3", 0, "3.0", True),
    ("number", "3", 0, " 3 ", True),
    ("number", "3", 0, "three", False),
    ("number", "3", 0, "3 tasks", False),
    ("number", "3", 0, "4", False),
    ("number", "1500", 0, "1,500", False),
    ("number", "2500", 10, "2509.5", True),
    ("number", "2500", 10, "2491", True),
    ("number", "2500", 10, "2510", False),
    # dates with times (DATE_MATCH + TIME_MATCH): "<Month> <day> <year> <HH>:<MM>"
    ("datetime", "October 16 2023 14:00", 0, "October 16 2023 14:00", True),
    ("datetime", "October 16 2023 14:00", 0, "october 16 2023 14:00", True),
    ("datetime", "October 16 2023 14:00", 0, "October 16 2023 14:0", True),
    ("datetime", "October 16 2023 14:00", 0, "Oct 16 2023 14:00", False),
    ("datetime", "October 16 2023 14:00", 0, "October 16, 2023 14:00", False),
    ("datetime", "October 16 2023 14:00", 0, "October 16 2023 2:00 PM", False),
    ("datetime", "October 16 2023 14:00", 0, "October 16 2023 14:30", False),
    ("datetime", "October 16 2023 14:00", 0, "2023-10-16 14:00", False),
    # no answer at all
    ("list", "Team meeting", 0, "", False),
]


@pytest.mark.parametrize(("match", "truth", "tolerance", "reply", "accepted"), CASES)
def test_replies_are_judged_as_androidworld_judges_them(
    match: str, truth: str, tolerance: float, reply: str, accepted: bool
) -> None:
    assert answer_matches(reply, truth, match, tolerance) is accepted


def test_the_ir_answer_evaluator_reads_the_agents_answer(virtual_env) -> None:
    (evaluator,) = EVALUATORS
    virtual_env.answer = None
    assert evaluator(virtual_env, expected="3", match="number") == 0.0
    virtual_env.answer = "3.0"
    assert evaluator(virtual_env, expected="3", match="number") == 1.0
    virtual_env.answer = "three"
    assert evaluator(virtual_env, expected="3", match="number") == 0.0
