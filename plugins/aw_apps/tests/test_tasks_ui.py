"""The Tasks app's screens through adb, and its questions answered through them alone."""

from __future__ import annotations

import datetime as dt
import json
import subprocess
import sys
from pathlib import Path

from screen_checks import assert_solved_through_screen, screen_elements, tap_element

from droidhub import Device
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


def _texts(device: Device) -> list[str]:
    return [e.text for e in screen_elements(device) if e.text]


def _start(device: Device) -> None:
    device.shell(["am", "start", "-n", "org.tasks/com.todoroo.astrid.activity.MainActivity"])


def test_a_task_is_added_completed_shown_again_and_deleted_through_the_screens(
    virtual_device: Device,
) -> None:
    _start(virtual_device)
    tap_element(virtual_device, content_description="Create new task")
    tap_element(virtual_device, resource_id="org.tasks:id/title")
    virtual_device.input_text("Water the plants")
    tap_element(virtual_device, text="High")
    virtual_device.keyevent("KEYCODE_BACK")  # saves
    rows = virtual_device.query_db(DB, "SELECT title, importance, completed FROM tasks")
    assert rows == [{"title": "Water the plants", "importance": 0, "completed": 0}]
    assert "No due date" in _texts(virtual_device)
    row = next(e for e in screen_elements(virtual_device) if e.resource_id == "org.tasks:id/row")
    assert row.content_description == "High priority" and not row.checked
    # Completing it hides it from the list until the overflow menu shows completed tasks.
    tap_element(virtual_device, text="Water the plants")
    tap_element(virtual_device, text="Completed")
    tap_element(virtual_device, content_description="Navigate up")
    assert virtual_device.query_db(DB, "SELECT completed > 0 AS done FROM tasks") == [{"done": 1}]
    assert "Water the plants" not in _texts(virtual_device)
    tap_element(virtual_device, content_description="More options")
    tap_element(virtual_device, text="Show completed")
    assert "Water the plants" in _texts(virtual_device)
    # The Sort sheet groups by priority; BACK closes it and keeps the list.
    tap_element(virtual_device, content_description="Sort")
    tap_element(virtual_device, text="By priority")
    virtual_device.keyevent("KEYCODE_BACK")
    texts = _texts(virtual_device)
    assert "Grouping" not in texts
    assert texts.index("High priority") < texts.index("Water the plants")
    row = next(e for e in screen_elements(virtual_device) if e.resource_id == "org.tasks:id/row")
    assert row.checkable and row.checked
    # "Discard changes" leaves the row as it was.
    tap_element(virtual_device, text="Water the plants")
    tap_element(virtual_device, resource_id="org.tasks:id/title")
    virtual_device.input_text(" twice")
    tap_element(virtual_device, content_description="More options")
    tap_element(virtual_device, text="Discard changes")
    assert virtual_device.query_db(DB, "SELECT title FROM tasks") == [{"title": "Water the plants"}]
    # "Delete task", in the editor's overflow menu, asks first; OK marks it deleted.
    tap_element(virtual_device, text="Water the plants")
    tap_element(virtual_device, content_description="More options")
    tap_element(virtual_device, text="Delete task")
    tap_element(virtual_device, text="Cancel")
    assert "Water the plants" in _texts(virtual_device)  # still in its editor
    tap_element(virtual_device, content_description="More options")
    tap_element(virtual_device, text="Delete task")
    assert "Delete this task?" in _texts(virtual_device)
    tap_element(virtual_device, resource_id="android:id/button1")
    assert virtual_device.query_db(DB, "SELECT deleted > 0 AS gone FROM tasks") == [{"gone": 1}]
    assert "Water the plants" not in _texts(virtual_device)
    assert "org.tasks" in virtual_device.foreground_activity()


def test_the_list_is_grouped_by_day_as_the_app_words_it(virtual_device: Device) -> None:
    # The phone's today is Sunday 2023-10-15, 15:34 UTC.
    def due(month: int, day: int, at: dt.time | None = None) -> int:
        return due_millis(dt.date(2023, month, day), at, dt.UTC)

    wednesday = int(dt.datetime(2023, 10, 18, 9, 0, tzinfo=dt.UTC).timestamp() * 1000)
    add_tasks(
        virtual_device,
        [
            TaskRow("Pay rent", importance=2, dueDate=due(10, 20, dt.time(14, 30))),
            TaskRow("Call mom", importance=1, dueDate=due(10, 15), hideUntil=wednesday),
            TaskRow("Renew passport", dueDate=due(10, 13, dt.time(9, 0))),
            TaskRow("Old receipts", dueDate=due(10, 2)),
            TaskRow("Book flights", dueDate=due(10, 27), completed=1),
        ],
    )
    _start(virtual_device)
    texts = _texts(virtual_device)
    # Every day before today is one "Overdue" section whose rows keep their dates; a
    # task that starts on Wednesday and a completed one are hidden.
    assert texts[: texts.index("Due Friday")] == [
        "My Tasks", "Overdue", "Old receipts", "Oct 2", "Renew passport", "Fri 9:00 AM",
    ]  # fmt: skip
    assert texts[texts.index("Due Friday") + 1 :][:2] == ["Pay rent", "2:30 PM"]
    assert "Call mom" not in texts and "Book flights" not in texts
    for item in ("Show unstarted", "Show completed"):
        tap_element(virtual_device, content_description="More options")
        tap_element(virtual_device, text=item)
    texts = _texts(virtual_device)
    assert texts.index("Due today") < texts.index("Call mom") < texts.index("Due Friday")
    assert texts.index("Due Friday, October 27") + 1 == texts.index("Book flights")
    # Descending grouping puts the latest day first; completed tasks can move last.
    tap_element(virtual_device, content_description="Sort")
    tap_element(virtual_device, text="Ascending")
    assert "Descending" in _texts(virtual_device)
    tap_element(virtual_device, text="Move completed tasks to bottom")
    virtual_device.keyevent("KEYCODE_BACK")
    texts = _texts(virtual_device)
    assert texts.index("Due Friday") < texts.index("Due today") < texts.index("Overdue")
    assert texts[texts.index("Completed") :][:3] == ["Completed", "Book flights", "Oct 27"]


def test_the_tasks_questions_are_answered_through_the_screen() -> None:
    assert_solved_through_screen(TASKS)


def test_ui_oracle_reads_overdue_rows_and_far_days_within_the_budget(tmp_path: Path) -> None:
    # Seed 2 asks about October 11 (rows under "Overdue", read by their dates) and
    # October 28, 13 days ahead (read from the end of the list, grouped descending).
    out = tmp_path / "run"
    command = [
        sys.executable, "-m", "droidhub", "run", "--suite", "android_world",
        "--tasks", ",".join(TASKS), "--agent", "ui_oracle", "--device", "virtual:1",
        "--n-combinations", "3", "--seed", "2", "--out", str(out),
    ]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    results = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    assert len(results) == 3 * len(TASKS)
    dates = {r["params"].get("date") for r in results}
    assert {"October 11 2023", "October 28 2023"} <= dates
    failed = [(r["task"], r["params"], r.get("error")) for r in results if r["reward"] != 1.0]
    assert not failed, failed
    assert all(r["steps"] <= r["max_steps"] for r in results)
