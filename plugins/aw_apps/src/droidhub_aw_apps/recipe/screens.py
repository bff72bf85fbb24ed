"""Broccoli's screens on the view engine (com.flauschcode.broccoli 1.2.6, as AndroidWorld
pins it), bound from its ``broccoli`` database; the views are :mod:`.layouts`.

* MainActivity (``activity_main``): the DrawerLayout around the app bar (``toolbar``,
  titled by the page, "Open navigation drawer") and the nav host with the page:
  - Recipes (``fragment_recipes``): ``toolbar_recipes`` with the category
    ``spinner`` ("All recipes"; a tap drops All recipes, Seasonal recipes, Recipes
    without category, Favorites and the custom categories, and the one chosen
    filters the list) and ``action_search``; the cards in
    ``recycler_view``; ``fab_recipes`` ("New Recipe"). Search expands a SearchView
    (``search_src_text``, hint "Search in ALL RECIPES", focused, the soft keyboard
    up: BACK hides the keyboard, a second BACK collapses it) that keeps the recipes whose
    title, description, source or ingredients have words beginning with every word
    typed (Broccoli's FTS4 index; directions are not in it).
  - Categories (``fragment_categories``): the categories, or the prompt to create
    one, and ``fab_categories``.
  - Settings: the preference screen's rows (``res/xml/settings.xml``).
  - The drawer (``nav_view``): its header and the seven entries of
    ``activity_main_drawer``; the other pages show their title only.
* RecipeDetailsActivity: the app bar (``app_bar`` > ``toolbar_layout`` > ``toolbar``
  with "Navigate up", "Mark as favorite" and "More options", whose popup holds Share,
  Share as file, Edit, Delete), the recipe in ``scroll_view``, ``fab_cooking_assistant``.
  Delete asks "Delete this recipe?" (CANCEL / DELETE).
* CreateAndEditRecipeActivity (new or edited): ``toolbar`` "New Recipe" with its
  close button and ``button_save_recipe``, the photo and the eight fields; Save
  writes the row and opens the recipe's page (a new one) or goes back to it; closing
  with changes asks "Discard changes?" (CANCEL / DISCARD).
"""

from __future__ import annotations

import functools
import re
import sqlite3
from contextlib import closing
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from droidhub.virtual import views
from droidhub.virtual.views.dialogs import alert_dialog
from droidhub.virtual.views.keyboard import Keyboard
from droidhub_aw_apps.common.fresh_launch import FreshLaunchApp
from droidhub_aw_apps.common.sqlite_files import select_rows
from droidhub_aw_apps.recipe import drawer, layouts
from droidhub_aw_apps.recipe.layouts import PRIMARY_VARIANT, coordinator, fab, toolbar
from droidhub_aw_apps.recipe.model import DB_PATH, BroccoliApp

if TYPE_CHECKING:
    from droidhub.virtual.appmodel import VirtualApp, VirtualPhone

#: The recipe columns the screens show and the form edits.
COLUMNS = ("title", "description", "servings", "preparationTime", "source", "ingredients",
           "directions")  # fmt: skip
#: The columns Broccoli's full-text index covers (``CoreRecipeFts``), in its order.
_SEARCHED = ("title", "description", "source", "ingredients")
Recipe = dict[str, str]


def search_rank(recipe: Recipe, query: str) -> tuple[int, str] | None:
    """Where the search lists ``recipe`` (None: not found), as Broccoli's FTS4 query
    does: every word typed must begin a word of the title, description, source or
    ingredients; recipes found in an earlier column come first, then by title."""
    words = [w for w in re.split(r"\W+", query.casefold()) if w]
    first: int | None = None
    for word in words:
        columns = [
            i
            for i, column in enumerate(_SEARCHED)
            if any(t.startswith(word) for t in re.split(r"\W+", recipe[column].casefold()))
        ]
        if not columns:
            return None
        first = min(columns) if first is None else min(first, min(columns))
    return (first or 0, recipe["title"].casefold())


@dataclass
class Editor:
    """The form's state: which recipe (None: a new one) and the fields as typed."""

    recipe_id: int | None = None
    values: dict[str, str] = field(default_factory=lambda: dict.fromkeys(COLUMNS, ""))
    saved: dict[str, str] = field(default_factory=lambda: dict.fromkeys(COLUMNS, ""))

    def dirty(self) -> bool:
        """Whether anything changed since the form opened."""
        return self.values != self.saved


@dataclass
class Navigation:
    """Where the app is: the page, the drawer, the search, the recipe, the form and
    the popup or dialog over them."""

    page: str = "Recipes"
    drawer_open: bool = False
    query: str | None = None
    open_id: int | None = None
    editor: Editor | None = None
    #: "menu" (the details' overflow popup), "categories" (the spinner's drop-down),
    #: "delete" or "discard" (their dialogs).
    over: str = ""
    #: The spinner's category, by name.
    category: str = "All recipes"
    #: The list's scroll offsets while a recipe is open: MainActivity stays below
    #: RecipeDetailsActivity, so the list is where it was when the recipe closes.
    list_scroll: dict[str, int] = field(default_factory=dict)


class BroccoliScreens(FreshLaunchApp):
    """Broccoli's activities as view trees; made, launched and force-stopped, it shows
    the recipe list."""

    def reset_state(self) -> None:
        """The recipe list, nothing open."""
        self.nav = Navigation()
        self.reset_view_state()

    # --- the database ----------------------------------------------------------------
    def recipes(self, phone: VirtualPhone) -> list[Recipe]:
        """Every recipe by title (the app's ``ORDER BY title``), each with its id."""
        names = ", ".join(f"`{c}`" for c in COLUMNS)
        rows = select_rows(
            phone,
            DB_PATH,
            f"SELECT recipeId, favorite, {names} FROM recipes "
            "ORDER BY title COLLATE NOCASE, recipeId",
        )
        return [
            {"recipeId": str(r[0]), "favorite": str(r[1]),
             **{c: v or "" for c, v in zip(COLUMNS, r[2:], strict=True)}}
            for r in rows
        ]  # fmt: skip

    def categories(self, phone: VirtualPhone) -> list[str]:
        """The custom categories by name."""
        rows = select_rows(phone, DB_PATH, "SELECT name FROM categories ORDER BY name")
        return [r[0] or "" for r in rows]

    def categories_of(self, phone: VirtualPhone, recipe_id: int) -> list[str]:
        """The names of the recipe's categories (its ``recipes_with_categories`` rows)."""
        with closing(sqlite3.connect(phone.host_path(DB_PATH))) as conn:
            rows = conn.execute(
                "SELECT c.name FROM recipes_with_categories w JOIN categories c "
                "ON c.categoryId = w.categoryId WHERE w.recipeId = ? ORDER BY c.categoryId",
                (recipe_id,),
            ).fetchall()
        return [r[0] or "" for r in rows]

    def _write(self, phone: VirtualPhone, sql: str, args: tuple[object, ...]) -> int:
        with closing(sqlite3.connect(phone.host_path(DB_PATH))) as conn, conn:
            return int(conn.execute(sql, args).lastrowid or 0)

    def in_category(self, phone: VirtualPhone) -> list[Recipe]:
        """The recipes of the spinner's category (RecipeRepository.find): all, the
        favorites, those in no category, those in a custom one; the seasonal ones
        only with a seasonal calendar, which a fresh install has not set up."""
        recipes, category = self.recipes(phone), self.nav.category
        if category == "All recipes":
            return recipes
        if category == "Favorites":
            return [r for r in recipes if r["favorite"] == "1"]
        if category == "Seasonal recipes":
            return []
        with closing(sqlite3.connect(phone.host_path(DB_PATH))) as conn:
            rows = conn.execute(
                "SELECT w.recipeId, c.name FROM recipes_with_categories w "
                "JOIN categories c ON c.categoryId = w.categoryId"
            ).fetchall()
        if category == "Recipes without category":
            tagged = {str(r[0]) for r in rows}
            return [r for r in recipes if r["recipeId"] not in tagged]
        chosen = {str(r[0]) for r in rows if r[1] == category}
        return [r for r in recipes if r["recipeId"] in chosen]

    def listed(self, phone: VirtualPhone) -> list[Recipe]:
        """The list's recipes: the category's, or what the search finds among them,
        in its order."""
        recipes = self.in_category(phone)
        query = self.nav.query
        if query and query.strip():
            ranked = [(search_rank(r, query), r) for r in recipes]
            found = [(rank, r) for rank, r in ranked if rank is not None]
            recipes = [r for _, r in sorted(found, key=lambda f: f[0])]
        return recipes

    # --- building --------------------------------------------------------------------
    def build(self, phone: VirtualPhone) -> views.Window:
        """The activity in front, with its popup or dialog."""
        nav = self.nav
        if nav.editor is not None:
            return self._editor_window(nav.editor)
        if nav.open_id is not None:
            recipe = next((r for r in self.recipes(phone) if r["recipeId"] == str(nav.open_id)),
                          None)  # fmt: skip
            if recipe is not None:
                return self._details_window(phone, recipe)
            nav.open_id = None
        window = views.Window(drawer.main(self, phone), status_bar=PRIMARY_VARIANT,
                              on_cancel=self._close_over)  # fmt: skip
        if nav.over == "categories" and nav.page == "Recipes" and not nav.drawer_open:
            names = [*drawer.FIXED_CATEGORIES, *self.categories(phone)]
            window.dialog = drawer.category_dropdown(names, nav.category, self._choose_category)
            window.popup_anchor = _spinner_anchor()
        return window

    def _choose_category(self, name: str) -> None:
        self.nav.over, self.nav.category = "", name
        self.view_state.scroll.pop("recycler_view", None)

    def _close_over(self) -> None:
        self.nav.over = ""

    # --- the list --------------------------------------------------------------------
    def recipes_page(self, phone: VirtualPhone) -> views.View:
        """``fragment_recipes``: the secondary toolbar, the cards and the FAB."""
        listed = self.listed(phone)
        cards = views.RecyclerView(
            "recycler_view", listed, self._card, content_desc="Recipes",
            padding=(0, 0, 0, 90), margin=(0, 56, 0, 0), clip_to_padding=False,
        )  # fmt: skip
        empty = views.LinearLayout(
            "recipes_empty",
            views.LinearLayout(
                "",
                views.TextView("", "No recipes found.", text_size=layouts.LARGE,
                               padding=(0, 0, 0, 16)),
                views.TextView("", "create a new recipe", text_size=layouts.LARGE),
                views.TextView("", "import a recipe from a website", text_size=layouts.LARGE),
                orientation=views.VERTICAL, layout_gravity=views.Gravity.CENTER,
            ),
            orientation=views.VERTICAL, width=views.MATCH_PARENT, padding=50,
            layout_gravity=views.Gravity.CENTER,
            visibility="visible" if not listed else views.GONE,
        )  # fmt: skip
        return coordinator(
            layouts.app_bar(self._recipes_toolbar(), id=""),
            empty,
            cards,
            fab("fab_recipes", "New Recipe", "add", self._new_recipe),
        )

    def _recipes_toolbar(self) -> views.View:
        if self.nav.query is not None:
            return drawer.search_toolbar(self)
        search = views.MenuItem("action_search", "Search", "search", self._open_search)
        spinner = drawer.spinner(self.nav.category, self._show_categories)
        return toolbar("toolbar_recipes", "", end=[spinner, views.action_menu([search])],
                       background=layouts.SECONDARY_TOOLBAR)  # fmt: skip

    def _card(self, recipe: Recipe) -> views.View:
        return layouts.recipe_card(
            recipe["title"], recipe["description"], recipe["source"],
            lambda: self._open(int(recipe["recipeId"])),
        )  # fmt: skip

    def _show_categories(self) -> None:
        self.nav.over = "categories"

    def _open(self, recipe_id: int) -> None:
        self.nav.open_id = recipe_id
        self.nav.list_scroll = dict(self.view_state.scroll)
        self.reset_view_state()

    def _open_search(self) -> None:
        # SearchView.onActionViewExpanded: the field takes the focus, the IME shows.
        self.nav.query = ""
        self.view_state.focus = "search_src_text"
        self.view_state.keyboard = Keyboard()

    def set_query(self, text: str) -> None:
        """The SearchView's text changed: the list follows."""
        self.nav.query = text
        self.view_state.scroll.pop("recycler_view", None)

    def close_search(self) -> None:
        """The SearchView collapses: the whole list again."""
        self.nav.query = None
        self.view_state.focus = ""
        self.view_state.keyboard = None

    def _new_recipe(self) -> None:
        self.nav.editor = Editor()
        self.reset_view_state()

    # --- the recipe's page -----------------------------------------------------------
    def _details_window(self, phone: VirtualPhone, recipe: Recipe) -> views.Window:
        recipe_id = int(recipe["recipeId"])
        favorite = recipe["favorite"] == "1"
        like = views.MenuItem(
            "action_details_unlike" if favorite else "action_details_like",
            "Remove from favorites" if favorite else "Mark as favorite",
            "favorite", lambda: self._toggle_favorite(phone, recipe_id, favorite),
        )  # fmt: skip
        overflow = self._details_menu(phone, recipe)
        bar = toolbar(
            "toolbar", "", navigation=("arrow_back", views.NAVIGATE_UP, self._close_details),
            end=[views.action_menu([like], overflow, self._show_menu)],
        )  # fmt: skip
        app_bar = layouts.app_bar(
            views.FrameLayout("toolbar_layout", *layouts.details_backdrop(), bar,
                                width=views.MATCH_PARENT),
            id="app_bar",
        )  # fmt: skip
        shown = {**recipe, "categories": ", ".join(self.categories_of(phone, recipe_id))}
        content = layouts.below_app_bar(layouts.details_content(shown))
        root = coordinator(app_bar, content, fab("fab_cooking_assistant", "Cook", "restaurant",
                                                 lambda: None))  # fmt: skip
        window = views.Window(root, status_bar=PRIMARY_VARIANT, on_cancel=self._close_over)
        if self.nav.over == "menu":
            window.dialog = views.popup_menu(overflow, lambda item: self._choose(item))
            window.popup_anchor = _overflow_anchor()
        elif self.nav.over == "delete":
            window.dialog = alert_dialog(
                "", "Delete this recipe?", package_ids=True,
                negative=("CANCEL", self._close_over),
                positive=("DELETE", lambda: self._delete(phone, recipe_id)),
            )  # fmt: skip
        return window

    def _details_menu(self, phone: VirtualPhone, recipe: Recipe) -> list[views.MenuItem]:
        del phone
        return [
            views.MenuItem("action_details_share", "Share", "share"),
            views.MenuItem("action_details_share_as_file", "Share as file"),
            views.MenuItem("action_details_edit", "Edit", "edit", lambda: self._edit(recipe)),
            views.MenuItem("action_details_delete", "Delete", "delete", self._ask_delete),
        ]

    def _show_menu(self) -> None:
        self.nav.over = "menu"

    def _choose(self, item: views.MenuItem) -> None:
        self.nav.over = ""
        if item.on_click is not None:
            item.on_click()

    def _ask_delete(self) -> None:
        self.nav.over = "delete"

    def _delete(self, phone: VirtualPhone, recipe_id: int) -> None:
        self._write(phone, "DELETE FROM recipes WHERE recipeId=?", (recipe_id,))
        self.nav.over = ""
        self._close_details()

    def _toggle_favorite(self, phone: VirtualPhone, recipe_id: int, favorite: bool) -> None:
        self._write(phone, "UPDATE recipes SET favorite=? WHERE recipeId=?",
                    (0 if favorite else 1, recipe_id))  # fmt: skip

    def _close_details(self) -> None:
        self.nav.open_id = None
        self.reset_view_state()
        self.view_state.scroll.update(self.nav.list_scroll)

    def _edit(self, recipe: Recipe) -> None:
        values = {c: recipe[c] for c in COLUMNS}
        self.nav.editor = Editor(int(recipe["recipeId"]), dict(values), dict(values))
        self.reset_view_state()

    # --- the form --------------------------------------------------------------------
    def _editor_window(self, editor: Editor) -> views.Window:
        save = _SaveButton(
            "button_save_recipe", "Save", medium=True, all_caps=True, text_color="#FFFFFFFF",
            padding=(8, 12, 8, 12), margin=(0, 0, 4, 0), clickable=True,
            on_click=lambda: self._save(editor),
        )  # fmt: skip
        bar = toolbar("toolbar", "New Recipe", end=[save],
                      navigation=("close", views.NAVIGATE_UP, self._leave_editor))  # fmt: skip
        fields: list[views.View] = [layouts.photo_box(lambda: None)]
        for column, field_id, hint, icon in layouts.FORM:
            if column == "categories":
                fields.append(layouts.form_field(field_id, "", hint, icon, None, lambda: None))
                continue
            fields.append(layouts.form_field(
                field_id, editor.values[column], hint, icon,
                functools.partial(editor.values.__setitem__, column),
            ))  # fmt: skip
        form = views.LinearLayout("", *fields, orientation=views.VERTICAL, width=views.MATCH_PARENT,
                                  margin=(0, 0, 0, 20))  # fmt: skip
        scroll = layouts.below_app_bar(layouts.NestedScrollView("", form))
        window = views.Window(coordinator(layouts.app_bar(bar), scroll), status_bar=PRIMARY_VARIANT,
                              soft_input=views.ADJUST_RESIZE,
                              on_cancel=self._close_over)  # fmt: skip
        if self.nav.over == "discard":
            window.dialog = alert_dialog(
                "", "Discard changes?", package_ids=True,
                negative=("CANCEL", self._close_over), positive=("DISCARD", self._discard),
            )  # fmt: skip
        return window

    def _save(self, editor: Editor) -> None:
        self.pending_save = editor

    def save(self, phone: VirtualPhone, editor: Editor) -> None:
        """Write the form's recipe (not without a title) and show its page."""
        if not editor.values["title"].strip():
            return  # the app asks for a title first (a toast)
        values = tuple(editor.values[c] for c in COLUMNS)
        names = ", ".join(f"`{c}`" for c in COLUMNS)
        if editor.recipe_id is None:
            new_id = self._write(
                phone, f"INSERT INTO recipes ({names}, imageName, favorite) "
                f"VALUES ({', '.join('?' * len(COLUMNS))}, '', 0)", values,
            )  # fmt: skip
            self.nav.open_id = new_id
        else:
            sets = ", ".join(f"`{c}`=?" for c in COLUMNS)
            self._write(phone, f"UPDATE recipes SET {sets} WHERE recipeId=?",
                        (*values, editor.recipe_id))  # fmt: skip
        self.nav.editor = None
        self.reset_view_state()

    def _leave_editor(self) -> None:
        editor = self.nav.editor
        if editor is not None and editor.dirty():
            self.nav.over = "discard"
        else:
            self._discard()

    def _discard(self) -> None:
        self.nav.over = ""
        self.nav.editor = None
        self.reset_view_state()

    # --- input -----------------------------------------------------------------------
    pending_save: Editor | None = None

    def on_tap(self, phone: VirtualPhone, x: int, y: int) -> None:
        """Taps as the engine routes them; a Save writes to the phone's database."""
        super().on_tap(phone, x, y)
        editor, self.pending_save = self.pending_save, None
        if editor is not None:
            self.save(phone, editor)

    def on_back(self, phone: VirtualPhone) -> bool:
        """BACK closes one thing at a time: the form (asking first when it changed),
        the recipe, the search, the drawer, another page; on the list it leaves."""
        nav = self.nav
        if nav.editor is not None:
            self._leave_editor()
        elif nav.open_id is not None:
            self._close_details()
        elif nav.query is not None:
            self.close_search()
        elif nav.drawer_open:
            nav.drawer_open = False
        elif nav.page != "Recipes":
            nav.page = "Recipes"
            self.reset_view_state()
        else:
            return False
        return True


class _SaveButton(views.TextView):
    """The form's Save: a MaterialButton text button (``android.widget.Button``)."""

    class_name = "android.widget.Button"


def _spinner_anchor() -> tuple[int, int, int, int]:
    """The spinner's bounds: 300 dp by 48 dp at the end of the second toolbar, centred
    in it, under the 56 dp app bar."""
    from droidhub.virtual.views.window import CONTENT

    top = CONTENT[1] + views.dp(56 + 4)
    return (CONTENT[2] - views.dp(300), top, CONTENT[2], top + views.dp(48))


def _overflow_anchor() -> tuple[int, int, int, int]:
    """The overflow button's bounds at the top end of a 56 dp toolbar."""
    from droidhub.virtual.views.window import CONTENT

    return (CONTENT[2] - views.dp(40), CONTENT[1], CONTENT[2], CONTENT[1] + views.dp(56))


class BroccoliScreensApp(BroccoliScreens, BroccoliApp):
    """Broccoli on the virtual phone: its database and its screens."""


def virtual_apps() -> list[VirtualApp]:
    """A fresh Broccoli model."""
    return [BroccoliScreensApp()]
