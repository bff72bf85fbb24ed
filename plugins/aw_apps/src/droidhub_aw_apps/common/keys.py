"""Keys as app models receive them from ``input keyevent`` (the toolkit's constants)."""

from __future__ import annotations

from droidhub.virtual.appmodel import KEY_BACK, KEY_DEL, KEY_ENTER

__all__ = ["KEY_BACK", "KEY_DEL", "KEY_ENTER"]
