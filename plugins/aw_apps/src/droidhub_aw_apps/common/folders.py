"""What a folder of the phone's storage holds, in the order file browsers list it
(Markor's notebook, the Files app's directory list)."""

from __future__ import annotations

from pathlib import Path


def folder_entries(folder: Path) -> list[tuple[str, bool]]:
    """``(name, is_folder)`` of what the local ``folder`` holds, as file browsers list
    it: folders first, then by name ignoring case; empty if there is no such folder."""
    if not folder.is_dir():
        return []
    items = [(p.name, p.is_dir()) for p in folder.iterdir()]
    return sorted(items, key=lambda item: (not item[1], item[0].lower()))
