"""Retro Music's pages (6.0.3, commit f30578d5f) as view trees: what
``fragment_container`` shows.

- ``fragment_home`` (For you): its app bar (``toolbar`` > ``appNameText`` "Retro
  Music"), then ``container`` > ``contentContainer`` holding ``imageLayout`` and
  ``home_content``'s ``abs_playlists`` buttons (History, Last added, Most played,
  Shuffle) over the sections' ``recyclerView``.
- ``fragment_main_recycler`` for Songs (``item_list`` rows), Albums, Artists and
  Playlists (``item_grid`` cells, two columns): ``recycler_view`` under the app bar,
  ``shuffle_button`` for songs, ``emptyEmoji`` / ``emptyText`` when there is nothing.
- ``fragment_album_details``: ``toolbar_container`` > ``toolbar`` over ``container``
  (a NestedScrollView: the cover, ``albumTitle``, ``albumText`` "artist • total
  length", then ``fragment_album_content``'s Play all / Shuffle, "Songs" and the
  ``recyclerView`` of ``item_song`` rows with each song's length).
- ``fragment_playlist_detail``: ``container`` > ``appBarLayout`` > ``toolbar`` (the
  playlist's name over "N Songs • length", Shuffle playlist and the overflow), its
  songs as ``item_queue`` rows.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar, TypeVar

from droidhub.virtual import views
from droidhub_aw_apps.common.styles import COLUMN, FILL
from droidhub_aw_apps.retro_music.layouts import (
    ACCENT,
    ACCENT_TINT,
    PRIMARY_LINE,
    SECONDARY,
    SECONDARY_LINE,
    SURFACE,
    TEXT,
    TITLE,
    Action,
    AppBarLayout,
    OnMenu,
    Row,
    cover,
    item_grid,
    item_list,
    selectable,
    sentence_case,
    shuffle_button,
    simple_appbar,
)

Coloured = TypeVar("Coloured", bound=views.TextView)
#: ``mini_player_height``.
MINI_PLAYER = 56
#: What a list's rows do: (row) -> tap, long press, menu (with the menu's view).
RowActions = tuple[
    Callable[[Row], object], Callable[[Row], object], Callable[[Row, views.View], object]
]
BindRow = Callable[[Row, Action, Action, OnMenu], views.View]


class WrappedRecyclerView(views.LinearLayout):
    """A ``wrap_content`` RecyclerView inside a scroll view: every row laid out, the
    scroll view scrolls them (``androidx.recyclerview.widget.RecyclerView``)."""

    class_name: ClassVar[str] = "androidx.recyclerview.widget.RecyclerView"


def _coloured(view: Coloured, colour: str) -> Coloured:
    """``view`` with its text in ``colour`` (a Button takes no colour of its own)."""
    view.text_color = colour
    return view


def _bound(bind: BindRow, actions: RowActions) -> Callable[[Row], views.View]:
    tap, long, menu = actions
    return lambda row: bind(row, lambda: tap(row), lambda: long(row), lambda v: menu(row, v))


def _square(id: str, image: str, size: float) -> views.View:
    return views.MaterialCardView(
        id, cover(image, size), width=size, height=size, corner_radius=8, elevation=0, margin=4
    )


def item_suggestions() -> views.View:
    """``item_suggestions.xml`` (shown once more than nine songs were never played):
    "Suggestions" and its refresh button over the "New Music Mix" card (``card6``,
    two columns and two rows), ``card7``/``card8`` and ``image3``'s card beside it,
    then ``card1`` to ``card5`` in a row."""
    mix = views.MaterialCardView(
        "card6",
        views.TextView(
            "message",
            "New Music Mix",
            text_size=16,
            text_color=ACCENT,
            medium=True,
            **FILL,
            gravity=views.Gravity.CENTER,
        ),
        width=184,
        height=184,
        corner_radius=8,
        elevation=0,
        margin=4,
        background=ACCENT_TINT,
    )
    right = views.LinearLayout(
        "",
        views.LinearLayout("", _square("card7", "image1", 88), _square("card8", "image2", 88)),
        views.LinearLayout("", _square("", "image3", 88)),
        orientation=views.VERTICAL,
    )
    return views.ViewGroupFrame(
        "suggestions",
        views.LinearLayout(
            "",
            views.LinearLayout(
                "",
                views.TextView(
                    "title",
                    "Suggestions",
                    **TITLE,
                    width=0,
                    weight=1,
                    layout_gravity=views.Gravity.CENTER_VERTICAL,
                ),
                views.ImageView(
                    "refresh_button",
                    "refresh",
                    tint=ACCENT,
                    width=48,
                    height=48,
                    padding=12,
                    clickable=True,
                ),
                width=views.MATCH_PARENT,
            ),
            views.LinearLayout("", mix, right),
            views.LinearLayout(
                "", *(_square(f"card{i}", f"image{i + 3}", 70) for i in range(1, 6))
            ),
            **COLUMN,
            padding=(12, 8, 12, 8),
        ),
        width=views.MATCH_PARENT,
    )


def fragment_home(abs_playlist: Callable[[str], object], suggestions: bool) -> views.View:
    """``fragment_home.xml`` with ``home_content``: the greeting image, the smart
    playlists' buttons and the suggestions."""

    def button(id: str, text: str) -> views.Button:
        return _coloured(
            views.Button(
                id,
                text,
                width=0,
                weight=1,
                margin=4,
                background=ACCENT_TINT,
                on_click=lambda: abs_playlist(id),
            ),
            ACCENT,
        )

    toolbar = views.Toolbar(
        "toolbar",
        views.TextView(
            "appNameText",
            "Retro Music",
            **TITLE,
            width=views.MATCH_PARENT,
            gravity=views.Gravity.CENTER_HORIZONTAL,
        ),
        background=SURFACE,
        elevation=0,
    )
    content = views.LinearLayout(
        "home_content",
        views.LinearLayout(
            "abs_playlists",
            views.LinearLayout(
                "",
                button("history", "History"),
                button("lastAdded", "Last added"),
                width=views.MATCH_PARENT,
            ),
            views.LinearLayout(
                "",
                button("topPlayed", "Most played"),
                button("actionShuffle", "Shuffle"),
                width=views.MATCH_PARENT,
            ),
            **COLUMN,
            padding=(12, 8, 12, 8),
        ),
        views.LinearLayout(
            "",
            item_suggestions() if suggestions else views.View(visibility=views.GONE),
            WrappedRecyclerView("recyclerView", width=views.MATCH_PARENT),
            **COLUMN,
        ),
        **COLUMN,
    )
    image = views.FrameLayout(
        "imageLayout",
        views.ImageView(
            "",
            "person",
            tint=SECONDARY,
            icon_size=48,
            width=views.MATCH_PARENT,
            height=160,
            background="#FFE8E7EC",
        ),
        width=views.MATCH_PARENT,
    )
    body = views.ScrollingScrollView(
        "container",
        ["content"],
        lambda _: views.ViewGroupFrame(
            "contentContainer",
            views.LinearLayout("", image, content, **COLUMN),
            width=views.MATCH_PARENT,
        ),
        height=0,
        weight=1,
    )
    page = views.LinearLayout(
        "",
        AppBarLayout(
            "appBarLayout",
            views.FrameLayout("", toolbar, width=views.MATCH_PARENT),
            width=views.MATCH_PARENT,
        ),
        body,
        **COLUMN,
        height=views.MATCH_PARENT,
    )
    return sentence_case(page)


def fragment_main_recycler(
    title: str,
    rows: Sequence[Row],
    grid: bool,
    actions: RowActions,
    on_search: Action | None,
    on_overflow: Action | None,
    on_shuffle: Action | None,
    header: views.View | None = None,
    playing: bool = False,
    cell: BindRow | None = None,
) -> views.View:
    """``fragment_main_recycler.xml``: a library tab's list (or two-column grid)
    under its app bar (or ``header``, the action mode bar in a selection). The list's
    ``paddingBottom`` of a mini player's height, not clipped, is a blank 56 dp at its
    end here, so its last row scrolls above the mini player; the shuffle button
    rises over the mini player while one shows."""
    row_view = _bound(cell or (item_grid if grid else item_list), actions)

    def bind(row: Row) -> views.View:
        return (
            row_view(row)
            if row.key
            else views.View("", width=views.MATCH_PARENT, height=MINI_PLAYER)
        )

    padded = [*rows, Row("", "", "")]
    recycler: views.View
    if grid:
        recycler = views.GridRecyclerView(
            "recycler_view", padded, bind, 2, padding=(8, 0, 8, 0), margin=(0, 56, 0, 0)
        )
    else:
        recycler = views.RecyclerView("recycler_view", padded, bind, margin=(0, 56, 0, 0))
    empty = _empty("android:id/empty", "Empty", shown=not rows)
    children: list[views.View] = [
        recycler,
        header or simple_appbar(title, on_search, on_overflow),
        empty,
    ]
    if on_shuffle is not None:
        fab = shuffle_button(on_shuffle)
        fab.layout_gravity = views.Gravity.BOTTOM | views.Gravity.END
        fab.margin = (16, 16, 16, 16 + (MINI_PLAYER if playing else 0))
        children.append(fab)
    return views.ViewGroupFrame("", *children, **FILL, background=SURFACE)


def _empty(id: str, text: str, shown: bool) -> views.View:
    """A page's empty state (``emptyEmoji`` over ``emptyText``) in its middle, shown
    while it lists nothing."""
    return views.LinearLayout(
        id,
        views.TextView("emptyEmoji", "\U0001f614", text_size=48, text_color=TEXT),
        views.TextView("emptyText", text, text_size=24, text_color=TEXT),
        orientation=views.VERTICAL,
        layout_gravity=views.Gravity.CENTER,
        visibility=views.VISIBLE if shown else views.GONE,
    )


def _detail_toolbar(
    title: str,
    subtitle: str,
    on_up: Action,
    actions: Sequence[views.View],
    on_overflow: Action | None,
) -> views.FrameLayout:
    titles = views.LinearLayout(
        "",
        views.TextView("", title, **TITLE, max_lines=1),
        views.TextView(
            "",
            subtitle,
            **SECONDARY_LINE,
            max_lines=1,
            visibility=views.VISIBLE if subtitle else views.GONE,
        ),
        orientation=views.VERTICAL,
        width=0,
        weight=1,
        layout_gravity=views.Gravity.CENTER_VERTICAL,
    )
    toolbar = views.Toolbar(
        "toolbar",
        views.up_button(on_up, TEXT),
        titles,
        *actions,
        *([views.OverflowMenuButton(on_overflow, tint=TEXT)] if on_overflow is not None else []),
        background=SURFACE,
        elevation=0,
    )
    return views.FrameLayout("toolbar_container", toolbar, width=views.MATCH_PARENT)


def fragment_album_details(
    album: str,
    album_text: str,
    songs: Sequence[Row],
    bind_song: BindRow,
    actions: RowActions,
    on_up: Action,
    on_play: Action,
    header: views.View | None = None,
) -> views.View:
    """``fragment_album_details.xml`` with ``fragment_album_content``."""
    bind = _bound(bind_song, actions)

    def part(name: str) -> views.View:
        if name == "header":
            return views.ViewGroupFrame(
                "",
                views.LinearLayout(
                    "",
                    views.MaterialCardView(
                        "albumCoverContainer",
                        cover("image", 220),
                        width=220,
                        height=220,
                        corner_radius=16,
                        elevation=0,
                        layout_gravity=views.Gravity.CENTER_HORIZONTAL,
                    ),
                    views.LinearLayout(
                        "",
                        views.ImageView(
                            "artistImage",
                            "person",
                            tint=SECONDARY,
                            width=52,
                            height=52,
                            corner_radius=26,
                            background="#FFE8E7EC",
                        ),
                        views.LinearLayout(
                            "",
                            views.TextView(
                                "albumTitle",
                                album,
                                text_size=24,
                                text_color=TEXT,
                                medium=True,
                                width=views.MATCH_PARENT,
                            ),
                            views.TextView(
                                "albumText",
                                album_text,
                                **SECONDARY_LINE,
                                width=views.MATCH_PARENT,
                            ),
                            orientation=views.VERTICAL,
                            width=0,
                            weight=1,
                            margin=(16, 0, 0, 0),
                        ),
                        width=views.MATCH_PARENT,
                        margin=(16, 16, 16, 0),
                    ),
                    **COLUMN,
                    padding=(0, 16, 0, 0),
                ),
                width=views.MATCH_PARENT,
            )
        return views.LinearLayout(
            "fragment_album_content",
            views.LinearLayout(
                "",
                _coloured(
                    views.Button(
                        "playAction",
                        "Play all",
                        width=0,
                        weight=1,
                        margin=8,
                        background=ACCENT,
                        on_click=on_play,
                    ),
                    "#FFFFFFFF",
                ),
                _coloured(
                    views.Button(
                        "shuffleAction",
                        "Shuffle",
                        width=0,
                        weight=1,
                        margin=8,
                        background=ACCENT_TINT,
                    ),
                    ACCENT,
                ),
                width=views.MATCH_PARENT,
                padding=(8, 8, 8, 0),
            ),
            views.TextView(
                "songTitle",
                "Songs",
                **TITLE,
                margin=(16, 8, 16, 8),
            ),
            WrappedRecyclerView(
                "recyclerView",
                *(bind(row) for row in songs),
                **COLUMN,
            ),
            **COLUMN,
        )

    top = header or AppBarLayout(
        "appBarLayout", _detail_toolbar("", "", on_up, (), None), width=views.MATCH_PARENT
    )
    page = views.LinearLayout(
        "",
        top,
        views.ScrollingScrollView("container", ["header", "content"], part, height=0, weight=1),
        **COLUMN,
        height=views.MATCH_PARENT,
        background=SURFACE,
    )
    return sentence_case(page)


def item_grid_circle(row: Row, on_click: Action, on_long: Action, on_menu: OnMenu) -> views.View:
    """``item_grid_circle.xml`` (the Artists tab's default style): a round image over
    the name and the song count."""
    del on_menu
    image = cover("image", 140, corner_radius=70, layout_gravity=views.Gravity.CENTER_HORIZONTAL)
    return views.LinearLayout(
        "",
        image,
        views.TextView(
            "title",
            row.title,
            **PRIMARY_LINE,
            max_lines=1,
            layout_gravity=views.Gravity.CENTER_HORIZONTAL,
            margin=(0, 8, 0, 0),
        ),
        views.TextView(
            "text",
            row.text,
            **SECONDARY_LINE,
            max_lines=1,
            layout_gravity=views.Gravity.CENTER_HORIZONTAL,
        ),
        **COLUMN,
        padding=8,
        **selectable(row, on_click, on_long),
    )


def item_queue(row: Row, on_click: Action, on_long: Action, on_menu: OnMenu) -> views.View:
    """``item_queue.xml``: ``dummy_view`` over a row of cover, title, artist, menu."""
    row_view = item_list(row, on_click, on_long, on_menu)
    card = row_view.children[1]
    card.id = "imageContainer"
    return views.FrameLayout("dummy_view", row_view, width=views.MATCH_PARENT)


def fragment_playlist_detail(
    name: str,
    subtitle: str,
    songs: Sequence[Row],
    actions: RowActions,
    on_up: Action,
    on_overflow: Action,
) -> views.View:
    """``fragment_playlist_detail.xml``."""
    shuffle = views.ActionMenuItemView(views.MenuItem("", "Shuffle playlist", "shuffle"), tint=TEXT)
    empty = _empty("empty", "You have no songs", shown=not songs)
    return views.ViewGroupFrame(
        "container",
        views.LinearLayout(
            "",
            AppBarLayout(
                "appBarLayout",
                _detail_toolbar(name, subtitle, on_up, [shuffle], on_overflow),
                width=views.MATCH_PARENT,
            ),
            views.RecyclerView(
                "recyclerView", songs, _bound(item_queue, actions), height=0, weight=1
            ),
            **COLUMN,
            height=views.MATCH_PARENT,
        ),
        empty,
        **FILL,
        background=SURFACE,
    )
