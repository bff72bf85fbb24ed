"""One virtual phone per task: no-op scores 0, oracle 1, a near miss 0, tear-down restores.

Shared by the tests of the SQLite app tasks (calendar, expense, recipe). Near misses
change the table through the Device the way a careless agent would: delete one noise
row too, add an expense a cent off, put the event on the wrong day.
"""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Callable, Mapping
from typing import Any

from droidhub import Env, TaskEval
from droidhub_aw_apps.common.sqlite_rows import RowsTask

NearMiss = Callable[[Env, RowsTask], None]


def instance(task_cls: type[TaskEval], seed: int = 5) -> RowsTask:
    """An instance of ``task_cls`` with parameters drawn from ``seed``."""
    task = task_cls(task_cls.generate_random_params(random.Random(seed)))
    assert isinstance(task, RowsTask)
    return task


def files(env: Env, task: RowsTask) -> dict[str, bytes]:
    """The bytes of every file the task declares it writes (absent: b"")."""
    out = {}
    for path in task.footprint.writes.paths:
        out[path] = env.device.pull(path) if env.device.exists(path) else b""
    return out


def check_task(env: Env, task_cls: type[TaskEval], near_miss: NearMiss, seed: int = 5) -> None:
    """No-op 0, oracle 1, near miss 0; tear-down restores the files byte for byte."""
    task = instance(task_cls, seed)
    before = files(env, task)
    task.initialize_task(env)
    assert task.is_successful(env) == 0.0, "doing nothing must score 0"
    task.oracle(env)
    assert task.is_successful(env) == 1.0, "the oracle must score 1"
    # A fresh object scores from the parameters and the phone alone.
    assert type(task)(task.params).is_successful(env) == 1.0
    task.tear_down(env)
    assert files(env, task) == before, "tear-down must restore what set-up found"

    task = instance(task_cls, seed)
    task.initialize_task(env)
    near_miss(env, task)
    assert task.is_successful(env) == 0.0, "the near miss must score 0"
    task.tear_down(env)
    assert files(env, task) == before


def change(env: Env, task: RowsTask, sql: str, params: tuple[Any, ...] = ()) -> None:
    """Run one statement on the task's table, app stopped."""

    def run(conn: sqlite3.Connection) -> None:
        conn.execute(sql, params)

    task.table.change(env.device, run)


def delete_one_noise_row_too(env: Env, task: RowsTask) -> None:
    """The oracle's work, plus one noise row deleted."""
    task.oracle(env)
    noise = task.noise_rows(env)
    assert noise, f"{task.name} has no noise rows to delete"
    task.table.change(env.device, lambda conn: task.table.delete_matching(conn, noise[:1]))


def delete_all_but_one_target(env: Env, task: RowsTask) -> None:
    """Delete the targets except the last one."""
    targets = task.target_rows(env)[:-1]
    if not targets:  # a single target: delete nothing of it, but touch a noise row instead
        delete_one_noise_row_too(env, task)
        return
    task.table.change(env.device, lambda conn: task.table.delete_matching(conn, targets))


def delete_both_copies(env: Env, task: RowsTask) -> None:
    """Delete the duplicated row entirely (both copies)."""
    targets = task.target_rows(env)
    task.table.change(env.device, lambda conn: task.table.delete_matching(conn, targets))


def add_altered(alter: Callable[[Mapping[str, Any]], dict[str, Any]]) -> NearMiss:
    """Add the targets as the oracle would, the first one altered by ``alter``."""

    def act(env: Env, task: RowsTask) -> None:
        rows = task.target_rows(env)
        rows[0] = alter(rows[0])
        task.table.add_rows(env.device, rows)

    return act


def add_targets_and_delete_noise(env: Env, task: RowsTask) -> None:
    """Add the targets right but delete a noise row on the way."""
    task.oracle(env)
    noise = task.noise_rows(env)
    task.table.change(env.device, lambda conn: task.table.delete_matching(conn, noise[:1]))


def add_targets_and_one_noise_row(env: Env, task: RowsTask) -> None:
    """Add the targets, and one more row copied from the noise (a row not asked for)."""
    task.oracle(env)
    task.table.add_rows(env.device, task.noise_rows(env)[:1])


def edit_instead_of_delete(column: str, value: Any) -> NearMiss:
    """Set ``column`` of the target rows to ``value`` instead of deleting them."""

    def act(env: Env, task: RowsTask) -> None:
        change(env, task, f'UPDATE "{task.table.name}" SET "{column}" = ?', (value,))

    return act
