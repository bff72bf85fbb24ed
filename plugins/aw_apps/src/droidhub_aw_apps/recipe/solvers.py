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
from collections.abc import Generator, Mapping, Sequence
from typing import Any

from droidhub import Action, State
from droidhub.agents.ui_solver import (
    SolverError,
    SolverScript,
    SolverSteps,
    UISolver,
    find,
    find_all,
    open_app,
    press_back,
    require,
    scroll,
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


def _list_ends_on_screen(state: State) -> bool:
    """Whether the last card shown leaves room for another: the list has no more."""
    titles = find_all(state, resource_id=_TITLE)
    fab = find(state, resource_id="fab_recipes")
    if not titles or fab is None:
        return True
    last, bottom = state.ui_elements[titles[-1]].bounds, state.ui_elements[fab].bounds
    first = state.ui_elements[titles[0]].bounds
    assert last is not None and bottom is not None and first is not None
    pitch = (last.top - first.top) // max(1, len(titles) - 1) if len(titles) > 1 else 200
    return last.bottom + pitch < bottom.top


def _all_cards(state: State) -> Generator[Action, State, tuple[State, list[tuple[str, str]]]]:
    """Scroll the list to its end, every card read once (by overlap)."""
    cards = _cards(state)
    for _ in range(10):
        if _list_ends_on_screen(state):
            break
        state = yield scroll("down")
        more = _cards(state)
        k = next((k for k in range(min(len(cards), len(more)), 0, -1) if cards[-k:] == more[:k]), 0)
        if k == len(more):
            break
        cards += more[k:]
    return state, cards


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


def solve_delete_duplicates(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Find titles listed more than once with the same description (the largest such
    sets first); show their cards (searching for the title when they are not all on
    screen), open each in turn and compare all its fields with the ones before it: an
    exact copy is deleted right there, any other goes back to the list."""
    del goal, params
    state = yield open_app(_APP)
    scrolled = not _list_ends_on_screen(state)
    state, cards = yield from _all_cards(state)
    counts: dict[tuple[str, str], int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    # The largest sets of look-alike cards first: the likeliest to hold an exact copy.
    suspects: dict[str, int] = {}
    for (title, _), n in counts.items():
        if n > 1:
            suspects[title] = suspects.get(title, 0) + n
    for title in sorted(suspects, key=lambda t: (-suspects[t], t)):
        copies = len([c for c in cards if c[0] == title])
        searched = scrolled or len([c for c in _cards(state) if c[0] == title]) < copies
        if searched:
            state = yield tap(state, desc="Search")
            state = yield Action(action_type="input_text", text=title)
            # Reading a scrolled list of look-alike cards can miss some: count the found.
            copies = max(copies, len([c for c in _cards(state) if c[0] == title]))
        seen: list[tuple[str, ...]] = []
        nth = 0
        for _ in range(copies):
            state = yield _tap_card(state, title, nth)
            signature = _details(state)
            if signature in seen:
                state = yield from _delete_open(state)  # the next copy takes its place
            else:
                seen.append(signature)
                nth += 1
                state = yield press_back()
        if searched:
            state = yield press_back()  # the search closes: the whole list again


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


SOLVERS = [
    UISolver("android_world", "RecipeAddSingleRecipe", solve_add),
    UISolver("android_world", "RecipeAddMultipleRecipes", solve_add),
    UISolver("android_world", "RecipeAddMultipleRecipesFromMarkor", solve_add_from_markor),
    UISolver("android_world", "RecipeAddMultipleRecipesFromMarkor2", solve_add_from_markor),
    UISolver("android_world", "RecipeAddMultipleRecipesFromImage", solve_add_from_image),
    UISolver("android_world", "RecipeDeleteDuplicateRecipes", solve_delete_duplicates),
    UISolver("android_world", "RecipeDeleteDuplicateRecipes2", solve_delete_duplicates),
    UISolver("android_world", "RecipeDeleteDuplicateRecipes3", solve_delete_duplicates),
    UISolver("android_world", "RecipeDeleteSingleRecipe", solve_delete),
    UISolver("android_world", "RecipeDeleteSingleWithRecipeWithNoise", solve_delete),
    UISolver("android_world", "RecipeDeleteMultipleRecipes", solve_delete),
    UISolver("android_world", "RecipeDeleteMultipleRecipesWithNoise", solve_delete),
    UISolver(
        "android_world", "RecipeDeleteMultipleRecipesWithConstraint", solve_delete_with_constraint
    ),
]
