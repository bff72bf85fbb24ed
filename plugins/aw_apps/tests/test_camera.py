"""Camera tasks on the virtual phone: exactly one new photo or video."""

from __future__ import annotations

from episodes import noop_fails_and_oracle_succeeds
from task_runs import make, open_app, score

from droidhub import Action, Env, Observe
from droidhub_aw_apps.camera import model as photos
from droidhub_aw_apps.camera import tasks as camera


def test_take_photo(virtual_env: Env) -> None:
    noop_fails_and_oracle_succeeds(virtual_env, make(camera.CameraTakePhoto))


def test_take_video(virtual_env: Env) -> None:
    noop_fails_and_oracle_succeeds(virtual_env, make(camera.CameraTakeVideo))


def _press(env: Env, description: str) -> None:
    elements = env.get_state(observe=Observe.UI_TREE).ui_elements
    index = next(i for i, e in enumerate(elements) if e.content_description == description)
    env.execute_action(Action(action_type="click", index=index))


def test_photo_and_video_with_the_camera_app(virtual_env: Env) -> None:
    def photo(env: Env) -> None:
        open_app(env, "camera")
        _press(env, "Shutter")

    def video(env: Env) -> None:
        open_app(env, "camera")
        _press(env, "Switch to video")
        _press(env, "Start recording")
        _press(env, "Stop recording")

    assert score(virtual_env, make(camera.CameraTakePhoto), photo) == 1.0
    assert score(virtual_env, make(camera.CameraTakeVideo), video) == 1.0


def test_photo_near_miss_two_photos(virtual_env: Env) -> None:
    task = make(camera.CameraTakePhoto)

    def act(env: Env) -> None:
        env.device.push(photos.jpeg_bytes(), f"{photos.PHOTOS}/IMG_1.jpg")
        env.device.push(photos.jpeg_bytes((1, 2, 3)), f"{photos.PHOTOS}/IMG_2.jpg")

    assert score(virtual_env, task, act) == 0.0


def test_photo_near_miss_a_video_instead(virtual_env: Env) -> None:
    task = make(camera.CameraTakePhoto)
    assert score(virtual_env, task, make(camera.CameraTakeVideo).oracle) == 0.0


def test_video_near_miss_a_photo_instead(virtual_env: Env) -> None:
    task = make(camera.CameraTakeVideo)
    assert score(virtual_env, task, make(camera.CameraTakePhoto).oracle) == 0.0
