"""UI-only solvers of the three browser tasks: open task.html from Files (Chrome opens
it), then play the page.

The page's elements are read as Chrome reports them: the memory game's button and
field by their HTML ids (``more``, ``answer``), the other buttons by their text. The
maze's walls and the drawing's colours are drawn, not in the UI tree, so those two
solvers read pixels (``state.screenshot``) as a multimodal agent would: the cells'
and palette buttons' places come from the tree, their colours from the screenshot.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Mapping
from typing import Any

from PIL import Image

from droidhub import Action, State
from droidhub.agents.ui_solver import (
    SolverScript,
    SolverSteps,
    find_all,
    open_app,
    require,
    tap,
    type_into,
)
from droidhub_aw_apps.common.ui_solvers import SolverList

SOLVERS = SolverList()

_MOVES = {"Up": (-1, 0), "Down": (1, 0), "Left": (0, -1), "Right": (0, 1)}


def _open_task_page(state: State) -> SolverSteps:
    state = yield open_app("Files")
    state = yield tap(state, text="Download", resource_id="title")
    return (yield tap(state, text="task.html", resource_id="title"))


def _colour(image: Image.Image, x: int, y: int) -> tuple[int, int, int]:
    pixel = image.convert("RGB").getpixel((x, y))
    assert isinstance(pixel, tuple)
    return (int(pixel[0]), int(pixel[1]), int(pixel[2]))


@SOLVERS.solves("BrowserMultiply")
def solve_multiply(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Click five times reading each number, then enter their product and submit."""
    del goal, params
    state = yield from _open_task_page(state)
    numbers = []
    while find_all(state, resource_id="more"):
        shown = [e.text for e in state.ui_elements if e.text.isdigit()]
        numbers.append(int(shown[-1]))
        state = yield tap(state, resource_id="more")
    state = yield type_into(state, str(math.prod(numbers)), resource_id="answer")
    yield tap(state, text="Submit", class_name="android.widget.Button")


@SOLVERS.solves("BrowserMaze", pixels=True)
def solve_maze(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Read the grid (cells from the tree, walls from the pixels), find the shortest
    path from the X to the bottom-right cell, press the direction buttons."""
    del goal, params
    state = yield from _open_task_page(state)
    assert state.screenshot is not None
    cells = [
        e
        for e in state.ui_elements
        if e.class_name.endswith(".View") and e.bounds is not None and e.text in ("", "X")
    ]
    cells = [c for c in cells if c.bounds is not None and c.bounds.right - c.bounds.left > 100]
    size = math.isqrt(len(cells))
    grid = {}
    start = (0, 0)
    for index, cell in enumerate(cells):
        assert cell.bounds is not None
        r, c = divmod(index, size)
        red, green, blue = _colour(state.screenshot, *cell.bounds.center)
        grid[(r, c)] = red + green + blue > 100 or green > red  # not a black wall
        if cell.text == "X":
            start = (r, c)
    goal_cell = (size - 1, size - 1)
    previous: dict[tuple[int, int], tuple[tuple[int, int], str] | None] = {start: None}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for name, (dr, dc) in _MOVES.items():
            there = (here[0] + dr, here[1] + dc)
            if grid.get(there) and there not in previous:
                previous[there] = (here, name)
                queue.append(there)
    path: list[str] = []
    at = goal_cell
    while previous.get(at) is not None:
        step = previous[at]
        assert step is not None
        at, name = step
        path.append(name)
    for name in reversed(path):
        state = yield tap(state, text=name, class_name="android.widget.Button")


@SOLVERS.solves("BrowserDraw", pixels=True)
def solve_draw(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Read the three colours shown above the canvas, then for each: press the palette
    button of that colour and draw a stroke on the canvas; Submit."""
    del goal, params
    state = yield from _open_task_page(state)
    image = state.screenshot
    assert image is not None
    canvas_index = require(state, desc="drawing canvas")
    canvas = state.ui_elements[canvas_index].bounds
    page = state.ui_elements[require(state, class_name="WebView")].bounds
    assert canvas is not None and page is not None
    y = (page.top + canvas.top) // 2
    targets: list[tuple[int, int, int]] = []
    for x in range(0, image.width):
        colour = _colour(image, x, y)
        if colour != (255, 255, 255) and colour not in targets and sum(colour) < 760:
            targets.append(colour)
    swatches = [  # the palette: the page's buttons without a label
        i
        for i, e in enumerate(state.ui_elements)
        if e.class_name == "android.widget.Button" and not e.text and not e.content_description
    ]
    for target in targets[:3]:
        for index in swatches:
            box = state.ui_elements[index].bounds
            if box is not None and _colour(image, *box.center) == target:
                state = yield Action(action_type="click", index=index)
                state = yield Action(action_type="swipe", direction="right", index=canvas_index)
                break
    yield tap(state, resource_id="submit")
