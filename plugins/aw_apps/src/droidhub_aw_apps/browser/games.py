"""The three browser games of AndroidWorld's browser tasks, as plain Python.

Each game is drawn from a seed with the same linear congruential generator the
pages run in JavaScript (``seed = (1664525 * seed + 1013904223) mod 2**32``, a draw
is ``seed / 2**32``), so the Python game and the page show the same maze, the same
numbers and the same colours. The Python games are what Chrome shows on the virtual
phone, and what the oracles use to know the solution.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

_A, _C, _M = 1664525, 1013904223, 2**32


class SeededRandom:
    """The pages' generator: an LCG whose draws are floats in ``[0, 1)``."""

    def __init__(self, seed: int) -> None:
        self.state = seed

    def random(self) -> float:
        """The next draw."""
        self.state = (_A * self.state + _C) % _M
        return self.state / _M


# --- maze -------------------------------------------------------------------------------

MAZE_SIZE = 4
WALL, OPEN, GOAL = "#", " ", "$"
#: Row and column change of each direction button.
MOVES: dict[str, tuple[int, int]] = {
    "up": (-1, 0),
    "down": (1, 0),
    "left": (0, -1),
    "right": (0, 1),
}


def generate_maze(seed: int) -> list[list[str]]:
    """The 4x4 maze: carved from the top-left by a randomised depth-first walk that stops
    at the bottom-right, which becomes the goal."""
    rng = SeededRandom(seed)
    grid = [[WALL] * MAZE_SIZE for _ in range(MAZE_SIZE)]
    stack = [(0, 0)]
    # One direction list, reshuffled in place at every step (the shuffles accumulate).
    directions = [(-1, 0), (1, 0), (0, -1), (0, 1)]
    last = MAZE_SIZE - 1
    while stack:
        row, col = stack.pop()
        grid[row][col] = OPEN
        if (row, col) == (last, last):
            break
        for i in range(len(directions) - 1, 0, -1):
            j = int(rng.random() * (i + 1))
            directions[i], directions[j] = directions[j], directions[i]
        for d_row, d_col in directions:
            r, c = row + d_row, col + d_col
            if 0 <= r < MAZE_SIZE and 0 <= c < MAZE_SIZE and grid[r][c] == WALL:
                stack.append((r, c))
    grid[0][0] = OPEN
    grid[last][last] = GOAL
    return grid


@dataclass
class Maze:
    """A maze being played: the X starts top-left; reaching the goal wins."""

    seed: int
    grid: list[list[str]] = field(default_factory=list)
    position: tuple[int, int] = (0, 0)
    solved: bool = False

    def __post_init__(self) -> None:
        self.grid = generate_maze(self.seed)

    def move(self, direction: str) -> None:
        """Press a direction button; walls and edges stop the X."""
        if self.solved:
            return
        d_row, d_col = MOVES[direction]
        row, col = self.position[0] + d_row, self.position[1] + d_col
        if 0 <= row < MAZE_SIZE and 0 <= col < MAZE_SIZE and self.grid[row][col] != WALL:
            self.position = (row, col)
            self.solved = self.grid[row][col] == GOAL

    def solution(self) -> list[str]:
        """The shortest sequence of button presses from the X to the goal."""
        start, goal = self.position, (MAZE_SIZE - 1, MAZE_SIZE - 1)
        came: dict[tuple[int, int], tuple[tuple[int, int], str] | None] = {start: None}
        queue = deque([start])
        while queue:
            cell = queue.popleft()
            if cell == goal:
                break
            for name, (d_row, d_col) in MOVES.items():
                nxt = (cell[0] + d_row, cell[1] + d_col)
                if (
                    0 <= nxt[0] < MAZE_SIZE
                    and 0 <= nxt[1] < MAZE_SIZE
                    and self.grid[nxt[0]][nxt[1]] != WALL
                    and nxt not in came
                ):
                    came[nxt] = (cell, name)
                    queue.append(nxt)
        path: list[str] = []
        cell = goal
        while came.get(cell) is not None:
            previous, name = came[cell]  # type: ignore[misc]
            path.append(name)
            cell = previous
        return path[::-1]


# --- multiply ---------------------------------------------------------------------------

MULTIPLY_CLICKS = 5


@dataclass
class Multiply:
    """Numbers 1..10 appear one per click (the first on load); the fifth click shows a
    form that wants their product."""

    seed: int
    numbers: list[int] = field(default_factory=list)
    clicks: int = 0
    answer: str = ""
    result: str = ""

    def __post_init__(self) -> None:
        self._rng = SeededRandom(self.seed)
        self._draw()

    def _draw(self) -> None:
        self.numbers.append(int(self._rng.random() * 10) + 1)

    @property
    def form_shown(self) -> bool:
        """Whether the button has given way to the answer form."""
        return self.clicks >= MULTIPLY_CLICKS

    def click(self) -> None:
        """Press the button."""
        if self.form_shown:
            return
        self.clicks += 1
        if self.clicks < MULTIPLY_CLICKS:
            self._draw()

    def product(self) -> int:
        """The product of the numbers shown."""
        total = 1
        for n in self.numbers:
            total *= n
        return total

    def submit(self) -> None:
        """Press Submit: the answer is read as the page's ``parseInt`` reads it."""
        digits = ""
        for ch in self.answer.strip():
            if ch.isdigit() or (ch == "-" and not digits):
                digits += ch
            else:
                break
        ok = digits not in ("", "-") and int(digits) == self.product()
        self.result = "Success!" if ok else ""


# --- draw -------------------------------------------------------------------------------

PALETTE: tuple[str, ...] = (
    "#ff0000", "#00ff00", "#0000ff", "#ffff00", "#ff00ff", "#00ffff",
    "#800000", "#008000", "#000080", "#808000", "#800080", "#008080",
    "#ffa500", "#ff1493", "#9932cc", "#20b2aa", "#4b0082", "#00ff7f",
    "#ff6347", "#00ced1", "#9400d3", "#f0e68c", "#ff8c00", "#228b22",
)  # fmt: skip
#: The canvas's stroke colour before any palette button is pressed.
DEFAULT_STROKE = "#000000"


def task_colors(seed: int, count: int = 3) -> list[str]:
    """The colours the drawing must use: drawn without replacement from the palette."""
    rng = SeededRandom(seed)
    remaining = list(PALETTE)
    chosen = []
    for _ in range(count):
        chosen.append(remaining.pop(int(rng.random() * len(remaining))))
    return chosen


@dataclass
class Drawing:
    """A canvas, a palette, Clear and Submit; Submit wins when every task colour is on
    the canvas."""

    seed: int
    stroke: str = DEFAULT_STROKE
    used: set[str] = field(default_factory=set)
    result: str = ""

    @property
    def targets(self) -> list[str]:
        """The three colours shown at the top."""
        return task_colors(self.seed)

    def pick(self, color: str) -> None:
        """Press a palette button."""
        self.stroke = color

    def draw_line(self, length: float) -> None:
        """A stroke of ``length`` canvas pixels in the current colour (0 draws nothing)."""
        if length > 0:
            self.used.add(self.stroke)

    def clear(self) -> None:
        """Press Clear."""
        self.used.clear()

    def submit(self) -> None:
        """Press Submit."""
        self.result = "Success!" if all(c in self.used for c in self.targets) else ""


Game = Maze | Multiply | Drawing
