"""Saving a copy of a receipt (Simple Gallery Pro) on the virtual phone."""

from __future__ import annotations

from episodes import noop_fails_and_oracle_succeeds
from task_runs import click, make, open_app, score

from droidhub import Env
from droidhub_aw_apps.gallery import model as pictures
from droidhub_aw_apps.gallery import tasks as gallery


def test_save_copy_of_receipt(virtual_env: Env) -> None:
    noop_fails_and_oracle_succeeds(virtual_env, make(gallery.SaveCopyOfReceiptTaskEval))


def test_receipt_is_a_jpeg_in_dcim(virtual_env: Env) -> None:
    task = make(gallery.SaveCopyOfReceiptTaskEval)
    virtual_env.reset()
    task.initialize_task(virtual_env)
    try:
        assert virtual_env.device.pull(task.original)[:2] == b"\xff\xd8"
    finally:
        task.tear_down(virtual_env)
    assert virtual_env.device.listdir(pictures.DCIM) == []


def test_near_miss_copy_with_another_name(virtual_env: Env) -> None:
    task = make(gallery.SaveCopyOfReceiptTaskEval)

    def act(env: Env) -> None:
        data = env.device.pull(task.original)
        env.device.push(data, f"{pictures.DOWNLOAD}/copy_{task.params.file_name}")

    assert score(virtual_env, task, act) == 0.0


def test_near_miss_moved_within_dcim(virtual_env: Env) -> None:
    task = make(gallery.SaveCopyOfReceiptTaskEval)

    def act(env: Env) -> None:
        env.device.push(
            env.device.pull(task.original), f"{pictures.DCIM}/Download/{task.params.file_name}"
        )

    assert score(virtual_env, task, act) == 0.0


def _receipt_to_download(env: Env, file_name: str, how: str) -> None:
    """In the gallery app, open DCIM's ``file_name`` and ``Copy to`` / ``Move to`` Download."""
    open_app(env, "simple gallery pro")
    click(env, text="DCIM")
    click(env, content_description=file_name)
    click(env, content_description="More options")
    click(env, text=how)
    click(env, text="Download")


def test_copy_in_the_gallery_app(virtual_env: Env) -> None:
    task = make(gallery.SaveCopyOfReceiptTaskEval)

    def act(env: Env) -> None:
        _receipt_to_download(env, task.params.file_name, "Copy to")

    assert score(virtual_env, task, act) == 1.0


def test_moving_the_receipt_also_counts_as_in_androidworld(
    virtual_env: Env,
) -> None:
    # AndroidWorld checks only that Download holds the file: a move passes too.
    task = make(gallery.SaveCopyOfReceiptTaskEval)

    def act(env: Env) -> None:
        _receipt_to_download(env, task.params.file_name, "Move to")
        assert not env.device.exists(task.original)

    assert score(virtual_env, task, act) == 1.0
