"""The three browser tasks are done through Chrome's page alone; the maze and the
drawing are read from pixels (their solvers ask for screenshots)."""

from __future__ import annotations

from screen_checks import assert_solved_through_screen

TASKS = ("BrowserMultiply", "BrowserMaze", "BrowserDraw")


def test_browser_tasks_are_solved_through_the_screen() -> None:
    assert_solved_through_screen(TASKS)
