"""Files tasks on the virtual phone: delete and move among look-alike files."""

from __future__ import annotations

import random

from task_runs import make, score

from droidhub import Env
from droidhub_aw_apps import fake_data, files, storage


def test_delete_file(virtual_env: Env) -> None:
    assert score(virtual_env, make(files.FilesDeleteFile)) == 0.0
    task = make(files.FilesDeleteFile)
    assert score(virtual_env, task, task.oracle) == 1.0


def test_delete_setup_puts_target_among_noise(virtual_env: Env) -> None:
    task = make(files.FilesDeleteFile, seed=7)
    folder = storage.under_sdcard(task.params.subfolder)
    virtual_env.reset()
    task.initialize_task(virtual_env)
    try:
        names = virtual_env.device.listdir(folder)
        assert task.params.file_name in names and len(names) >= 2
    finally:
        task.tear_down(virtual_env)
    assert virtual_env.device.listdir(folder) == []


def test_delete_near_miss_a_look_alike_deleted_instead(virtual_env: Env) -> None:
    task = make(files.FilesDeleteFile, seed=7)
    folder = storage.under_sdcard(task.params.subfolder)

    def act(env: Env) -> None:
        other = next(n for n in env.device.listdir(folder) if n != task.params.file_name)
        env.device.remove(f"{folder}/{other}")

    assert score(virtual_env, task, act) == 0.0


def test_move_file(virtual_env: Env) -> None:
    assert score(virtual_env, make(files.FilesMoveFile)) == 0.0
    task = make(files.FilesMoveFile)
    assert score(virtual_env, task, task.oracle) == 1.0


def test_move_near_miss_copied_not_moved(virtual_env: Env) -> None:
    task = make(files.FilesMoveFile)

    def act(env: Env) -> None:
        env.device.push(env.device.pull(task.source), task.destination)

    assert score(virtual_env, task, act) == 0.0


def test_move_near_miss_wrong_destination(virtual_env: Env) -> None:
    task = make(files.FilesMoveFile)
    elsewhere = next(
        f
        for f in files.FOLDERS
        if f not in (task.params.source_folder, task.params.destination_folder)
    )

    def act(env: Env) -> None:
        target = storage.under_sdcard(elsewhere, task.params.file_name)
        env.device.push(env.device.pull(task.source), target)
        env.device.remove(task.source)

    try:
        assert score(virtual_env, task, act) == 0.0
    finally:
        virtual_env.device.remove(storage.under_sdcard(elsewhere, task.params.file_name))


def test_params_follow_androidworld() -> None:
    for seed in range(20):
        rng = random.Random(seed)
        move = files.FilesMoveFile.generate_random_params(rng)
        assert move.source_folder != move.destination_folder
        assert move.file_name in fake_data.STORAGE_FOLDERS[move.destination_folder]
        delete = files.FilesDeleteFile.generate_random_params(random.Random(seed))
        ext = fake_data.STORAGE_FOLDERS[delete.subfolder][0].rpartition(".")[2]
        assert delete.file_name.endswith("." + ext)
        assert delete == files.FilesDeleteFile.generate_random_params(random.Random(seed))
