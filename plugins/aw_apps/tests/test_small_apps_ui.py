"""The Clock, Camera, Audio Recorder, Simple Draw Pro, Files, Simple Gallery and
clipboard tasks are done through their apps' screens alone."""

from __future__ import annotations

import subprocess
import sys

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
    proc = subprocess.run(
        [sys.executable, "-m", "droidhub", "check", "--ui", "--tasks", ",".join(TASKS)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert f"{len(TASKS)} of {len(TASKS)} tasks pass" in proc.stdout
