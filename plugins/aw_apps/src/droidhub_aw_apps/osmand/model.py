"""OsmAnd (``net.osmand``, 4.6.13 as AndroidWorld pins), with the Liechtenstein map: its
storage and the places on the map.

OsmAnd keeps favourites as GPX waypoints in
``Android/data/net.osmand/files/favorites/favorites.gpx``, map markers as rows of
``map_markers`` in ``databases/map_markers_db``, and saved tracks as GPX files under
``Android/data/net.osmand/files/tracks``. A place matches when a waypoint's name
contains the place's name or its coordinates lie within 0.001 degrees of the place,
as AndroidWorld checks.
"""

from __future__ import annotations

import random
import re
import sqlite3
from collections.abc import Iterator
from typing import TYPE_CHECKING
from xml.etree import ElementTree

from droidhub import AppSpec
from droidhub_aw_apps.common import storage

if TYPE_CHECKING:
    from droidhub import Device


PACKAGE = "net.osmand"
ACTIVITY = "net.osmand.plus.activities.MapActivity"
FILES = storage.under_sdcard("Android", "data", PACKAGE, "files")
FAVORITES = f"{FILES}/favorites/favorites.gpx"
TRACKS = f"{FILES}/tracks"
MARKERS_DB = f"/data/data/{PACKAGE}/databases/map_markers_db"

GPX_NS = "http://www.topografix.com/GPX/1/1"
#: The prefix ``gpx`` for GPX paths in ``find``/``iterfind``.
GPX_NAMESPACES = {"gpx": GPX_NS}
#: How close (degrees of latitude and of longitude) a point must be to a place.
DELTA_DEG = 0.001

#: Places on the map AndroidWorld preloads, with their coordinates.
LOCATIONS: dict[str, tuple[float, float]] = {
    "Balzers, Liechtenstein": (47.0688832, 9.5061564),
    "Bendern, Liechtenstein": (47.2122151, 9.5062101),
    "Malbun, Liechtenstein": (47.1026191, 9.6083057),
    "Nendeln, Liechtenstein": (47.1973857, 9.5430636),
    "Oberplanken, Liechtenstein": (47.1784977, 9.5450163),
    "Planken, Liechtenstein": (47.1858882, 9.5452201),
    "Rotenboden, Liechtenstein": (47.1275785, 9.5387131),
    "Ruggell, Liechtenstein": (47.23976, 9.5262837),
    "Schaan, Liechtenstein": (47.1663432, 9.5103085),
    "Schaanwald, Liechtenstein": (47.2165476, 9.5699984),
    "Schönberg, Liechtenstein": (47.1303814, 9.5930117),
    "Triesen, Liechtenstein": (47.106997, 9.5274854),
}

MARKERS_SCHEMA = """
CREATE TABLE IF NOT EXISTS map_markers (
    marker_id TEXT PRIMARY KEY, marker_lat double, marker_lon double,
    marker_description TEXT, marker_active int, marker_added long, marker_visited long,
    group_name TEXT, group_key TEXT, marker_color int, marker_next_key TEXT,
    marker_disabled int, marker_selected int, marker_map_object_name TEXT, title TEXT);
CREATE TABLE IF NOT EXISTS map_markers_groups (
    group_key TEXT PRIMARY KEY, group_name TEXT, group_type int, group_disabled int,
    group_categories TEXT, group_wpt_categories TEXT);
"""

#: A GPX file with no waypoints or tracks, as OsmAnd starts one.
EMPTY_GPX = (
    "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>\n"
    f'<gpx version="1.1" creator="OsmAnd~ 4.6.13" xmlns="{GPX_NS}">\n</gpx>\n'
)


# --- places -----------------------------------------------------------------------------


def coordinates(location: str) -> tuple[float, float] | None:
    """A place's ``(lat, lon)``: parsed from ``"lat, lon"`` or looked up by name."""
    numbers = re.findall(r"-?\d*\.?\d+", location)
    if len(numbers) == 2:
        return float(numbers[0]), float(numbers[1])
    return LOCATIONS.get(location)


def near(a: tuple[float, float], b: tuple[float, float], delta: float = DELTA_DEG) -> bool:
    """Whether two points differ by less than ``delta`` in latitude and in longitude."""
    return abs(a[0] - b[0]) < delta and abs(a[1] - b[1]) < delta


def random_location(rng: random.Random) -> str:
    """A preloaded place, named or (half of the time) as ``"lat, lon"``."""
    name = rng.choice(list(LOCATIONS))
    if rng.getrandbits(1):
        return name
    lat, lon = LOCATIONS[name]
    return f"{lat}, {lon}"


def _place_name(location: str) -> str:
    for name, coords in LOCATIONS.items():
        found = coordinates(location)
        if location == name or (found is not None and near(found, coords)):
            return name
    return location


# --- GPX --------------------------------------------------------------------------------


def gpx_root(text: str) -> ElementTree.Element:
    """The parsed root element of a GPX document."""
    return ElementTree.fromstring(text.encode("utf-8"))


def waypoint_matches(waypoint: ElementTree.Element, location: str) -> bool:
    """Whether a GPX ``wpt`` is ``location``: by name, or by coordinates."""
    name = waypoint.find("gpx:name", GPX_NAMESPACES)
    if name is not None and name.text and location in name.text:
        return True
    target = coordinates(location)
    point = (float(waypoint.get("lat", "nan")), float(waypoint.get("lon", "nan")))
    return target is not None and near(point, target)


def track_points(root: ElementTree.Element) -> Iterator[tuple[float, float]]:
    """Every ``trkpt`` of every track segment, in order."""
    for point in root.iterfind("gpx:trk/gpx:trkseg/gpx:trkpt", GPX_NAMESPACES):
        yield float(point.get("lat", "nan")), float(point.get("lon", "nan"))


def track_visits(points: Iterator[tuple[float, float]], targets: list[tuple[float, float]]) -> bool:
    """Whether the points pass every target in order (other points may come between)."""
    remaining = iter(targets)
    wanted = next(remaining, None)
    for point in points:
        if wanted is not None and near(point, wanted):
            wanted = next(remaining, None)
            if wanted is None:
                return True
    return wanted is None


def favorites_gpx(device: Device) -> ElementTree.Element | None:
    """The favourites file parsed, or None when there is none."""
    if not device.exists(FAVORITES):
        return None
    return gpx_root(device.read_text(FAVORITES))


def gpx_text(root: ElementTree.Element) -> str:
    """A GPX document as OsmAnd writes it (XML declaration, GPX 1.1 default namespace)."""
    ElementTree.register_namespace("", GPX_NS)
    body = ElementTree.tostring(root, encoding="unicode")
    return "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>\n" + body


def _point(place: str) -> tuple[float, float]:
    point = coordinates(place)
    if point is None:
        raise ValueError(f"unknown place {place!r}; use one of {sorted(LOCATIONS)}")
    return point


def place_title(place: str) -> str:
    """The short name OsmAnd gives a place: the town for a named or nearby place."""
    return _place_name(place).split(",")[0]


def with_favorites(text: str | None, places: list[str], replace: bool = False) -> str:
    """The favourites file ``text`` (None: no file yet) with ``places`` added as
    waypoints, or, with ``replace``, instead of the waypoints it had."""
    root = gpx_root(text if text is not None else EMPTY_GPX)
    if replace:
        for wpt in root.findall("gpx:wpt", GPX_NAMESPACES):
            root.remove(wpt)
    for place in places:
        point = _point(place)
        wpt = ElementTree.SubElement(
            root, f"{{{GPX_NS}}}wpt", lat=f"{point[0]:.7f}", lon=f"{point[1]:.7f}"
        )
        ElementTree.SubElement(wpt, f"{{{GPX_NS}}}time").text = "2023-10-15T15:34:00Z"
        ElementTree.SubElement(wpt, f"{{{GPX_NS}}}name").text = place_title(place)
    return gpx_text(root)


def track_gpx(name: str, places: list[str]) -> str:
    """A GPX track named ``name`` through ``places`` in order, as OsmAnd saves a route."""
    root = gpx_root(EMPTY_GPX)
    trk = ElementTree.SubElement(root, f"{{{GPX_NS}}}trk")
    ElementTree.SubElement(trk, f"{{{GPX_NS}}}name").text = name
    seg = ElementTree.SubElement(trk, f"{{{GPX_NS}}}trkseg")
    for place in places:
        point = _point(place)
        ElementTree.SubElement(
            seg, f"{{{GPX_NS}}}trkpt", lat=f"{point[0]:.7f}", lon=f"{point[1]:.7f}"
        )
    return gpx_text(root)


def insert_marker(conn: sqlite3.Connection, place: str, marker_id: str) -> None:
    """Add an active map marker at ``place`` to ``map_markers``."""
    point = _point(place)
    title = place_title(place)
    conn.execute(
        "INSERT INTO map_markers (marker_id, marker_lat, marker_lon, marker_description, "
        "marker_active, marker_added, marker_visited, group_name, group_key, marker_color, "
        "marker_next_key, marker_disabled, marker_selected, marker_map_object_name, title) "
        "VALUES (?, ?, ?, ?, 1, 1697384040000, 0, '', '', 0, '', 0, 0, '', ?)",
        (marker_id, point[0], point[1], f"marker#{title}", title),
    )


def _favorites_text(device: Device) -> str | None:
    return device.read_text(FAVORITES) if device.exists(FAVORITES) else None


def set_favorites(device: Device, places: list[str]) -> None:
    """Replace the favourites' waypoints by ``places`` (the file's other parts stay)."""
    device.write_text(FAVORITES, with_favorites(_favorites_text(device), places, replace=True))


def add_favorite(device: Device, place: str) -> None:
    """Add ``place`` to the favourites, keeping those already there."""
    device.write_text(FAVORITES, with_favorites(_favorites_text(device), [place]))


def save_track(device: Device, name: str, places: list[str]) -> None:
    """Write a GPX track through ``places`` in order, as OsmAnd saves a planned route."""
    device.write_text(f"{TRACKS}/{name}.gpx", track_gpx(name, places))


def add_marker(device: Device, place: str, marker_id: str) -> None:
    """Insert an active map marker at ``place``."""
    _point(place)
    device.write_db(MARKERS_DB, PACKAGE, lambda conn: insert_marker(conn, place, marker_id))


APPS = (
    AppSpec(
        PACKAGE,
        ACTIVITY,
        names=("osmand", "osmand maps"),
        label="OsmAnd",
        data_paths=(FAVORITES, TRACKS, MARKERS_DB),
    ),
)
