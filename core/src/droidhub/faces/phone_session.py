"""One phone and the task started on it, as the faces (MCP, inspect_ai) hand them to a
client that acts step by step: AndroidWorld's actions on droidhub's Env, a task
instance set up as ``droidhub run --seed`` would, its reward and its tear-down."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from droidhub.env.actions import Action, ActionError
from droidhub.env.environment import Env, Observe
from droidhub.plugins import catalog
from droidhub.tasks.suite import TaskInstance, build_suite

if TYPE_CHECKING:
    from droidhub.device.client import Device
    from droidhub.tasks.task_eval import TaskEval


#: The keys a face offers to press, as AndroidWorld's actions.
KEY_ACTIONS = {"back": "navigate_back", "home": "navigate_home", "enter": "keyboard_enter"}


class PhoneSession:
    """One phone, and the task started on it (if any)."""

    def __init__(self, device: Device) -> None:
        self.device = device
        self.env = Env(device, catalog.apps(), observe=Observe.UI_TREE)
        self.task: TaskEval | None = None

    def act(self, **fields: Any) -> str:
        """Take one of AndroidWorld's actions; what was done, or a ValueError naming why
        it could not be (the MCP client sees it as the tool's error)."""
        try:
            action = Action.parse({k: v for k, v in fields.items() if v is not None})
            self.env.execute_action(action)
        except ActionError as exc:
            raise ValueError(str(exc)) from None
        return f"done: {action.to_json()}"

    def press(self, key: str) -> str:
        """Press ``back``, ``home`` or ``enter`` (AndroidWorld's navigate_back,
        navigate_home and keyboard_enter)."""
        return self.act(action_type=KEY_ACTIONS[key])

    def start(self, task: str, family: str, seed: int, instance: int) -> dict[str, Any]:
        """Tear down any task started before, then set ``family/task``'s instance up as a
        run with ``--seed seed`` would: the same parameters and goal."""
        instances = build_suite(catalog.registry(), [family], [task], instance + 1, seed)
        return self.start_instance(instances[instance])

    def start_instance(self, inst: TaskInstance) -> dict[str, Any]:
        """Tear down any task started before, then set ``inst`` up."""
        self.stop()
        made = inst.create()
        self.env.reset(go_home=made.start_on_home_screen)
        made.initialize_task(self.env)
        self.task = made
        return {"goal": made.goal, "max_steps": made.max_steps, "apps": list(made.app_names)}

    def score(self) -> float:
        """The started task's reward in [0, 1], from the phone's state now."""
        if self.task is None:
            raise ValueError("no task started: call start_task first")
        return float(self.task.is_successful(self.env))

    def stop(self) -> str:
        """Tear the started task down (the phone as its set-up found it)."""
        if self.task is None:
            return "no task was started"
        task, self.task = self.task, None
        task.tear_down(self.env)
        return f"{task.name} torn down"


def elements_text(session: PhoneSession) -> str:
    """The screen's UI elements, one line each: index, class, label, bounds, flags."""
    lines = []
    for i, e in enumerate(session.env.get_state(observe=Observe.UI_TREE).ui_elements):
        label = e.text or e.content_description or e.resource_id.rpartition("/")[2]
        flags = [n for n in ("clickable", "checkable", "checked", "scrollable") if getattr(e, n)]
        box = e.bounds
        where = f"[{box.left},{box.top}][{box.right},{box.bottom}]" if box else ""
        lines.append(f"{i}: {e.class_name.rpartition('.')[2]} {label!r} {where} {' '.join(flags)}")
    return "\n".join(lines)
