"""Solvers of pages whose answer is drawn, not written: coloured boxes, shades, SVG
shapes, letters and digits in a grid, and the pie menu.

The UI tree says where each item is (an SVG shape is a ``View``, a letter or digit a
``TextView`` with its text); what colour or shape it is comes from the screenshot, as
a person sees it: the pixels inside the item's bounds.
"""

from __future__ import annotations

import colorsys
import math
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from PIL import Image, ImageColor

from droidhub import Action, BoundingBox, NoOracle, UIElement
from droidhub_miniwob.solvers.registry import SolverError, solves
from droidhub_miniwob.solvers.screen import (
    BUTTON,
    EDIT_TEXT,
    IMAGE,
    TEXT_VIEW,
    bounds_of,
    by_text,
    contains,
    elements,
    find,
    look,
    one_quoted,
    point_in,
    submit,
    tap,
    type_into,
    wait_gone,
)

if TYPE_CHECKING:
    from droidhub import Env

#: The colours the shape pages draw with (MiniWoB's ``shapes.COLORS``), CSS names.
SHAPE_COLOURS = ("red", "green", "blue", "aqua", "black", "magenta", "yellow")
#: Device pixels of a grid cell: 20 CSS pixels at the page's 500 % zoom. A large item
#: fills a cell, a small one half of it.
_CELL = 100
_WHITE = (255, 255, 255)


def _distance(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    return float(sum((x - y) ** 2 for x, y in zip(a, b, strict=False)))


def nearest(colour: tuple[int, ...], names: tuple[str, ...]) -> str:
    """The CSS colour name of ``names`` closest to ``colour``."""
    return min(names, key=lambda n: _distance(colour, ImageColor.getrgb(n)))


def ink(image: Image.Image, box: BoundingBox) -> tuple[int, int, int] | None:
    """The commonest colour inside ``box`` that is not the white background (the fill
    of a shape, the stroke of a glyph); None if the box is blank."""
    crop = image.crop((box.left, box.top, box.right, box.bottom))
    # Every colour with its count (as many colours at most as there are pixels).
    counts = crop.getcolors(max(1, crop.width * crop.height)) or []
    for _, colour in sorted(counts, key=lambda pair: -pair[0]):
        if isinstance(colour, tuple) and _distance(colour, _WHITE) > 30**2:
            red, green, blue = colour[:3]
            return red, green, blue
    return None


def ink_box(image: Image.Image, box: BoundingBox) -> BoundingBox | None:
    """The bounds of everything drawn (not white) inside ``box``; None if it is blank."""
    crop = image.crop((box.left, box.top, box.right, box.bottom)).convert("L")
    drawn = crop.point(lambda v: 255 if v < 235 else 0).getbbox()
    if drawn is None:
        return None
    left, top, right, bottom = drawn
    return BoundingBox(box.left + left, box.top + top, box.left + right, box.top + bottom)


def centre_colour(image: Image.Image, box: BoundingBox) -> tuple[int, int, int]:
    """The colour at the centre of ``box``."""
    return image.getpixel(box.center)  # type: ignore[return-value]


# --- colours ------------------------------------------------------------------------------


@solves("click-color")
def _click_color(env: Env, utterance: str) -> None:
    # "Click on the black colored box." (the page names the colour in words).
    found = re.search(r"Click on the (\w+) colored box", utterance)
    if not found:
        raise SolverError(f"no colour in {utterance!r}")
    wanted = ImageColor.getrgb(found.group(1))
    on_screen, image = look(env)
    # The instruction may show the colour as a swatch of its own: not a box to click.
    query = bounds_of(on_screen, "query")
    boxes = [
        e
        for e in on_screen
        if e.clickable
        and e.class_name.endswith(".View")
        and e.bounds
        and not (query and contains(query, e.bounds))
    ]
    if not boxes:
        raise SolverError("no colour boxes on screen")
    best = min(boxes, key=lambda e: _distance(centre_colour(image, e.bounds), wanted))  # type: ignore[arg-type]
    tap(env, best, on_screen)


_HUES = {"red": 0.0, "green": 120.0, "blue": 240.0}


def _hue(colour: tuple[int, int, int]) -> float:
    h, _, _ = colorsys.rgb_to_hls(*(c / 255 for c in colour))
    return h * 360


@solves("click-shades")
def _click_shades(env: Env, utterance: str) -> None:
    # "Select all the shades of green and press Submit." Each square is one of the three
    # hues at some saturation and lightness: tell them apart by hue.
    found = re.search(r"shades of (\w+)", utterance)
    if not found or found.group(1) not in _HUES:
        raise SolverError(f"no hue in {utterance!r}")
    on_screen, image = look(env)
    squares = [e for e in on_screen if e.clickable and e.class_name.endswith(".View") and e.bounds]
    for square in squares:
        hue = _hue(centre_colour(image, square.bounds))  # type: ignore[arg-type]
        nearest_hue = min(_HUES, key=lambda n: min(abs(hue - _HUES[n]), 360 - abs(hue - _HUES[n])))
        if nearest_hue == found.group(1):
            tap(env, square, on_screen)
    submit(env)


@solves("use-colorwheel", "use-colorwheel-2")
def _use_colorwheel(env: Env, utterance: str) -> None:
    # "Select olive with the color picker and hit Submit." / "Select the following color
    # [a swatch] with the color picker and hit Submit." The picker's field holds the
    # colour as hex: clear it and type the colour (AndroidWorld's input_text with
    # clear_text), as exact as the page wants it.
    on_screen, image = look(env)
    named = re.search(r"Select (\w+) with the color picker", utterance)
    if named:
        rgb = ImageColor.getrgb(named.group(1))
    else:
        query = next((e.bounds for e in on_screen if e.text.startswith("Select the")), None)
        swatch = next(
            (
                e.bounds
                for e in on_screen
                if e.class_name.endswith(".View")
                and e.bounds
                and query
                and e.bounds.top < query.bottom
            ),
            None,
        )
        if swatch is None:
            raise SolverError("no colour swatch in the instruction")
        rgb = centre_colour(image, swatch)
    field = next((e for e in on_screen if e.resource_id == "col" and e.bounds), None)
    if field is None or field.bounds is None:
        raise SolverError("no colour field on screen")
    hex_code = "".join(f"{c:02X}" for c in rgb[:3])
    x, y = field.bounds.center
    env.execute_action(Action(action_type="input_text", text=hex_code, x=x, y=y, clear_text=True))
    # The picker stays open over the Submit button: a tap off the page closes it.
    env.execute_action(Action(action_type="click", x=1000, y=field.bounds.top))
    wait_gone(env, lambda e: e.class_name == IMAGE, "the colour picker")
    submit(env)


# --- shapes, letters and digits in a grid --------------------------------------------------


@dataclass(frozen=True)
class Item:
    """One drawn item of a shape grid, as seen."""

    element: UIElement
    kind: str  # "letter", "digit" or "shape"
    text: str  # the letter or digit; for a shape "circle", "rectangle" or "triangle"
    colour: str
    large: bool

    def matches(self, size: str, colour: str, what: str) -> bool:
        """Whether the item fits a description's parts, as MiniWoB's shapes.js checks:
        an empty size or colour fits any, "item" any kind."""
        return (
            (not size or (size == "large") == self.large)
            and (not colour or colour == self.colour)
            and (what == "item" or what in (self.text, self.kind))
        )


def _filled(image: Image.Image, box: BoundingBox, fx: float, fy: float, colour: str) -> bool:
    seen: tuple[int, int, int] = image.getpixel(point_in(box, fx, fy))  # type: ignore[assignment]
    return _distance(seen, ImageColor.getrgb(colour)) < 60**2


def shape_of(image: Image.Image, box: BoundingBox, colour: str) -> str:
    """Circle, rectangle or triangle, from where the fill reaches: a rectangle fills its
    top corners, a triangle (point up) only its bottom ones, a circle neither."""
    if _filled(image, box, 0.1, 0.1, colour):
        return "rectangle"
    if _filled(image, box, 0.1, 0.9, colour):
        return "triangle"
    return "circle"


def _drawing_area(on_screen: list[UIElement]) -> BoundingBox:
    area = bounds_of(on_screen, "area_svg")
    if area is None:
        raise SolverError("no drawing area on screen")
    return area


def _inside(element: UIElement, area: BoundingBox) -> bool:
    """Whether ``element`` is drawn in ``area`` (its centre is), and not the area itself."""
    box = element.bounds
    if box is None or box.area == 0 or box == area:
        return False
    x, y = box.center
    return area.left <= x < area.right and area.top <= y < area.bottom


def read_grid(env: Env) -> tuple[list[UIElement], list[Item]]:
    """The screen, and every item drawn in the page's SVG area."""
    on_screen, image = look(env)
    area = _drawing_area(on_screen)
    items = []
    for e in on_screen:
        box = e.bounds
        if box is None or not e.clickable or not _inside(e, area):
            continue
        seen = ink(image, box)
        if seen is None:
            continue
        colour = nearest(seen, SHAPE_COLOURS)
        large = (box.bottom - box.top) >= 0.75 * _CELL
        if e.class_name == TEXT_VIEW and e.text.strip():
            text = e.text.strip()
            kind = "digit" if text.isdigit() else "letter"
        else:
            text, kind = shape_of(image, box, colour), "shape"
        items.append(Item(e, kind, text, colour, large))
    return on_screen, items


def parse_description(text: str) -> tuple[str, str, str]:
    """``"large red circle"`` -> ("large", "red", "circle"); missing parts are empty."""
    words = text.split()
    size = words.pop(0) if words and words[0] in ("large", "small") else ""
    colour = words.pop(0) if words and words[0] in SHAPE_COLOURS else ""
    what = " ".join(words) or "item"
    return size, colour, what


@solves("click-shape")
def _click_shape(env: Env, utterance: str) -> None:
    # "Click on a large item" / "Click on a small red e" / "Click on a blue shape".
    found = re.fullmatch(r"Click on an? (.+?)\.?", utterance.strip())
    if not found:
        raise SolverError(f"no description in {utterance!r}")
    parts = parse_description(found.group(1))
    on_screen, items = read_grid(env)
    match = next((i for i in items if i.matches(*parts)), None)
    if match is None:
        raise SolverError(f"nothing drawn fits {found.group(1)!r}")
    tap(env, match.element, on_screen)


@solves("count-shape")
def _count_shape(env: Env, utterance: str) -> None:
    # "How many large red items are there?": the description with a plural "s".
    found = re.search(r"How many (.+)s are there\?", utterance)
    if not found:
        raise SolverError(f"no description in {utterance!r}")
    parts = parse_description(found.group(1))
    _, items = read_grid(env)
    count = sum(1 for i in items if i.matches(*parts))
    tap(env, find(env, by_text(BUTTON, str(count)), f"button {count}"))


_IDENTIFY_BUTTONS = {"digit": "Number", "letter": "Letter"}


@solves("identify-shape")
def _identify_shape(env: Env, utterance: str) -> None:
    # "Click the button that best describes the figure below." One item, drawn large.
    # A letter or digit is text in the tree; a shape has no node (nothing listens on
    # it), so it is found as the ink in the drawing area.
    del utterance
    on_screen, image = look(env)
    area = _drawing_area(on_screen)
    glyph = next((e for e in on_screen if e.class_name == TEXT_VIEW and _inside(e, area)), None)
    if glyph is not None:
        label = _IDENTIFY_BUTTONS["digit" if glyph.text.strip().isdigit() else "letter"]
    else:
        box = ink_box(image, area)
        if box is None:
            raise SolverError("nothing drawn in the drawing area")
        seen = ink(image, box)
        assert seen is not None
        label = shape_of(image, box, nearest(seen, SHAPE_COLOURS)).capitalize()
    tap(env, find(env, by_text(BUTTON, label), f"button {label!r}"))


# --- the pie menu -----------------------------------------------------------------------------


@solves("click-pie")
def _click_pie(env: Env, utterance: str) -> None:
    # 'Expand the pie menu below and click on the item labeled "7".' The labels are in
    # the tree from the start, folded into the centre: tap "+", then the label once the
    # menu has spread out and stopped moving.
    label = one_quoted(utterance)
    tap(env, find(env, by_text(TEXT_VIEW, "+"), "the pie menu's + button"))

    def spread(e: UIElement) -> bool:
        return (
            e.class_name == TEXT_VIEW
            and e.text.strip() == label
            and e.bounds is not None
            and (e.bounds.bottom - e.bounds.top) > 30
        )

    tap(env, find(env, spread, f"pie item {label!r}"))


# --- counting what is drawn ---------------------------------------------------------------


@solves("visual-addition")
def _visual_addition(env: Env, utterance: str) -> None:
    # "Type the total number of blocks into the textbox and press Submit." Each block is
    # a painted square, a View of its own in the tree: count them.
    del utterance
    on_screen = elements(env)
    blocks = [
        e
        for e in on_screen
        if e.class_name.endswith(".View") and not e.clickable and e.bounds and e.bounds.area > 0
    ]
    field = next((e for e in on_screen if e.class_name == EDIT_TEXT), None)
    if not blocks or field is None:
        raise SolverError("no blocks or no answer field on screen")
    type_into(env, field, str(len(blocks)))
    submit(env)


def _radius_to_ink(image: Image.Image, centre: tuple[int, int], angle: float) -> float:
    """Device pixels from ``centre`` to the first dark pixel towards ``angle``."""
    dx, dy = math.cos(angle), math.sin(angle)
    width, height = image.size
    for r in range(1, max(width, height)):
        x, y = round(centre[0] + dx * r), round(centre[1] + dy * r)
        if not (0 <= x < width and 0 <= y < height):
            return float(r)
        if sum(image.getpixel((x, y))) < 3 * 128:  # type: ignore[arg-type]
            return float(r)
    return 0.0


def count_corners(image: Image.Image, centre: tuple[int, int], samples: int = 720) -> int:
    """The corners of a regular polygon outlined around ``centre``: seen from the centre,
    the outline is farthest at each corner, so count the angles where that distance
    peaks (a corner is at least 51 degrees from the next, for up to 7 sides)."""
    radii = [_radius_to_ink(image, centre, 2 * math.pi * i / samples) for i in range(samples)]
    half = samples * 20 // 360  # look 20 degrees each way
    peaks: list[int] = []
    for i, r in enumerate(radii):
        around = [radii[(i + k) % samples] for k in range(-half, half + 1)]
        if r == max(around) and r - min(around) > 3:
            if peaks and (i - peaks[-1]) <= half:
                continue  # the same corner, a flat top of equal distances
            peaks.append(i)
    if len(peaks) > 1 and peaks[0] + samples - peaks[-1] <= half:
        peaks.pop()  # the first corner, seen again past 360 degrees
    return len(peaks)


@solves("count-sides")
def _count_sides(env: Env, utterance: str) -> None:
    # "Press the button that correctly denotes how many sides the shape has." A regular
    # polygon is outlined around the canvas's centre, turned at random.
    del utterance
    on_screen, image = look(env)
    canvas = bounds_of(on_screen, "c")
    if canvas is None:
        raise SolverError("no canvas on screen")
    sides = count_corners(image, canvas.center)
    tap(env, find(env, by_text(BUTTON, str(sides)), f"button {sides}"))


# --- dragging what is drawn ---------------------------------------------------------------

#: Why a drag-item instance may have no solution with AndroidWorld's actions.
DRAG_GAP = (
    "AndroidWorld's actions start a drag only in the middle of an element or of the "
    "screen (scroll), and here the circle, an SVG shape with no node in the UI tree, "
    "does not cover the middle of its drawing area, so no action of the set moves it"
)
#: The scroll that drags from an element's middle towards each side.
_DRAG_BY_SCROLL: dict[str, Literal["up", "down", "left", "right"]] = {
    "up": "down",
    "down": "up",
    "left": "right",
    "right": "left",
}


@solves("drag-item")
def _drag_item(env: Env, utterance: str) -> None:
    # "Drag the circle left then press Submit." The circle is seen in the screenshot; a
    # scroll on the drawing area drags from its middle, which moves the circle only when
    # the circle lies there.
    found = re.search(r"Drag the circle (up|down|left|right)", utterance)
    if found is None:
        raise SolverError(f"no direction in {utterance!r}")
    on_screen, image = look(env)
    area = next((e for e in on_screen if e.class_name == IMAGE and e.bounds), None)
    if area is None or area.bounds is None:
        raise SolverError("no drawing area on screen")
    # The drawing reaches past the page's 160 CSS px, into the grey beyond: look only
    # as wide as the instruction above it.
    query = bounds_of(on_screen, "query")
    right = min(area.bounds.right, query.right) if query else area.bounds.right
    box = BoundingBox(area.bounds.left, area.bounds.top, right, area.bounds.bottom)
    circle = ink_box(image, box)
    if circle is None:
        raise SolverError("no circle drawn")
    (cx, cy), (mx, my) = circle.center, area.bounds.center  # the scroll starts there
    radius = (circle.right - circle.left) / 2
    if math.hypot(mx - cx, my - cy) > radius - 10:
        raise NoOracle(DRAG_GAP)
    direction = _DRAG_BY_SCROLL[found.group(1)]
    env.execute_action(
        Action(action_type="scroll", direction=direction, index=on_screen.index(area))
    )
    submit(env)
