"""Broccoli's screens on the virtual phone (com.flauschcode.broccoli 1.2.6, as AndroidWorld
pins it; flauschtrud/broccoli), drawn from its ``broccoli`` database:

* The recipe list, by title (11 cards; swipe to scroll): each card the recipe's title
  (``card_text_view_title``) and description (``card_text_view_description``), and the
  ``New recipe`` button (``fab_recipes``). A tap opens the recipe. ``Search`` in the
  toolbar opens a search field (``search_src_text``): the list keeps the recipes whose
  title, description, source or ingredients have words beginning with every word typed
  (Broccoli's full-text index; directions are not in it).
* A recipe: its title in the toolbar with ``Navigate up``, ``Edit`` and ``Delete``
  (which asks to confirm: ``Delete`` / ``Cancel``), and its description, servings,
  preparation time, ingredients and directions.
* The editor (new or edited recipe): ``Title``, ``Description``, ``Servings``,
  ``Preparation time``, ``Source``, ``Ingredients``, ``Directions`` and ``Save`` in
  the toolbar, which writes the row. A tap focuses a field; typing goes to it.

BACK closes the dialog, the editor, the recipe, the search, one at a time; on the list
it leaves.
"""

from __future__ import annotations

import re
import sqlite3
from contextlib import closing
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from droidhub.virtual.appmodel import PIXEL_6, Intent, Screen, VirtualApp
from droidhub_aw_apps.common.hierarchy import Node, hit, render, toolbar
from droidhub_aw_apps.common.keys import KEY_BACK, KEY_DEL
from droidhub_aw_apps.recipe.model import DB_PATH, PACKAGE, BroccoliApp

if TYPE_CHECKING:
    from droidhub.virtual.appmodel import VirtualPhone

_ID = f"{PACKAGE}:id"
_ROWS = 11
_ROW_HEIGHT = 180
_LIST_TOP = 300
_LONG_PRESS_MS = 500
#: The editor's fields: column, label, resource-id.
FIELDS = (
    ("title", "Title", "new_title"),
    ("description", "Description", "new_description"),
    ("servings", "Servings", "new_servings"),
    ("preparationTime", "Preparation time", "new_preparation_time"),
    ("source", "Source", "new_source"),
    ("ingredients", "Ingredients", "new_ingredients"),
    ("directions", "Directions", "new_directions"),
)
_COLUMNS = [column for column, _, _ in FIELDS]


#: The columns Broccoli's full-text index covers (``CoreRecipeFts``), in its order.
_SEARCHED = ("title", "description", "source", "ingredients")


def _search_rank(recipe: dict[str, str | int], query: str) -> tuple[int, str] | None:
    """Where the search lists ``recipe`` (None: not found), as Broccoli's FTS4 query
    does: every word typed must begin a word of the title, description, source or
    ingredients; recipes found in an earlier column come first, then by title."""
    words = [w for w in re.split(r"\W+", query.casefold()) if w]
    first: int | None = None
    for word in words:
        columns = [
            i
            for i, column in enumerate(_SEARCHED)
            if any(t.startswith(word) for t in re.split(r"\W+", str(recipe[column]).casefold()))
        ]
        if not columns:
            return None
        first = min(columns) if first is None else min(first, min(columns))
    return (first or 0, str(recipe["title"]).casefold())


@dataclass
class _Editor:
    recipe_id: int | None = None
    values: dict[str, str] = field(default_factory=lambda: dict.fromkeys(_COLUMNS, ""))
    focus: str = "title"


class BroccoliScreens(VirtualApp):
    """Broccoli's list, recipe, delete confirmation and editor."""

    def __init__(self) -> None:
        self._reset()

    def _reset(self) -> None:
        self.offset = 0
        self.open_id: int | None = None
        self.confirming = False
        self.editor: _Editor | None = None
        #: The search field's text while the toolbar's search is open.
        self.query: str | None = None

    def on_start(self, phone: VirtualPhone, intent: Intent) -> None:
        """A launch shows the list."""
        self._reset()

    def on_stop(self, phone: VirtualPhone) -> None:
        """Force-stopped: the list next time."""
        self._reset()

    # --- the database ----------------------------------------------------------------------
    def _recipes(self, phone: VirtualPhone) -> list[dict[str, str | int]]:
        if not phone.host_path(DB_PATH).exists():
            return []
        with closing(sqlite3.connect(phone.host_path(DB_PATH))) as conn:
            names = ", ".join(f"`{c}`" for c in _COLUMNS)
            rows = conn.execute(
                f"SELECT recipeId, {names} FROM recipes ORDER BY title COLLATE NOCASE, recipeId"
            ).fetchall()
        return [
            {"recipeId": r[0], **{c: v or "" for c, v in zip(_COLUMNS, r[1:], strict=True)}}
            for r in rows
        ]

    def _recipe(self, phone: VirtualPhone, recipe_id: int) -> dict[str, str | int] | None:
        return next((r for r in self._recipes(phone) if r["recipeId"] == recipe_id), None)

    def _save(self, phone: VirtualPhone, editor: _Editor) -> None:
        if not editor.values["title"].strip():
            return  # the app asks for a title first
        values = [editor.values[c] for c in _COLUMNS]
        with closing(sqlite3.connect(phone.host_path(DB_PATH))) as conn, conn:
            if editor.recipe_id is None:
                names = ", ".join(f"`{c}`" for c in _COLUMNS)
                conn.execute(
                    f"INSERT INTO recipes ({names}, imageName, favorite) "
                    f"VALUES ({', '.join('?' * len(_COLUMNS))}, '', 0)",
                    values,
                )
            else:
                sets = ", ".join(f"`{c}`=?" for c in _COLUMNS)
                conn.execute(
                    f"UPDATE recipes SET {sets} WHERE recipeId=?", [*values, editor.recipe_id]
                )
        self.editor = None

    def _delete(self, phone: VirtualPhone, recipe_id: int) -> None:
        with closing(sqlite3.connect(phone.host_path(DB_PATH))) as conn, conn:
            conn.execute("DELETE FROM recipes WHERE recipeId=?", (recipe_id,))
        self.open_id, self.confirming = None, False

    # --- drawing -------------------------------------------------------------------------
    def _listed(self, phone: VirtualPhone) -> list[dict[str, str | int]]:
        recipes = self._recipes(phone)
        if self.query and self.query.strip():
            ranked = [(_search_rank(r, self.query), r) for r in recipes]
            found = [(rank, r) for rank, r in ranked if rank is not None]
            recipes = [r for _, r in sorted(found, key=lambda f: f[0])]
        return recipes

    def _list_nodes(self, phone: VirtualPhone) -> list[Node]:
        if self.query is None:
            nodes = toolbar("Recipes", False, ["Search"])
        else:
            nodes = [
                Node(
                    "android.widget.EditText",
                    text=self.query,
                    hint="Search",
                    resource_id=f"{_ID}/search_src_text",
                    bounds=(160, 120, 1040, 240),
                    focused=True,
                )
            ]
        for i, recipe in enumerate(self._listed(phone)[self.offset : self.offset + _ROWS]):
            top = _LIST_TOP + i * _ROW_HEIGHT
            nodes.append(
                Node(
                    "androidx.cardview.widget.CardView",
                    resource_id=f"{_ID}/card_view",
                    bounds=(24, top, PIXEL_6.width - 24, top + _ROW_HEIGHT - 10),
                    clickable=True,
                    children=[
                        Node(
                            "android.widget.TextView",
                            text=str(recipe["title"]),
                            resource_id=f"{_ID}/card_text_view_title",
                            bounds=(60, top + 15, 1020, top + 85),
                        ),
                        Node(
                            "android.widget.TextView",
                            text=str(recipe["description"]),
                            resource_id=f"{_ID}/card_text_view_description",
                            bounds=(60, top + 90, 1020, top + 160),
                        ),
                    ],
                )
            )
        nodes.append(
            Node(
                "android.widget.ImageButton",
                content_desc="New recipe",
                resource_id=f"{_ID}/fab_recipes",
                bounds=(860, 2140, 1020, 2300),
                clickable=True,
            )
        )
        return nodes

    def _details_nodes(self, recipe: dict[str, str | int]) -> list[Node]:
        nodes = toolbar(str(recipe["title"]), True, ["Edit", "Delete"])
        top = 300
        for column, label, _ in FIELDS[1:]:
            if column == "source":
                continue
            nodes.append(
                Node("android.widget.TextView", text=label, bounds=(48, top, 1032, top + 60))
            )
            nodes.append(
                Node(
                    "android.widget.TextView",
                    text=str(recipe[column]),
                    resource_id=f"{_ID}/details_{column}",
                    bounds=(48, top + 60, 1032, top + 260),
                )
            )
            top += 280
        if self.confirming:
            nodes += [
                Node(
                    "android.widget.TextView",
                    text="Do you really want to delete this recipe?",
                    resource_id="android:id/message",
                    bounds=(80, 1000, 1000, 1100),
                ),
                Node(
                    "android.widget.Button",
                    text="Cancel",
                    resource_id="android:id/button2",
                    bounds=(460, 1140, 720, 1260),
                    clickable=True,
                ),
                Node(
                    "android.widget.Button",
                    text="Delete",
                    resource_id="android:id/button1",
                    bounds=(740, 1140, 1000, 1260),
                    clickable=True,
                ),
            ]
        return nodes

    def _editor_nodes(self, editor: _Editor) -> list[Node]:
        nodes = toolbar("Edit recipe" if editor.recipe_id else "New recipe", True, ["Save"])
        for i, (column, label, rid) in enumerate(FIELDS):
            top = 280 + i * 200
            nodes.append(
                Node(
                    "android.widget.EditText",
                    text=editor.values[column],
                    hint=label,
                    resource_id=f"{_ID}/{rid}",
                    bounds=(48, top, 1032, top + 180),
                    focused=editor.focus == column,
                )
            )
        return nodes

    def _nodes(self, phone: VirtualPhone) -> list[Node]:
        if self.editor is not None:
            return self._editor_nodes(self.editor)
        if self.open_id is not None:
            recipe = self._recipe(phone, self.open_id)
            if recipe is not None:
                return self._details_nodes(recipe)
            self.open_id = None
        return self._list_nodes(phone)

    def screen(self, phone: VirtualPhone) -> Screen:
        """The list, a recipe (with its dialog) or the editor."""
        return Screen(hierarchy=render(PACKAGE, self._nodes(phone)))

    # --- input ---------------------------------------------------------------------------
    def on_tap(self, phone: VirtualPhone, x: int, y: int) -> None:
        """Cards, the FAB, the toolbar, the dialog and the editor's fields."""
        nodes = self._nodes(phone)
        if self.confirming:
            nodes = [n for n in nodes if n.resource_id.startswith("android:id/button")]
        node = hit(nodes, x, y)
        if node is None:
            return
        editor = self.editor
        if editor is not None:
            if node.content_desc == "Navigate up":
                self.editor = None
            elif node.content_desc == "Save":
                self._save(phone, editor)
            elif node.class_name.endswith("EditText"):
                editor.focus = next(c for c, _, r in FIELDS if node.resource_id.endswith(r))
        elif self.open_id is not None:
            self._tap_details(phone, self.open_id, node)
        elif node.content_desc == "New recipe":
            self.editor = _Editor()
        elif node.content_desc == "Search":
            self.query, self.offset = "", 0
        elif node.resource_id.endswith("card_view"):
            index = self.offset + (y - _LIST_TOP) // _ROW_HEIGHT
            recipes = self._listed(phone)
            if 0 <= index < len(recipes):
                self.open_id = int(recipes[index]["recipeId"])

    def _tap_details(self, phone: VirtualPhone, recipe_id: int, node: Node) -> None:
        if self.confirming:
            if node.text == "Delete":
                self._delete(phone, recipe_id)
            else:
                self.confirming = False
        elif node.content_desc == "Navigate up":
            self.open_id = None
        elif node.content_desc == "Delete":
            self.confirming = True
        elif node.content_desc == "Edit":
            recipe = self._recipe(phone, recipe_id)
            if recipe is not None:
                values = {c: str(recipe[c]) for c in _COLUMNS}
                self.editor = _Editor(recipe_id, values)

    def on_swipe(
        self, phone: VirtualPhone, x1: int, y1: int, x2: int, y2: int, duration_ms: int
    ) -> None:
        """A vertical swipe scrolls the list."""
        if self.editor is None and self.open_id is None and abs(y2 - y1) > abs(x2 - x1):
            most = max(0, len(self._listed(phone)) - _ROWS)
            self.offset = min(most, max(0, self.offset + (y1 - y2) // _ROW_HEIGHT))

    def on_text(self, phone: VirtualPhone, text: str) -> None:
        """Typing goes to the editor's focused field, or the search field."""
        if self.editor is not None:
            self.editor.values[self.editor.focus] += text
        elif self.query is not None and self.open_id is None:
            self.query, self.offset = self.query + text, 0

    def on_key(self, phone: VirtualPhone, keycode: str) -> bool:
        """DEL erases in the focused field; BACK closes one thing at a time."""
        if keycode in KEY_DEL and self.editor is not None:
            focus = self.editor.focus
            self.editor.values[focus] = self.editor.values[focus][:-1]
        if keycode not in KEY_BACK:
            return False
        if self.editor is not None:
            self.editor = None
        elif self.confirming:
            self.confirming = False
        elif self.open_id is not None:
            self.open_id = None
        elif self.query is not None:
            self.query, self.offset = None, 0
        else:
            return False
        return True


class BroccoliScreensApp(BroccoliScreens, BroccoliApp):
    """Broccoli on the virtual phone: its database and its screens."""


def virtual_apps() -> list[VirtualApp]:
    """A fresh Broccoli model."""
    return [BroccoliScreensApp()]
