"""UI-only solvers of the Broccoli tasks, through the list, a recipe's overflow menu
(More options > Delete, then DELETE in the dialog), and the form (each field
scrolled into sight, then typed; Save opens the saved recipe, Navigate up goes
back). Recipes to add or delete come from the params (the goal states them); the
recipes of a Markor note are read in Markor's editor.

Two solvers take from the params what an agent must find on its own, and say so:
RecipeAddMultipleRecipesFromImage (the recipes are only in the picture's pixels) and
RecipeDeleteMultipleRecipesWithConstraint (which recipes use the ingredient: Broccoli
shows directions only on a recipe's own page, so checking all ~32 costs more steps than
the budget; the solver opens only the named ones and checks their directions on screen).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from droidhub import Action, State
from droidhub.agents.ui_solver import (
    SolverError,
    SolverScript,
    SolverSteps,
    find_all,
    open_app,
    press_back,
    scroll_list,
    seek,
    tap,
    type_into,
)
from droidhub_aw_apps.common.records_solvers import read_markor_note, view_gallery_picture
from droidhub_aw_apps.common.ui_solvers import SolverList
from droidhub_aw_apps.recipe.cards import CardList, Face

SOLVERS = SolverList()

_APP = "Broccoli"
_TITLE = "card_text_view_title"
#: The editor's fields: column and resource-id, in screen order.
_FIELDS = (
    ("title", "new_title"),
    ("description", "new_description"),
    ("source", "new_source"),
    ("servings", "new_servings"),
    ("preparationTime", "new_preparation_time"),
    ("ingredients", "new_ingredients"),
    ("directions", "new_directions"),
)


def _add(state: State, recipe: Mapping[str, str]) -> SolverSteps:
    state = yield tap(state, desc="New Recipe")
    for column, rid in _FIELDS:
        if recipe.get(column):
            state = yield from seek(state, resource_id=rid)
            state = yield type_into(state, recipe[column], resource_id=rid)
    state = yield tap(state, resource_id="button_save_recipe")
    return (yield tap(state, desc="Navigate up"))  # from the saved recipe to the list


@SOLVERS.solves("RecipeAddSingleRecipe", "RecipeAddMultipleRecipes")
def solve_add(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Each recipe of the goal through the editor."""
    del goal
    state = yield open_app(_APP)
    for recipe in params["row_objects"]:
        state = yield from _add(state, recipe)


def _delete_open(state: State) -> SolverSteps:
    state = yield tap(state, desc="More options")
    state = yield tap(state, text="Delete", resource_id="title")
    return (yield tap(state, text="DELETE", resource_id="android:id/button1"))


def _delete_titles(state: State, titles: Sequence[str]) -> SolverSteps:
    for title in titles:
        state = yield from seek(state, text=title, resource_id=_TITLE)
        state = yield tap(state, text=title, resource_id=_TITLE)
        state = yield from _delete_open(state)
    return state


@SOLVERS.solves(
    "RecipeDeleteSingleRecipe",
    "RecipeDeleteSingleWithRecipeWithNoise",
    "RecipeDeleteMultipleRecipes",
    "RecipeDeleteMultipleRecipesWithNoise",
)
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


@SOLVERS.solves("RecipeAddMultipleRecipesFromMarkor", "RecipeAddMultipleRecipesFromMarkor2")
def solve_add_from_markor(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Read recipes.txt in Markor's editor, then add each recipe in Broccoli (only those
    taking the preparation time the goal names, when it names one)."""
    del params, state
    wanted = re.search(r"that take (.+?) to prepare", goal)
    text = yield from read_markor_note("recipes.txt")
    state = yield open_app(_APP)
    for recipe in _parse_note(text):
        if wanted is None or recipe.get("preparationTime") == wanted.group(1):
            state = yield from _add(state, recipe)


@SOLVERS.solves("RecipeAddMultipleRecipesFromImage")
def solve_add_from_image(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Open recipes.jpg in Simple Gallery, then add its recipes in Broccoli (from the
    params: the recipes are only in the picture's pixels, and this solver reads no
    pixels)."""
    del goal, state
    yield from view_gallery_picture("recipes.jpg")
    state = yield open_app(_APP)
    for recipe in params["row_objects"]:
        state = yield from _add(state, recipe)


_DESCRIPTION = "card_text_view_description"


def _cards(state: State) -> list[tuple[str, str]]:
    """(title, description) of the recipe cards on screen, in order."""
    elements = state.ui_elements
    cards = []
    for i in find_all(state, resource_id=_TITLE):
        after = elements[i + 1] if i + 1 < len(elements) else None
        same_card = after is not None and after.resource_id.endswith(_DESCRIPTION)
        cards.append((elements[i].text, after.text if same_card and after else ""))
    return cards


def _details(state: State) -> tuple[str, ...]:
    """Everything the open recipe shows, field by field."""
    shown = ("/details_", "/ingredient_", "/direction_text")
    return tuple(e.text for e in state.ui_elements if any(k in e.resource_id for k in shown))


def _tap_card(state: State, title: str, nth: int) -> Action:
    """A tap on the ``nth`` card titled ``title`` on screen."""
    matches = [i for i in find_all(state, resource_id=_TITLE) if state.ui_elements[i].text == title]
    if nth >= len(matches):
        raise SolverError(f"the list shows {len(matches)} cards titled {title!r}, not {nth + 1}")
    return Action(action_type="click", index=matches[nth])


def _suspects(cards: CardList, least: int) -> list[int]:
    """List positions of the cards not yet opened whose face ``least`` cards share."""
    faces = [face for _, face in cards.cards()]
    return [
        top for top, face in cards.cards() if faces.count(face) >= least and top not in cards.opened
    ]


@SOLVERS.solves(
    "RecipeDeleteDuplicateRecipes", "RecipeDeleteDuplicateRecipes2", "RecipeDeleteDuplicateRecipes3"
)
def solve_delete_duplicates(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Read the list down once, opening the cards that look alike (same title,
    description and source; the list is sorted by title, so they lie together),
    nearest first, and comparing all each shows with its look-alikes opened before;
    delete the first exact copy and stop.

    Look-alikes three or more are opened as they show; pairs, which chance makes
    among 32 recipes, wait for the list's end. Stopping at the first copy is taken on
    trust: the goal allows several duplicated recipes, AndroidWorld's instances hold
    one, and the step budget leaves no room to read a 32-card list to its end after
    opening its eight look-alikes."""
    del goal, params
    state = yield open_app(_APP)
    cards = CardList(state)
    seen: dict[Face, list[tuple[str, ...]]] = {}
    for _ in range(80):
        if cards.lost:
            state = yield scroll_list(state, "up")
            cards.scrolled(state, "up")
            continue
        pending = _suspects(cards, 3)
        if not pending and cards.end_unsure:  # first the end's cards for sure
            cards.recheck_end()
            continue
        if not pending and cards.ended:
            pending = _suspects(cards, 2)
        if not pending:
            if cards.ended:
                return
            state = yield scroll_list(state, "down")
            cards.scrolled(state, "down")
            continue
        top = min(pending, key=cards.distance)
        face = cards.faces[top]
        state, tap_card = yield from cards.show(state, top)
        cards.opened.add(top)
        state = yield tap_card
        signature = _details(state)
        if signature in seen.get(face, []):
            yield from _delete_open(state)
            return
        seen.setdefault(face, []).append(signature)
        state = yield press_back()
        cards.returned(state)
    raise SolverError("80 moves through the recipe list found no exact copy")


@SOLVERS.solves("RecipeDeleteMultipleRecipesWithConstraint")
def solve_delete_with_constraint(
    goal: str, params: Mapping[str, Any], state: State
) -> SolverScript:
    """Search each recipe to delete by its title, open the cards so titled until one
    whose directions name the ingredient, and delete that one.

    Which recipes use the ingredient comes from the params (see the module docstring);
    that each does is read on its page, so a wrong pick fails the solver."""
    del goal
    ingredient = str(params["ingredient"]).casefold()
    state = yield open_app(_APP)
    for title in [r["title"] for r in params["row_objects"]]:
        state = yield tap(state, desc="Search")
        state = yield Action(action_type="input_text", text=title)
        for nth in range(len(_cards(state))):
            state = yield _tap_card(state, title, nth)
            if any(ingredient in text.casefold() for text in _details(state)):
                state = yield from _delete_open(state)
                break
            state = yield press_back()
        else:
            raise SolverError(f"no recipe titled {title!r} names {ingredient!r} in its directions")
        state = yield press_back()  # the search closes: the whole list again
