"""Audio Recorder tasks on the virtual phone."""

from __future__ import annotations

import random

from task_runs import make, open_app, score, type_text

from droidhub import Action, Env, Observe
from droidhub_aw_apps.audio_recorder import model as recorder
from droidhub_aw_apps.audio_recorder import tasks as ar


def test_record_audio(virtual_env: Env) -> None:
    assert score(virtual_env, make(ar.AudioRecorderRecordAudio)) == 0.0
    task = make(ar.AudioRecorderRecordAudio)
    assert score(virtual_env, task, task.oracle) == 1.0


def test_record_audio_near_miss_two_recordings(virtual_env: Env) -> None:
    task = make(ar.AudioRecorderRecordAudio)

    def act(env: Env) -> None:
        env.device.push(recorder.m4a_bytes(), f"{recorder.RECORDS}/Record-1.m4a")
        env.device.push(recorder.m4a_bytes(2), f"{recorder.RECORDS}/Record-2.m4a")

    assert score(virtual_env, task, act) == 0.0


def test_record_audio_near_miss_empty_file(virtual_env: Env) -> None:
    task = make(ar.AudioRecorderRecordAudio)
    act = lambda env: env.device.push(b"", f"{recorder.RECORDS}/Record-1.m4a")  # noqa: E731
    assert score(virtual_env, task, act) == 0.0


def test_record_with_file_name(virtual_env: Env) -> None:
    assert score(virtual_env, make(ar.AudioRecorderRecordAudioWithFileName)) == 0.0
    task = make(ar.AudioRecorderRecordAudioWithFileName)
    assert score(virtual_env, task, task.oracle) == 1.0


def test_record_with_file_name_in_the_app(virtual_env: Env) -> None:
    task = make(ar.AudioRecorderRecordAudioWithFileName)

    def press(env: Env, **match: str) -> None:
        elements = env.get_state(observe=Observe.UI_TREE).ui_elements
        index = next(
            i for i, e in enumerate(elements) if all(getattr(e, k) == v for k, v in match.items())
        )
        env.execute_action(Action(action_type="click", index=index))

    def act(env: Env) -> None:
        open_app(env, "audio recorder")
        press(env, content_description="Record")
        press(env, content_description="Stop recording")
        for _ in range(len("Record-1")):
            env.device.keyevent("KEYCODE_DEL")
        type_text(env, task.params.file_name)
        press(env, text="Save")

    assert score(virtual_env, task, act) == 1.0


def test_record_with_file_name_near_miss_other_name(virtual_env: Env) -> None:
    task = make(ar.AudioRecorderRecordAudioWithFileName)
    act = lambda env: env.device.push(recorder.m4a_bytes(), f"{recorder.RECORDS}/Record-1.m4a")  # noqa: E731
    assert score(virtual_env, task, act) == 0.0


def test_file_name_params() -> None:
    params = ar.AudioRecorderRecordAudioWithFileName.generate_random_params(random.Random(9))
    assert params.file_name.endswith(".m4a") and params.text == ""
    stem = params.file_name.removesuffix(".m4a")
    assert any(name in stem for name in ar.RECORDING_NAMES)
