"""The 25 information-retrieval tasks: truth, noise, matching, and end to end on a phone."""

from __future__ import annotations

import datetime as dt
import random
import re

import pytest

from droidhub import Env
from droidhub_aw_apps.common import ir_task
from droidhub_aw_apps.common.ir_task import (
    IRTask,
    Truth,
    answer_matches,
    compute_truth,
    create_state,
    date_phrase,
    holds,
    resolve_date_phrase,
)

TASKS = {cls.name: cls for cls in ir_task.TASKS}
#: AndroidWorld's phone clock, and another one on a different weekday and month.
NOW = dt.datetime(2023, 10, 15, 15, 34, tzinfo=dt.UTC)
OTHER_NOW = dt.datetime(2024, 2, 28, 9, 5, tzinfo=dt.timezone(dt.timedelta(hours=-5)))
#: Phone clocks the property tests cycle through: a Sunday afternoon, a Wednesday
#: morning west of UTC, a Monday just after midnight east of UTC.
CLOCKS = (NOW, OTHER_NOW, dt.datetime(2025, 6, 2, 0, 30, tzinfo=dt.timezone(dt.timedelta(hours=9))))
SEEDS = range(50)


def instance(cls: type[IRTask], seed: int) -> IRTask:
    return cls(cls.generate_random_params(random.Random(seed)))


def near_misses(truth: Truth) -> list[str]:
    """Replies that are almost right and must score 0."""
    if truth.match == "number":
        value = float(truth.text)
        off = truth.tolerance + 1
        return [f"{value + off:g}", f"{value - off:g}", f"about {truth.text}"]
    if truth.match == "list":
        items = truth.text.split(", ")
        misses = [", ".join([*items, "Dentist"])]
        if len(items) > 1:
            misses.append(", ".join(items[:-1]))
            misses.append(" and ".join(items))
        misses.append(", ".join(["Xylophone recital zq", *items[1:]]))  # a wrong item
        return misses
    if truth.match == "datetime":
        when = dt.datetime.strptime(truth.text, "%B %d %Y %H:%M")
        return [
            when.strftime("%Y-%m-%d %H:%M"),  # right moment, wrong format
            when.strftime("%B %d %Y %I:%M%p"),  # 12-hour clock
            (when + dt.timedelta(days=1)).strftime("%B %d %Y %H:%M"),  # off by one day
            (when + dt.timedelta(minutes=15)).strftime("%B %d %Y %H:%M"),
        ]
    if truth.match == "bool":
        return ["False" if truth.text == "True" else "True", "yes"]
    # AW accepts small typos (90% similar), so a miss must be further off than that.
    return [truth.text + " and a good deal more", "Xylophone recital zq"]


def rephrasings(truth: Truth) -> list[str]:
    """Replies AW accepts: other case, spacing, order, a small typo in a text."""
    out = [f"  {truth.text.upper()} ", truth.text.lower()]
    if truth.match in ("list", "text") and len(truth.text) >= 10 and "," not in truth.text:
        out.append(truth.text[:-1])  # the last letter missing
    if truth.match == "list":
        out.append(",".join(reversed(truth.text.split(", "))))
    if truth.match == "number":
        out.append(f"{float(truth.text):.1f}")
    return out


# --- property tests over many seeds (no phone) ------------------------------------------------
@pytest.mark.parametrize("name", sorted(TASKS))
def test_truth_comes_from_the_answer_rows_and_noise_never_changes_it(name: str) -> None:
    cls = TASKS[name]
    app = ir_task.ir_app(cls.spec.app)
    for seed in SEEDS:
        task = instance(cls, seed)
        now = CLOCKS[seed % len(CLOCKS)]
        state = create_state(cls.spec, task.params.model_dump(), now, random.Random(seed))
        # The truth over everything created equals the truth over the answer rows alone,
        # with the noise removed, and the noise is really there.
        alone = compute_truth(cls.spec.answer, state.relevant, app, state.ctx)
        assert state.truth == alone
        assert compute_truth(cls.spec.answer, state.records, app, state.ctx) == state.truth
        assert len(state.noise) >= cls.spec.noise // 2, (name, seed)
        for row in state.noise:
            assert not (
                cls.spec.exclude
                and all(holds(row, c, app.fields, state.ctx) for c in cls.spec.exclude)
            ), (name, seed, row)
        assert state.truth.text and answer_matches(
            state.truth.text, state.truth.text, state.truth.match, state.truth.tolerance
        )


@pytest.mark.parametrize("name", sorted(TASKS))
def test_params_are_deterministic_and_the_goal_renders(name: str) -> None:
    cls = TASKS[name]
    for seed in range(20):
        first, again = instance(cls, seed), instance(cls, seed)
        assert first.params == again.params
        assert "{" not in first.goal and first.goal.endswith((".", "?"))
    if cls.spec.params:
        assert len({instance(cls, s).goal for s in SEEDS}) > 5


@pytest.mark.parametrize("name", sorted(TASKS))
def test_near_misses_score_zero_and_rephrasings_one(name: str) -> None:
    cls = TASKS[name]
    for seed in range(10):
        task = instance(cls, seed)
        truth = create_state(cls.spec, task.params.model_dump(), NOW, random.Random(seed)).truth
        for reply in near_misses(truth):
            assert not answer_matches(reply, truth.text, truth.match, truth.tolerance), (
                name,
                truth.text,
                reply,
            )
        for reply in rephrasings(truth):
            assert answer_matches(reply, truth.text, truth.match, truth.tolerance), (
                name,
                truth.text,
                reply,
            )


def test_dates_follow_the_phone_clock_not_the_host() -> None:
    cls = TASKS["TasksDueNextWeek"]
    task = instance(cls, 1)
    state = create_state(cls.spec, task.params.model_dump(), OTHER_NOW, random.Random(1))
    # 2024-02-28 is a Wednesday: "next week" runs from Monday 03-04 to Sunday 03-10.
    due = sorted(r["due_date"] for r in state.relevant)
    assert dt.date(2024, 3, 4) <= due[0] and due[-1] <= dt.date(2024, 3, 10)
    cls = TASKS["SimpleCalendarEventsOnDate"]
    for seed in range(20):
        task = instance(cls, seed)
        state = create_state(cls.spec, task.params.model_dump(), OTHER_NOW, random.Random(seed))
        wanted = resolve_date_phrase(task.params.model_dump()["date"], OTHER_NOW.date())
        assert {r["start_date"] for r in state.relevant} == {wanted}


@pytest.mark.parametrize(
    ("phrase", "expected"),
    [
        ("today", dt.date(2023, 10, 15)),
        ("tomorrow", dt.date(2023, 10, 16)),
        ("in 3 days", dt.date(2023, 10, 18)),
        ("in two weeks", dt.date(2023, 10, 29)),
        ("4 days ago", dt.date(2023, 10, 11)),
        ("this Sunday", dt.date(2023, 10, 15)),
        ("this Friday", dt.date(2023, 10, 20)),
        ("last Sunday", dt.date(2023, 10, 8)),
    ],
)
def test_question_dates_read_back_from_the_phone_day(phrase: str, expected: dt.date) -> None:
    assert resolve_date_phrase(phrase, NOW.date()) == expected


def test_date_phrases_stay_in_their_window_on_every_weekday() -> None:
    rng = random.Random(5)
    for lo, hi, kinds in ((0, 14, ["offset", "weekday"]), (-10, -1, ["offset", "weekday"])):
        for _ in range(200):
            phrase = date_phrase(rng, lo, hi, kinds)
            for shift in range(7):
                today = NOW.date() + dt.timedelta(days=shift)
                offset = (resolve_date_phrase(phrase, today) - today).days
                assert lo <= offset <= hi, (phrase, today)


@pytest.mark.parametrize(
    ("given", "expected", "match", "tolerance", "ok"),
    [
        ("Concert, Game night", "Concert, Game night", "list", 0, True),
        (" game NIGHT ,concert. ", "Concert, Game night", "list", 0, True),
        ("Concert", "Concert, Game night", "list", 0, False),
        ("Concert, Game night, Concert", "Concert, Game night", "list", 0, False),
        ("12", "12", "number", 0, True),
        ("12.0", "12", "number", 0, True),
        ("13", "12", "number", 0, False),
        ("12 minutes", "12", "number", 0, False),
        ("4509", "4500", "number", 10, True),
        ("4511", "4500", "number", 10, False),
        ("October 16 2023 20:00", "October 16 2023 20:00", "datetime", 0, True),
        ("october 16 2023 20:00", "October 16 2023 20:00", "datetime", 0, True),
        ("October 16 2023 8:00pm", "October 16 2023 20:00", "datetime", 0, False),
        ("2023-10-16 20:00", "October 16 2023 20:00", "datetime", 0, False),
        ("true", "True", "bool", 0, True),
        ("Yes", "True", "bool", 0, False),
        (None, "True", "bool", 0, False),
    ],
)
def test_answer_matching(
    given: str | None, expected: str, match: str, tolerance: float, ok: bool
) -> None:
    assert answer_matches(given, expected, match, tolerance) is ok


# --- end to end on the virtual phone ---------------------------------------------------------
@pytest.mark.parametrize("name", sorted(TASKS))
def test_on_the_phone_oracle_scores_one_noop_and_near_misses_zero(
    name: str, virtual_env: Env
) -> None:
    cls = TASKS[name]
    app = ir_task.ir_app(cls.spec.app)
    before = app.table.read(virtual_env.device)
    for seed in range(4):
        task = instance(cls, seed)
        task.initialize_task(virtual_env)
        assert task.state is not None
        virtual_env.answer = None
        assert task.is_successful(virtual_env) == 0.0
        # The oracle reads the rows back from the phone: the same truth as set-up made.
        answer = task.oracle(virtual_env)
        assert answer == task.state.truth.text
        assert len(app.read(virtual_env.device)) == len(task.state.records)
        virtual_env.answer = answer
        assert task.is_successful(virtual_env) == 1.0
        for reply in near_misses(task.state.truth):
            virtual_env.answer = reply
            assert task.is_successful(virtual_env) == 0.0, reply
        task.tear_down(virtual_env)
        assert app.table.read(virtual_env.device) == before


def test_the_oracle_sees_what_an_agent_changes(virtual_env: Env) -> None:
    cls = TASKS["NotesTodoItemCount"]
    task = instance(cls, 2)
    task.initialize_task(virtual_env)
    truth = task.oracle(virtual_env)
    folder = task.params.model_dump()["folder"]
    virtual_env.device.write_db(
        "/data/data/net.cozic.joplin/databases/joplin.sqlite",
        "net.cozic.joplin",
        lambda conn: conn.execute(
            "DELETE FROM notes WHERE id = (SELECT n.id FROM notes n JOIN folders f "
            "ON f.id = n.parent_id WHERE f.title = ? AND n.is_todo = 1 LIMIT 1)",
            (folder,),
        ),
    )
    assert int(task.oracle(virtual_env)) == int(truth) - 1
    task.tear_down(virtual_env)


def test_questions_on_a_phone_set_to_another_day(virtual_env: Env) -> None:
    virtual_env.device.set_time(OTHER_NOW)
    now = virtual_env.device.now()
    # The family starts each task at AW's clock; a task without one keeps the phone's.
    cls = type("OnThePhonesClock", (TASKS["SportsTrackerActivitiesCountForWeek"],), {})
    cls.device_time = None
    task = instance(cls, 3)
    task.initialize_task(virtual_env)
    assert task.state is not None
    monday = now.date() - dt.timedelta(days=now.weekday())
    assert all(monday <= r["start_date"] < now.date() for r in task.state.relevant)
    virtual_env.answer = task.oracle(virtual_env)
    assert task.is_successful(virtual_env) == 1.0
    assert re.fullmatch(r"\d+", virtual_env.answer)
    task.tear_down(virtual_env)


def test_a_fresh_task_object_scores_from_the_rows_on_the_phone(virtual_env: Env) -> None:
    cls = TASKS["TasksDueOnDate"]
    task = instance(cls, 5)
    task.initialize_task(virtual_env)
    assert task.state is not None
    fresh = cls(task.params)
    virtual_env.answer = task.state.truth.text
    assert fresh.is_successful(virtual_env) == 1.0
    virtual_env.answer = "Water the plants"
    assert fresh.is_successful(virtual_env) == 0.0
    task.tear_down(virtual_env)
