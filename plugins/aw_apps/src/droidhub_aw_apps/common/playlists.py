"""Playlist tasks' parameters and checks shared by the music and video players
(Retro Music, VLC).

Both apps' playlist tasks draw a :class:`PlaylistParams`. Both apps keep playlists in
SQLite; each module turns its rows into :class:`PlaylistRow` and asks
:func:`playlist_matches`, which applies AndroidWorld's rule: the playlist's name
matches up to small typos, it holds exactly as many items as expected, and item ``i``
is the expected one, at position ``i``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict

from droidhub_aw_apps.common import fuzzy


class PlaylistParams(BaseModel):
    """A playlist task's parameters: the playlist's name, the media files to put in it
    (in order), and other media files of the same kind to put beside them."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    playlist_name: str
    files: tuple[str, ...]
    noise_files: tuple[str, ...]


@dataclass(frozen=True)
class PlaylistRow:
    """One item of one playlist: its playlist's name, the item's name, its 0-based place."""

    playlist_name: str
    item: str
    position: int
    duration_ms: int | None = None


def playlist_matches(rows: Sequence[PlaylistRow], name: str, items: Sequence[str]) -> bool:
    """Whether the playlist called ``name`` (up to typos) holds exactly ``items`` in order."""
    mine = [row for row in rows if fuzzy.similar(row.playlist_name, name)]
    if len(mine) != len(items):
        return False
    return all(
        any(row.item == item and row.position == index for row in mine)
        for index, item in enumerate(items)
    )
