"""Files tasks on the virtual phone: delete and move among look-alike files."""

from __future__ import annotations

import random

from episodes import noop_fails_and_oracle_succeeds
from task_runs import index_scrolled_to, make, open_app, score, set_up

from droidhub import Action, Env, Observe
from droidhub_aw_apps.common import fake_data, storage
from droidhub_aw_apps.files import model as folders
from droidhub_aw_apps.files import tasks as files


def test_delete_file(virtual_env: Env) -> None:
    noop_fails_and_oracle_succeeds(virtual_env, make(files.FilesDeleteFile))


def test_delete_setup_puts_target_among_noise(virtual_env: Env) -> None:
    task = make(files.FilesDeleteFile, seed=7)
    folder = storage.under_sdcard(task.params.subfolder)
    with set_up(virtual_env, task):
        names = virtual_env.device.listdir(folder)
        assert task.params.file_name in names and len(names) >= 2
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


def _open_folder(env: Env, name: str) -> None:
    env.execute_action(Action(action_type="click", index=index_scrolled_to(env, name)))


def _click_desc(env: Env, description: str) -> None:
    elements = env.get_state(observe=Observe.UI_TREE).ui_elements
    index = next(i for i, e in enumerate(elements) if e.content_description == description)
    env.execute_action(Action(action_type="click", index=index))


def _move_to(env: Env) -> None:
    """The action mode's overflow, then its Move to…."""
    _click_desc(env, "More options")
    env.execute_action(Action(action_type="click", index=index_scrolled_to(env, "Move to\u2026")))


def _select(env: Env, folder: str, name: str) -> None:
    """Open the files app at ``folder`` and long-press ``name``: the action mode
    selects it."""
    open_app(env, "files")
    _open_folder(env, folder)
    env.execute_action(Action(action_type="long_press", index=index_scrolled_to(env, name)))


def test_delete_in_the_files_app(virtual_env: Env) -> None:
    task = make(files.FilesDeleteFile, seed=7)

    def act(env: Env) -> None:
        _select(env, task.params.subfolder, task.params.file_name)
        _click_desc(env, "Delete")
        elements = env.get_state(observe=Observe.UI_TREE).ui_elements
        message = next(e for e in elements if e.resource_id == "android:id/message")
        assert message.text == f'Delete "{task.params.file_name}"?'
        env.execute_action(Action(action_type="click", index=index_scrolled_to(env, "OK")))

    assert score(virtual_env, task, act) == 1.0


def test_move_in_the_files_app(virtual_env: Env) -> None:
    task = make(files.FilesMoveFile, seed=3)

    def act(env: Env) -> None:
        _select(env, task.params.source_folder, task.params.file_name)
        _move_to(env)
        # the breadcrumb's first crumb is the storage root
        env.execute_action(
            Action(action_type="click", index=index_scrolled_to(env, "sdk_gphone_x86_64"))
        )
        _open_folder(env, task.params.destination_folder)
        env.execute_action(Action(action_type="click", index=index_scrolled_to(env, "MOVE")))

    assert score(virtual_env, task, act) == 1.0


def test_moving_a_folder_into_itself_leaves_it_in_place(virtual_env: Env) -> None:
    device = virtual_env.device
    device.write_text("/sdcard/Download/Keep/inner.txt", "kept")
    open_app(virtual_env, "files")
    _open_folder(virtual_env, "Download")
    virtual_env.execute_action(
        Action(action_type="long_press", index=index_scrolled_to(virtual_env, "Keep"))
    )
    _move_to(virtual_env)
    _open_folder(virtual_env, "Keep")
    virtual_env.execute_action(
        Action(action_type="click", index=index_scrolled_to(virtual_env, "MOVE"))
    )
    assert device.read_text("/sdcard/Download/Keep/inner.txt") == "kept"
    assert device.listdir("/sdcard/Download/Keep") == ["inner.txt"]
    assert "com.google.android.documentsui" in device.foreground_activity()


def test_rows_breadcrumb_and_the_delete_dialog_as_documentsui_shows_them(
    virtual_env: Env,
) -> None:
    device = virtual_env.device
    device.write_text("/sdcard/Download/notes.txt", "x" * 1500)
    open_app(virtual_env, "files")
    _open_folder(virtual_env, "Download")
    state = virtual_env.get_state()
    elements = state.ui_elements
    title = elements[index_scrolled_to(virtual_env, "notes.txt")]
    assert title.resource_id == "android:id/title"
    assert title.class_name == "android.widget.TextView"
    ids = {e.resource_id.rsplit("/", 1)[-1] for e in elements}
    assert {"item_root", "icon_mime", "metadata", "dir_list", "horizontal_breadcrumb"} <= ids
    crumbs = [e.text for e in elements if e.resource_id.endswith("/breadcrumb_text")]
    assert crumbs == ["sdk_gphone_x86_64", "Download"]
    metadata = [e.text for e in elements if e.resource_id.endswith("/metadata")]
    assert any(m.startswith("1.50 kB, ") for m in metadata)
    lit = state.screenshot
    assert lit is not None
    virtual_env.execute_action(
        Action(action_type="long_press", index=index_scrolled_to(virtual_env, "notes.txt"))
    )
    bar = [e.text for e in virtual_env.get_state(observe=Observe.UI_TREE).ui_elements]
    assert "1 selected" in bar
    _click_desc(virtual_env, "Delete")
    dimmed = virtual_env.get_state().screenshot
    assert dimmed is not None
    # the dialog sits over a scrim: the list's background is darker than it was
    before = sum(lit.convert("RGB").getpixel((540, 2100)))
    after = sum(dimmed.convert("RGB").getpixel((540, 2100)))
    assert after < 0.6 * before
    virtual_env.execute_action(Action(action_type="navigate_back"))
    assert device.exists("/sdcard/Download/notes.txt")  # cancelled: nothing deleted
