"""Retro Music (``code.name.monkey.retromusic``, 6.0.3 as AndroidWorld pins).

Retro Music keeps playlists in its Room database ``databases/playlist.db``
(``PlaylistEntity`` and one ``SongEntity`` row per song of a playlist, ordered by
``song_key``) and the playing queue in ``databases/music_playback_state.db``
(``playing_queue``). Songs are MP3 files under ``/storage/emulated/0/Music`` whose
title tag is the song's name. Tasks are scored from those rows, as AndroidWorld does.

Set-up saves both databases and the Music folder and tear-down puts them back.
"""

from __future__ import annotations

import random
import sqlite3
from typing import TYPE_CHECKING, ClassVar

from droidhub import Evaluator, Footprint, StateRefs, TaskEval
from droidhub_aw_apps.common import fake_data, media_files, playlists, storage
from droidhub_aw_apps.common.playlists import PlaylistParams
from droidhub_aw_apps.common.sqlite_files import ensure_database
from droidhub_aw_apps.common.storage_backup import FileSnapshot, FolderSnapshot
from droidhub_aw_apps.retro_music.model import (
    DOWNLOAD_DATA,
    MUSIC_DATA,
    PACKAGE,
    PLAYBACK_DB,
    PLAYBACK_SCHEMA,
    PLAYLIST_DB,
    PLAYLIST_SCHEMA,
    Song,
    insert_playlist,
    m3u_text,
    replace_queue,
    song_from_file,
    song_title,
)

if TYPE_CHECKING:
    from droidhub import Device, Env

#: Song names AndroidWorld draws from.
SONGS: tuple[str, ...] = (
    "My Heart is Yours", "Endless Summer", "Whispering Wind", "Lost in the Echo",
    "Chasing Shadows", "Night Drive", "Echoes of Silence", "Bright Lights", "Moments",
    "Forever Young", "Rising Sun", "Silent Dreams", "City of Stars", "Moonlight Sonata",
    "Through the Storm", "Return to Paradise", "Voices in the Hall", "Under the Sky",
    "Dreamer's Awake", "Serenity Now", "Falling Feathers", "Orbiting Stars", "Reflections",
    "Beyond the Horizon", "Golden Days", "Twilight Calling", "Heartbeat Away",
    "Mystic Journey", "Hidden Paths", "Distant Memories", "Path to Zenith", "Eternal Flame",
    "Shadows of Time", "Whispers of the Past", "Waves of Change",
)  # fmt: skip

#: Playlist themes AndroidWorld names playlists after (``Theme NNN``).
PLAYLIST_THEMES: tuple[str, ...] = (
    "Chill Beats", "Morning Vibes", "Workout Energy", "Study Sessions", "Golden Oldies",
    "Indie Gems", "Rock Anthems", "Electronic Waves", "Jazz Classics", "Hip Hop Hits",
    "Country Roads", "Classical Moods", "Pop Essentials", "Latin Grooves", "Reggae Rhythms",
    "Soulful Sounds", "Blues Vibes", "Metal Mayhem", "Party Mix", "Tranquil Tunes",
    "R&B Favorites", "Folk Inspirations", "Disco Nights", "Global Beats", "Sleepytime Songs",
    "Acoustic Sessions", "Vintage Vinyl", "Instrumental Study", "Coffeehouse Jazz",
    "Rainy Day Relax", "Gym Pump Up", "Retro Pop Hits", "Indie Rock Roadtrip",
    "Electronic Chillout", "Classical Concentration", "Jazz Lounge", "Hip Hop Bangers",
    "Country Classics", "Classical Opera Highlights", "Pop Punk Power", "Latin Dance Party",
    "Reggae Sunsplash", "Soul Classics", "Blues Break", "Party Starters", "Tranquil Ambient",
    "R&B Grooves", "Folk Favourites", "Disco Fever", "World Music Tour",
)  # fmt: skip

_MIN_SONG_MS = 3 * 60 * 1000
_MAX_SONG_MS = 5 * 60 * 1000
_PLAYLIST_DURATION_MS = (45 * 60 * 1000, 50 * 60 * 1000)

# --- reading the databases --------------------------------------------------------------

_PLAYLIST_QUERY = """
SELECT pe.playlist_name AS playlist_name, se.title AS title, se.duration AS duration,
       ROW_NUMBER() OVER (PARTITION BY pe.playlist_name ORDER BY se.song_key) - 1 AS position
FROM PlaylistEntity pe JOIN SongEntity se ON pe.playlist_id = se.playlist_creator_id
ORDER BY pe.playlist_name, position
"""


def playlist_rows(device: Device) -> list[playlists.PlaylistRow]:
    """Every song of every playlist, numbered in playlist order."""
    return [
        playlists.PlaylistRow(r["playlist_name"], r["title"], int(r["position"]), r["duration"])
        for r in device.query_db(PLAYLIST_DB, _PLAYLIST_QUERY)
    ]


def playing_queue(device: Device) -> list[str]:
    """The titles in the playing queue, in order (none before the app first played)."""
    if not device.exists(PLAYBACK_DB):
        return []
    return [r["title"] for r in device.query_db(PLAYBACK_DB, "SELECT title FROM playing_queue")]


def retro_playlist_matches(env: Env, name: str, titles: list[str]) -> float:
    """1.0 when Retro Music's playlist ``name`` holds exactly ``titles``, in order."""
    return 1.0 if playlists.playlist_matches(playlist_rows(env.device), name, titles) else 0.0


def retro_queue_is(env: Env, titles: list[str]) -> float:
    """1.0 when Retro Music's playing queue is exactly ``titles``, in order."""
    return 1.0 if playing_queue(env.device) == titles else 0.0


def retro_playlist_duration_between(env: Env, name: str, low_ms: int, high_ms: int) -> float:
    """1.0 when every playlist song belongs to ``name`` and they last low..high ms."""
    rows = playlist_rows(env.device)
    if any(row.playlist_name != name for row in rows):
        return 0.0
    total = sum(row.duration_ms or 0 for row in rows)
    return 1.0 if low_ms <= total <= high_ms else 0.0


RETRO_PLAYLIST_MATCHES = Evaluator(
    "retro_playlist_matches",
    "a Retro Music playlist holds exactly the given songs in order",
    retro_playlist_matches,
)
RETRO_QUEUE_IS = Evaluator(
    "retro_queue_is", "Retro Music's playing queue is exactly the given songs", retro_queue_is
)
RETRO_PLAYLIST_DURATION_BETWEEN = Evaluator(
    "retro_playlist_duration_between",
    "the only Retro Music playlist lasts between two durations",
    retro_playlist_duration_between,
)

EVALUATORS = (RETRO_PLAYLIST_MATCHES, RETRO_QUEUE_IS, RETRO_PLAYLIST_DURATION_BETWEEN)


# --- songs on the device ----------------------------------------------------------------


def read_song(device: Device, file_name: str, media_id: int | None = None) -> Song:
    """The tags of ``Music/file_name``."""
    song = song_from_file(file_name, device.pull(f"{MUSIC_DATA}/{file_name}"))
    return song if media_id is None else song.model_copy(update={"media_id": media_id})


def add_playlist(device: Device, name: str, songs: list[Song]) -> None:
    """Insert a playlist with ``songs`` in order, as Retro Music stores one."""
    device.write_db(PLAYLIST_DB, PACKAGE, lambda conn: insert_playlist(conn, name, songs))


def set_queue(device: Device, songs: list[Song]) -> None:
    """Make ``songs`` the playing queue (and the unshuffled queue)."""
    ensure_database(device, PLAYBACK_DB, PLAYBACK_SCHEMA)
    device.write_db(PLAYBACK_DB, PACKAGE, lambda conn: replace_queue(conn, songs))


# --- the tasks ------------------------------------------------------------------------


def random_playlist_name(rng: random.Random) -> str:
    """``Theme NNN``."""
    identifier = rng.randint(1, 999)
    return f"{rng.choice(PLAYLIST_THEMES)} {identifier}"


class RetroCreatePlaylist(TaskEval):
    """Create a playlist of given songs, in order."""

    template = (
        'Create a playlist in Retro Music titled "{playlist_name}" with the following songs, '
        "in order: {names}"
    )
    app_names = ("retro music",)
    complexity = 2.4
    difficulty = "medium"
    tags: ClassVar[tuple[str, ...]] = ("data_entry", "repetition", "parameterized")
    params: PlaylistParams
    footprint = Footprint(writes=StateRefs(paths=frozenset({PLAYLIST_DB, PLAYBACK_DB, MUSIC_DATA})))
    #: How many of the 15 drawn songs go into the playlist.
    playlist_size: ClassVar[tuple[int, int]] = (2, 5)

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> PlaylistParams:
        """15 distinct songs: the first few for the playlist, the rest as noise."""
        name = random_playlist_name(rng)
        files = [f"{title}.mp3" for title in rng.sample(SONGS, 15)]
        count = rng.randint(*cls.playlist_size)
        return PlaylistParams(
            playlist_name=name, files=tuple(files[:count]), noise_files=tuple(files[count:])
        )

    @property
    def goal(self) -> str:
        """The instruction, with the songs' names in order."""
        names = ", ".join(song_title(f) for f in self.params.files)
        return self.template.format(playlist_name=self.params.playlist_name, names=names)

    def titles(self) -> list[str]:
        """The songs' titles, in playlist order."""
        return [song_title(f) for f in self.params.files]

    def song_durations(self, rng: random.Random) -> dict[str, int]:
        """The length of every song file, in ms."""
        return {
            f: rng.randint(_MIN_SONG_MS, _MAX_SONG_MS)
            for f in (*self.params.files, *self.params.noise_files)
        }

    def initialize_task(self, env: Env) -> None:
        """Save the databases and Music; empty the playlists; write every song."""
        super().initialize_task(env)
        dev = env.device
        self._files = [FileSnapshot.take(dev, PLAYLIST_DB), FileSnapshot.take(dev, PLAYBACK_DB)]
        self._music = FolderSnapshot.take(dev, MUSIC_DATA)
        ensure_database(dev, PLAYLIST_DB, PLAYLIST_SCHEMA)
        dev.write_db(PLAYLIST_DB, PACKAGE, _clear_playlists)
        storage.clear_folder(dev, MUSIC_DATA)
        rng = fake_data.setup_rng(self)
        songs: dict[str, bytes] = {}
        for file_name, duration in self.song_durations(rng).items():
            artist = rng.choice(fake_data.GIVEN_NAMES)
            song = media_files.mp3_song(song_title(file_name), artist, duration)
            songs[f"{MUSIC_DATA}/{file_name}"] = song
        dev.push_many(songs)  # one sync connection and one touch for all of them
        media_files.scan_media(dev, MUSIC_DATA)
        dev.force_stop(PACKAGE)

    def is_successful(self, env: Env) -> float:
        """The playlist holds exactly the songs, in order."""
        return RETRO_PLAYLIST_MATCHES(env, name=self.params.playlist_name, titles=self.titles())

    def songs(self, env: Env, files: tuple[str, ...] | None = None) -> list[Song]:
        """The playlist's songs as the files on the device describe them."""
        return [read_song(env.device, f) for f in files or self.params.files]

    def oracle(self, env: Env) -> None:
        """Insert the playlist rows."""
        add_playlist(env.device, self.params.playlist_name, self.songs(env))

    def tear_down(self, env: Env) -> None:
        """Put back the databases and the Music folder."""
        for snap in getattr(self, "_files", []):
            snap.restore(env.device, PACKAGE)
        if hasattr(self, "_music"):
            self._music.restore(env.device)
        super().tear_down(env)


def _clear_playlists(conn: sqlite3.Connection) -> None:
    conn.execute("DELETE FROM PlaylistEntity")
    conn.execute("DELETE FROM SongEntity")


class RetroPlayingQueue(RetroCreatePlaylist):
    """Put given songs in the playing queue, in order."""

    template = "Add the following songs, in order, {names} to my playing queue in Retro music."
    complexity = 3.2
    difficulty = "easy"
    tags = ("parameterized",)

    @property
    def goal(self) -> str:
        """The instruction, with the songs' names in order."""
        names = ", ".join(self.titles())
        return self.template.format(names=names)

    def is_successful(self, env: Env) -> float:
        """The playing queue is exactly the songs, in order."""
        return RETRO_QUEUE_IS(env, titles=self.titles())

    def oracle(self, env: Env) -> None:
        """Write the queue."""
        set_queue(env.device, self.songs(env))


class RetroSavePlaylist(RetroCreatePlaylist):
    """Create a playlist, then export it to Download as ``<name>.m3u``."""

    template = (
        'Create a playlist in Retro Music titled "{playlist_name}" with the following songs, '
        "in order: {names}. Then export the playlist to the Downloads directory on the device."
    )
    complexity = 5.0
    difficulty = "hard"
    tags = ("search", "repetition", "parameterized")
    footprint = Footprint(
        writes=StateRefs(paths=frozenset({PLAYLIST_DB, PLAYBACK_DB, MUSIC_DATA, DOWNLOAD_DATA}))
    )

    def export_path(self) -> str:
        """Where the exported playlist must appear."""
        return f"{DOWNLOAD_DATA}/{self.params.playlist_name}.m3u"

    def initialize_task(self, env: Env) -> None:
        """As for creating a playlist; also save the Download folder."""
        self._download = FolderSnapshot.take(env.device, DOWNLOAD_DATA)
        super().initialize_task(env)

    def is_successful(self, env: Env) -> float:
        """Half for the playlist, half for the exported file (AndroidWorld's split)."""
        exported = 1.0 if env.device.exists(self.export_path()) else 0.0
        return (super().is_successful(env) + exported) / 2.0

    def oracle(self, env: Env) -> None:
        """Insert the playlist rows and write the M3U file."""
        songs = self.songs(env)
        add_playlist(env.device, self.params.playlist_name, songs)
        env.device.write_text(self.export_path(), m3u_text(songs))

    def tear_down(self, env: Env) -> None:
        """Also put back the Download folder."""
        if hasattr(self, "_download"):
            self._download.restore(env.device)
        super().tear_down(env)


def _split_total(rng: random.Random, total: int, parts: int) -> list[int]:
    # Cut [0, total] at parts - 1 random points: the pieces always add up to total.
    cuts = sorted(rng.randint(0, total) for _ in range(parts - 1))
    bounds = [0, *cuts, total]
    return [bounds[i + 1] - bounds[i] for i in range(parts)]


class RetroPlaylistDuration(RetroCreatePlaylist):
    """Build a playlist lasting 45 to 50 minutes from the given songs."""

    template = (
        'Create a playlist in Retro Music titled "{playlist_name}" with a duration between 45 '
        "and 50 minutes using the provided songs."
    )
    complexity = 3.0
    difficulty = "medium"
    tags = ("math_counting", "complex_ui_understanding", "repetition", "parameterized")
    playlist_size = (9, 11)

    @property
    def goal(self) -> str:
        """The instruction with the playlist's name."""
        return self.template.format(playlist_name=self.params.playlist_name)

    def song_durations(self, rng: random.Random) -> dict[str, int]:
        """The playlist songs add up to 47.5 minutes, so an answer always exists."""
        split = _split_total(rng, int(47.5 * 60 * 1000), len(self.params.files))
        durations = dict(zip(self.params.files, (max(1, d) for d in split), strict=True))
        for f in self.params.noise_files:
            durations[f] = rng.randint(_MIN_SONG_MS, _MAX_SONG_MS)
        return durations

    def is_successful(self, env: Env) -> float:
        """Only this playlist has songs, and they last 45 to 50 minutes in all."""
        low, high = _PLAYLIST_DURATION_MS
        return RETRO_PLAYLIST_DURATION_BETWEEN(
            env, name=self.params.playlist_name, low_ms=low, high_ms=high
        )


TASKS: tuple[type[TaskEval], ...] = (
    RetroCreatePlaylist,
    RetroPlayingQueue,
    RetroPlaylistDuration,
    RetroSavePlaylist,
)
