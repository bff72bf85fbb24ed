"""The Tasks app's screens through adb, and its questions answered through them alone."""

from __future__ import annotations

import datetime as dt
import subprocess
import sys

from droidhub import Device
from droidhub.uitree import UIElement, parse_hierarchy
from droidhub_aw_apps.tasks_app.model import TaskRow, add_tasks, due_millis

TASKS = (
    "TasksDueOnDate",
    "TasksCompletedTasksForDate",
    "TasksHighPriorityTasks",
    "TasksHighPriorityTasksDueOnDate",
    "TasksIncompleteTasksOnDate",
    "TasksDueNextWeek",
)
DB = "/data/data/org.tasks/databases/database"


def _elements(device: Device) -> list[UIElement]:
    return parse_hierarchy(device.ui_tree())


def _tap(device: Device, **wanted: str) -> None:
    for element in _elements(device):
        if all(getattr(element, k).endswith(v) for k, v in wanted.items()):
            assert element.bounds is not None
            device.tap(*element.bounds.center)
            return
    raise AssertionError(f"nothing with {wanted} on screen")


def _texts(device: Device) -> list[str]:
    return [e.text for e in _elements(device) if e.text]


def _start(device: Device) -> None:
    device.shell(["am", "start", "-n", "org.tasks/com.todoroo.astrid.activity.MainActivity"])


def test_a_task_is_added_completed_shown_again_and_deleted_through_the_screens(
    virtual_device: Device,
) -> None:
    _start(virtual_device)
    _tap(virtual_device, content_description="Create new task")
    _tap(virtual_device, resource_id="org.tasks:id/title")
    virtual_device.input_text("Water the plants")
    _tap(virtual_device, text="High")
    virtual_device.keyevent("KEYCODE_BACK")  # saves
    rows = virtual_device.query_db(DB, "SELECT title, importance, completed FROM tasks")
    assert rows == [{"title": "Water the plants", "importance": 0, "completed": 0}]
    assert "No due date" in _texts(virtual_device)
    row = next(e for e in _elements(virtual_device) if e.resource_id == "org.tasks:id/row")
    assert row.content_description == "High priority" and not row.checked
    # Completing it hides it from the list until the overflow menu shows completed tasks.
    _tap(virtual_device, text="Water the plants")
    _tap(virtual_device, text="Completed")
    _tap(virtual_device, content_description="Navigate up")
    assert virtual_device.query_db(DB, "SELECT completed > 0 AS done FROM tasks") == [{"done": 1}]
    assert "Water the plants" not in _texts(virtual_device)
    _tap(virtual_device, content_description="More options")
    _tap(virtual_device, text="Show completed")
    assert "Water the plants" in _texts(virtual_device)
    # The Sort sheet groups by priority; BACK closes it and keeps the list.
    _tap(virtual_device, content_description="Sort")
    _tap(virtual_device, text="By priority")
    virtual_device.keyevent("KEYCODE_BACK")
    texts = _texts(virtual_device)
    assert "Grouping" not in texts
    assert texts.index("High priority") < texts.index("Water the plants")
    row = next(e for e in _elements(virtual_device) if e.resource_id == "org.tasks:id/row")
    assert row.checkable and row.checked
    # Delete, in the editor's overflow menu, removes the row from the database.
    _tap(virtual_device, text="Water the plants")
    _tap(virtual_device, content_description="More options")
    _tap(virtual_device, text="Delete")
    assert virtual_device.query_db(DB, "SELECT _id FROM tasks") == []
    assert "Water the plants" not in _texts(virtual_device)


def test_the_list_is_grouped_by_day_and_hides_unstarted_tasks(virtual_device: Device) -> None:
    # The phone's today is 2023-10-15 (a Sunday) at 15:34 UTC; one task due Friday at
    # 14:30, one due today that only starts on Wednesday.
    utc = dt.UTC
    friday = due_millis(dt.date(2023, 10, 20), dt.time(14, 30), utc)
    today = due_millis(dt.date(2023, 10, 15), None, utc)
    wednesday = int(dt.datetime(2023, 10, 18, 9, 0, tzinfo=utc).timestamp() * 1000)
    add_tasks(
        virtual_device,
        [
            TaskRow("Pay rent", importance=2, dueDate=friday),
            TaskRow("Call mom", importance=1, dueDate=today, hideUntil=wednesday),
        ],
    )
    _start(virtual_device)
    texts = _texts(virtual_device)
    assert "Fri, Oct 20" in texts and "Call mom" not in texts
    assert texts[texts.index("Fri, Oct 20") + 1 :][:2] == ["Pay rent", "2:30 PM"]
    _tap(virtual_device, content_description="More options")
    _tap(virtual_device, text="Show unstarted")
    texts = _texts(virtual_device)
    assert texts.index("Today") < texts.index("Call mom") < texts.index("Fri, Oct 20")
    # Descending grouping puts the latest day first.
    _tap(virtual_device, content_description="Sort")
    _tap(virtual_device, text="Ascending")
    assert "Descending" in _texts(virtual_device)
    virtual_device.keyevent("KEYCODE_BACK")
    texts = _texts(virtual_device)
    assert texts.index("Fri, Oct 20") < texts.index("Today")


def test_the_tasks_questions_are_answered_through_the_screen() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "droidhub", "check", "--ui", "--tasks", ",".join(TASKS)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert f"{len(TASKS)} of {len(TASKS)} tasks pass" in proc.stdout
