"""Markor's layouts (gsantner/markor v2.11.1, commit 426b92d) as view trees.

Each function is one of the app's layout files with its ids, view classes, strings
(``res/values/strings.xml``, ``string-not_translatable.xml``), dimensions
(``dimens.xml``) and colours (``colors.xml``: ``primary`` #1E2135, ``accent``
#F04B4B, the light theme's background #EEEEEE and text #212121 / #757575); data comes
in as arguments, what a tap does as callables. Classes as a dump reports them:
AppBarLayout ``android.widget.LinearLayout``, Toolbar, ViewPager2, SwipeRefreshLayout
and ConstraintLayout ``android.view.ViewGroup``, BottomNavigationView
``android.widget.FrameLayout``, HighlightingEditor ``android.widget.EditText``, the
DraggableScrollbarScrollView ``android.widget.ScrollView``, FABs
``android.widget.ImageButton``.

Icons: the app's drawables drawn with the nearest Material Symbols of droidhub's
subset (``ic_file_white_24dp`` as ``note``, ``ic_gs_rename`` as ``edit``,
``ic_assignment_turned_in`` as ``checklist``, ``ic_lightning`` as ``edit_note``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import ClassVar

from droidhub.virtual import views
from droidhub.virtual.views.paint import Painter
from droidhub.virtual.views.view import Action
from droidhub_aw_apps.common.styles import COLUMN, FILL, REST_OF_COLUMN, ROW, TextStyle, text_view
from droidhub_aw_apps.common.toolbars import appcompat_toolbar, navigation_button
from droidhub_aw_apps.markor import ids

#: ``colors.xml``.
PRIMARY = "#FF1E2135"
PRIMARY_DARK = "#FF161828"
ACCENT = "#FFF04B4B"
BACKGROUND = "#FFEEEEEE"
PRIMARY_TEXT = "#FF212121"
SECONDARY_TEXT = "#FF757575"
TEXT_ACTION_BAR = "#FFE0E0E0"
ON_PRIMARY = "#FFFFFFFF"
APP_NAME = "Markor"
#: ``dimens.xml``: ``textactions_bar_height``.
TEXT_ACTIONS_BAR_HEIGHT = 46
#: ``new_file_dialog``'s captions and notes: 12 sp, secondary, across the dialog.
CAPTION: TextStyle = {"text_size": 12, "text_color": SECONDARY_TEXT, "width": views.MATCH_PARENT}


class PagerRecycler(views.FrameLayout):
    """ViewPager2's own RecyclerView, which holds the page in front (no id)."""

    class_name: ClassVar[str] = "androidx.recyclerview.widget.RecyclerView"


class Spinner(views.FrameLayout):
    """``android.widget.Spinner`` showing its selected entry (``android:id/text1``)."""

    class_name: ClassVar[str] = "android.widget.Spinner"
    clickable_by_default: ClassVar[bool] = True

    def __init__(self, id: str, selected: str) -> None:
        super().__init__(
            id,
            views.TextView(
                "android:id/text1",
                selected,
                text_size=16,
                max_lines=1,
                padding=(8, 12, 32, 12),
                width=views.MATCH_PARENT,
            ),
            width=views.MATCH_PARENT,
        )


# --- toolbars -------------------------------------------------------------------------


def toolbar(
    title: views.View | None,
    actions: Sequence[views.MenuItem] = (),
    overflow: Sequence[views.MenuItem] = (),
    on_overflow: Action | None = None,
    *,
    navigation: Action | None = None,
    id: str = "toolbar",
) -> views.ViewGroupFrame:
    """appcompat's Toolbar in ``colorPrimary``: "Navigate up" when ``navigation`` is
    given, the ``title`` view, then the menu's action items and overflow button."""
    button = None
    if navigation is not None:
        button = navigation_button("arrow_back", views.NAVIGATE_UP, navigation, tint=ON_PRIMARY)
    menu = [views.action_menu(actions, overflow, on_overflow)] if actions or overflow else []
    return appcompat_toolbar(
        id, button, title, menu, background=PRIMARY, title_end=_menu_width(actions, overflow)
    )


def _menu_width(actions: Sequence[views.MenuItem], overflow: Sequence[views.MenuItem]) -> int:
    """The dp the action menu takes at the toolbar's end (the title stops before it)."""
    return 48 * len(actions) + (40 if overflow else 0) + 8


def title_text(text: str, id: str = "") -> views.TextView:
    """A toolbar's title: 20 sp medium, white, one line."""
    return views.TextView(id, text, text_size=20, medium=True, text_color=ON_PRIMARY, max_lines=1)


def app_bar(bar: views.View, id: str = "") -> views.LinearLayout:
    """Material's AppBarLayout (a LinearLayout) around a toolbar, 4 dp of elevation."""
    return views.LinearLayout(id, bar, **COLUMN, height=56, elevation=4, background=PRIMARY)


# --- main__activity.xml -----------------------------------------------------------------

#: ``main__bottom_nav.xml``: each tab's id, title and icon.
BOTTOM_NAV = (
    ("nav_notebook", "Files", "folder"),
    ("nav_todo", "To-Do", "checklist"),
    ("nav_quicknote", "QuickNote", "edit_note"),
    ("nav_more", "More", "favorite"),
)


def main_activity(
    bar: views.View, page: views.View, on_new: Action, on_tab: Callable[[str], object], tab: str
) -> views.FrameLayout:
    """MainActivity: the app bar, the ViewPager2 with the page in front, the FAB (on
    the Files tab only) and the bottom navigation."""
    pager = views.ViewGroupFrame(
        "main__view_pager_container",
        PagerRecycler("", views.FrameLayout("", page, **FILL), **FILL),
        **FILL,
        margin=(0, 56, 0, 56),
    )
    fab = views.FloatingActionButton(
        "fab_add_new_item",
        "add",
        content_desc="Create a new file or folder",
        background=ACCENT,
        margin=(0, 0, 16, 72),
        on_click=on_new,
        visibility=views.VISIBLE if tab == "nav_notebook" else views.GONE,
    )
    return views.FrameLayout(
        "main_content",
        app_bar(bar, id="appbar"),
        pager,
        fab,
        bottom_navigation_bar(on_tab, tab),
        **FILL,
        background=BACKGROUND,
    )


def bottom_navigation_bar(on_tab: Callable[[str], object], tab: str) -> views.FrameLayout:
    """``bottom_navigation_bar``: Material's BottomNavigationView with its four items,
    in ``colorPrimary``."""
    return views.bottom_navigation(
        "bottom_navigation_bar", BOTTOM_NAV, tab, on_tab, active=ON_PRIMARY,
        inactive="#B3FFFFFF", background=PRIMARY,
    )  # fmt: skip


# --- opoc_filesystem_fragment.xml, opoc_filesystem_item.xml -----------------------------


def filesystem_fragment(
    rows: views.RecyclerView[tuple[str, str]], empty: bool
) -> views.FrameLayout:
    """The file browser: the shrug shown for an empty folder, and the list inside its
    SwipeRefreshLayout."""
    hint = views.TextView(
        "empty_hint",
        "¯\\_(ツ)_/¯",
        text_size=48,
        medium=True,
        gravity=views.Gravity.CENTER,
        width=views.MATCH_PARENT,
        padding=(0, 64, 0, 0),
        visibility=views.VISIBLE if empty else views.GONE,
    )
    refresh = views.ViewGroupFrame("pull_to_refresh", rows, **FILL)
    return views.FrameLayout("ui__filesystem_dialog__root", hint, refresh, **FILL)


def filesystem_item(
    title: str,
    description: str,
    kind: str,
    *,
    selected: bool = False,
    on_click: Action | None = None,
    on_long_click: Action | None = None,
) -> views.LinearLayout:
    """One row: the icon (folder, file or the check of a selected item), the name and
    its description; the row's content description says what it is ("Folder",
    "File" or "Selected"), then the name and description."""
    icon = "check" if selected else ("folder" if kind == "Folder" else "note")
    image = views.ImageView(
        "opoc_filesystem_item__image",
        icon,
        width=28,
        height=28,
        tint=ACCENT if selected else SECONDARY_TEXT,
        icon_size=28,
        layout_gravity=views.Gravity.CENTER_VERTICAL | views.Gravity.LEFT,
        margin=(0, 0, 16, 0),
    )
    texts = views.LinearLayout(
        "",
        views.TextView(ids.ROW_TITLE, title, text_size=19, text_color=PRIMARY_TEXT, medium=True),
        views.TextView(
            ids.ROW_DESCRIPTION,
            description,
            text_size=15,
            text_color=SECONDARY_TEXT,
            max_lines=1,
        ),
        **COLUMN,
    )
    return views.LinearLayout(
        "opoc_filesystem_item__root",
        image,
        texts,
        **ROW,
        margin=(0, 0, 0, 8),
        padding=(16, 0, 16, 0),
        on_click=on_click,
        on_long_click=on_long_click,
        content_desc=f"{'Selected' if selected else kind} {title} {description}",
    )


# --- new_file_dialog.xml ----------------------------------------------------------------


def _caption(text: str, top: float = 0) -> views.TextView:
    return text_view("", text, style=CAPTION, max_lines=1, margin=(0, top, 0, 0))


def new_file_dialog(name: views.EditText, extension: views.EditText) -> views.ScrollView:
    """``new_file_dialog__root``: the name and extension fields, the type and template
    spinners, the two check boxes (gone: no password is set, no experimental
    features) and the two notes under them."""
    name.weight, name.width = 70, 0
    extension.weight, extension.width = 30, 0
    extension.margin = (0, 0, views.dp(32), 0)
    extension.gravity = views.Gravity.RIGHT
    fields = views.LinearLayout("", name, extension, **ROW)
    column = views.LinearLayout(
        "",
        _caption("Name"),
        fields,
        _caption("Type", 8),
        Spinner("new_file_dialog__type", "Markdown"),
        _caption("Template", 8),
        Spinner("new_file_dialog__template", "Empty file"),
        views.CheckBox("new_file_dialog__encrypt", "Encrypt file content", visibility=views.GONE),
        views.CheckBox("new_file_dialog__utf8_bom", "UTF-8 with BOM", visibility=views.GONE),
        text_view(
            "", "- Folder is created without file extension", style=CAPTION, margin=(0, 32, 0, 0)
        ),
        text_view("", "- Files and folders are not overwritten", style=CAPTION),
        **COLUMN,
    )
    return views.ScrollView(
        "new_file_dialog__root", column, width=views.MATCH_PARENT, padding=(16, 16, 16, 0)
    )


def ok_cancel_dialog(
    title: str,
    message: str,
    on_ok: Action,
    on_cancel: Action,
    *,
    custom: views.View | None = None,
    neutral: tuple[str, Action] | None = None,
) -> views.View:
    """An AlertDialog with the app's ids, Cancel and OK (and a ``neutral`` third
    button); ``custom`` stands in place of the message."""
    return views.alert_dialog(
        title,
        message,
        package_ids=True,
        custom=custom,
        neutral=neutral,
        negative=("Cancel", on_cancel),
        positive=("OK", on_ok),
    )


def rename_dialog(new_name: views.EditText) -> views.LinearLayout:
    """``rename__dialog``: the clash message (empty) over the name field."""
    return views.LinearLayout(
        "",
        views.TextView("dialog_message", "", width=views.MATCH_PARENT),
        new_name,
        **COLUMN,
        padding=(20, 8, 20, 0),
    )


# --- opoc_filesystem_dialog.xml -----------------------------------------------------------


def filesystem_dialog(
    title: str, rows: views.RecyclerView[tuple[str, str]], on_cancel: Action, on_ok: Action
) -> views.ViewGroupFrame:
    """GsFileBrowserDialog: its title bar, the folder list, the search, new-folder and
    home buttons, and Cancel / Select this folder."""
    bar = views.ViewGroupFrame(
        "ui__filesystem_dialog__title_bar",
        views.TextView(
            "ui__filesystem_dialog__title_text",
            title,
            text_size=18,
            text_color=ON_PRIMARY,
            max_lines=1,
            margin=(16, 0, 16, 0),
            layout_gravity=views.Gravity.LEFT | views.Gravity.CENTER_VERTICAL,
        ),
        width=views.MATCH_PARENT,
        height=56,
        background=PRIMARY,
    )
    rows.height = views.dp(360)
    column = views.LinearLayout("", bar, rows, _picker_buttons(on_cancel, on_ok), **COLUMN)
    fabs = views.LinearLayout(
        "",
        *(
            views.FloatingActionButton(id, icon, background=ACCENT, margin=(0, 0, 20, 20))
            for id, icon in (
                ("ui__filesystem_dialog__search_button", "search"),
                ("ui__filesystem_dialog__new_dir", "add"),
                ("ui__filesystem_dialog__home", "star"),
            )
        ),
        orientation=views.VERTICAL,
        layout_gravity=views.Gravity.BOTTOM | views.Gravity.RIGHT,
        margin=(0, 0, 0, 64),
    )
    return views.ViewGroupFrame(
        "",
        column,
        fabs,
        width=views.MATCH_PARENT,
        background="#FFFFFFFF",
        corner_radius=4,
        elevation=24,
    )


def _picker_buttons(on_cancel: Action, on_ok: Action) -> views.LinearLayout:
    return views.LinearLayout(
        "ui__filesystem_dialog__buttons",
        _text_button("ui__filesystem_dialog__button_cancel", "Cancel", on_cancel),
        _text_button("ui__filesystem_dialog__button_ok", "Select this folder", on_ok),
        **ROW,
        gravity=views.Gravity.RIGHT,
        padding=4,
    )


def _text_button(id: str, text: str, on_click: Action) -> views.TextView:
    return views.TextView(
        id,
        text,
        medium=True,
        all_caps=True,
        text_color=ACCENT,
        gravity=views.Gravity.CENTER,
        margin=8,
        padding=(8, 8, 8, 8),
        on_click=on_click,
    )


# --- document__activity.xml, document__fragment__edit.xml --------------------------------

#: MarkdownActionButtons' first text actions: content description and icon.
TEXT_ACTIONS = (
    ("Check list", "check_box"),
    ("Unordered list", "format_list_bulleted"),
    ("Bold", "format_bold"),
    ("Italic", "format_italic"),
    ("Delete lines", "delete"),
    ("Open link", "open_in_new"),
    ("Insert Link", "link"),
    ("Insert Image", "image"),
    ("Audio", "mic"),
    ("Special Key", "keyboard"),
    ("Date and time", "schedule"),
)


class HighlightingEditor(views.EditText):
    """Markor's editor (an EditText): its background is the page's colour, so no
    underline is drawn under it."""

    def draw_content(self, painter: Painter) -> None:
        """The text alone."""
        views.TextView.draw_content(self, painter)


def document_activity(bar: views.View, editor: views.EditText) -> views.LinearLayout:
    """DocumentActivity with its edit fragment: the toolbar over the editor in its
    scroll view, and the bar of text actions at the bottom."""
    editor.max_lines = None
    editor.width = views.MATCH_PARENT
    editor.padding = (views.dp(16), views.dp(12), views.dp(16), views.dp(32))
    editor.background = BACKGROUND
    scroll = views.ScrollView(
        "document__fragment__edit__content_editor__scrolling_parent",
        editor,
        **FILL,
        margin=(0, 0, 0, TEXT_ACTIONS_BAR_HEIGHT),
    )
    actions = views.LinearLayout(
        "document__fragment__edit__text_actions_bar",
        *(
            views.ImageView(
                "",
                icon,
                content_desc=desc,
                padding=(4, 8, 4, 8),
                width=32,
                height=48,
                on_click=lambda: None,
            )
            for desc, icon in TEXT_ACTIONS
        ),
        orientation=views.HORIZONTAL,
        height=views.MATCH_PARENT,
        background=TEXT_ACTION_BAR,
    )
    bar_scroll = views.HorizontalScrollView(
        "document__fragment__edit__text_actions_bar__scrolling_parent",
        actions,
        width=views.MATCH_PARENT,
        height=TEXT_ACTIONS_BAR_HEIGHT,
        padding=(0, 4, 0, 0),
        layout_gravity=views.Gravity.BOTTOM,
        background=TEXT_ACTION_BAR,
    )
    fragment = views.FrameLayout("", scroll, bar_scroll, **FILL)
    return views.LinearLayout(
        "",
        app_bar(bar),
        views.FrameLayout("document__placeholder_fragment", fragment, **REST_OF_COLUMN),
        **COLUMN,
        height=views.MATCH_PARENT,
        background=BACKGROUND,
    )


# --- Android's floating text toolbar -------------------------------------------------------


def text_toolbar(labels: Sequence[str], choose: Callable[[str], object]) -> views.LinearLayout:
    """The floating toolbar a long press on text brings up (Cut, Copy, Paste, Select
    all): its items are Buttons in a white bar with 8 dp of elevation."""
    return views.LinearLayout(
        "",
        *(_toolbar_item(label, functools.partial(choose, label)) for label in labels),
        orientation=views.HORIZONTAL,
        background="#FFFFFFFF",
        elevation=8,
        corner_radius=8,
        padding=(4, 0, 4, 0),
    )


class _ToolbarItem(views.TextView):
    """One item of the floating toolbar (``android.widget.Button``)."""

    class_name: ClassVar[str] = "android.widget.Button"
    clickable_by_default: ClassVar[bool] = True


def _toolbar_item(label: str, on_click: Action) -> views.TextView:
    """A floating toolbar's item: its label in 14 sp medium, 48 dp tall."""
    return _ToolbarItem(
        "",
        label,
        medium=True,
        max_lines=1,
        gravity=views.Gravity.CENTER,
        min_height=48,
        padding=(12, 0, 12, 0),
        on_click=on_click,
    )
