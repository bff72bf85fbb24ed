"""OsmAnd's screens on the virtual phone: a map with search, a place card, and route
planning, enough for an agent to do the favourite, marker and track tasks.

* The map has ``Search`` and ``Menu``. ``Menu`` offers ``Plan a route``.
* ``Search`` has a query field; results are the preloaded towns whose name contains
  the query (case ignored), or the point a ``lat, lon`` query names. A result opens the
  place card: ``Save`` (a dialog, then ``Save``, adds a favourite), ``Marker`` (adds a
  map marker) and ``Close``.
* ``Plan a route`` lists the route's points; ``Add point`` searches for one, ``Save``
  asks for a name (``Save`` again writes ``tracks/<name>.gpx``), ``Cancel`` drops it.
  On a real phone points are also placed by tapping the map, which this model has no
  picture for.

Favourites, markers and tracks are written at once, in OsmAnd's formats.
"""

from __future__ import annotations

import sqlite3
from contextlib import closing
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from droidhub.virtual.appmodel import PIXEL_6, Intent, Screen, VirtualApp
from droidhub_aw_apps.common.hierarchy import Node, hit, render
from droidhub_aw_apps.common.keys import KEY_DEL
from droidhub_aw_apps.common.sqlite_files import open_database
from droidhub_aw_apps.osmand.model import (
    ACTIVITY,
    EMPTY_GPX,
    FAVORITES,
    LOCATIONS,
    MARKERS_DB,
    MARKERS_SCHEMA,
    PACKAGE,
    TRACKS,
    coordinates,
    insert_marker,
    place_title,
    track_gpx,
    with_favorites,
)

if TYPE_CHECKING:
    from droidhub.virtual.appmodel import VirtualPhone

_RES = f"{PACKAGE}:id/"


def search_results(query: str) -> list[str]:
    """The places a query finds: towns containing it, or the point ``lat, lon`` names."""
    text = query.strip()
    if not text:
        return []
    if coordinates(text) is not None and text not in LOCATIONS:
        return [text]
    return [name for name in LOCATIONS if text.lower() in name.lower()]


@dataclass
class _State:
    screen: str = "map"  # map, menu, search, place, route
    query: str = ""
    query_focused: bool = False
    place: str | None = None
    dialog: str | None = None  # "favorite" or "track"
    name: str = ""
    name_focused: bool = False
    route: list[str] = field(default_factory=list)
    planning: bool = False  # the search picks a route point


class OsmAndApp(VirtualApp):
    """OsmAnd on the virtual phone: favourites file, markers database, tracks folder,
    and the screens to change them."""

    package = PACKAGE
    label = "OsmAnd"
    activity = ACTIVITY
    version_name = "4.6.13"

    def __init__(self) -> None:
        self.state = _State()

    def install(self, phone: VirtualPhone) -> None:
        """Create what OsmAnd has after its first start with the map loaded."""
        favorites = phone.host_path(FAVORITES)
        favorites.parent.mkdir(parents=True, exist_ok=True)
        if not favorites.exists():
            favorites.write_text(EMPTY_GPX, encoding="utf-8")
        phone.host_path(TRACKS).mkdir(parents=True, exist_ok=True)
        with closing(self._markers(phone)) as conn:
            conn.commit()
        self.state = _State()

    def on_start(self, phone: VirtualPhone, intent: Intent) -> None:
        """A launch shows the map."""
        self.state = _State()

    def on_stop(self, phone: VirtualPhone) -> None:
        """Force-stopped: a route being planned is lost."""
        self.state = _State()

    def _markers(self, phone: VirtualPhone) -> sqlite3.Connection:
        return open_database(phone.host_path(MARKERS_DB), MARKERS_SCHEMA)

    # --- screens -------------------------------------------------------------------------
    @staticmethod
    def _button(label: str, bounds: tuple[int, int, int, int], desc: bool = False) -> Node:
        return Node(
            "android.widget.ImageButton" if desc else "android.widget.Button",
            text="" if desc else label,
            content_desc=label if desc else "",
            bounds=bounds,
            clickable=True,
        )

    def _nodes(self) -> list[Node]:
        st = self.state
        if st.screen in ("map", "menu"):
            nodes = [
                Node(
                    "android.view.View",
                    content_desc="Map",
                    bounds=(0, 80, PIXEL_6.width, PIXEL_6.height),
                ),
                self._button("Search", (900, 160, 1040, 300), desc=True),
                self._button("Menu", (40, 2200, 180, 2340), desc=True),
            ]
            if st.screen == "menu":
                nodes.append(self._button("Plan a route", (40, 1900, 700, 2040)))
            return nodes
        if st.screen == "search":
            nodes = [
                self._button("Navigate up", (20, 120, 140, 240), desc=True),
                Node(
                    "android.widget.EditText",
                    text=st.query,
                    hint="Search",
                    resource_id=_RES + "searchEditText",
                    bounds=(160, 120, 1040, 240),
                    focused=st.query_focused,
                ),
            ]
            for i, result in enumerate(search_results(st.query)[:12]):
                top = 300 + i * 140
                nodes.append(
                    Node(
                        "android.widget.TextView",
                        text=result,
                        resource_id=_RES + "title",
                        bounds=(60, top, 1040, top + 140),
                        clickable=True,
                    )
                )
            return nodes
        if st.screen == "place":
            nodes = [
                Node("android.widget.TextView", text=st.place or "", bounds=(60, 1700, 1040, 1820)),
                self._button("Save", (60, 1880, 360, 2000)),
                self._button("Marker", (390, 1880, 690, 2000)),
                self._button("Close", (720, 1880, 1020, 2000)),
            ]
            # A dialog's window is all that the screen's tree shows, as on a phone.
            return self._name_dialog("Add favorite") if st.dialog == "favorite" else nodes
        nodes = [Node("android.widget.TextView", text="Plan a route", bounds=(60, 120, 1040, 240))]
        for i, point in enumerate(st.route):
            top = 300 + i * 120
            nodes.append(
                Node(
                    "android.widget.TextView",
                    text=f"{i + 1}. {point}",
                    bounds=(60, top, 1040, top + 120),
                )
            )
        nodes += [
            self._button("Add point", (60, 2200, 360, 2340)),
            self._button("Save", (390, 2200, 690, 2340)),
            self._button("Cancel", (720, 2200, 1020, 2340)),
        ]
        return self._name_dialog("Save as new track") if st.dialog == "track" else nodes

    def _name_dialog(self, title: str) -> list[Node]:
        return [
            Node("android.widget.TextView", text=title, bounds=(80, 800, 1000, 900)),
            Node(
                "android.widget.EditText",
                text=self.state.name,
                hint="Name",
                resource_id=_RES + "name_edit",
                bounds=(80, 920, 1000, 1040),
                focused=self.state.name_focused,
            ),
            self._button("Cancel", (480, 1080, 720, 1200)),
            self._button("Save", (760, 1080, 1000, 1200)),
        ]

    def screen(self, phone: VirtualPhone) -> Screen:
        """The map, search, place card or route plan."""
        return Screen(hierarchy=render(PACKAGE, self._nodes()))

    # --- input ---------------------------------------------------------------------------
    def on_tap(self, phone: VirtualPhone, x: int, y: int) -> None:
        """Buttons, results, fields."""
        node = hit(self._nodes(), x, y)
        if node is None:
            if self.state.screen == "menu":
                self.state.screen = "map"
            return
        label = node.text or node.content_desc
        handler = {
            "map": self._tap_map,
            "menu": self._tap_map,
            "search": self._tap_search,
            "place": self._tap_place,
            "route": self._tap_route,
        }[self.state.screen]
        handler(phone, node, label)

    def _tap_map(self, phone: VirtualPhone, node: Node, label: str) -> None:
        st = self.state
        if label == "Search":
            st.screen, st.query, st.query_focused, st.planning = "search", "", True, False
        elif label == "Menu":
            st.screen = "menu" if st.screen == "map" else "map"
        elif label == "Plan a route":
            st.screen, st.route = "route", []
        else:
            st.screen = "map"

    def _tap_search(self, phone: VirtualPhone, node: Node, label: str) -> None:
        st = self.state
        if node.resource_id.endswith("searchEditText"):
            st.query_focused = True
        elif label == "Navigate up":
            st.screen = "route" if st.planning else "map"
        elif node.resource_id.endswith("title"):
            if st.planning:
                st.route.append(node.text)
                st.screen = "route"
            else:
                st.place, st.screen = node.text, "place"

    def _tap_place(self, phone: VirtualPhone, node: Node, label: str) -> None:
        st = self.state
        place = st.place or ""
        if st.dialog == "favorite":
            if node.resource_id.endswith("name_edit"):
                st.name_focused = True
            elif label == "Cancel":
                st.dialog = None
            elif label == "Save":
                host = phone.host_path(FAVORITES)
                old = host.read_text(encoding="utf-8") if host.is_file() else None
                host.parent.mkdir(parents=True, exist_ok=True)
                host.write_text(with_favorites(old, [place]), encoding="utf-8")
                phone.stamp(host)
                st.dialog = None
        elif label == "Save":
            st.dialog, st.name, st.name_focused = "favorite", place_title(place), False
        elif label == "Marker":
            with closing(self._markers(phone)) as conn:
                count = conn.execute("SELECT COUNT(*) FROM map_markers").fetchone()[0]
                insert_marker(conn, place, f"marker_{count + 1}")
                conn.commit()
        elif label == "Close":
            st.screen, st.place = "map", None

    def _tap_route(self, phone: VirtualPhone, node: Node, label: str) -> None:
        st = self.state
        if st.dialog == "track":
            if node.resource_id.endswith("name_edit"):
                st.name_focused = True
            elif label == "Cancel":
                st.dialog = None
            elif label == "Save" and st.name.strip():
                host = phone.host_path(f"{TRACKS}/{st.name.strip()}.gpx")
                host.parent.mkdir(parents=True, exist_ok=True)
                host.write_text(track_gpx(st.name.strip(), st.route), encoding="utf-8")
                phone.stamp(host)
                st.dialog, st.screen, st.route = None, "map", []
        elif label == "Add point":
            st.screen, st.query, st.query_focused, st.planning = "search", "", True, True
        elif label == "Save" and len(st.route) >= 2:
            st.dialog, st.name, st.name_focused = "track", "Route", False
        elif label == "Cancel":
            st.screen, st.route = "map", []

    def on_text(self, phone: VirtualPhone, text: str) -> None:
        """Typing goes to the focused field."""
        st = self.state
        if st.dialog is not None and st.name_focused:
            st.name += text
        elif st.screen == "search" and st.query_focused:
            st.query += text

    def on_key(self, phone: VirtualPhone, keycode: str) -> None:
        """Delete removes the focused field's last character."""
        if keycode not in KEY_DEL:
            return
        st = self.state
        if st.dialog is not None and st.name_focused:
            st.name = st.name[:-1]
        elif st.screen == "search" and st.query_focused:
            st.query = st.query[:-1]


def virtual_apps() -> list[VirtualApp]:
    """A fresh OsmAnd model."""
    return [OsmAndApp()]
