"""Pro Expense: its database and the nine expense tasks (each run against its near miss
in test_row_tasks.py)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from row_scenarios import instance
from task_runs import set_up

from droidhub import Env
from droidhub_aw_apps.common import source_material
from droidhub_aw_apps.expense import model as records
from droidhub_aw_apps.expense import tasks as expense


@pytest.mark.parametrize("task_cls", expense.TASKS, ids=lambda t: t.name)
def test_params_are_deterministic_and_in_androidworlds_value_space(task_cls: Any) -> None:
    for seed in range(5):
        params = task_cls.generate_random_params(random.Random(seed))
        assert params == task_cls.generate_random_params(random.Random(seed))
        for row in [*params.row_objects, *params.noise_row_objects]:
            assert row.name in records.NAMES[records.CATEGORIES[row.category]]
            assert row.note in records.NOTES
        targets = params.row_objects
        assert len(targets) == (2 if "Duplicates" in task_cls.name else task_cls.n_rows)
        assert len(params.noise_row_objects) == task_cls.n_rows_noise
        assert "{" not in task_cls(params).goal


def test_goal_lists_the_expenses_to_add() -> None:
    task = instance(expense.ExpenseAddMultiple)
    for row in task.params.row_objects:  # type: ignore[attr-defined]
        assert row.name in task.goal
        assert f"${row.amount / 100}" in task.goal  # AW writes $355.9, not $355.90
    delete = instance(expense.ExpenseDeleteMultiple)
    names = ", ".join(r.name for r in delete.params.row_objects)  # type: ignore[attr-defined]
    assert delete.goal == f"Delete the following expenses from pro expense: {names}."


def test_duplicates2_noise_holds_three_near_copies() -> None:
    params = expense.ExpenseDeleteDuplicates2.generate_random_params(random.Random(3))
    target = params.row_objects[0]
    near = [r for r in params.noise_row_objects if r.name == target.name and r != target]
    assert len(near) >= 3 and all(50 <= r.amount - target.amount < 1000 for r in near[-3:])


def test_the_model_creates_the_apps_schema(virtual_env: Env) -> None:
    device = virtual_env.device
    rows = device.query_db(records.DB_PATH, "PRAGMA table_info(expense)")
    assert [(r["name"], r["type"]) for r in rows] == [
        ("expense_id", "INTEGER"), ("name", "TEXT"), ("amount", "INTEGER"),
        ("category", "INTEGER"), ("note", "TEXT"), ("created_date", "INTEGER"),
        ("modified_date", "INTEGER"),
    ]  # fmt: skip
    assert device.query_db(records.DB_PATH, "PRAGMA user_version")[0]["user_version"] == 6
    assert records.list_expenses(device) == []


def test_markor_note_lists_reimbursable_targets_among_noise(virtual_env: Env) -> None:
    with set_up(virtual_env, instance(expense.ExpenseAddMultipleFromMarkor)):
        text = virtual_env.device.read_text(source_material.markor_path(expense.MARKOR_NOTE))
        lines = text.splitlines()
        assert lines[0] == "name|amount_dollars|category_name|note"
        assert len(lines) == 1 + 2 + 100
        assert sum(line.endswith("Reimbursable.") for line in lines) == 2
        assert len(records.list_expenses(virtual_env.device)) == 100
    assert not virtual_env.device.exists(source_material.markor_path(expense.MARKOR_NOTE))


def test_gallery_pictures_are_real_jpegs(virtual_env: Env) -> None:
    from io import BytesIO

    from PIL import Image

    with set_up(virtual_env, instance(expense.ExpenseAddMultipleFromGallery)):
        data = virtual_env.device.pull(source_material.gallery_path(expense.GALLERY_IMAGE))
        image = Image.open(BytesIO(data))
        assert image.format == "JPEG" and image.width > 200 and image.height > 100
        for name in expense.OLD_IMAGES:
            assert virtual_env.device.exists(source_material.gallery_path(name))
    assert not virtual_env.device.exists(source_material.gallery_path(expense.GALLERY_IMAGE))
