"""Chrome on the virtual phone (:class:`ChromeApp`): it reads the page's game and seed
from the file it is asked to open, plays the same game in Python
(:mod:`droidhub_aw_apps.browser.games`), and draws it as a Chrome window would
(toolbar, page, ``uiautomator`` nodes and pixels). It runs no JavaScript and opens
no other page: only the three game pages, file URLs typed into the address bar
included. On an emulator, the same page runs in the real Chrome.
"""

from __future__ import annotations

import io
import math
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw, ImageFont

from droidhub.virtual.appmodel import PIXEL_6, Intent, Screen, VirtualApp
from droidhub_aw_apps.browser import games as browser_games
from droidhub_aw_apps.browser import pages as browser_pages
from droidhub_aw_apps.browser.model import (
    ACTIVITY,
    PACKAGE,
    RESOURCE_ID_PREFIX,
    SUCCESS_TEXT,
)
from droidhub_aw_apps.common.hierarchy import Node, hit, render
from droidhub_aw_apps.common.keys import KEY_DEL, KEY_ENTER

if TYPE_CHECKING:
    from droidhub.virtual.appmodel import VirtualPhone


# --- the Chrome model -----------------------------------------------------------------

_TOOLBAR = (0, 80, PIXEL_6.width, 230)
_PAGE_TOP = 230


def _button(text: str, bounds: tuple[int, int, int, int], key: str = "", desc: str = "") -> Node:
    return Node(
        "android.widget.Button",
        text=text,
        content_desc=desc,
        resource_id=key,
        bounds=bounds,
        clickable=True,
    )


def _text(text: str, bounds: tuple[int, int, int, int]) -> Node:
    return Node("android.widget.TextView", text=text, bounds=bounds)


class _MazeView:
    cell, left, top = 240, 60, _PAGE_TOP + 40

    def __init__(self, game: browser_games.Maze) -> None:
        self.game = game

    def nodes(self) -> list[Node]:
        if self.game.solved:
            return [_text(SUCCESS_TEXT, (40, _PAGE_TOP + 40, 1040, _PAGE_TOP + 200))]
        out = []
        for r in range(browser_games.MAZE_SIZE):
            for c in range(browser_games.MAZE_SIZE):
                x, y = self.left + c * self.cell, self.top + r * self.cell
                text = "X" if (r, c) == self.game.position else ""
                out.append(
                    Node(
                        "android.view.View", text=text, bounds=(x, y, x + self.cell, y + self.cell)
                    )
                )
        y = self.top + 4 * self.cell + 40
        for i, name in enumerate(("Up", "Down", "Left", "Right")):
            x = 60 + i * 245
            out.append(_button(name, (x, y, x + 230, y + 150), key=f"maze:{name.lower()}"))
        return out

    def paint(self, draw: ImageDraw.ImageDraw) -> None:
        for r in range(browser_games.MAZE_SIZE):
            for c in range(browser_games.MAZE_SIZE):
                x, y = self.left + c * self.cell, self.top + r * self.cell
                kind = self.game.grid[r][c]
                fill = {"#": "#000000", "$": "#00aa00"}.get(kind, "#ffffff")
                draw.rectangle((x, y, x + self.cell, y + self.cell), fill=fill, outline="#333333")

    def tap(self, node: Node) -> None:
        if node.resource_id.startswith("maze:"):
            self.game.move(node.resource_id.split(":", 1)[1])


class _MultiplyView:
    def __init__(self, game: browser_games.Multiply) -> None:
        self.game = game
        self.input_focused = False

    def nodes(self) -> list[Node]:
        g, top = self.game, _PAGE_TOP
        out: list[Node] = []
        if not g.form_shown:
            out.append(_text(str(g.numbers[-1]), (440, top + 130, 640, top + 280)))
            out.append(_button("Click Me", (340, top + 330, 740, top + 480), key="mul:click"))
        else:
            out.append(
                Node(
                    "android.widget.EditText",
                    text=g.answer,
                    hint="Enter the product",
                    resource_id="mul:answer",
                    bounds=(140, top + 330, 700, top + 480),
                    focused=self.input_focused,
                )
            )
            out.append(_button("Submit", (740, top + 330, 940, top + 480), key="mul:submit"))
        if g.result:
            out.append(_text(g.result, (340, top + 540, 740, top + 690)))
        return out

    def paint(self, draw: ImageDraw.ImageDraw) -> None:
        del draw

    def tap(self, node: Node) -> None:
        self.input_focused = node.resource_id == "mul:answer"
        if node.resource_id == "mul:click":
            self.game.click()
        elif node.resource_id == "mul:submit":
            self.game.submit()

    def type(self, text: str) -> bool:
        if self.input_focused:
            self.game.answer += text
        return self.input_focused


class _DrawView:
    canvas = (146, _PAGE_TOP + 180, 934, _PAGE_TOP + 968)
    swatch, per_row, palette_top = 95, 8, _PAGE_TOP + 1060

    def __init__(self, game: browser_games.Drawing) -> None:
        self.game = game
        self.lines: list[tuple[tuple[int, int, int, int], str]] = []

    def _swatch_bounds(self, i: int) -> tuple[int, int, int, int]:
        row, col = divmod(i, self.per_row)
        x = (PIXEL_6.width - self.per_row * self.swatch) // 2 + col * self.swatch + 8
        y = self.palette_top + row * self.swatch + 8
        return (x, y, x + self.swatch - 16, y + self.swatch - 16)

    def nodes(self) -> list[Node]:
        out = [Node("android.view.View", content_desc="drawing canvas", bounds=self.canvas)]
        out.append(_text("Available Colors:", (340, _PAGE_TOP + 985, 740, _PAGE_TOP + 1045)))
        for i in range(len(browser_games.PALETTE)):
            out.append(_button("", self._swatch_bounds(i), key=f"draw:color:{i}"))
        y = self.palette_top + 3 * self.swatch + 30
        out.append(_button("Clear", (300, y, 520, y + 120), key="draw:clear"))
        out.append(_button("Submit", (560, y, 780, y + 120), key="draw:submit"))
        if self.game.result:
            out.append(_text(self.game.result, (340, y + 150, 740, y + 250)))
        return out

    def paint(self, draw: ImageDraw.ImageDraw) -> None:
        for i, colour in enumerate(self.game.targets):
            x = 540 - 210 + i * 150
            draw.rectangle((x, _PAGE_TOP + 20, x + 130, _PAGE_TOP + 150), fill=colour)
        draw.rectangle(self.canvas, outline="#000000", fill="#ffffff")
        for (x1, y1, x2, y2), colour in self.lines:
            draw.line((x1, y1, x2, y2), fill=colour, width=3)
        for i, colour in enumerate(browser_games.PALETTE):
            draw.rectangle(self._swatch_bounds(i), fill=colour)

    def tap(self, node: Node) -> None:
        key = node.resource_id
        if key.startswith("draw:color:"):
            self.game.pick(browser_games.PALETTE[int(key.rsplit(":", 1)[1])])
        elif key == "draw:clear":
            self.game.clear()
            self.lines.clear()
        elif key == "draw:submit":
            self.game.submit()

    def swipe(self, x1: int, y1: int, x2: int, y2: int) -> None:
        left, top, right, bottom = self.canvas
        if not (left <= x1 < right and top <= y1 < bottom):
            return
        x2, y2 = min(max(x2, left), right - 1), min(max(y2, top), bottom - 1)
        scale = 300 / (right - left)  # canvas pixels per screen pixel
        self.game.draw_line(math.hypot(x2 - x1, y2 - y1) * scale)
        if (x1, y1) != (x2, y2):
            self.lines.append(((x1, y1, x2, y2), self.game.stroke))


_View = _MazeView | _MultiplyView | _DrawView


class ChromeApp(VirtualApp):
    """Chrome on the virtual phone, able to show the three browser game pages."""

    package = PACKAGE
    label = "Chrome"
    activity = ACTIVITY
    version_name = "120.0.6099.230"

    def __init__(self) -> None:
        self._reset()

    def _reset(self) -> None:
        self.url = ""
        self.typed = ""
        self.url_focused = False
        self.view: _View | None = None
        self.message = ""

    def install(self, phone: VirtualPhone) -> None:
        """Fresh data (after ``pm clear`` too): no page open."""
        del phone
        self._reset()

    def on_start(self, phone: VirtualPhone, intent: Intent) -> None:
        """A VIEW intent opens its URL; a plain launch keeps the current page."""
        if intent.data:
            self.load(phone, intent.data)
        elif not self.url:
            self.url_focused = True

    def load(self, phone: VirtualPhone, url: str) -> None:
        """Open ``url``: a game page from a ``file://`` URL, or an error page."""
        self.url, self.typed, self.url_focused, self.view = url, url, False, None
        self.message = ""
        path = url.removeprefix("file://")
        file = phone.host_path(path) if path.startswith("/") else None
        if file is None or not file.is_file():
            self.message = (
                "This site can\u2019t be reached"
                if file is None
                else ("Your file couldn\u2019t be accessed")
            )
            return
        found = browser_pages.page_game(file.read_text(encoding="utf-8", errors="replace"))
        if found is None:
            self.message = "This page can\u2019t be shown on this phone"
            return
        game, seed = found
        if game == "maze":
            self.view = _MazeView(browser_games.Maze(seed))
        elif game == "multiply":
            self.view = _MultiplyView(browser_games.Multiply(seed))
        else:
            self.view = _DrawView(browser_games.Drawing(seed))

    def _nodes(self) -> list[Node]:
        bar = Node(
            "android.widget.EditText",
            text=self.typed if self.url_focused else self.url,
            hint="Search or type web address",
            resource_id=RESOURCE_ID_PREFIX + "url_bar",
            bounds=(40, 105, 1040, 205),
            focused=self.url_focused,
        )
        toolbar = Node(
            "android.widget.FrameLayout",
            resource_id=RESOURCE_ID_PREFIX + "toolbar",
            bounds=_TOOLBAR,
        )
        toolbar.children = [bar]
        page = Node(
            "android.webkit.WebView",
            text=self.url,
            bounds=(0, _PAGE_TOP, PIXEL_6.width, PIXEL_6.height),
        )
        if self.view is not None:
            page.children = self.view.nodes()
        elif self.message:
            page.children = [_text(self.message, (60, _PAGE_TOP + 200, 1020, _PAGE_TOP + 320))]
        return [toolbar, page]

    def screen_without_pixels(self, phone: VirtualPhone) -> Screen:
        """The toolbar and the page as nodes only: ``uiautomator dump`` paints nothing."""
        del phone
        return Screen(hierarchy=render(PACKAGE, self._nodes()))

    def screen(self, phone: VirtualPhone) -> Screen:
        """The toolbar and the page, as nodes and pixels."""
        del phone
        nodes = self._nodes()
        image = Image.new("RGB", PIXEL_6.size, "#ffffff")
        draw = ImageDraw.Draw(image)
        draw.rectangle(_TOOLBAR, fill="#f1f3f4")
        if self.view is not None:
            self.view.paint(draw)
        font = ImageFont.load_default(size=40)
        for top in nodes:
            for node in top.walk():
                left, upper, right, lower = node.bounds
                if node.class_name.endswith(("Button", "EditText")):
                    draw.rectangle(node.bounds, outline="#5f6368", width=3)
                editable = node.class_name.endswith("EditText")
                label = node.text or (node.hint if editable else "")
                if not label or node.class_name.endswith("WebView"):
                    continue
                fill = "#202124" if node.text else "#80868b"
                middle = ((left + right) // 2, (upper + lower) // 2)
                if editable:  # text fields align left, everything else is centred
                    draw.text((left + 16, middle[1]), label, fill=fill, font=font, anchor="lm")
                elif node.class_name.endswith("Button"):
                    draw.text(middle, label, fill=fill, font=font, anchor="mm")
                else:  # page text (the X, the number, Success!) is large, as on the pages
                    big = ImageFont.load_default(size=max(40, (lower - upper) // 2))
                    draw.text(middle, label, fill=fill, font=big, anchor="mm")
        out = io.BytesIO()
        image.save(out, format="PNG")
        return Screen(hierarchy=render(PACKAGE, nodes), png=out.getvalue())

    def on_tap(self, phone: VirtualPhone, x: int, y: int) -> None:
        """Focus the address bar, or press what the page shows there."""
        del phone
        node = hit(self._nodes(), x, y)
        if node is None:
            return
        self.url_focused = node.resource_id == RESOURCE_ID_PREFIX + "url_bar"
        if self.url_focused:
            self.typed = ""
        elif self.view is not None:
            self.view.tap(node)

    def on_text(self, phone: VirtualPhone, text: str) -> None:
        """Typing goes to the address bar or the page's focused field."""
        del phone
        if self.url_focused:
            self.typed += text
        elif isinstance(self.view, _MultiplyView):
            self.view.type(text)

    def on_key(self, phone: VirtualPhone, keycode: str) -> None:
        """Enter in the address bar opens what was typed."""
        if keycode in KEY_ENTER and self.url_focused:
            typed = self.typed.strip()
            self.load(phone, typed if "://" in typed else f"file://{typed}")
        elif keycode in KEY_DEL and self.url_focused:
            self.typed = self.typed[:-1]

    def on_swipe(
        self, phone: VirtualPhone, x1: int, y1: int, x2: int, y2: int, duration_ms: int
    ) -> None:
        """A finger drawn across the canvas draws a line."""
        del phone, duration_ms
        if isinstance(self.view, _DrawView):
            self.view.swipe(x1, y1, x2, y2)

    def on_stop(self, phone: VirtualPhone) -> None:
        """Force-stopped: the open page and its game are gone."""
        del phone
        self._reset()


def virtual_apps() -> list[VirtualApp]:
    """A fresh Chrome model."""
    return [ChromeApp()]
