"""The reasoning of the oracles that read drawings and play games, checked without a
phone: the tic-tac-toe opponent's rule and the best reply, corners of a drawn
polygon, the shape of a drawn fill, and a description's parts."""

from __future__ import annotations

import math

import pytest
from PIL import Image, ImageDraw

from droidhub import BoundingBox
from droidhub_miniwob.solvers.drawn import count_corners, parse_description, shape_of
from droidhub_miniwob.solvers.games import best_move, opponent_moves, win_chance, winner


def board(text: str) -> tuple[str, ...]:
    return tuple("" if c == "." else c for c in text)


def test_the_opponent_completes_its_own_line_before_blocking_the_players() -> None:
    # O can win at 2 (row 0-1-2); X threatens 8 (column 2-5-8 is not it: 6-7-8).
    moves = opponent_moves(board("OO.XX...."))
    smart = [cell for p, cell in moves if p == pytest.approx(0.45)]
    assert smart == [2]
    assert sum(p for p, _ in moves) == pytest.approx(1.0)


def test_an_empty_board_draws_a_random_opening() -> None:
    assert sorted(c for _, c in opponent_moves(board("........."))) == list(range(9))


def test_best_move_takes_a_win_on_the_board() -> None:
    assert best_move(board("XX.OO....")) == 2
    assert winner(board("XXXOO....")) == "X"


def test_a_blocked_board_has_no_chance_left() -> None:
    assert win_chance(board("XOXXOOOX.")) == 0.0
    assert 0.9 < win_chance(board(".........")) < 1.0


@pytest.mark.parametrize("sides", [3, 4, 5, 6, 7])
@pytest.mark.parametrize("turn", [0, 17, 45, 90, 133])
def test_corners_of_an_outlined_regular_polygon_are_counted(sides: int, turn: int) -> None:
    # As count-sides draws it at the phone's 500 %: radius 35 CSS px, a 3 px line.
    image = Image.new("RGB", (750, 500), "white")
    centre = (375, 250)
    start = math.radians(turn)
    points = [
        (
            centre[0] + 175 * math.cos(start + 2 * math.pi * i / sides),
            centre[1] + 175 * math.sin(start + 2 * math.pi * i / sides),
        )
        for i in range(sides + 1)
    ]
    ImageDraw.Draw(image).line(points, fill="black", width=15)
    assert count_corners(image, centre) == sides


@pytest.mark.parametrize("shape", ["rectangle", "circle", "triangle"])
def test_a_filled_shape_is_told_by_where_its_fill_reaches(shape: str) -> None:
    image = Image.new("RGB", (100, 100), "white")
    draw = ImageDraw.Draw(image)
    if shape == "rectangle":
        draw.rectangle((0, 0, 99, 99), fill="blue")
    elif shape == "circle":
        draw.ellipse((0, 0, 99, 99), fill="blue")
    else:
        draw.polygon([(0, 99), (50, 0), (99, 99)], fill="blue")
    assert shape_of(image, BoundingBox(0, 0, 100, 100), "blue") == shape


def test_descriptions_split_into_size_colour_and_what() -> None:
    assert parse_description("large red circle") == ("large", "red", "circle")
    assert parse_description("small item") == ("small", "", "item")
    assert parse_description("aqua 5") == ("", "aqua", "5")
    assert parse_description("letter") == ("", "", "letter")
