"""Broccoli: its database and the thirteen recipe tasks (each run against its near miss
in test_row_tasks.py)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from row_scenarios import instance
from task_runs import set_up

from droidhub import Env
from droidhub_aw_apps.common import source_material
from droidhub_aw_apps.recipe import model as broccoli
from droidhub_aw_apps.recipe import random_recipes as dishes
from droidhub_aw_apps.recipe import tasks as recipe


@pytest.mark.parametrize("task_cls", recipe.TASKS, ids=lambda t: t.name)
def test_params_are_deterministic_and_in_androidworlds_value_space(task_cls: Any) -> None:
    titles = {title for title, _ in dishes.DISHES}
    for seed in range(5):
        params = task_cls.generate_random_params(random.Random(seed))
        assert params == task_cls.generate_random_params(random.Random(seed))
        for row in [*params.row_objects, *params.noise_row_objects]:
            assert row.title in titles
            assert row.preparationTime in dishes.PREP_TIMES
            assert row.servings in dishes.SERVINGS
        assert params.row_objects, "a task with nothing to do would score 1 doing nothing"
        assert "{" not in task_cls(params).goal


def test_constraint_targets_use_the_ingredient_and_noise_does_not() -> None:
    for seed in range(30):
        params = recipe.RecipeDeleteMultipleRecipesWithConstraint.generate_random_params(
            random.Random(seed)
        )
        assert 1 <= len(params.row_objects) <= 3
        assert all(dishes.uses(r, params.ingredient) for r in params.row_objects)
        assert not any(dishes.uses(r, params.ingredient) for r in params.noise_row_objects)


@pytest.mark.parametrize(
    "task_cls", [recipe.RecipeDeleteDuplicateRecipes2, recipe.RecipeDeleteDuplicateRecipes3]
)
def test_the_only_exact_duplicates_are_the_two_copies_to_thin_out(task_cls: Any) -> None:
    # AW may draw a variant twice (seed 2462043763 of the third task does), a second
    # pair of exact copies the goal says to thin out and AW's check forbids touching.
    for seed in [*range(300), 2462043763]:
        params = task_cls.generate_random_params(random.Random(seed))
        noise = [r.model_dump_json() for r in params.noise_row_objects]
        target = params.row_objects[0].model_dump_json()
        assert len(set(noise)) == len(noise) and target not in noise, seed


def test_prep_time_targets_take_that_time() -> None:
    params = recipe.RecipeAddMultipleRecipesFromMarkor2.generate_random_params(random.Random(1))
    assert all(r.preparationTime == params.prep_time for r in params.row_objects)
    assert all(r.preparationTime != params.prep_time for r in params.noise_row_objects)
    task = recipe.RecipeAddMultipleRecipesFromMarkor2(params)
    assert f"that take {params.prep_time} to prepare" in task.goal


def test_the_model_creates_the_apps_schema_with_search(virtual_env: Env) -> None:
    device = virtual_env.device
    rows = device.query_db(broccoli.DB_PATH, "PRAGMA table_info(recipes)")
    assert [r["name"] for r in rows] == [
        "recipeId", "title", "imageName", "description", "servings", "preparationTime",
        "source", "ingredients", "directions", "favorite",
    ]  # fmt: skip
    broccoli.RECIPES.add_rows(device, [broccoli.Recipe(title="Lentil Soup").row()])
    found = device.query_db(
        broccoli.DB_PATH, "SELECT docid FROM recipes_fts WHERE recipes_fts MATCH 'lentil'"
    )
    assert len(found) == 1  # the app's search triggers keep the FTS index in step
    assert [r.title for r in broccoli.list_recipes(device)] == ["Lentil Soup"]


def test_markor_note_and_picture_hold_the_recipes(virtual_env: Env) -> None:
    with set_up(virtual_env, instance(recipe.RecipeAddMultipleRecipesFromMarkor)) as task:
        text = virtual_env.device.read_text(source_material.markor_path(recipe.MARKOR_NOTE))
        for row in task.params.row_objects:  # type: ignore[attr-defined]
            assert row.title in text and row.directions in text.replace("\n", " ")
    with set_up(virtual_env, instance(recipe.RecipeAddMultipleRecipesFromImage)):
        data = virtual_env.device.pull(source_material.gallery_path(recipe.GALLERY_IMAGE))
        assert data[:3] == b"\xff\xd8\xff"  # JPEG
