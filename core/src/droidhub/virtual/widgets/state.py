"""What the toolkit remembers of a widget app between two builds (not app data)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from droidhub.virtual.widgets.kit import MenuItem

Box = tuple[int, int, int, int]


@dataclass
class Popup:
    """An open overflow menu (``menu``), context menu (``context``) or spinner list."""

    items: Sequence[MenuItem]
    anchor: Box
    style: str = "menu"


@dataclass
class UiState:
    """Scroll offsets by list key, the focused field's key, an open popup, a toast."""

    scroll: dict[str, int] = field(default_factory=dict)
    focus: str | None = None
    popup: Popup | None = None
    toast: str = ""
    toast_left: int = 0
