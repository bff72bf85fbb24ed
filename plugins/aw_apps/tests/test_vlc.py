"""VLC tasks on the virtual phone: playlists of videos."""

from __future__ import annotations

import random

import pytest
from episodes import near_miss_scores_zero, noop_fails_and_oracle_succeeds
from task_runs import make, score, set_up

from droidhub import Env, TaskEval
from droidhub_aw_apps.common import media_files
from droidhub_aw_apps.vlc import tasks as vlc


@pytest.mark.parametrize("cls", vlc.TASKS, ids=lambda c: c.__name__)
def test_params_are_deterministic(cls: type[TaskEval]) -> None:
    one = cls.generate_random_params(random.Random(5))
    assert one == cls.generate_random_params(random.Random(5))
    assert "{" not in cls(one).goal


def test_set_up_writes_playable_videos_and_tear_down_removes_them(virtual_env: Env) -> None:
    task = make(vlc.VlcCreatePlaylist)
    dev = virtual_env.device
    with set_up(virtual_env, task):
        names = dev.listdir(vlc.VIDEOS_DATA)
        assert set(task.params.files) <= set(names)
        data = dev.pull(f"{vlc.VIDEOS_DATA}/{task.params.files[0]}")
        assert data[4:8] == b"ftyp" and b"moov" in data
        assert 20_000 <= media_files.mp4_duration_ms(data) <= 180_000
    assert dev.listdir(vlc.VIDEOS_DATA) == []


def test_create_playlist_near_miss_one_file_missing(virtual_env: Env) -> None:
    task = make(vlc.VlcCreatePlaylist)
    p = task.params
    assert (
        score(
            virtual_env,
            task,
            lambda env: vlc.add_playlist(env.device, p.playlist_name, list(p.files[:-1])),
        )
        == 0.0
    )
    noop_fails_and_oracle_succeeds(virtual_env, task)


def test_create_playlist_near_miss_noise_file_instead(virtual_env: Env) -> None:
    task = make(vlc.VlcCreatePlaylist)
    p = task.params
    files = [*p.files[:-1], p.noise_files[0]]
    assert (
        score(virtual_env, task, lambda env: vlc.add_playlist(env.device, p.playlist_name, files))
        == 0.0
    )


def test_two_playlists_half_credit_for_the_first_only(virtual_env: Env) -> None:
    task = make(vlc.VlcCreateTwoPlaylists)
    p = task.params

    def act(env: Env) -> None:
        vlc.add_playlist(env.device, p.playlist_name1, list(p.files1))
        # The published goal template repeats {files1}; the task wants files2.
        vlc.add_playlist(env.device, p.playlist_name2, list(p.files1))

    assert score(virtual_env, task, act) == 0.5


def test_two_playlists_near_miss_each_missing_a_file(virtual_env: Env) -> None:
    task = make(vlc.VlcCreateTwoPlaylists)
    p = task.params

    def act(env: Env) -> None:
        vlc.add_playlist(env.device, p.playlist_name1, list(p.files1[1:]))
        vlc.add_playlist(env.device, p.playlist_name2, list(p.files2[1:]))

    near_miss_scores_zero(virtual_env, task, act)
