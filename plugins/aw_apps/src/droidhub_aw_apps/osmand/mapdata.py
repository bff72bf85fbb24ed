"""The map OsmAnd shows: a small vector picture of Liechtenstein, and the Web Mercator
projection that places it (and the favourites, markers and route points) on the screen.

AndroidWorld's set-up pushes ``Liechtenstein_europe.obf``, OsmAnd's binary map of the
country, which cannot be read here. The picture is drawn from a few dozen coarse
coordinates written down as facts instead: the country's outline, the Rhine along its
western border, the main roads between the towns, and the towns themselves (the places
AndroidWorld's tasks name, plus Vaduz and a few others). The places' coordinates come
from AndroidWorld's task set-up, which took them from OpenStreetMap: hence the
"© OpenStreetMap contributors" the map carries in its corner, as OsmAnd's maps do.

Colours are OsmAnd's default day style's (land, water, primary and secondary roads,
the administrative border): approximations of its rendering rules, not read from them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

#: Liechtenstein's outline, (lat, lon) clockwise from its northern tip at the Rhine.
BORDER: tuple[tuple[float, float], ...] = (
    (47.2705, 9.5300), (47.2620, 9.5550), (47.2450, 9.5700), (47.2250, 9.5800),
    (47.2150, 9.5850), (47.2000, 9.6000), (47.1800, 9.6200), (47.1550, 9.6250),
    (47.1300, 9.6400), (47.1050, 9.6350), (47.0800, 9.6150), (47.0600, 9.6050),
    (47.0500, 9.5800), (47.0480, 9.5400), (47.0550, 9.5100), (47.0620, 9.4900),
    (47.0800, 9.4880), (47.1000, 9.4950), (47.1250, 9.5020), (47.1450, 9.5060),
    (47.1650, 9.4950), (47.1900, 9.4880), (47.2100, 9.4900), (47.2300, 9.5050),
    (47.2500, 9.5230),
)  # fmt: skip

#: The Rhine, upstream to downstream, just west of the border.
RHINE: tuple[tuple[float, float], ...] = (
    (47.0450, 9.4850), (47.0620, 9.4870), (47.0800, 9.4850), (47.1000, 9.4920),
    (47.1250, 9.4990), (47.1450, 9.5030), (47.1650, 9.4920), (47.1900, 9.4850),
    (47.2100, 9.4870), (47.2300, 9.5020), (47.2500, 9.5200), (47.2750, 9.5320),
)  # fmt: skip

#: Towns on the map: the places the tasks name and a few more, (lat, lon).
TOWNS: dict[str, tuple[float, float]] = {
    "Vaduz": (47.1410, 9.5215),
    "Eschen": (47.2107, 9.5223),
    "Mauren": (47.2196, 9.5436),
    "Gamprin": (47.2200, 9.5090),
    "Schellenberg": (47.2300, 9.5470),
    "Triesenberg": (47.1180, 9.5430),
}

#: Main roads as chains of town names (OsmAnd draws primary roads orange-yellow).
PRIMARY_ROADS: tuple[tuple[str, ...], ...] = (
    ("Balzers", "Triesen", "Vaduz", "Schaan", "Nendeln", "Schaanwald"),
    ("Schaan", "Bendern", "Ruggell"),
)
SECONDARY_ROADS: tuple[tuple[str, ...], ...] = (
    ("Vaduz", "Triesenberg", "Rotenboden", "Malbun"),
    ("Triesenberg", "Schönberg"),
    ("Nendeln", "Eschen", "Gamprin", "Bendern"),
    ("Eschen", "Mauren", "Schellenberg", "Ruggell"),
    ("Schaan", "Planken", "Oberplanken", "Nendeln"),
)

#: OsmAnd's day style, approximately.
LAND = "#FFF1EEE8"
FOREIGN_LAND = "#FFE6E3DD"
WATER = "#FFAAD3DF"
PRIMARY = "#FFFCD6A4"
PRIMARY_CASING = "#FFC9A06A"
SECONDARY = "#FFF7FABF"
BORDER_LINE = "#FFA887A8"
TOWN_TEXT = "#FF333333"
ATTRIBUTION = "© OpenStreetMap contributors"

#: OsmAnd's tiles are 256 px at density 1; the Pixel 6 draws them at 2.625.
TILE_PX = 256 * 2.625


@dataclass(frozen=True)
class Viewport:
    """What part of the world the map shows: its centre, zoom and size on the screen."""

    lat: float = 47.155
    lon: float = 9.555
    zoom: float = 11.5

    def world_px(self) -> float:
        """The width of the whole world at this zoom, in screen pixels."""
        return TILE_PX * 2**self.zoom


def mercator(lat: float, lon: float, world: float) -> tuple[float, float]:
    """Web Mercator (EPSG:3857), as OsmAnd projects: ``(lat, lon)`` to pixels of a
    ``world`` px wide map whose top-left is (180° W, 85.05° N)."""
    x = (lon + 180.0) / 360.0 * world
    rad = math.radians(lat)
    y = (1.0 - math.log(math.tan(rad) + 1.0 / math.cos(rad)) / math.pi) / 2.0 * world
    return x, y


def to_screen(
    view: Viewport, box: tuple[int, int, int, int], lat: float, lon: float
) -> tuple[float, float]:
    """Where ``(lat, lon)`` lands in ``box`` (left, top, right, bottom) with the
    viewport's centre at the box's centre."""
    world = view.world_px()
    cx, cy = mercator(view.lat, view.lon, world)
    px, py = mercator(lat, lon, world)
    left, top, right, bottom = box
    return (left + right) / 2 + px - cx, (top + bottom) / 2 + py - cy


def place_point(name: str, places: dict[str, tuple[float, float]]) -> tuple[float, float]:
    """A town's coordinates, from ``places`` (the task places by short name) or
    :data:`TOWNS`."""
    return places.get(name) or TOWNS[name]
