"""Browser tasks: a game page in ``Download/task.html``, opened in Chrome and won on screen.

As in AndroidWorld, set-up clears Chrome's data and writes the page (its game fixed
by a seed) to ``/storage/emulated/0/Download/task.html``; the agent opens it from
the file manager in Chrome and plays. The reward is read from the screen: Chrome is
in the foreground and an element's text is ``Success!``, which the page shows only
when the game is won.

On the virtual phone, Chrome is a model (:class:`ChromeApp`): it reads the page's
game and seed from the file it is asked to open, plays the same game in Python
(:mod:`droidhub_aw_apps.browser.games`), and draws it as a Chrome window would
(toolbar, page, ``uiautomator`` nodes and pixels). It runs no JavaScript and opens
no other page: only the three game pages, file URLs typed into the address bar
included. On an emulator, the same page runs in the real Chrome.
"""

from __future__ import annotations

import io
import math
import random
from typing import TYPE_CHECKING, ClassVar

from PIL import Image, ImageDraw, ImageFont
from pydantic import BaseModel, ConfigDict, Field

from droidhub import AppSpec, Evaluator, Footprint, StateRefs, TaskEval
from droidhub.virtual.appmodel import PIXEL_6, Intent, Screen, VirtualApp
from droidhub_aw_apps.browser import games as browser_games
from droidhub_aw_apps.browser import pages as browser_pages
from droidhub_aw_apps.common import storage
from droidhub_aw_apps.common.hierarchy import Node, hit, render
from droidhub_aw_apps.common.keys import KEY_DEL, KEY_ENTER
from droidhub_aw_apps.common.storage_backup import FolderSnapshot

if TYPE_CHECKING:
    from droidhub import Device, Env, UIElement
    from droidhub.virtual.appmodel import VirtualPhone

PACKAGE = "com.android.chrome"
ACTIVITY = "com.google.android.apps.chrome.Main"
COMPONENT = f"{PACKAGE}/{ACTIVITY}"
DOWNLOAD_DATA = storage.under_sdcard("Download")
TASK_PAGE = f"{DOWNLOAD_DATA}/task.html"
TASK_URL = f"file://{TASK_PAGE}"
SUCCESS_TEXT = "Success!"
_VIEW = "android.intent.action.VIEW"


# --- evaluator --------------------------------------------------------------------------


def screen_shows_text(env: Env, package: str, text: str) -> float:
    """1.0 when ``package`` is in the foreground and an element's text is exactly ``text``."""
    if env.device.foreground_activity().split("/")[0] != package:
        return 0.0
    return 1.0 if any(e.text == text for e in env.device.ui_elements()) else 0.0


SCREEN_SHOWS_TEXT = Evaluator(
    "screen_shows_text", "an app is in front and shows an element with a text", screen_shows_text
)
EVALUATORS = (SCREEN_SHOWS_TEXT,)

APPS = (AppSpec(PACKAGE, ACTIVITY, names=("chrome", "google chrome", "browser"), label="Chrome"),)


# --- the Chrome model -----------------------------------------------------------------

_TOOLBAR = (0, 80, PIXEL_6.width, 230)
_PAGE_TOP = 230
_RES = f"{PACKAGE}:id/"


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
            resource_id=_RES + "url_bar",
            bounds=(40, 105, 1040, 205),
            focused=self.url_focused,
        )
        toolbar = Node("android.widget.FrameLayout", resource_id=_RES + "toolbar", bounds=_TOOLBAR)
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
        self.url_focused = node.resource_id == _RES + "url_bar"
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


# --- the tasks ------------------------------------------------------------------------


class BrowserParams(BaseModel):
    """The seed of the page's game."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    browser_task_seed: int = Field(ge=0, lt=2**32)


_PREAMBLE = (
    "Open the file task.html in Downloads in the file manager; when prompted open it with Chrome."
)


def _find(elements: list[UIElement], text: str = "", desc: str = "") -> UIElement:
    for element in elements:
        if (text and element.text == text) or (desc and element.content_description == desc):
            return element
    raise LookupError(f"no element with text {text!r} / description {desc!r} on screen")


def _tap(device: Device, element: UIElement) -> None:
    if element.bounds is None:
        raise LookupError(f"element {element.text!r} has no bounds")
    device.tap(*element.bounds.center)


class _BrowserTask(TaskEval):
    """Set-up: Chrome's data cleared, the page in Download; won when it shows Success!."""

    app_names = ("chrome",)
    complexity = 2.0
    Params = BrowserParams
    params: BrowserParams
    footprint = Footprint(
        writes=StateRefs(paths=frozenset({DOWNLOAD_DATA}), packages=frozenset({PACKAGE}))
    )
    game: ClassVar[str] = ""

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> BrowserParams:
        """A seed in ``[0, 2**32)``."""
        return BrowserParams(browser_task_seed=rng.randint(0, 2**32 - 1))

    def initialize_task(self, env: Env) -> None:
        """Clear Chrome; save Download; write the page."""
        super().initialize_task(env)
        self._download = FolderSnapshot.take(env.device, DOWNLOAD_DATA)
        env.device.clear_app(PACKAGE)
        html = browser_pages.page_html(self.game, self.params.browser_task_seed)
        env.device.write_text(TASK_PAGE, html)

    def is_successful(self, env: Env) -> float:
        """Chrome is in front and shows ``Success!``."""
        return SCREEN_SHOWS_TEXT(env, package=PACKAGE, text=SUCCESS_TEXT)

    def open_page(self, env: Env) -> list[UIElement]:
        """Open the page in Chrome (as the file manager's "open with" does) and look."""
        env.device.start_activity(component=COMPONENT, action=_VIEW, data=TASK_URL)
        return env.device.ui_elements()

    def tear_down(self, env: Env) -> None:
        """Clear Chrome again and put Download back."""
        env.device.clear_app(PACKAGE)
        if hasattr(self, "_download"):
            self._download.restore(env.device)
        super().tear_down(env)


class BrowserMaze(_BrowserTask):
    """Walk the X through a 4x4 maze to the bottom-right cell."""

    template = (
        _PREAMBLE + " Then navigate the X to the bottom-right cell, by using the direction buttons."
    )
    difficulty = "easy"
    tags = (
        "game_playing",
        "multi_app",
        "complex_ui_understanding",
        "memorization",
        "parameterized",
    )
    game = "maze"

    def oracle(self, env: Env) -> None:
        """Open the page and press the buttons of the shortest path."""
        elements = self.open_page(env)
        for move in browser_games.Maze(self.params.browser_task_seed).solution():
            _tap(env.device, _find(elements, text=move.capitalize()))
            elements = env.device.ui_elements()


class BrowserMultiply(_BrowserTask):
    """Click five times, remember the numbers, enter their product."""

    template = (
        _PREAMBLE + " Then click the button 5 times, remember the numbers displayed, and enter "
        "their product in the form."
    )
    complexity = 2.2
    difficulty = "hard"
    tags = ("math_counting", "memorization", "screen_reading")
    game = "multiply"

    def oracle(self, env: Env) -> None:
        """Open the page, read each number shown while clicking, type the product."""
        elements = self.open_page(env)
        product = 1
        for _ in range(browser_games.MULTIPLY_CLICKS):
            shown = next(e.text for e in elements if e.text.isdigit())
            product *= int(shown)
            _tap(env.device, _find(elements, text="Click Me"))
            elements = env.device.ui_elements()
        field = next(
            e
            for e in elements
            if e.class_name.endswith("EditText") and e.resource_id != _RES + "url_bar"
        )
        _tap(env.device, field)
        env.device.input_text(str(product))
        _tap(env.device, _find(env.device.ui_elements(), text="Submit"))


class BrowserDraw(_BrowserTask):
    """Draw with the three colours shown at the top, then submit."""

    template = (
        _PREAMBLE + " Then create a drawing using the three colors shown at the top and hit submit."
    )
    difficulty = "easy"
    tags = ("game_playing", "parameterized")
    game = "draw"

    def oracle(self, env: Env) -> None:
        """Open the page; for each colour, pick it and draw a stroke; submit."""
        elements = self.open_page(env)
        swatches = [
            e
            for e in elements
            if e.class_name.endswith("Button") and not e.text and not e.content_description
        ]
        canvas = _find(elements, desc="drawing canvas")
        if canvas.bounds is None or len(swatches) != len(browser_games.PALETTE):
            raise LookupError("the drawing page's canvas or palette is not on screen")
        box = canvas.bounds
        targets = browser_games.task_colors(self.params.browser_task_seed)
        for i, colour in enumerate(targets):
            _tap(env.device, swatches[browser_games.PALETTE.index(colour)])
            y = box.top + (i + 1) * (box.bottom - box.top) // 4
            env.device.swipe(box.left + 40, y, box.right - 40, y, 300)
        _tap(env.device, _find(env.device.ui_elements(), text="Submit"))


TASKS: tuple[type[TaskEval], ...] = (BrowserDraw, BrowserMaze, BrowserMultiply)
