"""Broccoli's layouts (flauschtrud/broccoli v1.2.6, commit f8ef1d6) as view trees.

Each function is one of the app's layout files with its ids, view classes, strings
(``res/values/strings.xml``), dimensions (``dimens.xml``) and theme colours
(``themes.xml``: ``Theme.MaterialComponents.DayNight`` in green); data comes in as
arguments, what a tap does as callables. Classes as a dump reports them:
CoordinatorLayout and ConstraintLayout ``android.view.ViewGroup``, AppBarLayout
``android.widget.LinearLayout``, the nav host (a FragmentContainerView) and the
CollapsingToolbarLayout ``android.widget.FrameLayout``, NestedScrollView
``android.widget.ScrollView``, MaterialCardView ``androidx.cardview.widget.CardView``,
TextInputEditText ``android.widget.EditText`` (its hint reported as its text while
empty), the FAB ``android.widget.ImageButton``.

Icons: the app's drawables drawn with the nearest Material Symbols of droidhub's
subset (its ``ic_categories`` as ``label``, ``ic_eco`` as ``calendar_month``,
``ic_import_export`` as ``sync``, ``ic_title`` as ``text_fields``,
``ic_list_numbered`` as ``list``, ``ic_menu_support`` as ``favorite``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import ClassVar, Unpack

from droidhub.virtual import views
from droidhub.virtual.views.measure import UNSPECIFIED, MeasureSpec
from droidhub.virtual.views.view import Action, Attributes
from droidhub.virtual.views.widgets import SECONDARY_TEXT
from droidhub_aw_apps.common.toolbars import appcompat_toolbar, navigation_button

#: ``themes.xml``: colorPrimary green_800, colorPrimaryVariant green_900 (the status
#: bar), colorSecondaryToolbar green_500, colorControlNormal gray_600.
PRIMARY = "#FF2E7D32"
PRIMARY_VARIANT = "#FF1B5E20"
SECONDARY_TOOLBAR = "#FF4CAF50"
CONTROL_NORMAL = "#FF757575"
ON_PRIMARY = "#FFFFFFFF"
#: ``TextAppearance.AppCompat.Large`` and ``.Medium``.
LARGE, MEDIUM = 22, 18
#: navigation-ui's open-drawer description and appcompat's
#: ``abc_toolbar_collapse_description``.
OPEN_DRAWER = "Open navigation drawer"
COLLAPSE = "Collapse"


class ConstraintLayout(views.ViewGroup):
    """A ConstraintLayout (``android.view.ViewGroup``) whose constraints here come to
    a row: an optional square ``lead`` view as tall as the layout (``card_image``'s
    1:1 ratio), then the other children as a packed chain centred vertically."""

    class_name: ClassVar[str] = "android.view.ViewGroup"

    def __init__(
        self, *children: views.View, lead: bool = False, **attributes: Unpack[Attributes]
    ) -> None:
        super().__init__("", *children, **attributes)
        self.lead = lead

    def on_measure(self, width_spec: MeasureSpec, height_spec: MeasureSpec) -> tuple[int, int]:
        """The lead square, then each chained child in the width left."""
        width = width_spec.resolve(0)
        shown = self.shown()
        chain = shown[1:] if self.lead else shown
        side = 0
        if self.lead and shown:
            side = height_spec.size
            shown[0].measure(MeasureSpec.exactly(side), MeasureSpec.exactly(side))
        total = 0
        for child in chain:
            ml, mt, mr, mb = child.margin
            room = MeasureSpec.at_most(max(0, width - side - ml - mr))
            if child.width == views.MATCH_PARENT or child.width == 0:
                room = MeasureSpec.exactly(max(0, width - side - ml - mr))
            child.measure(room, UNSPECIFIED)
            total += child.measured_height + mt + mb
        return width, height_spec.resolve(total)

    def on_layout(self) -> None:
        """The lead at the start, the chain after it, centred as a block."""
        shown = self.shown()
        x = self.left
        chain = shown
        if self.lead and shown:
            shown[0].layout(self.left, self.top)
            x += shown[0].measured_width
            chain = shown[1:]
        block = sum(c.measured_height + c.margin[1] + c.margin[3] for c in chain)
        y = self.top + max(0, (self.bottom - self.top - block) // 2)
        for child in chain:
            child.layout(x + child.margin[0], y + child.margin[1])
            y += child.measured_height + child.margin[1] + child.margin[3]


class NestedScrollView(views.ScrollingScrollView[views.View]):
    """AndroidX's NestedScrollView around one column: it scrolls by a swipe as a list
    does, and keeps the focused field in sight (as ``requestChildFocus`` scrolls to
    it)."""

    def __init__(self, id: str, column: views.View, **attributes: Unpack[Attributes]) -> None:
        super().__init__(id, [column], lambda view: view, **attributes)
        # The engine marks the focused field before layout: the column is a child
        # from the start (a list's rows are attached only as it lays them out).
        self._children = [column]

    def on_layout(self) -> None:
        """Scroll to the focused view when it would not show, then place the column."""
        column = self._row(0)
        focused = next((v for v in column.walk() if v.focused), None)
        if focused is not None:
            super().on_layout()
            top, bottom = focused.top - self.top, focused.bottom - self.top
            if bottom > self.viewport():
                self.offset = min(self.max_offset(), self.offset + bottom - self.viewport())
            elif top < 0:
                self.offset = max(0, self.offset + top)
        super().on_layout()


def toolbar(
    id: str,
    title: str,
    *,
    navigation: tuple[str, str, Action] | None = None,
    end: Sequence[views.View] = (),
    background: str = PRIMARY,
) -> views.ViewGroupFrame:
    """A Toolbar: its navigation button (icon, content description, click), its title
    (none when empty), then ``end`` (the action menu, a save button)."""
    button = None if navigation is None else navigation_button(*navigation, tint=ON_PRIMARY)
    text = views.TextView("", title, text_size=20, medium=True, text_color=ON_PRIMARY, max_lines=1)
    return appcompat_toolbar(id, button, text if title else None, end, background=background)


def app_bar(*toolbars: views.View, id: str = "") -> views.LinearLayout:
    """Material's AppBarLayout (a vertical LinearLayout, 4 dp of elevation)."""
    return views.LinearLayout(id, *toolbars, orientation=views.VERTICAL, width=views.MATCH_PARENT,
                              elevation=4,
                              background=PRIMARY)  # fmt: skip


def fab(id: str, desc: str, icon: str, on_click: Action) -> views.FloatingActionButton:
    """A FAB in colorSecondary with its icon in colorOnSecondary."""
    return views.FloatingActionButton(
        id, icon, content_desc=desc, background=PRIMARY, on_click=on_click
    )


# --- recipe_item.xml ------------------------------------------------------------------


def recipe_card(title: str, description: str, source: str, on_click: Action) -> views.View:
    """One recipe's card: the photo (the placeholder), title, description and source."""
    image = views.ImageView("card_image", "restaurant", tint="#FFBDBDBD", icon_size=48,
                            content_desc="Recipe photo", background="#FFEEEEEE")  # fmt: skip
    body = ConstraintLayout(
        image,
        views.TextView("card_text_view_title", title, text_size=LARGE, max_lines=2,
                       padding=(8, 0, 8, 0), width=views.MATCH_PARENT),
        views.TextView("card_text_view_description", description, text_color=SECONDARY_TEXT,
                       max_lines=2, padding=(8, 0, 8, 0), width=views.MATCH_PARENT),
        views.TextView("card_text_view_source", source, text_color=PRIMARY, max_lines=1,
                       padding=(8, 0, 8, 0), width=views.MATCH_PARENT,
                       min_height=20 if not source else 0),
        lead=True, width=views.MATCH_PARENT, height=views.MATCH_PARENT,
    )  # fmt: skip
    return views.MaterialCardView(
        "", body, width=views.MATCH_PARENT, height=120, margin=(8, 8, 8, 0), elevation=2,
        on_click=on_click,
    )  # fmt: skip


# --- recipe details --------------------------------------------------------------------

_QUANTITY = re.compile(
    r"^\s*([¼½¾⅐⅑⅒⅓⅔⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞]|\d+[,/.-]*\d*)(\s*-\s*([¼½¾⅐⅑⅒⅓⅔⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞]|\d+[,/.-]*\d*))?(?!$)"
)


def ingredient_rows(ingredients: str) -> list[views.View]:
    """``ingredient_item.xml`` per line: its leading quantity in bold, then the text
    (``IngredientBuilder``'s split)."""
    rows: list[views.View] = []
    for line in ingredients.split("\n"):
        if not line.strip():
            continue
        match = _QUANTITY.match(line)
        quantity = match.group(0).strip() if match else ""
        text = line[match.end() :].strip() if match else line.strip()
        rows.append(
            ConstraintLayout(
                views.LinearLayout(
                    "",
                    views.TextView("ingredient_quantity", quantity, medium=True,
                                   margin=(0, 0, 4 if quantity else 0, 0)),
                    views.TextView("ingredient_text", text, width=0, weight=1),
                    width=views.MATCH_PARENT,
                ),
                width=views.MATCH_PARENT,
            )
        )  # fmt: skip
    return rows


def direction_rows(directions: str) -> list[views.View]:
    """``direction_item.xml`` per step: its number in colorPrimary, then the text
    (``DirectionBuilder``: one step a line, a leading "1." dropped)."""
    steps = [re.sub(r"^\s*(\d+\.)(?!$)", "", s, count=1).strip() for s in directions.split("\n")]
    rows: list[views.View] = []
    for position, step in enumerate([s for s in steps if s], start=1):
        rows.append(
            views.RelativeLayout(
                "",
                views.TextView("direction_position", str(position), text_color=PRIMARY,
                               margin=(0, 0, 10, 0), gravity=views.Gravity.CENTER),
                views.TextView("direction_text", step, width=views.MATCH_PARENT,
                               rules=views.Rules(to_right_of="direction_position")),
                width=views.MATCH_PARENT, padding=5,
            )
        )  # fmt: skip
    return rows


def _icon_text(icon_id: str, icon: str, desc: str, text_id: str, text: str) -> list[views.View]:
    shown = views.VISIBLE if text else views.GONE
    return [
        views.ImageView(icon_id, icon, tint=CONTROL_NORMAL, content_desc=desc, visibility=shown),
        views.TextView(text_id, text, padding=(5, 0, 16, 0), visibility=shown),
    ]


def details_backdrop() -> list[views.View]:
    """``activity_recipe_details.xml``'s CollapsingToolbarLayout before its toolbar:
    the photo (``backdrop``, "Recipe photo") and the scrim under the toolbar. With no
    photo the app bar stays collapsed (``expanded`` false) to the toolbar's height,
    where the content scrim in colorPrimary covers both: shown to accessibility,
    painted over."""
    return [
        views.ImageView("backdrop", content_desc="Recipe photo", width=views.MATCH_PARENT,
                        height=56),
        views.View("", width=views.MATCH_PARENT, height=56),
    ]  # fmt: skip


def details_content(recipe: dict[str, str]) -> views.View:
    """``content_recipe_details.xml``: title, servings and time, categories,
    description and source, ingredients and directions, each block GONE when empty
    (``recipe["categories"]``: the recipe's category names joined by ", ", as
    ``bindCategories`` joins them)."""
    categories = recipe.get("categories", "")
    servings, time = recipe["servings"], recipe["preparationTime"]
    description, source = recipe["description"], recipe["source"]
    ingredients, directions = recipe["ingredients"], recipe["directions"]

    def block(*children: views.View, shown: bool) -> views.LinearLayout:
        return views.LinearLayout("", *children, orientation=views.VERTICAL,
                                  width=views.MATCH_PARENT,
                                  margin=(0, 16, 0, 0),
                                  visibility=views.VISIBLE if shown else views.GONE)  # fmt: skip

    def heading(text: str) -> views.TextView:
        return views.TextView("", text, text_size=MEDIUM, text_color=PRIMARY, margin=(0, 0, 0, 5))

    column = views.LinearLayout(
        "",
        views.TextView("details_title", recipe["title"].strip(), text_size=LARGE,
                       width=views.MATCH_PARENT),
        views.LinearLayout(
            "",
            *_icon_text("details_icon_servings", "person", "Servings", "details_servings",
                        servings),
            *_icon_text("details_icon_preparation_time", "schedule", "Time",
                        "details_preparation_time", time),
            width=views.MATCH_PARENT, gravity=views.Gravity.CENTER_VERTICAL, margin=(0, 16, 0, 0),
            visibility=views.VISIBLE if servings or time else views.GONE,
        ),
        views.LinearLayout(
            "", *_icon_text("details_icon_categories", "label", "Categories",
                            "details_categories", categories),
            width=views.MATCH_PARENT, gravity=views.Gravity.CENTER_VERTICAL, margin=(0, 16, 0, 0),
            visibility=views.VISIBLE if categories else views.GONE,
        ),
        block(
            views.TextView("details_description", description, margin=(0, 0, 0, 5),
                           visibility=views.VISIBLE if description else views.GONE),
            views.LinearLayout("", *_icon_text("details_icon_source", "link", "Source",
                                               "details_source", source),
                               width=views.MATCH_PARENT,
                               visibility=views.VISIBLE if source else views.GONE),
            shown=bool(description or source),
        ),
        block(heading("Ingredients"),
              views.LinearLayout("details_ingredients", *ingredient_rows(ingredients),
                                 orientation=views.VERTICAL, width=views.MATCH_PARENT),
              shown=bool(ingredients)),
        block(heading("Directions"),
              views.LinearLayout("details_directions", *direction_rows(directions),
                                 orientation=views.VERTICAL, width=views.MATCH_PARENT),
              shown=bool(directions)),
        orientation=views.VERTICAL, width=views.MATCH_PARENT, padding=(16, 16, 16, 90),
    )  # fmt: skip
    return NestedScrollView(
        "scroll_view", column, width=views.MATCH_PARENT, height=views.MATCH_PARENT
    )


# --- activity_new_recipe.xml -----------------------------------------------------------

#: The form's fields in its order: column, id, hint, icon, single line.
FORM = (
    ("title", "new_title", "Title", "text_fields"),
    ("categories", "new_categories", "Categories", "label"),
    ("description", "new_description", "Description", "info"),
    ("source", "new_source", "Source", "link"),
    ("servings", "new_servings", "Servings", "person"),
    ("preparationTime", "new_preparation_time", "Time", "schedule"),
    ("ingredients", "new_ingredients", "Ingredients", "format_list_bulleted"),
    ("directions", "new_directions", "Directions", "list"),
)


class OutlinedEditText(views.EditText):
    """A TextInputEditText in an outlined box (``textInputStyle``), its start icon
    inside the box; the hint shows (and is reported) while it is empty."""

    def __init__(self, id: str, text: str, hint: str, icon: str, **kw: object) -> None:
        super().__init__(id, text, hint=hint, padding=(48, 16, 12, 16), width=views.MATCH_PARENT,
                         **kw)  # type: ignore[arg-type]  # fmt: skip
        self.max_lines = None if id in ("new_description", "new_ingredients",
                                        "new_directions") else 1  # fmt: skip
        self.icon = icon

    def draw_content(self, painter: object) -> None:
        """The outline, the start icon, then the text."""
        from droidhub.virtual.views.paint import Painter

        assert isinstance(painter, Painter)
        colour = PRIMARY if self.focused else "#61000000"
        line = views.dp(2) if self.focused else views.dp(1)
        left, t, r, b = self.bounds
        for box in (
            (left, t, r, t + line),
            (left, b - line, r, b),
            (left, t, left + line, b),
            (r - line, t, r, b),
        ):
            painter.surface(box, colour)  # fmt: skip
        size = views.dp(24)
        y = t + (b - t - size) // 2
        painter.icon(
            self.icon,
            (left + views.dp(12), y, left + views.dp(12) + size, y + size),
            CONTROL_NORMAL,
        )
        views.TextView.draw_content(self, painter)


def form_field(
    field_id: str,
    text: str,
    hint: str,
    icon: str,
    on_change: Callable[[str], object] | None,
    on_click: Action | None = None,
) -> views.TextInputLayout:
    """One TextInputLayout of the form (``textInputStyle``: 16 dp at the sides and
    below) around its field."""
    field = OutlinedEditText(field_id, text, hint, icon, on_change=on_change)
    if on_click is not None:  # the categories field: not focusable, opens a picker
        field = OutlinedEditText(field_id, text, hint, icon, on_click=on_click, focusable=False)
    return views.TextInputLayout(
        "", views.FrameLayout("", field, width=views.MATCH_PARENT), width=views.MATCH_PARENT,
        padding=(16, 0, 16, 16),
    )  # fmt: skip


def photo_box(on_click: Action) -> views.View:
    """The photo at the top of the form (180 dp, the placeholder) with its camera."""
    return ConstraintLayout(
        views.ImageView("new_image", "restaurant", tint="#FFBDBDBD", icon_size=64,
                        content_desc="Recipe photo", width=views.MATCH_PARENT, height=180,
                        background="#FFEEEEEE", on_click=on_click),
        width=views.MATCH_PARENT, height=180, margin=16,
    )  # fmt: skip


def coordinator(*children: views.View) -> views.CoordinatorLayout:
    """A CoordinatorLayout filling its parent."""
    return views.CoordinatorLayout(
        "", *children, width=views.MATCH_PARENT, height=views.MATCH_PARENT
    )


def below_app_bar(view: views.View) -> views.View:
    """``appbar_scrolling_view_behavior``: the view starts under the 56 dp app bar."""
    view.margin = (0, views.dp(56), 0, 0)
    return view
