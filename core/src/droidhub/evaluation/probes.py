"""State-level probes and XBOUND's Explore Metric (Zhang et al. 2025).

A probe is a one-step task on one screen. Probes are built from a reference run whose
trajectories pass through the screens worth probing (a ``ui_oracle`` run: every step
acts through the screen). For each recorded step, the screen it starts from gets:

- *width* probes: one instruction per actionable element of the screen that a person
  could name (its text or content description), ``Tap "Save"`` or ``Long press "Save"``;
  the agent's action is right when it is of that type and lands inside that element;
- a *depth* probe: the episode's own goal, whose right next step there is the action
  the reference took; right when of the same type and, for a tap, within 14 % of the
  screen's diagonal of the reference's point (scrolls: the same direction; typed text,
  answers, app names: equal after normalisation).

Running a probe resets its task instance on a phone, replays the reference's actions
up to the screen through the env, gives the agent the instruction and the screen, and
judges the one action it takes (:class:`ProbeTask`, run by the usual runner). The
Explore Metric is the mean over screens of the share of each screen's probes done right;
per app, over that app's screens; its stage: learning (< 30 %), improvement (30-60 %),
proficient (60-90 %), expert (>= 90 %).
"""

from __future__ import annotations

import json
import math
from collections import defaultdict
from collections.abc import Generator, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict

from droidhub.agents.ui_solver import SolverError, SolverScript, UISolver
from droidhub.android.phone import PIXEL_6
from droidhub.android.ui_tree import parse_hierarchy
from droidhub.env.actions import Action
from droidhub.env.environment import Observe, State
from droidhub.evaluation.step_metrics import TAP_DISTANCE, normalise
from droidhub.hookspecs import hookimpl
from droidhub.plugins import catalog
from droidhub.results.layout import RunFolder
from droidhub.results.records import EpisodeResult, read_results
from droidhub.tasks.suite import TaskInstance
from droidhub.tasks.task_eval import Footprint, TaskEval

if TYPE_CHECKING:
    from droidhub.env.environment import Env

#: The family and task name probes run under.
FAMILY, TASK = "probe", "Probe"
#: Stages of the Explore Metric: (lower bound, name), highest first.
STAGES: tuple[tuple[float, str], ...] = (
    (0.9, "expert"),
    (0.6, "proficient"),
    (0.3, "improvement"),
    (0.0, "learning"),
)
_VERBS = {"click": "Tap", "long_press": "Long press"}


def stage(metric: float) -> str:
    """XBOUND's stage of an Explore Metric in [0, 1]."""
    return next(name for bound, name in STAGES if metric >= bound)


class ProbeParams(BaseModel):
    """One probe: where it starts, what it asks, and what answers it."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal["width", "depth"]
    #: ``family/task`` and params of the task instance whose screen is probed.
    task: str
    task_params: dict[str, Any]
    #: The reference's actions from the task's start up to the screen.
    prefix: list[dict[str, Any]]
    instruction: str
    #: The right action, and for a tap the box it must land in (width) or the point it
    #: must be near (depth), in screen pixels.
    expected: dict[str, Any]
    box: list[int] | None = None
    point: list[float] | None = None
    #: The screen: ``episode_id#step``, and the app in front (its package).
    screen: str
    app: str
    #: Filled in at set-up: the UI trees seen while replaying the prefix (for solvers
    #: that must follow the reference's own path, see :func:`solve_probe`).
    replayed: list[str] = []


class ProbeTask(TaskEval):
    """A probe (see the module docstring), played as a one-step task."""

    family = FAMILY
    name = TASK
    template = "{instruction}"
    complexity = 0.1  # one step
    params: ProbeParams
    footprint: ClassVar[Footprint] = Footprint()

    def initialize_task(self, env: Env) -> None:
        """Set up the probed task instance, then replay the prefix up to the screen."""
        super().initialize_task(env)
        family, _, name = self.params.task.partition("/")
        task_cls = catalog.registry().task(name, family=family)
        self.inner = task_cls(task_cls.validate_params(self.params.task_params))
        self.inner.initialize_task(env)
        trees = []
        for action in self.params.prefix:
            trees.append(env.get_state(observe=Observe.UI_TREE).ui_tree)
            env.execute_action(Action.model_validate(action))
        self.params = self.params.model_copy(update={"replayed": trees})
        env.last_action, env.last_point = None, None

    def is_successful(self, env: Env) -> float:
        """1 when the one action taken answers the probe (see the module docstring)."""
        taken = env.last_action
        return 1.0 if taken is not None and self.answers(taken, env.last_point) else 0.0

    def answers(self, action: Action, point: tuple[int, int] | None) -> bool:
        """Whether ``action`` (acting at ``point``) answers this probe."""
        expected = self.params.expected
        kind = "scroll" if action.action_type == "swipe" else action.action_type
        want = "scroll" if expected["action_type"] == "swipe" else expected["action_type"]
        if kind != want:
            return False
        if kind in _VERBS:
            if point is None:
                return False
            if self.params.box is not None:
                left, top, right, bottom = self.params.box
                return left <= point[0] <= right and top <= point[1] <= bottom
            assert self.params.point is not None
            return math.dist(point, self.params.point) <= TAP_DISTANCE * math.hypot(*PIXEL_6.size)
        if kind == "scroll":
            return action.direction == expected.get("direction")
        for name in ("text", "app_name"):
            if expected.get(name) is not None:
                return normalise(getattr(action, name)) == normalise(expected[name])
        if kind == "status":
            return action.goal_status == expected.get("goal_status")
        return True

    def tear_down(self, env: Env) -> None:
        """Tear the probed task down."""
        inner = getattr(self, "inner", None)
        if inner is not None:
            inner.tear_down(env)
        super().tear_down(env)


# --- building probes ------------------------------------------------------------------------
def _label(element: Mapping[str, Any]) -> str:
    return str(element.get("text") or element.get("content_description") or "").strip()


def _box(element: Mapping[str, Any]) -> list[int] | None:
    bounds = element.get("bounds")
    if not bounds or len(bounds) != 4 or bounds[2] <= bounds[0] or bounds[3] <= bounds[1]:
        return None
    return [int(b) for b in bounds]


Width = tuple[str, dict[str, Any], list[int]]


def _width_probes(elements: Sequence[Mapping[str, Any]], limit: int) -> Iterable[Width]:
    """(instruction, expected action, box) for the screen's actionable, nameable elements;
    a label shown twice is left out (the instruction would not say which)."""
    labels = [_label(e) for e in elements]
    made = 0
    for element, label in zip(elements, labels, strict=True):
        box = _box(element)
        if not label or labels.count(label) > 1 or box is None or len(label) > 60:
            continue
        if element.get("clickable"):
            kind = "click"
        elif element.get("long_clickable"):
            kind = "long_press"
        else:
            continue
        yield f'{_VERBS[kind]} "{label}"', {"action_type": kind}, box
        made += 1
        if made == limit:
            return


def build_probes(reference: Path, max_per_screen: int = 8) -> list[ProbeParams]:
    """Width and depth probes for every screen the reference run's episodes start a step
    from (only episodes that reached reward 1)."""
    folder = RunFolder(reference)
    probes: list[ProbeParams] = []
    for result in read_results(reference):
        if not result.success:
            continue
        steps_file = folder.episode(result.family, result.task, result.instance).steps
        if not steps_file.is_file():
            continue
        steps = [json.loads(line) for line in steps_file.read_text().splitlines() if line]
        probes += _episode_probes(result, steps, max_per_screen)
    return probes


def _episode_probes(
    result: EpisodeResult, steps: Sequence[Mapping[str, Any]], limit: int
) -> list[ProbeParams]:
    probes = []
    prefix: list[dict[str, Any]] = []
    for step in steps:
        action = {k: v for k, v in step["action"].items() if v is not None}
        if "action_type" not in action:  # an invalid answer, kept as given: no action
            continue
        if action["action_type"] == "status":
            break
        elements = step.get("ui_elements") or []
        common: dict[str, Any] = {
            "task": f"{result.family}/{result.task}",
            "task_params": result.params,
            "prefix": list(prefix),
            "screen": f"{result.episode_id}#{step['index']}",
            "app": str(step.get("foreground") or "").split("/")[0],
        }
        for instruction, expected, box in _width_probes(elements, limit):
            probes.append(
                ProbeParams(
                    kind="width", instruction=instruction, expected=expected, box=box, **common
                )
            )
        depth: dict[str, Any] = {"kind": "depth", "instruction": result.goal, **common}
        index = action.get("index")
        if action["action_type"] in _VERBS:
            if action.get("x") is not None:
                depth["point"] = [action["x"], action["y"]]
            elif isinstance(index, int) and index < len(elements) and _box(elements[index]):
                tapped = _box(elements[index])
                assert tapped is not None
                depth["point"] = [(tapped[0] + tapped[2]) / 2, (tapped[1] + tapped[3]) / 2]
            else:
                prefix.append(action)
                continue
        depth["expected"] = {k: v for k, v in action.items() if k not in ("index", "x", "y")}
        probes.append(ProbeParams(**depth))
        prefix.append(action)
    return probes


def probe_instances(probes: Sequence[ProbeParams]) -> list[TaskInstance]:
    """The probes as instances of :class:`ProbeTask`, numbered in order."""
    return [
        TaskInstance(ProbeTask, i, 0, probe.model_dump(mode="json"))
        for i, probe in enumerate(probes)
    ]


# --- the Explore Metric ---------------------------------------------------------------------
@dataclass
class ExploreReport:
    """The Explore Metric of one run of probes, overall and per app, width and depth."""

    screens: dict[str, float]
    apps: dict[str, float]
    metric: float
    width: float | None
    depth: float | None
    probes: int

    def as_json(self) -> dict[str, Any]:
        """The report as ``droidhub probe report --json`` prints it."""
        return {
            "explore_metric": self.metric,
            "stage": stage(self.metric),
            "width": self.width,
            "depth": self.depth,
            "probes": self.probes,
            "screens": len(self.screens),
            "apps": {app: {"explore_metric": m, "stage": stage(m)} for app, m in self.apps.items()},
        }


def explore_metric(judged: Iterable[tuple[str, str, str, bool]]) -> ExploreReport:
    """The Explore Metric of ``(screen, app, kind, right)`` judgements: per screen, the
    share of its probes done right; overall and per app, the mean over screens."""
    per_screen: dict[str, list[bool]] = defaultdict(list)
    app_of: dict[str, str] = {}
    per_kind: dict[str, list[bool]] = defaultdict(list)
    for screen, app, kind, right in judged:
        per_screen[screen].append(right)
        app_of[screen] = app
        per_kind[kind].append(right)
    screens = {s: sum(r) / len(r) for s, r in per_screen.items()}
    by_app: dict[str, list[float]] = defaultdict(list)
    for screen, value in screens.items():
        by_app[app_of[screen]].append(value)
    apps = {app: sum(v) / len(v) for app, v in sorted(by_app.items())}

    def mean(values: Sequence[bool] | Sequence[float]) -> float | None:
        return sum(values) / len(values) if values else None

    return ExploreReport(
        screens=screens,
        apps=apps,
        metric=mean(list(screens.values())) or 0.0,
        width=mean(per_kind["width"]),
        depth=mean(per_kind["depth"]),
        probes=sum(len(r) for r in per_screen.values()),
    )


def judged_probes(run: Path) -> list[tuple[str, str, str, bool]]:
    """``(screen, app, kind, right)`` of every probe a run of probes recorded."""
    return [
        (r.params["screen"], r.params["app"], r.params["kind"], r.success)
        for r in read_results(run)
        if r.family == FAMILY
    ]


# --- ui_oracle on probes --------------------------------------------------------------------
def solve_probe(goal: str, params: Mapping[str, Any], state: State) -> SolverScript:
    """How ``ui_oracle`` answers a probe from the screen: a width probe's element is
    found by the label the instruction names; a depth probe's step is the probed task's
    own UI solver, fed the screens the replay went through, then this one."""
    if params["kind"] == "width":
        verb, _, label = goal.partition(' "')
        label = label.removesuffix('"')
        kind = next(k for k, v in _VERBS.items() if v == verb)
        for index, element in enumerate(state.ui_elements):
            if label in (element.text.strip(), element.content_description.strip()):
                yield Action(action_type=kind, index=index)  # type: ignore[arg-type]
                return
        raise SolverError(f"no element labelled {label!r} on screen")
    solver = catalog.ui_solvers().get(params["task"])
    if solver is None:
        raise SolverError(f"no UI solver for {params['task']}")
    task_params = dict(params["task_params"])
    # The screens before each replayed step, then this one: the solver's last answer is
    # its step from here.
    screens = [State(ui_elements=parse_hierarchy(t), ui_tree=t) for t in params["replayed"]]
    screens.append(state)
    script: Generator[Action, State, None] = solver.solve(_goal_of(params), task_params, screens[0])
    action = next(script)
    for screen in screens[1:]:
        action = script.send(screen)
    yield action


def _goal_of(params: Mapping[str, Any]) -> str:
    family, _, name = str(params["task"]).partition("/")
    task_cls = catalog.registry().task(name, family=family)
    return task_cls(task_cls.validate_params(params["task_params"])).goal


@hookimpl
def droidhub_ui_solvers() -> Sequence[UISolver]:
    """The solver ``ui_oracle`` answers probes with."""
    return [UISolver(FAMILY, TASK, solve_probe)]
