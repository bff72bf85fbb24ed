"""VLC's screens on the virtual phone: videos, playlists and the player.

* Two tabs at the bottom, ``Video`` and ``Playlists``; lists show 12 rows (swipe to
  scroll).
* ``Video`` lists the MP4 files of VLCVideos and Download. A tap plays a video; a long
  press selects it and later taps add or remove videos, in the order tapped. With a
  selection, ``Add to playlist`` in the toolbar opens a dialog: the playlists (a tap
  adds the selection to one) and a name field with ``Create`` (a new playlist of the
  selection).
* ``Playlists`` lists the playlists; a tap shows its videos.
* The player shows the video's picture of the moment, by the phone's clock since the
  tap, as pixels only (a real player's text is not in the accessibility tree), with
  the file name in the toolbar and ``Navigate up`` to return.

Playlists and the media index are written to ``app_db/vlc_media.db`` at once.
"""

from __future__ import annotations

import io
import sqlite3
from contextlib import closing
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from droidhub.virtual.appmodel import PIXEL_6, Intent, Screen, VirtualApp
from droidhub_aw_apps.common import media_files, storage
from droidhub_aw_apps.common.hierarchy import (
    Node,
    hit,
    list_item,
    render,
    tab_bar,
    toolbar,
)
from droidhub_aw_apps.common.keys import KEY_DEL
from droidhub_aw_apps.common.sqlite_files import open_database
from droidhub_aw_apps.vlc.model import (
    ACTIVITY,
    MEDIA_DB,
    MEDIA_SCHEMA,
    PACKAGE,
    VIDEOS_DATA,
    append_to_playlist,
    insert_playlist,
)

if TYPE_CHECKING:
    import datetime as dt

    from droidhub.virtual.appmodel import VirtualPhone

_ROWS = 12
_ROW_HEIGHT = 140
_LIST_TOP = 300
#: Where the toolbar's title ends (room for one action button).
_TITLE_RIGHT = 800
_LONG_PRESS_MS = 500
#: Folders whose videos VLC's video list shows.
VIDEO_FOLDERS = (VIDEOS_DATA, storage.under_sdcard("Download"))
#: Where the player draws the picture (left, top, right, bottom).
VIDEO_BOX = (0, 700, PIXEL_6.width, 700 + PIXEL_6.width * 3 // 4)


class VlcApp(VirtualApp):
    """VLC on the virtual phone: its media library and its list and player screens."""

    package = PACKAGE
    label = "VLC"
    activity = ACTIVITY
    version_name = "3.5.4"

    def __init__(self) -> None:
        self._reset()

    def _reset(self) -> None:
        self.tab = "Video"
        self.offset = 0
        self.selected: list[str] = []  # video paths, in the order tapped
        self.dialog = False
        self.naming = ""
        self.name_focused = False
        self.open_playlist: int | None = None
        self.playing: str | None = None
        self.started: dt.datetime | None = None

    def install(self, phone: VirtualPhone) -> None:
        """Create ``vlc_media.db`` (VLC makes it on its first launch) and VLCVideos."""
        with closing(self._db(phone)) as conn:
            conn.commit()
        phone.host_path(VIDEOS_DATA).mkdir(parents=True, exist_ok=True)
        self._reset()

    def on_start(self, phone: VirtualPhone, intent: Intent) -> None:
        """A launch shows the videos."""
        self._reset()

    def on_stop(self, phone: VirtualPhone) -> None:
        """Force-stopped: nothing open next time."""
        self._reset()

    # --- data ----------------------------------------------------------------------------
    def _db(self, phone: VirtualPhone) -> sqlite3.Connection:
        return open_database(phone.host_path(MEDIA_DB), MEDIA_SCHEMA)

    def _videos(self, phone: VirtualPhone) -> list[str]:
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

    def _playlists(self, phone: VirtualPhone) -> list[tuple[int, str]]:
        with closing(self._db(phone)) as conn:
            rows = conn.execute("SELECT id_playlist, name FROM Playlist ORDER BY name").fetchall()
        return [(int(r[0]), str(r[1])) for r in rows]

    def _playlist_items(self, phone: VirtualPhone, playlist_id: int) -> list[str]:
        with closing(self._db(phone)) as conn:
            rows = conn.execute(
                "SELECT Media.filename FROM PlaylistMediaRelation JOIN Media "
                "ON Media.id_media = PlaylistMediaRelation.media_id "
                "WHERE playlist_id = ? ORDER BY position",
                (playlist_id,),
            ).fetchall()
        return [str(r[0]) for r in rows]

    def _entry(self, phone: VirtualPhone, path: str) -> tuple[str, str, int]:
        folder, name = path.rsplit("/", 1)
        return name, folder, media_files.mp4_duration_ms(phone.host_path(path).read_bytes())

    def _list(self, phone: VirtualPhone) -> list[tuple[str, str | int]]:
        if self.open_playlist is not None:
            items = self._playlist_items(phone, self.open_playlist)
            return [(name, f"#{i}") for i, name in enumerate(items)]
        if self.tab == "Video":
            return [(path.rsplit("/", 1)[1], path) for path in self._videos(phone)]
        return [(name, pid) for pid, name in self._playlists(phone)]

    # --- screens -------------------------------------------------------------------------
    def _nodes(self, phone: VirtualPhone) -> list[Node]:
        if self.playing is not None:
            title = self.playing.rsplit("/", 1)[1]
            return [
                *toolbar(title, True, title_right=_TITLE_RIGHT),
                Node("android.view.SurfaceView", resource_id=f"{PACKAGE}:id/player_surface",
                     bounds=VIDEO_BOX),
            ]  # fmt: skip
        if self.selected:
            nodes = toolbar(
                f"{len(self.selected)} selected",
                False,
                ["Add to playlist"],
                title_right=_TITLE_RIGHT,
            )
        elif self.open_playlist is not None:
            name = dict(self._playlists(phone)).get(self.open_playlist, "Playlist")
            nodes = toolbar(name, True, title_right=_TITLE_RIGHT)
        else:
            nodes = toolbar(self.tab, False, title_right=_TITLE_RIGHT)
        chosen = {p.rsplit("/", 1)[1] for p in self.selected}
        for i, (label, _) in enumerate(self._list(phone)[self.offset : self.offset + _ROWS]):
            nodes.append(
                list_item(
                    _LIST_TOP + i * _ROW_HEIGHT,
                    _ROW_HEIGHT,
                    label,
                    f"{PACKAGE}:id/container_list_item",
                    f"{PACKAGE}:id/ml_item_title",
                    text_left=60,
                    selected=label in chosen,
                )
            )
        return nodes + tab_bar(("Video", "Playlists"), self.tab) + self._dialog_nodes(phone)

    def _dialog_nodes(self, phone: VirtualPhone) -> list[Node]:
        if not self.dialog:
            return []
        nodes = [
            Node("android.widget.TextView", text="Add to playlist", bounds=(80, 500, 1000, 600))
        ]
        for i, (_, name) in enumerate(self._playlists(phone)[:8]):
            top = 620 + i * 120
            nodes.append(
                Node(
                    "android.widget.TextView",
                    text=name,
                    resource_id=f"{PACKAGE}:id/playlist_item",
                    bounds=(80, top, 1000, top + 110),
                    clickable=True,
                )
            )
        nodes.append(
            Node(
                "android.widget.EditText",
                text=self.naming,
                resource_id=f"{PACKAGE}:id/dialog_playlist_name",
                bounds=(80, 1620, 760, 1740),
                focused=self.name_focused,
            )
        )
        nodes.append(
            Node(
                "android.widget.Button",
                text="Create",
                bounds=(780, 1620, 1000, 1740),
                clickable=True,
            )
        )
        nodes.append(
            Node(
                "android.widget.Button",
                text="Cancel",
                bounds=(780, 1760, 1000, 1880),
                clickable=True,
            )
        )
        return nodes

    def screen(self, phone: VirtualPhone) -> Screen:
        """A list, the dialog, or the player with the picture of the moment."""
        hierarchy = render(PACKAGE, self._nodes(phone))
        if self.playing is None or self.started is None:
            return Screen(hierarchy=hierarchy)
        data = phone.host_path(self.playing).read_bytes()
        elapsed = int((phone.now() - self.started).total_seconds() * 1000)
        frame = media_files.mp4_frame_at(data, max(0, elapsed))
        image = Image.new("RGB", PIXEL_6.size, "#000000")
        draw = ImageDraw.Draw(image)
        draw.text((160, 160), self.playing.rsplit("/", 1)[1], fill="#ffffff")
        if frame is not None:
            picture = Image.open(io.BytesIO(frame)).convert("RGB")
            left, top, right, bottom = VIDEO_BOX
            image.paste(picture.resize((right - left, bottom - top)), (left, top))
        out = io.BytesIO()
        image.save(out, format="PNG")
        return Screen(hierarchy=hierarchy, png=out.getvalue())

    # --- input ---------------------------------------------------------------------------
    def _row_key(self, phone: VirtualPhone, y: int) -> str | int | None:
        row = (y - _LIST_TOP) // _ROW_HEIGHT
        items = self._list(phone)
        if y < _LIST_TOP or not 0 <= row < _ROWS or self.offset + row >= len(items):
            return None
        return items[self.offset + row][1]

    def on_tap(self, phone: VirtualPhone, x: int, y: int) -> None:
        """Tabs, rows, the toolbar and the dialog."""
        if self.dialog:
            node = hit(self._dialog_nodes(phone), x, y)
            if node is not None:
                self._tap_dialog(phone, node)
            return
        node = hit(self._nodes(phone), x, y)
        if node is None:
            return
        if node.content_desc == "Navigate up":
            if self.playing is not None:
                self.playing = self.started = None
            else:
                self.open_playlist, self.offset = None, 0
        elif node.text in ("Video", "Playlists") and self.playing is None:
            self.tab, self.offset, self.open_playlist, self.selected = node.text, 0, None, []
        elif node.content_desc == "Add to playlist":
            self.dialog, self.naming, self.name_focused = True, "", False
        else:
            key = self._row_key(phone, y)
            if isinstance(key, int):
                self.open_playlist, self.offset = key, 0
            elif isinstance(key, str) and key.startswith("/"):
                if self.selected:
                    if key in self.selected:
                        self.selected.remove(key)
                    else:
                        self.selected.append(key)
                else:
                    self.playing, self.started = key, phone.now()

    def _tap_dialog(self, phone: VirtualPhone, node: Node) -> None:
        if node.resource_id.endswith("dialog_playlist_name"):
            self.name_focused = True
            return
        if node.text == "Cancel":
            self.dialog = False
            return
        entries = [self._entry(phone, path) for path in self.selected]
        with closing(self._db(phone)) as conn:
            if node.text == "Create" and self.naming.strip():
                insert_playlist(conn, self.naming.strip(), entries)
            elif node.resource_id.endswith("playlist_item"):
                playlist_id = next(
                    (pid for pid, name in self._playlists(phone) if name == node.text), None
                )
                if playlist_id is None:
                    return
                for name, folder, duration in entries:
                    append_to_playlist(conn, playlist_id, name, folder, duration)
            else:
                return
            conn.commit()
        self.dialog, self.selected = False, []

    def on_swipe(
        self, phone: VirtualPhone, x1: int, y1: int, x2: int, y2: int, duration_ms: int
    ) -> None:
        """A long press selects a video; a vertical swipe scrolls the list."""
        if self.dialog or self.playing is not None:
            return
        if (x1, y1) == (x2, y2) and duration_ms >= _LONG_PRESS_MS:
            key = self._row_key(phone, y1)
            if isinstance(key, str) and key.startswith("/") and key not in self.selected:
                self.selected.append(key)
        elif abs(y2 - y1) > abs(x2 - x1):
            most = max(0, len(self._list(phone)) - _ROWS)
            self.offset = min(most, max(0, self.offset + (y1 - y2) // _ROW_HEIGHT))

    def on_text(self, phone: VirtualPhone, text: str) -> None:
        """Typing goes to the new playlist's name."""
        if self.dialog and self.name_focused:
            self.naming += text

    def on_key(self, phone: VirtualPhone, keycode: str) -> None:
        """Delete removes the name's last character."""
        if self.dialog and keycode in KEY_DEL:
            self.naming = self.naming[:-1]


def virtual_apps() -> list[VirtualApp]:
    """A fresh VLC model."""
    return [VlcApp()]
