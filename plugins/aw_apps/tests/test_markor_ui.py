"""The Markor tasks with UI-only solvers are done through Markor's screens alone."""

from __future__ import annotations

import subprocess
import sys

MARKOR_TASKS = (
    "MarkorCreateFolder",
    "MarkorCreateNote",
    "MarkorCreateNoteFromClipboard",
    "MarkorDeleteNote",
    "MarkorDeleteAllNotes",
    # The browser shows each note's modification time.
    "MarkorDeleteNewestNote",
    "MarkorMoveNote",
    "MarkorEditNote",
    # These two rename a note: the rename dialog opens with the name selected.
    "MarkorAddNoteHeader",
    "MarkorChangeNoteContent",
)


def test_markor_tasks_are_solved_through_the_screen() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "droidhub", "check", "--ui", "--tasks", ",".join(MARKOR_TASKS)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert f"{len(MARKOR_TASKS)} of {len(MARKOR_TASKS)} tasks pass" in proc.stdout
