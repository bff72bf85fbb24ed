"""VLC for Android (``org.videolan.vlc``, 3.5.4 as AndroidWorld pins).

VLC's media library lives in ``app_db/vlc_media.db``: ``Media`` (one row per file it
indexed), ``Playlist`` and ``PlaylistMediaRelation`` (which media, at which position).
Videos are MP4 files under ``/storage/emulated/0/VLCVideos``. Tasks are scored from
the playlist rows joined with the media file names, as AndroidWorld does.

Set-up saves the database and the videos folder; tear-down puts them back.
"""

from __future__ import annotations

import random
import sqlite3
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict

from droidhub import AppSpec, Evaluator, Footprint, StateRefs, TaskEval
from droidhub.virtual.app import VirtualApp
from droidhub_aw_apps import fake_data, media_files, playlists, storage
from droidhub_aw_apps.sqlite_files import ensure_database
from droidhub_aw_apps.storage_backup import FileSnapshot, FolderSnapshot

if TYPE_CHECKING:
    from droidhub import Device, Env
    from droidhub.virtual.phone import VirtualPhone

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

_MEDIA_TYPE_VIDEO = 1

#: Playlist name parts AndroidWorld combines (``Theme Qualifier``).
PLAYLIST_THEMES: tuple[str, ...] = (
    "Adventure", "Comedy", "Daily Routines", "Documentary Insights", "Epic Moments",
    "Family Gatherings", "Fitness Challenges", "Gaming Sessions", "How To",
    "Mystery and Thrills", "Recipe Collection", "Road Trips", "Summer Highlights",
    "Tech Reviews", "Travel Guide", "Ultimate Fails",
)  # fmt: skip
PLAYLIST_QUALIFIERS: tuple[str, ...] = (
    "Essentials", "Favorites", "Marathon", "Playlist", "Series", "Specials",
    "Ultimate Collection",
)  # fmt: skip

_PLAYLIST_QUERY = """
SELECT Playlist.name AS playlist_name, Media.filename AS filename,
       PlaylistMediaRelation.position AS position
FROM PlaylistMediaRelation
JOIN Playlist ON Playlist.id_playlist = PlaylistMediaRelation.playlist_id
JOIN Media ON Media.id_media = PlaylistMediaRelation.media_id
ORDER BY Playlist.name, PlaylistMediaRelation.position
"""


def playlist_rows(device: Device) -> list[playlists.PlaylistRow]:
    """Every item of every VLC playlist with its file name and position."""
    return [
        playlists.PlaylistRow(r["playlist_name"], r["filename"], int(r["position"]))
        for r in device.query_db(MEDIA_DB, _PLAYLIST_QUERY)
    ]


def vlc_playlist_matches(env: Env, name: str, files: list[str]) -> float:
    """1.0 when VLC's playlist ``name`` holds exactly ``files``, in order."""
    return 1.0 if playlists.playlist_matches(playlist_rows(env.device), name, files) else 0.0


VLC_PLAYLIST_MATCHES = Evaluator(
    "vlc_playlist_matches",
    "a VLC playlist holds exactly the given files in order",
    vlc_playlist_matches,
)
EVALUATORS = (VLC_PLAYLIST_MATCHES,)

APPS = (
    AppSpec(
        PACKAGE,
        ACTIVITY,
        names=("vlc", "vlc app", "vlc player"),
        label="VLC",
        data_paths=(MEDIA_DB, VIDEOS_DATA),
    ),
)


class VlcApp(VirtualApp):
    """VLC on the virtual phone: its media library database, and the videos folder."""

    package = PACKAGE
    label = "VLC"
    activity = ACTIVITY
    version_name = "3.5.4"

    def install(self, phone: VirtualPhone) -> None:
        """Create ``vlc_media.db`` (VLC makes it on its first launch) and VLCVideos."""
        host = phone.host_path(MEDIA_DB)
        host.parent.mkdir(parents=True, exist_ok=True)
        with sqlite3.connect(host) as conn:
            conn.executescript(MEDIA_SCHEMA)
        conn.close()
        phone.host_path(VIDEOS_DATA).mkdir(parents=True, exist_ok=True)


def virtual_apps() -> list[VirtualApp]:
    """A fresh VLC model."""
    return [VlcApp()]


def random_playlist_name(rng: random.Random) -> str:
    """``Theme Qualifier``."""
    return f"{rng.choice(PLAYLIST_THEMES)} {rng.choice(PLAYLIST_QUALIFIERS)}"


def clear_library(conn: sqlite3.Connection) -> None:
    """Empty the playlists and the media index (VLC re-indexes files when it starts)."""
    for table in ("PlaylistMediaRelation", "Playlist", "Media"):
        conn.execute(f"DELETE FROM {table}")


def add_playlist(device: Device, name: str, files: list[str]) -> None:
    """Index ``files`` (in VLCVideos) where needed and add a playlist of them, in order."""
    durations = {f: media_files.mp4_duration_ms(device.pull(f"{VIDEOS_DATA}/{f}")) for f in files}

    def change(conn: sqlite3.Connection) -> None:
        cur = conn.execute(
            "INSERT INTO Playlist (name, creation_date, nb_video, duration) VALUES (?, ?, ?, ?)",
            (name, 1697384040, len(files), sum(durations.values())),
        )
        playlist_id = cur.lastrowid
        for position, file_name in enumerate(files):
            row = conn.execute(
                "SELECT id_media FROM Media WHERE filename = ?", (file_name,)
            ).fetchone()
            if row is None:
                row = (
                    conn.execute(
                        "INSERT INTO Media (type, subtype, duration, title, filename, "
                        "insertion_date) VALUES (?, 0, ?, ?, ?, ?)",
                        (
                            _MEDIA_TYPE_VIDEO,
                            durations[file_name],
                            file_name.rsplit(".", 1)[0],
                            file_name,
                            1697384040,
                        ),
                    ).lastrowid,
                )
            conn.execute(
                "UPDATE Media SET nb_playlists = nb_playlists + 1 WHERE id_media = ?", (row[0],)
            )
            conn.execute(
                "INSERT INTO PlaylistMediaRelation (media_id, mrl, playlist_id, position) "
                "VALUES (?, ?, ?, ?)",
                (row[0], f"file://{VIDEOS_DATA}/{file_name}", playlist_id, position),
            )

    device.write_db(MEDIA_DB, PACKAGE, change)


def write_videos(device: Device, rng: random.Random, files: tuple[str, ...]) -> None:
    """One video per file: a random 10-character text shown for 20..180 s."""
    for name in files:
        video = media_files.video_with_messages(
            [fake_data.random_string(rng, 10)], seconds_each=rng.randint(20, 180)
        )
        device.push(video, f"{VIDEOS_DATA}/{name}")


class PlaylistParams(BaseModel):
    """The playlist's name, its files in order, and other videos."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    playlist_name: str
    files: tuple[str, ...]
    noise_files: tuple[str, ...]


def _random_playlist(rng: random.Random) -> PlaylistParams:
    name = random_playlist_name(rng)
    count = rng.randint(2, 5)
    files = tuple(media_files.random_video_name(rng) for _ in range(count))
    noise = tuple(media_files.random_video_name(rng) for _ in range(count))
    return PlaylistParams(playlist_name=name, files=files, noise_files=noise)


class _VlcTask(TaskEval):
    """Set-up saves VLC's database and VLCVideos, then empties both."""

    app_names = ("vlc",)
    footprint = Footprint(writes=StateRefs(paths=frozenset({MEDIA_DB, VIDEOS_DATA})))

    def initialize_task(self, env: Env) -> None:
        """Save and empty the media library and the videos folder."""
        super().initialize_task(env)
        self._db = FileSnapshot.take(env.device, MEDIA_DB)
        self._videos = FolderSnapshot.take(env.device, VIDEOS_DATA)
        ensure_database(env.device, MEDIA_DB, MEDIA_SCHEMA)
        env.device.write_db(MEDIA_DB, PACKAGE, clear_library)
        storage.clear_folder(env.device, VIDEOS_DATA)
        self.rng = fake_data.setup_rng(self)

    def tear_down(self, env: Env) -> None:
        """Put back the database and the videos."""
        if hasattr(self, "_db"):
            self._db.restore(env.device, PACKAGE)
            self._videos.restore(env.device)
        super().tear_down(env)


class VlcCreatePlaylist(_VlcTask):
    """Create a playlist of given videos, in order."""

    template = (
        'Create a playlist titled "{playlist_name}" with the following files in VLC (located '
        "in Internal Memory/VLCVideos), in order: {files}"
    )
    complexity = 2.8
    difficulty = "medium"
    tags = ("data_edit", "repetition", "parameterized")
    Params = PlaylistParams
    params: PlaylistParams

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> PlaylistParams:
        """2..5 videos for the playlist and as many noise videos."""
        return _random_playlist(rng)

    @property
    def goal(self) -> str:
        """The instruction with the files comma-separated."""
        return self.template.format(
            playlist_name=self.params.playlist_name, files=", ".join(self.params.files)
        )

    def initialize_task(self, env: Env) -> None:
        """The videos and the noise videos."""
        super().initialize_task(env)
        write_videos(env.device, self.rng, self.params.files + self.params.noise_files)
        media_files.scan_media(env.device, VIDEOS_DATA)

    def is_successful(self, env: Env) -> float:
        """The playlist holds exactly the files, in order."""
        return VLC_PLAYLIST_MATCHES(
            env, name=self.params.playlist_name, files=list(self.params.files)
        )

    def oracle(self, env: Env) -> None:
        """Index the files and insert the playlist."""
        add_playlist(env.device, self.params.playlist_name, list(self.params.files))


class TwoPlaylistsParams(BaseModel):
    """Two playlists: names, files in order, and noise videos of each."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    playlist_name1: str
    files1: tuple[str, ...]
    noise_files1: tuple[str, ...]
    playlist_name2: str
    files2: tuple[str, ...]
    noise_files2: tuple[str, ...]


class VlcCreateTwoPlaylists(_VlcTask):
    """Create two playlists; each is half of the reward."""

    template = (
        'Create a playlist titled "{playlist_name1}" with the following files in VLC (located '
        "in Internal Memory/VLCVideos), in order: {files1}. And then, create a playlist titled "
        '"{playlist_name2}" with the following files in VLC, in order: {files2}.'
    )
    complexity = 4.8
    difficulty = "medium"
    tags = ("data_entry", "requires_setup", "parameterized")
    Params = TwoPlaylistsParams
    params: TwoPlaylistsParams

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> TwoPlaylistsParams:
        """Two independent playlists."""
        one, two = _random_playlist(rng), _random_playlist(rng)
        return TwoPlaylistsParams(
            playlist_name1=one.playlist_name,
            files1=one.files,
            noise_files1=one.noise_files,
            playlist_name2=two.playlist_name,
            files2=two.files,
            noise_files2=two.noise_files,
        )

    @property
    def goal(self) -> str:
        """The instruction with both file lists."""
        p = self.params
        return self.template.format(
            playlist_name1=p.playlist_name1,
            files1=", ".join(p.files1),
            playlist_name2=p.playlist_name2,
            files2=", ".join(p.files2),
        )

    def initialize_task(self, env: Env) -> None:
        """Every video of both playlists, and both sets of noise videos."""
        super().initialize_task(env)
        p = self.params
        write_videos(env.device, self.rng, p.files1 + p.noise_files1 + p.files2 + p.noise_files2)
        media_files.scan_media(env.device, VIDEOS_DATA)

    def is_successful(self, env: Env) -> float:
        """Half for each playlist holding exactly its files in order."""
        p = self.params
        first = VLC_PLAYLIST_MATCHES(env, name=p.playlist_name1, files=list(p.files1))
        second = VLC_PLAYLIST_MATCHES(env, name=p.playlist_name2, files=list(p.files2))
        return (first + second) / 2

    def oracle(self, env: Env) -> None:
        """Insert both playlists."""
        add_playlist(env.device, self.params.playlist_name1, list(self.params.files1))
        add_playlist(env.device, self.params.playlist_name2, list(self.params.files2))


TASKS: tuple[type[TaskEval], ...] = (VlcCreatePlaylist, VlcCreateTwoPlaylists)
