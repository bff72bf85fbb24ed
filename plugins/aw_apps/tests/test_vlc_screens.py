"""VLC as an agent uses it: playlists made on its screens, and a video watched frame by
frame for Markor's transcription task."""

from __future__ import annotations

import datetime as dt
import io
from collections.abc import Callable, Sequence

from PIL import Image
from task_runs import click, make, score

from droidhub import Action, Env, Observe
from droidhub_aw_apps import markor
from droidhub_aw_apps.common import media_files
from droidhub_aw_apps.vlc import screens as vlc_app
from droidhub_aw_apps.vlc import tasks as vlc


def _act(env: Env, **fields: object) -> None:
    env.execute_action(Action.model_validate(fields))


def _row(env: Env, text: str) -> int:
    for _ in range(4):
        elements = env.get_state(observe=Observe.UI_TREE).ui_elements
        for i, element in enumerate(elements):
            if element.text == text:
                return i
        _act(env, action_type="scroll", direction="down")
    raise AssertionError(f"no row {text!r}")


def _to_top(env: Env) -> None:
    for _ in range(3):
        _act(env, action_type="scroll", direction="up")


def _make_playlist(files: Sequence[str], playlist_name: str) -> Callable[[Env], None]:
    """Select ``files`` in this order (a long press, then taps) and save them as a playlist."""

    def act(env: Env) -> None:
        _act(env, action_type="open_app", app_name="vlc")
        first, *rest = files
        _act(env, action_type="long_press", index=_row(env, first))
        for name in rest:
            _to_top(env)
            _act(env, action_type="click", index=_row(env, name))
        click(env, content_description="Add to playlist")
        elements = env.get_state(observe=Observe.UI_TREE).ui_elements
        field = next(i for i, e in enumerate(elements) if e.resource_id.endswith("playlist_name"))
        _act(env, action_type="input_text", text=playlist_name, index=field)
        click(env, text="Create")

    return act


def test_create_playlist_by_selecting_videos_in_order(virtual_env: Env) -> None:
    task = make(vlc.VlcCreatePlaylist, seed=3)
    p = task.params
    assert score(virtual_env, task, _make_playlist(p.files, p.playlist_name)) == 1.0


def test_videos_selected_out_of_order_are_a_near_miss(virtual_env: Env) -> None:
    task = make(vlc.VlcCreatePlaylist, seed=3)
    p = task.params
    assert score(virtual_env, task, _make_playlist(p.files[::-1], p.playlist_name)) == 0.0


def _video_pixels(env: Env) -> Image.Image:
    left, top, right, bottom = vlc_app.VIDEO_BOX
    return env.device.screenshot().convert("RGB").crop((left, top, right, bottom))


def test_watching_the_transcription_video_shows_each_name_in_turn(virtual_env: Env) -> None:
    task = make(markor.MarkorTranscribeVideo, seed=2)
    p = task.params
    virtual_env.reset()
    task.initialize_task(virtual_env)
    dev = virtual_env.device
    try:
        _act(virtual_env, action_type="open_app", app_name="vlc")
        _act(virtual_env, action_type="click", index=_row(virtual_env, p.video_name))
        start = dev.now()
        for i, message in enumerate(p.messages):
            dev.set_time(start + dt.timedelta(seconds=8 * i + 1))
            frame = media_files.message_frame(message, i)
            box = vlc_app.VIDEO_BOX
            expected = Image.open(io.BytesIO(frame)).convert("RGB")
            expected = expected.resize((box[2] - box[0], box[3] - box[1]))
            assert _video_pixels(virtual_env).tobytes() == expected.tobytes(), message
        dev.set_time(start)
    finally:
        task.tear_down(virtual_env)
