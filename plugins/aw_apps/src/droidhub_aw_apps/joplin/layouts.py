"""Joplin's screens as React Native renders them (laurent22/joplin android-v3.0.1,
packages/app-mobile), declared on the view engine.

A React Native app has no layout files: each component becomes a native view whose
accessibility class is what a ``uiautomator dump`` shows. Facts from React Native's
Android views: a ``View`` is a ``ReactViewGroup`` (``android.view.ViewGroup``), a
``Text`` a ``TextView``, a ``TextInput`` an ``EditText`` (its placeholder reported as
its text while empty), a ``ScrollView``/``FlatList`` an ``android.widget.ScrollView``;
``accessibilityRole="button"`` reports ``android.widget.Button`` and ``"checkbox"``
``android.widget.CheckBox`` (checkable, checked from ``accessibilityState``); an
``accessibilityLabel`` is the node's content description. No view carries a resource
id unless the source sets a ``testID`` (none of these screens does). An Ionicons glyph
(``react-native-vector-icons``) is a ``Text``; it is drawn here with the Material
Symbols icon closest to it and reported with no text.

Pieces: :func:`header` (ScreenHeader.tsx), :func:`note_row` (note-item.js with
checkbox.js), :func:`side_menu` (side-menu-content.tsx), :func:`action_button`
(ActionButton.tsx: react-native-paper's FAB.Group), :func:`note_body` (the
NoteBodyViewer's WebView, its rendered Markdown as Chromium reports it) and
:func:`actions_menu` (react-native-popup-menu's options).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import ClassVar

import droidhub.virtual.views as views
from droidhub.virtual.views.view import Action

#: The light theme (packages/lib/themes/light.ts): scheme 1 for notes, 2 for bars.
BACKGROUND = "#FFFFFFFF"
COLOR = "#FF32373F"
COLOR_FADED = "#FF7C8B9E"
DIVIDER = "#FFDDDDDD"
SELECTED = "#FFE5E5E5"
BACKGROUND_2 = "#FF313640"
COLOR_2 = "#FFFFFFFF"
#: ActionButton's FAB colour (``rgba(231,76,60,1)``) and the action items' (#9b59b6).
FAB_COLOR = "#FFE74C3C"
#: global-style.ts: fontSize 16, margins 10 dp around an item's text.
FONT_SIZE = 16
MARGIN = 10


#: A React Native ``View`` (or a Touchable without a role): ``android.view.ViewGroup``.
Group = views.ViewGroupLinear


class RoleButton(views.LinearLayout):
    """A Touchable with ``accessibilityRole="button"``: ``android.widget.Button``."""

    class_name: ClassVar[str] = "android.widget.Button"


class RoleCheckBox(views.LinearLayout):
    """A Touchable with ``accessibilityRole="checkbox"``: ``android.widget.CheckBox``."""

    class_name: ClassVar[str] = "android.widget.CheckBox"


class Glyph(views.ImageView):
    """An Ionicons glyph: a ``Text`` to accessibility."""

    class_name: ClassVar[str] = "android.widget.TextView"


#: A React Native ``View`` whose children stack (an overlay, a Portal).
Frame = views.ViewGroupFrame


class WebView(views.LinearLayout):
    """The note viewer's ``android.webkit.WebView``, its page's blocks inside."""

    class_name: ClassVar[str] = "android.webkit.WebView"


def _icon_button(label: str, icon: str, on_click: Action | None) -> views.View:
    """A header button (CustomButton / TouchableOpacity, role button) over its glyph."""
    glyph = Glyph("", icon, tint=COLOR_2, icon_size=30, padding=(MARGIN, 10, MARGIN, 10))
    return RoleButton("", glyph, content_desc=label, on_click=on_click,
                      layout_gravity=views.Gravity.CENTER_VERTICAL)  # fmt: skip


def header(
    title: str,
    *,
    on_side_menu: Action | None = None,
    on_back: Action | None = None,
    on_search: Action | None = None,
    on_sort: Action | None = None,
    on_actions: Action | None = None,
) -> views.View:
    """ScreenHeader: side menu or back button, the title, search, sort, Actions."""
    row = Group("", orientation=views.HORIZONTAL, width=views.MATCH_PARENT)
    if on_side_menu is not None:
        row.add(_icon_button("Sidebar", "menu", on_side_menu))
    if on_back is not None:
        row.add(_icon_button("Back", "arrow_back", on_back))
    title_view = views.TextView("", title, text_size=FONT_SIZE * 1.2, text_color=COLOR_2,
                                medium=True,
                                max_lines=1, weight=1, width=0, padding=(MARGIN, 0, 0, 0),
                                layout_gravity=views.Gravity.CENTER_VERTICAL)  # fmt: skip
    row.add(title_view)
    if on_search is not None:
        row.add(_icon_button("Search", "search", on_search))
    if on_sort is not None:
        row.add(_icon_button("Sort notes by", "filter_list", on_sort))
    if on_actions is not None:
        dots = Glyph("", "more_vert", tint=COLOR_2, icon_size=30, padding=(4, 10, 4, 10))
        trigger = Group("", Group("", dots, content_desc="Actions"), on_click=on_actions,
                        layout_gravity=views.Gravity.CENTER_VERTICAL)  # fmt: skip
        row.add(trigger)
    return Group("", row, orientation=views.VERTICAL, width=views.MATCH_PARENT,
                 background=BACKGROUND_2,
                 elevation=5)  # fmt: skip


def todo_checkbox(label: str, completed: bool, on_check: Action) -> views.View:
    """checkbox.js: a TouchableHighlight with the checkbox role over its glyph."""
    glyph = Glyph("", "check_box" if completed else "check_box_outline_blank", tint=COLOR,
                  margin=(MARGIN, MARGIN, MARGIN, MARGIN))  # fmt: skip
    return RoleCheckBox(
        "", glyph, content_desc=label, checkable=True, checked=completed, on_click=on_check
    )


def note_row(
    title: str,
    is_todo: bool,
    completed: bool,
    on_click: Action,
    on_check: Action,
    on_long_click: Action | None = None,
) -> views.View:
    """NoteItem: a TouchableOpacity > selection wrapper > opacity view > the item,
    which holds the to-do's check box (an empty View for a note) and the title."""
    box = todo_checkbox(f"to-do: {title}", completed, on_check) if is_todo else Group("")
    left = 0 if is_todo else MARGIN
    label = views.TextView("", title, text_size=FONT_SIZE,
                           text_color=COLOR_FADED if completed else COLOR,
                           max_lines=None, weight=1, width=0,
                           padding=(left, MARGIN, MARGIN, MARGIN),
                           layout_gravity=views.Gravity.CENTER_VERTICAL)  # fmt: skip
    item = Group("", box, label, orientation=views.HORIZONTAL, width=views.MATCH_PARENT)
    faded = Group("", item, width=views.MATCH_PARENT)
    wrapper = Group("", faded, width=views.MATCH_PARENT, padding=(0, 0, 0, 1), background=DIVIDER)
    item.background = BACKGROUND
    return Group(
        "", wrapper, width=views.MATCH_PARENT, on_click=on_click, on_long_click=on_long_click
    )


def scroll_column(key: str, children: Sequence[views.View]) -> views.View:
    """A ScrollView (or FlatList) filling the room left, its offset kept under ``key``."""
    return views.ScrollingScrollView("", children, lambda v: v, scroll_key=key, weight=1, height=0)


def note_list(key: str, rows: Sequence[views.View], empty: str) -> views.View:
    """NoteList: the FlatList of rows, or the message a list without notes shows."""
    if not rows:
        message = views.TextView("", empty, text_size=FONT_SIZE, text_color=COLOR, max_lines=None,
                                 padding=MARGIN * 2, width=views.MATCH_PARENT)  # fmt: skip
        return Group("", message, width=views.MATCH_PARENT, weight=1, height=0)
    return scroll_column(key, rows)


def _sidebar_button(title: str, icon: str, on_click: Action | None, selected: bool) -> views.View:
    glyph = Glyph("", icon, tint=COLOR, icon_size=22, margin=(MARGIN, 0, MARGIN, 0))
    label = views.TextView("", title, text_size=FONT_SIZE, text_color=COLOR,
                           medium=on_click is None,
                           layout_gravity=views.Gravity.CENTER_VERTICAL)  # fmt: skip
    content = Group("", glyph, label, orientation=views.HORIZONTAL, width=views.MATCH_PARENT,
                    height=48,
                    background=SELECTED if selected else None)  # fmt: skip
    for child in content.children:
        child.layout_gravity = views.Gravity.CENTER_VERTICAL
    if on_click is None:
        return content
    return Group("", content, width=views.MATCH_PARENT, on_click=on_click)


def _divider() -> views.View:
    return views.View(width=views.MATCH_PARENT, height=1, margin=(0, 15, 0, 15), background=DIVIDER)


def side_menu(
    folders: Sequence[tuple[str, str]],
    selected: str | None,
    on_all_notes: Action,
    on_folder: Callable[[str], Action],
    on_close: Action,
) -> views.View:
    """SideMenuContent over the dimmed notes: All notes, Notebooks and the notebooks'
    rows in a ScrollView, then the bottom panel (New Notebook, Tags, Configuration,
    Synchronise). ``selected`` is the notebook shown (None: All notes)."""
    items: list[views.View] = [views.View(height=MARGIN)]
    items.append(_sidebar_button("All notes", "note", on_all_notes, selected is None))
    items.append(_divider())
    items.append(_sidebar_button("Notebooks", "folder", None, False))
    for folder_id, title in folders:
        glyph = Glyph("", "folder", tint=COLOR_FADED, icon_size=20, margin=(0, 0, MARGIN, 0),
                      layout_gravity=views.Gravity.CENTER_VERTICAL)  # fmt: skip
        label = views.TextView("", title, text_size=FONT_SIZE, text_color=COLOR, max_lines=1,
                               layout_gravity=views.Gravity.CENTER_VERTICAL)  # fmt: skip
        button = Group("", glyph, label, orientation=views.HORIZONTAL, width=views.MATCH_PARENT,
                       height=48,
                       padding=(22, 0, 0, 0),
                       background=SELECTED if folder_id == selected else None)  # fmt: skip
        touch = Group("", button, width=views.MATCH_PARENT, weight=1, on_click=on_folder(folder_id))
        items.append(Group("", touch, orientation=views.HORIZONTAL, width=views.MATCH_PARENT))
    scroll = scroll_column("side_menu", items)
    bottom = Group("", _divider(), orientation=views.VERTICAL, width=views.MATCH_PARENT)
    for title, icon in (("New Notebook", "folder"), ("Tags", "label"),
                        ("Configuration", "settings"), ("Synchronise", "sync")):  # fmt: skip
        if title == "Synchronise":
            bottom.add(_divider())
        bottom.add(_sidebar_button(title, icon, lambda: None, False))
    inner = Group("", scroll, bottom, orientation=views.VERTICAL, width=views.MATCH_PARENT,
                  height=views.MATCH_PARENT)  # fmt: skip
    menu = Group("", inner, width=300, height=views.MATCH_PARENT, background=BACKGROUND,
                 orientation=views.VERTICAL)  # fmt: skip
    shade = Group("", width=views.MATCH_PARENT, height=views.MATCH_PARENT, weight=1,
                  on_click=on_close,
                  background="#66000000")  # fmt: skip
    return Group("", menu, shade, orientation=views.HORIZONTAL, width=views.MATCH_PARENT,
                 height=views.MATCH_PARENT)  # fmt: skip


def action_button(
    label: str, icon: str, on_press: Action | None, actions: Sequence[tuple[str, str, Action]] = ()
) -> views.View:
    """ActionButton (react-native-paper's FAB.Group) at the bottom end: its main FAB
    (a Button named ``label``) and, while open, its labelled action items above it."""
    column = Group("", orientation=views.VERTICAL,
                   layout_gravity=views.Gravity.BOTTOM | views.Gravity.END,
                   margin=(0, 0, 16, 16))  # fmt: skip
    for name, glyph_name, run in actions:
        name_view = views.TextView("", name, text_size=14, text_color=COLOR, padding=(8, 4, 8, 4),
                                   background=BACKGROUND, elevation=2, corner_radius=4,
                                   layout_gravity=views.Gravity.CENTER_VERTICAL,
                                   margin=(0, 0, 16, 0))  # fmt: skip
        small = Glyph("", glyph_name, tint=COLOR_2, icon_size=24, padding=8,
                      background="#FF9B59B6", corner_radius=20, elevation=4)  # fmt: skip
        column.add(RoleButton("", name_view, small, orientation=views.HORIZONTAL, content_desc=name,
                              on_click=run, layout_gravity=views.Gravity.END,
                              margin=(0, 0, 8, 16)))  # fmt: skip
    fab_glyph = Glyph("", icon, tint=COLOR_2, icon_size=24, padding=16, background=FAB_COLOR,
                      corner_radius=16, elevation=6)  # fmt: skip
    column.add(RoleButton("", fab_glyph, content_desc=label, on_click=on_press,
                          layout_gravity=views.Gravity.END))  # fmt: skip
    return column


_LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+(?:\[( |x|X)\]\s+)?")
_HEADING = re.compile(r"^#{1,6}\s+")


def rendered_blocks(body: str) -> list[tuple[str, bool | None]]:
    """The note's Markdown as the viewer's page shows it, one block a line: its text
    (list markers and heading hashes gone, as rendered) and, for a checklist item,
    whether it is ticked."""
    blocks: list[tuple[str, bool | None]] = []
    for line in body.splitlines():
        if not line.strip():
            continue
        match = _LIST_ITEM.match(line)
        if match is not None:
            tick = match.group(1)
            blocks.append((line[match.end() :], None if tick is None else tick != " "))
        else:
            blocks.append((_HEADING.sub("", line).strip(), None))
    return blocks


def note_body(body: str) -> views.View:
    """NoteBodyViewer: a WebView whose page's blocks Chromium reports as TextViews
    (a checklist item's box as a CheckBox before its text)."""
    page = WebView(
        "", orientation=views.VERTICAL, width=views.MATCH_PARENT, padding=(MARGIN, 0, MARGIN, 150)
    )
    for line, tick in rendered_blocks(body):
        block = views.TextView("", line, text_size=FONT_SIZE, text_color=COLOR, max_lines=None,
                               width=views.MATCH_PARENT, padding=(0, 4, 0, 4))  # fmt: skip
        if tick is None:
            page.add(block)
            continue
        block.weight, block.width = 1, 0
        box = Glyph("", "check_box" if tick else "check_box_outline_blank", tint=COLOR,
                    icon_size=18, margin=(0, 4, 8, 0))  # fmt: skip
        check = RoleCheckBox("", box, checkable=True, checked=tick)
        page.add(Group("", check, block, orientation=views.HORIZONTAL, width=views.MATCH_PARENT))
    return scroll_column("note_body", [page])


def actions_menu(options: Sequence[tuple[str, Action]], on_close: Action) -> views.View:
    """react-native-popup-menu's MenuOptions under the Actions trigger: a ScrollView of
    MenuOption rows (TouchableHighlight > Text), a divider before the last group."""
    rows: list[views.View] = []
    for title, run in options:
        label = views.TextView("", title, text_size=FONT_SIZE, text_color=COLOR,
                               padding=(MARGIN, MARGIN, MARGIN * 2, MARGIN))  # fmt: skip
        rows.append(Group("", label, width=views.MATCH_PARENT, on_click=run))
    column = Group("", *rows, orientation=views.VERTICAL, width=views.MATCH_PARENT)
    popup = Group("", column, width=220, background=BACKGROUND, elevation=8,
                  layout_gravity=views.Gravity.TOP | views.Gravity.END,
                  margin=(0, 8, 8, 0))  # fmt: skip
    return Frame("", Group("", width=views.MATCH_PARENT, height=views.MATCH_PARENT,
                           on_click=on_close),
                       popup, width=views.MATCH_PARENT, height=views.MATCH_PARENT)  # fmt: skip
