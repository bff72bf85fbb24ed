"""The runner: episodes of a suite on one or more devices, recorded as they finish.

Guarantees, each covered by tests:
- every finished episode is appended to ``results.jsonl`` (flushed and fsynced) before
  the next one starts, so stopping a run loses at most the episode in progress;
- a run restarted with the same output folder skips the episodes already recorded,
  so every episode appears exactly once;
- tear-down always runs, also after an error; an error in one episode is recorded with
  its cause and traceback and the run goes on.
"""

from __future__ import annotations

import datetime as dt
import json
import platform
import queue
import random
import sys
import threading
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from droidhub.actions import Action, ActionError
from droidhub.env import Env, Observe, State
from droidhub.results import (
    EPISODES_DIR,
    MANIFEST_FILE,
    EpisodeResult,
    ResultsWriter,
    RunManifest,
    read_results,
)
from droidhub.suite import TaskInstance

if TYPE_CHECKING:
    from droidhub.agents import Agent
    from droidhub.apps import AppSpec
    from droidhub.device import Device
    from droidhub.plugins import PluginManager
    from droidhub.task import TaskEval


class RunConfigError(ValueError):
    """A run folder that belongs to a different configuration, or a bad option."""


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
    """One agent step: the observation it saw and the action it took."""

    index: int
    action: dict[str, Any]
    ui_elements: list[dict[str, Any]] = field(default_factory=list)
    screenshot: str | None = None
    ui_tree: str | None = None
    foreground: str = ""
    error: str | None = None


class Progress:
    """Prints one line per finished episode, with counts and an estimate of time left."""

    def __init__(self, total: int, done_before: int, stream: TextIO | None = None) -> None:
        self.total = total
        self.done = done_before
        self.started = time.monotonic()
        self.finished_here = 0
        self.stream = stream if stream is not None else sys.stderr
        self.lock = threading.Lock()

    def episode(self, result: EpisodeResult) -> None:
        """Report one finished episode."""
        with self.lock:
            self.done += 1
            self.finished_here += 1
            elapsed = time.monotonic() - self.started
            left = (self.total - self.done) * elapsed / self.finished_here
            status = f"ERROR {result.error.splitlines()[0][:80]}" if result.error else ""
            self.stream.write(
                f"[{self.done}/{self.total}] {result.episode_id} on {result.device}: "
                f"reward={result.reward:.2f} steps={result.steps} {result.duration_s:.1f}s "
                f"(~{left:.0f}s left) {status}\n"
            )
            self.stream.flush()


def _manifest_key(m: RunManifest) -> dict[str, Any]:
    return {
        "suite": m.suite,
        "tasks": m.tasks,
        "n_combinations": m.n_combinations,
        "seed": m.seed,
        "agent": m.agent,
    }


def prepare_run_dir(out: Path, manifest: RunManifest) -> list[EpisodeResult]:
    """Create ``out`` with ``run.json``, or check that it belongs to the same run.

    Returns the results already recorded there (empty for a new run).
    """
    out.mkdir(parents=True, exist_ok=True)
    path = out / MANIFEST_FILE
    if path.exists():
        try:
            old = RunManifest.model_validate_json(path.read_text(encoding="utf-8"))
        except ValueError as exc:
            raise RunConfigError(f"{path} is not a droidhub run manifest: {exc}") from exc
        if _manifest_key(old) != _manifest_key(manifest):
            diff = {
                k: (v, _manifest_key(manifest)[k])
                for k, v in _manifest_key(old).items()
                if v != _manifest_key(manifest)[k]
            }
            shown = ", ".join(f"{k}: {a!r} there vs {b!r} now" for k, (a, b) in diff.items())
            raise RunConfigError(
                f"{out} holds a different run ({shown}); resume it with the same options "
                "or pass a new --out folder"
            )
        return read_results(out)
    path.write_text(manifest.model_dump_json(indent=2), encoding="utf-8")
    return []


def describe_environment(pm: PluginManager) -> dict[str, Any]:
    """Versions for ``run.json``: droidhub, Python and every plugin."""
    from droidhub import __version__

    return {
        "droidhub_version": __version__,
        "python_version": platform.python_version(),
        "plugins": {p.distribution: p.version for p in pm.plugins.values()},
        "created": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
    }


class Runner:
    """Runs task instances with an agent on devices, recording every episode.

    ``make_agent`` builds one agent per device (agents may keep state per episode).
    ``notify(hook_name, **kwargs)`` reaches the episode observers (plugins).
    """

    def __init__(
        self,
        out: Path,
        devices: Sequence[Device],
        make_agent: Callable[[], Agent],
        apps: Sequence[AppSpec] = (),
        notify: Callable[..., None] | None = None,
        agent_name: str = "",
        max_steps: int | None = None,
        progress_stream: TextIO | None = None,
    ) -> None:
        if not devices:
            raise RunConfigError("no device to run on")
        self.out = out
        self.devices = list(devices)
        self.make_agent = make_agent
        self.apps = list(apps)
        self.notify = notify or (lambda *_a, **_k: None)
        self.agent_name = agent_name
        self.max_steps = max_steps
        self.progress_stream = progress_stream

    def run(self, instances: Sequence[TaskInstance], already: Sequence[EpisodeResult]) -> None:
        """Run every instance not in ``already``; append each result as it finishes."""
        done = {r.episode_id for r in already}
        todo: queue.Queue[TaskInstance] = queue.Queue()
        for inst in instances:
            if inst.episode_id not in done:
                todo.put(inst)
        progress = Progress(
            len(instances), len(done & {i.episode_id for i in instances}), self.progress_stream
        )
        writer = ResultsWriter(self.out)
        write_lock = threading.Lock()

        def record(result: EpisodeResult) -> None:
            with write_lock:
                writer.append(result)
            progress.episode(result)

        workers = [
            threading.Thread(
                target=self._worker, args=(device, todo, record), name=f"droidhub-{device.serial}"
            )
            for device in self.devices
        ]
        try:
            for w in workers:
                w.start()
            for w in workers:
                while w.is_alive():
                    w.join(0.2)
        finally:
            writer.close()

    def _worker(
        self,
        device: Device,
        todo: queue.Queue[TaskInstance],
        record: Callable[[EpisodeResult], None],
    ) -> None:
        agent = self.make_agent()
        while True:
            try:
                inst = todo.get_nowait()
            except queue.Empty:
                return
            result, context = self.run_episode(inst, device, agent)
            record(result)
            if context is not None:
                self.notify("droidhub_episode_end", context=context, result=result)

    def run_episode(
        self, inst: TaskInstance, device: Device, agent: Agent
    ) -> tuple[EpisodeResult, EpisodeContext | None]:
        """Run one episode to its end; never raises for errors of the task or agent."""
        started = time.monotonic()
        observe: Observe = getattr(agent, "observes", Observe.UI_TREE)
        env = Env(device, self.apps, observe=observe)
        task = inst.create()
        folder = self.out / EPISODES_DIR / inst.family / inst.name / str(inst.instance)
        folder.mkdir(parents=True, exist_ok=True)
        result = EpisodeResult(
            episode_id=inst.episode_id,
            task=inst.name,
            family=inst.family,
            instance=inst.instance,
            seed=inst.seed,
            params=inst.params,
            apps=list(task.app_names),
            difficulty=task.difficulty,
            tags=list(task.tags),
            complexity=task.complexity,
            max_steps=self.max_steps or task.max_steps,
            agent=self.agent_name,
            device=device.serial,
        )
        context: EpisodeContext | None = None
        setup_started = False
        try:
            result.goal = task.goal
            env.reset(go_home=task.start_on_home_screen)
            setup_started = True
            task.initialize_task(env)
            # Some goals are known only once set up (a MiniWoB page's utterance).
            result.goal = task.goal
            context = EpisodeContext(inst.episode_id, inst, task, task.goal, device.serial, folder)
            self.notify("droidhub_episode_start", context=context)
            agent.reset(task.goal, task, env, random.Random(inst.seed))
            result.steps = self._steps(task, env, agent, observe, result.max_steps, context)
            result.reward = float(task.is_successful(env))
            if not 0.0 <= result.reward <= 1.0:
                raise ValueError(f"task {inst.name} returned reward {result.reward}, not in [0, 1]")
        except Exception as exc:
            result.reward = 0.0
            result.error = f"{type(exc).__name__}: {exc}"
            result.traceback = traceback.format_exc()
        finally:
            # A set-up that failed half-way may have changed the device: undo it too.
            if setup_started:
                try:
                    task.tear_down(env)
                except Exception as exc:
                    cause = f"tear_down failed: {type(exc).__name__}: {exc}"
                    result.error = f"{result.error}; {cause}" if result.error else cause
                    result.traceback = (result.traceback or "") + traceback.format_exc()
        result.success = result.error is None and result.reward == 1.0
        result.details = dict(task.details)
        result.duration_s = round(time.monotonic() - started, 3)
        return result, context

    def _steps(
        self,
        task: TaskEval,
        env: Env,
        agent: Agent,
        observe: Observe,
        max_steps: int,
        context: EpisodeContext,
    ) -> int:
        steps_file = context.folder / "steps.jsonl"
        with steps_file.open("w", encoding="utf-8") as fh:
            for index in range(max_steps):
                state = env.get_state(observe=observe)
                action = agent.step(state)
                if isinstance(action, (dict, str)):
                    action = Action.parse(action)
                record = self._record(index, action, state, context.folder)
                try:
                    if not action.ends_episode:
                        env.execute_action(action)
                except ActionError as exc:
                    # A bad action costs the agent a step, as on AndroidWorld; it does
                    # not end the episode.
                    record.error = str(exc)
                fh.write(json.dumps(record.__dict__, ensure_ascii=False) + "\n")
                fh.flush()
                self.notify("droidhub_step", context=context, step=record)
                if action.ends_episode or task.is_done(env):
                    return index + 1
        return max_steps

    @staticmethod
    def _record(index: int, action: Action, state: State, folder: Path) -> StepRecord:
        shot = tree = None
        if state.screenshot is not None:
            shot = f"step_{index:03d}.png"
            state.screenshot.save(folder / shot)
        if state.ui_tree:
            tree = f"step_{index:03d}.xml"
            (folder / tree).write_text(state.ui_tree, encoding="utf-8")
        return StepRecord(
            index=index,
            action=action.to_json(),
            ui_elements=[e.to_json() for e in state.ui_elements],
            screenshot=shot,
            ui_tree=tree,
            foreground=state.foreground,
        )
