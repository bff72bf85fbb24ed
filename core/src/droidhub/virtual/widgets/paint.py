"""Pixels for a widget window, in Material 2 style: Roboto, the app's toolbar colour,
vector icons, switches, check boxes, SeekBars, a FAB, dialogs over a scrim, the status
bar and the gesture navigation bar.

A window is painted from its laid-out nodes alone, so the same window always gives the
same PNG (cached by the dump text and the theme).
"""

from __future__ import annotations

import colorsys
import functools
import io
import math

from PIL import Image, ImageDraw, ImageFont

from droidhub.android.phone import PIXEL_6
from droidhub.virtual.hierarchy import hierarchy
from droidhub.virtual.views.text import FONT_FILES
from droidhub.virtual.widgets.kit import Theme
from droidhub.virtual.widgets.nodes import WidgetNode, dp

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont
_INK = (33, 33, 33)
_GREY = (117, 117, 117)
_LINE = (224, 224, 224)
_SP = PIXEL_6.density / 160  # text at the default font scale: 1 sp = 1 dp


@functools.cache
def font(size_sp: float, medium: bool = False) -> Font:
    """Roboto (Medium for titles and buttons) at ``size_sp``; DejaVu Sans where absent."""
    size = round(size_sp * _SP)
    names = [n.replace("Regular", "Medium") for n in FONT_FILES] if medium else []
    for name in [*names, *FONT_FILES]:
        try:
            return ImageFont.truetype(name, size)
        except OSError:
            continue
    return ImageFont.load_default()


def button_width(label: str) -> int:
    """A button's width: its label in 14 sp medium caps plus 16 dp each side (no wrap)."""
    measure = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    return max(dp(64), round(measure.textlength(label.upper(), font=font(14, True))) + dp(32))


def _rgb(colour: str) -> tuple[int, int, int]:
    value = colour.lstrip("#")
    return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)


def window_png(root: WidgetNode, theme: Theme) -> bytes:
    """The PNG of a laid-out window (cached by its dump text and theme)."""
    return _paint(hierarchy(root), root, (theme.primary, theme.on_primary, theme.accent))


_cache: dict[tuple[str, tuple[str, str, str]], bytes] = {}


def _paint(key_xml: str, root: WidgetNode, colours: tuple[str, str, str]) -> bytes:
    key = (key_xml, colours)
    if key in _cache:
        return _cache[key]
    primary, on_primary, accent = (_rgb(c) for c in colours)
    image = Image.new("RGB", PIXEL_6.size, (255, 255, 255))
    draw = ImageDraw.Draw(image)
    painter = _Painter(image, draw, primary, on_primary, accent)
    for node in root.walk():
        painter.node(node)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=1)
    if len(_cache) > 64:
        _cache.clear()
    _cache[key] = buffer.getvalue()
    return _cache[key]


#: TextView styles whose text the label pass draws (others draw their own text).
_LABELLED = ("", "row-title", "popup-row", "dialog-title")


class _Painter:
    def __init__(
        self,
        image: Image.Image,
        draw: ImageDraw.ImageDraw,
        primary: tuple[int, int, int],
        on_primary: tuple[int, int, int],
        accent: tuple[int, int, int],
    ) -> None:
        self.image, self.draw = image, draw
        self.primary, self.on_primary, self.accent = primary, on_primary, accent
        self.on_bar = False

    def text(self, box: tuple[int, int, int, int], text: str, size: float, **kw: object) -> None:
        colour = kw.get("fill", _INK)
        medium = bool(kw.get("medium", False))
        centre = bool(kw.get("centre", False))
        face = font(size, medium)
        left, top, right, bottom = box
        line_height = round(size * _SP * 1.35)
        lines = text.split("\n")[: max(1, (bottom - top) // max(1, line_height))]
        y = (top + bottom) // 2 - len(lines) * line_height // 2
        for line in lines:
            while line and self.draw.textlength(line, font=face) > right - left:
                line = line[:-2] + "…" if len(line) > 2 else ""
            x = left
            if centre:
                x = (left + right - round(self.draw.textlength(line, font=face))) // 2
            self.draw.text((x, y + line_height // 2), line, fill=colour, font=face, anchor="lm")  # type: ignore[arg-type]
            y += line_height

    def node(self, node: WidgetNode) -> None:
        style, box = node.style, node.bounds
        left, top, right, bottom = box
        if right <= left or bottom <= top:
            return
        if style == "status-bar":
            self.draw.rectangle(box, fill=self.primary)
        elif style == "status-clock":
            self.text(box, node.text, 14, fill=self.on_primary, medium=True)
        elif style == "status-battery":
            self._battery(box)
        elif style == "navigation-bar":
            self.draw.rectangle(box, fill=(255, 255, 255))
            cx, cy = (left + right) // 2, (top + bottom) // 2
            self.draw.rounded_rectangle(
                (cx - dp(54), cy - dp(2), cx + dp(54), cy + dp(2)), radius=dp(2), fill=_INK
            )
        elif style == "toolbar":
            self.draw.rectangle(box, fill=self.primary)
        elif style == "toolbar-title":
            self.text(box, node.text, 20, fill=self.on_primary, medium=True)
        elif style == "toolbar-icon":
            icon(self.draw, node.icon, box, self.on_primary)
        elif style == "fab":
            self.draw.ellipse(box, fill=self.accent)
            icon(self.draw, node.icon, box, (255, 255, 255))
        elif style.startswith("button-"):
            self._button(node)
        elif style == "icon-button":
            icon(self.draw, node.icon, box, _GREY)
        elif style in ("field", "field-focused"):
            self._field(node)
        elif style in ("checkbox", "radio"):
            self._check(node)
        elif style == "switch":
            self._switch(node)
        elif style == "slider":
            self._slider(node)
        elif style == "spinner":
            self.draw.line((left, bottom - dp(1), right, bottom - dp(1)), fill=_GREY, width=dp(1))
            cx, cy = right - dp(12), (top + bottom) // 2
            self.draw.polygon(
                [(cx - dp(5), cy - dp(2)), (cx + dp(5), cy - dp(2)), (cx, cy + dp(3))], fill=_GREY
            )
        elif style == "tab":
            if node.selected:
                self.draw.rectangle((left, bottom - dp(2), right, bottom), fill=self.accent)
        elif style == "row":
            self.draw.line((left, bottom - 1, right, bottom - 1), fill=_LINE)
            if node.checkable:  # a row that is checked off (a to-do): its box at the end
                cy, size = (top + bottom) // 2, dp(18)
                mark = (right - dp(40), cy - size // 2, right - dp(40) + size, cy + size // 2)
                if node.checked:
                    self.draw.rounded_rectangle(mark, radius=dp(2), fill=self.accent)
                    icon(self.draw, "check", mark, (255, 255, 255))
                else:
                    self.draw.rounded_rectangle(mark, radius=dp(2), outline=_GREY, width=dp(2))
        elif style == "dialog":
            self.image.paste((128, 128, 128), (0, 0, *PIXEL_6.size))
            self.draw.rounded_rectangle(box, radius=dp(4), fill=(255, 255, 255))
        elif style == "popup":
            self.draw.rectangle(
                (left + dp(2), top + dp(2), right + dp(2), bottom + dp(2)), fill=(200, 200, 200)
            )
            self.draw.rectangle(box, fill=(255, 255, 255))
        elif style == "bottom-tab":
            colour = self.accent if node.selected else _GREY
            self.text(box, node.text, 14, fill=colour, medium=node.selected, centre=True)
        elif style == "launcher-icon":
            self._launcher_icon(node)
        elif style == "toast":
            self.draw.rounded_rectangle(box, radius=dp(24), fill=(50, 50, 50))
            self.text(box, node.text, 14, fill=(255, 255, 255), centre=True)
        self._label(node)

    def _label(self, node: WidgetNode) -> None:
        """Plain TextViews, and texts of rows and popups, in their style's size."""
        text_view = node.cls in ("android.widget.TextView", "android.widget.CheckedTextView")
        if not (node.style.startswith("text-") or (text_view and node.style in _LABELLED)):
            return
        text = node.text or node.content_desc
        if not text:
            return
        left, top, right, bottom = node.bounds
        sizes = {"text-title": 20, "text-headline": 24, "text-caption": 14, "row-title": 16}
        size = sizes.get(node.style, 16)
        colour = _GREY if node.style == "text-caption" else _INK
        medium = node.style in ("text-title", "text-headline", "dialog-title")
        if node.style == "dialog-title":
            size = 20
        self.text(
            (left + dp(4) if node.style == "popup-row" else left, top, right, bottom),
            text,
            size,
            fill=colour,
            medium=medium,
        )

    def _launcher_icon(self, node: WidgetNode) -> None:
        """A round icon in a colour of the app's own, its initial, the label below."""
        left, top, right, bottom = node.bounds
        cx, size = (left + right) // 2, dp(56)
        hue = sum(node.text.encode()) * 47 % 360
        colour = tuple(round(c * 255) for c in colorsys.hls_to_rgb(hue / 360, 0.45, 0.55))
        circle = (cx - size // 2, top + dp(8), cx + size // 2, top + dp(8) + size)
        self.draw.ellipse(circle, fill=colour)
        self.text(circle, node.text[:1], 24, fill=(255, 255, 255), medium=True, centre=True)
        self.text((left, circle[3], right, bottom), node.text, 12, centre=True)

    def _battery(self, box: tuple[int, int, int, int]) -> None:
        _left, top, right, bottom = box
        cy = (top + bottom) // 2
        self.draw.rectangle(
            (right - dp(22), cy - dp(6), right - dp(4), cy + dp(6)), fill=self.on_primary
        )
        self.draw.rectangle(
            (right - dp(4), cy - dp(3), right - dp(2), cy + dp(3)), fill=self.on_primary
        )
        # Wi-Fi: a quarter fan left of the battery.
        x = right - dp(36)
        self.draw.pieslice(
            (x - dp(9), cy - dp(7), x + dp(9), cy + dp(11)), 225, 315, fill=self.on_primary
        )

    def _button(self, node: WidgetNode) -> None:
        box, style = node.bounds, node.style
        colour = self.accent if node.enabled else (189, 189, 189)
        inner = (box[0], box[1] + dp(6), box[2], box[3] - dp(6))
        if style == "button-filled":
            self.draw.rounded_rectangle(inner, radius=dp(4), fill=colour)
            self.text(inner, node.text.upper(), 14, fill=(255, 255, 255), medium=True, centre=True)
            return
        if style == "button-outlined":
            self.draw.rounded_rectangle(inner, radius=dp(4), outline=_LINE, width=dp(1))
        self.text(inner, node.text.upper(), 14, fill=colour, medium=True, centre=True)

    def _field(self, node: WidgetNode) -> None:
        left, top, right, bottom = node.bounds
        focused = node.style == "field-focused"
        colour = self.accent if focused else _GREY
        self.draw.line(
            (left, bottom - dp(2), right, bottom - dp(2)),
            fill=colour,
            width=dp(2 if focused else 1),
        )
        empty = node.text == "" or (
            not node.focused and node.text and node.password is False and False
        )
        del empty
        self.text((left, top, right, bottom - dp(4)), node.text, 16, fill=_INK)
        if focused:
            face = font(16)
            x = left + round(self.draw.textlength(node.text.split("\n")[-1], font=face)) + dp(1)
            self.draw.line((x, top + dp(14), x, bottom - dp(14)), fill=self.accent, width=dp(1))

    def _check(self, node: WidgetNode) -> None:
        left, top, right, bottom = node.bounds
        cy, size = (top + bottom) // 2, dp(18)
        mark = (left + dp(16), cy - size // 2, left + dp(16) + size, cy + size // 2)
        if node.style == "radio":
            self.draw.ellipse(mark, outline=self.accent if node.checked else _GREY, width=dp(2))
            if node.checked:
                d = dp(5)
                self.draw.ellipse(
                    (mark[0] + d, mark[1] + d, mark[2] - d, mark[3] - d), fill=self.accent
                )
        elif node.checked:
            self.draw.rounded_rectangle(mark, radius=dp(2), fill=self.accent)
            icon(self.draw, "check", mark, (255, 255, 255))
        else:
            self.draw.rounded_rectangle(mark, radius=dp(2), outline=_GREY, width=dp(2))
        self.text((left + dp(48), top, right, bottom), node.text, 16)

    def _switch(self, node: WidgetNode) -> None:
        _left, top, right, bottom = node.bounds
        cy, x = (top + bottom) // 2, right - dp(36)
        on = node.checked
        track = tuple(min(255, c + 90) for c in self.accent) if on else (189, 189, 189)
        self.draw.rounded_rectangle(
            (x, cy - dp(7), x + dp(34), cy + dp(7)), radius=dp(7), fill=track
        )
        knob_x = x + dp(24) if on else x + dp(10)
        self.draw.ellipse(
            (knob_x - dp(10), cy - dp(10), knob_x + dp(10), cy + dp(10)),
            fill=self.accent if on else (250, 250, 250),
            outline=None if on else (189, 189, 189),
        )

    def _slider(self, node: WidgetNode) -> None:
        left, top, right, bottom = node.bounds
        cy = (top + bottom) // 2
        x = left + round((right - left) * node.fraction)
        self.draw.line((left, cy, right, cy), fill=(200, 200, 200), width=dp(2))
        self.draw.line((left, cy, x, cy), fill=self.accent, width=dp(2))
        self.draw.ellipse((x - dp(10), cy - dp(10), x + dp(10), cy + dp(10)), fill=self.accent)


def icon(
    draw: ImageDraw.ImageDraw,
    name: str,
    box: tuple[int, int, int, int],
    colour: tuple[int, int, int],
) -> None:
    """Draw the Material icon ``name`` (24 dp) centred in ``box``."""
    cx, cy = (box[0] + box[2]) // 2, (box[1] + box[3]) // 2
    r, w = dp(9), dp(2)
    if name in ("add", "close"):
        angle = math.pi / 4 if name == "close" else 0.0
        for a in (angle, angle + math.pi / 2):
            dx, dy = r * math.cos(a), r * math.sin(a)
            draw.line((cx - dx, cy - dy, cx + dx, cy + dy), fill=colour, width=w)
    elif name == "check":
        draw.line(
            (cx - r, cy, cx - r // 3, cy + r * 2 // 3, cx + r, cy - r * 2 // 3),
            fill=colour,
            width=w,
        )
    elif name == "more":
        for dy in (-dp(6), 0, dp(6)):
            draw.ellipse((cx - dp(2), cy + dy - dp(2), cx + dp(2), cy + dy + dp(2)), fill=colour)
    elif name == "menu":
        for dy in (-dp(6), 0, dp(6)):
            draw.line((cx - r, cy + dy, cx + r, cy + dy), fill=colour, width=w)
    elif name == "back":
        draw.line((cx - r, cy, cx + r, cy), fill=colour, width=w)
        draw.line((cx - r, cy, cx - r // 3, cy - r * 2 // 3), fill=colour, width=w)
        draw.line((cx - r, cy, cx - r // 3, cy + r * 2 // 3), fill=colour, width=w)
    elif name == "search":
        draw.ellipse((cx - r, cy - r, cx + r // 3, cy + r // 3), outline=colour, width=w)
        draw.line((cx + r // 6, cy + r // 6, cx + r, cy + r), fill=colour, width=w + 1)
    elif name == "delete":
        draw.rectangle(
            (cx - r * 2 // 3, cy - r // 2, cx + r * 2 // 3, cy + r), outline=colour, width=w
        )
        draw.line((cx - r, cy - r * 3 // 4, cx + r, cy - r * 3 // 4), fill=colour, width=w)
    elif name == "edit":
        draw.line((cx - r, cy + r, cx + r, cy - r), fill=colour, width=w + 2)
        draw.line((cx - r, cy + r, cx - r // 2, cy + r), fill=colour, width=w)
    elif name in ("calendar", "today"):
        draw.rectangle((cx - r, cy - r * 3 // 4, cx + r, cy + r), outline=colour, width=w)
        draw.line((cx - r, cy - r // 4, cx + r, cy - r // 4), fill=colour, width=w)
    elif name == "save":
        draw.rectangle((cx - r, cy - r, cx + r, cy + r), outline=colour, width=w)
        draw.rectangle((cx - r // 2, cy + r // 4, cx + r // 2, cy + r), fill=colour)
    else:  # settings, share and the rest: a ring
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=colour, width=w)
