"""VLC's other views (3.5.4): the Add to playlist sheet (``SavePlaylistDialog``'s
``dialog_playlist`` with ``simple_item`` rows), the Playlists tab
(``playlists_fragment``'s ``playlist_list`` of ``audio_browser_card_item`` cards) and
the player (``player.xml``'s ``player_root`` > ``video_layout`` > libvlc's
``surface_video``), as view trees; the facts are :mod:`.layouts`'.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence

from droidhub.virtual.views import (
    GONE,
    MATCH_PARENT,
    VERTICAL,
    VISIBLE,
    WRAP_CONTENT,
    Button,
    EditText,
    FrameLayout,
    Gravity,
    GridRecyclerView,
    ImageView,
    LinearLayout,
    RecyclerView,
    TextInputLayout,
    TextView,
    View,
    ViewGroupFrame,
    bottom_sheet,
)
from droidhub_aw_apps.vlc.layouts import (
    NAME_FIELD,
    ORANGE,
    SECONDARY,
    TEXT,
    Action,
    Card,
    ProgressBar,
    VideoSurface,
    coloured,
)


def save_playlist_dialog(
    count: int,
    name: str,
    playlists: Sequence[tuple[str, int]],
    on_name: Callable[[str], object],
    on_pick: Callable[[int], object],
    on_save: Action,
    on_cancel: Action,
) -> View:
    """``SavePlaylistDialog``: ``dialog_playlist`` in a bottom sheet."""
    media = f"{count} media" if count != 1 else "1 media"

    def heading(id: str, text: str, files_id: str) -> View:
        return LinearLayout(
            "",
            TextView(id, text, text_size=16, text_color=ORANGE, medium=True, width=0, weight=1),
            TextView(files_id, media, text_size=14, text_color=SECONDARY),
            width=MATCH_PARENT,
            padding=(16, 16, 16, 8),
        )

    rows = [
        ViewGroupFrame(
            "",
            LinearLayout(
                "",
                ImageView(
                    "imageView8",
                    "format_list_bulleted",
                    tint=SECONDARY,
                    width=48,
                    height=48,
                    padding=12,
                ),
                LinearLayout(
                    "",
                    TextView("textView16", title, text_size=16, text_color=TEXT),
                    TextView(
                        "subtitle",
                        f"{tracks} media" if tracks != 1 else "1 media",
                        text_size=14,
                        text_color=SECONDARY,
                    ),
                    orientation=VERTICAL,
                    margin=(16, 0, 0, 0),
                    layout_gravity=Gravity.CENTER_VERTICAL,
                ),
                width=MATCH_PARENT,
                padding=(16, 4, 16, 4),
            ),
            width=MATCH_PARENT,
            clickable=True,
            on_click=functools.partial(on_pick, i),
        )
        for i, (title, tracks) in enumerate(playlists)
    ]
    save = coloured(
        Button(
            "dialog_playlist_save",
            "Save",
            on_click=on_save,
            background=ORANGE,
            margin=(16, 8, 16, 16),
            layout_gravity=Gravity.END,
        ),
        "#FFFFFFFF",
    )
    body = LinearLayout(
        "",
        heading("textView9", "Add to new playlist", "medias2"),
        TextInputLayout(
            "dialog_playlist_name",
            EditText(
                "",
                name,
                hint="Playlist name",
                on_change=on_name,
                focus_key=NAME_FIELD,
                width=MATCH_PARENT,
            ),
            width=MATCH_PARENT,
            margin=(16, 0, 16, 0),
        ),
        heading("textView8", "Add to existing playlist", "medias"),
        ProgressBar("progressBar2", width=32, height=32, visibility=GONE),
        FrameLayout(
            "dialog_list_container",
            RecyclerView(
                "list",
                rows,
                lambda row: row,
                height=WRAP_CONTENT,
                visibility=VISIBLE if rows else GONE,
            ),
            TextView(
                "empty",
                "No playlist found.",
                text_size=16,
                text_color=SECONDARY,
                width=MATCH_PARENT,
                padding=16,
                visibility=GONE if rows else VISIBLE,
            ),
            width=MATCH_PARENT,
        ),
        save,
        orientation=VERTICAL,
        width=MATCH_PARENT,
    )
    return bottom_sheet(body, on_cancel)


def audio_browser_card_item(title: str, subtitle: str, on_click: Action, on_more: Action) -> View:
    """``audio_browser_card_item.xml``: a playlist's cover, title, "N media", more."""
    return ViewGroupFrame(
        "container",
        LinearLayout(
            "",
            Card(
                "media_cover_container",
                ImageView(
                    "media_cover",
                    "format_list_bulleted",
                    tint=SECONDARY,
                    icon_size=48,
                    width=MATCH_PARENT,
                    height=MATCH_PARENT,
                    background="#FFEEEEEE",
                ),
                ratio=1.0,
                width=MATCH_PARENT,
                corner_radius=4,
                elevation=0,
            ),
            LinearLayout(
                "",
                LinearLayout(
                    "",
                    TextView("title", title, text_size=14, text_color=TEXT, max_lines=1),
                    TextView("subtitle", subtitle, text_size=12, text_color=SECONDARY, max_lines=1),
                    orientation=VERTICAL,
                    width=0,
                    weight=1,
                ),
                ImageView(
                    "item_more",
                    "more_vert",
                    tint=SECONDARY,
                    content_desc="More Actions",
                    padding=8,
                    clickable=True,
                    on_click=on_more,
                ),
                width=MATCH_PARENT,
            ),
            orientation=VERTICAL,
            width=MATCH_PARENT,
        ),
        width=MATCH_PARENT,
        padding=8,
        clickable=True,
        long_clickable=True,
        on_click=on_click,
    )


def playlists_fragment(
    cards: Sequence[tuple[str, str]], bind: Callable[[tuple[str, str]], View]
) -> View:
    """``playlists_fragment.xml``: ``playlist_list`` (two columns) or "No playlist
    found."."""
    return ViewGroupFrame(
        "",
        ViewGroupFrame(
            "swipeLayout",
            GridRecyclerView("playlist_list", cards, bind, 2, padding=(8, 0, 8, 0)),
            width=MATCH_PARENT,
            height=MATCH_PARENT,
        ),
        FrameLayout(
            "empty_loading",
            TextView(
                "",
                "No playlist found.",
                text_size=16,
                text_color=SECONDARY,
                layout_gravity=Gravity.CENTER,
            ),
            width=MATCH_PARENT,
            layout_gravity=Gravity.CENTER,
            visibility=GONE if cards else VISIBLE,
        ),
        width=MATCH_PARENT,
        height=MATCH_PARENT,
    )


def player(frame: bytes | None) -> View:
    """``player.xml`` while the controls are hidden: the picture on black."""
    return FrameLayout(
        "player_root",
        FrameLayout(
            "video_layout",
            VideoSurface("surface_video", frame, False, width=MATCH_PARENT, height=MATCH_PARENT),
            width=MATCH_PARENT,
            height=MATCH_PARENT,
        ),
        FrameLayout("player_ui_container", width=MATCH_PARENT, height=MATCH_PARENT),
        width=MATCH_PARENT,
        height=MATCH_PARENT,
        background="#FF000000",
    )
