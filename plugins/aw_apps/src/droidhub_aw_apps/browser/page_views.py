"""The three game pages (:mod:`.pages`) as Chrome shows them: their elements, laid out
as the pages' CSS places them, with the nodes Chrome's accessibility tree reports.

The CSS boxes follow each page's style sheet under Chrome's defaults (8 px body
margin, ``line-height: normal`` about 1.15 em, buttons with 1 px padding and 6 px
sides unless styled, 1 em paragraph margins); widths of text are Roboto's. The maze
and the memory game declare no viewport, so Chrome lays them out 980 CSS px wide and
zooms them out to the screen; the drawing page is ``width=device-width``.

Nodes, in document order: the maze's sixteen cells (generic boxes, ``X`` in the
player's) then its four direction buttons; the memory game's number and its
``Click Me`` button (``id="more"``), then the field (``id="answer"``, placeholder
"Enter the product") and ``Submit``; the drawing's canvas (``aria-label`` "drawing
canvas"), "Available Colors:", the 24 palette buttons (no text), ``Clear`` and
``Submit``. A won game's ``Success!`` is a text node. The goal colours of the
drawing are empty spans: Chrome reports no node for them, they are only painted.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from droidhub.virtual.appmodel import PIXEL_6
from droidhub.virtual.views import Gravity
from droidhub_aw_apps.browser import games as browser_games
from droidhub_aw_apps.browser.model import SUCCESS_TEXT
from droidhub_aw_apps.browser.web import (
    DEFAULT_VIEWPORT_CSS,
    LINE_HEIGHT,
    CssBox,
    Decoration,
    Stroke,
    WebButton,
    WebCanvas,
    WebCell,
    WebField,
    WebNode,
    WebText,
    WebView,
    text_width_css,
)

#: Device pixels a CSS pixel: a zoomed-out 980 px page, and a device-width page.
ZOOMED_OUT = PIXEL_6.width / DEFAULT_VIEWPORT_CSS
DEVICE_WIDTH = PIXEL_6.density / 160
BODY_MARGIN = 8
#: The gap an inline run's whitespace leaves between two inline blocks (16 px font).
SPACE = 4

# --- maze -------------------------------------------------------------------------------

_MAZE_CELL_W, _MAZE_CELL_H, _MAZE_GAP = 110, 112, 2
_MAZE_FONT, _PAD_FONT = 56, 30
_MAZE_FILL = {browser_games.WALL: "#FF000000", browser_games.GOAL: "#FF00AA00"}


def _success(font_css: float, top: float, viewport: float) -> WebText:
    """A won game's heading, a block across the page."""
    width = viewport - 2 * BODY_MARGIN
    box = CssBox(BODY_MARGIN, top, width, round(font_css * LINE_HEIGHT))
    return WebText(SUCCESS_TEXT, box, font_css=font_css, bold=True, gravity=Gravity.LEFT)


def maze_page(game: browser_games.Maze) -> WebView:
    """The maze: a grid of 110 px cells 2 px apart, then Up, Down, Left, Right (30 px
    text, 15 px by 28 px of padding); won, only an ``<h1>`` that says so."""
    if game.solved:  # the page replaced its body with <h1>Success!</h1>
        heading = _success(32, 21.44, DEFAULT_VIEWPORT_CSS)
        return WebView("Maze", [heading], scale=ZOOMED_OUT)
    nodes: list[WebNode | WebField] = []
    for r in range(browser_games.MAZE_SIZE):
        for c in range(browser_games.MAZE_SIZE):
            box = CssBox(
                BODY_MARGIN + c * (_MAZE_CELL_W + _MAZE_GAP),
                BODY_MARGIN + r * (_MAZE_CELL_H + _MAZE_GAP),
                _MAZE_CELL_W,
                _MAZE_CELL_H,
            )
            kind = game.grid[r][c]
            text = "X" if (r, c) == game.position else ""
            fill = "#FFFFFFFF" if text else _MAZE_FILL.get(kind, "#FFFFFFFF")
            nodes.append(WebCell(text, box, fill, font_css=_MAZE_FONT))
    top = BODY_MARGIN + browser_games.MAZE_SIZE * (_MAZE_CELL_H + _MAZE_GAP) + 10
    height = round(_PAD_FONT * LINE_HEIGHT) + 2 * 15 + 2
    x = float(BODY_MARGIN)
    for name in ("Up", "Down", "Left", "Right"):
        width = text_width_css(name, _PAD_FONT) + 2 * 28 + 2
        move = functools.partial(game.move, name.lower())
        nodes.append(WebButton("", name, CssBox(x, top, width, height), move, font_css=_PAD_FONT))
        x += width + 5 + SPACE  # margin-right 5 px, then the whitespace between buttons
    return WebView("Maze", nodes, scale=ZOOMED_OUT)


# --- multiply ---------------------------------------------------------------------------

_NUMBER_FONT, _MORE_FONT, _FORM_FONT, _RESULT_FONT = 48, 24, 18, 24
_BODY_TOP = 50
#: ``<input>``'s default width: ``size="20"`` average characters, 5 px padding, border.
_FIELD_W = 180 + 2 * 5 + 2


def _centred(width: float, viewport: float = DEFAULT_VIEWPORT_CSS) -> float:
    return (viewport - width) / 2


def multiply_page(game: browser_games.Multiply, on_answer: Callable[[str], object]) -> WebView:
    """The memory game: the number (48 px) over ``Click Me``; after the fifth click the
    field and ``Submit``; after a right answer ``Success!`` under them."""
    nodes: list[WebNode | WebField] = []
    inner = DEFAULT_VIEWPORT_CSS - 2 * BODY_MARGIN
    if not game.form_shown:
        number_h = round(_NUMBER_FONT * LINE_HEIGHT)
        box = CssBox(BODY_MARGIN, _BODY_TOP, inner, number_h)
        nodes.append(WebText(str(game.numbers[-1]), box, font_css=_NUMBER_FONT))
        width = text_width_css("Click Me", _MORE_FONT) + 2 * 20 + 2
        height = round(_MORE_FONT * LINE_HEIGHT) + 2 * 10 + 2
        more = CssBox(_centred(width), _BODY_TOP + number_h + 20, width, height)
        nodes.append(WebButton("more", "Click Me", more, game.click, font_css=_MORE_FONT))
        return WebView("Memory", nodes, scale=ZOOMED_OUT)
    height = round(_FORM_FONT * LINE_HEIGHT) + 2 * 5 + 2
    submit_w = text_width_css("Submit", _FORM_FONT) + 2 * 5 + 2
    left = _centred(_FIELD_W + SPACE + submit_w)
    field = CssBox(left, _BODY_TOP, _FIELD_W, height)
    nodes.append(WebField("answer", game.answer, "Enter the product", field, on_answer))
    submit = CssBox(left + _FIELD_W + SPACE, _BODY_TOP, submit_w, height)
    nodes.append(WebButton("", "Submit", submit, game.submit, font_css=_FORM_FONT))
    if game.result:  # <div id="result"><h2>Success!</h2></div>, h2 margins 0.83 em
        top = _BODY_TOP + height + 0.83 * _RESULT_FONT
        heading = _success(_RESULT_FONT, top, DEFAULT_VIEWPORT_CSS)
        heading.gravity = Gravity.CENTER
        nodes.append(heading)
    return WebView("Memory", nodes, scale=ZOOMED_OUT)


# --- draw -------------------------------------------------------------------------------

_VIEWPORT = PIXEL_6.width / DEVICE_WIDTH
_SWATCH, _SWATCH_MARGIN, _PALETTE_W, _CANVAS = 50, 5, 300, 302
_BUTTON_FONT, _TEXT_FONT = 13.333, 14
_PALETTE_BUTTON, _PALETTE_MARGIN, _PER_ROW = 30, 3, 8


def draw_page(
    game: browser_games.Drawing,
    strokes: list[Stroke],
    on_clear: Callable[[], object],
) -> WebView:
    """The drawing: the three goal colours, the 300 px canvas, "Available Colors:",
    the palette (8 buttons of 30 px a row), Clear and Submit, and the result."""
    row_w = 3 * (_SWATCH + 2 * _SWATCH_MARGIN)
    spans = [
        Decoration(
            CssBox(
                _centred(row_w, _VIEWPORT) + _SWATCH_MARGIN + i * (_SWATCH + 2 * _SWATCH_MARGIN),
                BODY_MARGIN + _SWATCH_MARGIN,
                _SWATCH,
                _SWATCH,
            ),
            "#FF" + colour.removeprefix("#"),
        )
        for i, colour in enumerate(game.targets)
    ]
    canvas_top = BODY_MARGIN + _SWATCH + 2 * _SWATCH_MARGIN + SPACE
    canvas = CssBox(_centred(_CANVAS, _VIEWPORT), canvas_top, _CANVAS, _CANVAS)
    nodes: list[WebNode | WebField] = [WebCanvas("canvas", "drawing canvas", canvas, strokes)]
    text_h = round(_TEXT_FONT * LINE_HEIGHT)
    inner = _VIEWPORT - 2 * BODY_MARGIN
    label_top = canvas_top + _CANVAS + SPACE + _TEXT_FONT
    label = CssBox(BODY_MARGIN, label_top, inner, text_h)
    nodes.append(WebText("Available Colors:", label, font_css=_TEXT_FONT))
    palette_top = label_top + text_h + _TEXT_FONT
    step = _PALETTE_BUTTON + 2 * _PALETTE_MARGIN
    first = _centred(_PALETTE_W, _VIEWPORT) + (_PALETTE_W - _PER_ROW * step) / 2
    for i, colour in enumerate(browser_games.PALETTE):
        row, col = divmod(i, _PER_ROW)
        x, y = first + col * step + _PALETTE_MARGIN, palette_top + row * step + _PALETTE_MARGIN
        box = CssBox(x, y, _PALETTE_BUTTON, _PALETTE_BUTTON)
        pick = functools.partial(game.pick, colour)
        nodes.append(WebButton("", "", box, pick, fill="#FF" + colour.removeprefix("#")))
    rows = -(-len(browser_games.PALETTE) // _PER_ROW)
    buttons_top = palette_top + rows * step
    height = round(_BUTTON_FONT * LINE_HEIGHT) + 2 * 1 + 2 * 2
    clear_w = text_width_css("Clear", _BUTTON_FONT) + 2 * 6 + 2 * 2
    submit_w = text_width_css("Submit", _BUTTON_FONT) + 2 * 6 + 2 * 2
    left = _centred(clear_w + SPACE + submit_w, _VIEWPORT)
    nodes.append(WebButton("clear", "Clear", CssBox(left, buttons_top, clear_w, height), on_clear))
    submit = CssBox(left + clear_w + SPACE, buttons_top, submit_w, height)
    nodes.append(WebButton("submit", "Submit", submit, game.submit))
    if game.result:
        result = CssBox(BODY_MARGIN, buttons_top + height + _TEXT_FONT, inner, text_h)
        nodes.append(WebText(game.result, result, font_css=_TEXT_FONT))
    return WebView("Colours", nodes, scale=DEVICE_WIDTH, decorations=spans)


def canvas_scale() -> float:
    """Canvas pixels a screen pixel: the 300 px canvas drawn 300 CSS px wide."""
    return 1 / DEVICE_WIDTH
