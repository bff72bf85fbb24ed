"""The VLC, Retro Music and OsmAnd tasks are done through their apps' screens alone."""

from __future__ import annotations

from screen_checks import assert_solved_through_screen

TASKS = (
    "VlcCreatePlaylist",
    "VlcCreateTwoPlaylists",
    "RetroCreatePlaylist",
    "RetroPlayingQueue",
    "RetroSavePlaylist",
    # The song list shows each song's length; a long press selects several at once.
    "RetroPlaylistDuration",
    "OsmAndFavorite",
    "OsmAndMarker",
    "OsmAndTrack",
)


def test_media_and_map_tasks_are_solved_through_the_screen() -> None:
    assert_solved_through_screen(TASKS)
