"""The Tasks app's screens through adb, and its questions answered through them alone."""

from __future__ import annotations

import subprocess
import sys

from droidhub import Device
from droidhub.uitree import UIElement, parse_hierarchy

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
    return [e.text for e in _elements(device)]


def test_a_task_is_added_completed_and_shown_again_through_the_screens(
    virtual_device: Device,
) -> None:
    virtual_device.shell(
        ["am", "start", "-n", "org.tasks/com.todoroo.astrid.activity.MainActivity"]
    )
    _tap(virtual_device, content_description="Create new task")
    _tap(virtual_device, resource_id="org.tasks:id/title")
    virtual_device.input_text("Water the plants")
    _tap(virtual_device, text="High")
    virtual_device.keyevent("KEYCODE_BACK")  # saves
    rows = virtual_device.query_db(DB, "SELECT title, importance, completed FROM tasks")
    assert rows == [{"title": "Water the plants", "importance": 0, "completed": 0}]
    assert "No due date" in _texts(virtual_device)
    # Completing it hides it from the list until the Sort sheet shows completed tasks.
    _tap(virtual_device, text="Water the plants")
    _tap(virtual_device, text="Completed")
    _tap(virtual_device, content_description="Navigate up")
    assert virtual_device.query_db(DB, "SELECT completed > 0 AS done FROM tasks") == [{"done": 1}]
    assert "Water the plants" not in _texts(virtual_device)
    _tap(virtual_device, content_description="Sort")
    _tap(virtual_device, text="Show completed")
    _tap(virtual_device, text="Priority")
    _tap(virtual_device, text="Done")
    texts = _texts(virtual_device)
    assert texts.index("High priority") < texts.index("Water the plants")
    row = next(e for e in _elements(virtual_device) if e.resource_id == "org.tasks:id/row")
    assert row.checkable and row.checked


def test_the_tasks_questions_are_answered_through_the_screen() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "droidhub", "check", "--ui", "--tasks", ",".join(TASKS)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert f"{len(TASKS)} of {len(TASKS)} tasks pass" in proc.stdout
