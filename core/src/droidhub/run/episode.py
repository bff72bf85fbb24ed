"""One episode: set-up, the agent's steps, scoring and tear-down.

An :class:`Episode` runs on a thread of its own so the runner can stop waiting for it:
it says which phase it is in and by when that phase must end (``--step-timeout`` for
the agent's reset and each step, ``--episode-timeout`` for the whole episode), and an
episode the runner abandoned never records, notifies or writes again.
"""

from __future__ import annotations

import contextlib
import functools
import json
import random
import threading
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from droidhub.device.client import DeviceError
from droidhub.env.actions import Action, ActionError
from droidhub.env.environment import Env, Observe, State
from droidhub.results.layout import RunFolder
from droidhub.results.prompts import keep_requests
from droidhub.results.records import EpisodeResult
from droidhub.tasks.suite import TaskInstance

if TYPE_CHECKING:
    from droidhub.agents.base import Agent
    from droidhub.device.client import Device
    from droidhub.tasks.apps import AppSpec
    from droidhub.tasks.task_eval import TaskEval


class FatalAgentError(Exception):
    """Raise from an agent's ``reset`` or ``step`` to stop the whole run at once.

    For problems no later episode can escape: a rejected API key, an unknown model.
    The episode is torn down and not recorded (a rerun after the fix runs it), the
    run stops, and ``droidhub run`` prints the message as its one line (exit code 5).
    """


class EpisodeAbandoned(Exception):
    """Raised inside an episode the runner gave up on, to end its thread quietly."""


@dataclass
class EpisodeContext:
    """What observers learn about an episode: passed to the episode hooks."""

    episode_id: str
    instance: TaskInstance
    task: TaskEval
    goal: str
    device: str
    folder: Path


@dataclass
class StepRecord:
    """One agent step: the observation it saw, the action it took, what it reported."""

    index: int
    action: dict[str, Any]
    ui_elements: list[dict[str, Any]] = field(default_factory=list)
    screenshot: str | None = None
    ui_tree: str | None = None
    foreground: str = ""
    error: str | None = None
    agent_info: dict[str, Any] | None = None


def instance_result(inst: TaskInstance, agent: str, device: str, **fields: Any) -> EpisodeResult:
    """The result of one episode of ``inst`` by ``agent`` on ``device``, before it ran:
    the instance's identity, plus ``fields``."""
    return EpisodeResult(
        episode_id=inst.episode_id,
        task=inst.name,
        family=inst.family,
        instance=inst.instance,
        seed=inst.seed,
        params=inst.params,
        agent=agent,
        device=device,
        **fields,
    )


#: The phase name of an episode's tear-down.
TEARDOWN = "tear_down"


def error_kind(phase: str) -> str:
    """The part of an episode an error in ``phase`` belongs to: ``setup``, ``agent``,
    ``scoring`` or ``teardown`` (``EpisodeResult.error_kind``)."""
    if phase == TEARDOWN:
        return "teardown"
    if phase.startswith("agent"):
        return "agent"
    if phase == "is_successful":
        return "scoring"
    return "setup"


def _answer_type_checked(answer: Any) -> Action | dict[str, Any] | str:
    """An agent's answer, if it is of a type an action can be given as (an Action, or
    its JSON as a dict or str); any other type is a bug of the agent's."""
    if not isinstance(answer, (Action, dict, str)):
        raise TypeError(
            f"step() returned {type(answer).__name__}, not an Action (or its JSON as a dict or str)"
        )
    return answer


def _as_record(answer: Action | dict[str, Any] | str) -> dict[str, Any]:
    """What a step record keeps of an answer: the action, or an invalid answer as given."""
    if isinstance(answer, Action):
        return answer.to_json()
    return answer if isinstance(answer, dict) else {"raw": answer}


def _json_line(record: StepRecord) -> str:
    """A step record as one JSON line; text that is no valid Unicode (an agent's lone
    surrogate) is kept as JSON escapes rather than refused by the UTF-8 file."""
    line = json.dumps(record.__dict__, ensure_ascii=False, default=str)
    try:
        line.encode("utf-8")
    except UnicodeEncodeError:
        line = json.dumps(record.__dict__, ensure_ascii=True, default=str)
    return line + "\n"


def _seconds(limit: float) -> str:
    return f"{limit:g}s"


class Episode:
    """One task instance played by one agent on one device.

    :meth:`run` plays it to the end and never raises for errors of the task, the
    agent or the device: they end up in :attr:`result`. The runner calls it on a
    thread and polls :meth:`overdue`; :meth:`abandon` detaches it for good.
    """

    def __init__(
        self,
        inst: TaskInstance,
        device: Device,
        agent: Agent,
        out: Path,
        apps: Sequence[AppSpec] = (),
        notify: Callable[..., None] | None = None,
        agent_name: str = "",
        max_steps: int | None = None,
        step_timeout: float | None = None,
        episode_timeout: float | None = None,
        teardown_timeout: float | None = None,
    ) -> None:
        self.inst = inst
        self.device = device
        self.agent = agent
        self.apps = list(apps)
        self._notify = notify or (lambda *_a, **_k: None)
        self.step_timeout = step_timeout
        self.episode_timeout = episode_timeout
        self.teardown_timeout = teardown_timeout
        self.layout = RunFolder(out).episode(inst.family, inst.name, inst.instance)
        self.folder = self.layout.path
        self.task: TaskEval = inst.create()
        task = self.task
        self.result = instance_result(
            inst,
            agent_name,
            device.serial,
            apps=list(task.app_names),
            difficulty=task.difficulty,
            tags=list(task.tags),
            complexity=task.complexity,
            max_steps=max_steps or task.max_steps,
        )
        self.context: EpisodeContext | None = None
        #: Set when set-up began: from then on tear-down must run.
        self.setup_started = False
        self.torn_down = False
        #: Set when the tear-down raised: the phone may not be as set-up found it.
        self.teardown_failed = False
        self.fatal: FatalAgentError | None = None
        self.finished = threading.Event()
        self._lock = threading.Lock()
        self._abandoned = False
        self._started = time.monotonic()
        self._phase = "set-up"
        self._phase_deadline: float | None = None
        self._in_agent = False

    # --- watched from the runner ---------------------------------------------------------
    @property
    def phase(self) -> str:
        """What the episode is doing now (``initialize_task``, ``agent step 3``...)."""
        return self._phase

    def overdue(self) -> str | None:
        """The timeout error if the current phase or the episode is past its limit."""
        now = time.monotonic()
        if self._phase == TEARDOWN:
            # A tear-down has its own limit only: it must run, however late it starts.
            if self._phase_deadline is not None and now > self._phase_deadline:
                assert self.teardown_timeout is not None
                return (
                    f"timeout: tear_down did not finish in time "
                    f"(--teardown-timeout {_seconds(self.teardown_timeout)})"
                )
            return None
        if self._phase_deadline is not None and now > self._phase_deadline:
            assert self.step_timeout is not None
            return (
                f"timeout: {self._phase} did not finish in time "
                f"(--step-timeout {_seconds(self.step_timeout)})"
            )
        if self.episode_timeout is not None and now > self._started + self.episode_timeout:
            return (
                f"timeout: the episode was still in {self._phase} at its limit "
                f"(--episode-timeout {_seconds(self.episode_timeout)})"
            )
        return None

    def abandon(self) -> bool:
        """Detach the episode: its thread may go on but records nothing more.

        Returns False when it had already finished (then its result stands).
        """
        with self._lock:
            if self.finished.is_set():
                return False
            self._abandoned = True
            return True

    @property
    def elapsed(self) -> float:
        """Seconds since the episode started, rounded to milliseconds."""
        return round(time.monotonic() - self._started, 3)

    @property
    def abandoned(self) -> bool:
        """Whether the runner gave up on this episode."""
        return self._abandoned

    # --- the episode itself ---------------------------------------------------------------
    def _enter(self, phase: str, step_bound: bool = False) -> None:
        if self._abandoned:
            raise EpisodeAbandoned(phase)
        self._phase = phase
        limit = self.step_timeout if step_bound else None
        if phase == TEARDOWN:
            limit = self.teardown_timeout
        self._phase_deadline = None if limit is None else time.monotonic() + limit

    def notify(self, hook: str, **kwargs: Any) -> None:
        """Call an observer hook, unless the episode was abandoned."""
        if not self._abandoned:
            self._notify(hook, **kwargs)

    def run(self) -> None:
        """Play the episode; never raises (a thread target must not print tracebacks)."""
        try:
            self._play()
        except BaseException as exc:  # nothing may escape a thread
            if not isinstance(exc, EpisodeAbandoned) and not self._abandoned:
                self._fail(exc, "task")
        finally:
            with self._lock:
                self.result.duration_s = self.elapsed
                self.finished.set()

    def _fail(self, exc: BaseException, source: str) -> None:
        result = self.result
        result.reward = 0.0
        result.success = False
        result.error = f"{type(exc).__name__}: {exc}"
        result.error_source = source
        result.error_kind = error_kind(self._phase)
        result.traceback = "".join(traceback.format_exception(exc))

    def _play(self) -> None:
        result, task, inst = self.result, self.task, self.inst
        observe: Observe = getattr(self.agent, "observes", Observe.UI_TREE)
        env = Env(self.device, self.apps, observe=observe)
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            result.goal = task.goal
            self._enter("env.reset")
            env.reset(go_home=task.start_on_home_screen)
            self.setup_started = True
            self._enter("initialize_task")
            task.initialize_task(env)
            # Some goals are known only once set up (a MiniWoB page's utterance).
            result.goal = task.goal
            self.context = EpisodeContext(
                inst.episode_id, inst, task, task.goal, self.device.serial, self.folder
            )
            self.notify("droidhub_episode_start", context=self.context)
            self._enter("agent.reset", step_bound=True)
            self._agent_call(
                lambda: self.agent.reset(task.goal, task, env, random.Random(inst.seed))
            )
            # An agent may settle what it observes once it knows the task (in reset).
            observe = getattr(self.agent, "observes", observe)
            result.steps = self._steps(env, observe)
            self._enter("is_successful")
            result.reward = float(task.is_successful(env))
            if not 0.0 <= result.reward <= 1.0:
                raise ValueError(f"task {inst.name} returned reward {result.reward}, not in [0, 1]")
        except EpisodeAbandoned:
            raise
        except FatalAgentError as exc:
            self.fatal = exc
            self._fail(exc, "agent")
        except (Exception, SystemExit) as exc:  # sys.exit() in an agent or task: its error
            if self._in_agent:
                source = "agent"
            elif isinstance(exc, DeviceError):
                source = "device"
            else:
                source = "task"
            self._fail(exc, source)
        finally:
            # A set-up that failed half-way may have changed the device: undo it too.
            if self.setup_started and not self._abandoned:
                self._enter(TEARDOWN)
                try:
                    task.tear_down(env)
                except Exception as exc:
                    self.teardown_failed = True
                    cause = f"tear_down failed: {type(exc).__name__}: {exc}"
                    result.error = f"{result.error}; {cause}" if result.error else cause
                    result.error_source = result.error_source or "task"
                    result.error_kind = result.error_kind or "teardown"
                    result.traceback = (result.traceback or "") + traceback.format_exc()
                self.torn_down = True
        result.success = result.error is None and result.reward == 1.0
        result.details = dict(task.details)

    def _agent_call(self, call: Callable[[], Any]) -> Any:
        # Exceptions raised while this is set are the agent's, for early stop to see.
        self._in_agent = True
        answer = call()
        self._in_agent = False
        return answer

    def _steps(self, env: Env, observe: Observe) -> int:
        context = self.context
        assert context is not None
        max_steps = self.result.max_steps
        # An action's taps and keys wait for the observation after it and go with it:
        # one adb round trip a step fewer (Device.holding_inputs). Whatever is still
        # held when the episode ends (its last action) is sent then.
        held = contextlib.ExitStack()
        with self.layout.steps.open("w", encoding="utf-8") as fh, held:
            for index in range(max_steps):
                self._enter(f"agent step {index + 1}", step_bound=True)
                with held:
                    state = env.get_state(observe=observe)
                # An answer of no action type at all is the agent's error.
                answer = self._agent_call(functools.partial(self._ask, state))
                if self._abandoned:  # it came back too late: leave the folder alone
                    raise EpisodeAbandoned(self._phase)
                info = self._take_agent_info(index)
                record = self._record(index, _as_record(answer), state)
                record.agent_info = info
                action: Action | None = None
                try:
                    # A malformed or impossible action costs the agent a step, as on
                    # AndroidWorld; it does not end the episode.
                    action = answer if isinstance(answer, Action) else Action.parse(answer)
                    if not action.ends_episode:
                        held.enter_context(env.device.holding_inputs())
                        env.execute_action(action)
                except ActionError as exc:
                    record.error = str(exc)
                if self._abandoned:
                    raise EpisodeAbandoned(self._phase)
                fh.write(_json_line(record))
                fh.flush()
                self.notify("droidhub_step", context=context, step=record)
                ends = action is not None and action.ends_episode
                if ends or self.task.is_done(env):
                    return index + 1
        return max_steps

    def _ask(self, state: State) -> Action | dict[str, Any] | str:
        return _answer_type_checked(self.agent.step(state))

    def _take_agent_info(self, index: int) -> dict[str, Any] | None:
        """The agent's ``last_step_info``; its ``usage`` numbers add up in the result,
        and the ``requests`` it sent go to a file of their own (``prompt_file``)."""
        info = getattr(self.agent, "last_step_info", None)
        if not isinstance(info, dict):
            return None
        if "requests" in info:
            info = dict(info)
            kept = keep_requests(self.layout, index, info.pop("requests"))
            if kept is not None:
                info["prompt_file"] = kept
        usage = info.get("usage")
        if isinstance(usage, dict):
            totals = self.result.usage
            for key, value in usage.items():
                if isinstance(value, (int, float)) and not isinstance(value, bool):
                    totals[key] = totals.get(key, 0.0) + float(value)
        return info

    def _record(self, index: int, action: dict[str, Any], state: State) -> StepRecord:
        shot = tree = None
        if state.screenshot_png is not None:  # the phone's own bytes: nothing re-encoded
            shot = self.layout.screenshot_name(index)
            self.layout.screenshot(index).write_bytes(state.screenshot_png)
        elif state.screenshot is not None:
            shot = self.layout.screenshot_name(index)
            state.screenshot.save(self.layout.screenshot(index))
        if state.ui_tree:
            tree = self.layout.ui_tree_name(index)
            self.layout.ui_tree(index).write_text(state.ui_tree, encoding="utf-8")
        return StepRecord(
            index=index,
            action=action,
            ui_elements=[e.to_json() for e in state.ui_elements],
            screenshot=shot,
            ui_tree=tree,
            foreground=state.foreground,
        )
