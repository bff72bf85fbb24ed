"""The Clock, Camera, Audio Recorder, Simple Draw Pro, Files, Simple Gallery and
clipboard tasks are done through their apps' screens alone."""

from __future__ import annotations

from screen_checks import assert_solved_through_screen

TASKS = (
    "ClockTimerEntry",
    "ClockStopWatchRunning",
    "ClockStopWatchPausedVerify",
    "CameraTakePhoto",
    "CameraTakeVideo",
    "AudioRecorderRecordAudio",
    # The naming dialog opens with the proposed name selected: typing replaces it.
    "AudioRecorderRecordAudioWithFileName",
    "SimpleDrawProCreateDrawing",
    "FilesDeleteFile",
    "FilesMoveFile",
    "SaveCopyOfReceiptTaskEval",
    "SystemCopyToClipboard",
)


def test_small_app_tasks_are_solved_through_the_screen() -> None:
    assert_solved_through_screen(TASKS)
