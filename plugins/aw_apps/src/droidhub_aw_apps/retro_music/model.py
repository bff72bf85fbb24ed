"""Retro Music's storage: package, paths, database schemas, and rows as the app writes them.

Shared by the tasks (:mod:`droidhub_aw_apps.retro_music.tasks`), which write through the
Device, and the app's screens on the virtual phone
(:mod:`droidhub_aw_apps.retro_music.screens`), which write the files directly.
"""

from __future__ import annotations

import sqlite3

from pydantic import BaseModel, ConfigDict

from droidhub import AppSpec
from droidhub_aw_apps.common import media_files, storage

PACKAGE = "code.name.monkey.retromusic"
ACTIVITY = ".activities.MainActivity"
PLAYLIST_DB = f"/data/data/{PACKAGE}/databases/playlist.db"
PLAYBACK_DB = f"/data/data/{PACKAGE}/databases/music_playback_state.db"
MUSIC_DATA = storage.under_sdcard("Music")
DOWNLOAD_DATA = storage.under_sdcard("Download")

#: Room's schema of ``playlist.db`` (the tables the tasks use, and Room's bookkeeping).
PLAYLIST_SCHEMA = """
CREATE TABLE IF NOT EXISTS PlaylistEntity (
    playlist_id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    playlist_name TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS SongEntity (
    song_key INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    playlist_creator_id INTEGER NOT NULL, id INTEGER NOT NULL, title TEXT NOT NULL,
    track_number INTEGER NOT NULL, year INTEGER NOT NULL, duration INTEGER NOT NULL,
    data TEXT NOT NULL, date_modified INTEGER NOT NULL, album_id INTEGER NOT NULL,
    album_name TEXT NOT NULL, artist_id INTEGER NOT NULL, artist_name TEXT NOT NULL,
    composer TEXT, album_artist TEXT);
CREATE UNIQUE INDEX IF NOT EXISTS index_SongEntity_playlist_creator_id_id
    ON SongEntity (playlist_creator_id, id);
CREATE TABLE IF NOT EXISTS HistoryEntity (
    id INTEGER PRIMARY KEY NOT NULL, title TEXT NOT NULL, track_number INTEGER NOT NULL,
    year INTEGER NOT NULL, duration INTEGER NOT NULL, data TEXT NOT NULL,
    date_modified INTEGER NOT NULL, album_id INTEGER NOT NULL, album_name TEXT NOT NULL,
    artist_id INTEGER NOT NULL, artist_name TEXT NOT NULL, composer TEXT,
    album_artist TEXT, time_played INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS PlayCountEntity (
    id INTEGER PRIMARY KEY NOT NULL, title TEXT NOT NULL, track_number INTEGER NOT NULL,
    year INTEGER NOT NULL, duration INTEGER NOT NULL, data TEXT NOT NULL,
    date_modified INTEGER NOT NULL, album_id INTEGER NOT NULL, album_name TEXT NOT NULL,
    artist_id INTEGER NOT NULL, artist_name TEXT NOT NULL, composer TEXT,
    album_artist TEXT, time_played INTEGER NOT NULL, play_count INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS room_master_table (id INTEGER PRIMARY KEY, identity_hash TEXT);
"""

_QUEUE_COLUMNS = """(
    _id INT NOT NULL, title STRING NOT NULL, track INT NOT NULL, year INT NOT NULL,
    duration LONG NOT NULL, _data STRING NOT NULL, date_modified LONG NOT NULL,
    album_id INT NOT NULL, album STRING NOT NULL, artist_id INT NOT NULL,
    artist STRING NOT NULL, composer STRING, album_artist STRING)"""

#: ``music_playback_state.db``: the queue as playing and as it was before shuffling.
PLAYBACK_SCHEMA = f"""
CREATE TABLE IF NOT EXISTS playing_queue {_QUEUE_COLUMNS};
CREATE TABLE IF NOT EXISTS original_playing_queue {_QUEUE_COLUMNS};
"""


class Song(BaseModel):
    """A song file as its tags describe it."""

    model_config = ConfigDict(frozen=True)

    media_id: int
    title: str
    artist: str
    duration_ms: int
    path: str


def song_title(file_name: str) -> str:
    """The title AndroidWorld tags a song file with: its name up to the first dot."""
    return file_name.split(".")[0]


def media_id(file_name: str) -> int:
    """A stable stand-in for the MediaStore id the scanner gives a song file."""
    return 1000 + sum(ord(c) * (i + 1) for i, c in enumerate(file_name)) % 100000


def song_from_file(file_name: str, data: bytes) -> Song:
    """The song ``Music/file_name`` whose bytes are ``data``."""
    tags = media_files.mp3_tags(data)
    return Song(
        media_id=media_id(file_name),
        title=tags.get("TIT2", song_title(file_name)),
        artist=tags.get("TPE1", ""),
        duration_ms=int(tags.get("TLEN", "0")),
        path=f"{MUSIC_DATA}/{file_name}",
    )


def insert_playlist(conn: sqlite3.Connection, name: str, songs: list[Song]) -> None:
    """Add a playlist with ``songs`` in order to ``playlist.db``, as Retro Music does."""
    cur = conn.execute("INSERT INTO PlaylistEntity (playlist_name) VALUES (?)", (name,))
    for song in songs:
        append_to_playlist(conn, int(cur.lastrowid or 0), song)


def append_to_playlist(conn: sqlite3.Connection, playlist_id: int, song: Song) -> None:
    """Add ``song`` at the end of playlist ``playlist_id``."""
    conn.execute(
        "INSERT INTO SongEntity (playlist_creator_id, id, title, track_number, year, "
        "duration, data, date_modified, album_id, album_name, artist_id, artist_name, "
        "composer, album_artist) VALUES (?, ?, ?, 0, 0, ?, ?, 0, 0, 'Music', 0, ?, '', '')",
        (playlist_id, song.media_id, song.title, song.duration_ms, song.path, song.artist),
    )


def replace_queue(conn: sqlite3.Connection, songs: list[Song]) -> None:
    """Make ``songs`` the playing queue (and the unshuffled queue)."""
    for table in ("playing_queue", "original_playing_queue"):
        conn.execute(f"DELETE FROM {table}")
        for song in songs:
            conn.execute(
                f"INSERT INTO {table} (_id, title, track, year, duration, _data, "
                "date_modified, album_id, album, artist_id, artist, composer, album_artist) "
                "VALUES (?, ?, 0, 0, ?, ?, 0, 0, 'Music', 0, ?, '', '')",
                (song.media_id, song.title, song.duration_ms, song.path, song.artist),
            )


def m3u_text(songs: list[Song]) -> str:
    """An extended M3U playlist, as Retro Music exports one."""
    lines = ["#EXTM3U"]
    for song in songs:
        lines.append(f"#EXTINF:{song.duration_ms // 1000},{song.artist} - {song.title}")
        lines.append(song.path)
    return "\n".join(lines) + "\n"


APPS = (
    AppSpec(
        PACKAGE,
        ACTIVITY,
        names=("retro music", "retro", "retro player"),
        label="Retro Music",
        data_paths=(PLAYLIST_DB, PLAYBACK_DB, MUSIC_DATA),
    ),
)
