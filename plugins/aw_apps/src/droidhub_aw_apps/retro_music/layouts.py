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
from typing import ClassVar, Unpack, cast

from droidhub.virtual.views import (
    GONE,
    HORIZONTAL,
    INVISIBLE,
    MATCH_PARENT,
    VERTICAL,
    VISIBLE,
    ActionMenuItemView,
    Button,
    EditText,
    FloatingActionButton,
    FrameLayout,
    Gravity,
    ImageButton,
    ImageView,
    LinearLayout,
    ListView,
    MaterialCardView,
    MenuItem,
    OverflowMenuButton,
    TextInputLayout,
    TextView,
    Toolbar,
    View,
    ViewGroupFrame,
    ViewGroupLinear,
    alert_dialog,
    bottom_navigation,
)
from droidhub.virtual.views.dialogs import CoordinatorLayout
from droidhub.virtual.views.view import Attributes

Action = Callable[[], object]

SURFACE = "#FFFDFCFF"
NAV_SURFACE = "#FFF0F0F7"
TEXT = "#DE000000"
SECONDARY = "#8A000000"
ACCENT = "#FF35618E"
COVER = "#FFE3E2E6"
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


@dataclass(frozen=True)
class Row:
    """One row or cell of a list: its key (a song file, an album's or playlist's
    key), its two lines and whether it is checked in a selection."""

    key: str
    title: str
    text: str
    checked: bool = False


class AppBarLayout(LinearLayout):
    """Material's AppBarLayout (TopAppBarLayout): a column (``LinearLayout``)."""

    def __init__(self, id: str, *children: View, **attributes: Unpack[Attributes]) -> None:
        super().__init__(id, *children, orientation=VERTICAL, **attributes)


def sentence_case(view: View) -> View:
    """Material 3's buttons keep their labels' case (``textAllCaps`` false): every
    Button under ``view`` as written."""
    for child in view.walk():
        if isinstance(child, Button):
            child.all_caps = False
    return view


def cover(id: str, size: float, **attributes: Unpack[Attributes]) -> ImageView:
    """The default album art Retro Music draws for a song without one: a note on the
    surface's tone."""
    attributes["width"] = attributes["height"] = size
    attributes["background"] = COVER
    return ImageView(id, "music_note", tint=SECONDARY, icon_size=size * 0.5, **attributes)


def simple_appbar(title: str, on_search: Action | None, on_overflow: Action | None) -> AppBarLayout:
    """``TopAppBarLayout`` > ``simple_appbar_layout``: search, the title, the overflow."""
    toolbar = Toolbar(
        "toolbar",
        ImageButton("", "search", tint=TEXT, on_click=on_search, width=56, height=56, padding=16),
        TextView(
            "appNameText",
            title,
            text_size=20,
            text_color=TEXT,
            medium=True,
            width=0,
            weight=1,
            gravity=Gravity.CENTER_HORIZONTAL,
        ),
        OverflowMenuButton(on_overflow, tint=TEXT),
        background=SURFACE,
        elevation=0,
    )
    return AppBarLayout(
        "appBarLayout",
        FrameLayout("toolbar_container", toolbar, width=MATCH_PARENT),
        width=MATCH_PARENT,
        background=SURFACE,
    )


def _menu_button(on_menu: Callable[[View], object]) -> ImageView:
    """``OverFlowButton``: 48 dp, the three dots; its tap hands over its own bounds."""
    button = ImageView(
        "menu",
        "more_vert",
        tint=SECONDARY,
        width=48,
        height=48,
        padding=12,
        clickable=True,
        layout_gravity=Gravity.CENTER_VERTICAL,
    )
    button.on_click = functools.partial(on_menu, button)
    return button


def item_list(
    row: Row, on_click: Action, on_long: Action, on_menu: Callable[[View], object]
) -> View:
    """``item_list.xml``: a song's cover, title, artist and menu."""
    card = MaterialCardView(
        "imageTextContainer",
        cover("image", 45),
        TextView("imageText", "", visibility=GONE),
        margin=(16, 8, 0, 8),
        corner_radius=8,
        elevation=0,
        layout_gravity=Gravity.CENTER_VERTICAL,
    )
    lines = LinearLayout(
        "",
        TextView(
            "title", row.title, text_size=16, text_color=TEXT, max_lines=1, width=MATCH_PARENT
        ),
        TextView(
            "text", row.text, text_size=14, text_color=SECONDARY, max_lines=1, width=MATCH_PARENT
        ),
        orientation=VERTICAL,
        width=0,
        weight=1,
        margin=(16, 0, 0, 0),
        layout_gravity=Gravity.CENTER_VERTICAL,
    )
    return ViewGroupLinear(
        "",
        ImageView("drag_view", "drag_handle", visibility=GONE),
        card,
        lines,
        _menu_button(on_menu),
        width=MATCH_PARENT,
        clickable=True,
        long_clickable=True,
        selected=row.checked,
        background="#1F35618E" if row.checked else None,
        on_click=on_click,
        on_long_click=on_long,
    )


def item_grid(
    row: Row, on_click: Action, on_long: Action, on_menu: Callable[[View], object]
) -> View:
    """``item_grid.xml``: a square cover, then the title, the text and the menu."""
    titles = LinearLayout(
        "titleContainer",
        TextView("title", row.title, text_size=16, text_color=TEXT, max_lines=1),
        TextView("text", row.text, text_size=14, text_color=SECONDARY, max_lines=1),
        orientation=VERTICAL,
        width=0,
        weight=1,
        padding=(8, 8, 0, 8),
    )
    return ViewGroupFrame(
        "",
        LinearLayout(
            "",
            MaterialCardView(
                "imageContainer",
                cover("image", 180, layout_gravity=Gravity.CENTER),
                width=MATCH_PARENT,
                height=180,
                corner_radius=12,
                elevation=0,
            ),
            LinearLayout("", titles, _menu_button(on_menu), width=MATCH_PARENT),
            orientation=VERTICAL,
            width=MATCH_PARENT,
        ),
        width=MATCH_PARENT,
        padding=8,
        clickable=True,
        long_clickable=True,
        selected=row.checked,
        on_click=on_click,
        on_long_click=on_long,
    )


def item_song(
    row: Row, on_click: Action, on_long: Action, on_menu: Callable[[View], object]
) -> View:
    """``item_song.xml``: the track number ("-" without one), the title, the length."""
    return LinearLayout(
        "",
        FrameLayout(
            "imageContainer",
            TextView(
                "imageText",
                "-",
                text_size=16,
                text_color=SECONDARY,
                width=40,
                height=MATCH_PARENT,
                gravity=Gravity.CENTER,
            ),
            height=MATCH_PARENT,
            margin=(8, 0, 0, 0),
        ),
        TextView(
            "title",
            row.title,
            text_size=16,
            text_color=TEXT,
            max_lines=1,
            width=0,
            weight=1,
            margin=(16, 0, 0, 0),
            layout_gravity=Gravity.CENTER_VERTICAL,
        ),
        TextView(
            "time",
            row.text,
            text_size=14,
            text_color=SECONDARY,
            layout_gravity=Gravity.CENTER_VERTICAL,
        ),
        _menu_button(on_menu),
        orientation=HORIZONTAL,
        width=MATCH_PARENT,
        height=64,
        clickable=True,
        long_clickable=True,
        selected=row.checked,
        background="#1F35618E" if row.checked else None,
        on_click=on_click,
        on_long_click=on_long,
    )


def shuffle_button(on_click: Action) -> View:
    """``shuffle_button``: the accent FAB at the bottom end, described "Shuffle"."""
    return FloatingActionButton(
        "shuffle_button",
        "shuffle",
        content_desc="Shuffle",
        background=ACCENT,
        on_click=on_click,
        margin=(16, 16, 16, 16),
    )


def mini_player(title: str, on_open: Action) -> View:
    """``fragment_mini_player.xml``: the playing song's cover and title, previous,
    play/pause (under its progress ring) and next."""

    def control(id: str, icon: str) -> ImageView:
        return ImageView(
            id,
            icon,
            tint=TEXT,
            width=40,
            height=40,
            padding=8,
            clickable=True,
            layout_gravity=Gravity.CENTER_VERTICAL,
        )

    return LinearLayout(
        "miniPlayerFragment",
        MaterialCardView(
            "imageTextContainer",
            cover("image", 40),
            margin=(16, 8, 0, 8),
            corner_radius=8,
            elevation=0,
        ),
        TextView(
            "miniPlayerTitle",
            title,
            text_size=16,
            text_color=TEXT,
            max_lines=1,
            width=0,
            weight=1,
            margin=(16, 0, 8, 0),
            layout_gravity=Gravity.CENTER_VERTICAL,
        ),
        control("actionPrevious", "skip_previous"),
        FrameLayout(
            "",
            _ProgressRing("progressBar", width=40, height=40),
            control("miniPlayerPlayPauseButton", "pause"),
            layout_gravity=Gravity.CENTER_VERTICAL,
        ),
        control("actionNext", "skip_next"),
        width=MATCH_PARENT,
        height=56,
        background=NAV_SURFACE,
        clickable=True,
        on_click=on_open,
    )


class _ProgressRing(View):
    """``CircularProgressIndicator`` (``android.widget.ProgressBar``)."""

    class_name: ClassVar[str] = "android.widget.ProgressBar"


def navigation_view(tab: str, on_tab: Callable[[str], object]) -> FrameLayout:
    """``navigationView``: Material's BottomNavigationView, 80 dp tall."""
    return bottom_navigation(
        "navigationView", TABS, tab, on_tab, active=TEXT, inactive=SECONDARY,
        background=NAV_SURFACE, height=80, inset=12,
    )  # fmt: skip


def sliding_music_panel(
    page: View, playing: str, tab: str, on_tab: Callable[[str], object], on_player: Action
) -> View:
    """``sliding_music_panel_layout.xml``: the page, the mini player over the
    navigation bar while a song is queued, the navigation bar."""
    panel = FrameLayout(
        "slidingPanel",
        FrameLayout("playerFragmentContainer", width=MATCH_PARENT, height=MATCH_PARENT),
        mini_player(playing, on_player),
        width=MATCH_PARENT,
        layout_gravity=Gravity.BOTTOM,
        margin=(0, 0, 0, 80),
        visibility=VISIBLE if playing else GONE,
    )
    return CoordinatorLayout(
        "mainContent",
        FrameLayout(
            "fragment_container",
            page,
            width=MATCH_PARENT,
            height=MATCH_PARENT,
            margin=(0, 0, 0, 80),
        ),
        panel,
        navigation_view(tab, on_tab),
        width=MATCH_PARENT,
        height=MATCH_PARENT,
        background=SURFACE,
    )


def action_mode_bar(
    count: int, on_done: Action, choose: Callable[[str], object], on_overflow: Action
) -> View:
    """The framework's action mode bar (``android:id/action_mode_bar``) with the
    adapter's ``number_roll_view`` and ``menu_media_selection``'s icons."""
    # At rest NumberRollView shows the count in ``down``; ``up`` (the next count)
    # waits a height above, clipped out of sight.
    number = FrameLayout(
        "selection_mode_number",
        TextView(
            "up", str(count + 1), text_size=20, text_color=TEXT, medium=True, visibility=INVISIBLE
        ),
        TextView("down", str(count), text_size=20, text_color=TEXT, medium=True),
        layout_gravity=Gravity.CENTER_VERTICAL,
        margin=(8, 0, 0, 0),
    )
    actions = [
        ActionMenuItemView(MenuItem(id, title, icon, functools.partial(choose, id)), tint=TEXT)
        for id, title, icon in SELECTION_ACTIONS
    ]
    return Toolbar(
        "android:id/action_mode_bar",
        ImageButton(
            "android:id/action_mode_close_button",
            "close",
            tint=TEXT,
            content_desc="Done",
            on_click=on_done,
        ),
        LinearLayout("", number, width=0, weight=1),
        *actions,
        OverflowMenuButton(on_overflow, tint=TEXT),
        background=NAV_SURFACE,
        elevation=0,
    )


def add_to_playlist_dialog(
    playlists: Sequence[str], choose: Callable[[int], object], on_cancel: Action
) -> View:
    """``AddToPlaylistDialog``: "Add to playlist" over "New playlist" and the
    playlists (``setItems``), Cancel."""
    names = ["New playlist", *playlists]
    rows = [
        TextView(
            "android:id/text1",
            name,
            text_size=16,
            text_color=TEXT,
            width=MATCH_PARENT,
            padding=(24, 14, 24, 14),
            clickable=True,
            on_click=functools.partial(choose, i),
        )
        for i, name in enumerate(names)
    ]
    dialog = alert_dialog(ADD_TO_PLAYLIST, "", negative=("Cancel", on_cancel), package_ids=True)
    cast(list[View], dialog.children)[1] = FrameLayout(
        "contentPanel",
        ListView("select_dialog_listview", *rows, width=MATCH_PARENT),
        width=MATCH_PARENT,
    )
    return sentence_case(dialog)


def new_playlist_dialog(
    name: str, on_name: Callable[[str], object], on_create: Action, on_cancel: Action
) -> View:
    """``CreatePlaylistDialog``: "New playlist", ``dialog_playlist``, Create / Cancel."""
    body = LinearLayout(
        "",
        TextInputLayout(
            "actionNewPlaylistContainer",
            EditText(
                "actionNewPlaylist",
                name,
                hint="Playlist name",
                on_change=on_name,
                width=MATCH_PARENT,
            ),
            width=MATCH_PARENT,
            margin=(24, 8, 24, 8),
        ),
        orientation=VERTICAL,
        width=MATCH_PARENT,
    )
    return sentence_case(
        alert_dialog(
            NEW_PLAYLIST,
            "",
            positive=("Create", on_create),
            negative=("Cancel", on_cancel),
            package_ids=True,
            custom=body,
        )
    )
