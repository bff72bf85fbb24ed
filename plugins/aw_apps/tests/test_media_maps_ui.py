"""The VLC, Retro Music and OsmAnd tasks are done through their apps' screens alone."""

from __future__ import annotations

import subprocess
import sys

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
    proc = subprocess.run(
        [sys.executable, "-m", "droidhub", "check", "--ui", "--tasks", ",".join(TASKS)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert f"{len(TASKS)} of {len(TASKS)} tasks pass" in proc.stdout
