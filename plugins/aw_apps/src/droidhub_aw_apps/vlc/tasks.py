"""VLC for Android (``org.videolan.vlc``, 3.5.4 as AndroidWorld pins).

VLC's media library lives in ``app_db/vlc_media.db``: ``Media`` (one row per file it
indexed), ``Playlist`` and ``PlaylistMediaRelation`` (which media, at which position).
Videos are MP4 files under ``/storage/emulated/0/VLCVideos``. Tasks are scored from
the playlist rows joined with the media file names, as AndroidWorld does.

Set-up saves the database and the videos folder; tear-down puts them back.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict

from droidhub import Evaluator, Footprint, StateRefs, TaskEval
from droidhub_aw_apps.common import fake_data, media_files, playlists, storage
from droidhub_aw_apps.common.playlists import PlaylistParams
from droidhub_aw_apps.common.sqlite_files import ensure_database
from droidhub_aw_apps.common.storage_backup import FileSnapshot, FolderSnapshot
from droidhub_aw_apps.vlc.model import (
    MEDIA_DB,
    MEDIA_SCHEMA,
    PACKAGE,
    VIDEOS_DATA,
    clear_library,
    insert_playlist,
)

if TYPE_CHECKING:
    from droidhub import Device, Env

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


def random_playlist_name(rng: random.Random) -> str:
    """``Theme Qualifier``."""
    return f"{rng.choice(PLAYLIST_THEMES)} {rng.choice(PLAYLIST_QUALIFIERS)}"


def add_playlist(device: Device, name: str, files: list[str]) -> None:
    """Index ``files`` (in VLCVideos) where needed and add a playlist of them, in order."""
    videos = [
        (f, VIDEOS_DATA, media_files.mp4_duration_ms(device.pull(f"{VIDEOS_DATA}/{f}")))
        for f in files
    ]
    device.write_db(MEDIA_DB, PACKAGE, lambda conn: insert_playlist(conn, name, videos))


def write_videos(device: Device, rng: random.Random, files: tuple[str, ...]) -> None:
    """One video per file: a random 10-character text shown for 20..180 s (all pushed
    over one sync connection)."""
    videos: dict[str, bytes] = {}
    for name in files:
        video = media_files.video_with_messages(
            [fake_data.random_string(rng, 10)], seconds_each=rng.randint(20, 180)
        )
        videos[f"{VIDEOS_DATA}/{name}"] = video
    device.push_many(videos)


def _playlist_made(env: Env, playlist: PlaylistParams) -> float:
    """1.0 when VLC holds ``playlist`` with exactly its files, in order."""
    return VLC_PLAYLIST_MATCHES(env, name=playlist.playlist_name, files=list(playlist.files))


def _make_playlist(device: Device, playlist: PlaylistParams) -> None:
    """Index ``playlist``'s files and insert it, as a user's playlist would be."""
    add_playlist(device, playlist.playlist_name, list(playlist.files))


def _random_playlist(rng: random.Random) -> PlaylistParams:
    name = random_playlist_name(rng)
    count = rng.randint(2, 5)
    files = tuple(media_files.random_video_name(rng) for _ in range(count))
    noise = tuple(media_files.random_video_name(rng) for _ in range(count))
    return PlaylistParams(playlist_name=name, files=files, noise_files=noise)


class _VlcTask(TaskEval):
    """Create :meth:`playlists`: set-up saves VLC's database and VLCVideos, empties both,
    then writes every playlist's videos and noise videos; each playlist made is an equal
    share of the reward."""

    app_names = ("vlc",)
    footprint = Footprint(writes=StateRefs(paths=frozenset({MEDIA_DB, VIDEOS_DATA})))

    def playlists(self) -> tuple[PlaylistParams, ...]:
        """The playlists to create, in the goal's order."""
        raise NotImplementedError

    def initialize_task(self, env: Env) -> None:
        """Save and empty the media library and the videos folder, then write the videos."""
        super().initialize_task(env)
        self._db = FileSnapshot.take(env.device, MEDIA_DB)
        self._videos = FolderSnapshot.take(env.device, VIDEOS_DATA)
        ensure_database(env.device, MEDIA_DB, MEDIA_SCHEMA)
        env.device.write_db(MEDIA_DB, PACKAGE, clear_library)
        storage.clear_folder(env.device, VIDEOS_DATA)
        self.rng = fake_data.setup_rng(self)
        files = [f for p in self.playlists() for f in p.files + p.noise_files]
        write_videos(env.device, self.rng, tuple(files))
        media_files.scan_media(env.device, VIDEOS_DATA)

    def is_successful(self, env: Env) -> float:
        """The share of the playlists holding exactly their files, in order."""
        playlists = self.playlists()
        return sum(_playlist_made(env, p) for p in playlists) / len(playlists)

    def oracle(self, env: Env) -> None:
        """Index the files and insert each playlist."""
        for playlist in self.playlists():
            _make_playlist(env.device, playlist)

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

    def playlists(self) -> tuple[PlaylistParams, ...]:
        """The one playlist of the params."""
        return (self.params,)


class TwoPlaylistsParams(BaseModel):
    """Two playlists: names, files in order, and noise videos of each."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    playlist_name1: str
    files1: tuple[str, ...]
    noise_files1: tuple[str, ...]
    playlist_name2: str
    files2: tuple[str, ...]
    noise_files2: tuple[str, ...]

    @classmethod
    def of(cls, first: PlaylistParams, second: PlaylistParams) -> TwoPlaylistsParams:
        """The fields of ``first`` numbered 1, those of ``second`` numbered 2."""
        numbered = {
            f"{field}{n}": value
            for n, playlist in ((1, first), (2, second))
            for field, value in playlist.model_dump().items()
        }
        return cls.model_validate(numbered)

    def playlists(self) -> tuple[PlaylistParams, PlaylistParams]:
        """The first playlist's parameters, then the second's."""
        return (
            PlaylistParams(
                playlist_name=self.playlist_name1, files=self.files1, noise_files=self.noise_files1
            ),
            PlaylistParams(
                playlist_name=self.playlist_name2, files=self.files2, noise_files=self.noise_files2
            ),
        )


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
    params: TwoPlaylistsParams

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> TwoPlaylistsParams:
        """Two independent playlists."""
        return TwoPlaylistsParams.of(_random_playlist(rng), _random_playlist(rng))

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

    def playlists(self) -> tuple[PlaylistParams, ...]:
        """Both playlists of the params."""
        return self.params.playlists()


TASKS: tuple[type[TaskEval], ...] = (VlcCreatePlaylist, VlcCreateTwoPlaylists)
