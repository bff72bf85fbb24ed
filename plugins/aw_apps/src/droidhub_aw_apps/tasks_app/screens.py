"""The Tasks app's screens on the virtual phone (org.tasks 13.6.5, as AndroidWorld pins
it; tasks/tasks), drawn from its ``tasks`` table with the widget toolkit:

* The task list ("My Tasks"): open tasks, grouped under section headers. Sorted by due
  date (the default here), the headers are the days ("Yesterday", "Today",
  "Tomorrow", else like "Fri, Oct 20"; "No due date" last) and each row shows its title
  (``title``) and its due time if it has one (``due_date``), as the app does when it
  sorts by due date. Sorted by priority, the headers are "High priority" ...
  "No priority" and each row shows its due date ("Today", "Tmrw", "Yest" or "Oct 20",
  with the time). Completed tasks are hidden, and tasks whose start date
  (``hideUntil``) is still ahead too, unless the Sort sheet shows them; a completed task's
  row is checked. A tap opens the task; the FAB adds one.
* The Sort sheet (toolbar "Sort"): sort by Due date, Priority or Title, and the
  switches "Show completed" and "Show unstarted"; "Done" or BACK closes it.
* The task editor: title, due date, priority (High, Medium, Low, None), completed,
  notes; BACK or "Navigate up" saves; "Delete" in the overflow menu deletes.
"""

from __future__ import annotations

import datetime as dt
import sqlite3
import time
import uuid
from contextlib import closing
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from droidhub.virtual.appmodel import (
    Button,
    CheckBox,
    Dialog,
    Fab,
    IconButton,
    ListRow,
    MenuItem,
    RadioGroup,
    ScrollList,
    Switch,
    Text,
    TextField,
    Theme,
    Toolbar,
    VirtualApp,
    WidgetApp,
    Window,
)
from droidhub_aw_apps.tasks_app import ids
from droidhub_aw_apps.tasks_app.model import DB_PATH, TABLE, TasksApp, has_due_time

if TYPE_CHECKING:
    from droidhub.virtual.appmodel import VirtualPhone

_COLUMNS = ("_id", "title", "importance", "dueDate", "hideUntil", "completed", "notes")


@dataclass
class _Task:
    id: int
    title: str
    importance: int
    due: dt.datetime | None
    timed: bool
    hide_until: dt.datetime | None
    completed: bool
    notes: str


def _clock(moment: dt.datetime) -> str:
    return f"{moment:%I:%M %p}".lstrip("0")


def day_header(day: dt.date, today: dt.date) -> str:
    """A due-date section's header: Yesterday, Today, Tomorrow, else like Fri, Oct 20."""
    named = {-1: "Yesterday", 0: "Today", 1: "Tomorrow"}.get((day - today).days)
    if named:
        return named
    text = f"{day:%a}, {day:%b} {day.day}"
    return text if day.year == today.year else f"{text}, {day.year}"


def due_label(task: _Task, today: dt.date) -> str:
    """A row's due date outside the due-date sort: Yest/Today/Tmrw or Oct 20, and time."""
    if task.due is None:
        return ""
    day = task.due.date()
    text = {-1: "Yest", 0: "Today", 1: "Tmrw"}.get((day - today).days)
    if text is None:
        text = f"{day:%b} {day.day}" + (f", {day.year}" if day.year != today.year else "")
    return f"{text}, {_clock(task.due)}" if task.timed else text


def _by_due(task: _Task) -> tuple[float, int]:
    return (task.due.timestamp() if task.due else float("inf"), task.id)


class TasksScreens(WidgetApp):
    """The list, the Sort sheet and the editor of Tasks."""

    theme: ClassVar[Theme] = Theme(primary="#1976D2", on_primary="#FFFFFF", accent="#1976D2")

    def __init__(self) -> None:
        super().__init__()
        self._forget()

    def _forget(self) -> None:
        self.sort = 0
        self.show_completed = False
        self.show_unstarted = False
        self.sheet = False
        self.open_id: int | None = None
        self.draft: dict[str, Any] = {}

    def on_start(self, phone: VirtualPhone, intent: Any) -> None:
        """A launch shows the list."""
        super().on_start(phone, intent)
        self.sheet, self.open_id, self.draft = False, None, {}

    def on_stop(self, phone: VirtualPhone) -> None:
        """Force-stopped: the list, sorted by due date, next time."""
        super().on_stop(phone)
        self._forget()

    # --- data ----------------------------------------------------------------------------
    def _tasks(self, phone: VirtualPhone) -> list[_Task]:
        path = phone.host_path(DB_PATH)
        if not path.exists():
            return []
        with closing(sqlite3.connect(path)) as conn:
            rows = conn.execute(
                f"SELECT {', '.join(_COLUMNS)} FROM tasks WHERE deleted = 0 ORDER BY _id"
            ).fetchall()
        tz = phone.tzinfo()

        def moment(millis: int) -> dt.datetime | None:
            return dt.datetime.fromtimestamp(millis / 1000, tz) if millis > 0 else None

        return [
            _Task(
                r[0],
                r[1] or "",
                r[2],
                moment(r[3]),
                has_due_time(r[3]),
                moment(r[4]),
                r[5] > 0,
                r[6] or "",
            )
            for r in rows
        ]

    def _save(self, phone: VirtualPhone) -> None:
        draft, now = self.draft, int(time.time() * 1000)
        with closing(sqlite3.connect(phone.host_path(DB_PATH))) as conn, conn:
            if draft.get("id") is None:
                if draft["title"].strip():
                    values = {"title": draft["title"],
                              "importance": draft["importance"], "dueDate": 0, "hideUntil": 0,
                              "completed": now if draft["completed"] else 0, "created": now,
                              "modified": now, "deleted": 0, "notes": draft["notes"] or None,
                              "remoteId": uuid.uuid4().hex}  # fmt: skip
                    TABLE.insert(conn, [values])
            else:
                done = conn.execute(
                    "SELECT completed FROM tasks WHERE _id=?", (draft["id"],)
                ).fetchone()[0]
                completed = (done or now) if draft["completed"] else 0
                conn.execute(
                    "UPDATE tasks SET title=?, importance=?, completed=?, notes=?, modified=? "
                    "WHERE _id=?",
                    (draft["title"], draft["importance"], completed, draft["notes"] or None,
                     now, draft["id"]),
                )  # fmt: skip
        self.open_id, self.draft = None, {}
        self.reset_ui()

    def _delete(self, phone: VirtualPhone) -> None:
        with closing(sqlite3.connect(phone.host_path(DB_PATH))) as conn, conn:
            conn.execute("DELETE FROM tasks WHERE _id=?", (self.open_id,))
        self.open_id, self.draft = None, {}
        self.reset_ui()

    def _open(self, task: _Task | None) -> None:
        self.open_id = task.id if task else -1
        self.draft = {
            "id": task.id if task else None,
            "title": task.title if task else "",
            "importance": task.importance if task else 3,
            "completed": task.completed if task else False,
            "notes": task.notes if task else "",
            "due": task,
        }
        self.reset_ui()

    # --- screens -------------------------------------------------------------------------
    def build(self, phone: VirtualPhone) -> Window:
        """The editor, or the list (with the Sort sheet over it)."""
        if self.open_id is not None:
            return self._editor(phone)
        today = phone.now().date()
        now = phone.now()
        shown = [
            t for t in self._tasks(phone)
            if (self.show_completed or not t.completed)
            and (self.show_unstarted or t.hide_until is None or t.hide_until <= now)
        ]  # fmt: skip
        toolbar = Toolbar(
            "My Tasks",
            actions=[IconButton(ids.SORT, "sort", self._open_sheet, resource_id="menu_sort")],
        )
        body = [ScrollList(self._rows(shown, today), key="tasks", resource_id="recycler_view")]
        return Window(
            ids.PACKAGE, toolbar, body,
            fab=Fab("Create new task", lambda: self._open(None), resource_id="fab"),
            dialog=self._sheet() if self.sheet else None,
        )  # fmt: skip

    def _open_sheet(self) -> None:
        self.sheet = True

    def _rows(self, tasks: list[_Task], today: dt.date) -> list[Any]:
        def row(task: _Task, subtitle: str) -> ListRow:
            return ListRow(
                task.title, subtitle, on_click=lambda: self._open(task), title_id=ids.TITLE,
                subtitle_id=ids.DUE_DATE, checked=task.completed, key=f"task-{task.id}",
                resource_id=ids.ROW,
            )  # fmt: skip

        out: list[Any] = []
        if self.sort == 2:  # by title, no sections
            for task in sorted(tasks, key=lambda t: (t.title.lower(), t.id)):
                out.append(row(task, due_label(task, today)))
            return out
        groups: dict[tuple[int, str], list[_Task]] = {}
        for task in tasks:
            if self.sort == 1:
                key = (task.importance, ids.PRIORITY_HEADERS[min(task.importance, 3)])
            elif task.due is None:
                key = (10**9, ids.NO_DUE_DATE)
            else:
                key = (task.due.date().toordinal(), day_header(task.due.date(), today))
            groups.setdefault(key, []).append(task)
        for (_, header), members in sorted(groups.items()):
            out.append(Text(header, style="subtitle", resource_id=ids.HEADER, key=header))
            for task in sorted(
                members, key=lambda t: (t.due or dt.datetime.max.replace(tzinfo=dt.UTC), t.id)
            ):
                if self.sort == 1:
                    out.append(row(task, due_label(task, today)))
                else:
                    out.append(row(task, _clock(task.due) if task.due and task.timed else ""))
        return out

    def _sheet(self) -> Dialog:
        def choose(i: int) -> None:
            self.sort = i
            self.reset_ui()

        return Dialog(
            title=ids.SORT,
            body=[
                RadioGroup(ids.SORT_MODES, self.sort, choose, key="sort_mode"),
                Switch(ids.SHOW_COMPLETED, self.show_completed,
                       lambda on: setattr(self, "show_completed", on)),
                Switch(ids.SHOW_UNSTARTED, self.show_unstarted,
                       lambda on: setattr(self, "show_unstarted", on)),
            ],
            buttons=[Button(ids.DONE, lambda: setattr(self, "sheet", False), style="text")],
        )  # fmt: skip

    def _editor(self, phone: VirtualPhone) -> Window:
        draft, today = self.draft, phone.now().date()
        task: _Task | None = draft["due"]
        due = "No due date"
        if task is not None and task.due is not None:
            due = day_header(task.due.date(), today) + (
                f", {_clock(task.due)}" if task.timed else ""
            )

        def edit(name: str) -> Any:
            return lambda value: draft.__setitem__(name, value)

        toolbar = Toolbar(
            "", up=True, on_up=lambda: self._save(phone),
            menu=[MenuItem("Delete", lambda: self._delete(phone))] if draft["id"] else (),
        )  # fmt: skip
        body = [
            TextField(draft["title"], edit("title"), hint="Task name", resource_id="title",
                      key="title"),
            Text(due, resource_id="due_date"),
            RadioGroup(ids.PRIORITIES, draft["importance"], edit("importance"), key="priority"),
            CheckBox("Completed", draft["completed"], edit("completed"), resource_id="completed"),
            TextField(draft["notes"], edit("notes"), hint="Description", single_line=False,
                      resource_id="notes", key="notes"),
        ]  # fmt: skip
        return Window(ids.PACKAGE, toolbar, body)

    def on_back(self, phone: VirtualPhone) -> bool:
        """BACK closes the sheet, saves and closes the editor; on the list it leaves."""
        if self.sheet:
            self.sheet = False
        elif self.open_id is not None:
            self._save(phone)
        else:
            return False
        return True


class TasksScreensApp(TasksScreens, TasksApp):
    """Tasks on the virtual phone: its database and its screens."""

    def __init__(self) -> None:
        TasksScreens.__init__(self)


def virtual_apps() -> list[VirtualApp]:
    """A fresh Tasks model."""
    return [TasksScreensApp()]
