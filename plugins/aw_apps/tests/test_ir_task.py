"""The 25 information-retrieval tasks: instances, noise, rewording, and end to end on a phone.

Params and goals are compared with AW's own in ``test_aw_parity.py``; answers are judged
in ``test_ir_answers.py``. Here: what set-up stores, and that an instance behaves on the
virtual phone.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import re

import pytest

from droidhub import Env
from droidhub.tasks.suite import make_instance
from droidhub_aw_apps.common import ir_task
from droidhub_aw_apps.common.ir_instance import date_phrases
from droidhub_aw_apps.common.ir_task import IRTask

TASKS = {cls.name: cls for cls in ir_task.TASKS}
#: Noise rows AW's set-up adds, per app.
NOISE = {"calendar": 75, "tasks": 20, "sports": 20, "notes": 100}
#: Fields that differ between two set-ups of one instance: random ids, as in AW.
RANDOM_IDS = {"id", "remoteId", "uuid"}


def instance(cls: type[IRTask], seed: int) -> IRTask:
    """Instance 0 of a suite seeded with ``seed``, as a run makes it."""
    return make_instance(cls, 0, seed).create()  # type: ignore[return-value]


def stored(task: IRTask) -> list[dict[str, object]]:
    done, rng = task.filled()
    rows = task.app.app_rows(done.rows, done.exclude, rng)
    out = []
    for row in rows:
        data = row.model_dump() if hasattr(row, "model_dump") else dataclasses.asdict(row)
        out.append({k: v for k, v in data.items() if k not in RANDOM_IDS})
    return out


@pytest.mark.parametrize("name", sorted(TASKS))
def test_an_instance_is_the_same_every_time_and_holds_aws_noise(name: str) -> None:
    cls = TASKS[name]
    for seed in range(6):
        task = instance(cls, seed)
        done, _ = task.filled()
        assert "{" not in task.goal
        assert all("{" not in v for row in done.rows for v in row.values())
        assert all(getattr(task.params, p.name) in p.values for p in cls.spec.params)
        rows = stored(task)
        assert len(rows) == len(done.rows) + NOISE[cls.spec.app]
        # The same instance made again sets up the very same rows, in the same order.
        assert stored(instance(cls, seed)) == rows
        assert instance(cls, seed).goal == task.goal
        assert task.expected() == instance(cls, seed).expected()


def test_without_replacement_gives_each_row_its_own_value() -> None:
    cls = TASKS["SimpleCalendarAnyEventsOnDate"]
    for seed in range(10):
        task = instance(cls, seed)
        done, _ = task.filled()
        titles = [r["title"] for r in done.rows]
        assert len(set(titles)) == len(titles) == 3
        assert task.params.title not in titles  # the drawn param's value is taken too
        assert {r["start_date"] for r in done.rows} == {task.params.date}


@pytest.mark.parametrize(
    ("date", "phrases"),
    [
        ("October 15 2023", ["October 15", "October 15 2023", "today"]),
        ("October 16 2023", ["October 16", "October 16 2023", "tomorrow", "Monday", "this Monday"]),
        ("October 22 2023", ["October 22", "October 22 2023", "Sunday", "this Sunday"]),
        ("October 25 2023", ["October 25", "October 25 2023", "the Wednesday after next"]),
        ("October 14 2023", ["October 14", "October 14 2023", "yesterday", "Saturday"]),
        ("October 05 2023", ["October 05", "October 05 2023"]),
    ],
)
def test_dates_are_reworded_as_aw_says_them_on_its_day(date: str, phrases: list[str]) -> None:
    assert date_phrases(date) == phrases


def test_a_goal_shows_reworded_dates_and_the_answer_keeps_the_date() -> None:
    cls = TASKS["SimpleCalendarEventsOnDate"]
    seen = set()
    for seed in range(40):
        task = instance(cls, seed)
        match = re.search(r"have (.+) in Simple", task.goal)
        assert match
        seen.add(match.group(1) in date_phrases(task.params.date))
        done, _ = task.filled()
        assert all(r["start_date"] == task.params.date for r in done.rows)
    assert seen == {True}


def test_sports_answers_sum_the_distances_as_the_app_stores_them() -> None:
    cls = TASKS["SportsTrackerTotalDistanceForCategoryOverInterval"]
    task = instance(cls, 1)
    done, _ = task.filled()
    stored_meters = [
        round(round(float(r["total_distance"]) / 1609.34, 2) * 1609.34) for r in done.rows
    ]
    assert task.expected() == [float(sum(stored_meters))]


def test_a_task_made_from_params_alone_still_sets_up_one_instance() -> None:
    cls = TASKS["TasksDueOnDate"]
    made = instance(cls, 3)
    alone = cls(made.params)
    assert alone.instance_seed is None
    assert cls(made.params).goal == alone.goal
    assert stored(cls(made.params)) == stored(alone)


# --- end to end on the virtual phone ---------------------------------------------------------
ONE_PER_APP = [
    "SimpleCalendarNextMeetingWithPerson",
    "TasksIncompleteTasksOnDate",
    "SportsTrackerLongestDistanceActivity",
    "NotesTodoItemCount",
]


def wrong_replies(task: IRTask, right: str) -> list[str]:
    """Replies AW rejects for this answer."""
    matches = [e.match for e in task.spec.expect]
    if matches == ["number"]:
        return [str(float(right) + 50), f"about {right}", "three"]
    if "date" in matches:
        when = dt.datetime.strptime(right, "%B %d %Y %H:%M")
        return [
            when.strftime("%Y-%m-%d %H:%M"),
            (when + dt.timedelta(days=1)).strftime("%B %d %Y %H:%M"),
        ]
    return [right + ", Xylophone recital", "Xylophone recital zq"]


@pytest.mark.parametrize("name", ONE_PER_APP)
def test_on_the_phone_the_oracle_scores_one_and_wrong_replies_zero(
    name: str, virtual_env: Env
) -> None:
    cls = TASKS[name]
    app = ir_task.ir_app(cls.spec.app)
    before = app.table.read(virtual_env.device)
    for seed in range(2):
        task = instance(cls, seed)
        task.initialize_task(virtual_env)
        assert virtual_env.device.now().date() == dt.date(2023, 10, 15)
        assert len(app.table.read(virtual_env.device)) == len(stored(task))
        virtual_env.answer = None
        assert task.is_successful(virtual_env) == 0.0
        virtual_env.answer = task.oracle(virtual_env)
        assert task.is_successful(virtual_env) == 1.0
        for reply in wrong_replies(task, task.oracle(virtual_env)):
            virtual_env.answer = reply
            assert task.is_successful(virtual_env) == 0.0, reply
        task.tear_down(virtual_env)
        assert app.table.read(virtual_env.device) == before


def test_the_calendar_holds_the_answer_events_at_their_moments(virtual_env: Env) -> None:
    from droidhub_aw_apps.calendar import model as calendar

    task = instance(TASKS["SimpleCalendarEventsOnDate"], 4)
    task.initialize_task(virtual_env)
    day = dt.datetime.strptime(task.params.date, "%B %d %Y").date()
    on_day = {
        e.title
        for e in calendar.list_events(virtual_env.device)
        if dt.datetime.fromtimestamp(e.start_ts, dt.UTC).date() == day
    }
    # No noise event starts that day: the answer is exactly the answer rows' titles.
    assert sorted(on_day) == sorted(task.expected())
    task.tear_down(virtual_env)
