"""Run an agent written for AndroidWorld under droidhub.

AndroidWorld's agents own their loop: ``step(goal)`` observes through
``env.get_state()``, acts through ``env.execute_action(json_action)``, may look at the
screen again (``get_post_transition_state``) and returns a result with ``done``.
droidhub's runner owns the loop instead: it asks ``step(state)`` for one action and
carries it out. :class:`AndroidWorldAgent` joins the two: the AndroidWorld agent runs
on a thread of its own and is parked each time it calls ``execute_action``; that action
goes to the runner, which records and executes it, and the next droidhub step lets the
agent go on from there. So every action is recorded as with any droidhub agent.

Two ways to use it::

    droidhub run ... --agent mypkg:MyAwAgent --agent-option compat=android_world

builds ``MyAwAgent(env)`` for each episode; or, when the agent needs more to be built
(a model wrapper), subclass :class:`AndroidWorldAgent`::

    class MyAgent(AndroidWorldAgent):
        def make_agent(self, env):
            return MyAwAgent(env, my_llm)
"""

from __future__ import annotations

import dataclasses
import inspect
import queue
import random
import threading
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from droidhub.agents.base import Agent
from droidhub.android.ui_tree import UIElement as DroidhubElement
from droidhub.env.actions import Action, ActionError
from droidhub.env.environment import Observe

if TYPE_CHECKING:
    from droidhub.env.environment import Env
    from droidhub.env.environment import State as DroidhubState
    from droidhub.tasks.task_eval import TaskEval

#: Fields of AndroidWorld's JSON action that droidhub's :class:`Action` also has.
_ACTION_FIELDS = ("action_type", "index", "x", "y", "text", "direction", "app_name", "goal_status")


@dataclass(frozen=True)
class BoundingBox:
    """AndroidWorld's pixel box: ``x_min``, ``x_max``, ``y_min``, ``y_max``."""

    x_min: int
    x_max: int
    y_min: int
    y_max: int

    @property
    def center(self) -> tuple[float, float]:
        """The middle point."""
        return (self.x_min + self.x_max) / 2.0, (self.y_min + self.y_max) / 2.0

    @property
    def width(self) -> int:
        """Width in pixels."""
        return self.x_max - self.x_min

    @property
    def height(self) -> int:
        """Height in pixels."""
        return self.y_max - self.y_min


@dataclass(frozen=True)
class UIElement:
    """A UI element with AndroidWorld's field names (``is_clickable``, ``bbox_pixels``...)."""

    text: str | None = None
    content_description: str | None = None
    class_name: str | None = None
    bbox: BoundingBox | None = None
    bbox_pixels: BoundingBox | None = None
    hint_text: str | None = None
    is_checked: bool | None = None
    is_checkable: bool | None = None
    is_clickable: bool | None = None
    is_editable: bool | None = None
    is_enabled: bool | None = None
    is_focused: bool | None = None
    is_focusable: bool | None = None
    is_long_clickable: bool | None = None
    is_scrollable: bool | None = None
    is_selected: bool | None = None
    is_visible: bool | None = None
    package_name: str | None = None
    resource_name: str | None = None
    tooltip: str | None = None
    resource_id: str | None = None
    metadata: dict[str, Any] | None = None

    @classmethod
    def from_droidhub(cls, e: DroidhubElement) -> UIElement:
        """The same element under AndroidWorld's names."""
        box = None
        if e.bounds is not None:
            b = e.bounds
            box = BoundingBox(x_min=b.left, x_max=b.right, y_min=b.top, y_max=b.bottom)
        return cls(
            text=e.text or None,
            content_description=e.content_description or None,
            class_name=e.class_name or None,
            bbox_pixels=box,
            is_checked=e.checked,
            is_checkable=e.checkable,
            is_clickable=e.clickable,
            is_editable=e.editable,
            is_enabled=e.enabled,
            is_focused=e.focused,
            is_focusable=e.focusable,
            is_long_clickable=e.long_clickable,
            is_scrollable=e.scrollable,
            is_selected=e.selected,
            is_visible=box is not None and box.width > 0 and box.height > 0,
            package_name=e.package or None,
            resource_name=e.resource_id or None,
            resource_id=e.resource_id or None,
        )


@dataclass
class State:
    """AndroidWorld's observation: ``pixels`` (an RGB array when numpy is installed,
    else a PIL image), ``forest`` (here the uiautomator XML) and ``ui_elements``."""

    pixels: Any
    forest: str
    ui_elements: list[UIElement]
    auxiliaries: dict[str, Any] = field(default_factory=dict)


@dataclass
class AgentInteractionResult:
    """What an AndroidWorld ``step(goal)`` returns: whether it is done, and its data."""

    done: bool
    data: dict[str, Any]


def to_action(action: Any) -> Action:
    """AndroidWorld's JSON action (its dataclass, any object with its fields, or a dict)
    as droidhub's :class:`Action`; raises :class:`ActionError` for what droidhub lacks."""
    if isinstance(action, dict):
        fields = dict(action)
    elif dataclasses.is_dataclass(action) and not isinstance(action, type):
        fields = dataclasses.asdict(action)
    else:
        fields = {name: getattr(action, name, None) for name in (*_ACTION_FIELDS, "keycode")}
    if fields.get("keycode") is not None:
        raise ActionError(f"keycode actions are not supported (got {fields['keycode']!r})")
    data = {k: fields.get(k) for k in _ACTION_FIELDS if fields.get(k) is not None}
    return Action.parse(data)


class _Stopped(BaseException):
    """Raised inside the parked AndroidWorld agent when its episode is over."""


class AndroidWorldEnv:
    """droidhub's :class:`~droidhub.env.environment.Env` behind AndroidWorld's env interface."""

    def __init__(self, env: Env, bridge: _Bridge) -> None:
        self._env = env
        self._bridge = bridge

    def get_state(self, wait_to_stabilize: bool = False) -> State:
        """Observe the phone now: screenshot, UI tree and elements."""
        state = self._env.get_state(wait_to_stabilize=wait_to_stabilize, observe=Observe.BOTH)
        return to_aw_state(state)

    def execute_action(self, action: Any) -> None:
        """Hand the action to droidhub's runner, which records and executes it; return
        when it has been carried out (at the next droidhub step)."""
        self._bridge.act(to_action(action))

    def reset(self, go_home: bool = False) -> State:
        """Go home if asked (droidhub has set the task up already) and observe."""
        if go_home:
            self._env.device.go_home()
        return self.get_state()

    @property
    def interaction_cache(self) -> str:
        """The last ``answer`` the agent gave (empty if none)."""
        return self._env.answer or ""

    @property
    def foreground_activity_name(self) -> str:
        """The resumed activity, ``package/activity``."""
        return self._env.device.foreground_activity()

    @property
    def logical_screen_size(self) -> tuple[int, int]:
        """Screen width and height in pixels."""
        shot = self._env.device.screenshot()
        return shot.size

    @property
    def device_screen_size(self) -> tuple[int, int]:
        """Same as :attr:`logical_screen_size` (droidhub does not rotate)."""
        return self.logical_screen_size

    @property
    def orientation(self) -> int:
        """Always portrait (0)."""
        return 0

    def hide_automation_ui(self) -> None:
        """Nothing to hide on droidhub's phones."""

    def close(self) -> None:
        """droidhub owns the device; closing is a no-op."""


def to_aw_state(state: DroidhubState) -> State:
    """A droidhub observation in AndroidWorld's shape."""
    pixels: Any = state.screenshot
    if pixels is not None:
        try:
            import numpy as np

            pixels = np.asarray(pixels.convert("RGB"))
        except ImportError:
            pass  # agents without numpy get the PIL image
    elements = [UIElement.from_droidhub(e) for e in state.ui_elements]
    return State(pixels=pixels, forest=state.ui_tree, ui_elements=elements)


class _Bridge:
    """Hands actions from the AndroidWorld agent's thread to droidhub's runner and back."""

    def __init__(self) -> None:
        self.to_agent: queue.Queue[str] = queue.Queue()
        self.to_runner: queue.Queue[tuple[str, Any]] = queue.Queue()

    def act(self, action: Action) -> None:
        self.to_runner.put(("action", action))
        if self.to_agent.get() == "stop":
            raise _Stopped

    def wait_for_go(self) -> None:
        if self.to_agent.get() == "stop":
            raise _Stopped


class AndroidWorldAgent(Agent):
    """A droidhub agent that runs an AndroidWorld agent (see the module docstring).

    Override :meth:`make_agent` to build the AndroidWorld agent for an env.
    """

    observes = Observe.UI_TREE
    #: Passed to the AndroidWorld agent's constructor, as AndroidWorld's runner does.
    transition_pause: float | None = 0.0
    aw_class: Any = None

    def __init__(self) -> None:
        self._thread: threading.Thread | None = None
        self._bridge = _Bridge()
        self.last_step_info: dict[str, Any] | None = None

    def make_agent(self, env: AndroidWorldEnv) -> Any:
        """Build the AndroidWorld agent that acts in ``env``."""
        if self.aw_class is None:
            raise TypeError("subclass AndroidWorldAgent and override make_agent(env)")
        try:
            takes_pause = "transition_pause" in inspect.signature(self.aw_class).parameters
        except (TypeError, ValueError):  # no signature to read (a builtin, a C type)
            takes_pause = False
        if takes_pause:
            return self.aw_class(env, transition_pause=self.transition_pause)
        return self.aw_class(env)

    def reset(self, goal: str, task: TaskEval, env: Env, rng: random.Random) -> None:
        """Stop the previous episode's agent, build and reset a new one."""
        del task, rng
        self._stop()
        self._bridge = bridge = _Bridge()
        aw_env = AndroidWorldEnv(env, bridge)
        aw_agent = self.make_agent(aw_env)
        if callable(getattr(aw_agent, "reset", None)):
            aw_agent.reset(False)  # droidhub set the task up: stay where it left the phone
        self._thread = threading.Thread(
            target=self._loop, args=(aw_agent, goal, bridge), daemon=True, name="aw-agent"
        )
        self._thread.start()

    @staticmethod
    def _loop(aw_agent: Any, goal: str, bridge: _Bridge) -> None:
        try:
            bridge.wait_for_go()
            while True:
                result = aw_agent.step(goal)
                data = getattr(result, "data", None) or {}
                bridge.to_runner.put(("data", data))
                if getattr(result, "done", False):
                    bridge.to_runner.put(("done", None))
                    return
        except _Stopped:
            return
        except BaseException as exc:  # handed to the runner's thread, recorded there
            bridge.to_runner.put(("error", exc))

    def step(self, state: DroidhubState) -> Action:
        """Let the AndroidWorld agent run until its next action, or until it is done."""
        del state  # the AndroidWorld agent observes for itself
        self.last_step_info = None
        self._bridge.to_agent.put("go")
        # The data of each AndroidWorld step that ended while droidhub waited.
        data: list[dict[str, Any]] = []
        while True:
            kind, value = self._bridge.to_runner.get()
            if kind == "data":
                data.append(_jsonable(value))
                continue
            if data:
                self.last_step_info = {"android_world": data}
            if kind == "action":
                assert isinstance(value, Action)
                return value
            if kind == "done":
                return Action(action_type="status", goal_status="complete")
            raise value

    def _stop(self) -> None:
        if self._thread is not None and self._thread.is_alive():
            self._bridge.to_agent.put("stop")
            self._thread.join(timeout=5)
        self._thread = None


def _jsonable(data: Any) -> dict[str, Any]:
    """The plain values of an AndroidWorld step's data (text, numbers), for the record."""
    if not isinstance(data, dict):
        return {}
    kept: dict[str, Any] = {}
    for key, value in data.items():
        if isinstance(value, (str, int, float, bool)) or value is None:
            kept[str(key)] = value[:2000] if isinstance(value, str) else value
    return kept


def wrap_agent_class(aw_class: type) -> type[AndroidWorldAgent]:
    """A droidhub agent class that builds ``aw_class(env)`` each episode
    (``--agent-option compat=android_world``)."""
    return type(
        f"AndroidWorld{aw_class.__name__}",
        (AndroidWorldAgent,),
        {"aw_class": aw_class, "__doc__": f"{aw_class.__name__} run through droidhub's shim."},
    )


__all__ = [
    "AgentInteractionResult",
    "AndroidWorldAgent",
    "AndroidWorldEnv",
    "BoundingBox",
    "State",
    "UIElement",
    "to_action",
    "wrap_agent_class",
]
