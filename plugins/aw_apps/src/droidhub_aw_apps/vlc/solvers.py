"""UI-only solvers of the VLC tasks: select the videos in order on the Video tab (a
long press on the first card, taps on the rest), the action mode's overflow > Add to
playlist, then the name typed into the sheet's field (its Enter makes the playlist)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from droidhub import State
from droidhub.agents.ui_solver import (
    SolverScript,
    SolverSteps,
    long_press,
    open_app,
    seek,
    tap,
    type_into,
)
from droidhub_aw_apps.common.ui_solvers import SolverList

SOLVERS = SolverList()

_TITLE = "ml_item_title"


def _playlist(state: State, name: str, files: Sequence[str]) -> SolverSteps:
    """Select ``files`` in order on the Video tab and create playlist ``name``."""
    for position, file in enumerate(files):
        state = yield from seek(state, text=file, resource_id=_TITLE)
        pick = long_press if position == 0 else tap
        state = yield pick(state, text=file, resource_id=_TITLE)
    state = yield tap(state, desc="More options")
    state = yield tap(state, text="Add to playlist")
    return (yield type_into(state, name, class_name="EditText"))


@SOLVERS.solves("VlcCreatePlaylist")
def solve_create_playlist(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """One playlist."""
    del goal
    state = yield open_app("VLC")
    yield from _playlist(state, params["playlist_name"], params["files"])


@SOLVERS.solves("VlcCreateTwoPlaylists")
def solve_create_two_playlists(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Two playlists, one after the other."""
    del goal
    state = yield open_app("VLC")
    state = yield from _playlist(state, params["playlist_name1"], params["files1"])
    yield from _playlist(state, params["playlist_name2"], params["files2"])
