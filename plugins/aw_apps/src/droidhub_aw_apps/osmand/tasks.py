"""OsmAnd (``net.osmand``, 4.6.13 as AndroidWorld pins), with the Liechtenstein map.

OsmAnd keeps favourites as GPX waypoints in
``Android/data/net.osmand/files/favorites/favorites.gpx``, map markers as rows of
``map_markers`` in ``databases/map_markers_db``, and saved tracks as GPX files under
``Android/data/net.osmand/files/tracks``. A place matches when a waypoint's name
contains the place's name or its coordinates lie within 0.001 degrees of the place,
as AndroidWorld checks.

Set-up saves the favourites file, the markers database and the tracks folder, and
tear-down puts them back.
"""

from __future__ import annotations

import random
import re
import sqlite3
from collections.abc import Iterator
from typing import TYPE_CHECKING, ClassVar
from xml.etree import ElementTree

from pydantic import BaseModel, ConfigDict

from droidhub import AppSpec, Evaluator, Footprint, StateRefs, TaskEval
from droidhub.virtual.app import VirtualApp
from droidhub_aw_apps.common import fake_data, storage
from droidhub_aw_apps.common.sqlite_files import ensure_database
from droidhub_aw_apps.common.storage_backup import FileSnapshot, FolderSnapshot, find

if TYPE_CHECKING:
    from droidhub import Device, Env

PACKAGE = "net.osmand"
ACTIVITY = "net.osmand.plus.activities.MapActivity"
FILES = storage.under_sdcard("Android", "data", PACKAGE, "files")
FAVORITES = f"{FILES}/favorites/favorites.gpx"
TRACKS = f"{FILES}/tracks"
MARKERS_DB = f"/data/data/{PACKAGE}/databases/map_markers_db"

GPX_NS = "http://www.topografix.com/GPX/1/1"
_NS = {"gpx": GPX_NS}
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


def _gpx_root(text: str) -> ElementTree.Element:
    return ElementTree.fromstring(text.encode("utf-8"))


def waypoint_matches(waypoint: ElementTree.Element, location: str) -> bool:
    """Whether a GPX ``wpt`` is ``location``: by name, or by coordinates."""
    name = waypoint.find("gpx:name", _NS)
    if name is not None and name.text and location in name.text:
        return True
    target = coordinates(location)
    point = (float(waypoint.get("lat", "nan")), float(waypoint.get("lon", "nan")))
    return target is not None and near(point, target)


def track_points(root: ElementTree.Element) -> Iterator[tuple[float, float]]:
    """Every ``trkpt`` of every track segment, in order."""
    for point in root.iterfind("gpx:trk/gpx:trkseg/gpx:trkpt", _NS):
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
    return _gpx_root(device.read_text(FAVORITES))


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
    root = _gpx_root(text if text is not None else EMPTY_GPX)
    if replace:
        for wpt in root.findall("gpx:wpt", _NS):
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
    root = _gpx_root(EMPTY_GPX)
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


# --- evaluators -------------------------------------------------------------------------


def osmand_favorite_at(env: Env, location: str) -> float:
    """1.0 when a favourite is ``location`` (by name or within 0.001 degrees)."""
    root = favorites_gpx(env.device)
    if root is None:
        return 0.0
    found = any(waypoint_matches(w, location) for w in root.iterfind("gpx:wpt", _NS))
    return 1.0 if found else 0.0


def osmand_marker_at(env: Env, location: str) -> float:
    """1.0 when a map marker lies within 0.001 degrees of ``location``."""
    target = coordinates(location)
    if target is None:
        return 0.0
    rows = env.device.query_db(MARKERS_DB, "SELECT marker_lat, marker_lon FROM map_markers")
    hit = any(near((r["marker_lat"], r["marker_lon"]), target) for r in rows)
    return 1.0 if hit else 0.0


def osmand_track_through(env: Env, waypoints: list[str]) -> float:
    """1.0 when a saved track passes every waypoint, in order."""
    targets = [coordinates(w) for w in waypoints]
    if any(t is None for t in targets):
        raise ValueError(f"cannot place every waypoint of {waypoints}")
    wanted = [t for t in targets if t is not None]
    dev = env.device
    if not dev.exists(TRACKS):
        return 0.0
    for path in (p for p in find(dev, TRACKS, "f") if p.endswith(".gpx")):
        try:
            root = _gpx_root(dev.read_text(path))
        except ElementTree.ParseError:
            continue
        if track_visits(track_points(root), wanted):
            return 1.0
    return 0.0


OSMAND_FAVORITE_AT = Evaluator(
    "osmand_favorite_at", "an OsmAnd favourite is at a place", osmand_favorite_at
)
OSMAND_MARKER_AT = Evaluator(
    "osmand_marker_at", "an OsmAnd map marker is at a place", osmand_marker_at
)
OSMAND_TRACK_THROUGH = Evaluator(
    "osmand_track_through", "a saved OsmAnd track passes places in order", osmand_track_through
)
EVALUATORS = (OSMAND_FAVORITE_AT, OSMAND_MARKER_AT, OSMAND_TRACK_THROUGH)

APPS = (
    AppSpec(
        PACKAGE,
        ACTIVITY,
        names=("osmand", "osmand maps"),
        label="OsmAnd",
        data_paths=(FAVORITES, TRACKS, MARKERS_DB),
    ),
)


def virtual_apps() -> list[VirtualApp]:
    """A fresh OsmAnd model."""
    # The screens use this module's places and GPX helpers, so they are imported here.
    from droidhub_aw_apps.osmand.screens import OsmAndApp

    return [OsmAndApp()]


# --- the tasks ------------------------------------------------------------------------


class LocationParams(BaseModel):
    """A place: a name on the map or ``"lat, lon"``."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    location: str


def _other_places(rng: random.Random, location: str, most: int = 3) -> list[str]:
    target = coordinates(location)
    others = [n for n, c in LOCATIONS.items() if target is None or not near(c, target)]
    return rng.sample(others, rng.randint(1, most))


class _PlaceTask(TaskEval):
    """Mark a place in OsmAnd: set-up saves the one file the mark is kept in
    (:attr:`saved_file`), tear-down puts it back."""

    app_names = ("osmand",)
    Params = LocationParams
    params: LocationParams
    #: The file the task changes, saved at set-up and restored at tear-down.
    saved_file: ClassVar[str] = ""

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> LocationParams:
        """A preloaded place, by name or by coordinates."""
        return LocationParams(location=random_location(rng))

    def initialize_task(self, env: Env) -> None:
        """Save :attr:`saved_file`."""
        super().initialize_task(env)
        self._saved = FileSnapshot.take(env.device, self.saved_file)

    def tear_down(self, env: Env) -> None:
        """Put :attr:`saved_file` back."""
        if hasattr(self, "_saved"):
            self._saved.restore(env.device, PACKAGE)
        super().tear_down(env)


class OsmAndFavorite(_PlaceTask):
    """Save a place as a favourite."""

    template = "Add a favorite location marker for {location} in the OsmAnd maps app."
    complexity = 1.3
    difficulty = "medium"
    tags = ("search", "complex_ui_understanding", "parameterized")
    footprint = Footprint(writes=StateRefs(paths=frozenset({FAVORITES})))
    saved_file = FAVORITES

    def initialize_task(self, env: Env) -> None:
        """Save the favourites; leave only a few other places in them."""
        super().initialize_task(env)
        env.device.force_stop(PACKAGE)
        others = _other_places(fake_data.setup_rng(self), self.params.location)
        set_favorites(env.device, others)

    def is_successful(self, env: Env) -> float:
        """A favourite is at the place."""
        return OSMAND_FAVORITE_AT(env, location=self.params.location)

    def oracle(self, env: Env) -> None:
        """Add the place to the favourites file."""
        env.device.force_stop(PACKAGE)
        add_favorite(env.device, self.params.location)


class OsmAndMarker(_PlaceTask):
    """Put a map marker on a place."""

    template = "Add a location marker for {location} in the OsmAnd maps app."
    complexity = 2.0
    difficulty = "hard"
    tags = ("complex_ui_understanding", "search", "parameterized")
    footprint = Footprint(writes=StateRefs(paths=frozenset({MARKERS_DB})))
    saved_file = MARKERS_DB

    def initialize_task(self, env: Env) -> None:
        """Save the markers database; empty it (as AndroidWorld), then mark other places."""
        super().initialize_task(env)
        ensure_database(env.device, MARKERS_DB, MARKERS_SCHEMA)
        env.device.write_db(MARKERS_DB, PACKAGE, lambda c: c.execute("DELETE FROM map_markers"))
        rng = fake_data.setup_rng(self)
        for i, place in enumerate(_other_places(rng, self.params.location)):
            add_marker(env.device, place, f"noise_{i}")

    def is_successful(self, env: Env) -> float:
        """A marker is at the place."""
        return OSMAND_MARKER_AT(env, location=self.params.location)

    def oracle(self, env: Env) -> None:
        """Insert a marker row at the place."""
        add_marker(env.device, self.params.location, "oracle")


class TrackParams(BaseModel):
    """The track's name and the places it passes, in order."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    track_name: str
    waypoints: tuple[str, ...]


class OsmAndTrack(TaskEval):
    """Save a track through places, in order."""

    template = (
        "Save a track with waypoints {waypoints} in the OsmAnd maps app in the same order as "
        "listed."
    )
    app_names = ("osmand",)
    complexity = 12.0
    difficulty = "hard"
    tags = ("complex_ui_understanding", "search", "data_entry", "repetition", "parameterized")
    Params = TrackParams
    params: TrackParams
    footprint = Footprint(writes=StateRefs(paths=frozenset({TRACKS})))

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> TrackParams:
        """2..4 distinct named places."""
        waypoints = tuple(rng.sample(list(LOCATIONS), rng.randint(2, 4)))
        return TrackParams(track_name=f"{waypoints[0]} to {waypoints[-1]}", waypoints=waypoints)

    @property
    def goal(self) -> str:
        """The instruction with the waypoints comma-separated."""
        return self.template.format(waypoints=", ".join(self.params.waypoints))

    def initialize_task(self, env: Env) -> None:
        """Save the tracks folder and empty it."""
        super().initialize_task(env)
        self._tracks = FolderSnapshot.take(env.device, TRACKS)
        storage.clear_folder(env.device, TRACKS)

    def is_successful(self, env: Env) -> float:
        """A saved track passes the waypoints in order."""
        return OSMAND_TRACK_THROUGH(env, waypoints=list(self.params.waypoints))

    def oracle(self, env: Env) -> None:
        """Write the track's GPX file."""
        name = self.params.track_name.replace(", Liechtenstein", "").replace(" ", "_")
        save_track(env.device, name, list(self.params.waypoints))

    def tear_down(self, env: Env) -> None:
        """Put the tracks folder back."""
        if hasattr(self, "_tracks"):
            self._tracks.restore(env.device)
        super().tear_down(env)


TASKS: tuple[type[TaskEval], ...] = (OsmAndFavorite, OsmAndMarker, OsmAndTrack)
