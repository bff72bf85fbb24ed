"""Pro Expense's layout files (1.0.0-beta05, versionCode 11) as view trees.

Each function below is one file of the app's ``res/layout`` (or the part of it a
screen shows), with its ids, view classes and nesting, the English strings of its
``values/strings.xml`` and the theme's colours; the data comes in as plain values
and the actions as callables, bound by :mod:`.screens`. Pages that no task visits
(Statistics, Backup, Feedback, About, Settings) are their top-level layouts: the app
bar with its toolbar and the first views of the page.

Facts checked in the sources: the activity is a DrawerLayout (``dl_main``) holding a
CoordinatorLayout (``cl_main``) with the navigation host (``fc_main``) and the add
button (``fb_main_add``, shown on Home only), and the NavigationView (``nv_main``,
its header ``layout_header`` and its menu ``menu_home``). Rows of the expense list
(``item_expense_log``) are a SwipeFrameLayout over a red back (``fl_back``): a swipe
to the end selects a row (its card moves aside and the check shows), a swipe to the
start offers the delete icon. The delete confirmation is a bottom sheet
(``frag_delete_confirm_dialog``); the categories are a horizontal RecyclerView of
checkable cards (``rv_category`` of ``item_category``), Food chosen at first.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from droidhub.virtual import views
from droidhub.virtual.appmodel import PIXEL_6
from droidhub.virtual.views.view import Action, Spacing

if TYPE_CHECKING:
    from droidhub.virtual.views.paint import Painter

# --- the theme (values/colors.xml, theme.xml) -------------------------------------------
PRIMARY = "#FF039BE5"  # colorPrimary: blue_light_500
SURFACE = "#FFFFFFFF"  # colorSurface
BACKGROUND = "#FFEEEEEE"  # backgroundColor: gray_200
NEGATIVE = "#FFEF5350"  # colorNegative: red_400
POSITIVE = "#FF4CAF50"  # green_500
CATEGORY_DISC = "#FFB3E5FC"  # cardBackgroundColor of cv_category: blue_light_100
DARK_GRAY = "#FF212121"
INK = "#DE000000"
CAPTION = "#8A000000"

#: Each category's icon (Material Symbols nearest the app's ic_income, ic_food...).
CATEGORY_ICONS: dict[int, str] = {
    1: "more_horiz", 2: "arrow_downward", 3: "restaurant", 4: "home", 5: "person",
    6: "music_note", 7: "directions_car", 8: "label", 9: "emergency", 10: "bookmark",
    11: "favorite",
}  # fmt: skip

#: menu_home: (item id, title, icon).
DRAWER_ITEMS = (
    ("dest_home", "Home", "home"),
    ("dest_expense_logs", "Expense Logs", "receipt_long"),
    ("dest_statistics", "Statistics", "sort"),
    ("dest_backup", "Backup", "upload"),
    ("dest_feedback", "Feedback", "chat"),
    ("dest_about", "About", "info"),
    ("dest_settings", "Settings", "settings"),
)


#: DrawerLayout's default scrim over the content while the drawer is open.
DRAWER_SCRIM = "#99000000"


class NavigationView(views.FrameLayout):
    """Material's NavigationView (``android.widget.FrameLayout``), which paints the
    drawer's scrim over the content beside it before its own surface."""

    def draw(self, painter: Painter) -> None:
        """The scrim right of the drawer, then the drawer."""
        painter.surface((self.right, self.top, PIXEL_6.width, self.bottom), DRAWER_SCRIM)
        super().draw(painter)


class NavigationMenuItemText(views.CheckedTextView):
    """A navigation menu item's text (``android.widget.CheckedTextView``) with its icon
    drawn 16 dp in, as NavigationMenuItemView sets it as a compound drawable."""

    def __init__(self, id: str, text: str, icon: str, checked: bool) -> None:
        super().__init__(id, text, text_size=14, medium=True, max_lines=1, width=views.MATCH_PARENT,
                         height=views.MATCH_PARENT, padding=(72, 0, 16, 0),
                         gravity=views.Gravity.CENTER_VERTICAL,
                         text_color=PRIMARY if checked else INK,
                         checkable=True, checked=checked)  # fmt: skip
        self.icon = icon

    def draw_content(self, painter: Painter) -> None:
        """The icon, then the title."""
        size = views.dp(24)
        x, y = self.left + views.dp(16), (self.top + self.bottom - size) // 2
        painter.icon(self.icon, (x, y, x + size, y + size), PRIMARY if self.checked else CAPTION)
        super().draw_content(painter)


# --- shared pieces ------------------------------------------------------------------------
def toolbar(
    id: str,
    title: str,
    navigation_icon: str,
    on_navigate: Action | None,
    menu: Sequence[views.MenuItem] = (),
) -> views.Toolbar:
    """A MaterialToolbar (or appcompat Toolbar): the navigation button, the title (none
    when empty), then the ActionMenuView of its actions (buttons titled by their
    content descriptions)."""
    bar = views.Toolbar(id, views.ImageButton("", navigation_icon, tint=INK, on_click=on_navigate),
                        background=SURFACE, elevation=0)  # fmt: skip
    if title:
        bar.add(views.TextView("", title, text_size=20, medium=True, max_lines=1,
                               margin=(16, 0, 0, 0), weight=1, width=0))  # fmt: skip
    else:
        bar.add(views.View(width=0, height=0, weight=1))
    if menu:
        actions = views.LinearLayout("")
        for item in menu:
            actions.add(views.ImageButton(item.id, item.icon, tint=INK, content_desc=item.title,
                                          on_click=item.on_click))  # fmt: skip
        bar.add(actions)
    return bar


def app_bar(id: str, bar: views.Toolbar) -> views.LinearLayout:
    """An AppBarLayout (a vertical LinearLayout) holding the toolbar."""
    return views.LinearLayout(id, bar, orientation=views.VERTICAL, width=views.MATCH_PARENT,
                              background=SURFACE,
                              elevation=4)  # fmt: skip


def page(
    root_id: str, bar: views.LinearLayout, body: views.View, background: str = BACKGROUND
) -> views.View:
    """A fragment's CoordinatorLayout: the app bar over the scrolling body."""
    body.margin = (0, views.dp(56), 0, 0)  # ScrollingViewBehavior: below the app bar
    return views.CoordinatorLayout(root_id, bar, body, width=views.MATCH_PARENT,
                                   height=views.MATCH_PARENT,
                                   background=background)  # fmt: skip


def text_button(id: str, text: str, on_click: Action | None, **attributes: Any) -> views.Button:
    """A Material text button: no fill, the label in the primary colour."""
    button = views.Button(id, text, on_click=on_click, **attributes)
    button.text_color = PRIMARY
    return button


def category_disc(size: float, category: int, margin_start: float) -> views.MaterialCardView:
    """``cv_category``: a round card holding the category's icon (``imv_category``)."""
    return views.MaterialCardView(
        "cv_category",
        views.ImageView("imv_category", CATEGORY_ICONS[category], tint=DARK_GRAY, icon_size=30,
                        width=30, height=30, layout_gravity=views.Gravity.CENTER),
        width=size, height=size, margin=(margin_start, 8, 0, 8), corner_radius=size / 2,
        background=CATEGORY_DISC, elevation=0,
        rules=views.Rules(align_parent_left=True, center_vertical=True),
    )  # fmt: skip


# --- activ_main and the drawer ------------------------------------------------------------
def activity(
    fragment: views.View,
    on_add: Action | None,
    drawer: views.View | None,
    on_close_drawer: Action,
) -> views.DrawerLayout:
    """``activ_main``: the page in ``fc_main``, the add button on Home, the drawer."""
    main = views.CoordinatorLayout(
        "cl_main",
        views.FrameLayout("fc_main", fragment, width=views.MATCH_PARENT, height=views.MATCH_PARENT),
        width=views.MATCH_PARENT,
        height=views.MATCH_PARENT,
    )
    if on_add is not None:
        main.add(views.FloatingActionButton("fb_main_add", "add", background=PRIMARY,
                                            margin=(0, 0, 16, 32), on_click=on_add))  # fmt: skip
    return views.DrawerLayout("dl_main", main, drawer, on_close_drawer)


def navigation_view(current: str, on_item: Callable[[str], object], on_close: Action) -> views.View:
    """``nv_main``: ``layout_header`` then ``menu_home``'s items, the current checked."""
    header = views.RelativeLayout(
        "",
        views.ImageButton("btn_close", "chevron_left", tint=INK, width=35, height=35, padding=5,
                          margin=(0, 16, 16, 0), on_click=on_close,
                          rules=views.Rules(align_parent_top=True, align_parent_right=True)),
        views.ImageView("imv_app_logo", "receipt_long", tint=PRIMARY, icon_size=40, width=60,
                        height=60, margin=(32, 32, 0, 16), rules=views.Rules(below="btn_close",
                                                                             align_parent_left=True)),
        views.LinearLayout(
            "ln_app_name",
            views.TextView("tv_app_name", "Pro Expense", text_size=20, medium=True),
            views.TextView("", "beta", all_caps=True, text_size=12, padding=4,
                           background="#FFFFEB3B"),
            orientation=views.VERTICAL, margin=(16, 32, 0, 0),
            rules=views.Rules(below="btn_close", to_right_of="imv_app_logo"),
        ),
        width=views.MATCH_PARENT,
    )  # fmt: skip
    items: list[views.View] = [views.LinearLayout("navigation_header_container", header,
                                                  orientation=views.VERTICAL,
                                                  width=views.MATCH_PARENT)]  # fmt: skip
    for item_id, title, icon in DRAWER_ITEMS:
        checked = item_id == current
        items.append(views.FrameLayout(
            "", NavigationMenuItemText("design_menu_item_text", title, icon, checked),
            width=views.MATCH_PARENT, height=48, checkable=True, checked=checked,
            margin=(8, 0, 8, 0), corner_radius=4,
            background="#1F039BE5" if checked else None,
            on_click=functools.partial(on_item, item_id),
        ))  # fmt: skip
    return NavigationView(
        "nv_main",
        views.RecyclerView("design_navigation_view", items, lambda view: view),
        width=280, height=views.MATCH_PARENT, background=SURFACE, elevation=16,
    )  # fmt: skip


# --- frag_home ----------------------------------------------------------------------------
@dataclass(frozen=True)
class RowText:
    """What a row of an expense list shows."""

    expense_id: int
    name: str
    amount: str
    date: str
    category: int


def expense_card_views(
    row: RowText, disc_size: float, disc_start: float, name_margin: Spacing, date_margin: Spacing
) -> tuple[views.View, ...]:
    """What both expense items (``item_expense_recent``, ``item_expense_log``) hold in
    their card: the category disc, ``tv_name`` over ``tv_date`` right of it, and the
    amount (``linear_amount``) at the right; the two layouts differ only in the disc's
    size and start margin and the texts' margins."""
    return (
        category_disc(disc_size, row.category, disc_start),
        views.TextView("tv_name", row.name[:20], text_size=16, max_lines=1, margin=name_margin,
                       rules=views.Rules(to_right_of="cv_category", to_left_of="linear_amount")),
        views.TextView("tv_date", row.date, text_size=12, text_color=CAPTION, margin=date_margin,
                       rules=views.Rules(below="tv_name", to_right_of="cv_category")),
        views.LinearLayout(
            "linear_amount",
            views.TextView("tv_amount", row.amount[:15], text_size=18, medium=True,
                           margin=(0, 0, 4, 0)),
            views.TextView("tv_currency_symbol", "$", text_size=12, text_color=CAPTION,
                           padding=(0, 4, 0, 4)),
            margin=(0, 0, 16, 0), rules=views.Rules(align_parent_right=True, center_vertical=True),
        ),
    )  # fmt: skip


def recent_row(row: RowText, on_click: Action) -> views.View:
    """``item_expense_recent``."""
    return views.RelativeLayout(
        "cd_expense",
        *expense_card_views(row, 55, 16, name_margin=(16, 16, 8, 0), date_margin=(16, 0, 0, 8)),
        width=views.MATCH_PARENT, height=71, on_click=on_click,
    )  # fmt: skip


def _total(
    ids: tuple[str, str, str], label: str, value: str, below: str, margin_bottom: float
) -> tuple[views.View, ...]:
    """One total of ``frag_home``'s Totals card, below the view ``below``: its caption,
    its value and the dollar sign right of the value; ``ids`` are those three views' ids
    (the app spells income's sign ``tv_income_symobol``)."""
    label_id, value_id, symbol_id = ids
    return (
        views.TextView(label_id, label, text_size=10, all_caps=True, margin=(32, 16, 0, 0),
                       rules=views.Rules(below=below)),
        views.TextView(value_id, value, text_size=28, margin=(32, 0, 0, margin_bottom),
                       rules=views.Rules(below=label_id)),
        views.TextView(symbol_id, "$", rules=views.Rules(below=label_id, to_right_of=value_id)),
    )  # fmt: skip


def _home_card(content: views.View, margin_bottom: float = 0) -> views.MaterialCardView:
    """A card of ``rv_home`` holding ``content``: as wide as the list but 8 dp each side,
    8 dp below the card above."""
    return views.MaterialCardView(
        "", content, width=views.MATCH_PARENT, margin=(8, 8, 8, margin_bottom)
    )


def home(
    totals: tuple[str, str, str],
    recent: Sequence[RowText],
    on_menu: Action,
    on_row: Callable[[int], object],
    on_more: Action,
) -> views.View:
    """``frag_home``: the toolbar, then ``rv_home``: totals, this week's graph, recent."""
    date_range, income, outcome = totals
    in_out = _home_card(
        views.RelativeLayout(
            "",
            views.TextView("tv_expense_in_out_title", "Totals", text_size=20, medium=True,
                           margin=(16, 16, 0, 0), rules=views.Rules(align_parent_top=True)),
            views.TextView("tv_date_range", date_range, text_size=16, all_caps=True,
                           margin=(16, 4, 0, 0),
                           rules=views.Rules(below="tv_expense_in_out_title")),
            *_total(("tv_income", "tv_income_value", "tv_income_symobol"), "Income", income,
                    below="tv_date_range", margin_bottom=0),
            *_total(("tv_outcome", "tv_outcome_value", "tv_outcome_symbol"), "Outcome", outcome,
                    below="tv_income_value", margin_bottom=32),
            width=views.MATCH_PARENT,
        ),
    )  # fmt: skip
    graph = _home_card(
        views.RelativeLayout(
            "",
            views.TextView("tv_title", "Expenses in this Week", text_size=16, medium=True,
                           margin=(16, 16, 0, 0)),
            views.TextView("tv_date_range", date_range, text_size=12, text_color=CAPTION,
                           margin=(16, 4, 0, 0), rules=views.Rules(below="tv_title")),
            views.View("expense_graph", width=views.MATCH_PARENT, height=150,
                       margin=(16, 16, 16, 16),
                       rules=views.Rules(below="tv_date_range")),
            width=views.MATCH_PARENT,
        ),
    )  # fmt: skip
    rows = [recent_row(r, functools.partial(on_row, r.expense_id)) for r in recent]
    recent_card = _home_card(
        views.LinearLayout(
            "",
            views.TextView("tv_recent_lists", "Recent", text_size=20, medium=True,
                           margin=(16, 16, 0, 0)),
            views.RecyclerView("rv_recent_lists", rows, lambda view: view, height=-2,
                               margin=(8, 8, 8, 0)),
            text_button("btn_more_logs", "More", on_more, width=views.MATCH_PARENT,
                        margin=(16, 0, 16, 4)),
            orientation=views.VERTICAL, width=views.MATCH_PARENT,
        ),
        margin_bottom=88,  # clear of the add button
    )  # fmt: skip
    cards = [in_out, graph, recent_card]
    body = views.RecyclerView("rv_home", cards, lambda view: view)
    bar = toolbar("toolbar", "Home", "menu", on_menu)
    return page("ml_home", app_bar("abl_home", bar), body)


# --- frag_expense_logs ----------------------------------------------------------------------
SELECTED, OFFERING = "selected", "offering"


def log_row(row: RowText, swipe: str, on_click: Action, on_delete: Action) -> views.View:
    """``item_expense_log``: the back (delete icon, check) under the card, which a swipe
    moved aside (``swipe``: SELECTED to the end, OFFERING to the start, or "")."""
    shift = {SELECTED: 70, OFFERING: -70}.get(swipe, 0)
    back = views.FrameLayout(
        "fl_back",
        views.LinearLayout(
            "",
            views.ImageView("imv_delete_icon", "delete", tint=SURFACE, width=35, height=35,
                        padding=5, margin=(8, 8, 8, 0), on_click=on_delete),
            views.TextView("tv_undo", "Delete", text_color=SURFACE, margin=(0, 0, 0, 8)),
            orientation=views.VERTICAL, gravity=views.Gravity.CENTER_HORIZONTAL,
            layout_gravity=views.Gravity.CENTER_VERTICAL | views.Gravity.END, margin=(0, 0, 16, 0),
        ),
        views.ImageView("imv_check", "check", tint=SURFACE, width=35, height=35,
                        layout_gravity=views.Gravity.CENTER_VERTICAL | views.Gravity.START,
                        margin=(8, 0, 0, 0)),
        width=views.MATCH_PARENT, height=views.MATCH_PARENT,
        background=POSITIVE if swipe == SELECTED else NEGATIVE,
    )  # fmt: skip
    card = views.RelativeLayout(
        "cd_expense",
        *expense_card_views(row, 50, 20, name_margin=(16, 10, 8, 0), date_margin=(16, 0, 0, 0)),
        views.View("view_bg", width=views.MATCH_PARENT, height=70, on_click=on_click,
                   rules=views.Rules(align_parent_top=True)),
        width=views.MATCH_PARENT, height=70, background=SURFACE, margin=(shift, 0, -shift, 0),
    )  # fmt: skip
    return views.FrameLayout("", back, card, width=views.MATCH_PARENT)


def expense_logs(
    rows: Sequence[RowText],
    bind: Callable[[RowText], views.View],
    selected: int,
    on_menu: Action,
    on_clear: Action,
    on_delete: Action,
) -> views.View:
    """``frag_expense_logs``: the toolbar (in selection mode: back, "N items" and the
    delete action; else the menu, "Expense Logs" and the filter action) over
    ``rv_expense``, or ``layout_no_expense_logs`` when there are none."""
    if selected:
        title = f"{selected} item" if selected == 1 else f"{selected} items"
        bar = toolbar("tb_expense", title, "arrow_back", on_clear,
                      [views.MenuItem("delete", "Delete", "delete", on_delete)])  # fmt: skip
    else:
        bar = toolbar("tb_expense", "Expense Logs", "menu", on_menu,
                      [views.MenuItem("filter", "Filter", "filter_list")])  # fmt: skip
    empty = views.RelativeLayout(
        "layout_no_data",
        views.ImageView("imv_no_expense", "info", tint=PRIMARY, icon_size=50, width=50, height=50,
                        margin=(0, 16, 0, 0), rules=views.Rules(align_parent_top=True,
                                                                center_horizontal=True)),
        views.TextView("tv_no_expense_logs", "No Expense Logs", text_size=16, all_caps=True,
                       margin=(0, 16, 0, 0), rules=views.Rules(below="imv_no_expense",
                                                               center_horizontal=True)),
        width=views.MATCH_PARENT, margin=(0, 32, 0, 0),
        visibility=views.INVISIBLE if rows else "visible",
    )  # fmt: skip
    listing = views.RecyclerView("rv_expense", rows, bind, padding=(0, 0, 0, 80),
                                 visibility="visible" if rows else views.GONE)  # fmt: skip
    body = views.FrameLayout("", listing, empty, width=views.MATCH_PARENT,
                             height=views.MATCH_PARENT,
                             background=BACKGROUND)  # fmt: skip
    return page("ml_expense", app_bar("app_bar", bar), body, background=SURFACE)
