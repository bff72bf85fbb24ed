"""OsmAnd tasks: save a favourite, add a map marker, save a track through places; and
the evaluators that check them.

Set-up saves the favourites file, the markers database and the tracks folder, and
tear-down puts them back.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, ClassVar
from xml.etree import ElementTree

from pydantic import BaseModel, ConfigDict

from droidhub import Evaluator, Footprint, StateRefs, TaskEval
from droidhub_aw_apps.common import fake_data, storage
from droidhub_aw_apps.common.sqlite_files import ensure_database
from droidhub_aw_apps.common.storage_backup import FileSnapshot, FolderSnapshot, find
from droidhub_aw_apps.osmand.model import (
    FAVORITES,
    GPX_NAMESPACES,
    LOCATIONS,
    MARKERS_DB,
    MARKERS_SCHEMA,
    PACKAGE,
    TRACKS,
    add_favorite,
    add_marker,
    coordinates,
    favorites_gpx,
    gpx_root,
    near,
    random_location,
    save_track,
    set_favorites,
    track_points,
    track_visits,
    waypoint_matches,
)

if TYPE_CHECKING:
    from droidhub import Env


# --- evaluators -------------------------------------------------------------------------


def osmand_favorite_at(env: Env, location: str) -> float:
    """1.0 when a favourite is ``location`` (by name or within 0.001 degrees)."""
    root = favorites_gpx(env.device)
    if root is None:
        return 0.0
    found = any(waypoint_matches(w, location) for w in root.iterfind("gpx:wpt", GPX_NAMESPACES))
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
            root = gpx_root(dev.read_text(path))
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
    """Mark a place in OsmAnd: the footprint names the one file the mark is kept in;
    set-up saves that file and leaves a few other places marked in it, tear-down puts
    it back; :attr:`evaluator` says whether the place is marked."""

    app_names = ("osmand",)
    params: LocationParams
    #: The check that a mark of this task's kind is at a place.
    evaluator: ClassVar[Evaluator]

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> LocationParams:
        """A preloaded place, by name or by coordinates."""
        return LocationParams(location=random_location(rng))

    def initialize_task(self, env: Env) -> None:
        """Save the file the task writes, then mark a few other places (never this one)."""
        super().initialize_task(env)
        (saved_file,) = self.footprint.writes.paths
        self._saved = FileSnapshot.take(env.device, saved_file)
        self.mark_only(env, _other_places(fake_data.setup_rng(self), self.params.location))

    def mark_only(self, env: Env, places: list[str]) -> None:
        """Leave ``places``, and no other place, marked as this task marks them."""
        raise NotImplementedError

    def is_successful(self, env: Env) -> float:
        """The place is marked."""
        return self.evaluator(env, location=self.params.location)

    def tear_down(self, env: Env) -> None:
        """Put the saved file back."""
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
    evaluator = OSMAND_FAVORITE_AT

    def mark_only(self, env: Env, places: list[str]) -> None:
        """The favourites hold only ``places``."""
        env.device.force_stop(PACKAGE)
        set_favorites(env.device, places)

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
    evaluator = OSMAND_MARKER_AT

    def mark_only(self, env: Env, places: list[str]) -> None:
        """Empty the markers (as AndroidWorld does), then put one on each of ``places``."""
        ensure_database(env.device, MARKERS_DB, MARKERS_SCHEMA)
        env.device.write_db(MARKERS_DB, PACKAGE, lambda c: c.execute("DELETE FROM map_markers"))
        for i, place in enumerate(places):
            add_marker(env.device, place, f"noise_{i}")

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
