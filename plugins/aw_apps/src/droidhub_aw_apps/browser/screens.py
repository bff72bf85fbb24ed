"""Chrome on the virtual phone, on the view engine: its toolbar (:mod:`.layouts`) over
the tab, whose page is one of the three browser games (:mod:`.page_views`).

It reads the page's game and seed from the file it is asked to open, plays the same
game in Python (:mod:`droidhub_aw_apps.browser.games`) and shows it as Chrome shows
the page. It runs no JavaScript and opens no other page: only the three game pages,
file URLs typed into the address bar included. On an emulator, the same page runs in
the real Chrome.

Input: a tap on the address bar focuses it (the keyboard comes up, the field starts
empty), typing fills it and ENTER opens what was typed (a bare path as a ``file://``
URL); the menu button drops the app menu, which a tap outside or BACK closes; a
swipe that starts on the drawing's canvas draws a stroke.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from droidhub.virtual.appmodel import Intent, VirtualApp
from droidhub.virtual.views import ADJUST_RESIZE, MATCH_PARENT, View, Window, keyboard
from droidhub.virtual.views.keyboard import Keyboard
from droidhub.virtual.views.measure import dp
from droidhub.virtual.views.window import CONTENT
from droidhub_aw_apps.browser import games as browser_games
from droidhub_aw_apps.browser import layouts, page_views
from droidhub_aw_apps.browser import pages as browser_pages
from droidhub_aw_apps.browser.model import APPS
from droidhub_aw_apps.browser.web import CssBox, WebText, WebView
from droidhub_aw_apps.common.app_identity import model_of
from droidhub_aw_apps.common.keys import KEY_ENTER
from droidhub_aw_apps.common.media_apps import FreshStartApp

if TYPE_CHECKING:
    from droidhub.virtual.appmodel import VirtualPhone

URL_BAR = "url_bar"
CANNOT_REACH = "This site can\u2019t be reached"
FILE_NOT_FOUND = "Your file couldn\u2019t be accessed"
NOT_MODELLED = "This page can\u2019t be shown on this phone"
#: Where the menu drops from: the toolbar's row (its end is the menu button's).
MENU_ANCHOR = (0, CONTENT[1], CONTENT[2], CONTENT[1] + dp(layouts.TOOLBAR_DP))


@model_of(APPS[0])
class ChromeApp(FreshStartApp):
    """Chrome on the virtual phone, able to show the three browser game pages.

    Fresh data and a force-stop leave no page open; a launch keeps the open one."""

    version_name = "120.0.6099.230"

    def reset_state(self) -> None:
        """No page, no game, no menu, nothing typed."""
        self.url = ""
        self.typed = ""
        self.game: browser_games.Game | None = None
        self.message = ""
        self.menu_open = False
        self.strokes: list[tuple[tuple[int, int, int, int], str]] = []
        self.reset_view_state()

    # --- the model ------------------------------------------------------------------
    def on_start(self, phone: VirtualPhone, intent: Intent) -> None:
        """A VIEW intent opens its URL; a plain launch keeps the current page, or with
        none focuses the address bar."""
        if intent.data:
            self.load(phone, intent.data)
        elif not self.url:
            self._focus_url()

    def load(self, phone: VirtualPhone, url: str) -> None:
        """Open ``url``: a game page from a ``file://`` URL, or an error page."""
        self.reset_state()
        self.url = self.typed = url
        path = url.removeprefix("file://")
        file = phone.host_path(path) if path.startswith("/") else None
        if file is None or not file.is_file():
            self.message = CANNOT_REACH if file is None else FILE_NOT_FOUND
            return
        found = browser_pages.page_game(file.read_text(encoding="utf-8", errors="replace"))
        if found is None:
            self.message = NOT_MODELLED
            return
        game, seed = found
        if game == "maze":
            self.game = browser_games.Maze(seed)
        elif game == "multiply":
            self.game = browser_games.Multiply(seed)
        else:
            self.game = browser_games.Drawing(seed)

    def _focus_url(self) -> None:
        """The omnibox takes the focus, empty, with the keyboard up."""
        self.typed = ""
        self.view_state.focus = URL_BAR
        self.view_state.keyboard = self.view_state.keyboard or Keyboard()

    def _url_focused(self) -> bool:
        return self.view_state.focus == URL_BAR

    def _set_typed(self, text: str) -> None:
        self.typed = text

    def _choose(self, title: str) -> None:
        """A menu row: the menu closes (what the items open is not modelled)."""
        del title
        self.menu_open = False

    def _clear_drawing(self) -> None:
        if isinstance(self.game, browser_games.Drawing):
            self.game.clear()
        self.strokes = []

    def _set_answer(self, text: str) -> None:
        if isinstance(self.game, browser_games.Multiply):
            self.game.answer = text

    # --- the screen -----------------------------------------------------------------
    def _page(self) -> View:
        if isinstance(self.game, browser_games.Maze):
            return page_views.maze_page(self.game)
        if isinstance(self.game, browser_games.Multiply):
            return page_views.multiply_page(self.game, self._set_answer)
        if isinstance(self.game, browser_games.Drawing):
            return page_views.draw_page(self.game, self.strokes, self._clear_drawing)
        if self.message:
            box = CssBox(24, 80, page_views.PIXEL_6.width / page_views.DEVICE_WIDTH - 48, 28)
            heading = WebText(self.message, box, font_css=22, bold=True)
            return WebView(self.message, [heading], scale=page_views.DEVICE_WIDTH)
        return View("", width=MATCH_PARENT, height=MATCH_PARENT, background="#FFFFFFFF")

    def build(self, phone: VirtualPhone) -> Window:
        """The toolbar over the tab's page; the app menu dropped over them."""
        del phone
        focused = self._url_focused()
        toolbar = layouts.control_container(
            self.typed if focused else self.url,
            focused,
            self._set_typed,
            self._focus_url,
            lambda: self._set_typed(""),
            lambda: setattr(self, "menu_open", True),
        )
        window = Window(layouts.tab_window(toolbar, self._page()), soft_input=ADJUST_RESIZE)
        if self.menu_open:
            window.dialog = layouts.app_menu(self._choose)
            window.popup_anchor = MENU_ANCHOR
            window.on_cancel = lambda: setattr(self, "menu_open", False)
        return window

    # --- input ----------------------------------------------------------------------
    def on_tap(self, phone: VirtualPhone, x: int, y: int) -> None:
        """As the engine taps; then a tap away from the focused field (the omnibox's
        toolbar, the page's input) takes the focus from it and the keyboard goes down,
        as Chrome blurs the omnibox and the page its input."""
        focus = self.view_state.focus
        on_keyboard = self.view_state.keyboard is not None and keyboard.covers(y)
        super().on_tap(phone, x, y)
        if not focus or on_keyboard or self.view_state.focus != focus:
            return
        keep = self._window(phone).content.find("control_container" if focus == URL_BAR
                                                  else focus)  # fmt: skip
        if keep is None or not keep.contains(x, y):
            self.view_state.focus = ""
            self.view_state.keyboard = None

    def on_key(self, phone: VirtualPhone, keycode: str) -> bool | None:
        """ENTER in the address bar opens what was typed; the rest as the engine does."""
        if keycode in KEY_ENTER and self._url_focused():
            typed = self.typed.strip()
            if typed:
                self.load(phone, typed if "://" in typed else f"file://{typed}")
            return True
        return super().on_key(phone, keycode)

    def on_back(self, phone: VirtualPhone) -> bool:
        """BACK while the address bar is focused (the keyboard already down) leaves it."""
        del phone
        if self._url_focused():
            self.view_state.focus = ""
            return True
        return False

    def on_swipe(
        self, phone: VirtualPhone, x1: int, y1: int, x2: int, y2: int, duration_ms: int
    ) -> None:
        """A finger drawn across the canvas draws a line; other swipes go to the views."""
        window = self.input_window(phone)
        canvas = window.content.find("canvas")
        drawing = self.game if isinstance(self.game, browser_games.Drawing) else None
        if drawing is None or canvas is None or window.dialog is not None:
            super().on_swipe(phone, x1, y1, x2, y2, duration_ms)
            return
        left, top, right, bottom = canvas.bounds
        if not (left <= x1 < right and top <= y1 < bottom):
            super().on_swipe(phone, x1, y1, x2, y2, duration_ms)
            return
        x2, y2 = min(max(x2, left), right - 1), min(max(y2, top), bottom - 1)
        length = ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5
        drawing.draw_line(length * page_views.canvas_scale())
        if (x1, y1) != (x2, y2):
            self.strokes = [*self.strokes, ((x1, y1, x2, y2), drawing.stroke)]


def virtual_apps() -> list[VirtualApp]:
    """A fresh Chrome model."""
    return [ChromeApp()]
