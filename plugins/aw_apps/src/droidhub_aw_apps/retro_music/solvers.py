"""UI-only solvers of the Retro Music tasks, through each song row's ``More options``
menu (Add to playlist, Add to playing queue) and the Playlists tab.

RetroPlaylistDuration has no solver yet: the song list shows no durations to choose
songs by.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from droidhub import Action, State
from droidhub.ui_solver import (
    SolverScript,
    SolverSteps,
    UISolver,
    find_all,
    open_app,
    require,
    seek,
    tap,
    type_into,
)


def _title(file: str) -> str:
    return file.removesuffix(".mp3")


def _row_menu(state: State, title: str) -> Action:
    """A tap on the ``More options`` button of the row titled ``title``."""
    row = state.ui_elements[require(state, text=title, resource_id="title")]
    assert row.bounds is not None
    middle = row.bounds.center[1]
    for index in find_all(state, desc="More options"):
        box = state.ui_elements[index].bounds
        if box is not None and box.top <= middle < box.bottom:
            return Action(action_type="click", index=index)
    require(state, desc=f"More options of {title}")
    raise AssertionError("unreachable")


def _song_action(state: State, title: str, item: str) -> SolverSteps:
    state = yield from seek(state, text=title, resource_id="title")
    state = yield _row_menu(state, title)
    return (yield tap(state, text=item))


def _create_playlist(state: State, name: str, files: Sequence[str]) -> SolverSteps:
    """The first song's Add to playlist > New playlist > name > Create; the others'
    Add to playlist > the new playlist."""
    for position, file in enumerate(files):
        state = yield from _song_action(state, _title(file), "Add to playlist")
        if position == 0:
            state = yield tap(state, text="New playlist")
            state = yield type_into(state, name, resource_id="playlist_name")
            state = yield tap(state, text="Create")
        else:
            state = yield tap(state, text=name)
    return state


def solve_create_playlist(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """The playlist, its songs in order."""
    del goal
    state = yield open_app("Retro Music")
    yield from _create_playlist(state, params["playlist_name"], params["files"])


def solve_playing_queue(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Add to playing queue, song by song in order."""
    del goal
    state = yield open_app("Retro Music")
    for file in params["files"]:
        state = yield from _song_action(state, _title(file), "Add to playing queue")


def solve_save_playlist(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Create the playlist, then on the Playlists tab its More options > Save as file."""
    del goal
    state = yield open_app("Retro Music")
    name = params["playlist_name"]
    state = yield from _create_playlist(state, name, params["files"])
    state = yield tap(state, text="Playlists", class_name="Button")
    state = yield _row_menu(state, name)
    yield tap(state, text="Save as file")


SOLVERS = [
    UISolver("android_world", "RetroCreatePlaylist", solve_create_playlist),
    UISolver("android_world", "RetroPlayingQueue", solve_playing_queue),
    UISolver("android_world", "RetroSavePlaylist", solve_save_playlist),
]
