"""Chrome 120's own views on a phone, as view trees: the top toolbar over the tab's web
contents, and the app menu its menu button drops.

Facts from Chromium's sources (``chrome/browser/ui/android/toolbar`` and ``omnibox``
``res/layout``, ``chrome/android/java/res/menu/main_menu.xml`` and the app menu's
``menu_item.xml`` / ``icon_row_menu_item.xml``; a Chromium 120 tree where it held the
file, today's otherwise):

- ``control_container`` (ToolbarControlContainer, a FrameLayout) holds
  ``toolbar_container`` (a FrameLayout) holding ``toolbar`` (ToolbarPhone, a
  FrameLayout, 56 dp: ``toolbar_height_no_shadow``): ``home_button`` ("Open the home
  page"), ``location_bar`` (LocationBarPhone, a FrameLayout) and ``toolbar_buttons``
  (a LinearLayout) with ``tab_switcher_button`` (an ImageButton, "1 open tab, tap to
  switch tabs" with one tab) and ``menu_button_wrapper`` (MenuButton, a FrameLayout)
  around ``menu_button`` ("Customize and control Google Chrome").
- ``location_bar`` holds ``location_bar_status`` (StatusView, a LinearLayout) with
  ``location_bar_status_icon``, the ``url_bar`` (UrlBar, an EditText; hint "Search or
  type web address") and ``url_action_container`` with ``mic_button`` ("Start voice
  search") while the field is focused and empty, ``delete_button`` ("Clear input")
  while it holds text.
- The web contents sit in ``compositor_view_holder`` (a FrameLayout) under the
  toolbar.
- The app menu is ``app_menu_list`` (a ListView): the icon row (``button_one`` ..
  ``button_five``: Forward, Bookmark, Download, Page info, Refresh) and a row per item,
  each a LinearLayout with ``menu_item_text`` and ``menu_item_icon``.

Not found in the sources and chosen as plausible (said so here and in docs): the
status icon's content description on a ``file://`` page ("Page info", the icon
opening it), which items a ``file://`` page leaves in the menu (no Translate, no
Add to Home screen), the omnibox's pill (40 dp, Chrome's light grey ``#F1F3F4``) and
the buttons' 48 dp.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import ClassVar

from droidhub.virtual import views
from droidhub.virtual.views.measure import Gravity
from droidhub.virtual.views.paint import Painter
from droidhub.virtual.views.view import Action
from droidhub_aw_apps.common.styles import FILL

TOOLBAR_DP = 56
BUTTON_DP = 48
OMNIBOX_DP = 40
MENU_DP = 260
OMNIBOX_FILL = "#FFF1F3F4"
ICON_TINT = "#FF5F6368"
TEXT_COLOUR = "#FF202124"

HOME = "Open the home page"
MENU = "Customize and control Google Chrome"
URL_HINT = "Search or type web address"
PAGE_INFO = "Page info"
VOICE_SEARCH = "Start voice search"
CLEAR_INPUT = "Clear input"
#: The icon row's buttons: (id, content description, icon).
ICON_ROW = (
    ("button_one", "Forward", "arrow_forward"),
    ("button_two", "Bookmark", "star"),
    ("button_three", "Download", "download"),
    ("button_four", "Page info", "info"),
    ("button_five", "Refresh", "refresh"),
)
#: The menu's rows for a page (``main_menu.xml``'s PAGE_MENU group as shown on a
#: phone for a ``file://`` page), with the nearest Material Symbols icon.
MENU_ITEMS = (
    ("New tab", "add"),
    ("New Incognito tab", "visibility_off"),
    ("History", "history"),
    ("Downloads", "download"),
    ("Bookmarks", "star"),
    ("Recent tabs", "devices"),
    ("Share\u2026", "share"),
    ("Find in page", "search"),
    ("Desktop site", "check_box_outline_blank"),
    ("Settings", "settings"),
    ("Help & feedback", "help"),
)


def tab_count_description(tabs: int) -> str:
    """The tab switcher button's content description."""
    plural = "tab" if tabs == 1 else "tabs"
    return f"{tabs} open {plural}, tap to switch tabs"


class UrlBar(views.EditText):
    """The omnibox's field: 16 sp text on the pill, no underline."""

    def draw_content(self, painter: Painter) -> None:
        """The URL, the typed text or the hint, vertically centred."""
        views.TextView.draw_content(self, painter)


class TabSwitcherButton(views.ImageButton):
    """``tab_switcher_button``: a rounded square with the number of tabs in it."""

    def __init__(self, tabs: int) -> None:
        super().__init__("tab_switcher_button", content_desc=tab_count_description(tabs),
                         width=BUTTON_DP, height=BUTTON_DP)  # fmt: skip
        self.tabs = tabs

    def draw_content(self, painter: Painter) -> None:
        """The 18 dp square's outline and the count in it."""
        size, stroke = views.dp(18), views.dp(2)
        x = self.left + (self.right - self.left - size) // 2
        y = self.top + (self.bottom - self.top - size) // 2
        painter.surface((x, y, x + size, y + size), ICON_TINT, views.dp(3))
        painter.surface((x + stroke, y + stroke, x + size - stroke, y + size - stroke),
                        "#FFFFFFFF", views.dp(2))  # fmt: skip
        painter.text([str(self.tabs)], (x, y, x + size, y + size), views.dp(11), ICON_TINT, True,
                     Gravity.CENTER)  # fmt: skip


class ToolbarPhone(views.LinearLayout):
    """``toolbar`` (ToolbarPhone, a FrameLayout to accessibility): the home button, the
    location bar taking the room between, the buttons at the end, as it places them."""

    class_name: ClassVar[str] = "android.widget.FrameLayout"


def control_container(
    url_text: str,
    focused: bool,
    on_url_change: Callable[[str], object],
    on_url_click: Action,
    on_clear: Action,
    on_menu: Action,
    tabs: int = 1,
) -> views.View:
    """``control_container``: the toolbar; ``focused`` while the omnibox is being edited
    (Chrome then hides the home button and the buttons and widens the field)."""
    editing_gone = views.GONE if focused else "visible"
    status = views.LinearLayout(
        "location_bar_status",
        views.ImageView("location_bar_status_icon", "search" if focused or not url_text else "info",
                        tint=ICON_TINT, content_desc="" if focused else PAGE_INFO, width=20,
                        height=20, margin=(12, 0, 8, 0), layout_gravity=Gravity.CENTER_VERTICAL),
        orientation=views.HORIZONTAL, height=views.MATCH_PARENT, gravity=Gravity.CENTER_VERTICAL,
        focusable=True,
    )  # fmt: skip
    url_bar = UrlBar(
        "url_bar", url_text, hint=URL_HINT, on_change=on_url_change, on_click=on_url_click,
        **FILL, margin=(40, 0, 40, 0), padding=(0, 0, 0, 0),
        layout_gravity=Gravity.CENTER_VERTICAL,
    )  # fmt: skip
    url_bar.gravity = Gravity.LEFT | Gravity.CENTER_VERTICAL
    url_bar.text_color = TEXT_COLOUR
    action = views.ImageButton(
        "delete_button" if url_text else "mic_button", "close" if url_text else "mic",
        tint=ICON_TINT, content_desc=CLEAR_INPUT if url_text else VOICE_SEARCH,
        on_click=on_clear if url_text else None, width=BUTTON_DP, height=OMNIBOX_DP, padding=8,
    )  # fmt: skip
    actions = views.LinearLayout(
        "url_action_container", action, orientation=views.HORIZONTAL, height=views.MATCH_PARENT,
        layout_gravity=Gravity.END | Gravity.CENTER_VERTICAL,
        visibility="visible" if focused else views.GONE,
    )  # fmt: skip
    location = views.FrameLayout(
        "location_bar", status, url_bar, actions, width=0, weight=1, height=OMNIBOX_DP,
        margin=(4 if focused else 2, 0, 4 if focused else 2, 0),
        layout_gravity=Gravity.CENTER_VERTICAL, background=OMNIBOX_FILL,
        corner_radius=OMNIBOX_DP / 2,
    )  # fmt: skip
    home = views.ImageButton(
        "home_button", "home", tint=ICON_TINT, content_desc=HOME, width=BUTTON_DP,
        height=BUTTON_DP, layout_gravity=Gravity.LEFT | Gravity.CENTER_VERTICAL,
        visibility=editing_gone,
    )  # fmt: skip
    menu = views.ImageButton(
        "menu_button", "more_vert", tint=ICON_TINT, content_desc=MENU, width=BUTTON_DP,
        height=BUTTON_DP, on_click=on_menu, long_clickable=True,
    )  # fmt: skip
    buttons = views.LinearLayout(
        "toolbar_buttons", TabSwitcherButton(tabs), views.FrameLayout("menu_button_wrapper", menu),
        orientation=views.HORIZONTAL, layout_gravity=Gravity.RIGHT | Gravity.CENTER_VERTICAL,
        visibility=editing_gone,
    )  # fmt: skip
    toolbar = ToolbarPhone("toolbar", home, location, buttons, orientation=views.HORIZONTAL,
                           gravity=Gravity.CENTER_VERTICAL, width=views.MATCH_PARENT,
                           height=TOOLBAR_DP, background="#FFFFFFFF")  # fmt: skip
    container = views.FrameLayout("toolbar_container", toolbar, width=views.MATCH_PARENT)
    return views.FrameLayout("control_container", container, width=views.MATCH_PARENT)


def tab_window(toolbar: views.View, page: views.View) -> views.View:
    """The tab: the web contents under the toolbar (``compositor_view_holder``)."""
    holder = views.FrameLayout("compositor_view_holder", page, **FILL, margin=(0, TOOLBAR_DP, 0, 0))
    return views.CoordinatorLayout("coordinator", holder, toolbar, **FILL)


class _MenuRow(views.LinearLayout):
    """A row of the app menu (``menu_item.xml``): its text and icon side by side, as
    wide as the menu, 48 dp, clickable."""

    def __init__(self, text: views.View, icon: views.View, on_click: Action) -> None:
        super().__init__(
            "", text, icon, width=views.MATCH_PARENT, padding=(16, 0, 16, 0), on_click=on_click
        )


class _IconRowButton(views.ImageButton):
    """A button of the menu's icon row: a MaterialButton, ``android.widget.Button``."""

    class_name: ClassVar[str] = "android.widget.Button"


def app_menu(choose: Callable[[str], object], forward_enabled: bool = False) -> views.View:
    """``app_menu_list``: the icon row, then a row per item; a tap runs
    ``choose(title)``."""
    icons: list[views.View] = []
    for id, desc, icon in ICON_ROW:
        button = _IconRowButton(id, icon, tint=ICON_TINT, content_desc=desc, width=BUTTON_DP,
                                height=BUTTON_DP, layout_gravity=Gravity.CENTER,
                                on_click=functools.partial(choose, desc))  # fmt: skip
        button.enabled = forward_enabled or id != "button_one"
        icons.append(views.FrameLayout(f"button_wrapper_{id.split('_')[1]}", button, width=0,
                                       weight=1, height=BUTTON_DP))  # fmt: skip
    rows: list[views.View] = [views.LinearLayout("", *icons, orientation=views.HORIZONTAL,
                                                 width=views.MATCH_PARENT,
                                                 padding=(4, 4, 4, 4))]  # fmt: skip
    for title, icon in MENU_ITEMS:
        text = views.TextView("menu_item_text", title, text_size=16, text_color=TEXT_COLOUR,
                              max_lines=1, width=0, weight=1, min_height=48,
                              gravity=Gravity.LEFT | Gravity.CENTER_VERTICAL)  # fmt: skip
        image = views.ImageView("menu_item_icon", icon, tint=ICON_TINT, width=24, height=24,
                                layout_gravity=Gravity.CENTER_VERTICAL)  # fmt: skip
        rows.append(_MenuRow(text, image, functools.partial(choose, title)))
    # about 260 dp wide on a phone (``menu_width``), a white surface lifted 8 dp, in
    # the popup window's frame (PopupWindow's decor view is a FrameLayout)
    menu = views.ListView("app_menu_list", *rows, width=MENU_DP, padding=(0, 8, 0, 8),
                          background="#FFFFFFFF", elevation=8, corner_radius=8)  # fmt: skip
    return views.FrameLayout("", menu)
