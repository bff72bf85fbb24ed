"""Files tasks on the virtual phone: delete and move among look-alike files."""

from __future__ import annotations

import random

from episodes import noop_fails_and_oracle_succeeds
from task_runs import make, open_app, score

from droidhub import Action, Env, Observe
from droidhub_aw_apps.common import fake_data, storage
from droidhub_aw_apps.files import model as folders
from droidhub_aw_apps.files import tasks as files


def test_delete_file(virtual_env: Env) -> None:
    noop_fails_and_oracle_succeeds(virtual_env, make(files.FilesDeleteFile))


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
    noop_fails_and_oracle_succeeds(virtual_env, make(files.FilesMoveFile))


def test_move_near_miss_copied_not_moved(virtual_env: Env) -> None:
    task = make(files.FilesMoveFile)

    def act(env: Env) -> None:
        env.device.push(env.device.pull(task.source), task.destination)

    assert score(virtual_env, task, act) == 0.0


def test_move_near_miss_wrong_destination(virtual_env: Env) -> None:
    task = make(files.FilesMoveFile)
    elsewhere = next(
        f
        for f in folders.FOLDERS
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


def _find(env: Env, text: str) -> int:
    """Index of the element showing ``text``, scrolling down the list until it shows."""
    for _ in range(5):
        elements = env.get_state(observe=Observe.UI_TREE).ui_elements
        for index, element in enumerate(elements):
            if element.text == text:
                return index
        env.execute_action(Action(action_type="scroll", direction="down"))
    raise AssertionError(f"{text!r} is not in the list")


def _open_folder(env: Env, name: str) -> None:
    env.execute_action(Action(action_type="click", index=_find(env, name)))


def test_delete_in_the_files_app(virtual_env: Env) -> None:
    task = make(files.FilesDeleteFile, seed=7)

    def act(env: Env) -> None:
        open_app(env, "files")
        _open_folder(env, task.params.subfolder)
        env.execute_action(
            Action(action_type="long_press", index=_find(env, task.params.file_name))
        )
        env.execute_action(Action(action_type="click", index=_find(env, "Delete")))

    assert score(virtual_env, task, act) == 1.0


def test_move_in_the_files_app(virtual_env: Env) -> None:
    task = make(files.FilesMoveFile, seed=3)

    def act(env: Env) -> None:
        open_app(env, "files")
        _open_folder(env, task.params.source_folder)
        env.execute_action(
            Action(action_type="long_press", index=_find(env, task.params.file_name))
        )
        env.execute_action(Action(action_type="click", index=_find(env, "Move to")))
        up = next(
            i
            for i, e in enumerate(env.get_state(observe=Observe.UI_TREE).ui_elements)
            if e.content_description == "Navigate up"
        )
        env.execute_action(Action(action_type="click", index=up))
        _open_folder(env, task.params.destination_folder)
        env.execute_action(Action(action_type="click", index=_find(env, "Move")))

    assert score(virtual_env, task, act) == 1.0


def test_moving_a_folder_into_itself_leaves_it_in_place(virtual_env: Env) -> None:
    device = virtual_env.device
    device.write_text("/sdcard/Download/Keep/inner.txt", "kept")
    open_app(virtual_env, "files")
    _open_folder(virtual_env, "Download")
    virtual_env.execute_action(Action(action_type="long_press", index=_find(virtual_env, "Keep")))
    virtual_env.execute_action(Action(action_type="click", index=_find(virtual_env, "Move to")))
    _open_folder(virtual_env, "Keep")
    virtual_env.execute_action(Action(action_type="click", index=_find(virtual_env, "Move")))
    assert device.read_text("/sdcard/Download/Keep/inner.txt") == "kept"
    assert device.listdir("/sdcard/Download/Keep") == ["inner.txt"]
    assert "com.google.android.documentsui" in device.foreground_activity()
