"""Broccoli's MainActivity: ``activity_main``'s DrawerLayout around ``app_bar_main``,
the navigation drawer (``nav_view``: ``nav_header_main`` and the menu
``activity_main_drawer``), the pages the drawer opens (categories, settings, the rest
by their title), and the recipes toolbar's spinner and SearchView.

Facts: DrawerLayout's accessibility delegate names its node
``androidx.drawerlayout.widget.DrawerLayout``; NavigationView is a FrameLayout whose
menu is a RecyclerView (``design_navigation_view``), each entry a
NavigationMenuItemView (a LinearLayout) holding the CheckedTextView
``design_menu_item_text``, groups parted by ``design_navigation_item_separator``
rows; it is 280 dp wide at most (``design_navigation_max_width``). The closed
drawer lies off the screen (not in a dump). SearchView (``abc_search_view``):
``search_bar`` > ``search_edit_frame`` > ``search_plate`` > ``search_src_text`` (an
EditText) and ``search_close_btn`` ("Clear query"), the toolbar's collapse button
"Collapse" before it. A Spinner reports ``android.widget.Spinner`` with its selected
row ``android:id/text1``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar, Protocol

from droidhub.virtual import views
from droidhub.virtual.appmodel import PIXEL_6
from droidhub.virtual.views.paint import Painter
from droidhub.virtual.views.preference import preference
from droidhub_aw_apps.recipe import layouts
from droidhub_aw_apps.recipe.layouts import ON_PRIMARY, PRIMARY, coordinator, fab, toolbar

if TYPE_CHECKING:
    from droidhub.virtual.appmodel import VirtualPhone


class _Nav(Protocol):
    """What the drawer reads and sets of the app's navigation state."""

    page: str
    drawer_open: bool
    query: str | None
    category: str


class BroccoliScreens(Protocol):
    """What the drawer and the search toolbar need of Broccoli's app model
    (screens.BroccoliScreens), named here so that this module does not import it."""

    @property
    def nav(self) -> _Nav: ...

    def categories(self, phone: VirtualPhone) -> list[str]: ...

    def close_search(self) -> None: ...

    def recipes_page(self, phone: VirtualPhone) -> views.View: ...

    def reset_view_state(self) -> None: ...

    def set_query(self, text: str) -> None: ...


#: ``activity_main_drawer``'s groups: (id, title, icon) per entry.
DRAWER = (
    (("nav_recipes", "Recipes", "restaurant_menu"),
     ("nav_categories", "Categories", "label"),
     ("nav_seasons", "Seasonal calendar", "calendar_month")),
    (("nav_support", "Support the app", "favorite"),),
    (("nav_backup_and_restore", "Backup and restore", "sync"),
     ("nav_settings", "Settings", "settings"),
     ("nav_about", "About the app", "info")),
)  # fmt: skip
#: DrawerLayout's default scrim.
SCRIM = "#99000000"


class NavigationView(views.FrameLayout):
    """Material's NavigationView (``nav_view``), painted over the scrim it casts on
    the content."""

    def draw(self, painter: Painter) -> None:
        """The scrim over the screen, then the drawer's white sheet."""
        painter.surface((0, 0, *PIXEL_6.size), SCRIM)
        super().draw(painter)


def _drawer(app: BroccoliScreens) -> views.View:
    header = views.LinearLayout(
        "navigation_header_container",
        views.LinearLayout(
            "",
            views.ImageView("", "restaurant_menu", tint=ON_PRIMARY, icon_size=60),
            views.TextView("", "Broccoli", text_color=ON_PRIMARY, padding=(0, 8, 0, 0),
                           width=views.MATCH_PARENT),
            views.TextView("header_subtitle", "Free for everyone", text_color=ON_PRIMARY),
            orientation=views.VERTICAL, width=views.MATCH_PARENT, height=176,
            gravity=views.Gravity.BOTTOM,
            padding=16, background=PRIMARY,
        ),
        orientation=views.VERTICAL, width=views.MATCH_PARENT,
    )  # fmt: skip
    rows: list[views.View] = [header]
    for i, group in enumerate(DRAWER):
        if i:
            line = views.View(
                width=views.MATCH_PARENT, height=1, margin=(0, 8, 0, 8), background="#1F000000"
            )
            rows.append(views.FrameLayout("", line, width=views.MATCH_PARENT))
        for item_id, title, icon in group:
            current = title == app.nav.page
            rows.append(_entry(item_id, title, icon, current, functools.partial(_go, app, title)))
    menu = views.RecyclerView("design_navigation_view", rows, lambda row: row)
    return NavigationView(
        "nav_view", menu, width=280, height=views.MATCH_PARENT, background="#FFFFFFFF",
        elevation=16, visibility="visible" if app.nav.drawer_open else views.GONE,
    )  # fmt: skip


class _MenuItemView(views.LinearLayout):
    """NavigationMenuItemView: a checkable 48 dp row."""


def _entry(item_id: str, title: str, icon: str, current: bool, go: layouts.Action) -> views.View:
    del item_id  # a drawer entry's view carries no id of its own
    tint = PRIMARY if current else "#FF616161"
    text = views.CheckedTextView("design_menu_item_text", title, medium=True, text_color=tint,
                    max_lines=2, padding=(32, 0, 0, 0), width=0, weight=1)  # fmt: skip
    return _MenuItemView(
        "", views.ImageView("", icon, tint=tint), text, width=views.MATCH_PARENT, height=48,
        padding=(16, 0, 16, 0), margin=(8, 0, 8, 0), gravity=views.Gravity.CENTER_VERTICAL,
        checkable=True, checked=current, on_click=go,
        background="#1F2E7D32" if current else None, corner_radius=4,
    )  # fmt: skip


def _go(app: BroccoliScreens, page: str) -> None:
    app.nav.page, app.nav.drawer_open = page, False
    app.close_search()
    app.reset_view_state()


def main(app: BroccoliScreens, phone: VirtualPhone) -> views.View:
    """``activity_main``: the app bar titled by the page over the nav host, in the
    drawer layout."""
    nav = app.nav
    bar = toolbar("toolbar", nav.page, navigation=("menu", layouts.OPEN_DRAWER, lambda: _open(app)))
    if nav.page == "Recipes":
        page = app.recipes_page(phone)
    elif nav.page == "Categories":
        page = _categories(app.categories(phone))
    elif nav.page == "Settings":
        page = _settings()
    else:
        page = coordinator()
    host = views.FrameLayout(
        "nav_host_fragment", page, width=views.MATCH_PARENT, height=views.MATCH_PARENT
    )
    content = views.ViewGroupFrame(
        "", host, width=views.MATCH_PARENT, height=views.MATCH_PARENT, margin=(0, 56, 0, 0)
    )
    root = coordinator(layouts.app_bar(bar), content)
    return views.DrawerLayout("drawer_layout", root, _drawer(app), lambda: _close(app))


def _open(app: BroccoliScreens) -> None:
    app.nav.drawer_open = True


def _close(app: BroccoliScreens) -> None:
    app.nav.drawer_open = False


def spinner(selected: str, on_click: layouts.Action) -> views.View:
    """The category spinner (``spinner``, "Categories") showing the selected one; a
    tap drops its list (:func:`category_dropdown`)."""
    row = views.TextView("android:id/text1", selected, text_size=20, medium=True,
                         text_color=ON_PRIMARY, max_lines=1, padding=(8, 0, 8, 0))  # fmt: skip
    return _Spinner("spinner", row, content_desc="Categories", clickable=True,
                    on_click=on_click, width=300, height=48,
                    padding=(0, 0, 24, 0))  # fmt: skip


#: ``RecipeFragment.setUpSpinner``'s fixed entries (CategoryRepository's names), before
#: the custom categories.
FIXED_CATEGORIES = ("All recipes", "Seasonal recipes", "Recipes without category", "Favorites")


def category_dropdown(names: list[str], selected: str, choose: Callable[[str], None]) -> views.View:
    """The spinner's drop-down (a ListPopupWindow's ListView) of
    ``simple_spinner_dropdown_item`` rows: ``android:id/text1`` CheckedTextViews,
    48 dp, the selected one checked."""
    rows = [
        views.CheckedTextView(
            "android:id/text1", name, text_size=16, max_lines=1, padding=(16, 0, 16, 0),
            height=48, width=views.MATCH_PARENT, gravity=views.Gravity.CENTER_VERTICAL,
            checkable=True,
            checked=name == selected, clickable=True,
            on_click=functools.partial(choose, name),
        )
        for name in names
    ]  # fmt: skip
    return views.ListView("", *rows, width=300, padding=(0, 8, 0, 8), background="#FFFFFFFF",
                          elevation=8, corner_radius=4)  # fmt: skip


class _Spinner(views.FrameLayout):
    """``android.widget.Spinner`` and its selected row."""

    class_name: ClassVar[str] = "android.widget.Spinner"

    def draw_content(self, painter: Painter) -> None:
        """The drop-down arrow at the end."""
        size = views.dp(24)
        y = (self.top + self.bottom - size) // 2
        painter.icon("arrow_drop_down", (self.right - size, y, self.right, y + size), ON_PRIMARY)


def search_toolbar(app: BroccoliScreens) -> views.View:
    """``toolbar_recipes`` with its search expanded: "Collapse" and the SearchView."""
    query = app.nav.query or ""
    field = views.EditText("search_src_text", query, hint=f"Search in {app.nav.category.upper()}",
                           on_change=app.set_query, width=0, weight=1)  # fmt: skip
    field.text_color = ON_PRIMARY
    close = views.ImageView("search_close_btn", "close", tint=ON_PRIMARY,
                            content_desc="Clear query",
                            padding=8, clickable=True, on_click=lambda: app.set_query(""),
                            visibility="visible" if query else views.GONE)  # fmt: skip
    plate = views.LinearLayout("search_plate", field, close, width=0, weight=1,
                               gravity=views.Gravity.CENTER_VERTICAL)  # fmt: skip
    frame = views.LinearLayout("search_edit_frame", plate, width=0, weight=1,
                               gravity=views.Gravity.CENTER_VERTICAL)  # fmt: skip
    bar = views.LinearLayout("search_bar", frame, width=views.MATCH_PARENT,
                             height=views.MATCH_PARENT,
                             gravity=views.Gravity.CENTER_VERTICAL)  # fmt: skip
    view = views.LinearLayout(
        "", bar, width=views.MATCH_PARENT, height=views.MATCH_PARENT, margin=(56, 0, 0, 0)
    )
    return toolbar("toolbar_recipes", "", background=layouts.SECONDARY_TOOLBAR,
                   navigation=("arrow_back", layouts.COLLAPSE, app.close_search),
                   end=[view])  # fmt: skip


def _categories(names: list[str]) -> views.View:
    """``fragment_categories``: the prompt or the categories, and the FAB."""
    rows = views.RecyclerView(
        "recycler_view", names,
        lambda name: views.ViewGroupFrame(
            "", views.TextView("card_text_view_category_name", name, text_size=layouts.LARGE),
            width=views.MATCH_PARENT, padding=16, clickable=True,
        ),
        content_desc="Categories", padding=(0, 0, 0, 90),
    )  # fmt: skip
    empty = views.TextView("categories_empty", "Create custom categories to manage your recipes.",
                           text_size=layouts.LARGE, gravity=views.Gravity.CENTER, padding=32,
                           width=views.MATCH_PARENT, layout_gravity=views.Gravity.CENTER,
                           visibility=views.GONE if names else "visible")  # fmt: skip
    return coordinator(empty, rows, fab("fab_categories", "Add category", "add", lambda: None))


def _settings() -> views.View:
    """The settings' preference list (``res/xml/settings.xml``)."""

    def category(title: str) -> views.View:
        return views.LinearLayout("", views.TextView("android:id/title", title, medium=True,
                                                     text_color=PRIMARY),
                                  width=views.MATCH_PARENT, padding=(16, 16, 16, 8))  # fmt: skip

    def icon(name: str) -> views.View:
        return views.ImageView("android:id/icon", name, tint=layouts.CONTROL_NORMAL)

    rows: list[views.View] = [
        category("General settings"),
        preference("Preferred category", "All recipes", icon=icon("label"), on_click=lambda: None),
        preference("Theme", "System default", icon=icon("brightness_medium"),
                   on_click=lambda: None),
        category("Seasonal calendar"),
        preference("Region", "", icon=icon("location_on"), on_click=lambda: None),
        preference("Languages of recipes", "", icon=icon("language"), on_click=lambda: None),
        preference("Send feedback", "Do you miss your region, language or favorite ingredient?",
                   icon=icon("edit"), on_click=lambda: None),
    ]  # fmt: skip
    listing = views.RecyclerView("recycler_view", rows, lambda row: row)
    return views.FrameLayout("android:id/list_container", listing, width=views.MATCH_PARENT,
                             height=views.MATCH_PARENT)  # fmt: skip
