"""UI-only solvers of the Retro Music tasks: from For you (where the app opens) to the
Songs tab, each song row's ``menu`` (Add to playlist, Add to playing queue), the
Playlists tab's cell menu (Save as file), and for the playlist of a given length the
album "Music", whose ``item_song`` rows show each song's length, and a selection there
(long press, taps, the action mode's Add to playlist).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from droidhub import Action, State
from droidhub.agents.ui_solver import (
    SolverError,
    SolverScript,
    SolverSteps,
    find,
    find_all,
    long_press,
    open_app,
    require,
    scroll,
    seek,
    tap,
    type_into,
)
from droidhub_aw_apps.common.ui_solvers import SolverList

SOLVERS = SolverList()


def _title(file: str) -> str:
    return file.removesuffix(".mp3")


def _covers(state: State) -> list[tuple[int, int, int, int]]:
    """What lies over the list's bottom: the shuffle button and the mini player."""
    boxes = []
    for id_ in ("shuffle_button", "miniPlayerFragment"):
        index = find(state, resource_id=id_)
        box = state.ui_elements[index].bounds if index is not None else None
        if box is not None:
            boxes.append((box.left, box.top, box.right, box.bottom))
    return boxes


def _row_menu(state: State, title: str) -> Action | None:
    """A tap on the ``menu`` (the three dots) of the row or cell titled ``title``;
    None when the shuffle button or the mini player covers it."""
    row = state.ui_elements[require(state, text=title, resource_id="title")]
    assert row.bounds is not None
    middle = row.bounds.center[1]
    for index in find_all(state, resource_id="menu"):
        box = state.ui_elements[index].bounds
        if box is not None and box.top <= middle < box.bottom and box.left >= row.bounds.left:
            x, y = box.center
            if any(
                left <= x < right and top <= y < bottom
                for left, top, right, bottom in _covers(state)
            ):
                return None
            return Action(action_type="click", index=index)
    raise SolverError(f"no menu beside {title!r}")


def _tap_row_menu(state: State, title: str) -> SolverSteps:
    """Open the row's menu; first scroll the list down (which hides the shuffle
    button and lifts the row above the mini player) if either covers it."""
    tap_menu = _row_menu(state, title)
    if tap_menu is None:
        state = yield scroll("down")
        state = yield from seek(state, text=title, resource_id="title")
        tap_menu = _row_menu(state, title)
        if tap_menu is None:
            raise SolverError(f"the shuffle button or the mini player covers {title!r}'s menu")
    return (yield tap_menu)


def _songs_tab(state: State) -> SolverSteps:
    """From For you (where the app opens) to the Songs tab."""
    return (yield tap(state, desc="Songs"))


def _song_action(state: State, title: str, item: str) -> SolverSteps:
    state = yield from seek(state, text=title, resource_id="title")
    state = yield from _tap_row_menu(state, title)
    return (yield tap(state, text=item))


def _new_playlist(state: State, name: str) -> SolverSteps:
    """In the Add to playlist dialog: New playlist, the name, Create."""
    state = yield tap(state, text="New playlist")
    state = yield type_into(state, name, resource_id="actionNewPlaylist")
    return (yield tap(state, resource_id="android:id/button1"))


def _create_playlist(state: State, name: str, files: Sequence[str]) -> SolverSteps:
    """The first song's Add to playlist > New playlist > name > Create; the others'
    Add to playlist > the new playlist."""
    for position, file in enumerate(files):
        state = yield from _song_action(state, _title(file), "Add to playlist")
        if position == 0:
            state = yield from _new_playlist(state, name)
        else:
            state = yield tap(state, text=name, resource_id="android:id/text1")
    return state


@SOLVERS.solves("RetroCreatePlaylist")
def solve_create_playlist(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """The playlist, its songs in order."""
    del goal
    state = yield open_app("Retro Music")
    state = yield from _songs_tab(state)
    yield from _create_playlist(state, params["playlist_name"], params["files"])


@SOLVERS.solves("RetroPlayingQueue")
def solve_playing_queue(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Add to playing queue, song by song in order."""
    del goal
    state = yield open_app("Retro Music")
    state = yield from _songs_tab(state)
    for file in params["files"]:
        state = yield from _song_action(state, _title(file), "Add to playing queue")


@SOLVERS.solves("RetroSavePlaylist")
def solve_save_playlist(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """Create the playlist, then on the Playlists tab its menu > Save as file."""
    del goal
    state = yield open_app("Retro Music")
    state = yield from _songs_tab(state)
    name = params["playlist_name"]
    state = yield from _create_playlist(state, name, params["files"])
    state = yield tap(state, desc="Playlists")
    state = yield from _tap_row_menu(state, name)
    yield tap(state, text="Save as file")


def _song_lengths(state: State) -> list[tuple[str, int]]:
    """(title, seconds) of the album's ``item_song`` rows on screen: each ``title``
    with the ``time`` ("mm:ss") on its line."""
    elements = state.ui_elements
    times = [elements[i] for i in find_all(state, resource_id="time")]
    found = []
    for i in find_all(state, resource_id="title"):
        box = elements[i].bounds
        if box is None:
            continue
        for time in times:
            if time.bounds is not None and time.bounds.top < box.center[1] < time.bounds.bottom:
                minutes, seconds = time.text.split(":")[-2:]
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


@SOLVERS.solves("RetroPlaylistDuration")
def solve_playlist_duration(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """The Songs list shows no lengths; the album "Music" (MediaStore's album of
    untagged songs) lists every song with its length. Read them there, choose the
    fewest songs lasting 45 to 50 minutes, select them (a long press on the first,
    taps on the others, in list order) and add them to a new playlist."""
    del goal
    state = yield open_app("Retro Music")
    state = yield tap(state, desc="Albums")
    state = yield tap(state, resource_id="title", text="Music")
    lengths = _song_lengths(state)
    for _ in range(6):
        state = yield scroll("down")
        more = [s for s in _song_lengths(state) if s not in lengths]
        if not more:
            break
        lengths += more
    order = [title for title, _ in lengths]
    chosen = sorted(_fewest_songs(lengths, 45 * 60, 50 * 60), key=order.index)
    for _ in range(6):  # the list ends at the bottom: back up to the first chosen song
        if find(state, text=chosen[0], resource_id="title") is not None:
            break
        state = yield scroll("up")
    state = yield long_press(state, text=chosen[0], resource_id="title")
    for title in chosen[1:]:
        state = yield from seek(state, text=title, resource_id="title")
        state = yield tap(state, text=title, resource_id="title")
    state = yield tap(state, desc="Add to playlist")
    yield from _new_playlist(state, params["playlist_name"])
