"""Simple Calendar Pro through its screens: the UI-only solver of each of its 17 tasks
scores 1.0 under ``droidhub run --agent ui_oracle``, and the screens answer the stock
``adb`` client (``am start``, ``input``, ``uiautomator dump``) as the real app would:
the FAB opens the editor, Save writes the events row at once, Delete asks and removes
it, BACK walks back to the month view and out of the app."""

from __future__ import annotations

import datetime as dt
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from droidhub.android.ui_tree import UIElement, parse_hierarchy
from droidhub_aw_apps.calendar import ids
from droidhub_aw_apps.calendar.model import (
    ACTIVITY,
    PACKAGE,
    CalendarEvent,
    add_events,
    list_events,
)
from droidhub_aw_apps.calendar.solvers import SOLVERS

if TYPE_CHECKING:
    from droidhub import Device
    from droidhub.virtual.server import VirtualDeviceServer

TASKS = sorted(s.task for s in SOLVERS)


def test_every_calendar_task_has_a_ui_solver() -> None:
    from droidhub_aw_apps.calendar.tasks import TASKS as WRITE_TASKS

    questions = [
        "SimpleCalendarAnyEventsOnDate", "SimpleCalendarEventOnDateAtTime",
        "SimpleCalendarEventsInNextWeek", "SimpleCalendarEventsInTimeRange",
        "SimpleCalendarEventsOnDate", "SimpleCalendarFirstEventAfterStartTime",
        "SimpleCalendarLocationOfEvent", "SimpleCalendarNextEvent",
        "SimpleCalendarNextMeetingWithPerson",
    ]  # fmt: skip
    assert sorted([t.__name__ for t in WRITE_TASKS] + questions) == TASKS


def test_ui_oracle_solves_every_calendar_task(tmp_path: Path) -> None:
    out = tmp_path / "run"
    command = [
        sys.executable, "-m", "droidhub", "run", "--suite", "android_world",
        "--tasks", ",".join(TASKS), "--agent", "ui_oracle", "--device", "virtual:2",
        "--n-combinations", "1", "--out", str(out),
    ]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    results = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    rewards = {r["task"].split("/")[-1]: (r["reward"], r.get("error")) for r in results}
    assert sorted(rewards) == TASKS
    failed = {task: got for task, got in rewards.items() if got[0] != 1.0}
    assert not failed, failed


# --- the screens through the stock adb client ------------------------------------------------
needs_adb = pytest.mark.skipif(
    shutil.which("adb") is None, reason="the stock adb client is not on PATH"
)


class Adb:
    """The stock ``adb`` client on one virtual phone."""

    def __init__(self, server: VirtualDeviceServer, device: Device) -> None:
        self.base = ["adb", "-P", str(server.port), "-s", device.serial]

    def shell(self, command: str) -> str:
        done = subprocess.run(
            [*self.base, "shell", command], capture_output=True, text=True, timeout=30, check=True
        )
        return done.stdout

    def dump(self) -> list[UIElement]:
        self.shell("uiautomator dump /sdcard/window_dump.xml")
        return parse_hierarchy(self.shell("cat /sdcard/window_dump.xml"))

    def find(self, **match: str) -> UIElement:
        elements = self.dump()
        for element in elements:
            if all(_matches(getattr(element, k), v) for k, v in match.items()):
                return element
        shown = [e.text or e.content_description for e in elements]
        raise AssertionError(f"nothing on screen matches {match}; shown: {shown}")

    def tap(self, **match: str) -> None:
        box = self.find(**match).bounds
        assert box is not None
        self.shell(f"input tap {(box.left + box.right) // 2} {(box.top + box.bottom) // 2}")

    def start(self) -> None:
        self.shell(f"am start -n {PACKAGE}/{ACTIVITY}")

    def tap_day(self, day: int) -> None:
        """A day of October 2023 in the month grid (its cells carry no text: the 1st,
        a Sunday, is the first cell)."""
        cells = [e for e in self.dump() if _matches(e.resource_id, ids.MONTH_CELL)]
        box = cells[day - 1].bounds
        assert box is not None
        self.shell(f"input tap {(box.left + box.right) // 2} {(box.top + box.bottom) // 2}")


def _matches(value: str, wanted: str) -> bool:
    return value == wanted or value.endswith(f":id/{wanted}")


@pytest.fixture
def adb(virtual_server: VirtualDeviceServer, virtual_device: Device) -> Adb:
    return Adb(virtual_server, virtual_device)


def _foreground(adb: Adb) -> str:
    return adb.shell("dumpsys activity activities | grep mResumedActivity")


@needs_adb
def test_fab_opens_the_editor_and_save_writes_the_row(adb: Adb, virtual_device: Device) -> None:
    adb.start()
    assert adb.find(resource_id=ids.TOP_VALUE).text == "October"
    adb.tap(resource_id=ids.FAB)
    assert adb.find(text=ids.NEW_EVENT).text == ids.NEW_EVENT
    assert adb.find(resource_id=ids.START_DATE).text == "October 15 (Sun)"
    adb.tap(resource_id=ids.TITLE)
    adb.shell("input text Dentist")
    adb.tap(resource_id=ids.SAVE)
    events = list_events(virtual_device)
    assert [e.title for e in events] == ["Dentist"]
    start = dt.datetime(2023, 10, 15, 16, tzinfo=dt.UTC)  # the next full hour after 15:34
    assert (events[0].start_ts, events[0].end_ts) == (int(start.timestamp()),) * 2
    assert adb.find(resource_id=ids.TOP_VALUE).text == "October"  # back on the month view


@needs_adb
def test_delete_asks_then_removes_the_row(adb: Adb, virtual_device: Device) -> None:
    start = int(dt.datetime(2023, 10, 20, 9, tzinfo=dt.UTC).timestamp())
    add_events(virtual_device, [CalendarEvent(start_ts=start, end_ts=start + 1800, title="Gym")])
    adb.start()
    cells = [e for e in adb.dump() if _matches(e.resource_id, ids.MONTH_CELL)]
    assert len(cells) == 42
    assert {(c.text, c.class_name) for c in cells} == {("", "android.view.View")}
    adb.tap_day(20)
    assert adb.find(resource_id=ids.TOP_VALUE).text == "October 20 (Fri)"
    assert adb.find(resource_id=ids.EVENT_ITEM_TIME).text == "09:00 AM - 09:30 AM"
    adb.tap(text="Gym")
    assert adb.find(resource_id=ids.TITLE).text == "Gym"
    adb.tap(content_description=ids.DELETE_DESC)
    adb.find(text=ids.PROCEED_WITH_DELETION)
    adb.tap(resource_id="button2")  # No
    assert len(list_events(virtual_device)) == 1
    adb.tap(content_description=ids.DELETE_DESC)
    adb.tap(resource_id="button1")  # Yes
    assert list_events(virtual_device) == []
    assert adb.find(resource_id=ids.TOP_VALUE).text == "October 20 (Fri)"


@needs_adb
def test_back_walks_to_the_month_view_then_out(adb: Adb) -> None:
    adb.start()
    adb.tap_day(18)
    assert adb.find(resource_id=ids.TOP_VALUE).text == "October 18 (Wed)"
    adb.tap(resource_id=ids.FAB)
    assert adb.find(resource_id=ids.START_DATE).text == "October 18 (Wed)"
    adb.shell("input keyevent KEYCODE_BACK")  # hides the keyboard or closes the editor
    if any(e.text == ids.NEW_EVENT for e in adb.dump()):
        adb.shell("input keyevent KEYCODE_BACK")
    assert adb.find(resource_id=ids.TOP_VALUE).text == "October 18 (Wed)"
    adb.shell("input keyevent KEYCODE_BACK")
    assert adb.find(resource_id=ids.TOP_VALUE).text == "October"
    adb.shell("input keyevent KEYCODE_BACK")
    assert PACKAGE not in _foreground(adb)


@needs_adb
def test_a_weekly_event_shows_on_its_weekday_only(adb: Adb, virtual_device: Device) -> None:
    start = int(dt.datetime(2023, 10, 16, 18, tzinfo=dt.UTC).timestamp())  # a Monday
    weekly = CalendarEvent(
        start_ts=start, end_ts=start + 3600, title="Choir", repeat_interval=7 * 86400, repeat_rule=1
    )
    add_events(virtual_device, [weekly])
    adb.start()
    adb.tap_day(30)  # the next Monday but one
    assert adb.find(resource_id=ids.EVENT_ITEM_TITLE).text == "Choir"
    adb.tap(resource_id=ids.TOP_RIGHT_ARROW)
    assert adb.find(resource_id=ids.TOP_VALUE).text == "October 31 (Tue)"
    assert not [e for e in adb.dump() if _matches(e.resource_id, ids.EVENT_ITEM_TITLE)]
