"""The Tasks app's screens through adb, and its questions answered through them alone."""

from __future__ import annotations

import datetime as dt
import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import cast

from screen_checks import (
    assert_solved_through_screen,
    choose_from_overflow,
    find_element,
    screen_elements,
    tap_element,
)

from droidhub import Device
from droidhub.android.ui_tree import UIElement
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
#: The SubscriptionNagBanner's texts and buttons in the generic (F-Droid) build.
BANNER = ("Enjoying Tasks?", "Tasks needs your support!", "Dismiss", "Donate")


def _texts(device: Device) -> list[str]:
    return [e.text for e in screen_elements(device) if e.text]


def _start(device: Device) -> None:
    device.shell(["am", "start", "-n", "org.tasks/com.todoroo.astrid.activity.MainActivity"])


def _box(device: Device, title: str) -> UIElement:
    """The check box of the row titled ``title`` (a row's ``completeBox`` comes before its
    title)."""
    box = None
    for element in screen_elements(device):
        if element.resource_id == "org.tasks:id/completeBox":
            box = element
        elif element.resource_id == "org.tasks:id/title" and element.text == title:
            assert box is not None
            return box
    raise AssertionError(f"no row titled {title!r}")


def test_a_task_is_added_completed_shown_again_and_deleted_through_the_screens(
    virtual_device: Device,
) -> None:
    _start(virtual_device)
    tap_element(virtual_device, content_description="Create new task")
    assert find_element(virtual_device, resource_id="org.tasks:id/title").text == "Task name"
    tap_element(virtual_device, resource_id="org.tasks:id/title")
    virtual_device.input_text("Water the plants")
    # The priority's radio buttons run from None to High, without labels.
    radios = [e for e in screen_elements(virtual_device) if e.class_name.endswith("RadioButton")]
    assert [r.checked for r in radios] == [True, False, False, False]
    virtual_device.tap(*radios[-1].bounds.center)  # type: ignore[union-attr]
    tap_element(virtual_device, content_description="Save")
    rows = virtual_device.query_db(DB, "SELECT title, importance, completed FROM tasks")
    assert rows == [{"title": "Water the plants", "importance": 0, "completed": 0}]
    assert "No due date" in _texts(virtual_device)
    box = _box(virtual_device, "Water the plants")
    assert box.content_description == "High priority" and not box.checked
    # The editor's FAB completes the task and saves; the list then hides it until the
    # overflow menu shows completed tasks.
    tap_element(virtual_device, text="Water the plants")
    tap_element(virtual_device, resource_id="org.tasks:id/fab")
    assert virtual_device.query_db(DB, "SELECT completed > 0 AS done FROM tasks") == [{"done": 1}]
    assert "Water the plants" not in _texts(virtual_device)
    choose_from_overflow(virtual_device, "Show completed")
    assert "Water the plants" in _texts(virtual_device)
    # The Sort sheet's Grouping row opens the picker; BACK closes the sheet.
    tap_element(virtual_device, content_description="Sort")
    tap_element(virtual_device, text="Grouping")
    tap_element(virtual_device, text="By priority")
    assert "Grouping" in _texts(virtual_device)  # the picker closed, the sheet stays
    virtual_device.keyevent("KEYCODE_BACK")
    texts = _texts(virtual_device)
    assert "Grouping" not in texts
    assert texts.index("High priority") < texts.index("Water the plants")
    assert _box(virtual_device, "Water the plants").checked
    # BACK in the editor discards a change after asking.
    tap_element(virtual_device, text="Water the plants")
    tap_element(virtual_device, resource_id="org.tasks:id/title")
    virtual_device.input_text(" twice")
    virtual_device.keyevent("KEYCODE_BACK")  # hides the keyboard
    virtual_device.keyevent("KEYCODE_BACK")
    assert "Are you sure you want to discard your changes?" in _texts(virtual_device)
    tap_element(virtual_device, resource_id="android:id/button2")  # Discard
    assert virtual_device.query_db(DB, "SELECT title FROM tasks") == [{"title": "Water the plants"}]
    # "Delete task", the editor's action, asks first; OK marks it deleted.
    tap_element(virtual_device, text="Water the plants")
    tap_element(virtual_device, content_description="Delete task")
    tap_element(virtual_device, resource_id="android:id/button2")  # Cancel
    assert "Water the plants" in _texts(virtual_device)  # still in its editor
    tap_element(virtual_device, content_description="Delete task")
    assert "Delete this task?" in _texts(virtual_device)
    tap_element(virtual_device, resource_id="android:id/button1")
    assert virtual_device.query_db(DB, "SELECT deleted > 0 AS gone FROM tasks") == [{"gone": 1}]
    assert "Water the plants" not in _texts(virtual_device)
    assert "org.tasks" in virtual_device.foreground_activity()


def test_the_generic_builds_banner_asks_for_support_until_dismissed_and_an_empty_list_says_so(
    virtual_device: Device,
) -> None:
    _start(virtual_device)
    # No task: body_empty instead of body_standard, under the banner.
    ids = {e.resource_id.removeprefix("org.tasks:id/") for e in screen_elements(virtual_device)}
    assert {"banner", "body_empty"} <= ids and "body_standard" not in ids
    assert _texts(virtual_device)[:6] == ["My Tasks", *BANNER, "There are no tasks here."]
    banner = find_element(virtual_device, resource_id="org.tasks:id/banner")
    empty = find_element(virtual_device, resource_id="org.tasks:id/body_empty")
    assert banner.bounds is not None and empty.bounds is not None
    assert banner.bounds.bottom <= empty.bounds.top  # the banner pushes the body down
    assert find_element(virtual_device, text="Dismiss").class_name == "android.widget.Button"
    tap_element(virtual_device, text="Dismiss")
    assert "Enjoying Tasks?" not in _texts(virtual_device)
    add_tasks(virtual_device, [TaskRow("Water the plants")])  # stops the app
    _start(virtual_device)  # a new start asks again
    texts = _texts(virtual_device)
    assert texts[:5] == ["My Tasks", *BANNER] and "Water the plants" in texts
    assert "There are no tasks here." not in texts


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
    # Every day before today is one "Overdue" section whose rows keep their dates (a
    # row's due date comes before its title); a task that starts on Wednesday and a
    # completed one are hidden.
    assert texts[: texts.index("Due Friday")] == [
        "My Tasks", *BANNER, "Overdue", "Oct 2", "Old receipts", "Fri 9:00 AM",
        "Renew passport",
    ]  # fmt: skip
    assert texts[texts.index("Due Friday") + 1 :][:2] == ["2:30 PM", "Pay rent"]
    assert "Call mom" not in texts and "Book flights" not in texts
    for item in ("Show unstarted", "Show completed"):
        choose_from_overflow(virtual_device, item)
    texts = _texts(virtual_device)
    assert texts.index("Due today") < texts.index("Call mom") < texts.index("Due Friday")
    # An unstarted task's chip_group holds its start date chip, worded as a due date.
    assert texts[texts.index("Call mom") + 1] == "Wed"
    assert texts.index("Due Friday, October 27") + 1 == texts.index("Book flights")
    # Descending grouping puts the latest day first; completed tasks can move last.
    tap_element(virtual_device, content_description="Sort")
    tap_element(virtual_device, text="Ascending")
    assert "Descending" in _texts(virtual_device)
    tap_element(virtual_device, text="Move completed tasks to bottom")
    virtual_device.keyevent("KEYCODE_BACK")
    texts = _texts(virtual_device)
    assert texts.index("Due Friday") < texts.index("Due today") < texts.index("Overdue")
    assert texts[texts.index("Completed") :][:3] == ["Completed", "Oct 27", "Book flights"]


def _children(node: ET.Element) -> list[str]:
    return [c.get("resource-id", "").rsplit("/", 1)[-1] for c in node]


def test_the_list_row_and_editor_are_the_real_layouts(virtual_device: Device) -> None:
    flight = due_millis(dt.date(2023, 10, 27), dt.time(9, 0), dt.UTC)
    add_tasks(
        virtual_device,
        [TaskRow("Pay rent", importance=0, notes="Before noon"),
         TaskRow("Book flights", dueDate=flight)],
    )  # fmt: skip
    _start(virtual_device)
    tree = ET.fromstring(virtual_device.ui_tree())
    by_id = {n.get("resource-id", "").rsplit("/", 1)[-1]: n for n in tree.iter("node")}
    # task_list_activity > fragment_task_list: the app bar, the body, the bottom bar.
    assert by_id["drawer_layout"].get("class") == "android.widget.LinearLayout"
    assert _children(by_id["task_list_coordinator"]) == ["appbarlayout", "", "bottomAppBar", "fab"]
    assert by_id["bottomAppBar"].get("class") == "android.view.ViewGroup"
    assert by_id["fab"].get("content-desc") == "Create new task"
    assert by_id["recycler_view"].get("class") == "androidx.recyclerview.widget.RecyclerView"
    # task_adapter_row: row > rowBody > completeBox, due_date, title, description.
    assert _children(by_id["row"]) == ["rowBody"]
    assert _children(by_id["rowBody"]) == ["completeBox", "title", "description"]
    assert by_id["completeBox"].get("class") == "android.widget.ImageView"
    assert by_id["description"].get("text") == "Before noon"
    assert _children(by_id["header_row"]) == ["header", "chevron"]
    # The editor: the title over the toolbar, the Compose control sets, the FAB.
    tap_element(virtual_device, text="Pay rent")
    tree = ET.fromstring(virtual_device.ui_tree())
    by_id = {n.get("resource-id", "").rsplit("/", 1)[-1]: n for n in tree.iter("node")}
    assert _children(by_id["collapsingtoolbarlayout"]) == ["title", "toolbar"]
    assert by_id["title"].get("class") == "android.widget.EditText"
    assert by_id["menu_delete"].get("content-desc") == "Delete task"
    texts = [n.get("text") for n in by_id["compose_view"].iter("node")]
    assert texts.index("No start date") < texts.index("Priority") < texts.index("Before noon")
    assert "No due date" in texts
    # The editor words a due date in full (FormatStyle.FULL).
    virtual_device.keyevent("KEYCODE_BACK")
    assert "9:00 AM" in _texts(virtual_device)  # under "Due Friday, October 27"
    tap_element(virtual_device, text="Book flights")
    assert "Friday, October 27 at 9:00 AM" in _texts(virtual_device)


def test_the_sort_sheet_shows_over_a_scrim_and_the_drawer_reaches_settings(
    virtual_device: Device,
) -> None:
    add_tasks(virtual_device, [TaskRow("Pay rent"), TaskRow("Old receipts", completed=1)])
    _start(virtual_device)
    before = virtual_device.screenshot().convert("RGB")
    tap_element(virtual_device, content_description="Sort")
    after = virtual_device.screenshot().convert("RGB")
    # SortSettingsActivity's sheet is Compose: no resource id in it or its window.
    line = find_element(virtual_device, text="Move completed tasks to bottom").bounds
    assert line is not None
    top = ET.fromstring(virtual_device.ui_tree()).find("node")
    assert top is not None  # the dump's root; its children are the windows
    window = next(w for w in top if any(n.get("text") == "Grouping" for n in w.iter("node")))
    assert not any(n.get("resource-id") for n in window.iter("node"))
    assert before.getpixel((540, 600)) == (250, 250, 250)
    assert max(cast(tuple[int, int, int], after.getpixel((540, 600)))) <= 110
    assert after.getpixel((12, line.center[1])) == (255, 255, 255)
    virtual_device.keyevent("KEYCODE_BACK")
    # The bottom bar's navigation button opens the drawer; its Settings opens settings.
    bar = find_element(virtual_device, resource_id="org.tasks:id/bottomAppBar").bounds
    assert bar is not None
    virtual_device.tap(bar.left + 60, bar.center[1])
    texts = _texts(virtual_device)
    # The count (size) comes first in filter_adapter_row; Today has none (INVISIBLE).
    assert texts[texts.index("My Tasks", 1) - 1 :][:3] == ["1", "My Tasks", "Today"]
    assert _texts(virtual_device)[-6:-1] == ["Places", "Local lists", "Default list", "Settings",
                                             "Help & feedback"]  # fmt: skip
    tap_element(virtual_device, text="Settings")
    texts = _texts(virtual_device)
    assert texts[:3] == ["Settings", "Not signed in", "Look and feel"]
    virtual_device.keyevent("KEYCODE_BACK")
    assert "My Tasks" in _texts(virtual_device)


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
