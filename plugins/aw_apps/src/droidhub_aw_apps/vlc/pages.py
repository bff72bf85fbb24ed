"""VLC's other views (3.5.4): the Add to playlist sheet (``SavePlaylistDialog``'s
``dialog_playlist`` with ``simple_item`` rows), the Playlists tab
(``playlists_fragment``'s ``playlist_list`` of ``audio_browser_card_item`` cards) and
the player (``player.xml``'s ``player_root`` > ``video_layout`` > libvlc's
``surface_video``), as view trees; the facts are :mod:`.layouts`'.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence

from droidhub.virtual import views
from droidhub_aw_apps.common.styles import COLUMN, FILL
from droidhub_aw_apps.vlc.layouts import (
    CAPTION,
    ITEM_TITLE,
    MESSAGE,
    NAME_FIELD,
    ORANGE,
    SECONDARY,
    SMALL_CAPTION,
    TEXT,
    Action,
    Card,
    VideoSurface,
    coloured,
    swipe_grid,
)


def save_playlist_dialog(
    count: int,
    name: str,
    playlists: Sequence[tuple[str, int]],
    on_name: Callable[[str], object],
    on_pick: Callable[[int], object],
    on_save: Action,
    on_cancel: Action,
) -> views.View:
    """``SavePlaylistDialog``: ``dialog_playlist`` in a bottom sheet."""
    media = f"{count} media" if count != 1 else "1 media"

    def heading(id: str, text: str, files_id: str) -> views.View:
        return views.LinearLayout(
            "",
            views.TextView(
                id, text, text_size=16, text_color=ORANGE, medium=True, width=0, weight=1
            ),
            views.TextView(files_id, media, **CAPTION),
            width=views.MATCH_PARENT,
            padding=(16, 16, 16, 8),
        )

    rows = [
        views.ViewGroupFrame(
            "",
            views.LinearLayout(
                "",
                views.ImageView(
                    "imageView8",
                    "format_list_bulleted",
                    tint=SECONDARY,
                    width=48,
                    height=48,
                    padding=12,
                ),
                views.LinearLayout(
                    "",
                    views.TextView("textView16", title, text_size=16, text_color=TEXT),
                    views.TextView(
                        "subtitle",
                        f"{tracks} media" if tracks != 1 else "1 media",
                        **CAPTION,
                    ),
                    orientation=views.VERTICAL,
                    margin=(16, 0, 0, 0),
                    layout_gravity=views.Gravity.CENTER_VERTICAL,
                ),
                width=views.MATCH_PARENT,
                padding=(16, 4, 16, 4),
            ),
            width=views.MATCH_PARENT,
            clickable=True,
            on_click=functools.partial(on_pick, i),
        )
        for i, (title, tracks) in enumerate(playlists)
    ]
    save = coloured(
        views.Button(
            "dialog_playlist_save",
            "Save",
            on_click=on_save,
            background=ORANGE,
            margin=(16, 8, 16, 16),
            layout_gravity=views.Gravity.END,
        ),
        "#FFFFFFFF",
    )
    body = views.LinearLayout(
        "",
        heading("textView9", "Add to new playlist", "medias2"),
        views.TextInputLayout(
            "dialog_playlist_name",
            views.EditText(
                "",
                name,
                hint="Playlist name",
                on_change=on_name,
                focus_key=NAME_FIELD,
                width=views.MATCH_PARENT,
            ),
            width=views.MATCH_PARENT,
            margin=(16, 0, 16, 0),
        ),
        heading("textView8", "Add to existing playlist", "medias"),
        views.ProgressBar("progressBar2", width=32, height=32, visibility=views.GONE),
        views.FrameLayout(
            "dialog_list_container",
            views.RecyclerView(
                "list",
                rows,
                lambda row: row,
                height=views.WRAP_CONTENT,
                visibility=views.VISIBLE if rows else views.GONE,
            ),
            views.TextView(
                "empty",
                "No playlist found.",
                **MESSAGE,
                width=views.MATCH_PARENT,
                padding=16,
                visibility=views.GONE if rows else views.VISIBLE,
            ),
            width=views.MATCH_PARENT,
        ),
        save,
        **COLUMN,
    )
    return views.bottom_sheet(body, on_cancel)


def audio_browser_card_item(
    title: str, subtitle: str, on_click: Action, on_more: Action
) -> views.View:
    """``audio_browser_card_item.xml``: a playlist's cover, title, "N media", more."""
    return views.ViewGroupFrame(
        "container",
        views.LinearLayout(
            "",
            Card(
                "media_cover_container",
                views.ImageView(
                    "media_cover",
                    "format_list_bulleted",
                    tint=SECONDARY,
                    icon_size=48,
                    **FILL,
                    background="#FFEEEEEE",
                ),
                ratio=1.0,
                width=views.MATCH_PARENT,
                corner_radius=4,
                elevation=0,
            ),
            views.LinearLayout(
                "",
                views.LinearLayout(
                    "",
                    views.TextView("title", title, **ITEM_TITLE, max_lines=1),
                    views.TextView("subtitle", subtitle, **SMALL_CAPTION, max_lines=1),
                    orientation=views.VERTICAL,
                    width=0,
                    weight=1,
                ),
                views.ImageView(
                    "item_more",
                    "more_vert",
                    tint=SECONDARY,
                    content_desc="More Actions",
                    padding=8,
                    clickable=True,
                    on_click=on_more,
                ),
                width=views.MATCH_PARENT,
            ),
            **COLUMN,
        ),
        width=views.MATCH_PARENT,
        padding=8,
        clickable=True,
        long_clickable=True,
        on_click=on_click,
    )


def playlists_fragment(
    cards: Sequence[tuple[str, str]], bind: Callable[[tuple[str, str]], views.View]
) -> views.View:
    """``playlists_fragment.xml``: ``playlist_list`` (two columns) or "No playlist
    found."."""
    empty = views.TextView(
        "",
        "No playlist found.",
        **MESSAGE,
        layout_gravity=views.Gravity.CENTER,
    )
    return swipe_grid("playlist_list", cards, bind, empty, hide_list_when_empty=False)


def player(frame: bytes | None) -> views.View:
    """``player.xml`` while the controls are hidden: the picture on black."""
    return views.FrameLayout(
        "player_root",
        views.FrameLayout(
            "video_layout",
            VideoSurface("surface_video", frame, False, **FILL),
            **FILL,
        ),
        views.FrameLayout("player_ui_container", **FILL),
        **FILL,
        background="#FF000000",
    )
