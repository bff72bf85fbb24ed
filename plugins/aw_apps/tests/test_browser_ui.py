"""The three browser tasks are done through Chrome's page alone; the maze and the
drawing are read from pixels (their solvers ask for screenshots)."""

from __future__ import annotations

import subprocess
import sys

TASKS = ("BrowserMultiply", "BrowserMaze", "BrowserDraw")


def test_browser_tasks_are_solved_through_the_screen() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "droidhub", "check", "--ui", "--tasks", ",".join(TASKS)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert f"{len(TASKS)} of {len(TASKS)} tasks pass" in proc.stdout
