"""VLC on the view engine: the Video tab's cards, the selection's action mode, the
Add to playlist sheet, the Playlists tab and the player.

The layouts are :mod:`.layouts`; this module keeps what shows and binds the data.
The Video tab shows the MP4 files of VLCVideos and Download by name, each card with
a frame of the file as its thumbnail and its length. A tap plays a video: the player
shows the picture of the moment, by the phone's clock since the tap (a real player's
picture is not in the accessibility tree); BACK leaves it. A long press selects a
video and starts the action mode; taps then add or remove videos, in the order
tapped; its overflow's Add to playlist opens ``SavePlaylistDialog``, where Enter in
the name field (or Save) makes a new playlist of the selection and a tap on a
playlist adds the selection to it. Playlists and the media index are written to
``app_db/vlc_media.db`` at once. Not modelled: the grouping of videos by name that
VLC 3.5 applies by default (the cards show each video alone), a playlist's own page,
the player's controls and the Audio, Browse and More tabs' contents.
"""

from __future__ import annotations

import sqlite3
from contextlib import closing
from typing import TYPE_CHECKING

from droidhub.virtual.appmodel import VirtualApp
from droidhub.virtual.views import MenuItem, View, ViewGroupFrame, Window, popup_menu
from droidhub_aw_apps.common import media_files, storage
from droidhub_aw_apps.common.app_identity import model_of
from droidhub_aw_apps.common.media_apps import FreshStartApp
from droidhub_aw_apps.common.sqlite_files import open_database
from droidhub_aw_apps.vlc import layouts, pages
from droidhub_aw_apps.vlc.layouts import Video
from droidhub_aw_apps.vlc.model import (
    APPS,
    MEDIA_DB,
    MEDIA_SCHEMA,
    VIDEOS_DATA,
    append_to_playlist,
    insert_playlist,
)

if TYPE_CHECKING:
    import datetime as dt

    from droidhub.virtual.appmodel import VirtualPhone

#: Folders whose videos VLC's video list shows.
VIDEO_FOLDERS = (VIDEOS_DATA, storage.under_sdcard("Download"))
KEY_ENTER = ("KEYCODE_ENTER", "66")


@model_of(APPS[0])
class VlcApp(FreshStartApp):
    """VLC: its media library, its Video and Playlists tabs and its player."""

    version_name = "3.5.4"

    def reset_state(self) -> None:
        """The Video tab, nothing selected, nothing playing."""
        self.tab = "nav_video"
        #: Video paths selected, in the order tapped (None: no action mode).
        self.selection: list[str] | None = None
        #: "" or "overflow" (the action mode's) or "save" (the Add to playlist sheet).
        self.overlay = ""
        self.name = ""
        self.playing: str | None = None
        self.started: dt.datetime | None = None

    def install(self, phone: VirtualPhone) -> None:
        """Create ``vlc_media.db`` (VLC makes it on its first launch) and VLCVideos
        (AndroidWorld's one-time set-up makes it)."""
        with closing(self._db(phone)) as conn:
            conn.commit()
        phone.make_folders(phone.host_path(VIDEOS_DATA))
        super().install(phone)

    # --- data ----------------------------------------------------------------------------
    def _db(self, phone: VirtualPhone) -> sqlite3.Connection:
        return open_database(phone.host_path(MEDIA_DB), MEDIA_SCHEMA)

    def _paths(self, phone: VirtualPhone) -> list[str]:
        found = []
        for folder in VIDEO_FOLDERS:
            host = phone.host_path(folder)
            if host.is_dir():
                found += [
                    f"{folder}/{p.name}"
                    for p in host.iterdir()
                    if p.is_file() and p.suffix.lower() == ".mp4"
                ]
        return sorted(found, key=lambda path: path.rsplit("/", 1)[1].lower())

    def _video(self, phone: VirtualPhone, path: str) -> Video:
        data = phone.host_path(path).read_bytes()
        chosen = self.selection is not None and path in self.selection
        return Video(path, path.rsplit("/", 1)[1], media_files.mp4_duration_ms(data), chosen)

    def _frame(self, phone: VirtualPhone, path: str, ms: int) -> bytes | None:
        return media_files.mp4_frame_at(phone.host_path(path).read_bytes(), ms)

    def _playlists(self, phone: VirtualPhone) -> list[tuple[int, str, int]]:
        """(id, name, videos) of each playlist, by name."""
        with closing(self._db(phone)) as conn:
            rows = conn.execute(
                "SELECT id_playlist, name, nb_video FROM Playlist ORDER BY name"
            ).fetchall()
        return [(int(r[0]), str(r[1]), int(r[2])) for r in rows]

    # --- actions ---------------------------------------------------------------------------
    def _tap_video(self, phone: VirtualPhone, path: str) -> None:
        if self.selection is None:
            self.playing, self.started = path, phone.now()
        elif path in self.selection:
            self.selection.remove(path)
            if not self.selection:
                self.selection = None
        else:
            self.selection.append(path)

    def _long_video(self, path: str) -> None:
        if self.selection is None:
            self.selection = [path]
        elif path not in self.selection:
            self.selection.append(path)

    def _choose(self, item: MenuItem) -> None:
        self.overlay = ""
        if item.id == "action_mode_audio_add_playlist":
            self.overlay, self.name = "save", ""
            self.view_state.focus = ""

    def _entries(self, phone: VirtualPhone) -> list[tuple[str, str, int]]:
        entries = []
        for path in self.selection or ():
            folder, name = path.rsplit("/", 1)
            duration = media_files.mp4_duration_ms(phone.host_path(path).read_bytes())
            entries.append((name, folder, duration))
        return entries

    def _save_new(self, phone: VirtualPhone) -> None:
        """``addToNewPlaylist``: a playlist of the selection under the typed name (a
        name already taken is refused)."""
        name = self.name.strip()
        if not name or any(n.lower() == name.lower() for _, n, _ in self._playlists(phone)):
            return
        with closing(self._db(phone)) as conn:
            insert_playlist(conn, name, self._entries(phone))
            conn.commit()
        self._close(done=True)

    def _add_to(self, phone: VirtualPhone, index: int) -> None:
        playlists = self._playlists(phone)
        if index < len(playlists):
            with closing(self._db(phone)) as conn:
                for name, folder, duration in self._entries(phone):
                    append_to_playlist(conn, playlists[index][0], name, folder, duration)
                conn.commit()
        self._close(done=True)

    def _close(self, done: bool = False) -> None:
        """Dismiss the sheet or popup; after an addition the action mode ends too."""
        self.overlay, self.name = "", ""
        self.view_state.focus = ""
        self.view_state.keyboard = None
        if done:
            self.selection = None

    def _set_name(self, text: str) -> None:
        self.name = text

    def _go(self, tab: str) -> None:
        self.tab, self.selection, self.overlay = tab, None, ""
        self.reset_view_state()

    # --- the screens -----------------------------------------------------------------------
    def _page(self, phone: VirtualPhone) -> View:
        if self.tab == "nav_playlists":
            cards = [
                (name, f"{count} media" if count != 1 else "1 media")
                for _, name, count in self._playlists(phone)
            ]
            return pages.playlists_fragment(
                cards,
                lambda card: pages.audio_browser_card_item(
                    card[0], card[1], lambda: None, lambda: None
                ),
            )
        if self.tab != "nav_video":
            return ViewGroupFrame("", width=-1, height=-1)
        videos = [self._video(phone, path) for path in self._paths(phone)]
        in_selection = self.selection is not None

        def bind(video: Video) -> View:
            return layouts.video_grid_card(
                video,
                self._frame(phone, video.path, 0),
                in_selection,
                lambda: self._tap_video(phone, video.path),
                lambda: self._long_video(video.path),
            )

        return layouts.video_grid(videos, bind)

    def _header(self, phone: VirtualPhone) -> View:
        if self.selection is None:
            return layouts.main_toolbar(True, None)
        length = sum(self._video(phone, p).length_ms for p in self.selection)
        return layouts.action_mode(
            len(self.selection),
            Video("", "", length).time,
            lambda: setattr(self, "selection", None),
            lambda: setattr(self, "overlay", "overflow"),
            len(self.selection) == 1,
        )

    def build(self, phone: VirtualPhone) -> Window:
        """The player, or the tab with the action mode, its popup or the sheet."""
        if self.playing is not None and self.started is not None:
            elapsed = int((phone.now() - self.started).total_seconds() * 1000)
            frame = self._frame(phone, self.playing, max(0, elapsed))
            return Window(pages.player(frame), background="#FF000000", status_bar="#FF000000")
        content = layouts.main(self._header(phone), self._page(phone), self.tab, self._go)
        window = Window(content, background=layouts.BACKGROUND, status_bar=layouts.BACKGROUND)
        window.on_cancel = self._close
        if self.overlay == "overflow":
            items = [MenuItem(id, title) for id, title in layouts.SELECTION_OVERFLOW]
            window.dialog = popup_menu(items, self._choose)
            window.popup_anchor = (540, 118, 1080, 265)
        elif self.overlay == "save":
            playlists = [(name, count) for _, name, count in self._playlists(phone)]
            sheet = pages.save_playlist_dialog(
                len(self.selection or ()),
                self.name,
                playlists,
                self._set_name,
                lambda i: self._add_to(phone, i),
                lambda: self._save_new(phone),
                self._close,
            )
            window.dialog, window.dialog_fills = sheet, True
        return window

    def on_key(self, phone: VirtualPhone, keycode: str) -> bool | None:
        """Enter in the sheet's name field makes the playlist (its key listener)."""
        if (
            keycode in KEY_ENTER
            and self.overlay == "save"
            and self.view_state.focus == layouts.NAME_FIELD
        ):
            self._save_new(phone)
            return True
        return super().on_key(phone, keycode)

    def on_back(self, phone: VirtualPhone) -> bool:
        """BACK leaves the player, then ends the action mode; on a tab it leaves."""
        del phone
        if self.playing is not None:
            self.playing = self.started = None
        elif self.selection is not None:
            self.selection = None
        elif self.tab != "nav_video":
            self._go("nav_video")
        else:
            return False
        return True


def virtual_apps() -> list[VirtualApp]:
    """A fresh VLC model."""
    return [VlcApp()]
