"""VLC's layout files (3.5.4, phone UI) as view trees.

Each function is one file of ``application/vlc-android/res/layout`` (or the library
view it inflates) with its ids, view classes, nesting and English strings; data comes
in as plain values and actions as callables, bound by :mod:`.screens`.

Facts from the sources: MainActivity is ``main.xml`` (``coordinator`` holding
``toolbar.xml``'s ``appbar`` > ``main_toolbar`` with ``toolbar_icon`` and
``toolbar_vlc_title`` "VLC" and ``activity_option``'s Search… and Sort by…,
``fragment_placeholder``, the invisible ``fab`` and the ``navigation``
BottomNavigationView of ``bottom_navigation``: Video, Audio, Browse, Playlists,
More). The Video tab is ``video_grid`` (``swipeLayout`` > ``video_grid``) of
``video_grid_card`` cells (cards are the default): ``container`` (a 16:10 card) >
``ml_item_thumbnail`` (a frame of the file) with ``item_more`` ("More Actions") or,
selected, ``selected_check``; ``ml_item_title`` and ``ml_item_time`` (its length)
under it. A long press starts AppCompat's action mode ("N selected", the selection's
length) with ``action_mode_video``: three actions fit a 411 dp bar (Information while
one is selected, Play, Share, Play as audio), the rest (Add to playlist...) in its
overflow. Add to playlist is ``SavePlaylistDialog``, a bottom sheet of
``dialog_playlist``: "Add to new playlist" over ``dialog_playlist_name`` (a
TextInputLayout whose field Enter submits), "Add to existing playlist" over the
playlists (``simple_item`` rows) or "No playlist found.", and Save. Playlists are
``playlists_fragment``'s ``playlist_list`` of ``audio_browser_card_item`` cards. The
player is ``player.xml``'s ``player_root`` > ``video_layout`` with the picture.
The sheet, the Playlists tab and the player are :mod:`.pages`.
"""

from __future__ import annotations

import functools
import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import ClassVar, TypeVar, Unpack

import numpy as np
import skia
from PIL import Image

from droidhub.virtual import views
from droidhub.virtual.views.dialogs import CoordinatorLayout
from droidhub.virtual.views.measure import MeasureSpec
from droidhub.virtual.views.paint import Painter
from droidhub.virtual.views.view import Action, Attributes
from droidhub_aw_apps.common.styles import (
    COLUMN,
    COLUMN_IN_ROW,
    FILL,
    REST_OF_COLUMN,
    TextAppearance,
)

Item = TypeVar("Item")

#: What the engine keeps the focus of ``dialog_playlist``'s bare EditText under.
NAME_FIELD = "dialog_playlist_name_field"
BACKGROUND = "#FFFFFFFF"
ORANGE = "#FFFF8800"
TEXT = "#DE000000"
SECONDARY = "#8A000000"
#: The text appearances: a card's title and its second line, a caption under a
#: title, a message where a list is empty.
ITEM_TITLE = TextAppearance(text_size=14, text_color=TEXT)
SMALL_CAPTION = TextAppearance(text_size=12, text_color=SECONDARY)
CAPTION = TextAppearance(text_size=14, text_color=SECONDARY)
MESSAGE = TextAppearance(text_size=16, text_color=SECONDARY)
BAR = "#FFF5F5F5"
#: ``bottom_navigation.xml``: (id, title, icon).
TABS = (
    ("nav_video", "Video", "videocam"),
    ("nav_audio", "Audio", "music_note"),
    ("nav_directories", "Browse", "folder"),
    ("nav_playlists", "Playlists", "format_list_bulleted"),
    ("nav_more", "More", "more_horiz"),
)
#: ``action_mode_video.xml`` as a 411 dp action mode shows it: (id, title, icon) of
#: the actions, then the overflow's (id, title). Information shows for one video.
SELECTION_ACTIONS = (
    ("action_video_info", "Information", "info"),
    ("action_video_play", "Play", "play_arrow"),
    ("action_video_share", "Share", "share"),
    ("action_video_play_audio", "Play as audio", "music_note"),
)
SELECTION_OVERFLOW = (
    ("action_video_play_audio", "Play as audio"),
    ("action_mode_audio_add_playlist", "Add to playlist"),
    ("action_video_delete", "Delete"),
    ("action_video_download_subtitles", "Download subtitles"),
)


@dataclass(frozen=True)
class Video:
    """A video as its card shows it: its path, title, length and whether it is
    selected."""

    path: str
    title: str
    length_ms: int
    selected: bool = False

    @property
    def time(self) -> str:
        """``Tools.millisToString``: ``m:ss`` (``h:mm:ss`` from an hour)."""
        seconds = self.length_ms // 1000
        hours, minutes = seconds // 3600, seconds // 60 % 60
        if hours:
            return f"{hours}:{minutes:02d}:{seconds % 60:02d}"
        return f"{minutes}:{seconds % 60:02d}"


@functools.lru_cache(maxsize=32)
def _picture(jpeg: bytes) -> skia.Image | None:
    try:
        with Image.open(io.BytesIO(jpeg)) as picture:
            rgba = picture.convert("RGBA")
    except (OSError, ValueError):
        return None
    return skia.Image.fromarray(np.asarray(rgba), colorType=skia.kRGBA_8888_ColorType)


class FrameImageView(views.ImageView):
    """An ImageView showing a video frame (JPEG bytes) scaled to ``fit`` in it or to
    fill it (``crop``); a grey box while there is none."""

    def __init__(
        self, id: str, frame: bytes | None, crop: bool, **attributes: Unpack[Attributes]
    ) -> None:
        super().__init__(id, **attributes)
        self.frame, self.crop = frame, crop

    def draw_content(self, painter: Painter) -> None:
        """The frame, centre-cropped or fitted whole."""
        image = _picture(self.frame) if self.frame else None
        left, top, right, bottom = self.bounds
        if image is None:
            painter.surface(self.bounds, "#FF424242")
            return
        width, height = right - left, bottom - top
        scale = (max if self.crop else min)(width / image.width(), height / image.height())
        w, h = round(image.width() * scale), round(image.height() * scale)
        x, y = left + (width - w) // 2, top + (height - h) // 2
        with painter.clipped(self.bounds):
            painter.canvas.drawImageRect(image, skia.Rect(x, y, x + w, y + h))
        if painter.light < 1:  # under a dialog's scrim
            painter.surface(self.bounds, f"#{round(255 * (1 - painter.light)):02X}000000")


class VideoSurface(FrameImageView):
    """libvlc's ``surface_video`` (``android.view.SurfaceView``): the picture fitted."""

    class_name: ClassVar[str] = "android.view.SurfaceView"


class Card(views.MaterialCardView):
    """A MaterialCardView as tall as ``ratio`` of its width (16:10 for a video)."""

    def __init__(
        self, id: str, *children: views.View, ratio: float, **attributes: Unpack[Attributes]
    ) -> None:
        super().__init__(id, *children, **attributes)
        self.ratio = ratio

    def on_measure(self, width_spec: MeasureSpec, height_spec: MeasureSpec) -> tuple[int, int]:
        """The width given, the height by the ratio."""
        del height_spec
        width = width_spec.resolve(views.dp(160))
        return super().on_measure(
            MeasureSpec.exactly(width), MeasureSpec.exactly(round(width * self.ratio))
        )


def coloured(view: views.TextView, colour: str) -> views.TextView:
    """``view`` with its text in ``colour`` (a Button takes no colour of its own)."""
    view.text_color = colour
    return view


def main_toolbar(title_on: bool, on_search: Action | None) -> views.View:
    """``toolbar.xml``: the cone, "VLC", Search… and Sort by…."""
    actions = [
        views.ActionMenuItemView(
            views.MenuItem("ml_menu_filter", "Search\u2026", "search", on_search), tint=TEXT
        ),
        views.ActionMenuItemView(
            views.MenuItem("ml_menu_sortby", "Sort by\u2026", "sort"), tint=TEXT
        ),
    ]
    toolbar = views.Toolbar(
        "main_toolbar",
        views.ImageView(
            "toolbar_icon", "play_circle", tint=ORANGE, width=32, height=32, margin=(16, 0, 0, 0)
        ),
        views.TextView(
            "toolbar_vlc_title",
            "VLC",
            text_size=20,
            text_color=TEXT,
            medium=True,
            margin=(16, 0, 0, 0),
            visibility=views.VISIBLE if title_on else views.GONE,
        ),
        views.View(width=0, height=0, weight=1),
        *actions,
        views.OverflowMenuButton(None, tint=TEXT),
        background=BACKGROUND,
        elevation=0,
    )
    return views.LinearLayout("appbar", toolbar, **COLUMN)


def navigation(tab: str, on_tab: Callable[[str], object]) -> views.FrameLayout:
    """``navigation``: Material's BottomNavigationView, raised 8 dp."""
    return views.bottom_navigation(
        "navigation", TABS, tab, on_tab, active=ORANGE, inactive=SECONDARY,
        background=BAR, elevation=8,
    )  # fmt: skip


def main(
    header: views.View, page: views.View, tab: str, on_tab: Callable[[str], object]
) -> views.View:
    """``main.xml``: the app bar (or the action mode over it), the page, the
    navigation."""
    return CoordinatorLayout(
        "coordinator",
        views.LinearLayout(
            "",
            header,
            views.FrameLayout("fragment_placeholder", page, **REST_OF_COLUMN),
            **COLUMN,
            height=views.MATCH_PARENT,
            padding=(0, 0, 0, 56),
        ),
        views.FloatingActionButton(
            "fab", "play_arrow", visibility=views.INVISIBLE, background=ORANGE
        ),
        navigation(tab, on_tab),
        **FILL,
        background=BACKGROUND,
    )


def video_grid_card(
    video: Video, frame: bytes | None, in_selection: bool, on_click: Action, on_long: Action
) -> views.View:
    """``video_grid_card.xml``."""
    inside = views.ViewGroupFrame(
        "",
        FrameImageView("ml_item_thumbnail", frame, True, **FILL),
        views.ImageView(
            "item_more",
            "more_vert",
            tint="#FFFFFFFF",
            content_desc="More Actions",
            layout_gravity=views.Gravity.TOP | views.Gravity.END,
            padding=8,
            visibility=views.GONE if in_selection else views.VISIBLE,
        ),
        views.ImageView(
            "selected_check",
            "check_circle",
            tint=ORANGE,
            layout_gravity=views.Gravity.TOP | views.Gravity.END,
            padding=8,
            visibility=views.VISIBLE if video.selected else views.GONE,
        ),
        **FILL,
    )
    return views.ViewGroupFrame(
        "",
        views.LinearLayout(
            "",
            Card(
                "container",
                inside,
                ratio=10 / 16,
                width=views.MATCH_PARENT,
                corner_radius=4,
                elevation=0,
            ),
            views.TextView(
                "ml_item_title",
                video.title,
                **ITEM_TITLE,
                max_lines=2,
                width=views.MATCH_PARENT,
                margin=(0, 4, 0, 0),
            ),
            views.TextView("ml_item_time", video.time, **SMALL_CAPTION),
            **COLUMN,
        ),
        width=views.MATCH_PARENT,
        padding=(8, 8, 8, 8),
        clickable=True,
        long_clickable=True,
        selected=video.selected,
        on_click=on_click,
        on_long_click=on_long,
    )


def swipe_grid(
    list_id: str,
    items: Sequence[Item],
    bind: Callable[[Item], views.View],
    empty: views.TextView,
    *,
    hide_list_when_empty: bool,
) -> views.View:
    """The shape of VLC's browsing fragments: ``swipeLayout`` around the two-column
    ``list_id`` of ``items``, and ``empty_loading`` holding ``empty`` while there are
    none (the list then GONE too where the fragment hides it)."""
    shown = views.VISIBLE if items else views.GONE
    return views.ViewGroupFrame(
        "",
        views.ViewGroupFrame(
            "swipeLayout",
            views.GridRecyclerView(list_id, items, bind, 2, padding=(8, 0, 8, 0)),
            **FILL,
            visibility=shown if hide_list_when_empty else views.VISIBLE,
        ),
        views.FrameLayout(
            "empty_loading",
            empty,
            width=views.MATCH_PARENT,
            layout_gravity=views.Gravity.CENTER,
            visibility=views.GONE if items else views.VISIBLE,
        ),
        **FILL,
    )


def video_grid(videos: Sequence[Video], bind: Callable[[Video], views.View]) -> views.View:
    """``video_grid.xml``: the cards in two columns, or "No media files found"."""
    empty = views.TextView(
        "",
        "No media files found, please transfer some files to your device or "
        "adjust your preferences.",
        **MESSAGE,
        width=views.MATCH_PARENT,
        gravity=views.Gravity.CENTER_HORIZONTAL,
        padding=32,
    )
    return swipe_grid("video_grid", videos, bind, empty, hide_list_when_empty=True)


def action_mode(
    count: int, length: str, on_done: Action, on_overflow: Action, single: bool
) -> views.View:
    """AppCompat's action mode bar: Done, "N selected" over the length, the actions
    that fit, the overflow."""
    shown = [a for a in SELECTION_ACTIONS if single or a[0] != "action_video_info"][:3]
    return views.Toolbar(
        "action_mode_bar",
        views.ImageButton(
            "action_mode_close_button", "close", tint=TEXT, content_desc="Done", on_click=on_done
        ),
        views.LinearLayout(
            "",
            views.TextView(
                "action_bar_title", f"{count} selected", text_size=18, text_color=TEXT, medium=True
            ),
            views.TextView("action_bar_subtitle", length, **CAPTION),
            **COLUMN_IN_ROW,
            layout_gravity=views.Gravity.CENTER_VERTICAL,
        ),
        *(
            views.ActionMenuItemView(views.MenuItem(id, title, icon), tint=TEXT)
            for id, title, icon in shown
        ),
        views.OverflowMenuButton(on_overflow, tint=TEXT),
        background=BAR,
        elevation=0,
    )
