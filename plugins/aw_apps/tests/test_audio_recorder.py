"""Audio Recorder tasks on the virtual phone."""

from __future__ import annotations

import random
from typing import cast

from episodes import noop_fails_and_oracle_succeeds
from screen_checks import find_element, shown_ids, tap_element
from task_runs import make, open_app, score, type_text

from droidhub import Action, Device, Env, Observe
from droidhub_aw_apps.audio_recorder import model as recorder
from droidhub_aw_apps.audio_recorder import tasks as ar


def test_record_audio(virtual_env: Env) -> None:
    noop_fails_and_oracle_succeeds(virtual_env, make(ar.AudioRecorderRecordAudio))


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
    noop_fails_and_oracle_succeeds(virtual_env, make(ar.AudioRecorderRecordAudioWithFileName))


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
        press(env, resource_id=f"{recorder.PACKAGE}:id/btn_record")
        press(env, resource_id=f"{recorder.PACKAGE}:id/btn_record_stop")
        for _ in range(len("Record-1")):  # the cursor is at the proposed name's end
            env.device.keyevent("KEYCODE_DEL")
        type_text(env, task.params.file_name)
        press(env, resource_id=f"{recorder.PACKAGE}:id/dialog_positive_btn")

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


AR_ID = f"{recorder.PACKAGE}:id/"
#: activity_main.xml's, dialog_rename.xml's, activity_records.xml's, list_item.xml's
#: and activity_settings.xml's ids at the commit before c5177c1 (versionCode 926).
AR_REAL_IDS = frozenset(
    [
        "toolbar",
        "btn_import",
        "btn_share",
        "pnl_import_progress",
        "pnl_record_processing",
        "placeholder",
        "record",
        "recording_view",
        "progress",
        "btn_play",
        "btn_stop",
        "txt_zero_time",
        "txt_progress",
        "txt_name",
        "txt_record_info",
        "txt_duration",
        "play_progress",
        "btn_settings",
        "btn_record_delete",
        "btn_record",
        "btn_record_stop",
        "btn_records_list",
        "dialog_title",
        "input_name",
        "check_box",
        "dialog_negative_btn",
        "dialog_positive_btn",
        "recycler_view",
        "btn_back",
        "title",
        "txt_title",
        "txt_sub_title",
        "btn_sort",
        "btn_bookmarks",
        "bottomDivider",
        "txtEmpty",
        "container",
        "list_item_waveform",
        "list_item_name",
        "list_item_bookmark",
        "list_item_description",
        "list_item_date",
        "list_item_info",
        "list_item_more",
        "btnBack",
        "btnTrash",
        "btn_file_browser",
        "themeColor",
        "panelPublicDir",
        "swPublicDir",
        "swKeepScreenOn",
        "swAskToRename",
        "name_format",
    ]
)


def test_recording_through_the_screen(virtual_device: Device) -> None:
    folder = recorder.RECORDS
    virtual_device.shell(["am", "start", "-n", f"{recorder.PACKAGE}/{recorder.ACTIVITY}"])
    try:
        record = find_element(virtual_device, resource_id="btn_record")
        assert record.class_name == "android.widget.ImageButton"
        assert record.content_description == "Recording: %s"  # the layout's string
        assert record.bounds is not None
        white = virtual_device.screenshot().convert("RGB").getpixel(record.bounds.center)
        assert white == (255, 255, 255)  # ic_record: a white disc on the blue-gray window
        assert "btn_record_stop" not in shown_ids(virtual_device, AR_ID)
        tap_element(virtual_device, resource_id="btn_record")
        shown = shown_ids(virtual_device, AR_ID)
        assert {"btn_record_stop", "btn_record_delete", "recording_view"} <= shown
        assert "btn_import" not in shown and "btn_share" not in shown
        tap_element(virtual_device, resource_id="btn_record_stop")
        name = find_element(virtual_device, resource_id="input_name")
        assert name.focused and name.text == "Record-1"
        assert find_element(virtual_device, resource_id="check_box").text == "Don't ask again"
        assert shown_ids(virtual_device, AR_ID) <= AR_REAL_IDS
        dimmed = virtual_device.screenshot().convert("RGB").getpixel((540, 200))
        assert max(cast(tuple[int, int, int], dimmed)) < 30  # the toolbar under the scrim
        # The cursor is at the name's end: a key tap types after it.
        virtual_device.tap(58, 1790)  # the keyboard's q, its first letter
        assert find_element(virtual_device, resource_id="input_name").text == "Record-1q"
        tap_element(virtual_device, resource_id="dialog_positive_btn")
        listing = virtual_device.shell(["ls", folder])
        assert "Record-1q.m4a" in listing and "Record-1.m4a" not in listing
        tap_element(virtual_device, resource_id="btn_records_list")
        row = find_element(virtual_device, resource_id="list_item_name")
        assert row.text == "Record-1q"
        assert shown_ids(virtual_device, AR_ID) <= AR_REAL_IDS
        virtual_device.keyevent("KEYCODE_BACK")
        tap_element(virtual_device, resource_id="btn_settings")
        assert find_element(virtual_device, resource_id="swAskToRename").checked
        assert shown_ids(virtual_device, AR_ID) <= AR_REAL_IDS
    finally:
        virtual_device.shell(["am", "force-stop", recorder.PACKAGE])
        virtual_device.shell(["rm", "-rf", folder])
        virtual_device.shell(["mkdir", "-p", folder])
