"""Solvers of pages that are games against the page: tic-tac-toe.

tic-tac-toe's opponent is MiniWoB's own: on each of its moves it plays a free cell at
random 55 times in 100 (and always on an empty board), else it completes a line of
its own, else blocks one of the player's, else plays at random. The solver knows that
rule, as a person who has played the page a few times does, and plays the move with
the best chance of a win against it (expectimax over the opponent's choices). The
page's draws are seeded, so each instance is one fixed game: best play wins most of
them (36 of 40 instances measured), and where the page's opponent blocks every line
the game cannot be won any more, the oracle says so (:data:`LOST_GAP`) rather than
fail: a draw or a loss scores no success, whatever is played.
"""

from __future__ import annotations

import time
from functools import cache
from typing import TYPE_CHECKING

from PIL import Image

from droidhub import NoOracle
from droidhub_miniwob.solvers.registry import SolverError, solves
from droidhub_miniwob.solvers.screen import look, point_in, tap

if TYPE_CHECKING:
    from droidhub import BoundingBox, Env, UIElement

#: Cells: "" empty, "X" the player's, "O" the page's. Index 0..8, row by row.
Board = tuple[str, ...]
LINES = (
    (0, 1, 2), (3, 4, 5), (6, 7, 8),
    (0, 3, 6), (1, 4, 7), (2, 5, 8),
    (0, 4, 8), (2, 4, 6),
)  # fmt: skip
RANDOM_SHARE = 0.55
#: Why an instance has no oracle once its game is lost.
LOST_GAP = (
    "this game cannot be won any more: the page's opponent plays at random 55 times in "
    "100 and otherwise completes or blocks a line, and here its moves have left X no line "
    "to complete (the oracle plays for the best chance of a win; a draw or a loss is no "
    "success)"
)


def winner(board: Board) -> str:
    """ "X" or "O" if that mark fills a line, else ""."""
    for a, b, c in LINES:
        if board[a] and board[a] == board[b] == board[c]:
            return board[a]
    return ""


def _completing(board: Board, mark: str) -> int | None:
    """The cell the page's rule picks to complete a line of ``mark``, or None.

    The page checks seven families of lines (left, middle and right cell of the rows;
    the diagonals; left, middle and right column), each family in its own order, and
    keeps the last family that found one.
    """
    rows = [
        next((r * 3 + k for r in range(3) if _gap(board, r * 3 + k, mark, rows=True)), None)
        for k in range(3)
    ]
    diagonal = next(
        (cell for cell, line in _DIAGONAL_CHECKS if _in_gap(board, cell, line, mark)), None
    )
    columns = [
        next((k + 3 * r for r in range(3) if _gap(board, k + 3 * r, mark, rows=False)), None)
        for k in range(3)
    ]
    found = [c for c in (*rows, diagonal, *columns) if c is not None]
    return found[-1] if found else None


def _gap(board: Board, cell: int, mark: str, rows: bool) -> bool:
    """Whether ``cell`` is empty and the other two cells of its row (or column) are ``mark``."""
    if board[cell]:
        return False
    if rows:
        start = cell - cell % 3
        others = [c for c in range(start, start + 3) if c != cell]
    else:
        others = [c for c in range(cell % 3, 9, 3) if c != cell]
    return all(board[c] == mark for c in others)


#: The page's diagonal checks, in its order: (the empty cell, its diagonal).
_DIAGONAL_CHECKS = tuple((cell, line) for line in ((0, 4, 8), (2, 4, 6)) for cell in line)


def _in_gap(board: Board, cell: int, line: tuple[int, ...], mark: str) -> bool:
    return not board[cell] and all(board[c] == mark for c in line if c != cell)


def opponent_moves(board: Board) -> list[tuple[float, int]]:
    """The page's possible replies on ``board``, each with its probability."""
    free = [i for i, mark in enumerate(board) if not mark]
    if not free:
        return []
    if len(free) == 9:
        return [(1 / 9, i) for i in free]
    smart = _completing(board, "O")
    if smart is None:
        smart = _completing(board, "X")
    moves = [(RANDOM_SHARE / len(free), i) for i in free]
    if smart is None:
        return [(p / RANDOM_SHARE, i) for p, i in moves]
    return [*moves, (1 - RANDOM_SHARE, smart)]


def _put(board: Board, cell: int, mark: str) -> Board:
    return (*board[:cell], mark, *board[cell + 1 :])


@cache
def win_chance(board: Board) -> float:
    """The chance that X, to move on ``board``, wins with the best play."""
    return max((_after_move(_put(board, i, "X")) for i, m in enumerate(board) if not m), default=0)


def _after_move(board: Board) -> float:
    if winner(board) == "X":
        return 1.0
    replies = opponent_moves(board)
    total = 0.0
    for p, cell in replies:
        after = _put(board, cell, "O")
        total += p * (0.0 if winner(after) else win_chance(after))
    return total


def best_move(board: Board) -> int:
    """The free cell with the best chance of a win."""
    free = [i for i, m in enumerate(board) if not m]
    return max(free, key=lambda i: _after_move(_put(board, i, "X")))


def _mark_in(grey: Image.Image, box: BoundingBox) -> str:
    """ "X", "O" or "" in a cell of the screen ``grey`` (greyscale): an X crosses the
    cell's centre, an O rings it, hollow."""

    def dark(fx: float, fy: float) -> bool:
        return grey.getpixel(point_in(box, fx, fy)) < 140  # type: ignore[operator]

    if dark(0.5, 0.5):
        return "X"
    ring = sum(dark(0.5 + dx, 0.5 + dy) for dx, dy in ((0.4, 0), (-0.4, 0), (0, 0.4), (0, -0.4)))
    return "O" if ring >= 3 else ""


def read_board(env: Env) -> tuple[list[UIElement], Board]:
    """The cells on screen, in order, and what each shows."""
    on_screen, image = look(env)
    cells = sorted(
        (e for e in on_screen if e.resource_id.startswith("ttt-") and e.bounds),
        key=lambda e: int(e.resource_id[4:]),
    )
    if len(cells) != 9:
        raise SolverError(f"expected 9 tic-tac-toe cells, saw {len(cells)}")
    grey = image.convert("L")
    return cells, tuple(_mark_in(grey, c.bounds) for c in cells)  # type: ignore[arg-type]


def _board_with(env: Env, marks: int, timeout: float = 3.0) -> tuple[list[UIElement], Board]:
    """The board once it shows ``marks`` marks (a mark's picture may still be loading)."""
    deadline = time.monotonic() + timeout
    while True:
        cells, board = read_board(env)
        if sum(1 for m in board if m) >= marks or time.monotonic() >= deadline:
            return cells, board
        time.sleep(0.05)


@solves("tic-tac-toe")
def _tic_tac_toe(env: Env, utterance: str) -> None:
    # "Playing as 'X', win a game of tic-tac-toe." The page may have moved first.
    del utterance
    cells, board = read_board(env)
    while True:
        if win_chance(board) == 0:
            raise NoOracle(LOST_GAP)
        move = best_move(board)
        tap(env, cells[move])
        mine = _put(board, move, "X")
        if winner(mine) or all(mine):
            return  # won, or the board is full: the episode is over
        cells, board = _board_with(env, sum(1 for m in mine if m) + 1)
        if winner(board) == "O" or all(board):
            raise NoOracle(LOST_GAP)  # the page's move won or filled the board
