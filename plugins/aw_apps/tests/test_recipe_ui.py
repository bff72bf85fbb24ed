"""Broccoli's screens through adb, and its tasks done through them alone."""

from __future__ import annotations

from screen_checks import assert_solved_through_screen, tap_element

from droidhub import Device
from droidhub.android.ui_tree import parse_hierarchy
from droidhub_aw_apps.recipe.model import RECIPES, Recipe

TASKS = (
    "RecipeAddSingleRecipe",
    "RecipeAddMultipleRecipes",
    # Reads recipes.txt in Markor's editor first.
    "RecipeAddMultipleRecipesFromMarkor",
    "RecipeAddMultipleRecipesFromMarkor2",
    # Shows recipes.jpg in Simple Gallery first; the recipes are in pixels only.
    "RecipeAddMultipleRecipesFromImage",
    # Open look-alike recipes, compare every field, delete exact copies.
    "RecipeDeleteDuplicateRecipes",
    "RecipeDeleteDuplicateRecipes2",
    "RecipeDeleteDuplicateRecipes3",
    "RecipeDeleteSingleRecipe",
    "RecipeDeleteSingleWithRecipeWithNoise",
    "RecipeDeleteMultipleRecipes",
    "RecipeDeleteMultipleRecipesWithNoise",
    # Which recipes use the ingredient comes from the params; each is checked on screen.
    "RecipeDeleteMultipleRecipesWithConstraint",
)
DB = "/data/data/com.flauschcode.broccoli/databases/broccoli"


def _texts(device: Device) -> list[str]:
    return [e.text for e in parse_hierarchy(device.ui_tree())]


def test_a_recipe_is_written_searched_and_deleted_through_the_screens(
    virtual_device: Device,
) -> None:
    virtual_device.shell(["am", "start", "-n", "com.flauschcode.broccoli/.MainActivity"])
    for title in ("Pancakes", "Pasta"):
        tap_element(virtual_device, content_description="New Recipe")
        tap_element(virtual_device, resource_id="new_title")
        virtual_device.input_text(title)
        tap_element(virtual_device, resource_id="new_servings")
        virtual_device.input_text("4 servings")
        tap_element(virtual_device, resource_id="button_save_recipe")
        # Save opens the saved recipe; Navigate up goes back to the list.
        assert title in _texts(virtual_device)
        tap_element(virtual_device, content_description="Navigate up")
    rows = virtual_device.query_db(DB, "SELECT title, servings FROM recipes ORDER BY title")
    assert rows == [
        {"title": "Pancakes", "servings": "4 servings"},
        {"title": "Pasta", "servings": "4 servings"},
    ]
    # Search keeps the matching cards only; BACK closes the search.
    tap_element(virtual_device, content_description="Search")
    virtual_device.input_text("Panc")
    assert "Pancakes" in _texts(virtual_device) and "Pasta" not in _texts(virtual_device)
    virtual_device.keyevent("KEYCODE_BACK")
    assert "Pasta" in _texts(virtual_device)
    # More options > Delete asks first; CANCEL keeps the recipe, DELETE removes it.
    tap_element(virtual_device, text="Pasta")
    tap_element(virtual_device, content_description="More options")
    tap_element(virtual_device, text="Delete")
    assert "Delete this recipe?" in _texts(virtual_device)
    tap_element(virtual_device, text="CANCEL")
    tap_element(virtual_device, content_description="More options")
    tap_element(virtual_device, text="Delete")
    tap_element(virtual_device, resource_id="android:id/button1")
    rows = virtual_device.query_db(DB, "SELECT title FROM recipes")
    assert rows == [{"title": "Pancakes"}]
    assert "com.flauschcode.broccoli" in virtual_device.foreground_activity()


def test_recipe_tasks_are_solved_through_the_screen() -> None:
    assert_solved_through_screen(TASKS)


def test_the_search_covers_what_broccolis_full_text_index_covers(virtual_device: Device) -> None:
    # Title, description, source and ingredients, by word beginnings; not directions.
    recipes = [
        Recipe(title="Soup", ingredients="2 carrots", directions="Boil the garlic."),
        Recipe(title="Salad", description="Crisp and carrot-free", directions="Mix."),
        Recipe(title="Stew", directions="Add carrots last."),
    ]
    RECIPES.change(virtual_device, lambda conn: RECIPES.insert(conn, [r.row() for r in recipes]))
    virtual_device.shell(["am", "start", "-n", "com.flauschcode.broccoli/.MainActivity"])
    tap_element(virtual_device, content_description="Search")
    virtual_device.input_text("carrot")
    shown = [t for t in _texts(virtual_device) if t in ("Soup", "Salad", "Stew")]
    assert shown == ["Salad", "Soup"]  # description before ingredients, then by title
    virtual_device.keyevent("KEYCODE_BACK")
    tap_element(virtual_device, content_description="Search")
    virtual_device.input_text("garlic")
    assert not {"Soup", "Salad", "Stew"} & set(_texts(virtual_device))
