"""Browser tasks: a game page in ``Download/task.html``, opened in Chrome and won on screen.

As in AndroidWorld, set-up clears Chrome's data and writes the page (its game fixed
by a seed) to ``/storage/emulated/0/Download/task.html``; the agent opens it from
the file manager in Chrome and plays. The reward is read from the screen: Chrome is
in the foreground and an element's text is ``Success!``, which the page shows only
when the game is won.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, ClassVar

from pydantic import BaseModel, ConfigDict, Field

from droidhub import Evaluator, Footprint, StateRefs, TaskEval
from droidhub_aw_apps.browser import games as browser_games
from droidhub_aw_apps.browser import pages as browser_pages
from droidhub_aw_apps.browser.model import (
    COMPONENT,
    DOWNLOAD_DATA,
    PACKAGE,
    RESOURCE_ID_PREFIX,
    SUCCESS_TEXT,
    TASK_PAGE,
    TASK_URL,
    VIEW_ACTION,
)
from droidhub_aw_apps.common.storage_backup import FolderSnapshot

if TYPE_CHECKING:
    from droidhub import Device, Env, UIElement


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
        env.device.start_activity(component=COMPONENT, action=VIEW_ACTION, data=TASK_URL)
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
            if e.class_name.endswith("EditText") and e.resource_id != RESOURCE_ID_PREFIX + "url_bar"
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
