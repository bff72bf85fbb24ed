"""UI-only solvers of the Retro Music tasks, through each song row's ``More options``
menu (Add to playlist, Add to playing queue), the Playlists tab, and a selection of
songs (long press, taps, ``Add to playlist``) for the playlist of a given length, chosen
from the lengths the song list shows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from droidhub import Action, State
from droidhub.agents.ui_solver import (
    SolverError,
    SolverScript,
    SolverSteps,
    UISolver,
    find_all,
    long_press,
    open_app,
    require,
    scroll,
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


def _song_lengths(state: State) -> list[tuple[str, int]]:
    """(title, seconds) of the song rows on screen, from their "artist • m:ss" lines."""
    elements = state.ui_elements
    found = []
    for i in find_all(state, resource_id="title"):
        line = elements[i + 1] if i + 1 < len(elements) else None
        if line is None or not line.resource_id.endswith("/text") or "•" not in line.text:
            continue
        minutes, seconds = line.text.rsplit("•", 1)[1].strip().split(":")
        found.append((elements[i].text, int(minutes) * 60 + int(seconds)))
    return found


def _fewest_songs(lengths: list[tuple[str, int]], low: int, high: int) -> list[str]:
    """The fewest songs whose lengths add up to between ``low`` and ``high`` seconds."""
    # best[total] = the titles of the shortest selection reaching that total.
    best: dict[int, list[str]] = {0: []}
    for title, seconds in lengths:
        for total, chosen in sorted(best.items(), key=lambda kv: -kv[0]):
            new = total + seconds
            if new <= high and (new not in best or len(best[new]) > len(chosen) + 1):
                best[new] = [*chosen, title]
    fits = [chosen for total, chosen in best.items() if low <= total <= high]
    if not fits:
        raise SolverError(f"no songs add up to {low // 60}-{high // 60} minutes")
    return min(fits, key=len)


def solve_playlist_duration(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Read every song's length, choose the fewest songs lasting 45 to 50 minutes, select
    them (a long press on the first, taps on the others, in list order) and add them to
    a new playlist."""
    del goal
    state = yield open_app("Retro Music")
    lengths = _song_lengths(state)
    for _ in range(6):
        state = yield scroll("down")
        more = [s for s in _song_lengths(state) if s not in lengths]
        if not more:
            break
        lengths += more
    order = [title for title, _ in lengths]
    chosen = sorted(_fewest_songs(lengths, 45 * 60, 50 * 60), key=order.index)
    state = yield from seek(state, text=chosen[0], resource_id="title")
    state = yield long_press(state, text=chosen[0], resource_id="title")
    for title in chosen[1:]:
        state = yield from seek(state, text=title, resource_id="title")
        state = yield tap(state, text=title, resource_id="title")
    state = yield tap(state, desc="Add to playlist")
    state = yield tap(state, text="New playlist")
    state = yield type_into(state, params["playlist_name"], resource_id="playlist_name")
    yield tap(state, text="Create")


SOLVERS = [
    UISolver("android_world", "RetroPlaylistDuration", solve_playlist_duration),
    UISolver("android_world", "RetroCreatePlaylist", solve_create_playlist),
    UISolver("android_world", "RetroPlayingQueue", solve_playing_queue),
    UISolver("android_world", "RetroSavePlaylist", solve_save_playlist),
]
