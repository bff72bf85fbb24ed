"""Retro Music on the view engine: the library's tabs, an album's and a playlist's
pages, the song and playlist menus, the selection's action mode and the playlist
dialogs.

The layouts are :mod:`.layouts` and :mod:`.pages`; this module keeps what shows and
binds the data: the songs are the MP3 files of Music (their tags give title, artist
and length; MediaStore files them under the album "Music", their folder, as they have
no album tag), the playlists ``databases/playlist.db`` and the queue
``databases/music_playback_state.db``, both in the app's own schemas and written at
once. A launch shows For you (the first library category, as a first run leaves
``last_used_tab``). Tapping a song plays its list (the queue becomes the list); its
``menu`` offers ``menu_item_song`` (Play next, Add to playing queue, Add to playlist
work); a long press starts a selection whose action mode adds the songs to the queue
or a playlist. A playlist's ``menu`` offers ``menu_item_playlist`` (Play, Play next,
Add to playing queue, Delete and Save as file, which writes ``Download/<name>.m3u``,
work). The player itself (a tap on the mini player) and search are not modelled.
"""

from __future__ import annotations

import sqlite3
from contextlib import closing
from dataclasses import dataclass
from typing import TYPE_CHECKING

from droidhub.virtual.appmodel import VirtualApp
from droidhub.virtual.views import MenuItem, View, Window, popup_menu
from droidhub_aw_apps.common import app_files
from droidhub_aw_apps.common.app_identity import model_of
from droidhub_aw_apps.common.media_apps import FreshStartApp
from droidhub_aw_apps.common.sqlite_files import open_database
from droidhub_aw_apps.retro_music import layouts, pages
from droidhub_aw_apps.retro_music.layouts import Action, Row
from droidhub_aw_apps.retro_music.model import (
    APPS,
    DOWNLOAD_DATA,
    MUSIC_DATA,
    PLAYBACK_DB,
    PLAYBACK_SCHEMA,
    PLAYLIST_DB,
    PLAYLIST_SCHEMA,
    Song,
    append_to_playlist,
    insert_playlist,
    m3u_text,
    replace_queue,
    song_from_file,
)

if TYPE_CHECKING:
    from droidhub.virtual.appmodel import VirtualPhone
    from droidhub.virtual.views.view import Box

HOME, SONGS, ALBUMS, ARTISTS, PLAYLISTS = (tab for tab, _, _ in layouts.TABS)
#: MediaStore's album for a song without an album tag: its folder's name.
ALBUM = "Music"
#: ``menu_main.xml``'s overflow.
MAIN_MENU = ("Grid size", "Grid style", "Sort order", "Settings")
PLAYLIST_SONG_MENU = (
    ("action_remove_from_playlist", "Remove from playlist"),
    *layouts.SONG_MENU[:3],
)


def duration(ms: int) -> str:
    """``getReadableDurationString``: ``mm:ss``, or ``h:mm:ss`` from an hour."""
    minutes, seconds = ms // 60000, ms // 1000 % 60
    if minutes < 60:
        return f"{minutes:02d}:{seconds:02d}"
    return f"{minutes // 60}:{minutes % 60:02d}:{seconds:02d}"


def info(songs: list[Song]) -> str:
    """``getPlaylistInfoString``: "N Songs • length"."""
    count = f"{len(songs)} {'Song' if len(songs) == 1 else 'Songs'}"
    return f"{count} \u2022 {duration(sum(s.duration_ms for s in songs))}"


@dataclass
class Menu:
    """A popup showing: what for ("song", "playlist", "playlist_song", "selection",
    "main", "detail"), the row's key and where it drops from."""

    kind: str
    key: str
    anchor: Box


@model_of(APPS[0])
class RetroMusicApp(FreshStartApp):
    """Retro Music: its two databases and its library screens."""

    version_name = "6.0.3"

    def reset_state(self) -> None:
        """For you, nothing open, nothing selected, nothing playing."""
        self.tab = HOME
        #: "" (the tab), "album:<name>" or "playlist:<id>".
        self.page = ""
        self.menu: Menu | None = None
        #: "" or "add" (Add to playlist) or "new" (New playlist), for ``adding``.
        self.dialog = ""
        self.adding: list[str] = []
        self.name = ""
        #: Song files checked in a selection, in order (None: no selection).
        self.selection: list[str] | None = None
        self.playing = ""
        #: The shuffle button hides while the list scrolls down and shows when it
        #: scrolls up.
        self.fab_shown = True

    def install(self, phone: VirtualPhone) -> None:
        """Create ``playlist.db`` and ``music_playback_state.db``, empty."""
        for path, schema in ((PLAYLIST_DB, PLAYLIST_SCHEMA), (PLAYBACK_DB, PLAYBACK_SCHEMA)):
            with closing(self._db(phone, path, schema)) as conn:
                conn.commit()
        super().install(phone)

    # --- data ----------------------------------------------------------------------------
    def _songs(self, phone: VirtualPhone) -> dict[str, Song]:
        """The songs by file, in the Songs tab's order (title A to Z)."""
        folder = phone.host_path(MUSIC_DATA)
        if not folder.is_dir():
            return {}
        found = [
            (p.name, song_from_file(p.name, p.read_bytes()))
            for p in folder.iterdir()
            if p.is_file() and p.suffix.lower() == ".mp3"
        ]
        return dict(sorted(found, key=lambda item: item[1].title.lower()))

    def _db(self, phone: VirtualPhone, path: str, schema: str) -> sqlite3.Connection:
        return open_database(phone.host_path(path), schema)

    def _playlists(self, phone: VirtualPhone) -> list[tuple[int, str]]:
        with closing(self._db(phone, PLAYLIST_DB, PLAYLIST_SCHEMA)) as conn:
            rows = conn.execute(
                "SELECT playlist_id, playlist_name FROM PlaylistEntity ORDER BY playlist_name"
            ).fetchall()
        return [(int(r[0]), str(r[1])) for r in rows]

    def _playlist_songs(self, phone: VirtualPhone, playlist_id: int) -> list[Song]:
        with closing(self._db(phone, PLAYLIST_DB, PLAYLIST_SCHEMA)) as conn:
            titles = [
                str(r[0])
                for r in conn.execute(
                    "SELECT title FROM SongEntity WHERE playlist_creator_id = ? ORDER BY song_key",
                    (playlist_id,),
                )
            ]
        by_title = {s.title: s for s in self._songs(phone).values()}
        return [by_title[t] for t in titles if t in by_title]

    def _queue(self, phone: VirtualPhone) -> list[Song]:
        with closing(self._db(phone, PLAYBACK_DB, PLAYBACK_SCHEMA)) as conn:
            titles = [str(r[0]) for r in conn.execute("SELECT title FROM playing_queue")]
        by_title = {s.title: s for s in self._songs(phone).values()}
        return [by_title[t] for t in titles if t in by_title]

    def _set_queue(self, phone: VirtualPhone, songs: list[Song]) -> None:
        with closing(self._db(phone, PLAYBACK_DB, PLAYBACK_SCHEMA)) as conn:
            replace_queue(conn, songs)
            conn.commit()

    # --- actions ---------------------------------------------------------------------------
    def _go(self, tab: str, page: str = "") -> None:
        self.tab, self.page, self.menu, self.selection = tab, page, None, None
        self.fab_shown = True
        self.reset_view_state()

    def _play(self, phone: VirtualPhone, songs: list[Song], first: Song) -> None:
        """Play ``first`` with ``songs`` as the queue."""
        self._set_queue(phone, songs)
        self.playing = first.title

    def _song_tap(self, phone: VirtualPhone, row: Row, listed: list[Song]) -> None:
        if self.selection is not None:
            self._toggle(row.key)
            return
        song = self._songs(phone).get(row.key)
        if song is not None:
            self._play(phone, listed, song)

    def _toggle(self, key: str) -> None:
        assert self.selection is not None
        if key in self.selection:
            self.selection.remove(key)
        else:
            self.selection.append(key)
        if not self.selection:
            self.selection = None

    def _long(self, row: Row) -> None:
        if self.selection is None:
            self.selection = [row.key]
        else:
            self._toggle(row.key)

    def _open_menu(self, kind: str, key: str, view: View) -> None:
        self.menu = Menu(kind, key, view.bounds)

    def _enqueue(self, phone: VirtualPhone, files: list[str], next_: bool) -> None:
        songs = self._songs(phone)
        picked = [songs[f] for f in files if f in songs]
        queue = self._queue(phone)
        if not queue:
            queue, picked = picked, []
        self._set_queue(phone, [*queue[:1], *picked, *queue[1:]] if next_ else [*queue, *picked])
        if not self.playing and queue:
            self.playing = queue[0].title

    def _song_action(self, phone: VirtualPhone, action: str, files: list[str]) -> None:
        """An item of a song's menu or of the selection's action mode."""
        if action == "action_add_to_playlist":
            self.dialog, self.adding = "add", files
        elif action in ("action_play_next", "action_add_to_current_playing"):
            self._enqueue(phone, files, action == "action_play_next")
        elif action == "action_multi_select_adapter_check_all" and self.selection is not None:
            listed = self._listed(phone)
            self.selection = [f for f in listed if f in self._songs(phone)]
            return
        self.selection = None

    def _listed(self, phone: VirtualPhone) -> list[str]:
        """The song files of the list showing."""
        return list(self._songs(phone))

    def _playlist_action(self, phone: VirtualPhone, action: str, playlist_id: int) -> None:
        names = dict(self._playlists(phone))
        if playlist_id not in names:
            return
        songs = self._playlist_songs(phone, playlist_id)
        files = [s.path.rsplit("/", 1)[1] for s in songs]
        if action == "action_play" and songs:
            self._play(phone, songs, songs[0])
        elif action in (
            "action_play_next",
            "action_add_to_current_playing",
            "action_add_to_playlist",
        ):
            self._song_action(phone, action, files)
        elif action == "action_delete_playlist":
            with closing(self._db(phone, PLAYLIST_DB, PLAYLIST_SCHEMA)) as conn:
                conn.execute("DELETE FROM SongEntity WHERE playlist_creator_id = ?", (playlist_id,))
                conn.execute("DELETE FROM PlaylistEntity WHERE playlist_id = ?", (playlist_id,))
                conn.commit()
            if self.page:
                self._go(PLAYLISTS)
        elif action == "action_save_playlist":
            out = phone.host_path(f"{DOWNLOAD_DATA}/{names[playlist_id]}.m3u")
            app_files.write(phone, out, m3u_text(songs).encode("utf-8"))

    def _choose(self, phone: VirtualPhone, item: MenuItem) -> None:
        menu, self.menu = self.menu, None
        if menu is None:
            return
        if menu.kind == "song":
            self._song_action(phone, item.id, [menu.key])
        elif menu.kind == "selection" and self.selection is not None:
            self._song_action(phone, item.id, list(self.selection))
        elif menu.kind in ("playlist", "detail"):
            self._playlist_action(phone, item.id, int(menu.key))
        elif menu.kind == "playlist_song" and item.id == "action_remove_from_playlist":
            self._remove_from_playlist(phone, menu.key)
        elif menu.kind == "playlist_song":
            self._song_action(phone, item.id, [menu.key])

    def _remove_from_playlist(self, phone: VirtualPhone, file: str) -> None:
        song = self._songs(phone).get(file)
        if song is None or not self.page.startswith("playlist:"):
            return
        with closing(self._db(phone, PLAYLIST_DB, PLAYLIST_SCHEMA)) as conn:
            conn.execute(
                "DELETE FROM SongEntity WHERE playlist_creator_id = ? AND title = ?",
                (int(self.page.split(":", 1)[1]), song.title),
            )
            conn.commit()

    def _pick_playlist(self, phone: VirtualPhone, index: int) -> None:
        """The Add to playlist dialog's row ``index``: New playlist, or a playlist."""
        if index == 0:
            self.dialog, self.name = "new", ""
            self.view_state.focus = "actionNewPlaylist"
            return
        playlists = self._playlists(phone)
        songs = self._songs(phone)
        if index - 1 < len(playlists):
            with closing(self._db(phone, PLAYLIST_DB, PLAYLIST_SCHEMA)) as conn:
                for file in self.adding:
                    if file in songs:
                        append_to_playlist(conn, playlists[index - 1][0], songs[file])
                conn.commit()
        self._close_dialog()

    def _create(self, phone: VirtualPhone) -> None:
        name = self.name.strip()
        if not name:
            return
        songs = self._songs(phone)
        with closing(self._db(phone, PLAYLIST_DB, PLAYLIST_SCHEMA)) as conn:
            insert_playlist(conn, name, [songs[f] for f in self.adding if f in songs])
            conn.commit()
        self._close_dialog()

    def _close_dialog(self) -> None:
        self.dialog, self.adding, self.name, self.menu = "", [], "", None
        self.view_state.focus = ""
        self.view_state.keyboard = None

    def _set_name(self, text: str) -> None:
        self.name = text

    # --- the screens -----------------------------------------------------------------------
    def _song_rows(
        self, songs: list[Song], files: dict[str, str], text: str = "artist"
    ) -> list[Row]:
        checked = set(self.selection or ())
        return [
            Row(
                files[s.title],
                s.title,
                s.artist if text == "artist" else duration(s.duration_ms),
                files[s.title] in checked,
            )
            for s in songs
        ]

    def _header(self, phone: VirtualPhone) -> View | None:
        """The action mode bar while a selection is on."""
        if self.selection is None:
            return None
        return layouts.action_mode_bar(
            len(self.selection),
            lambda: setattr(self, "selection", None),
            lambda action: self._song_action(phone, action, list(self.selection or ())),
            lambda: setattr(self, "menu", Menu("selection", "", (600, 118, 1080, 265))),
        )

    def _page(self, phone: VirtualPhone) -> View:
        songs = self._songs(phone)
        files = {s.title: f for f, s in songs.items()}
        listed = list(songs.values())
        song_actions: pages.RowActions = (
            lambda row: self._song_tap(phone, row, listed),
            self._long,
            lambda row, view: self._open_menu("song", row.key, view),
        )
        overflow = lambda: setattr(self, "menu", Menu("main", "", (600, 118, 1080, 265)))  # noqa: E731
        if self.page.startswith("album:"):
            rows = self._song_rows(listed, files, "time")
            artist = listed[0].artist if listed else ""
            return pages.fragment_album_details(
                ALBUM,
                f"{artist} \u2022 {duration(sum(s.duration_ms for s in listed))}",
                rows,
                layouts.item_song,
                song_actions,
                lambda: self._go(self.tab),
                lambda: self._play(phone, listed, listed[0]) if listed else None,
                self._header(phone),
            )
        if self.page.startswith("playlist:"):
            playlist_id = int(self.page.split(":", 1)[1])
            members = self._playlist_songs(phone, playlist_id)
            name = dict(self._playlists(phone)).get(playlist_id, "")
            return pages.fragment_playlist_detail(
                name,
                info(members),
                self._song_rows(members, files),
                (
                    lambda row: self._song_tap(phone, row, members),
                    lambda row: None,
                    lambda row, view: self._open_menu("playlist_song", row.key, view),
                ),
                lambda: self._go(PLAYLISTS),
                lambda: setattr(
                    self, "menu", Menu("detail", str(playlist_id), (600, 118, 1080, 265))
                ),
            )
        if self.tab == HOME:
            return pages.fragment_home(lambda id: None, len(listed) > 9)
        if self.tab == SONGS:
            rows = self._song_rows(listed, files)
            return pages.fragment_main_recycler(
                "Songs",
                rows,
                False,
                song_actions,
                None,
                overflow,
                self._shuffle(phone, listed) if self.fab_shown else None,
                self._header(phone),
                bool(self._queue(phone)),
            )
        if self.tab == PLAYLISTS:
            rows = [
                Row(str(pid), name, info(self._playlist_songs(phone, pid)))
                for pid, name in self._playlists(phone)
            ]
            actions: pages.RowActions = (
                lambda row: self._go(PLAYLISTS, f"playlist:{row.key}"),
                lambda row: None,
                lambda row, view: self._open_menu("playlist", row.key, view),
            )
            return pages.fragment_main_recycler(
                "Playlists", rows, True, actions, None, overflow, None
            )
        if self.tab == ALBUMS:
            rows = [Row(ALBUM, ALBUM, listed[0].artist)] if listed else []
            actions = (
                lambda row: self._go(ALBUMS, f"album:{row.key}"),
                lambda row: None,
                lambda row, view: None,
            )
            return pages.fragment_main_recycler("Albums", rows, True, actions, None, overflow, None)
        artists = sorted({s.artist for s in listed}, key=str.lower)
        rows = [
            Row(a, a, info([s for s in listed if s.artist == a]).split(" \u2022 ")[0])
            for a in artists
        ]
        nothing: pages.RowActions = (lambda row: None, lambda row: None, lambda row, view: None)
        return pages.fragment_main_recycler(
            "Artists", rows, True, nothing, None, overflow, None, cell=pages.item_grid_circle
        )

    def _shuffle(self, phone: VirtualPhone, listed: list[Song]) -> Action:
        """``shuffle_button``: play the list shuffled (the queue: every song)."""
        return lambda: self._play(phone, listed, listed[0]) if listed else None

    def _menu_items(self, phone: VirtualPhone, menu: Menu) -> list[MenuItem]:
        if menu.kind in ("song",):
            entries: tuple[tuple[str, str], ...] = layouts.SONG_MENU
        elif menu.kind in ("playlist", "detail"):
            entries = layouts.PLAYLIST_MENU
        elif menu.kind == "playlist_song":
            entries = PLAYLIST_SONG_MENU
        elif menu.kind == "selection":
            entries = layouts.SELECTION_OVERFLOW
        else:
            entries = tuple(("", title) for title in MAIN_MENU)
        return [MenuItem(id, title) for id, title in entries]

    def build(self, phone: VirtualPhone) -> Window:
        """The tab or page showing, with a popup or a dialog over it."""
        queue = self._queue(phone)
        playing = self.playing or (queue[0].title if queue else "")
        content = layouts.sliding_music_panel(
            self._page(phone), playing, self.tab, self._go, lambda: None
        )
        window = Window(content, background=layouts.SURFACE, status_bar=layouts.SURFACE)
        window.on_cancel = self._close_dialog
        if self.dialog == "add":
            names = [name for _, name in self._playlists(phone)]
            window.dialog = layouts.add_to_playlist_dialog(
                names, lambda i: self._pick_playlist(phone, i), self._close_dialog
            )
        elif self.dialog == "new":
            window.dialog = layouts.new_playlist_dialog(
                self.name, self._set_name, lambda: self._create(phone), self._close_dialog
            )
        elif self.menu is not None:
            items = self._menu_items(phone, self.menu)
            window.dialog = popup_menu(items, lambda item: self._choose(phone, item))
            window.popup_anchor = self.menu.anchor
            window.on_cancel = lambda: setattr(self, "menu", None)
        return window

    def on_swipe(
        self, phone: VirtualPhone, x1: int, y1: int, x2: int, y2: int, duration_ms: int
    ) -> None:
        """A scroll of the songs hides the shuffle button (down) or shows it (up)."""
        before = self.view_state.scroll.get("recycler_view", 0)
        super().on_swipe(phone, x1, y1, x2, y2, duration_ms)
        after = self.view_state.scroll.get("recycler_view", 0)
        if after != before:
            self.fab_shown = after < before

    def on_back(self, phone: VirtualPhone) -> bool:
        """BACK ends a selection, leaves a page, then goes to For you; from there the
        app closes."""
        del phone
        if self.selection is not None:
            self.selection = None
        elif self.page:
            self._go(self.tab)
        elif self.tab != HOME:
            self._go(HOME)
        else:
            return False
        return True


def virtual_apps() -> list[VirtualApp]:
    """A fresh Retro Music model."""
    return [RetroMusicApp()]
