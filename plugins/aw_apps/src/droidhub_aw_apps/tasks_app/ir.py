"""The Tasks app (``org.tasks``) as information-retrieval questions see it.

The questions are spec files (``specs/Tasks*.toml``); this module says how an answer
row becomes a row of the ``tasks`` table and draws AW's noise: 20 tasks whose titles
and notes come from AW's pool (``ir_noise.json``), due within a week either side of the
reference moment, hidden until about six days before, half of them completed some time
in the fortnight around two weeks ago; a task that meets every exclusion condition is
drawn again. Answer tasks and noise are shuffled together.
"""

from __future__ import annotations

import datetime as dt
import random

from droidhub_aw_apps.common.ir_app import NoiseDrawnIRApp, Row, day_meets, moment, noise_pools
from droidhub_aw_apps.common.ir_instance import compare, random_moment
from droidhub_aw_apps.common.ir_spec import Condition
from droidhub_aw_apps.common.relative_dates import REFERENCE_NOW
from droidhub_aw_apps.tasks_app.model import TABLE, TaskRow

#: AW's noise tasks: title -> notes.
NOISE_TASKS: dict[str, str] = noise_pools("tasks_app")["tasks"]
NOISE_COUNT = 20
#: Importance when a row gives none (the app's "none").
DEFAULT_IMPORTANCE = 2


def _millis(row: Row, prefix: str) -> int:
    day = row.get(f"{prefix}_date")
    return int(moment(day, row.get(f"{prefix}_time")).timestamp() * 1000) if day else 0


def task_of(row: Row) -> TaskRow:
    """The task an answer (or noise) row describes, with AW's timestamps: created and
    modified 7*3600 ms before the due moment, as AW writes them."""
    due = _millis(row, "due")
    created = due - 7 * 3600
    return TaskRow(
        title=row["title"],
        importance=int(row.get("importance", DEFAULT_IMPORTANCE)),
        dueDate=due,
        hideUntil=_millis(row, "hide_until"),
        completed=_millis(row, "completed"),
        created=created,
        modified=created,
        notes=row.get("notes"),
    )


def _texts(prefix: str, when: dt.datetime) -> dict[str, str]:
    return {f"{prefix}_date": f"{when:%B %d %Y}", f"{prefix}_time": f"{when:%H:%M}"}


def noise_task(rng: random.Random) -> TaskRow:
    """One of AW's noise tasks, before the exclusions (see the module docstring)."""
    title = rng.choice(list(NOISE_TASKS))
    row = {"title": title}
    if rng.choice([True, False]):
        row["notes"] = NOISE_TASKS[title]
    row["importance"] = str(rng.choice([0, 1, 2, 3]))
    due = random_moment(rng)
    row |= _texts("due", due)
    hide = random_moment(rng, dt.timedelta(days=5), due - dt.timedelta(days=6))
    row |= _texts("hide_until", hide)
    if rng.choice([True, False]):
        row |= _texts("completed", random_moment(rng, center=REFERENCE_NOW - dt.timedelta(days=14)))
    return task_of(row)


class TasksIR(NoiseDrawnIRApp):
    """The Tasks app's tasks as IR rows."""

    key = "tasks"
    table = TABLE
    app_names = ("tasks", "tasks app")
    rows_field = "tasks_app_tasks"
    noise_count = NOISE_COUNT
    fields = (
        "title", "importance", "due_date", "due_time", "hide_until_date", "hide_until_time",
        "completed_date", "completed_time", "notes",
    )  # fmt: skip

    app_row = staticmethod(task_of)
    draw_noise = staticmethod(noise_task)

    def meets(self, task: TaskRow, cond: Condition) -> bool:
        """Whether a task meets exclusion condition ``cond``."""
        if cond.field == "due_date":
            return day_meets(task.dueDate, cond)
        if cond.field == "completed_date":
            if cond.value == "0":  # the app's "not completed"
                return compare(task.completed, cond.op, 0)
            return day_meets(task.completed, cond)
        if cond.field == "title":
            return compare(task.title.lower(), cond.op, cond.value.lower())
        if cond.field == "importance":
            return compare(task.importance, cond.op, int(cond.value))
        return True


IR_APP = TasksIR()
