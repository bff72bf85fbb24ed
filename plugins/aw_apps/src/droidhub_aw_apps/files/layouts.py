"""Files (DocumentsUI, Android 13) as view trees, from its layouts at AOSP 13's
DocumentsUI (``tests/data/screens/sources.toml`` says which commit):

- ``drawer_layout.xml``: ``coordinator_layout`` > ``drawer_layout`` (its drawer
  closed: DrawerLayout makes a closed drawer INVISIBLE, so a dump shows none of it) >
  a CoordinatorLayout holding, in drawing order, the content under the app bar (a
  FrameLayout of ``container_directory``, the empty ``container_search_fragment`` and
  the 12 dp ``drawer_edge``), ``container_save`` (``fragment_pick.xml``:
  ``android:id/button2`` Cancel and ``android:id/button1`` Move) while a destination
  is picked, and ``directory_app_bar.xml``'s ``app_bar`` > ``collapsing_toolbar`` >
  a NestedScrollView holding ``directory_header.xml`` (``horizontal_breadcrumb`` of
  ``navigation_breadcrumb_item``s: ``breadcrumb_text`` and ``breadcrumb_arrow``; the
  ``search_chip_group`` of Images, Audio, Videos, Documents...; then
  ``header_container``: ``header_title``, "Files on <storage>" or "Files in <folder>",
  and ``sub_menu``, the ActionMenuView whose "Grid view" item a list shows), then the
  pinned ``toolbar`` ("Show roots", ``searchbar_title`` "Search this phone", More
  options);
- ``fragment_directory.xml`` in ``container_directory``: an AnimationView (a
  FrameLayout) > ``refresh_layout`` (a SwipeRefreshLayout) > ``dir_list``;
- ``item_doc_list.xml`` rows: ``item_root`` > ``icon`` > ``icon_mime`` (a folder or
  the file's type), ``android:id/title`` and ``line2`` > ``metadata``;
- with a selection, AppCompat's action mode (``action_mode_bar``: Done, "N selected",
  ``action_mode_menu.xml``'s Share and Delete, the overflow with its never-shown items).

What the real app hides in the states the tasks reach is left out: the profile tabs
and the apps row of ``directory_header``, and the preview, work badge, thumbnail and
check icons of a row (``sources.toml``'s ``hidden_at_run_time`` says why). The search
chips (``search_chip_row``, under the breadcrumb) and the "Grid view" item are drawn
but do nothing when tapped: droidhub models neither search nor the grid.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import ClassVar, Unpack

import droidhub.virtual.views as views
from droidhub.virtual.views.paint import Painter
from droidhub.virtual.views.view import Action, Attributes
from droidhub_aw_apps.common.styles import COLUMN, COLUMN_IN_ROW, FILL

#: DocumentsUI's light theme (Material 3 on Android 13): surface, ink, accent.
SURFACE = "#FFFFFBFE"
TEXT = "#FF1C1B1F"
SECONDARY = "#FF5F6368"
ACCENT = "#FF1A73E8"
SELECTED = "#FFD3E3FD"
#: The pinned toolbar's height, under which ``directory_header`` starts (dp).
TOOLBAR_DP = 56
#: ``horizontal_breadcrumb``, ``search_chip_row`` (its chips' 48 dp touch target) and
#: ``header_container`` (``root_info_header_height``), dp.
BREADCRUMB_DP, CHIPS_DP, HEADER_DP = 48, 48, 60
#: The search chips over a root that searches by type (SearchChipViewManager: the MIME
#: chips in the order of their keys, then the default chips), with their icons.
SEARCH_CHIPS = (
    ("Images", "image"),
    ("Audio", "music_note"),
    ("Videos", "videocam"),
    ("Documents", "notes"),
    ("Large files", "storage"),
    ("This week", "calendar_today"),
)
#: ``action_mode_menu.xml``'s items a single selection shows in the overflow.
OVERFLOW = (
    ("action_menu_open_with", "Open with"),
    ("action_menu_select_all", "Select all"),
    ("action_menu_copy_to", "Copy to\u2026"),
    ("action_menu_move_to", "Move to\u2026"),
    ("action_menu_compress", "Compress"),
    ("action_menu_rename", "Rename"),
    ("action_menu_inspect", "Get info"),
)


@dataclass(frozen=True)
class Entry:
    """A row of the directory: its name, whether it is a folder, its metadata line."""

    name: str
    is_dir: bool
    metadata: str


def _icon(name: str, is_dir: bool) -> str:
    """The row's type icon, as DocumentsUI picks one by MIME type (IconUtils: a folder,
    ic_doc_image, ic_doc_audio, ic_doc_video, else the generic document)."""
    if is_dir:
        return "folder"
    if name.endswith((".jpg", ".jpeg", ".png", ".gif")):
        return "image"
    if name.endswith((".mp3", ".wav", ".m4a", ".ogg")):
        return "music_note"
    if name.endswith((".mp4", ".mkv", ".webm")):
        return "videocam"
    return "attach_file"


def doc_row(
    entry: Entry, selected: bool, on_click: Action, on_long_click: Action | None
) -> views.View:
    """``item_doc_list.xml``: the type icon, the name, the metadata line. A selected
    row shows ``icon_check`` where its type icon was (ListDocumentHolder.setSelected
    fades the check in and ``icon_mime`` out: alpha 0 is not visible to the user)."""
    if selected:
        mark = views.ImageView(
            "icon_check",
            "check_circle",
            tint=ACCENT,
            filled=True,
            layout_gravity=views.Gravity.CENTER,
        )
    else:
        mark = views.ImageView(
            "icon_mime",
            _icon(entry.name, entry.is_dir),
            tint=SECONDARY,
            layout_gravity=views.Gravity.CENTER,
        )
    icon = views.FrameLayout(
        "icon",
        views.MaterialCardView(
            "", mark, **FILL, corner_radius=8, background=SELECTED if selected else None
        ),
        width=40, height=40, margin=(16, 12, 16, 12),
    )  # fmt: skip
    text = views.LinearLayout(
        "",
        views.LinearLayout("", views.TextView("android:id/title", entry.name, text_size=16,
                                              max_lines=1,
                                              text_color=TEXT, width=views.MATCH_PARENT),
                                              width=views.MATCH_PARENT),
        views.LinearLayout("line2", views.TextView("metadata", entry.metadata, text_size=14,
                                                   text_color=SECONDARY, max_lines=1),
                           width=views.MATCH_PARENT,
                           visibility=views.GONE if not entry.metadata else "visible"),
        **COLUMN_IN_ROW, layout_gravity=views.Gravity.CENTER_VERTICAL,
    )  # fmt: skip
    return views.LinearLayout(
        "item_root",
        views.LinearLayout("", icon, text, width=views.MATCH_PARENT,
                           gravity=views.Gravity.CENTER_VERTICAL),
        **COLUMN, selected=selected,
        background=SELECTED if selected else None, on_click=on_click,
        on_long_click=on_long_click,
    )  # fmt: skip


def toolbar(on_more: Action) -> views.View:
    """``directory_app_bar.xml``'s toolbar: the roots button, the search bar's title,
    the overflow."""
    return views.Toolbar(
        "toolbar",
        views.ImageButton("", "menu", content_desc="Show roots", tint=TEXT),
        views.TextView("searchbar_title", "Search this phone", text_size=16, text_color=SECONDARY,
                       width=0, weight=1, gravity=views.Gravity.CENTER_VERTICAL,
                       height=views.MATCH_PARENT,
                       background="#FFF1F3F4", corner_radius=28, padding=(16, 0, 16, 0),
                       margin=(0, 4, 0, 4), clickable=True),
        views.OverflowMenuButton(on_more, tint=TEXT),
        background=SURFACE, elevation=0,
    )  # fmt: skip


def action_mode(count: int, on_done: Action, on_delete: Action, on_more: Action) -> views.View:
    """AppCompat's action mode over the toolbar for a selection."""
    return views.Toolbar(
        "action_mode_bar",
        views.ImageButton("action_mode_close_button", "close", tint=TEXT, content_desc="Done",
                          on_click=on_done),
        views.TextView("action_bar_title", f"{count} selected", text_size=18, medium=True,
                       text_color=TEXT, width=0, weight=1,
                       layout_gravity=views.Gravity.CENTER_VERTICAL),
        views.ActionMenuItemView(views.MenuItem("action_menu_share", "Share", "share"), tint=TEXT),
        views.ActionMenuItemView(views.MenuItem("action_menu_delete", "Delete", "delete",
                                                on_delete),
                                 tint=TEXT),
        views.OverflowMenuButton(on_more, tint=TEXT),
        background=SELECTED, elevation=0,
    )  # fmt: skip


def breadcrumb(crumbs: Sequence[str], on_crumb: Callable[[int], object]) -> views.View:
    """``horizontal_breadcrumb``: the root and each folder down to this one."""

    def crumb(item: tuple[int, str]) -> views.View:
        index, name = item
        last = index == len(crumbs) - 1
        return views.LinearLayout(
            "",
            views.TextView("breadcrumb_text", name, text_size=14, medium=last,
                           text_color=ACCENT if last else SECONDARY, padding=(8, 12, 8, 12)),
            views.ImageView("breadcrumb_arrow", "chevron_right", tint=SECONDARY, icon_size=16,
                            layout_gravity=views.Gravity.CENTER_VERTICAL,
                            visibility=views.GONE if last else "visible"),
            orientation=views.HORIZONTAL, on_click=lambda: on_crumb(index),
        )  # fmt: skip

    return views.HorizontalRecyclerView(
        "horizontal_breadcrumb", list(enumerate(crumbs)), crumb, height=48,
        padding=(8, 0, 8, 0),
    )  # fmt: skip


def picker_buttons(on_cancel: Action, on_move: Action) -> views.View:
    """``container_save`` holding ``fragment_pick.xml``: Cancel and Move."""
    cancel = views.Button("android:id/button2", "Cancel", on_click=on_cancel, margin=(0, 0, 8, 0))
    cancel.text_color = ACCENT
    move = views.Button("android:id/button1", "Move", on_click=on_move, background=ACCENT)
    move.text_color = "#FFFFFFFF"
    return views.CoordinatorLayout(
        "container_save",
        views.LinearLayout("", cancel, views.FrameLayout("", move), width=views.MATCH_PARENT,
                           gravity=views.Gravity.END | views.Gravity.CENTER_VERTICAL,
                           padding=(16, 8, 16, 8)),
        width=views.MATCH_PARENT, background=SURFACE, elevation=8,
        layout_gravity=views.Gravity.BOTTOM | views.Gravity.CENTER_HORIZONTAL,
    )  # fmt: skip


class Chip(views.TextView):
    """``search_chip_item.xml``: Material's checkable Chip (a dump reports
    ``android.widget.CompoundButton``), its icon and text in a 32 dp outlined pill
    centred in its 48 dp touch target. A tap would filter a search; droidhub does not
    model search, so it does nothing."""

    class_name: ClassVar[str] = "android.widget.CompoundButton"
    clickable_by_default: ClassVar[bool] = True

    def __init__(self, text: str, icon: str, **attributes: Unpack[Attributes]) -> None:
        attributes.setdefault("padding", (34, 0, 12, 0))  # the icon's room before the text
        attributes.setdefault("margin", (4, 0, 4, 0))  # search_chip_half_spacing
        attributes.setdefault("checkable", True)
        super().__init__(
            "", text, text_size=14, text_color=TEXT, max_lines=1, min_height=48,
            gravity=views.Gravity.CENTER_VERTICAL, **attributes,
        )  # fmt: skip
        self.icon = icon

    def draw(self, painter: Painter) -> None:
        """The outline, the pill, the 18 dp icon, the text."""
        inset, line = views.dp(8), views.dp(1)
        box = (self.left, self.top + inset, self.right, self.bottom - inset)
        radius = (box[3] - box[1]) // 2
        painter.surface(box, "#FF747775", radius)
        inner = (box[0] + line, box[1] + line, box[2] - line, box[3] - line)
        painter.surface(inner, SURFACE, radius - line)
        size = views.dp(18)
        x, y = self.left + views.dp(8), (self.top + self.bottom - size) // 2
        painter.icon(self.icon, (x, y, x + size, y + size), TEXT)
        self.draw_content(painter)


def search_chip_row() -> views.View:
    """``search_chip_row.xml``: the chips in ``search_chip_group``, a row that scrolls
    sideways (SearchViewManager.showMenu shows it over a root that searches by MIME type,
    as ExternalStorageProvider's roots do)."""
    chips = [Chip(text, icon) for text, icon in SEARCH_CHIPS]
    group = views.LinearLayout("search_chip_group", *chips, margin=(20, 0, 20, 0))
    return views.HorizontalScrollView(
        "", views.FrameLayout("", group), width=views.MATCH_PARENT, height=CHIPS_DP
    )


def directory_header(crumbs: views.View, title: str) -> views.View:
    """``directory_header.xml`` as a list shows it: the breadcrumb, the search chips,
    then the header with its title and ``sub_menu`` (the view-mode item, "Grid view"
    in a list)."""
    sub_menu = views.action_menu(
        [views.MenuItem("sub_menu_grid", "Grid view", "grid_view")], tint=SECONDARY
    )
    sub_menu.id = "sub_menu"  # an ActionMenuView of the layout, not a toolbar's menu
    sub_menu.layout_gravity = views.Gravity.END | views.Gravity.CENTER_VERTICAL
    sub_menu.height = views.dp(48)
    header = views.LinearLayout(
        "header_container",
        views.TextView("header_title", title, text_size=14, medium=True, text_color=TEXT,
                       max_lines=1, width=views.MATCH_PARENT, height=views.MATCH_PARENT,
                       weight=1, gravity=views.Gravity.START | views.Gravity.CENTER_VERTICAL),
        sub_menu,
        width=views.MATCH_PARENT, height=HEADER_DP, margin=(24, 0, 24, 0),
    )  # fmt: skip
    return views.LinearLayout("directory_header", crumbs, search_chip_row(), header, **COLUMN)


def directory(
    header: views.View,
    crumbs: views.View,
    title: str,
    rows: Sequence[Entry],
    bind: Callable[[Entry], views.View],
    save: views.View | None,
) -> views.View:
    """``drawer_layout.xml`` with the directory's list and, when picking, the buttons."""
    listing = views.RecyclerView("dir_list", list(rows), bind)
    fragment = views.FrameLayout(
        "", views.ViewGroupFrame("refresh_layout", listing, **FILL), **FILL
    )
    content = views.FrameLayout(
        "",
        views.FrameLayout("container_directory", fragment, **FILL),
        views.FrameLayout("container_search_fragment", **FILL),
        views.View("drawer_edge", width=12, height=views.MATCH_PARENT),
        **FILL, margin=(0, TOOLBAR_DP + BREADCRUMB_DP + CHIPS_DP + HEADER_DP, 0, 0),
    )  # fmt: skip
    app_bar = views.LinearLayout(
        "app_bar",
        views.FrameLayout(
            "collapsing_toolbar",
            views.ScrollView("", directory_header(crumbs, title), width=views.MATCH_PARENT,
                             margin=(0, TOOLBAR_DP, 0, 0)),
            header,
            width=views.MATCH_PARENT,
        ),
        **COLUMN, background=SURFACE,
    )  # fmt: skip
    inner = views.CoordinatorLayout(
        "", content, *([save] if save is not None else []), app_bar, **FILL
    )  # fmt: skip
    return views.CoordinatorLayout(
        "coordinator_layout", views.DrawerLayout("drawer_layout", inner), **FILL,
        background=SURFACE,
    )  # fmt: skip
