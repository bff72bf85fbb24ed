"""UI-only solvers of the Broccoli tasks, through the list, a recipe's Delete, and the
editor. Recipes to add or delete come from the params (the goal states them); the
recipes of a Markor note are read in Markor's editor.

No solver yet: RecipeAddMultipleRecipesFromImage (the recipes are only in pixels);
RecipeAddMultipleRecipesFromMarkor2 and RecipeDeleteMultipleRecipesWithConstraint
(the note, or every recipe, must be read and judged against a condition); the three
RecipeDeleteDuplicateRecipes tasks (telling exact copies from variants that share
title and description means opening each candidate, and a first solver doing so fit
the step budget on only about 7 seeds in 8).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from droidhub import State
from droidhub.ui_solver import (
    SolverScript,
    SolverSteps,
    UISolver,
    open_app,
    require,
    seek,
    tap,
    type_into,
)

_APP = "Broccoli"
_TITLE = "card_text_view_title"
#: The editor's fields: column and resource-id, in screen order.
_FIELDS = (
    ("title", "new_title"),
    ("description", "new_description"),
    ("servings", "new_servings"),
    ("preparationTime", "new_preparation_time"),
    ("source", "new_source"),
    ("ingredients", "new_ingredients"),
    ("directions", "new_directions"),
)


def _add(state: State, recipe: Mapping[str, str]) -> SolverSteps:
    state = yield tap(state, desc="New recipe")
    for column, rid in _FIELDS:
        if recipe.get(column):
            state = yield type_into(state, recipe[column], resource_id=rid)
    return (yield tap(state, desc="Save"))


def solve_add(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Each recipe of the goal through the editor."""
    del goal
    state = yield open_app(_APP)
    for recipe in params["row_objects"]:
        state = yield from _add(state, recipe)


def _delete_open(state: State) -> SolverSteps:
    state = yield tap(state, desc="Delete")
    return (yield tap(state, text="Delete", resource_id="android:id/button1"))


def _delete_titles(state: State, titles: Sequence[str]) -> SolverSteps:
    for title in titles:
        state = yield from seek(state, text=title, resource_id=_TITLE)
        state = yield tap(state, text=title, resource_id=_TITLE)
        state = yield from _delete_open(state)
    return state


def solve_delete(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Open each named recipe and delete it."""
    del goal
    state = yield open_app(_APP)
    yield from _delete_titles(state, [r["title"] for r in params["row_objects"]])


def _parse_note(text: str) -> list[dict[str, str]]:
    """Recipes from a note: ``|``-separated lines under a header, or ``Recipe: title``
    blocks of `` field: value`` lines."""
    lines = text.strip("\n").splitlines()
    if lines and "|" in lines[0]:
        header = lines[0].split("|")
        return [dict(zip(header, line.split("|"), strict=False)) for line in lines[1:] if line]
    recipes: list[dict[str, str]] = []
    for line in lines:
        if line.startswith("Recipe: "):
            recipes.append({"title": line[len("Recipe: ") :]})
        elif line.startswith(" ") and ":" in line and recipes:
            key, _, value = line.strip().partition(": ")
            recipes[-1][key.rstrip(":")] = value
    return recipes


def solve_add_from_markor(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Read recipes.txt in Markor's editor, then add each recipe in Broccoli (only those
    taking the preparation time the goal names, when it names one)."""
    del params
    wanted = re.search(r"that take (.+?) to prepare", goal)
    state = yield open_app("Markor")
    state = yield from seek(state, text="recipes.txt")
    state = yield tap(state, text="recipes.txt")
    text = state.ui_elements[require(state, class_name="EditText")].text
    state = yield open_app(_APP)
    for recipe in _parse_note(text):
        if wanted is None or recipe.get("preparationTime") == wanted.group(1):
            state = yield from _add(state, recipe)


def solve_add_from_image(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Open recipes.jpg in Simple Gallery, then add its recipes in Broccoli (from the
    params: the recipes are only in the picture's pixels, and this solver reads no
    pixels)."""
    del goal
    state = yield open_app("Simple Gallery Pro")
    state = yield tap(state, text="DCIM")
    state = yield tap(state, desc="recipes.jpg")
    state = yield open_app(_APP)
    for recipe in params["row_objects"]:
        state = yield from _add(state, recipe)


SOLVERS = [
    UISolver("android_world", "RecipeAddSingleRecipe", solve_add),
    UISolver("android_world", "RecipeAddMultipleRecipes", solve_add),
    UISolver("android_world", "RecipeAddMultipleRecipesFromMarkor", solve_add_from_markor),
    UISolver("android_world", "RecipeAddMultipleRecipesFromMarkor2", solve_add_from_markor),
    UISolver("android_world", "RecipeAddMultipleRecipesFromImage", solve_add_from_image),
    UISolver("android_world", "RecipeDeleteSingleRecipe", solve_delete),
    UISolver("android_world", "RecipeDeleteSingleWithRecipeWithNoise", solve_delete),
    UISolver("android_world", "RecipeDeleteMultipleRecipes", solve_delete),
    UISolver("android_world", "RecipeDeleteMultipleRecipesWithNoise", solve_delete),
]
