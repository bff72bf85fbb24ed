"""Parameters and set-up noise: drawn only from the given generator, in AndroidWorld's
value spaces, and valid for their task's Params model."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from droidhub import TaskEval
from droidhub_aw_apps import (
    audio_recorder,
    camera,
    clock,
    contacts,
    files,
    gallery,
    simple_draw,
    sms,
    system,
)
from droidhub_aw_apps.common import fake_data, fuzzy
from droidhub_aw_apps.sms.tasks import SimpleSmsReply

TASKS: list[type[TaskEval]] = [
    task
    for module in (
        system,
        clock,
        sms,
        contacts,
        files,
        camera,
        audio_recorder,
        simple_draw,
        gallery,
    )
    for task in module.TASKS
]
seeds = st.integers(min_value=0, max_value=2**32 - 1)


def test_thirty_three_tasks_with_distinct_names() -> None:
    assert len(TASKS) == 33
    assert len({t.name for t in TASKS}) == 33


@settings(max_examples=25, deadline=None)
@given(seed=seeds)
def test_params_are_deterministic_valid_and_render_the_goal(seed: int) -> None:
    state = random.getstate()
    for cls in TASKS:
        first = cls.generate_random_params(random.Random(seed))
        assert first == cls.generate_random_params(random.Random(seed))
        assert cls.validate_params(first.model_dump()) == first
        goal = cls(first).goal
        assert goal.strip() and "{" not in goal
    # Only the handed-in generator is used: the global one is untouched.
    assert random.getstate() == state


@settings(max_examples=50, deadline=None)
@given(seed=seeds)
def test_value_spaces(seed: int) -> None:
    rng = random.Random(seed)
    number = fake_data.random_phone_number(rng)
    assert number.startswith("+1") and number[1:].isdigit() and len(number) == 12
    given_name, family = fake_data.random_name(rng).split(" ", 1)
    assert given_name in fake_data.GIVEN_NAMES and family in fake_data.FAMILY_NAMES
    name = fake_data.modified_file_name(rng, "resume.pdf")
    assert name.endswith(".pdf") and "resume" in name and name != "resume.pdf"
    noise = fake_data.noise_file_names(rng, "resume.pdf", ["resume.pdf", "cover_letter.pdf"])
    assert 1 <= len(noise) <= 20 and "resume.pdf" not in noise
    assert all(n.endswith(".pdf") for n in noise)


def test_setup_noise_follows_the_params() -> None:
    a = SimpleSmsReply({"number": "+15550001111", "message": "Hello, World!"})
    b = SimpleSmsReply({"number": "+15550001111", "message": "Hello, World!"})
    c = SimpleSmsReply({"number": "+15550001112", "message": "Hello, World!"})
    draws = [fake_data.setup_rng(t).random() for t in (a, b, c)]
    assert draws[0] == draws[1] != draws[2]


def test_fuzzy_matching_tolerates_small_typos_only() -> None:
    assert fuzzy.similar("Winter is coming.", "winter is coming")
    assert not fuzzy.similar("Winter is coming.", "Winter is")
    assert not fuzzy.similar(None, "x")
