"""The SQLite row tasks of Simple Calendar Pro, Pro Expense and Broccoli, one virtual
phone each: doing nothing scores 0, the oracle 1, a near miss 0, and tear-down restores
what set-up found.

Each task has its near miss here, the way a careless agent gets it almost right: an
event a day late, an expense a cent off, one noise row deleted too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from row_scenarios import (
    NearMiss,
    add_altered,
    add_targets_and_one_noise_row,
    check_task,
    delete_all_but_one_target,
    delete_both_copies,
    delete_one_noise_row_too,
    edit_instead_of_delete,
)

from droidhub import Env, TaskEval
from droidhub_aw_apps.calendar import tasks as calendar
from droidhub_aw_apps.common.sqlite_rows import RowsTask
from droidhub_aw_apps.expense import tasks as expense
from droidhub_aw_apps.recipe import tasks as recipe

# Simple Calendar Pro

DAY = 24 * 60 * 60


def next_day(row: Any) -> dict[str, Any]:
    return {**row, "start_ts": row["start_ts"] + DAY, "end_ts": row["end_ts"] + DAY}


def ten_minutes_longer(row: Any) -> dict[str, Any]:
    return {**row, "end_ts": row["end_ts"] + 600}


def not_repeating(row: Any) -> dict[str, Any]:
    return {**row, "repeat_interval": 0, "repeat_rule": 0}


CALENDAR_NEAR_MISSES = {
    "SimpleCalendarAddOneEvent": add_altered(next_day),
    "SimpleCalendarAddOneEventInTwoWeeks": add_altered(next_day),
    "SimpleCalendarAddOneEventRelativeDay": add_altered(next_day),
    "SimpleCalendarAddOneEventTomorrow": add_altered(ten_minutes_longer),
    "SimpleCalendarAddRepeatingEvent": add_altered(not_repeating),
    "SimpleCalendarDeleteEvents": delete_all_but_one_target,
    "SimpleCalendarDeleteEventsOnRelativeDay": delete_one_noise_row_too,
    "SimpleCalendarDeleteOneEvent": delete_one_noise_row_too,
}


# Pro Expense


def one_cent_more(row: Any) -> dict[str, Any]:
    return {**row, "amount": row["amount"] + 1}


def other_category(row: Any) -> dict[str, Any]:
    return {**row, "category": row["category"] % 11 + 1}


def delete_duplicate_and_a_variant(env: Env, task: RowsTask) -> None:
    """Delete one copy, and also one of the near-copies (same name, other amount)."""
    task.oracle(env)
    variant = task.noise_rows(env)[-1:]
    task.table.change(env.device, lambda conn: task.table.delete_matching(conn, variant))


EXPENSE_NEAR_MISSES = {
    "ExpenseAddMultiple": add_altered(one_cent_more),
    "ExpenseAddMultipleFromGallery": add_altered(other_category),
    "ExpenseAddMultipleFromMarkor": add_targets_and_one_noise_row,
    "ExpenseAddSingle": add_altered(one_cent_more),
    "ExpenseDeleteDuplicates": delete_both_copies,
    "ExpenseDeleteDuplicates2": delete_duplicate_and_a_variant,
    "ExpenseDeleteMultiple": delete_all_but_one_target,
    "ExpenseDeleteMultiple2": delete_one_noise_row_too,
    "ExpenseDeleteSingle": edit_instead_of_delete("amount", 1),
}


# Broccoli


def other_prep_time(row: Any) -> dict[str, Any]:
    return {**row, "preparationTime": "99 hrs"}


def other_title(row: Any) -> dict[str, Any]:
    return {**row, "title": "Something Else Entirely"}


def favorite(row: Any) -> dict[str, Any]:
    return {**row, "favorite": 1}


def other_directions(row: Any) -> dict[str, Any]:
    return {**row, "directions": "Boil water. Add pasta. Drain after nine minutes."}


RECIPE_NEAR_MISSES = {
    "RecipeAddMultipleRecipes": add_altered(other_prep_time),
    "RecipeAddMultipleRecipesFromImage": add_altered(favorite),
    "RecipeAddMultipleRecipesFromMarkor": add_altered(other_directions),
    "RecipeAddMultipleRecipesFromMarkor2": add_targets_and_one_noise_row,
    "RecipeAddSingleRecipe": add_altered(other_title),
    "RecipeDeleteDuplicateRecipes": delete_both_copies,
    "RecipeDeleteDuplicateRecipes2": delete_both_copies,
    "RecipeDeleteDuplicateRecipes3": delete_one_noise_row_too,
    "RecipeDeleteMultipleRecipes": delete_all_but_one_target,
    "RecipeDeleteMultipleRecipesWithConstraint": delete_one_noise_row_too,
    "RecipeDeleteMultipleRecipesWithNoise": delete_one_noise_row_too,
    "RecipeDeleteSingleRecipe": edit_instead_of_delete("favorite", 1),
    "RecipeDeleteSingleWithRecipeWithNoise": delete_one_noise_row_too,
}


#: Each app's tasks (as many as AndroidWorld has) and the near misses that name them.
APPS: dict[str, tuple[Sequence[type[TaskEval]], int, dict[str, NearMiss]]] = {
    "calendar": (calendar.TASKS, 8, CALENDAR_NEAR_MISSES),
    "expense": (expense.TASKS, 9, EXPENSE_NEAR_MISSES),
    "recipe": (recipe.TASKS, 13, RECIPE_NEAR_MISSES),
}
NEAR_MISSES = {**CALENDAR_NEAR_MISSES, **EXPENSE_NEAR_MISSES, **RECIPE_NEAR_MISSES}


@pytest.mark.parametrize(("tasks", "count", "near_misses"), APPS.values(), ids=APPS.keys())
def test_every_task_has_a_near_miss(
    tasks: Sequence[type[TaskEval]], count: int, near_misses: dict[str, NearMiss]
) -> None:
    assert sorted(near_misses) == sorted(t.name for t in tasks)
    assert len(tasks) == count


@pytest.mark.parametrize(
    "task_cls", [*calendar.TASKS, *expense.TASKS, *recipe.TASKS], ids=lambda t: t.name
)
def test_noop_oracle_near_miss_and_tear_down(virtual_env: Env, task_cls: Any) -> None:
    check_task(virtual_env, task_cls, NEAR_MISSES[task_cls.name])
