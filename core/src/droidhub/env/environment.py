"""The environment an agent acts in: observations of the phone and actions on it."""

from __future__ import annotations

import enum
import io
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from droidhub.android.phone import PIXEL_6
from droidhub.android.ui_tree import UIElement, parse_hierarchy
from droidhub.env.actions import Action, ActionError
from droidhub.tasks.apps import AppSpec

if TYPE_CHECKING:
    from PIL import Image

    from droidhub.device.client import Device


class Observe(enum.Enum):
    """What an agent looks at. The env fetches only that: pixels cost far more than text."""

    UI_TREE = "ui_tree"
    SCREENSHOT = "screenshot"
    BOTH = "both"

    @property
    def wants_tree(self) -> bool:
        """Whether the UI hierarchy is fetched."""
        return self is not Observe.SCREENSHOT

    @property
    def wants_pixels(self) -> bool:
        """Whether a screenshot is fetched."""
        return self is not Observe.UI_TREE


@dataclass
class State:
    """One observation of the phone."""

    ui_elements: list[UIElement] = field(default_factory=list)
    ui_tree: str = ""
    #: The screen as a PIL image. From :meth:`Env.get_state` it is opened lazily: its
    #: pixels are decoded only when something reads them.
    screenshot: Image.Image | None = None
    foreground: str = ""
    #: The screenshot's PNG bytes as the phone sent them (what a run folder stores).
    screenshot_png: bytes | None = None


#: Android key codes used by actions.
KEY_ENTER = "KEYCODE_ENTER"
KEY_BACK = "KEYCODE_BACK"
KEY_HOME = "KEYCODE_HOME"
#: The actions that are one key press, and their key.
_KEY_ACTIONS = {"keyboard_enter": KEY_ENTER, "navigate_home": KEY_HOME, "navigate_back": KEY_BACK}

#: Durations of the drags behind scroll and swipe actions (AndroidWorld: adb's default
#: for a scroll, 500 ms for a swipe).
SCROLL_MS = 300
_SWIPE_MS = 500
_LONG_PRESS_MS = 1000


class Env:
    """A phone plus the app catalogue: what :class:`droidhub.TaskEval` methods receive.

    ``observe`` sets what :meth:`get_state` fetches by default. The agent's ``answer``
    action is kept in :attr:`answer` for question tasks to score; the last action carried
    out, with the screen point it acted at (if any), in :attr:`last_action` and
    :attr:`last_point`, for tasks judged by the action itself (e.g. probes).
    """

    def __init__(
        self, device: Device, apps: Sequence[AppSpec] = (), observe: Observe = Observe.BOTH
    ) -> None:
        self.device = device
        self.apps = list(apps)
        self.observe = observe
        self.answer: str | None = None
        self.last_action: Action | None = None
        self.last_point: tuple[int, int] | None = None
        self._last_elements: list[UIElement] = []
        self._screen_size: tuple[int, int] | None = None

    # --- lifecycle ---------------------------------------------------------------------
    def reset(self, go_home: bool = True) -> None:
        """Forget the last answer and action and, by default, go to the home screen."""
        self.answer = None
        self.last_action, self.last_point = None, None
        self._last_elements = []
        if go_home:
            self.device.go_home()

    def find_app(self, name: str) -> AppSpec:
        """The app an ``open_app`` name refers to; a clear error listing names if none."""
        for app in self.apps:
            if app.matches(name):
                return app
        known = sorted({n for a in self.apps for n in a.names})
        raise ActionError(
            f"unknown app {name!r} for open_app; known apps: {', '.join(known) or 'none'}"
        )

    def open_app(self, name: str) -> None:
        """Launch the app called ``name``."""
        self.device.start_activity(component=self.find_app(name).component)

    # --- observation -------------------------------------------------------------------
    def get_state(self, wait_to_stabilize: bool = False, observe: Observe | None = None) -> State:
        """Observe the phone. With ``wait_to_stabilize``, wait until two consecutive UI
        trees agree (at most ~1 s), as a real screen may still be animating."""
        observe = observe or self.observe
        state = State()
        foreground = None
        if wait_to_stabilize:
            state.ui_tree = self._stable_tree()
        elif observe.wants_tree:
            # The tree and the focused activity in one adb command: a round trip fewer.
            state.ui_tree, foreground = self.device.ui_tree_and_foreground()
        if observe.wants_tree or wait_to_stabilize:
            state.ui_elements = parse_hierarchy(state.ui_tree)
            self._last_elements = state.ui_elements
        if observe.wants_pixels:
            from PIL import Image

            state.screenshot_png = self.device.screenshot_png()
            # Opening reads the header only; the pixels wait for whoever wants them.
            state.screenshot = Image.open(io.BytesIO(state.screenshot_png))
            self._screen_size = state.screenshot.size
        state.foreground = foreground or self.device.foreground_activity()
        return state

    def _stable_tree(self, attempts: int = 5, pause_s: float = 0.2) -> str:
        previous = self.device.ui_tree()
        for _ in range(attempts):
            time.sleep(pause_s)
            current = self.device.ui_tree()
            if current == previous:
                return current
            previous = current
        return previous

    # --- actions -----------------------------------------------------------------------
    def execute_action(self, action: Action) -> None:
        """Carry out ``action`` on the device. Agent text is passed only as quoted data."""
        kind = action.action_type
        dev = self.device
        self.last_action, self.last_point = action, None
        if kind in ("click", "double_tap", "long_press"):
            x, y = self._target(action)
            self.last_point = (x, y)
            if kind == "long_press":
                dev.swipe(x, y, x, y, _LONG_PRESS_MS)
            else:
                dev.tap(x, y)
                if kind == "double_tap":
                    dev.tap(x, y)
        elif kind == "input_text":
            # As AndroidWorld's actuation: tap the field (when one is named), type, then
            # press Enter, which submits a one-line field or breaks a line in a note.
            if action.index is not None or action.x is not None:
                dev.tap(*self._target(action))
            if action.clear_text:
                dev.run("input keycombination 113 29 && input keyevent 67")
            dev.input_text(action.text or "")
            dev.keyevent(KEY_ENTER)
        elif kind in ("scroll", "swipe"):
            self._scroll(action)
        elif kind in _KEY_ACTIONS:
            dev.keyevent(_KEY_ACTIONS[kind])
        elif kind == "open_app":
            self.open_app(action.app_name or "")
        elif kind == "wait":
            time.sleep(1.0)
        elif kind == "answer":
            self.answer = action.text
        # "status" changes nothing on the device: the runner ends the episode.

    def _target(self, action: Action) -> tuple[int, int]:
        if action.x is not None and action.y is not None:
            return action.x, action.y
        index = action.index if action.index is not None else -1
        count = len(self._last_elements)
        if not count:
            raise ActionError(
                f"field 'index' is {index} but no UI elements were observed yet: read the "
                "screen's elements first (an index names one of them)"
            )
        if not 0 <= index < count:
            raise ActionError(
                f"field 'index' is {index} but the last observation has "
                f"{count} UI elements (valid: 0..{count - 1})"
            )
        box = self._last_elements[index].bounds
        if box is None:
            raise ActionError(f"UI element {index} has no bounds to tap")
        return box.center

    def _scroll(self, action: Action) -> None:
        # Before any screenshot was seen, the screen is the phone droidhub models.
        width, height = self._screen_size or PIXEL_6.size
        left, top, right, bottom = 0, 0, width, height
        if action.index is not None:
            box = (
                self._last_elements[action.index].bounds
                if action.index < len(self._last_elements)
                else None
            )
            if box is None:
                raise ActionError(f"field 'index' is {action.index}: no such scrollable element")
            left, top, right, bottom = box.left, box.top, box.right, box.bottom
        # As AndroidWorld's actuation does it: a scroll drags from the middle of the
        # element (or screen) to its edge, so "scroll down" moves the content up by half
        # the element; a swipe, its inverse, crosses the whole screen through its middle.
        cx, cy = (left + right) // 2, (top + bottom) // 2
        direction = action.direction or "down"
        if action.action_type == "scroll":
            ends = {"down": (cx, top), "up": (cx, bottom), "right": (left, cy), "left": (right, cy)}
            self.device.swipe(cx, cy, *ends[direction], SCROLL_MS)
            return
        # AndroidWorld's swipe has no index; with one (droidhub's extension) the drag
        # crosses that element the same way, starting just inside it.
        if action.index is not None:
            right, bottom = right - 1, bottom - 1
        paths = {
            "down": (cx, top, cx, bottom),
            "up": (cx, bottom, cx, top),
            "left": (left, cy, right, cy),
            "right": (right, cy, left, cy),
        }
        self.device.swipe(*paths[direction], _SWIPE_MS)
