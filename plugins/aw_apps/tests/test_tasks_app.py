"""The Tasks app model: its database at the real path with the real schema, and its helpers."""

from __future__ import annotations

import datetime as dt

from droidhub import Device
from droidhub.virtual.appmodel import VirtualPhone
from droidhub_aw_apps.tasks_app import model as tasks_app
from droidhub_aw_apps.tasks_app.ir import IR_APP, task_of
from droidhub_aw_apps.tasks_app.model import DB_PATH, PACKAGE, TaskRow

UTC = dt.UTC


def test_the_phone_has_an_empty_tasks_database_with_the_apps_columns(
    virtual_device: Device, virtual_phone: VirtualPhone
) -> None:
    assert virtual_phone.host_path(DB_PATH).is_file()
    columns = [r["name"] for r in virtual_device.query_db(DB_PATH, "PRAGMA table_info(tasks)")]
    assert columns[:4] == ["_id", "title", "importance", "dueDate"]
    assert {"hideUntil", "completed", "deleted", "notes", "remoteId", "order"} <= set(columns)
    assert tasks_app.list_tasks(virtual_device) == []


def test_add_list_and_clear_tasks_through_the_device(virtual_device: Device) -> None:
    due = tasks_app.due_millis(dt.date(2023, 10, 20), dt.time(14, 30), UTC)
    tasks_app.add_tasks(
        virtual_device,
        [TaskRow("Pay rent", importance=tasks_app.HIGH, dueDate=due), TaskRow("Call mom")],
    )
    rows = tasks_app.list_tasks(virtual_device)
    assert [(r.title, r.importance, r.dueDate) for r in rows] == [
        ("Pay rent", 0, due),
        ("Call mom", 3, 0),
    ]
    assert all(r._id is not None for r in rows)
    tasks_app.clear_tasks(virtual_device)
    assert tasks_app.list_tasks(virtual_device) == []


def test_due_dates_with_and_without_a_time_follow_the_apps_rule() -> None:
    day = dt.date(2023, 10, 20)
    date_only = tasks_app.due_millis(day, None, UTC)
    timed = tasks_app.due_millis(day, dt.time(9, 15), UTC)
    assert dt.datetime.fromtimestamp(date_only / 1000, UTC) == dt.datetime(
        2023, 10, 20, 12, tzinfo=UTC
    )
    assert not tasks_app.has_due_time(date_only)
    assert tasks_app.has_due_time(timed)
    assert dt.datetime.fromtimestamp(timed / 1000, UTC).time() == dt.time(9, 15, 1)


def test_question_rows_round_trip_through_the_phone(virtual_device: Device) -> None:
    rows = [
        task_of({"title": "A", "due_date": "October 17 2023", "importance": "0"}),
        task_of(
            {
                "title": "B",
                "due_date": "October 12 2023",
                "due_time": "4pm",
                "completed_date": "October 14 2023",
            }
        ),
    ]
    image = IR_APP.write(virtual_device, rows)
    back = tasks_app.list_tasks(virtual_device)
    due = [dt.datetime.fromtimestamp(t.dueDate / 1000, UTC) for t in back]
    assert [(t.title, t.importance, t.completed > 0) for t in back] == [
        ("A", 0, False),
        ("B", 2, True),
    ]
    # AW's stamps: a date alone at midnight, a time to the minute.
    assert due == [dt.datetime(2023, 10, 17, tzinfo=UTC), dt.datetime(2023, 10, 12, 16, tzinfo=UTC)]
    IR_APP.restore(virtual_device, image)
    assert virtual_device.pull(DB_PATH) == image
    assert tasks_app.list_tasks(virtual_device) == []


def test_clearing_the_app_recreates_its_empty_database(virtual_device: Device) -> None:
    tasks_app.add_tasks(virtual_device, [TaskRow("Pay rent")])
    virtual_device.clear_app(PACKAGE)
    assert virtual_device.exists(DB_PATH)
    assert tasks_app.list_tasks(virtual_device) == []
