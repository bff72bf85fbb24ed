"""Material icons from Google's Material Symbols font (Apache-2.0), by the names apps use.

The font comes with droidhub as package data (``material_symbols/``): a subset of
Material Symbols Outlined holding the icons droidhub's screens draw, in their outlined
and filled forms, with its licence beside it. ``tools/material_symbols.py`` makes it
from the npm package ``material-symbols``; add a name there to draw a new icon.

An icon is the glyph's outline as a Skia path, scaled to the icon's size (Material
icons fill a 24-unit square, the font's em) and filled with the tint, as a
VectorDrawable with ``android:tint`` draws.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path

import skia

_FOLDER = Path(__file__).with_name("material_symbols")
#: Outlines are taken at this size and scaled: one path per icon, any size.
_UNITS = 240.0


@functools.cache
def _typeface() -> skia.Typeface:
    face = skia.Typeface.MakeFromFile(str(_FOLDER / "MaterialSymbolsOutlined.ttf"))
    if face is None:
        raise RuntimeError(f"Skia could not read {_FOLDER / 'MaterialSymbolsOutlined.ttf'}")
    return face


@functools.cache
def _glyphs() -> dict[str, dict[str, int]]:
    document = json.loads((_FOLDER / "glyphs.json").read_text())
    return {"outlined": document["outlined"], "filled": document["filled"]}


@functools.cache
def names(filled: bool = False) -> frozenset[str]:
    """The icons there are (``filled``: those with a filled form)."""
    return frozenset(_glyphs()["filled" if filled else "outlined"])


@functools.cache
def _outline(name: str, filled: bool) -> skia.Path | None:
    table = _glyphs()["filled" if filled else "outlined"]
    glyph = table.get(name)
    if glyph is None and filled:
        glyph = _glyphs()["outlined"].get(name)  # no filled form: the outlined one
    if glyph is None:
        return None
    path = skia.Font(_typeface(), _UNITS).getPath(glyph)
    if path is None:
        return None
    path.offset(0, _UNITS)  # the em square from the baseline up, moved to (0, 0)
    return path


@functools.lru_cache(maxsize=1024)
def sized(name: str, size: int, filled: bool = False) -> skia.Path | None:
    """The icon ``name`` in a ``size``-px square at the origin (remembered: a screen
    draws the same few icons at the same sizes on every screenshot)."""
    outline = _outline(name, filled)
    if outline is None:
        return None
    scaled = skia.Path(outline)
    scaled.transform(skia.Matrix.Scale(size / _UNITS, size / _UNITS))
    return scaled


def path(name: str, box: tuple[int, int, int, int], filled: bool = False) -> skia.Path | None:
    """The icon ``name`` filling ``box`` (a square of device pixels), or None if the font
    has no icon of that name."""
    left, top, right, bottom = box
    scaled = sized(name, min(right - left, bottom - top), filled)
    if scaled is None:
        return None
    placed = skia.Path(scaled)
    placed.offset(left, top)
    return placed
