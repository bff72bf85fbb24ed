"""Pixels with Skia, the library Android's HWUI draws with: surfaces with rounded
corners and elevation shadows, Roboto text, Material Symbols icons, check boxes,
switches, the dimming scrim behind a dialog and the gesture bar (the status bar is a
view tree of its own, :mod:`.status_bar`); a PNG encoder for ``screencap``.

A :class:`Painter` wraps one Skia canvas of the phone's size; views call its
primitives from their ``draw`` methods. Shadows are blurred once per (corner radius,
elevation) into a small nine-slice image and stretched around each surface, because
blurring every card afresh costs more than the whole rest of a screen.
"""

from __future__ import annotations

import functools
import zlib
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

import numpy as np
import skia

from droidhub.android.phone import PIXEL_6
from droidhub.virtual.views import icons
from droidhub.virtual.views import text as fonts
from droidhub.virtual.views.measure import dp, place

Box = tuple[int, int, int, int]

#: Material 2's key shadow: black at 24 % under a surface, offset down by half its
#: elevation and blurred by it (the ambient and spot lights of HWUI, in one pass).
_SHADOW_ALPHA = 0.24
#: ``android:backgroundDimAmount`` of Android's dialog themes.
DIM_AMOUNT = 0.6


_NEAREST = skia.SamplingOptions(skia.FilterMode.kNearest)


@functools.cache
def colour(value: str, light: float = 1.0) -> int:
    """``#RRGGBB`` or ``#AARRGGBB`` as a Skia colour, its red, green and blue scaled
    by ``light`` (what is left of it under a scrim)."""
    digits = value.lstrip("#")
    if len(digits) == 6:
        digits = "FF" + digits
    argb = int(digits, 16)
    if light == 1.0:
        return argb
    alpha, red, green, blue = argb >> 24, (argb >> 16) & 255, (argb >> 8) & 255, argb & 255
    return int(
        skia.ColorSetARGB(alpha, round(red * light), round(green * light), round(blue * light))
    )


@functools.cache
def _shadow_slices(radius: int, elevation: int) -> tuple[skia.Image, int]:
    """A blurred rounded square whose corners are ``edge`` px: stretched, its middle
    rows and columns make the shadow of a surface of any size."""
    sigma = max(1.0, elevation / 2)
    pad = int(sigma * 3) + 1
    edge = pad + radius
    size = 2 * edge + 1
    surface = skia.Surface(size, size)
    canvas = surface.getCanvas()
    canvas.clear(skia.ColorTRANSPARENT)
    paint = skia.Paint(
        AntiAlias=True,
        Color=skia.ColorSetARGB(round(255 * _SHADOW_ALPHA), 0, 0, 0),
        MaskFilter=skia.MaskFilter.MakeBlur(skia.kNormal_BlurStyle, sigma),
    )
    canvas.drawRRect(
        skia.RRect.MakeRectXY(skia.Rect(pad, pad, size - pad, size - pad), radius, radius), paint
    )
    return surface.makeImageSnapshot(), edge


class Painter:
    """A canvas the size of the phone's screen, and what views paint on it."""

    def __init__(self) -> None:
        # Skia's native pixel order (BGRA here): its fast blitters work on it alone.
        self.surface_ = skia.Surface(PIXEL_6.width, PIXEL_6.height)
        self.canvas = self.surface_.getCanvas()
        self._fill = skia.Paint(AntiAlias=True)
        #: How much light the views painted now keep: less than 1 under a dialog's
        #: scrim. Dimming every colour as it is drawn gives the very pixels a black
        #: scrim blended over them would (blending is linear), without a second pass
        #: over the whole screen.
        self.light = 1.0

    def rgb(self, value: str) -> int:
        """``value`` as drawn now (dimmed under a scrim)."""
        return colour(value, self.light)

    # --- primitives ------------------------------------------------------------------
    def clear(self, background: str) -> None:
        """Fill the whole screen."""
        self.canvas.clear(self.rgb(background))

    @contextmanager
    def clipped(self, box: Box) -> Iterator[None]:
        """Paint inside ``box`` only (a group's children stay in its bounds)."""
        self.canvas.save()
        self.canvas.clipRect(skia.Rect(*box))
        try:
            yield
        finally:
            self.canvas.restore()

    def surface(self, box: Box, fill: str | None, radius: int = 0, elevation: int = 0) -> None:
        """A rectangle of ``fill`` with rounded corners, lifted by ``elevation`` px."""
        if elevation > 0:
            opaque = fill is not None and colour(fill) >> 24 == 0xFF
            self._shadow(box, radius, elevation, opaque)
        if fill is None:
            return
        self._fill.setColor(self.rgb(fill))
        rect = skia.Rect(*box)
        if radius:
            self.canvas.drawRRect(skia.RRect.MakeRectXY(rect, radius, radius), self._fill)
        else:
            self.canvas.drawRect(rect, self._fill)

    def _shadow(self, box: Box, radius: int, elevation: int, opaque: bool) -> None:
        image, edge = _shadow_slices(radius, elevation)
        pad = edge - radius
        left, top, right, bottom = box
        top += elevation // 2
        bottom += elevation // 2
        xs_src = (0, edge, edge + 1, 2 * edge + 1)
        ys_src = xs_src
        xs_dst = (left - pad, left + radius, right - radius, right + pad)
        ys_dst = (top - pad, top + radius, bottom - radius, bottom + pad)
        if xs_dst[1] > xs_dst[2] or ys_dst[1] > ys_dst[2]:
            return  # smaller than its own corners: no room for a shadow worth drawing
        for i in range(3):
            for j in range(3):
                if i == j == 1 and opaque and elevation // 2 <= radius:
                    continue  # the surface covers the middle of its own shadow
                src = skia.Rect(xs_src[i], ys_src[j], xs_src[i + 1], ys_src[j + 1])
                dst = skia.Rect(xs_dst[i], ys_dst[j], xs_dst[i + 1], ys_dst[j + 1])
                # each slice is constant along its stretch: nearest sampling is exact
                self.canvas.drawImageRect(image, src, dst, _NEAREST)

    def text(
        self, lines: Sequence[str], box: Box, size_px: float, fill: str, medium: bool, gravity: int
    ) -> None:
        """``lines`` of text in ``box``, placed by ``gravity``, from the first line's
        top (the font's ``top`` metric above its baseline, as a TextView lays out)."""
        metrics = fonts.metrics(size_px, medium)
        face = fonts.font(size_px, medium)
        height = metrics.height(len(lines))
        y = place(gravity, box[1], box[3], height, False) - metrics.top
        self._fill.setColor(self.rgb(fill))
        for line in lines:
            width = round(fonts.width(line, size_px, medium))
            x = place(gravity, box[0], box[2], width, True)
            self.canvas.drawString(line, x, y, face, self._fill)
            y += metrics.descent - metrics.ascent

    def icon(self, name: str, box: Box, tint: str, filled: bool = False) -> None:
        """The Material Symbols icon ``name`` filling ``box``, in ``tint``."""
        left, top, right, bottom = box
        outline = icons.sized(name, min(right - left, bottom - top), filled)
        if outline is not None:
            self._fill.setColor(self.rgb(tint))
            self.canvas.save()
            self.canvas.translate(left, top)
            self.canvas.drawPath(outline, self._fill)
            self.canvas.restore()

    def check_box(self, box: Box, checked: bool) -> None:
        """An 18 dp box: an outline, or filled in the accent colour with a tick."""
        if checked:
            self.surface(box, "#FF018786", dp(2))
            tick = skia.Paint(
                AntiAlias=True, Color=self.rgb("#FFFFFFFF"), Style=skia.Paint.kStroke_Style
            )
            tick.setStrokeWidth(dp(2))
            left, top, right, bottom = box
            path = skia.Path()
            path.moveTo(left + (right - left) * 0.2, top + (bottom - top) * 0.5)
            path.lineTo(left + (right - left) * 0.42, top + (bottom - top) * 0.72)
            path.lineTo(left + (right - left) * 0.8, top + (bottom - top) * 0.3)
            self.canvas.drawPath(path, tick)
            return
        outline = skia.Paint(
            AntiAlias=True, Color=self.rgb("#8A000000"), Style=skia.Paint.kStroke_Style
        )
        outline.setStrokeWidth(dp(2))
        self.canvas.drawRRect(skia.RRect.MakeRectXY(skia.Rect(*box), dp(2), dp(2)), outline)

    def switch(self, box: Box, checked: bool) -> None:
        """A track and its round thumb, at the end when ``checked``."""
        left, top, right, bottom = box
        track = "#80018786" if checked else "#42000000"
        mid = (top + bottom) // 2
        self.surface((left, mid - dp(7), right, mid + dp(7)), track, dp(7))
        thumb = dp(10)
        x = right - thumb if checked else left + thumb
        self._fill.setColor(self.rgb("#FF018786" if checked else "#FFECECEC"))
        self.canvas.drawCircle(x, mid, thumb, self._fill)

    # --- the system bars -------------------------------------------------------------
    def navigation_bar(self) -> None:
        """The gesture handle: a rounded bar centred at the bottom."""
        mid = PIXEL_6.height - PIXEL_6.navigation_bar // 2
        half = dp(54)
        centre = PIXEL_6.width // 2
        self.surface((centre - half, mid - dp(2), centre + half, mid + dp(2)), "#99000000", dp(2))

    # --- out -------------------------------------------------------------------------
    def png(self) -> bytes:
        """The canvas as a PNG (RGBA, as Android's ``screencap -p`` writes), compressed
        for speed (zlib level 1) rather than size."""
        pixels = self.surface_.toarray(colorType=skia.kRGBA_8888_ColorType)
        height, width = pixels.shape[:2]
        rows = np.empty((height, width * 4 + 1), np.uint8)
        rows[:, 0] = 0  # filter type None on every row
        rows[:, 1:] = pixels.reshape(height, width * 4)
        return _png_file(width, height, zlib.compress(rows.data, 1))


def _png_file(width: int, height: int, data: bytes) -> bytes:
    def chunk(kind: bytes, body: bytes) -> bytes:
        crc = zlib.crc32(kind + body) & 0xFFFFFFFF
        return len(body).to_bytes(4, "big") + kind + body + crc.to_bytes(4, "big")

    header = width.to_bytes(4, "big") + height.to_bytes(4, "big") + bytes((8, 6, 0, 0, 0))
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", data) + chunk(b"IEND", b"")
    )
