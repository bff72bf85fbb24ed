"""UI-only solvers of the OsmAnd tasks: search a place (by the town's name, or the
coordinates as given), then the place card's Save or Marker; a track through Plan a
route, one searched point at a time."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from droidhub import Action, State
from droidhub.agents.ui_solver import (
    SolverScript,
    SolverSteps,
    find,
    find_all,
    open_app,
    tap,
    type_into,
)
from droidhub_aw_apps.common.ui_solvers import SolverList

SOLVERS = SolverList()


def _query(place: str) -> str:
    """What to type: coordinates as they are, a town by its name before the country."""
    head = place.split(",")[0].strip()
    return place if head.replace(".", "").lstrip("-").isdigit() else head


def _search(state: State, place: str) -> SolverSteps:
    """The search field gets the query; the result titled exactly as typed is tapped
    ("Planken" also finds "Oberplanken"), else the first one."""
    query = _query(place)
    state = yield type_into(state, query, resource_id="searchEditText")
    if find(state, text=query, resource_id="title") is not None:
        return (yield tap(state, text=query, resource_id="title"))
    return (yield tap(state, resource_id="title"))


def _place_card(place: str) -> SolverSteps:
    """OsmAnd, Search, then the place: its card opens on the map."""
    state = yield open_app("OsmAnd")
    state = yield tap(state, desc="Search")
    return (yield from _search(state, place))


@SOLVERS.solves("OsmAndFavorite")
def solve_favorite(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """The place's card, its Save, then the editor's Save."""
    del goal, state
    state = yield from _place_card(params["location"])
    state = yield tap(state, resource_id="context_menu_fav_view")
    yield tap(state, resource_id="right_bottom_button")


@SOLVERS.solves("OsmAndMarker")
def solve_marker(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """The place's card, then its Marker."""
    del goal, state
    state = yield from _place_card(params["location"])
    yield tap(state, resource_id="context_menu_route_view")


@SOLVERS.solves("OsmAndTrack")
def solve_track(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Menu, Plan a route, each waypoint by Add point and search, Save, the name in
    the sheet, its Save (the last SAVE on screen: the planner's lies under the sheet)."""
    del goal
    state = yield open_app("OsmAnd")
    state = yield tap(state, desc="Menu")
    state = yield tap(state, text="Plan a route")
    for waypoint in params["waypoints"]:
        state = yield tap(state, text="ADD POINT")
        state = yield from _search(state, waypoint)
    state = yield tap(state, text="SAVE")
    state = yield type_into(state, params["track_name"], class_name="EditText")
    yield Action(action_type="click", index=find_all(state, text="SAVE")[-1])
