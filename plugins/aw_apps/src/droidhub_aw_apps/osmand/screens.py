"""OsmAnd on the virtual phone, on the view engine: the map of Liechtenstein with its
HUD (:mod:`.layouts`, :mod:`.mapdata`), search, the place card, the favourite's
editor, the menu and route planning.

* The map shows the favourites (``favorites.gpx``) and the active markers
  (``map_markers``) where they lie, projected in Web Mercator.
* ``Search`` (``map_search_button``) opens the search; results are the preloaded towns
  whose name contains the query (case ignored, those it starts first), or the point a
  ``lat, lon`` query names. A result centres the map on it and opens the place card:
  ``Save`` opens the favourite's editor (its ``Save`` adds the favourite), ``Marker``
  adds a map marker.
* ``Menu`` lists OsmAnd's menu; ``Plan a route`` opens the planner: ``Add point``
  searches for a point (on a real phone points are placed by moving the map under its
  centre mark; this model takes them from the search instead), ``Save`` asks for a
  name in a sheet (its ``Save`` writes ``tracks/<name>.gpx``), ``Cancel`` drops it.

Favourites, markers and tracks are written at once, in OsmAnd's formats.
"""

from __future__ import annotations

import math
import sqlite3
from contextlib import closing
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from droidhub.virtual.appmodel import VirtualApp
from droidhub.virtual.views import Window, bottom_sheet
from droidhub_aw_apps.common import app_files
from droidhub_aw_apps.common.app_identity import model_of
from droidhub_aw_apps.common.fresh_launch import FreshLaunchApp
from droidhub_aw_apps.common.sqlite_files import open_database
from droidhub_aw_apps.osmand import layouts
from droidhub_aw_apps.osmand.layouts import MapLayers, Result
from droidhub_aw_apps.osmand.mapdata import Viewport
from droidhub_aw_apps.osmand.model import (
    APPS,
    EMPTY_GPX,
    FAVORITES,
    GPX_NAMESPACES,
    LOCATIONS,
    MARKERS_DB,
    MARKERS_SCHEMA,
    TRACKS,
    coordinates,
    gpx_root,
    insert_marker,
    place_title,
    track_gpx,
    with_favorites,
)

if TYPE_CHECKING:
    from droidhub.virtual.appmodel import VirtualPhone

#: The entries of the menu the map's Menu button opens, in OsmAnd's order.
MENU_ITEMS = (
    "My Places",
    "Search",
    "Directions",
    "Configure map",
    "Download maps",
    "Plan a route",
    "Trip recording",
    "Settings",
    "Plugins",
    "Help",
)
#: The places on the map by the short name OsmAnd gives them.
PLACES = {place_title(name): coords for name, coords in LOCATIONS.items()}


def search_results(query: str) -> list[str]:
    """The places a query finds: towns containing it (those it starts first), or the
    point ``lat, lon`` names."""
    text = query.strip()
    if not text:
        return []
    if coordinates(text) is not None and text not in LOCATIONS:
        return [text]
    found = [name for name in LOCATIONS if text.lower() in name.lower()]
    return sorted(found, key=lambda n: not n.lower().startswith(text.lower()))


def _distance_km(a: tuple[float, float], b: tuple[float, float]) -> float:
    """Great-circle distance (haversine on a 6371 km sphere)."""
    lat1, lon1, lat2, lon2 = map(math.radians, (*a, *b))
    h = (
        math.sin((lat2 - lat1) / 2) ** 2
        + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    )
    return 2 * 6371 * math.asin(math.sqrt(h))


@dataclass
class _State:
    screen: str = "map"  # map, menu, search, editor, route
    query: str = ""
    place: str | None = None  # the place the card shows (a search result)
    name: str = ""  # the favourite's name in the editor
    track_name: str = ""
    sheet: bool = False  # the planner's save sheet
    route: list[str] = field(default_factory=list)
    planning: bool = False  # the search picks a route point
    view: Viewport = field(default_factory=Viewport)


@model_of(APPS[0])
class OsmAndApp(FreshLaunchApp):
    """OsmAnd on the virtual phone: favourites file, markers database, tracks folder,
    and the screens to change them."""

    version_name = "4.6.13"

    def __init__(self) -> None:
        super().__init__()
        self._phone: VirtualPhone | None = None

    def reset_state(self) -> None:
        """The map; a route being planned is lost."""
        self.state = _State()
        self.reset_view_state()

    def install(self, phone: VirtualPhone) -> None:
        """Create what OsmAnd has after its first start with the map loaded."""
        favorites = phone.host_path(FAVORITES)
        if not favorites.exists():
            app_files.write(phone, favorites, EMPTY_GPX.encode("utf-8"))
        phone.make_folders(phone.host_path(TRACKS))
        with closing(self._markers(phone)) as conn:
            conn.commit()
        self.state = _State()

    def _markers(self, phone: VirtualPhone) -> sqlite3.Connection:
        return open_database(phone.host_path(MARKERS_DB), MARKERS_SCHEMA)

    # --- data ----------------------------------------------------------------------------
    def _layers(self, phone: VirtualPhone) -> MapLayers:
        """The favourites and active markers on the phone, and the selection."""
        layers = MapLayers(places=PLACES)
        host = phone.host_path(FAVORITES)
        if host.is_file():
            root = gpx_root(host.read_text(encoding="utf-8"))
            for wpt in root.iterfind("gpx:wpt", GPX_NAMESPACES):
                name = wpt.findtext("gpx:name", "", GPX_NAMESPACES)
                point = (float(wpt.get("lat", "nan")), float(wpt.get("lon", "nan")))
                layers.favorites.append((point, name))
        if phone.host_path(MARKERS_DB).is_file():
            with closing(self._markers(phone)) as conn:
                rows = conn.execute(
                    "SELECT marker_lat, marker_lon FROM map_markers WHERE marker_active = 1"
                ).fetchall()
            layers.markers = [(float(a), float(b)) for a, b in rows]
        st = self.state
        if st.place is not None:
            layers.selected = coordinates(st.place)
        layers.route = [c for c in (coordinates(p) for p in st.route) if c is not None]
        return layers

    def _results(self) -> list[Result]:
        st = self.state
        centre = (st.view.lat, st.view.lon)
        out = []
        for found in search_results(st.query)[:12]:
            point = coordinates(found)
            named = found in LOCATIONS
            distance = f"{_distance_km(centre, point):.1f} km" if point else ""
            title = place_title(found) if named else found
            out.append(Result(title, "Liechtenstein" if named else "Location", distance))
        return out

    # --- screens -------------------------------------------------------------------------
    def build(self, phone: VirtualPhone) -> Window:
        """The screen the state names."""
        st = self.state
        if st.screen == "search":
            return Window(
                layouts.search_screen(
                    st.query, self._results(), self._set_query, self._pick, self._leave_search
                )
            )
        if st.screen == "editor":
            content = layouts.favorite_editor(
                st.name, self._set_name, lambda: self._save_favorite(phone), self._to_map
            )
            return Window(content)
        if st.screen == "menu":
            return Window(layouts.dashboard(MENU_ITEMS, self._menu_pick, self._to_map))
        if st.screen == "route":
            content = layouts.route_planner(
                st.view, self._layers(phone), [place_title(p) for p in st.route],
                self._add_point, self._ask_track_name, self._drop_route,
            )  # fmt: skip
            if not st.sheet:
                return Window(content)
            sheet = layouts.save_track_sheet(
                st.track_name, self._set_track_name, lambda: self._save_track(phone),
                self._close_sheet,
            )  # fmt: skip
            return Window(
                content, dialog=bottom_sheet(sheet, self._close_sheet),
                on_cancel=self._close_sheet, dialog_fills=True,
            )  # fmt: skip
        card = None
        if st.place is not None:
            title = place_title(st.place)
            kind = "Liechtenstein" if st.place in LOCATIONS or title != st.place else "Location"
            card = layouts.context_menu(
                title, kind, self._open_editor, lambda: self._add_marker(phone), self._to_map
            )
        return Window(
            layouts.map_screen(st.view, self._layers(phone), self._open_search,
                               self._open_menu, card)
        )  # fmt: skip

    def on_back(self, phone: VirtualPhone) -> bool:
        """BACK closes what is open over the map; on the bare map it leaves."""
        st = self.state
        if st.screen == "search":
            self._leave_search()
        elif st.screen in ("editor", "menu") or (st.screen == "map" and st.place is not None):
            self._to_map()
        elif st.screen == "route":
            self._drop_route()
        else:
            return False
        return True

    # --- actions -------------------------------------------------------------------------
    def _to_map(self) -> None:
        st = self.state
        if st.screen == "map":
            st.place = None
        st.screen = "map"
        self.reset_view_state()

    def _open_search(self, planning: bool = False) -> None:
        """The search, its field focused: for a place, or (``planning``) for a route's
        next point."""
        st = self.state
        st.screen, st.query, st.planning = "search", "", planning
        self.reset_view_state()
        self.view_state.focus = "searchEditText"

    def _open_menu(self) -> None:
        self.state.screen = "menu"

    def _menu_pick(self, title: str) -> None:
        st = self.state
        if title == "Plan a route":
            st.screen, st.route, st.place = "route", [], None
        elif title == "Search":
            self._open_search()

    def _set_query(self, text: str) -> None:
        self.state.query = text

    def _leave_search(self) -> None:
        st = self.state
        st.screen = "route" if st.planning else "map"
        self.reset_view_state()

    def _pick(self, result: Result) -> None:
        st = self.state
        matches = (n for n in search_results(st.query) if result.title in (n, place_title(n)))
        found = next(matches, result.title)
        point = coordinates(found)
        if st.planning:
            st.route.append(found)
            st.screen = "route"
        else:
            st.place, st.screen = found, "map"
        if point is not None:
            st.view = Viewport(point[0], point[1], st.view.zoom)
        self.reset_view_state()

    def _open_editor(self) -> None:
        st = self.state
        st.screen, st.name = "editor", place_title(st.place or "")
        self.reset_view_state()

    def _set_name(self, text: str) -> None:
        self.state.name = text

    def _save_favorite(self, phone: VirtualPhone) -> None:
        st = self.state
        host = phone.host_path(FAVORITES)
        old = host.read_text(encoding="utf-8") if host.is_file() else None
        app_files.write(phone, host, with_favorites(old, [st.place or ""]).encode("utf-8"))
        st.screen = "map"
        self.reset_view_state()

    def _add_marker(self, phone: VirtualPhone) -> None:
        with closing(self._markers(phone)) as conn:
            count = conn.execute("SELECT COUNT(*) FROM map_markers").fetchone()[0]
            insert_marker(conn, self.state.place or "", f"marker_{count + 1}")
            conn.commit()

    def _add_point(self) -> None:
        self._open_search(planning=True)

    def _ask_track_name(self) -> None:
        st = self.state
        if len(st.route) >= 2:
            st.sheet, st.track_name = True, ""

    def _set_track_name(self, text: str) -> None:
        self.state.track_name = text

    def _close_sheet(self) -> None:
        self.state.sheet = False

    def _save_track(self, phone: VirtualPhone) -> None:
        st = self.state
        name = st.track_name.strip()
        if not name:
            return
        host = phone.host_path(f"{TRACKS}/{name}.gpx")
        app_files.write(phone, host, track_gpx(name, st.route).encode("utf-8"))
        st.sheet, st.screen, st.route = False, "map", []
        self.reset_view_state()

    def _drop_route(self) -> None:
        st = self.state
        st.screen, st.route, st.sheet = "map", [], False
        self.reset_view_state()


def virtual_apps() -> list[VirtualApp]:
    """A fresh OsmAnd model."""
    return [OsmAndApp()]
