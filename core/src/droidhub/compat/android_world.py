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

The env offers what AW's ``AsyncEnv`` offers (and is registered as one when
``android_world`` is importable): ``controller`` answers android_env's adb requests
(:mod:`droidhub.compat.adb_requests`), the screen's sizes, frame and orientation come
from the phone as AW's ``adb_utils`` reads them (sizes and frame once per episode), and
``get_state()`` returns AW's forest and UI elements (:mod:`droidhub.compat.a11y_forest`).
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
from droidhub.compat.a11y_forest import Node, parse_nodes, to_forest
from droidhub.compat.adb_requests import Controller, adb_pb2
from droidhub.env.actions import Action, ActionError
from droidhub.env.environment import Observe

if TYPE_CHECKING:
    from droidhub.env.environment import Env
    from droidhub.env.environment import State as DroidhubState
    from droidhub.tasks.task_eval import TaskEval

#: Fields of AndroidWorld's JSON action that droidhub's :class:`Action` also has.
_ACTION_FIELDS = (
    "action_type", "index", "x", "y", "text", "direction", "app_name", "goal_status",
    "clear_text",
)  # fmt: skip


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

    @classmethod
    def from_node(cls, node: Node) -> UIElement:
        """The element as AW's env fills it from its accessibility forest: ``bbox``
        stays None (AW's controller passes no screen size), ``resource_name`` is the view
        id, ``resource_id`` and ``tooltip`` are never set."""
        a = node.attrib
        left, top, right, bottom = node.bounds
        return cls(
            text=a.get("text") or None,
            content_description=a.get("content-desc") or None,
            class_name=a.get("class") or None,
            bbox_pixels=BoundingBox(x_min=left, x_max=right, y_min=top, y_max=bottom),
            hint_text=a.get("hint") or None,
            is_checked=node.flag("checked"),
            is_checkable=node.flag("checkable"),
            is_clickable=node.flag("clickable"),
            is_editable=node.editable,
            is_enabled=node.flag("enabled"),
            is_focused=node.flag("focused"),
            is_focusable=node.flag("focusable"),
            is_long_clickable=node.flag("long-clickable"),
            is_scrollable=node.flag("scrollable"),
            is_selected=node.flag("selected"),
            is_visible=node.visible,
            package_name=a.get("package") or None,
            resource_name=a.get("resource-id") or None,
        )


@dataclass
class State:
    """AndroidWorld's observation: ``pixels`` (an RGB array when numpy is installed,
    else a PIL image), ``forest`` (android_env's ``AndroidAccessibilityForest`` when
    android_env is installed, else the uiautomator XML) and ``ui_elements`` (AW's: the
    forest's visible leaves and the nodes that are described or scroll)."""

    pixels: Any
    forest: Any
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
    index = data.get("index")
    if isinstance(index, str) and index.isdigit():
        data["index"] = int(index)  # AW's JSONAction allows "3" and makes it 3
    return Action.parse(data)


class _Stopped(BaseException):
    """Raised inside the parked AndroidWorld agent when its episode is over."""


class AndroidWorldEnv:
    """droidhub's :class:`~droidhub.env.environment.Env` behind AndroidWorld's env
    interface (``android_world.env.interface.AsyncEnv``)."""

    def __init__(self, env: Env, bridge: _Bridge) -> None:
        self._env = env
        self._bridge = bridge
        self._controller = Controller(env.device)
        #: droidhub's element index of each of the last state's AW elements.
        self._indices: list[int] = []

    @property
    def controller(self) -> Controller:
        """What AW's agents hand to ``adb_utils``: ``execute_adb_call`` and the
        screen's geometry (see :class:`~droidhub.compat.adb_requests.Controller`)."""
        return self._controller

    def get_state(self, wait_to_stabilize: bool = False) -> State:
        """Observe the phone now: screenshot, accessibility forest and AW's UI elements."""
        state = self._env.get_state(wait_to_stabilize=wait_to_stabilize, observe=Observe.BOTH)
        aw_state, self._indices = to_aw_state(state, self._controller.logical_screen_size)
        return aw_state

    def execute_action(self, action: Any) -> None:
        """Hand the action to droidhub's runner, which records and executes it; return
        when it has been carried out (at the next droidhub step). An ``index`` is one of
        the last :meth:`get_state`'s ``ui_elements``."""
        converted = to_action(action)
        if converted.index is not None:
            if not 0 <= converted.index < len(self._indices):
                raise ActionError(
                    f"index {converted.index} is not one of the {len(self._indices)} UI "
                    "elements of the last get_state()"
                )
            converted = converted.model_copy(update={"index": self._indices[converted.index]})
        self._bridge.act(converted)

    def reset(self, go_home: bool = False) -> State:
        """As AW's env: go home if asked, forget the last answer, observe."""
        if go_home:
            self._env.device.go_home()
        self.interaction_cache = ""
        return self.get_state()

    @property
    def interaction_cache(self) -> str:
        """The agent's answer: its last ``answer`` action, or what was set here (AW's
        question tasks read it, as droidhub's do)."""
        return self._env.answer or ""

    @interaction_cache.setter
    def interaction_cache(self, value: str) -> None:
        self._env.answer = value or None

    @property
    def foreground_activity_name(self) -> str:
        """The resumed activity, ``package/activity``."""
        return self._env.device.foreground_activity()

    @property
    def logical_screen_size(self) -> tuple[int, int]:
        """(width, height) the UI is laid out in, from ``dumpsys input`` (read once)."""
        return self._controller.logical_screen_size

    @property
    def device_screen_size(self) -> tuple[int, int]:
        """The physical (width, height), from ``wm size`` (read once)."""
        return self._controller.device_screen_size

    @property
    def orientation(self) -> int:
        """0 portrait, 1 landscape, 2 reverse portrait, 3 reverse landscape."""
        return self._controller.orientation

    @property
    def physical_frame_boundary(self) -> tuple[int, int, int, int]:
        """The display's frame (left, top, right, bottom) in portrait coordinates."""
        return self._controller.physical_frame_boundary

    def display_message(self, message: str, header: str = "") -> None:
        """Broadcast the message to the phone's overlay, as AW's env does."""
        extras = {"task_type_string": header, "goal_string": message}
        self._env.device.broadcast("com.example.ACTION_UPDATE_OVERLAY", extras=extras)

    def ask_question(self, question: str, timeout_seconds: float = -1.0) -> str | None:
        """No user is there to answer: None, AW's "no answer within the timeout"."""
        del question, timeout_seconds
        return None

    def hide_automation_ui(self) -> None:
        """Turn the pointer-location overlay off, as AW's env does."""
        self._env.device.put_setting("system", "pointer_location", "0")

    def close(self) -> None:
        """droidhub owns the device; closing is a no-op."""


def to_aw_state(state: DroidhubState, screen: tuple[int, int]) -> tuple[State, list[int]]:
    """A droidhub observation in AndroidWorld's shape, and droidhub's index of each of its
    UI elements (the dump's ``<node>`` order, which droidhub's elements follow)."""
    pixels: Any = state.screenshot
    if pixels is not None:
        try:
            import numpy as np

            pixels = np.asarray(pixels.convert("RGB"))
        except ImportError:
            pass  # agents without numpy get the PIL image
    nodes = parse_nodes(state.ui_tree)
    kept = [n for n in nodes if n.is_aw_element]
    forest = to_forest(nodes, screen)
    elements = [UIElement.from_node(n) for n in kept]
    aw_state = State(
        pixels=pixels, forest=state.ui_tree if forest is None else forest, ui_elements=elements
    )
    return aw_state, [n.unique_id for n in kept]


def _register_as_async_env() -> None:
    """Make AndroidWorldEnv an ``AsyncEnv`` of an importable android_world (once)."""
    global _registered
    if _registered:
        return
    _registered = True
    try:
        from android_world.env import interface
    except Exception:  # absent, or an installation that fails to import
        return
    register = getattr(getattr(interface, "AsyncEnv", None), "register", None)
    if callable(register):
        register(AndroidWorldEnv)


_registered = False


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
        del rng
        _register_as_async_env()
        self._stop()
        self._bridge = bridge = _Bridge()
        aw_env = AndroidWorldEnv(env, bridge)
        aw_agent = self.make_agent(aw_env)
        # As AW's episode runner: reset (home when the task starts there; droidhub has
        # set the task up already) and give the step budget.
        if callable(getattr(aw_agent, "reset", None)):
            aw_agent.reset(task.start_on_home_screen)
        if callable(getattr(aw_agent, "set_max_steps", None)):
            aw_agent.set_max_steps(task.max_steps)
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
    "adb_pb2",
    "to_action",
    "to_aw_state",
    "wrap_agent_class",
]
