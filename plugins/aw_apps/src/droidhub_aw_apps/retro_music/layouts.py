"""Retro Music's shared layout pieces (6.0.3, commit f30578d5f) as view trees.

Each function is one file of the app's ``res/layout`` (or the library view it
inflates), with its ids, view classes, nesting and English strings; data comes in as
plain values and actions as callables, bound by :mod:`.screens`. The screens' pages
are :mod:`.pages`.

Facts from the sources: MainActivity is ``sliding_music_panel_layout``
(``mainContent``, a CoordinatorLayout, holding ``fragment_container``, the
``slidingPanel`` with ``playerFragmentContainer`` and the ``miniPlayerFragment`` while
something is queued, and the ``navigationView`` BottomNavigationView with
``bottom_navigation_main``'s For you, Songs, Albums, Artists and Playlists). A list's
app bar is ``simple_appbar_layout`` (``toolbar_container`` > ``toolbar`` with the
search icon as its navigation button and the centred bold ``appNameText``). Songs
are ``item_list`` rows (the cover in ``imageTextContainer``, ``title``, ``text`` the
artist, ``menu``), albums and playlists ``item_grid`` cells, an album's songs
``item_song`` rows (``imageText`` the track number or "-", ``title``, ``time``). A
song's ``menu`` drops ``menu_item_song``; a long press starts the framework action
mode with ``number_roll_view`` and ``menu_media_selection`` (three actions fit a
411 dp bar). Add to playlist is a Material dialog listing "New playlist" and the
playlists; New playlist is ``dialog_playlist`` (``actionNewPlaylistContainer`` >
``actionNewPlaylist``) with Create and Cancel. On Android 12+ the app takes Material
You's colours (the accent here is the emulator's default wallpaper's, approximated).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypedDict, Unpack, cast

from droidhub.virtual import views
from droidhub.virtual.views.dialogs import CoordinatorLayout
from droidhub.virtual.views.view import Action, Attributes
from droidhub_aw_apps.common.styles import COLUMN, COLUMN_IN_ROW, FILL, TextAppearance

SURFACE = "#FFFDFCFF"
NAV_SURFACE = "#FFF0F0F7"
TEXT = "#DE000000"
SECONDARY = "#8A000000"
ACCENT = "#FF35618E"
COVER = "#FFE3E2E6"
#: ``ACCENT`` at 12 % alpha: a checked row's highlight, the tonal buttons' and cards' fill.
ACCENT_TINT = "#1F35618E"
#: The text appearances: a page's, a dialog's or a section's title; a row's first
#: line; its second line.
TITLE = TextAppearance(text_size=20, text_color=TEXT, medium=True)
PRIMARY_LINE = TextAppearance(text_size=16, text_color=TEXT)
SECONDARY_LINE = TextAppearance(text_size=14, text_color=SECONDARY)
#: ``bottom_navigation_main.xml``: (id, title, icon).
TABS = (
    ("action_home", "For you", "home"),
    ("action_song", "Songs", "music_note"),
    ("action_album", "Albums", "photo_library"),
    ("action_artist", "Artists", "person"),
    ("action_playlist", "Playlists", "format_list_bulleted"),
)
#: ``menu_item_song.xml``, in order.
SONG_MENU = (
    ("action_play_next", "Play next"),
    ("action_add_to_current_playing", "Add to playing queue"),
    ("action_add_to_playlist", "Add to playlist"),
    ("action_go_to_album", "Go to album"),
    ("action_go_to_artist", "Go to artist"),
    ("action_share", "Share"),
    ("action_tag_editor", "Tag editor"),
    ("action_details", "Details"),
    ("action_set_as_ringtone", "Set as ringtone"),
    ("action_add_to_blacklist", "Add to Blacklist"),
    ("action_delete_from_device", "Delete from device"),
)
#: ``menu_item_playlist.xml``, in order.
PLAYLIST_MENU = (
    ("action_play", "Play"),
    ("action_play_next", "Play next"),
    ("action_add_to_current_playing", "Add to playing queue"),
    ("action_add_to_playlist", "Add to playlist"),
    ("action_rename_playlist", "Rename"),
    ("action_delete_playlist", "Delete"),
    ("action_save_playlist", "Save as file"),
)
#: ``menu_media_selection.xml``: the three that fit as icons, then the overflow's.
SELECTION_ACTIONS = (
    ("action_play_next", "Play next", "redo"),
    ("action_add_to_current_playing", "Add to playing queue", "add_circle"),
    ("action_add_to_playlist", "Add to playlist", "add"),
)
SELECTION_OVERFLOW = (
    ("action_share", "Share"),
    ("action_delete_from_device", "Delete from device"),
    ("action_multi_select_adapter_check_all", "Select all"),
)
NEW_PLAYLIST = "New playlist"
ADD_TO_PLAYLIST = "Add to playlist"


#: A row's menu button tapped: handed the button, to drop its menu from.
OnMenu = Callable[[views.View], object]


@dataclass(frozen=True)
class Row:
    """One row or cell of a list: its key (a song file, an album's or playlist's
    key), its two lines and whether it is checked in a selection."""

    key: str
    title: str
    text: str
    checked: bool = False


class AppBarLayout(views.LinearLayout):
    """Material's AppBarLayout (TopAppBarLayout): a column (``LinearLayout``)."""

    def __init__(self, id: str, *children: views.View, **attributes: Unpack[Attributes]) -> None:
        super().__init__(id, *children, orientation=views.VERTICAL, **attributes)


def sentence_case(view: views.View) -> views.View:
    """Material 3's buttons keep their labels' case (``textAllCaps`` false): every
    Button under ``view`` as written."""
    for child in view.walk():
        if isinstance(child, views.Button):
            child.all_caps = False
    return view


def cover(id: str, size: float, **attributes: Unpack[Attributes]) -> views.ImageView:
    """The default album art Retro Music draws for a song without one: a note on the
    surface's tone."""
    attributes["width"] = attributes["height"] = size
    attributes["background"] = COVER
    return views.ImageView(id, "music_note", tint=SECONDARY, icon_size=size * 0.5, **attributes)


def simple_appbar(title: str, on_search: Action | None, on_overflow: Action | None) -> AppBarLayout:
    """``TopAppBarLayout`` > ``simple_appbar_layout``: search, the title, the overflow."""
    toolbar = views.Toolbar(
        "toolbar",
        views.ImageButton(
            "", "search", tint=TEXT, on_click=on_search, width=56, height=56, padding=16
        ),
        views.TextView(
            "appNameText",
            title,
            **TITLE,
            width=0,
            weight=1,
            gravity=views.Gravity.CENTER_HORIZONTAL,
        ),
        views.OverflowMenuButton(on_overflow, tint=TEXT),
        background=SURFACE,
        elevation=0,
    )
    return AppBarLayout(
        "appBarLayout",
        views.FrameLayout("toolbar_container", toolbar, width=views.MATCH_PARENT),
        width=views.MATCH_PARENT,
        background=SURFACE,
    )


def _menu_button(on_menu: OnMenu) -> views.ImageView:
    """``OverFlowButton``: 48 dp, the three dots; its tap hands over its own bounds."""
    button = views.ImageView(
        "menu",
        "more_vert",
        tint=SECONDARY,
        width=48,
        height=48,
        padding=12,
        clickable=True,
        layout_gravity=views.Gravity.CENTER_VERTICAL,
    )
    button.on_click = functools.partial(on_menu, button)
    return button


class Selectable(TypedDict):
    """The attributes :func:`selectable` gives (only these: a view may be given its
    size, padding or background beside them)."""

    clickable: bool
    long_clickable: bool
    selected: bool
    on_click: Action
    on_long_click: Action


def selectable(row: Row, on_click: Action, on_long: Action) -> Selectable:
    """What Retro Music's multi-select adapters give an item's root: a tap opens it (or,
    in a selection, checks it), a long press starts a selection, a checked item shows
    selected."""
    return Selectable(
        clickable=True,
        long_clickable=True,
        selected=row.checked,
        on_click=on_click,
        on_long_click=on_long,
    )


def item_list(row: Row, on_click: Action, on_long: Action, on_menu: OnMenu) -> views.View:
    """``item_list.xml``: a song's cover, title, artist and menu."""
    card = views.MaterialCardView(
        "imageTextContainer",
        cover("image", 45),
        views.TextView("imageText", "", visibility=views.GONE),
        margin=(16, 8, 0, 8),
        corner_radius=8,
        elevation=0,
        layout_gravity=views.Gravity.CENTER_VERTICAL,
    )
    lines = views.LinearLayout(
        "",
        views.TextView("title", row.title, **PRIMARY_LINE, max_lines=1, width=views.MATCH_PARENT),
        views.TextView(
            "text",
            row.text,
            **SECONDARY_LINE,
            max_lines=1,
            width=views.MATCH_PARENT,
        ),
        **COLUMN_IN_ROW,
        margin=(16, 0, 0, 0),
        layout_gravity=views.Gravity.CENTER_VERTICAL,
    )
    return views.ViewGroupLinear(
        "",
        views.ImageView("drag_view", "drag_handle", visibility=views.GONE),
        card,
        lines,
        _menu_button(on_menu),
        width=views.MATCH_PARENT,
        background=ACCENT_TINT if row.checked else None,
        **selectable(row, on_click, on_long),
    )


def item_grid(row: Row, on_click: Action, on_long: Action, on_menu: OnMenu) -> views.View:
    """``item_grid.xml``: a square cover, then the title, the text and the menu."""
    titles = views.LinearLayout(
        "titleContainer",
        views.TextView("title", row.title, **PRIMARY_LINE, max_lines=1),
        views.TextView("text", row.text, **SECONDARY_LINE, max_lines=1),
        **COLUMN_IN_ROW,
        padding=(8, 8, 0, 8),
    )
    return views.ViewGroupFrame(
        "",
        views.LinearLayout(
            "",
            views.MaterialCardView(
                "imageContainer",
                cover("image", 180, layout_gravity=views.Gravity.CENTER),
                width=views.MATCH_PARENT,
                height=180,
                corner_radius=12,
                elevation=0,
            ),
            views.LinearLayout("", titles, _menu_button(on_menu), width=views.MATCH_PARENT),
            **COLUMN,
        ),
        width=views.MATCH_PARENT,
        padding=8,
        **selectable(row, on_click, on_long),
    )


def item_song(row: Row, on_click: Action, on_long: Action, on_menu: OnMenu) -> views.View:
    """``item_song.xml``: the track number ("-" without one), the title, the length."""
    return views.LinearLayout(
        "",
        views.FrameLayout(
            "imageContainer",
            views.TextView(
                "imageText",
                "-",
                text_size=16,
                text_color=SECONDARY,
                width=40,
                height=views.MATCH_PARENT,
                gravity=views.Gravity.CENTER,
            ),
            height=views.MATCH_PARENT,
            margin=(8, 0, 0, 0),
        ),
        views.TextView(
            "title",
            row.title,
            **PRIMARY_LINE,
            max_lines=1,
            width=0,
            weight=1,
            margin=(16, 0, 0, 0),
            layout_gravity=views.Gravity.CENTER_VERTICAL,
        ),
        views.TextView(
            "time",
            row.text,
            **SECONDARY_LINE,
            layout_gravity=views.Gravity.CENTER_VERTICAL,
        ),
        _menu_button(on_menu),
        orientation=views.HORIZONTAL,
        width=views.MATCH_PARENT,
        height=64,
        background=ACCENT_TINT if row.checked else None,
        **selectable(row, on_click, on_long),
    )


def shuffle_button(on_click: Action) -> views.View:
    """``shuffle_button``: the accent FAB at the bottom end, described "Shuffle"."""
    return views.FloatingActionButton(
        "shuffle_button",
        "shuffle",
        content_desc="Shuffle",
        background=ACCENT,
        on_click=on_click,
        margin=(16, 16, 16, 16),
    )


def mini_player(title: str, on_open: Action) -> views.View:
    """``fragment_mini_player.xml``: the playing song's cover and title, previous,
    play/pause (under its progress ring) and next."""

    def control(id: str, icon: str) -> views.ImageView:
        return views.ImageView(
            id,
            icon,
            tint=TEXT,
            width=40,
            height=40,
            padding=8,
            clickable=True,
            layout_gravity=views.Gravity.CENTER_VERTICAL,
        )

    return views.LinearLayout(
        "miniPlayerFragment",
        views.MaterialCardView(
            "imageTextContainer",
            cover("image", 40),
            margin=(16, 8, 0, 8),
            corner_radius=8,
            elevation=0,
        ),
        views.TextView(
            "miniPlayerTitle",
            title,
            **PRIMARY_LINE,
            max_lines=1,
            width=0,
            weight=1,
            margin=(16, 0, 8, 0),
            layout_gravity=views.Gravity.CENTER_VERTICAL,
        ),
        control("actionPrevious", "skip_previous"),
        views.FrameLayout(
            "",
            views.ProgressBar("progressBar", width=40, height=40),  # CircularProgressIndicator
            control("miniPlayerPlayPauseButton", "pause"),
            layout_gravity=views.Gravity.CENTER_VERTICAL,
        ),
        control("actionNext", "skip_next"),
        width=views.MATCH_PARENT,
        height=56,
        background=NAV_SURFACE,
        clickable=True,
        on_click=on_open,
    )


def navigation_view(tab: str, on_tab: Callable[[str], object]) -> views.FrameLayout:
    """``navigationView``: Material's BottomNavigationView, 80 dp tall."""
    return views.bottom_navigation(
        "navigationView", TABS, tab, on_tab, active=TEXT, inactive=SECONDARY,
        background=NAV_SURFACE, height=80, inset=12,
    )  # fmt: skip


def sliding_music_panel(
    page: views.View, playing: str, tab: str, on_tab: Callable[[str], object], on_player: Action
) -> views.View:
    """``sliding_music_panel_layout.xml``: the page, the mini player over the
    navigation bar while a song is queued, the navigation bar."""
    panel = views.FrameLayout(
        "slidingPanel",
        views.FrameLayout("playerFragmentContainer", **FILL),
        mini_player(playing, on_player),
        width=views.MATCH_PARENT,
        layout_gravity=views.Gravity.BOTTOM,
        margin=(0, 0, 0, 80),
        visibility=views.VISIBLE if playing else views.GONE,
    )
    return CoordinatorLayout(
        "mainContent",
        views.FrameLayout(
            "fragment_container",
            page,
            **FILL,
            margin=(0, 0, 0, 80),
        ),
        panel,
        navigation_view(tab, on_tab),
        **FILL,
        background=SURFACE,
    )


def action_mode_bar(
    count: int, on_done: Action, choose: Callable[[str], object], on_overflow: Action
) -> views.View:
    """The framework's action mode bar (``android:id/action_mode_bar``) with the
    adapter's ``number_roll_view`` and ``menu_media_selection``'s icons."""
    # At rest NumberRollView shows the count in ``down``; ``up`` (the next count)
    # waits a height above, clipped out of sight.
    number = views.FrameLayout(
        "selection_mode_number",
        views.TextView(
            "up",
            str(count + 1),
            **TITLE,
            visibility=views.INVISIBLE,
        ),
        views.TextView("down", str(count), **TITLE),
        layout_gravity=views.Gravity.CENTER_VERTICAL,
        margin=(8, 0, 0, 0),
    )
    actions = [
        views.ActionMenuItemView(
            views.MenuItem(id, title, icon, functools.partial(choose, id)), tint=TEXT
        )
        for id, title, icon in SELECTION_ACTIONS
    ]
    return views.Toolbar(
        "android:id/action_mode_bar",
        views.ImageButton(
            "android:id/action_mode_close_button",
            "close",
            tint=TEXT,
            content_desc="Done",
            on_click=on_done,
        ),
        views.LinearLayout("", number, width=0, weight=1),
        *actions,
        views.OverflowMenuButton(on_overflow, tint=TEXT),
        background=NAV_SURFACE,
        elevation=0,
    )


def add_to_playlist_dialog(
    playlists: Sequence[str], choose: Callable[[int], object], on_cancel: Action
) -> views.View:
    """``AddToPlaylistDialog``: "Add to playlist" over "New playlist" and the
    playlists (``setItems``), Cancel."""
    names = ["New playlist", *playlists]
    rows = [
        views.TextView(
            "android:id/text1",
            name,
            **PRIMARY_LINE,
            width=views.MATCH_PARENT,
            padding=(24, 14, 24, 14),
            clickable=True,
            on_click=functools.partial(choose, i),
        )
        for i, name in enumerate(names)
    ]
    dialog = views.alert_dialog(
        ADD_TO_PLAYLIST, "", negative=("Cancel", on_cancel), package_ids=True
    )
    cast(list[views.View], dialog.children)[1] = views.FrameLayout(
        "contentPanel",
        views.ListView("select_dialog_listview", *rows, width=views.MATCH_PARENT),
        width=views.MATCH_PARENT,
    )
    return sentence_case(dialog)


def new_playlist_dialog(
    name: str, on_name: Callable[[str], object], on_create: Action, on_cancel: Action
) -> views.View:
    """``CreatePlaylistDialog``: "New playlist", ``dialog_playlist``, Create / Cancel."""
    body = views.LinearLayout(
        "",
        views.TextInputLayout(
            "actionNewPlaylistContainer",
            views.EditText(
                "actionNewPlaylist",
                name,
                hint="Playlist name",
                on_change=on_name,
                width=views.MATCH_PARENT,
            ),
            width=views.MATCH_PARENT,
            margin=(24, 8, 24, 8),
        ),
        **COLUMN,
    )
    return sentence_case(
        views.alert_dialog(
            NEW_PLAYLIST,
            "",
            positive=("Create", on_create),
            negative=("Cancel", on_cancel),
            package_ids=True,
            custom=body,
        )
    )
