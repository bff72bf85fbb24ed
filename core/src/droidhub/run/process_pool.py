"""The process executor: each phone, with its episodes, in a worker process of its own.

With the thread executor every phone's episodes share one interpreter (and with
``--device virtual:N`` the phones too), so the GIL keeps N phones from running much
faster than one. Here each phone gets a worker process, started fresh (``spawn``: it
holds none of the parent's locks or threads). The worker starts its own virtual phone,
or opens its serial on the adb server, builds its own agent from the run's agent spec,
and plays whole episodes with the thread executor's own code and guarantees: time
limits, abandoning a hung episode and tearing it down, telling a lost phone from a
failed episode. The parent alone schedules episodes, appends ``results.jsonl``, shows
progress, and decides quarantine and early stop; a worker writes only the folders of
the episodes it plays. A worker that dies mid-episode (killed, out of memory) costs that
episode a device failure: it goes back to the queue once, as attempt 2, and a fresh
worker takes the phone's next episode; losing a worker a second time, the episode is
recorded as a device error.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import queue
import signal
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import TYPE_CHECKING, Any

from droidhub.results.records import EpisodeResult
from droidhub.run.episode import instance_result
from droidhub.run.outcome import RunOutcome
from droidhub.run.runner import Runner
from droidhub.run.schedule import Slot
from droidhub.tasks.suite import TaskInstance

if TYPE_CHECKING:
    from multiprocessing.process import BaseProcess

    from droidhub.device.connect import Phones
    from droidhub.run.episode import EpisodeContext

#: How long a worker may take to start (import the plugins, start its phone).
START_TIMEOUT = 120.0


@dataclass(frozen=True)
class PhonePlan:
    """How a worker reaches its phone: ``serial`` on the adb server at ``host:port``, or,
    when ``serial`` is None, a virtual phone the worker starts for itself. ``label``
    names the phone in progress lines and results."""

    label: str
    serial: str | None = None
    host: str = "127.0.0.1"
    port: int = 5037


@dataclass(frozen=True)
class WorkerSettings:
    """What a worker needs to play episodes as the parent would: plain, picklable values."""

    out: Path
    agent: str
    agent_options: Mapping[str, str] = field(default_factory=dict)
    agent_name: str = ""
    max_steps: int | None = None
    step_timeout: float | None = 300
    episode_timeout: float | None = 1800
    teardown_timeout: float | None = None


def phone_plans(spec: str, adb_host: str, adb_port: int) -> list[PhonePlan]:
    """One plan per phone that ``--device spec`` names (see :mod:`droidhub.device.connect`)."""
    from droidhub.device.connect import parse_device_spec

    count, serials = parse_device_spec(spec)
    if count:
        return [PhonePlan(f"virtual-{i}") for i in range(count)]
    return [PhonePlan(s, s, adb_host, adb_port) for s in serials]


# --- the parent ---------------------------------------------------------------------------
@dataclass
class _Worker:
    process: BaseProcess
    conn: Connection


class ProcessRunner(Runner):
    """A :class:`~droidhub.run.runner.Runner` whose devices are worker processes."""

    #: How messages name what plays a phone's episodes.
    worker_kind = "worker process"

    def __init__(self, out: Path, phones: Sequence[PhonePlan], settings: WorkerSettings,
                 **kwargs: Any) -> None:  # fmt: skip
        super().__init__(out, phones, make_agent=_no_agent, **kwargs)  # type: ignore[arg-type]
        self.phones = list(phones)
        self.settings = settings
        self._context = multiprocessing.get_context("spawn")
        self._workers: dict[str, _Worker] = {}
        #: Episodes whose worker died under them once already.
        self._lost: set[str] = set()

    def _slots(self) -> list[Slot]:
        return [Slot(p.label, p.host, p.port, None) for p in self.phones]

    def run(
        self, instances: Sequence[TaskInstance], already: Sequence[EpisodeResult]
    ) -> RunOutcome:
        """As :meth:`Runner.run`; when it returns, no worker process is left (after a
        second Ctrl-C or SIGTERM, those still tearing down are killed)."""
        try:
            return super().run(instances, already)
        finally:
            for label in list(self._workers):
                worker = self._workers.pop(label, None)
                if worker is not None:
                    worker.process.kill()
                    worker.process.join(5)

    def _worker(self, slot: Slot) -> None:
        try:
            super()._worker(slot)
        finally:
            self._close_worker(slot.serial)

    def _attempt(self, slot: Slot, inst: TaskInstance) -> TaskInstance | None:
        worker = self._workers.get(slot.serial)
        if worker is None or not worker.process.is_alive():
            worker, error = self._start_worker(slot.serial)
            if worker is None:
                return self._device_failed(slot, inst, error)
        try:
            worker.conn.send(("episode", instance_message(inst)))
        except OSError:  # it died between two episodes
            return self._answer(slot, inst, ("died",))  # type: ignore[return-value]
        # The worker keeps the episode's own time limits; this only catches a worker
        # that stopped answering altogether.
        limit = (self.episode_timeout or 86400.0) + self.teardown_timeout + 60
        deadline = time.monotonic() + limit
        asked_to_stop = False
        while True:
            if self._stopping.is_set() and not asked_to_stop:
                with contextlib.suppress(OSError):
                    worker.conn.send(("stop",))
                asked_to_stop = True
            try:
                ready = worker.conn.poll(0.1)
                message = worker.conn.recv() if ready else None
            except (EOFError, OSError):
                message = ("died",)
            if message is None:
                if not worker.process.is_alive():
                    message = ("died",)
                elif time.monotonic() < deadline:
                    continue
                else:
                    message = ("silent", limit)
            outcome = self._answer(slot, inst, message)
            if outcome is not _WAIT:
                return outcome  # type: ignore[return-value]

    def _answer(self, slot: Slot, inst: TaskInstance, message: tuple[Any, ...]) -> object:
        kind = message[0]
        if kind == "result":
            result = EpisodeResult.model_validate(message[1])
            result.device = slot.serial
            slot.failures = 0
            self._record(result, None)
            return None
        if kind == "requeue":
            return self._device_failed(slot, inst, message[1])
        if kind == "fatal":
            self._stop("fatal_agent", message[1])
            with self._lock:
                self.outcome.unfinished.append(inst.episode_id)
            return None
        if kind == "interrupted" or self._stopping.is_set():
            # Also a worker that died during a stop (a SIGTERM to the whole group):
            # the episode was cut off, not lost to a failing phone.
            with self._lock:
                self.outcome.unfinished.append(inst.episode_id)
            if kind != "interrupted":
                self._close_worker(slot.serial)
            return None
        # The worker is gone mid-episode, or silent past every limit: its phone went
        # with it (a virtual one) or may be fine (a real one); either way the episode
        # goes back to the queue, and the phone's next episode gets a fresh worker.
        # It is run once more, as attempt 2; dying a second time, it is recorded as a
        # device error rather than sent round the phones again.
        code = self._close_worker(slot.serial)
        why = f"did not answer for {message[1]:g}s" if kind == "silent" else "died"
        exit_code = "" if code is None else f" (exit code {code})"
        error = f"the {self.worker_kind} of {slot.serial} {why}{exit_code}"
        if inst.episode_id in self._lost:
            self._device_failed(slot, inst, error)
            self._record(instance_result(inst, self.agent_name, slot.serial, error=error,
                                         error_source="device"), None)  # fmt: skip
            return None
        self._lost.add(inst.episode_id)
        with self._lock:
            self.attempts[inst.episode_id] = self.attempts.get(inst.episode_id, 1) + 1
        return self._device_failed(slot, inst, error)

    def _start_worker(self, label: str) -> tuple[_Worker | None, str]:
        self._close_worker(label)
        plan = next(p for p in self.phones if p.label == label)
        parent_end, child_end = self._context.Pipe()
        process = self._context.Process(
            target=worker_main,
            args=(child_end, plan, self.settings),
            name=f"droidhub-worker-{label}",
            daemon=True,
        )
        process.start()
        child_end.close()
        try:
            if not parent_end.poll(START_TIMEOUT):
                raise TimeoutError(f"did not start within {START_TIMEOUT:g}s")
            hello = parent_end.recv()
        except (EOFError, OSError, TimeoutError) as exc:
            process.kill()
            process.join(5)
            return None, f"the worker process of {label} failed to start: {exc or 'it exited'}"
        if hello[0] != "ready":
            process.join(5)
            return None, f"the worker process of {label} failed to start: {hello[1]}"
        worker = _Worker(process, parent_end)
        self._workers[label] = worker
        return worker, ""

    def _close_worker(self, label: str) -> int | None:
        """Ask the worker of ``label`` to leave, then make sure it has; its exit code."""
        worker = self._workers.pop(label, None)
        if worker is None:
            return None
        with contextlib.suppress(OSError):
            worker.conn.send(("exit",))
        worker.process.join(self.teardown_timeout + 10)
        if worker.process.is_alive():
            worker.process.kill()
            worker.process.join(5)
        worker.conn.close()
        return worker.process.exitcode


def _no_agent() -> Any:
    raise AssertionError("the process executor builds agents in its workers")


_WAIT = object()


def instance_message(inst: TaskInstance) -> dict[str, Any]:
    """``inst`` as plain values; task classes may be made at run time (MiniWoB,
    composites), so their names travel, not the classes."""
    return {
        "family": inst.family,
        "task": inst.name,
        "instance": inst.instance,
        "seed": inst.seed,
        "params": inst.params,
    }


# --- the worker ---------------------------------------------------------------------------
def worker_main(conn: Connection, plan: PhonePlan, settings: WorkerSettings) -> None:
    """A worker process: reach the phone, then play the episodes the parent sends, one at
    a time, until it says ``exit`` (or goes away). One thread reads the parent's
    messages: episodes go to a queue, ``stop`` interrupts the episode playing."""
    # Ctrl-C reaches the whole process group; the parent decides and says "stop".
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _die_with_parent()
    lock = threading.Lock()

    def report(message: tuple[Any, ...]) -> None:
        with lock:
            conn.send(message)

    try:
        with phone(plan) as phones:
            runner = PhoneRunner(phones, settings, report)
            report(("ready", plan.label))
            episodes: queue.Queue[dict[str, Any] | None] = queue.Queue()
            threading.Thread(target=_read, args=(conn, runner, episodes), daemon=True).start()
            while (spec := episodes.get()) is not None:
                runner.play(spec)
    except Exception as exc:  # reported to the parent, which counts a device failure
        with contextlib.suppress(OSError):
            report(("failed", f"{type(exc).__name__}: {exc}"))


def _read(conn: Connection, runner: PhoneRunner, episodes: queue.Queue[Any]) -> None:
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            message = ("exit",)
        if message[0] == "episode":
            episodes.put(message[1])
        elif message[0] in ("stop", "exit"):
            runner.stop()
            if message[0] == "exit":
                episodes.put(None)
                return


@contextlib.contextmanager
def phone(plan: PhonePlan) -> Iterator[Phones]:
    """The phone of ``plan``: its serial on the adb server, or a virtual phone started
    here for as long as the block runs."""
    from droidhub.device.connect import open_devices

    spec = plan.serial if plan.serial is not None else "virtual"
    with open_devices(spec, plan.host, plan.port) as phones:
        yield phones


def _die_with_parent() -> None:
    """On Linux, have the kernel kill this worker when its parent dies (SIGKILL included)."""
    with contextlib.suppress(Exception):
        import ctypes

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


class PhoneRunner(Runner):
    """The thread executor's episode code for one phone, reporting each episode's end to
    ``report`` instead of recording it: ``("result", result)``, ``("requeue", error)``
    (the phone failed), ``("fatal", message)`` (a FatalAgentError) or
    ``("interrupted",)`` (a :meth:`stop` came first)."""

    def __init__(
        self, phones: Phones, settings: WorkerSettings, report: Callable[[tuple[Any, ...]], None]
    ) -> None:
        from functools import partial

        from droidhub.agents.base import load_agent
        from droidhub.plugins import catalog
        from droidhub.plugins.manager import get_plugin_manager

        make_agent = partial(load_agent, settings.agent, catalog.agents(), settings.agent_options)
        super().__init__(
            settings.out,
            list(phones),
            make_agent=make_agent,
            apps=catalog.apps(),
            notify=get_plugin_manager().notify,
            agent_name=settings.agent_name,
            max_steps=settings.max_steps,
            step_timeout=settings.step_timeout,
            episode_timeout=settings.episode_timeout,
            teardown_timeout=settings.teardown_timeout,
            renew=phones.renew,
        )
        self._report = report
        self._reported = False
        self._registry = catalog.registry()
        self._slot = self._slots()[0]

    def play(self, spec: Mapping[str, Any]) -> None:
        """Play the episode ``spec`` names (see :func:`instance_message`) to its end."""
        task_cls = self._registry.task(spec["task"], family=spec["family"])
        inst = TaskInstance(task_cls, spec["instance"], spec["seed"], spec["params"])
        self._reported = False
        self._attempt(self._slot, inst)
        if not self._reported:
            self._send("interrupted")
        self._stopping.clear()  # a stop meant the episode it came during

    def stop(self) -> None:
        """Interrupt the episode playing: torn down, reported as interrupted."""
        self._stopping.set()

    def _send(self, *message: Any) -> None:
        self._report(message)
        self._reported = True

    def _record(self, result: EpisodeResult, context: EpisodeContext | None) -> None:
        if context is not None:
            self.notify("droidhub_episode_end", context=context, result=result)
        self._send("result", result.model_dump(mode="json"))

    def _device_failed(self, slot: Slot, inst: TaskInstance, error: str) -> TaskInstance:
        slot.device = None
        self._send("requeue", error)
        return inst

    def _count_fault(self, slot: Slot, error: str) -> None:
        # The parent counts faults and quarantines; a phone that fails here fails
        # again when the next episode opens it, and that reaches the parent.
        slot.device = None

    def _stop(self, reason: str, message: str) -> None:
        self._stopping.set()
        if reason == "fatal_agent":
            self._send("fatal", message)
