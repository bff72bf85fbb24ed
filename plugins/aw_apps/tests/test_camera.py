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
        # a drag to the right over the viewfinder opens the mode drawer
        env.execute_action(Action(action_type="scroll", direction="left"))
        elements = env.get_state(observe=Observe.UI_TREE).ui_elements
        video_row = next(i for i, e in enumerate(elements) if e.text == "Video")
        assert elements[video_row].resource_id == f"{photos.PACKAGE}:id/selector_text"
        env.execute_action(Action(action_type="click", index=video_row))
        _press(env, "Shutter")
        elements = env.get_state(observe=Observe.UI_TREE).ui_elements
        assert any(e.resource_id.endswith("/recording_time") for e in elements)
        _press(env, "Shutter")

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


def test_the_viewfinder_as_camera2_lays_it_out(virtual_env: Env) -> None:
    open_app(virtual_env, "camera")
    state = virtual_env.get_state()
    shutter = next(e for e in state.ui_elements if e.content_description == "Shutter")
    assert shutter.resource_id == f"{photos.PACKAGE}:id/shutter_button"
    assert shutter.class_name == "android.widget.ImageView"
    ids = {e.resource_id.rsplit("/", 1)[-1] for e in state.ui_elements}
    assert {"camera_app_root", "preview_content", "bottom_bar", "bottombar_capture"} <= ids
    assert "mode_list" not in ids  # the drawer is closed
    assert shutter.bounds is not None
    x, y = shutter.bounds.center
    assert state.screenshot is not None
    assert state.screenshot.convert("RGB").getpixel((x, y - 60)) == (255, 255, 255)  # the disc
