"""SeekBar: a value picked along a track by touch, after ``android.widget.AbsSeekBar``.

The app holds the value (``progress`` between ``min`` and ``max``) and learns of a
change through ``on_change``, as an ``OnSeekBarChangeListener`` does. A touch moves
the thumb to the finger: a tap sets the value where it lands and a drag where it ends
(:meth:`ViewApp.on_tap` / :meth:`ViewApp.on_swipe` hand the finger's x over). Where
the finger maps to a value follows ``AbsSeekBar.trackTouchEvent``: the track is the
view less its horizontal padding, a finger before its start is ``min``, after its end
``max``, and in between the value is rounded to the nearest step.

Facts: a SeekBar's node reports ``android.widget.SeekBar`` and is focusable but not
clickable (it takes touches in ``onTouchEvent``, not through a click listener); it has
no text of its own. ``style="slider"`` draws SystemUI's brightness slider of Android
13 (``ToggleSeekBar`` with ``brightness_progress_drawable``): a 48 dp track with fully
rounded ends, its filled part from the start to the thumb, an icon at the thumb;
``style="material"`` draws Material's thin track with a round thumb.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, Unpack

from droidhub.virtual.views.measure import MATCH_PARENT, MeasureSpec, dp
from droidhub.virtual.views.paint import Painter
from droidhub.virtual.views.view import Attributes, View

#: Material's slider colours (the accent, its track at 26 %) and SystemUI's brightness
#: slider's (the track's surface, the filled part and the icon on it).
ACCENT = "#FF018786"
ACCENT_TRACK = "#42018786"
SLIDER_TRACK = "#FFE1E2EC"
SLIDER_FILL = "#FFA8C7FA"
SLIDER_ICON = "#FF041E49"
MATERIAL, SLIDER = "material", "slider"
#: Material's thumb, in dp: the track is inset by it so that the thumb shows whole.
THUMB_RADIUS = 10


class SeekBar(View):
    """``android.widget.SeekBar``: ``progress`` in ``[min, max]``, set by touch.

    ``icon`` is the Material Symbols icon the slider style draws at its thumb.
    """

    class_name: ClassVar[str] = "android.widget.SeekBar"
    focusable_by_default: ClassVar[bool] = True

    def __init__(
        self,
        id: str = "",
        *,
        progress: int = 0,
        min: int = 0,
        max: int = 100,
        on_change: Callable[[int], object] | None = None,
        style: str = MATERIAL,
        icon: str = "",
        **attributes: Unpack[Attributes],
    ) -> None:
        attributes.setdefault("width", MATCH_PARENT)
        attributes.setdefault("height", 48 if style == SLIDER else 32)
        if style == MATERIAL:
            attributes.setdefault("padding", (THUMB_RADIUS, 0, THUMB_RADIUS, 0))
        super().__init__(id, **attributes)
        if not min <= progress <= max:
            raise ValueError(f"SeekBar {id!r}: progress {progress} is not in [{min}, {max}]")
        self.progress, self.min, self.max = progress, min, max
        self.on_change, self.style, self.icon = on_change, style, icon

    # --- touch ---------------------------------------------------------------------
    def hit(self, x: int, y: int, long: bool = False) -> View | None:
        """A SeekBar takes every touch on it (not a click: it tracks the finger)."""
        if long or self.visibility != "visible" or not self.enabled:
            return None
        return self if self.contains(x, y) else None

    def value_at(self, x: int) -> int:
        """The value a finger at ``x`` picks: its place along the padded track."""
        left, _, right, _ = self.padding
        start, length = self.left + left, self.right - right - (self.left + left)
        fraction = 0.0 if length <= 0 else (x - start) / length
        fraction = min(1.0, fraction if fraction > 0 else 0.0)
        return self.min + round(fraction * (self.max - self.min))

    def seek_to(self, x: int) -> None:
        """Move the thumb under a finger at ``x``; tell the app if the value changed."""
        value = self.value_at(x)
        if value != self.progress:
            self.progress = value
            if self.on_change is not None:
                self.on_change(value)

    # --- measure and draw ----------------------------------------------------------
    def on_measure(self, width_spec: MeasureSpec, height_spec: MeasureSpec) -> tuple[int, int]:
        """As wide as it is let be, as tall as its style's track."""
        tall = dp(48) if self.style == SLIDER else dp(32)
        left, top, right, bottom = self.padding
        return width_spec.resolve(dp(64) + left + right), height_spec.resolve(tall + top + bottom)

    def fraction(self) -> float:
        """How far along the track the thumb is, 0 to 1."""
        span = self.max - self.min
        return 0.0 if span <= 0 else (self.progress - self.min) / span

    def draw_content(self, painter: Painter) -> None:
        """The track, its filled part up to the thumb, and the thumb."""
        left, top, right, bottom = self.padding
        box = (self.left + left, self.top + top, self.right - right, self.bottom - bottom)
        if self.style == SLIDER:
            self._draw_slider(painter, box)
        else:
            self._draw_material(painter, box)

    def _draw_slider(self, painter: Painter, box: tuple[int, int, int, int]) -> None:
        start, top, end, bottom = box
        height = bottom - top
        radius = height // 2
        painter.surface(box, SLIDER_TRACK, radius)
        # The filled part is never shorter than the thumb it carries (a circle).
        reach = start + height + round(self.fraction() * (end - start - height))
        painter.surface((start, top, reach, bottom), SLIDER_FILL, radius)
        if self.icon:
            size = dp(24)
            x, y = reach - radius - size // 2, top + (height - size) // 2
            painter.icon(self.icon, (x, y, x + size, y + size), SLIDER_ICON)

    def _draw_material(self, painter: Painter, box: tuple[int, int, int, int]) -> None:
        thumb = dp(THUMB_RADIUS)
        start, top, end, bottom = box
        middle = (top + bottom) // 2
        at = start + round(self.fraction() * (end - start))
        painter.surface((start, middle - dp(2), end, middle + dp(2)), ACCENT_TRACK, dp(2))
        painter.surface((start, middle - dp(2), at, middle + dp(2)), ACCENT, dp(2))
        painter.surface((at - thumb, middle - thumb, at + thumb, middle + thumb), ACCENT, thumb)
