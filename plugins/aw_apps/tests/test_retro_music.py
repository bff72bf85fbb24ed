"""Retro Music tasks on the virtual phone: playlists and the playing queue."""

from __future__ import annotations

import random

import pytest
from episodes import near_miss_scores_zero
from task_runs import make, score, set_up

from droidhub import Env, TaskEval
from droidhub_aw_apps.common import media_files
from droidhub_aw_apps.retro_music import tasks as retro_music

TASKS = retro_music.TASKS


@pytest.mark.parametrize("cls", TASKS, ids=lambda c: c.__name__)
def test_params_are_deterministic(cls: type[TaskEval]) -> None:
    one = cls.generate_random_params(random.Random(9))
    assert one == cls.generate_random_params(random.Random(9))
    names = [retro_music.song_title(f) for f in one.files]
    assert len(set(one.files + one.noise_files)) == 15
    goal = cls(one).goal
    assert "{" not in goal
    if cls is not retro_music.RetroPlaylistDuration:
        assert ", ".join(names) in goal


def test_songs_are_tagged_mp3_files_that_set_up_writes_and_tear_down_removes(
    virtual_env: Env,
) -> None:
    task = make(retro_music.RetroCreatePlaylist)
    dev = virtual_env.device
    dev.push(b"mine", f"{retro_music.MUSIC_DATA}/mine.mp3")
    with set_up(virtual_env, task):
        first = task.params.files[0]
        song = retro_music.read_song(dev, first, 1)
        assert song.title == retro_music.song_title(first)
        assert 3 * 60_000 <= song.duration_ms <= 5 * 60_000
        assert len(dev.listdir(retro_music.MUSIC_DATA)) == 15
    assert dev.listdir(retro_music.MUSIC_DATA) == ["mine.mp3"]


def test_tear_down_restores_the_users_playlists(virtual_env: Env) -> None:
    dev = virtual_env.device
    mine = retro_music.Song(media_id=7, title="Mine", artist="Me", duration_ms=1000, path="/x")
    retro_music.add_playlist(dev, "Kept", [mine])
    task = make(retro_music.RetroCreatePlaylist)
    task.initialize_task(virtual_env)
    assert retro_music.playlist_rows(dev) == []
    task.oracle(virtual_env)
    task.tear_down(virtual_env)
    rows = retro_music.playlist_rows(dev)
    assert [(r.playlist_name, r.item) for r in rows] == [("Kept", "Mine")]


def test_create_playlist_near_miss_one_song_missing(virtual_env: Env) -> None:
    task = make(retro_music.RetroCreatePlaylist)
    name = task.params.playlist_name

    def act(env: Env) -> None:
        retro_music.add_playlist(env.device, name, task.songs(env)[:-1])

    near_miss_scores_zero(virtual_env, task, act)


def test_create_playlist_near_miss_wrong_order(virtual_env: Env) -> None:
    task = make(retro_music.RetroCreatePlaylist)
    name = task.params.playlist_name

    def act(env: Env) -> None:
        retro_music.add_playlist(env.device, name, task.songs(env)[::-1])

    assert score(virtual_env, task, act) == 0.0


def test_playing_queue_near_miss_one_song_missing(virtual_env: Env) -> None:
    task = make(retro_music.RetroPlayingQueue)
    near_miss_scores_zero(
        virtual_env, task, lambda env: retro_music.set_queue(env.device, task.songs(env)[1:])
    )


def test_playlist_duration_songs_add_up_to_47_5_minutes(virtual_env: Env) -> None:
    task = make(retro_music.RetroPlaylistDuration)
    with set_up(virtual_env, task):
        total = sum(s.duration_ms for s in task.songs(virtual_env))
        assert abs(total - 47.5 * 60_000) <= len(task.params.files)


def test_playlist_duration_near_miss_one_song_too_many(virtual_env: Env) -> None:
    task = make(retro_music.RetroPlaylistDuration)
    p = task.params

    def act(env: Env) -> None:
        songs = task.songs(env, p.files + p.noise_files[:1])
        retro_music.add_playlist(env.device, p.playlist_name, songs)

    near_miss_scores_zero(virtual_env, task, act)


def test_playlist_duration_near_miss_songs_also_in_another_playlist(virtual_env: Env) -> None:
    task = make(retro_music.RetroPlaylistDuration)

    def act(env: Env) -> None:
        task.oracle(env)
        retro_music.add_playlist(env.device, "Other", task.songs(env)[:1])

    assert score(virtual_env, task, act) == 0.0


def test_save_playlist_half_credit_for_each_part(virtual_env: Env) -> None:
    task = make(retro_music.RetroSavePlaylist)
    name = task.params.playlist_name

    def only_playlist(env: Env) -> None:
        retro_music.add_playlist(env.device, name, task.songs(env))

    assert score(virtual_env, task, only_playlist) == 0.5

    def only_export(env: Env) -> None:
        env.device.write_text(task.export_path(), retro_music.m3u_text(task.songs(env)))

    assert score(virtual_env, task, only_export) == 0.5


def test_save_playlist_near_miss_song_missing_and_exported_elsewhere(virtual_env: Env) -> None:
    task = make(retro_music.RetroSavePlaylist)
    name = task.params.playlist_name

    def act(env: Env) -> None:
        songs = task.songs(env)[:-1]
        retro_music.add_playlist(env.device, name, songs)
        env.device.write_text(f"{retro_music.MUSIC_DATA}/{name}.m3u", retro_music.m3u_text(songs))

    near_miss_scores_zero(virtual_env, task, act)


def test_mp3_duration_tag_round_trips() -> None:
    data = media_files.mp3_song("Night Drive", "Ana", 201_234)
    assert media_files.mp3_tags(data) == {"TIT2": "Night Drive", "TPE1": "Ana", "TLEN": "201234"}
    frame = data.index(b"\xff\xfb")
    assert data[frame + 21 : frame + 25] == b"Xing"
    assert int.from_bytes(data[frame + 29 : frame + 33], "big") == round(201.234 * 44100 / 1152)


def test_queue_database_is_made_when_the_app_never_played(virtual_env: Env) -> None:
    dev = virtual_env.device
    dev.remove(retro_music.PLAYBACK_DB)
    task = make(retro_music.RetroPlayingQueue)
    assert score(virtual_env, task) == 0.0
    task = make(retro_music.RetroPlayingQueue)
    assert score(virtual_env, task, task.oracle) == 1.0
    assert not dev.exists(retro_music.PLAYBACK_DB)
