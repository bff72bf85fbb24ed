"""Retro Music's screens on the virtual phone: songs, playlists and their menus.

* Two tabs at the bottom, ``Songs`` and ``Playlists``. Lists show 12 rows; swipe to
  scroll.
* ``Songs`` lists the MP3 files of Music by title, each with its artist and length
  ("4:35"). Tapping a song plays the whole list (the queue becomes every song, as Retro
  Music does). A long press starts a selection ("N selected"): taps add or remove
  songs, ``Add to playlist`` adds them all, BACK ends it. Each row's ``More options``
  offers ``Play next``, ``Add to playing queue`` and ``Add to playlist``; the last
  opens a dialog listing the playlists and ``New playlist`` (a name field and
  ``Create``).
* ``Playlists`` lists the playlists; tapping one shows its songs (``Navigate up``
  returns). Each row's ``More options`` offers ``Save as file`` (to
  ``Download/<name>.m3u``) and ``Delete``.

Playlists go to ``databases/playlist.db`` and the queue to
``databases/music_playback_state.db`` at once, in the app's own schemas.
"""

from __future__ import annotations

import sqlite3
from contextlib import closing
from typing import TYPE_CHECKING

from droidhub.virtual.appmodel import Intent, Screen, VirtualApp
from droidhub_aw_apps.common.hierarchy import Node, hit, render, tab_bar, up_button
from droidhub_aw_apps.common.keys import KEY_BACK, KEY_DEL
from droidhub_aw_apps.common.sqlite_files import open_database
from droidhub_aw_apps.retro_music.model import (
    ACTIVITY,
    DOWNLOAD_DATA,
    MUSIC_DATA,
    PACKAGE,
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

_ROWS = 12
_ROW_HEIGHT = 140
_LIST_TOP = 300
_LONG_PRESS_MS = 500
_SONG_MENU = ("Play next", "Add to playing queue", "Add to playlist")
_PLAYLIST_MENU = ("Save as file", "Delete")


class RetroMusicApp(VirtualApp):
    """Retro Music on the virtual phone: its two databases and its list screens."""

    package = PACKAGE
    label = "Retro Music"
    activity = ACTIVITY
    version_name = "6.0.3"

    def __init__(self) -> None:
        self._reset()

    def _reset(self) -> None:
        self.tab = "Songs"
        self.offset = 0
        self.open_playlist: int | None = None
        self.menu_for: str | int | None = None  # a song file, or a playlist id
        self.picking_playlist_for: str | None = None  # song file being added
        self.naming: str | None = None  # text typed for a new playlist
        self.name_focused = False
        #: Song files selected by a long press and taps, in order (None: no selection).
        self.selection: list[str] | None = None
        self.picking_for_selection = False

    def install(self, phone: VirtualPhone) -> None:
        """Create ``playlist.db`` and ``music_playback_state.db``, empty."""
        for path, schema in ((PLAYLIST_DB, PLAYLIST_SCHEMA), (PLAYBACK_DB, PLAYBACK_SCHEMA)):
            with closing(self._db(phone, path, schema)) as conn:
                conn.commit()
        self._reset()

    def on_start(self, phone: VirtualPhone, intent: Intent) -> None:
        """A launch shows the songs."""
        self._reset()

    def on_stop(self, phone: VirtualPhone) -> None:
        """Force-stopped: nothing open next time."""
        self._reset()

    # --- data ----------------------------------------------------------------------------
    def _songs(self, phone: VirtualPhone) -> list[tuple[str, Song]]:
        folder = phone.host_path(MUSIC_DATA)
        if not folder.is_dir():
            return []
        found = [
            (p.name, song_from_file(p.name, p.read_bytes()))
            for p in folder.iterdir()
            if p.is_file() and p.suffix.lower() == ".mp3"
        ]
        return sorted(found, key=lambda item: item[1].title.lower())

    def _db(self, phone: VirtualPhone, path: str, schema: str) -> sqlite3.Connection:
        return open_database(phone.host_path(path), schema)

    def _playlists(self, phone: VirtualPhone) -> list[tuple[int, str]]:
        with closing(self._db(phone, PLAYLIST_DB, PLAYLIST_SCHEMA)) as conn:
            rows = conn.execute(
                "SELECT playlist_id, playlist_name FROM PlaylistEntity ORDER BY playlist_name"
            ).fetchall()
        return [(int(r[0]), str(r[1])) for r in rows]

    def _playlist_titles(self, phone: VirtualPhone, playlist_id: int) -> list[str]:
        with closing(self._db(phone, PLAYLIST_DB, PLAYLIST_SCHEMA)) as conn:
            rows = conn.execute(
                "SELECT title FROM SongEntity WHERE playlist_creator_id = ? ORDER BY song_key",
                (playlist_id,),
            ).fetchall()
        return [str(r[0]) for r in rows]

    def _queue(self, phone: VirtualPhone) -> list[str]:
        with closing(self._db(phone, PLAYBACK_DB, PLAYBACK_SCHEMA)) as conn:
            return [str(r[0]) for r in conn.execute("SELECT title FROM playing_queue")]

    def _set_queue(self, phone: VirtualPhone, songs: list[Song]) -> None:
        with closing(self._db(phone, PLAYBACK_DB, PLAYBACK_SCHEMA)) as conn:
            replace_queue(conn, songs)
            conn.commit()

    # --- screens -------------------------------------------------------------------------
    def _row(
        self, i: int, text: str, key: str, menu: bool, detail: str = "", selected: bool = False
    ) -> list[Node]:
        top = _LIST_TOP + i * _ROW_HEIGHT
        title_box = (60, top + 15, 880, top + 75) if detail else (60, top + 30, 880, top + 110)
        children = [
            Node(
                "android.widget.TextView",
                text=text,
                resource_id=f"{PACKAGE}:id/title",
                bounds=title_box,
            )
        ]
        if detail:
            children.append(
                Node(
                    "android.widget.TextView",
                    text=detail,
                    resource_id=f"{PACKAGE}:id/text",
                    bounds=(60, top + 75, 880, top + 125),
                )
            )
        nodes = [
            Node(
                "android.widget.LinearLayout",
                resource_id=f"{PACKAGE}:id/{key}",
                bounds=(0, top, 900, top + _ROW_HEIGHT),
                clickable=True,
                selected=selected,
                children=children,
            )
        ]
        if menu:
            nodes.append(
                Node(
                    "android.widget.ImageButton",
                    content_desc="More options",
                    resource_id=f"{PACKAGE}:id/menu",
                    bounds=(920, top + 20, 1060, top + 120),
                    clickable=True,
                )
            )
        return nodes

    def _details(self, phone: VirtualPhone) -> dict[str, str]:
        """Each song file's second line: its artist and length, as the song list shows."""
        return {
            name: f"{song.artist} • {song.duration_ms // 60000}:{song.duration_ms // 1000 % 60:02d}"
            for name, song in self._songs(phone)
        }

    def _list(self, phone: VirtualPhone) -> list[tuple[str, str | int]]:
        """(label, key) of the rows the current list shows: song files or playlist ids."""
        if self.open_playlist is not None:
            titles = self._playlist_titles(phone, self.open_playlist)
            return [(t, f"#{i}") for i, t in enumerate(titles)]
        if self.tab == "Songs":
            return [(song.title, name) for name, song in self._songs(phone)]
        return [(name, pid) for pid, name in self._playlists(phone)]

    def _nodes(self, phone: VirtualPhone) -> list[Node]:
        title = self.tab
        nodes: list[Node] = []
        if self.open_playlist is not None:
            title = dict(self._playlists(phone)).get(self.open_playlist, "Playlist")
            nodes.append(up_button())
        if self.selection is not None:
            title = f"{len(self.selection)} selected"
            nodes.append(
                Node(
                    "android.widget.ImageButton",
                    content_desc="Add to playlist",
                    resource_id=f"{PACKAGE}:id/action_add_to_playlist",
                    bounds=(900, 120, 1040, 240),
                    clickable=True,
                )
            )
        nodes.append(Node("android.widget.TextView", text=title, bounds=(160, 120, 880, 240)))
        rows = self._list(phone)[self.offset : self.offset + _ROWS]
        songs_shown = self.tab == "Songs" and self.open_playlist is None
        details = self._details(phone) if songs_shown else {}
        for i, (label, key) in enumerate(rows):
            detail = details.get(key, "") if isinstance(key, str) else ""
            chosen = self.selection is not None and key in self.selection
            nodes.extend(self._row(i, label, "item", self.open_playlist is None, detail, chosen))
        nodes.extend(tab_bar(("Songs", "Playlists"), self.tab))
        nodes.extend(self._overlay(phone))
        return nodes

    def _overlay(self, phone: VirtualPhone) -> list[Node]:
        labels: list[str] = []
        if self.naming is not None:
            field = Node(
                "android.widget.EditText",
                text=self.naming,
                resource_id=f"{PACKAGE}:id/playlist_name",
                bounds=(80, 900, 1000, 1020),
                focused=self.name_focused,
            )
            return [field, *self._buttons(["Cancel", "Create"], 1060)]
        if self.picking_playlist_for is not None or self.picking_for_selection:
            labels = ["New playlist", *(name for _, name in self._playlists(phone))]
        elif isinstance(self.menu_for, str):
            labels = list(_SONG_MENU)
        elif isinstance(self.menu_for, int):
            labels = list(_PLAYLIST_MENU)
        return [
            Node(
                "android.widget.TextView",
                text=label,
                resource_id=f"{PACKAGE}:id/menu_item",
                bounds=(200, 700 + i * 130, 1000, 820 + i * 130),
                clickable=True,
            )
            for i, label in enumerate(labels)
        ]

    @staticmethod
    def _buttons(labels: list[str], top: int) -> list[Node]:
        return [
            Node(
                "android.widget.Button",
                text=label,
                bounds=(500 + i * 260, top, 740 + i * 260, top + 120),
                clickable=True,
            )
            for i, label in enumerate(labels)
        ]

    def screen(self, phone: VirtualPhone) -> Screen:
        """The current list with any menu or dialog on top."""
        return Screen(hierarchy=render(PACKAGE, self._nodes(phone)))

    # --- input ---------------------------------------------------------------------------
    def on_tap(self, phone: VirtualPhone, x: int, y: int) -> None:
        """Tabs, rows, menus and dialogs."""
        overlay = self._overlay(phone)
        if overlay:
            node = hit(overlay, x, y)
            if node is not None:
                self._tap_overlay(phone, node)
            elif self.naming is None:  # a tap outside a menu closes it
                self.menu_for = self.picking_playlist_for = None
            return
        node = hit(self._nodes(phone), x, y)
        if node is None:
            return
        if node.content_desc == "Add to playlist" and self.selection:
            self.picking_for_selection = True
            return
        if node.text in ("Songs", "Playlists"):
            self.tab, self.offset, self.open_playlist = node.text, 0, None
        elif node.content_desc == "Navigate up":
            self.open_playlist, self.offset = None, 0
        else:
            row = (y - _LIST_TOP) // _ROW_HEIGHT
            items = self._list(phone)
            if not 0 <= row < _ROWS or self.offset + row >= len(items):
                return
            key = items[self.offset + row][1]
            if self.selection is not None and isinstance(key, str):
                if key in self.selection:
                    self.selection.remove(key)
                else:
                    self.selection.append(key)
            elif node.content_desc == "More options":
                self.menu_for = key
            elif isinstance(key, int):
                self.open_playlist, self.offset = key, 0
            elif self.tab == "Songs" and self.open_playlist is None:
                self._set_queue(phone, [song for _, song in self._songs(phone)])

    def _tap_overlay(self, phone: VirtualPhone, node: Node) -> None:
        songs = dict(self._songs(phone))
        if self.naming is not None:
            if node.resource_id.endswith("playlist_name"):
                self.name_focused = True
            elif node.text == "Cancel":
                self.naming, self.picking_playlist_for = None, None
            elif node.text == "Create" and self.naming.strip():
                chosen = self._picked_songs(songs)
                with closing(self._db(phone, PLAYLIST_DB, PLAYLIST_SCHEMA)) as conn:
                    insert_playlist(conn, self.naming.strip(), chosen)
                    conn.commit()
                self.naming, self.picking_playlist_for, self.menu_for = None, None, None
                self._end_selection()
            return
        label = node.text
        if self.picking_for_selection:
            if label == "New playlist":
                self.naming, self.name_focused = "", True
                return
            playlist_id = next((pid for pid, name in self._playlists(phone) if name == label), None)
            if playlist_id is not None:
                with closing(self._db(phone, PLAYLIST_DB, PLAYLIST_SCHEMA)) as conn:
                    for picked in self._picked_songs(songs):
                        append_to_playlist(conn, playlist_id, picked)
                    conn.commit()
            self._end_selection()
        elif self.picking_playlist_for is not None:
            if label == "New playlist":
                self.naming, self.name_focused = "", True
                return
            song = songs.get(self.picking_playlist_for)
            playlist_id = next((pid for pid, name in self._playlists(phone) if name == label), None)
            if song is not None and playlist_id is not None:
                with closing(self._db(phone, PLAYLIST_DB, PLAYLIST_SCHEMA)) as conn:
                    append_to_playlist(conn, playlist_id, song)
                    conn.commit()
            self.picking_playlist_for = self.menu_for = None
        elif isinstance(self.menu_for, str):
            self._song_action(phone, label, self.menu_for, songs)
        elif isinstance(self.menu_for, int):
            self._playlist_action(phone, label, self.menu_for, songs)

    def _picked_songs(self, songs: dict[str, Song]) -> list[Song]:
        """The songs the playlist dialog adds: the selection's, or the one song's."""
        if self.picking_for_selection and self.selection is not None:
            return [songs[f] for f in self.selection if f in songs]
        song = songs.get(self.picking_playlist_for or "")
        return [song] if song else []

    def _end_selection(self) -> None:
        self.selection, self.picking_for_selection = None, False

    def _song_action(
        self, phone: VirtualPhone, label: str, file_name: str, songs: dict[str, Song]
    ) -> None:
        song = songs.get(file_name)
        self.menu_for = None
        if song is None:
            return
        by_title = {s.title: s for s in songs.values()}
        queue = [by_title[t] for t in self._queue(phone) if t in by_title]
        if label == "Add to playing queue":
            self._set_queue(phone, [*queue, song])
        elif label == "Play next":
            self._set_queue(phone, [*queue[:1], song, *queue[1:]])
        elif label == "Add to playlist":
            self.picking_playlist_for = file_name

    def _playlist_action(
        self, phone: VirtualPhone, label: str, playlist_id: int, songs: dict[str, Song]
    ) -> None:
        self.menu_for = None
        name = dict(self._playlists(phone)).get(playlist_id)
        if name is None:
            return
        if label == "Delete":
            with closing(self._db(phone, PLAYLIST_DB, PLAYLIST_SCHEMA)) as conn:
                conn.execute("DELETE FROM SongEntity WHERE playlist_creator_id = ?", (playlist_id,))
                conn.execute("DELETE FROM PlaylistEntity WHERE playlist_id = ?", (playlist_id,))
                conn.commit()
        elif label == "Save as file":
            by_title = {s.title: s for s in songs.values()}
            members = [
                by_title[t] for t in self._playlist_titles(phone, playlist_id) if t in by_title
            ]
            out = phone.host_path(f"{DOWNLOAD_DATA}/{name}.m3u")
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_text(m3u_text(members), encoding="utf-8")
            phone.stamp(out)

    def on_text(self, phone: VirtualPhone, text: str) -> None:
        """Typing goes to the new playlist's name."""
        if self.naming is not None and self.name_focused:
            self.naming += text

    def on_key(self, phone: VirtualPhone, keycode: str) -> bool | None:
        """Delete removes the name's last character; BACK ends a selection."""
        if self.naming is not None and keycode in KEY_DEL:
            self.naming = self.naming[:-1]
        if keycode in KEY_BACK and self.selection is not None and self.naming is None:
            self._end_selection()
            return True
        return None

    def on_swipe(
        self, phone: VirtualPhone, x1: int, y1: int, x2: int, y2: int, duration_ms: int
    ) -> None:
        """A long press on a song starts a selection; a vertical swipe scrolls the list."""
        if (x1, y1) == (x2, y2) and duration_ms >= _LONG_PRESS_MS:
            row = (y1 - _LIST_TOP) // _ROW_HEIGHT
            items = self._list(phone)
            songs_shown = self.tab == "Songs" and self.open_playlist is None
            if songs_shown and 0 <= row < _ROWS and self.offset + row < len(items):
                key = items[self.offset + row][1]
                if isinstance(key, str) and self.selection is None:
                    self.selection = [key]
            return
        if abs(y2 - y1) > abs(x2 - x1):
            most = max(0, len(self._list(phone)) - _ROWS)
            self.offset = min(most, max(0, self.offset + (y1 - y2) // _ROW_HEIGHT))


def virtual_apps() -> list[VirtualApp]:
    """A fresh Retro Music model."""
    return [RetroMusicApp()]
