"""VLC's storage: package, paths, the media library schema, and rows as VLC writes them.

Shared by the tasks (:mod:`droidhub_aw_apps.vlc.tasks`), which write through the Device, and
VLC's screens on the virtual phone (:mod:`droidhub_aw_apps.vlc.screens`), which write the
database directly.
"""

from __future__ import annotations

import sqlite3

from droidhub import AppSpec
from droidhub_aw_apps.common import storage

PACKAGE = "org.videolan.vlc"
ACTIVITY = ".gui.MainActivity"
MEDIA_DB = f"/data/data/{PACKAGE}/app_db/vlc_media.db"
#: Where AndroidWorld puts the videos (``Internal Memory/VLCVideos`` in VLC's browser).
VIDEOS_DATA = storage.under_sdcard("VLCVideos")

#: The medialibrary tables the tasks use (a subset of their columns that VLC fills).
MEDIA_SCHEMA = """
CREATE TABLE IF NOT EXISTS Media (
    id_media INTEGER PRIMARY KEY AUTOINCREMENT, type INTEGER, subtype INTEGER,
    duration INTEGER DEFAULT -1, last_position REAL DEFAULT -1, last_time INTEGER DEFAULT -1,
    play_count UNSIGNED INTEGER, last_played_date REAL, insertion_date INTEGER,
    release_date INTEGER, title TEXT COLLATE NOCASE, filename TEXT COLLATE NOCASE,
    is_favorite BOOLEAN NOT NULL DEFAULT 0, is_present BOOLEAN NOT NULL DEFAULT 1,
    device_id INTEGER, nb_playlists UNSIGNED INTEGER NOT NULL DEFAULT 0,
    folder_id UNSIGNED INTEGER, import_type UNSIGNED INTEGER NOT NULL DEFAULT 0,
    group_id UNSIGNED INTEGER, forced_title BOOLEAN NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS Playlist (
    id_playlist INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT COLLATE NOCASE,
    file_id UNSIGNED INT DEFAULT NULL, creation_date UNSIGNED INT NOT NULL, artwork_mrl TEXT,
    nb_video UNSIGNED INT NOT NULL DEFAULT 0, nb_audio UNSIGNED INT NOT NULL DEFAULT 0,
    nb_unknown UNSIGNED INT NOT NULL DEFAULT 0, duration UNSIGNED INT NOT NULL DEFAULT 0,
    is_favorite BOOLEAN NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS PlaylistMediaRelation (
    media_id INTEGER, mrl STRING, playlist_id INTEGER, position INTEGER,
    FOREIGN KEY(media_id) REFERENCES Media(id_media) ON DELETE SET NULL,
    FOREIGN KEY(playlist_id) REFERENCES Playlist(id_playlist) ON DELETE CASCADE);
CREATE INDEX IF NOT EXISTS playlist_position_pl_id_index
    ON PlaylistMediaRelation(playlist_id, position);
"""

#: ``Media.type`` of a video.
MEDIA_TYPE_VIDEO = 1

#: ``creation_date`` / ``insertion_date`` of rows droidhub writes: the phone's start date.
CREATED = 1697384040


def clear_library(conn: sqlite3.Connection) -> None:
    """Empty the playlists and the media index (VLC re-indexes files when it starts)."""
    for table in ("PlaylistMediaRelation", "Playlist", "Media"):
        conn.execute(f"DELETE FROM {table}")


def media_row(conn: sqlite3.Connection, file_name: str, duration_ms: int) -> int:
    """The ``id_media`` of the video ``file_name``, indexing it first if needed."""
    row = conn.execute("SELECT id_media FROM Media WHERE filename = ?", (file_name,)).fetchone()
    if row is not None:
        return int(row[0])
    cur = conn.execute(
        "INSERT INTO Media (type, subtype, duration, title, filename, insertion_date) "
        "VALUES (?, 0, ?, ?, ?, ?)",
        (MEDIA_TYPE_VIDEO, duration_ms, file_name.rsplit(".", 1)[0], file_name, CREATED),
    )
    return int(cur.lastrowid or 0)


def insert_playlist(conn: sqlite3.Connection, name: str, videos: list[tuple[str, str, int]]) -> int:
    """Add playlist ``name`` of ``videos`` (file name, folder, duration in ms), in order;
    return its ``id_playlist``."""
    cur = conn.execute("INSERT INTO Playlist (name, creation_date) VALUES (?, ?)", (name, CREATED))
    playlist_id = int(cur.lastrowid or 0)
    for file_name, folder, duration in videos:
        append_to_playlist(conn, playlist_id, file_name, folder, duration)
    return playlist_id


def append_to_playlist(
    conn: sqlite3.Connection, playlist_id: int, file_name: str, folder: str, duration_ms: int
) -> None:
    """Add a video at the end of playlist ``playlist_id``."""
    media_id = media_row(conn, file_name, duration_ms)
    (position,) = conn.execute(
        "SELECT COUNT(*) FROM PlaylistMediaRelation WHERE playlist_id = ?", (playlist_id,)
    ).fetchone()
    conn.execute(
        "INSERT INTO PlaylistMediaRelation (media_id, mrl, playlist_id, position) "
        "VALUES (?, ?, ?, ?)",
        (media_id, f"file://{folder}/{file_name}", playlist_id, position),
    )
    conn.execute("UPDATE Media SET nb_playlists = nb_playlists + 1 WHERE id_media = ?", (media_id,))
    conn.execute(
        "UPDATE Playlist SET nb_video = nb_video + 1, duration = duration + ? "
        "WHERE id_playlist = ?",
        (duration_ms, playlist_id),
    )


APPS = (
    AppSpec(
        PACKAGE,
        ACTIVITY,
        names=("vlc", "vlc app", "vlc player"),
        label="VLC",
        data_paths=(MEDIA_DB, VIDEOS_DATA),
    ),
)
