"""Broccoli's screens through adb, and its tasks done through them alone."""

from __future__ import annotations

import re
import sqlite3
import xml.etree.ElementTree as ET

from screen_checks import (
    assert_solved_through_screen,
    choose_from_overflow,
    find_element,
    tap_element,
)

from droidhub import Device
from droidhub.android.ui_tree import parse_hierarchy
from droidhub.virtual.views import dp
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


def _keyboard_shows(device: Device) -> bool:
    """Whether the soft keyboard is up: the window (adjustResize) ends on its top."""
    content = find_element(device, resource_id="android:id/content").bounds
    assert content is not None
    return content.bottom < 2337 - 500


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
    # Search keeps the matching cards only; BACK hides the keyboard, then closes the search.
    tap_element(virtual_device, content_description="Search")
    field = find_element(virtual_device, resource_id="search_src_text")
    assert field.focused and _keyboard_shows(virtual_device)
    virtual_device.input_text("Panc")
    assert "Pancakes" in _texts(virtual_device) and "Pasta" not in _texts(virtual_device)
    virtual_device.keyevent("KEYCODE_BACK")
    assert not _keyboard_shows(virtual_device)
    assert "Pasta" not in _texts(virtual_device)  # still searching
    virtual_device.keyevent("KEYCODE_BACK")
    assert "Pasta" in _texts(virtual_device)
    # More options > Delete asks first; CANCEL keeps the recipe, DELETE removes it.
    tap_element(virtual_device, text="Pasta")
    choose_from_overflow(virtual_device, "Delete")
    assert "Delete this recipe?" in _texts(virtual_device)
    tap_element(virtual_device, text="CANCEL")
    choose_from_overflow(virtual_device, "Delete")
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
    virtual_device.keyevent("KEYCODE_BACK")  # the keyboard
    virtual_device.keyevent("KEYCODE_BACK")  # the search
    tap_element(virtual_device, content_description="Search")
    virtual_device.input_text("garlic")
    assert not {"Soup", "Salad", "Stew"} & set(_texts(virtual_device))


def _list_of_twelve(device: Device) -> list[str]:
    """Twelve recipes in the database and the app on its list; their titles in order."""
    titles = [f"Recipe {n:02}" for n in range(1, 13)]
    recipes = [Recipe(title=t, description=f"Dish number {t[-2:]}") for t in titles]
    start = ["am", "start", "-n", "com.flauschcode.broccoli/.MainActivity"]
    device.shell(start)  # the first start creates the database
    device.force_stop("com.flauschcode.broccoli")
    RECIPES.change(device, lambda conn: RECIPES.insert(conn, [r.row() for r in recipes]))
    device.shell(start)
    return titles


def _titles_shown(device: Device) -> list[str]:
    return [
        e.text
        for e in parse_hierarchy(device.ui_tree())
        if e.resource_id.endswith(":id/card_text_view_title")
    ]


def test_the_list_scrolls_to_later_cards_and_keeps_its_place_under_a_recipe(
    virtual_device: Device,
) -> None:
    titles = _list_of_twelve(virtual_device)
    cards = find_element(virtual_device, resource_id="recycler_view")
    assert cards.scrollable and cards.class_name == "androidx.recyclerview.widget.RecyclerView"
    first = _titles_shown(virtual_device)
    assert first == titles[: len(first)] and titles[-1] not in first
    virtual_device.swipe(540, 1900, 540, 700, 300)  # a finger drags the list up
    after = _titles_shown(virtual_device)
    assert after[0] != titles[0] and titles.index(after[-1]) > titles.index(first[-1])
    for _ in range(3):
        virtual_device.swipe(540, 1900, 540, 700, 300)
    assert _titles_shown(virtual_device)[-1] == titles[-1]  # the end of the list
    at_end = _titles_shown(virtual_device)
    tap_element(virtual_device, text=at_end[1])
    assert find_element(virtual_device, resource_id="details_title").text == at_end[1]
    virtual_device.keyevent("KEYCODE_BACK")  # MainActivity kept the list where it was
    assert _titles_shown(virtual_device) == at_end


def test_a_card_nests_as_recipe_item_and_stands_out_from_the_page(
    virtual_device: Device,
) -> None:
    _list_of_twelve(virtual_device)
    root = ET.fromstring(virtual_device.ui_tree())
    package = "com.flauschcode.broccoli:id/"
    (cards,) = [n for n in root.iter("node") if n.get("resource-id") == package + "recycler_view"]
    first = next(iter(cards))
    # recipe_item.xml: MaterialCardView > ConstraintLayout > image, title, description, source
    assert first.get("class") == "androidx.cardview.widget.CardView"
    assert first.get("clickable") == "true"
    (body,) = list(first)
    assert body.get("class") == "android.view.ViewGroup"
    assert [(n.get("resource-id"), n.get("class")) for n in body] == [
        (package + "card_image", "android.widget.ImageView"),
        (package + "card_text_view_title", "android.widget.TextView"),
        (package + "card_text_view_description", "android.widget.TextView"),
        (package + "card_text_view_source", "android.widget.TextView"),
    ]
    left, top, right, bottom = _bounds(first.get("bounds", ""))
    assert (left, right) == (dp(8), 1080 - dp(8))  # 8 dp margins at the sides
    assert bottom - top == dp(120)
    # The card and the page are both white (Material's light colorSurface and
    # colorBackground): the card stands out by the shadow its 2 dp elevation casts.
    pixels = virtual_device.screenshot().convert("RGB")
    assert pixels.getpixel((right - 20, top + 20)) == (255, 255, 255)  # on the card
    assert pixels.getpixel((540, bottom + dp(4))) == (255, 255, 255)  # the page
    under = pixels.getpixel((540, bottom + 1))  # just under the card's edge
    assert max(under) < 235 and under[0] == under[1] == under[2]


def _bounds(text: str) -> tuple[int, int, int, int]:
    left, top, right, bottom = (int(v) for v in re.findall(r"-?\d+", text))
    return left, top, right, bottom


def test_the_category_spinner_drops_its_categories_and_filters_the_list(
    virtual_device: Device,
) -> None:
    titles = _list_of_twelve(virtual_device)
    virtual_device.write_db(
        DB, "com.flauschcode.broccoli",
        lambda conn: conn.execute("UPDATE recipes SET favorite=1 WHERE title='Recipe 03'"),
    )  # fmt: skip
    virtual_device.shell(["am", "start", "-n", "com.flauschcode.broccoli/.MainActivity"])
    spinner = find_element(virtual_device, resource_id="spinner")
    assert spinner.class_name == "android.widget.Spinner"
    tap_element(virtual_device, resource_id="spinner")
    rows = [
        e
        for e in parse_hierarchy(virtual_device.ui_tree())
        if e.class_name == "android.widget.CheckedTextView"
    ]
    assert [r.text for r in rows] == [
        "All recipes", "Seasonal recipes", "Recipes without category", "Favorites",
    ]  # fmt: skip
    assert all(r.resource_id == "android:id/text1" for r in rows)
    assert "android.widget.ListView" in virtual_device.ui_tree()
    tap_element(virtual_device, text="Favorites")
    assert _titles_shown(virtual_device) == ["Recipe 03"]
    assert find_element(virtual_device, resource_id="spinner").class_name.endswith("Spinner")
    tap_element(virtual_device, content_description="Search")
    hint = find_element(virtual_device, resource_id="search_src_text")
    assert hint.text == "Search in FAVORITES"
    virtual_device.keyevent("KEYCODE_BACK")
    virtual_device.keyevent("KEYCODE_BACK")
    tap_element(virtual_device, resource_id="spinner")
    virtual_device.keyevent("KEYCODE_BACK")  # BACK closes the drop-down, keeps Favorites
    assert "android.widget.ListView" not in virtual_device.ui_tree()
    assert _titles_shown(virtual_device) == ["Recipe 03"]
    tap_element(virtual_device, resource_id="spinner")
    tap_element(virtual_device, text="All recipes")
    assert _titles_shown(virtual_device)[0] == titles[0]


def test_a_long_recipe_scrolls_on_its_page(virtual_device: Device) -> None:
    steps = "\n".join(f"Step {n} of the long recipe." for n in range(1, 41))
    start = ["am", "start", "-n", "com.flauschcode.broccoli/.MainActivity"]
    virtual_device.shell(start)
    virtual_device.force_stop("com.flauschcode.broccoli")
    long_one = Recipe(title="Long Stew", ingredients="1 onion", directions=steps)
    RECIPES.change(virtual_device, lambda conn: RECIPES.insert(conn, [long_one.row()]))
    virtual_device.shell(start)
    tap_element(virtual_device, text="Long Stew")
    page = find_element(virtual_device, resource_id="scroll_view")
    assert page.scrollable and page.class_name == "android.widget.ScrollView"
    shown = [t for t in _texts(virtual_device) if t.startswith("Step ")]
    assert "Step 1 of the long recipe." in shown and "Step 40 of the long recipe." not in shown
    for _ in range(6):
        virtual_device.swipe(540, 2000, 540, 600, 300)
    shown = [t for t in _texts(virtual_device) if t.startswith("Step ")]
    assert "Step 40 of the long recipe." in shown and "Step 1 of the long recipe." not in shown


def _ids_shown(device: Device) -> set[str]:
    return {e.resource_id.rsplit("/", 1)[-1] for e in parse_hierarchy(device.ui_tree())}


def test_the_recipe_page_shows_categories_source_and_quantities_only_when_it_has_them(
    virtual_device: Device,
) -> None:
    start = ["am", "start", "-n", "com.flauschcode.broccoli/.MainActivity"]
    virtual_device.shell(start)
    virtual_device.force_stop("com.flauschcode.broccoli")
    plain = Recipe(title="Plain Toast", ingredients="as needed", directions="Toast it.")
    full = Recipe(title="Full Soup", source="https://example.org/soup",
                  ingredients="2 carrots\nsalt", directions="Boil.")  # fmt: skip

    def add(conn: sqlite3.Connection) -> None:
        RECIPES.insert(conn, [plain.row(), full.row()])
        conn.execute("INSERT INTO categories (name) VALUES ('Soups'), ('Winter')")
        conn.execute(
            "INSERT INTO recipes_with_categories SELECT r.recipeId, c.categoryId "
            "FROM recipes r, categories c WHERE r.title = 'Full Soup'"
        )

    RECIPES.change(virtual_device, add)
    virtual_device.shell(start)
    tap_element(virtual_device, text="Plain Toast")
    shown = _ids_shown(virtual_device)
    # No photo: the collapsed app bar still holds the backdrop under the toolbar.
    assert {"backdrop", "toolbar_layout", "toolbar", "ingredient_text"} <= shown
    assert not shown & {"details_categories", "details_source", "ingredient_quantity"}
    assert find_element(virtual_device, resource_id="backdrop").content_description == (
        "Recipe photo"
    )
    virtual_device.keyevent("KEYCODE_BACK")
    tap_element(virtual_device, text="Full Soup")
    assert find_element(virtual_device, resource_id="details_categories").text == "Soups, Winter"
    icon = find_element(virtual_device, resource_id="details_icon_categories")
    assert icon.content_description == "Categories"
    assert find_element(virtual_device, resource_id="details_source").text.endswith("/soup")
    assert find_element(virtual_device, resource_id="ingredient_quantity").text == "2"
    assert find_element(virtual_device, resource_id="ingredient_text").text == "carrots"


def test_the_navigation_button_opens_the_drawer(virtual_device: Device) -> None:
    virtual_device.shell(["am", "start", "-n", "com.flauschcode.broccoli/.MainActivity"])
    drawer = find_element(virtual_device, resource_id="drawer_layout")
    assert drawer.class_name == "androidx.drawerlayout.widget.DrawerLayout"
    assert "nav_view" not in _ids_shown(virtual_device)  # closed: INVISIBLE
    tap_element(virtual_device, content_description="Open navigation drawer")
    assert find_element(virtual_device, resource_id="nav_view").bounds is not None
    assert "Seasonal calendar" in _texts(virtual_device)
