"""Simple Calendar Pro: its database, state helpers and the eight event tasks (each run
against its near miss in test_row_tasks.py)."""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

import pytest
from row_scenarios import instance

from droidhub import Env
from droidhub_aw_apps.calendar import model as events
from droidhub_aw_apps.calendar import tasks as calendar
from droidhub_aw_apps.calendar.model import CalendarEvent


@pytest.mark.parametrize("task_cls", calendar.TASKS, ids=lambda t: t.name)
def test_params_are_deterministic_and_in_androidworlds_value_space(task_cls: Any) -> None:
    for seed in range(10):
        params = task_cls.generate_random_params(random.Random(seed))
        assert params == task_cls.generate_random_params(random.Random(seed))
        assert (params.year, params.month) == (2023, 10)
        for event in [*params.row_objects, *params.noise_row_objects]:
            assert event.duration_mins in events.DURATIONS_MINS
            assert event.start().minute == 0
            assert event.description.startswith("We will ")
        task = task_cls(params)
        assert "{" not in task.goal and task.goal.startswith("In Simple Calendar Pro")


def test_relative_day_goal_names_the_weekday_of_the_target() -> None:
    # As AW's, the params hold no weekday: the goal names the target event's.
    task_cls = calendar.SimpleCalendarAddOneEventRelativeDay
    for seed in range(20):
        params = task_cls.generate_random_params(random.Random(seed))
        start = params.row_objects[0].start()
        assert 16 <= start.day <= 21
        assert "day_of_week" not in params.model_dump()
        assert f"for this {start.strftime('%A')} at {start.hour}h" in task_cls(params).goal


def test_weekly_repeat_rule_sets_the_weekday_bit() -> None:
    assert events.weekly_repeat_rule(1) == 1
    assert events.weekly_repeat_rule(7) == 64
    with pytest.raises(ValueError, match="weekday 8"):
        events.weekly_repeat_rule(8)


def test_the_model_creates_the_apps_schema(virtual_env: Env) -> None:
    rows = virtual_env.device.query_db(events.DB_PATH, "PRAGMA table_info(events)")
    assert [r["name"] for r in rows] == [
        "id", "start_ts", "end_ts", "title", "location", "description",
        "reminder_1_minutes", "reminder_2_minutes", "reminder_3_minutes", "reminder_1_type",
        "reminder_2_type", "reminder_3_type", "repeat_interval", "repeat_rule", "repeat_limit",
        "repetition_exceptions", "attendees", "import_id", "time_zone", "flags", "event_type",
        "parent_id", "last_updated", "source", "availability", "color", "type",
    ]  # fmt: skip
    types = virtual_env.device.query_db(events.DB_PATH, "SELECT title FROM event_types")
    assert types == [{"title": "Regular event"}]
    version = virtual_env.device.query_db(events.DB_PATH, "PRAGMA user_version")
    assert version[0]["user_version"] == events.SCHEMA_VERSION


def test_state_helpers_add_list_and_clear(virtual_env: Env) -> None:
    device = virtual_env.device
    assert events.list_events(device) == []
    event = CalendarEvent(start_ts=1697457600, end_ts=1697459400, title="Call with Bob")
    events.add_events(device, [event, event.model_copy(update={"title": "Workshop on X"})])
    listed = events.list_events(device)
    assert [e.title for e in listed] == ["Call with Bob", "Workshop on X"]
    assert listed[0].id > 0 and listed[0].duration_mins == 30
    events.clear_events(device)
    assert events.list_events(device) == []


def test_relative_days_follow_the_phone_clock(virtual_env: Env, virtual_phone: Any) -> None:
    # The family starts each task at AW's clock; a task without one keeps the phone's.
    class OnThePhonesClock(calendar.SimpleCalendarAddOneEventTomorrow):
        device_time = None

    # On Wednesday 2023-10-18, "tomorrow" is the 19th, not AndroidWorld's 16th.
    virtual_phone.set_time(dt.datetime(2023, 10, 18, 9, 0, tzinfo=dt.UTC))
    task = instance(OnThePhonesClock)
    task.initialize_task(virtual_env)
    target = task.target_rows(virtual_env)[0]
    assert dt.datetime.fromtimestamp(target["start_ts"], dt.UTC).date() == dt.date(2023, 10, 19)
    as_drawn = task.params.row_objects[0].row()  # type: ignore[attr-defined]
    events.add_events(virtual_env.device, [CalendarEvent(**as_drawn)])
    assert task.is_successful(virtual_env) == 0.0  # the 16th is not tomorrow here
    task.tear_down(virtual_env)
    task.initialize_task(virtual_env)
    task.oracle(virtual_env)
    assert task.is_successful(virtual_env) == 1.0
    task.tear_down(virtual_env)


def test_relative_delete_leaves_out_noise_on_the_phones_day(
    virtual_env: Env, virtual_phone: Any
) -> None:
    virtual_phone.set_time(dt.datetime(2023, 10, 25, 12, 0, tzinfo=dt.UTC))
    task = instance(calendar.SimpleCalendarDeleteEventsOnRelativeDay)
    day = task.target_day(virtual_env)
    assert day is not None and day.weekday() == [
        "Monday",
        "Tuesday",
        "Wednesday",
        "Thursday",
        "Friday",
        "Saturday",
        "Sunday",
    ].index(task.params.day_of_week)  # type: ignore[attr-defined]
    assert dt.date(2023, 10, 25) <= day <= dt.date(2023, 10, 31)
    for row in task.noise_rows(virtual_env):
        assert dt.datetime.fromtimestamp(row["start_ts"], dt.UTC).date() != day
