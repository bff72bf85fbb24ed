""":class:`ViewApp`: an app model whose screens are view trees.

On every observation and every input the app's :meth:`ViewApp.build` returns the
current :class:`Window` from the model's state (its data binding is plain Python); the
engine lays it out, dumps it, paints it when asked, and routes input as Android does:

- a tap runs the ``on_click`` of the innermost clickable view under the finger (a
  dialog's views while a dialog shows; a tap outside it cancels it); a tap on an
  EditText gives it the focus and brings up the soft keyboard (:mod:`.keyboard`),
  whose keys then take the taps that land on it: they type into the focused field
  (delete and enter as DEL and ENTER), and nothing under the keyboard is touched;
- a long press (the finger still for 400 ms, Android 13's long-press timeout) runs
  ``on_long_click``;
- a swipe scrolls the RecyclerView under its start by the finger's travel less the
  touch slop; a tap or a swipe that starts on a SeekBar moves its thumb to where the
  finger lands or ends (:mod:`.seekbar`);
- ``input text`` and DEL edit the focused EditText through its ``on_change``;
- BACK hides the keyboard first (the field keeps the focus), else cancels a dialog,
  else asks :meth:`ViewApp.on_back`.

What is not app data (scroll offsets, the focused field, the keyboard) the engine
keeps, scroll and focus under each view's id. The keyboard hides when the focused
field leaves the window in front (a dialog comes up over it, the app moves on).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from droidhub.android.scrolling import TOUCH_SLOP
from droidhub.virtual.app import Screen, WindowApp
from droidhub.virtual.views import keyboard
from droidhub.virtual.views.keyboard import Key, Keyboard
from droidhub.virtual.views.recycler import RecyclerView
from droidhub.virtual.views.seekbar import SeekBar
from droidhub.virtual.views.status_bar import StatusBar
from droidhub.virtual.views.view import View
from droidhub.virtual.views.widgets import EditText
from droidhub.virtual.views.window import Window, dump, lay_out, paint

if TYPE_CHECKING:
    from droidhub.virtual.app import Intent
    from droidhub.virtual.phone import VirtualPhone

#: ``ViewConfiguration.DEFAULT_LONG_PRESS_TIMEOUT`` on Android 13.
LONG_PRESS_MS = 400
#: How long an observed window may stand in for the screen an input lands on.
OBSERVED_FOR_S = 1.0
KEY_BACK = ("KEYCODE_BACK", "4")
KEY_DEL = ("KEYCODE_DEL", "67")


@dataclass
class ViewState:
    """What the views do not keep themselves between two builds."""

    scroll: dict[str, int] = field(default_factory=dict)
    focus: str = ""
    #: The soft keyboard while it shows (None: hidden).
    keyboard: Keyboard | None = None


class ViewApp(WindowApp[Window]):
    """An app whose screen is the :class:`Window` :meth:`build` returns."""

    #: The window the last observation built, with the phone's epoch then: input that
    #: follows at once is hit-tested on it (:meth:`input_window`).
    _observed: tuple[int, Window] | None = None
    #: The last dump written: its window, its status bar and the document.
    _dumped: tuple[Window, StatusBar, str] | None = None

    def __init__(self) -> None:
        self.view_state = ViewState()

    # --- the API (build and on_back: WindowApp) --------------------------------------
    def reset_view_state(self) -> None:
        """Forget scroll offsets and focus (the app moved to another screen)."""
        self.view_state = ViewState()

    # --- VirtualApp ------------------------------------------------------------------
    def on_start(self, phone: VirtualPhone, intent: Intent) -> None:
        """A start shows the first screen afresh."""
        del phone, intent
        self.reset_view_state()

    def screen(self, phone: VirtualPhone) -> Screen:
        """The dump and, painted from the same layout, the pixels."""
        window = self.observe(phone)
        bar = StatusBar.of(phone)
        return Screen(dump(window, self.package, bar), paint(window, bar).png())

    def screen_without_pixels(self, phone: VirtualPhone) -> Screen:
        """The dump alone: ``uiautomator dump`` makes no pixels. The same window under
        the same status bar is the same document, written once."""
        window, bar = self.observe(phone), StatusBar.of(phone)
        last = self._dumped
        if last is None or last[0] is not window or last[1] != bar:
            last = self._dumped = (window, bar, dump(window, self.package, bar))
        return Screen(last[2])

    def on_tap(self, phone: VirtualPhone, x: int, y: int) -> bool | None:
        """Press the key under the finger while the keyboard shows there, else click
        the innermost clickable view under it. False when nothing took the tap."""
        window = self.input_window(phone)
        board = self.view_state.keyboard
        if board is not None and keyboard.covers(y):
            key = keyboard.key_at(board.page, x, y)
            if key is None:
                return self._met_nothing(phone, window)
            self._press(phone, board, key)
            return None
        if window.dialog is not None and not window.dialog.contains(x, y):
            if window.on_cancel is None:
                return self._met_nothing(phone, window)
            window.on_cancel()
            return None
        root = window.dialog or window.content
        target = root.hit(x, y)
        if target is None or (
            target.on_click is None and not isinstance(target, (SeekBar, EditText))
        ):
            return self._met_nothing(phone, window)
        if isinstance(target, SeekBar):
            target.seek_to(x)
        if isinstance(target, EditText):
            self.view_state.focus = target.focus_name
            self.view_state.keyboard = board or Keyboard()
        if target.on_click is not None:
            target.on_click()
        return None

    def on_swipe(
        self, phone: VirtualPhone, x1: int, y1: int, x2: int, y2: int, duration_ms: int
    ) -> bool | None:
        """A long press where the finger stays, else a scroll of the list under it: the
        drag, then the fling at the finger's speed. False when nothing took the swipe (no
        long-clickable view, no list, a list already at its end)."""
        window = self.input_window(phone)
        if window.keyboard is not None and keyboard.covers(y1):
            return None  # a swipe on the keyboard (gesture typing) is not modelled
        root = window.dialog or window.content
        still = abs(x2 - x1) <= TOUCH_SLOP and abs(y2 - y1) <= TOUCH_SLOP
        if still:
            if duration_ms >= LONG_PRESS_MS:
                target = root.hit(x1, y1, long=True)
                if target is not None and target.on_long_click is not None:
                    target.on_long_click()
                    return None
            return self._met_nothing(phone, window)
        bar = root.hit(x1, y1)
        if isinstance(bar, SeekBar):
            bar.seek_to(x2)  # the thumb follows the finger to where it lifts
            return None
        lists = [v for v in root.walk() if isinstance(v, RecyclerView) and v.contains(x1, y1)]
        if lists and abs(y2 - y1) > TOUCH_SLOP:
            rv = lists[-1]
            offset = rv.dragged(y1 - y2, duration_ms)
            if offset != rv.offset:
                self.view_state.scroll[rv.scroll_name] = offset
                return None
        return self._met_nothing(phone, window)

    def on_text(self, phone: VirtualPhone, text: str) -> None:
        """Typed text goes at the end of the focused field."""
        field_ = self._focused(phone)
        if field_ is not None and field_.on_change is not None:
            field_.on_change(field_.text + text)

    def on_key(self, phone: VirtualPhone, keycode: str) -> bool | None:
        """DEL edits the focused field; BACK hides the keyboard, else cancels a dialog,
        else asks :meth:`on_back`."""
        if keycode in KEY_DEL:
            field_ = self._focused(phone)
            if field_ is not None and field_.on_change is not None and field_.text:
                field_.on_change(field_.text[:-1])
        elif keycode in KEY_BACK:
            window = self.input_window(phone)
            if window.keyboard is not None:
                self.view_state.keyboard = None
                return True
            if window.dialog is not None:
                if window.on_cancel is not None:
                    window.on_cancel()
                return True
            return self.on_back(phone)
        return None

    # --- the engine ------------------------------------------------------------------
    def observe(self, phone: VirtualPhone) -> Window:
        """The window for an observation, kept for the input that follows: the one kept
        already while it still shows the screen (:meth:`_still_shown`) and does not show
        the time, else built afresh. A dump after a tap that met nothing costs no build."""
        kept = self._observed
        if kept is not None and self._still_shown(phone, kept) and not kept[1].shows_time:
            return kept[1]
        window = self._window(phone)
        self._observed = (phone.epoch, window)
        return window

    def input_window(self, phone: VirtualPhone) -> Window:
        """The window an input lands on: the one the last observation built while it
        still shows the screen, else afresh. An agent dumps, then taps: the tap costs no
        second build and layout. The window is then given up (the input may change the
        screen) unless the input says it met nothing (:meth:`_met_nothing`)."""
        kept, self._observed = self._observed, None
        if kept is not None and self._still_shown(phone, kept):
            return kept[1]
        return self._window(phone)

    @staticmethod
    def _still_shown(phone: VirtualPhone, kept: tuple[int, Window]) -> bool:
        """Whether a window kept at an epoch is still the screen: the phone's epoch has
        not moved since (nothing that changes a screen ran) and it was built less than
        :data:`OBSERVED_FOR_S` ago (a clock on the screen moves on)."""
        epoch, window = kept
        return epoch == phone.epoch and time.monotonic() - window.built_at < OBSERVED_FOR_S

    def _met_nothing(self, phone: VirtualPhone, window: Window) -> Literal[False]:
        """An input that nothing on ``window`` took: it still shows the screen, so it is
        kept for the next observation and input, and the input says it changed nothing
        (the phone's epoch stays)."""
        self._observed = (phone.epoch, window)
        return False

    def _window(self, phone: VirtualPhone) -> Window:
        reads = phone.clock_reads
        window = self.build(phone)
        window.built_at, window.shows_time = time.monotonic(), phone.clock_reads != reads
        state = self.view_state
        in_front = False  # whether the focused field is in the window in front
        for root in (window.content, window.dialog):
            for view in root.walk() if root is not None else ():
                if isinstance(view, RecyclerView):
                    view.offset = state.scroll.get(view.scroll_name, 0)
                if isinstance(view, EditText) and state.focus and view.focus_name == state.focus:
                    view.focused = True
                    in_front = root is (window.dialog or window.content)
        if not in_front:
            state.keyboard = None  # the window that held the field lost the focus
        window.keyboard = state.keyboard
        lay_out(window)
        return window

    def _press(self, phone: VirtualPhone, board: Keyboard, key: Key) -> None:
        """A tap on ``key``: what the keyboard sends reaches the focused field."""
        sent = board.press(key)
        if sent.keycode:
            self.on_key(phone, sent.keycode)
        elif sent.text:
            self.on_text(phone, sent.text)

    def _focused(self, phone: VirtualPhone) -> EditText | None:
        window = self.input_window(phone)
        roots: list[View] = [v for v in (window.dialog, window.content) if v is not None]
        for root in roots:
            for view in root.walk():
                if isinstance(view, EditText) and view.focused:
                    return view
        return None
