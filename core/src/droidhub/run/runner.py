"""The runner: episodes of a suite on one or more devices, recorded as they finish.

Guarantees, each covered by tests:
- every finished episode is appended to ``results.jsonl`` (flushed and fsynced) before
  the next one starts, so stopping a run loses at most the episodes in progress;
- a run restarted with the same output folder skips the episodes already recorded,
  so every episode appears exactly once;
- tear-down always runs, also after an error; an error in one episode is recorded with
  its cause and traceback and the run goes on;
- nothing hangs: an agent step, a set-up or a scoring past its time limit ends that
  episode with a timeout error, the device is reopened and the run goes on;
- a device that keeps failing is quarantined; its episodes go to the other devices.

Each device has a worker thread; each episode runs on a thread of its own
(:class:`droidhub.run.episode.Episode`) that the worker watches and, past a deadline,
abandons: the old :class:`~droidhub.device.client.Device` is closed so the abandoned thread
cannot touch the phone again, and a fresh one and a fresh agent take over.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from droidhub.device.client import DeviceError
from droidhub.results.folder import RunConfigError, prepare_run_dir
from droidhub.results.records import EpisodeResult, ResultsWriter, RunFolderError
from droidhub.run.episode import (
    TEARDOWN,
    Episode,
    EpisodeContext,
    FatalAgentError,
    StepRecord,
    error_kind,
    instance_result,
)
from droidhub.run.outcome import RunOutcome, Terminated, early_stop_message
from droidhub.run.progress import Progress
from droidhub.run.provenance import describe_environment
from droidhub.run.recovery import Recovery
from droidhub.run.schedule import Schedule, Slot
from droidhub.tasks.suite import TaskInstance

if TYPE_CHECKING:
    from droidhub.agents.base import Agent
    from droidhub.device.client import Device
    from droidhub.tasks.apps import AppSpec

__all__ = [
    "EpisodeContext",
    "FatalAgentError",
    "RunConfigError",
    "Runner",
    "StepRecord",
    "describe_environment",
    "prepare_run_dir",
]


class Runner:
    """Runs task instances with an agent on devices, recording every episode.

    ``make_agent`` builds one agent per device (agents may keep state per episode),
    and a fresh one after an episode of that device timed out.
    ``notify(hook_name, **kwargs)`` reaches the episode observers (plugins).
    ``step_timeout`` bounds the agent's reset and each step with its action;
    ``episode_timeout`` a whole episode. A device failing ``quarantine_after``
    episodes in a row with device errors gets no more episodes. ``early_stop``: when
    the first K episodes recorded all fail with the same agent error, stop (0: never).
    ``attempts`` gives the attempt number of episodes run again (``--retry-errors``).
    ``teardown_timeout`` bounds a task's tear-down (default: the step timeout, at most
    60 s). ``renew(device)`` gives a fresh phone in place of ``device`` (None where it
    cannot): after a tear-down that failed or hung, the phone is renewed, or else put
    right by the task's :meth:`~droidhub.TaskEval.restore`, then checked.

    ``devices`` may offer ``arrivals()`` (phones that join while the run plays, each
    given a worker) and ``retire(device)`` (:class:`~droidhub.device.connect.Phones`
    does both): a worker that finds nothing left to queue while others still play
    retires its phone then, so that a run's virtual phones stop one by one at its tail
    rather than all after it; an episode that comes back to the queue afterwards (its
    phone failed) is played on a fresh phone from ``renew``.
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
        step_timeout: float | None = 300,
        episode_timeout: float | None = 1800,
        quarantine_after: int = 3,
        early_stop: int = 3,
        attempts: dict[str, int] | None = None,
        teardown_timeout: float | None = None,
        renew: Callable[[Device], Device | None] | None = None,
    ) -> None:
        if not devices:
            raise RunConfigError("no device to run on")
        self.out = out
        self.devices = list(devices)
        #: Phones that join while the run plays (Phones.arrivals of a staggered start).
        self._arrivals: Callable[[], Sequence[Device]] | None = getattr(devices, "arrivals", None)
        #: Gives back a phone the run needs no more (Phones.retire).
        self._retire: Callable[[Device], object] | None = getattr(devices, "retire", None)
        self.make_agent = make_agent
        self.apps = list(apps)
        self.notify = notify or (lambda *_a, **_k: None)
        self.agent_name = agent_name
        self.max_steps = max_steps
        self.progress_stream = progress_stream
        self.step_timeout = step_timeout
        self.episode_timeout = episode_timeout
        self.quarantine_after = max(1, quarantine_after)
        self.early_stop = early_stop
        self.attempts = dict(attempts or {})
        #: How long a tear-down may take (also after a timeout, or a stop).
        self.teardown_timeout = (
            teardown_timeout if teardown_timeout is not None else min(step_timeout or 60.0, 60.0)
        )
        self.renew = renew
        #: Puts a slot's phone right after an abandoned episode or a failed tear-down.
        self._recovery = Recovery(
            self.apps, self.teardown_timeout, renew, lambda note: self.progress.note(note)
        )
        self.outcome = RunOutcome()
        self.progress = Progress(0, 0, progress_stream)
        self._stopping = threading.Event()
        #: Set whenever a worker ends, so that the run ends as soon as its last one does.
        self._worker_ended = threading.Event()
        self._lock = threading.Lock()
        self._first: list[EpisodeResult] = []

    # --- the run ------------------------------------------------------------------------
    def run(
        self, instances: Sequence[TaskInstance], already: Sequence[EpisodeResult]
    ) -> RunOutcome:
        """Run every instance not in ``already``; append each result as it finishes.

        Returns how the run ended. Ctrl-C (KeyboardInterrupt) and SIGTERM
        (:class:`Terminated`, within :func:`stop_on_sigterm`) stop it in order: the
        episodes in flight are torn down and left unrecorded, so a rerun runs them.
        """
        self.outcome = RunOutcome()
        self._stopping.clear()
        self._first = []
        planned = {i.episode_id for i in instances}
        done = {r.episode_id for r in already}
        errored = sum(1 for r in already if r.error and r.episode_id in planned)
        self._schedule = Schedule([i for i in instances if i.episode_id not in done])
        self.progress = Progress(len(instances), len(done & planned), self.progress_stream, errored)
        self._writer = ResultsWriter(self.out)
        for note in self._writer.notes:
            self.progress.note(f"note: {note}")
        # Each worker says it is done through an Event: Thread.join interrupted by a
        # signal (Ctrl-C, SIGTERM) marks a thread that still runs as stopped (CPython
        # 3.11), and the stop would then not wait for its tear-down.
        workers: list[threading.Event] = []
        try:
            for slot in self._slots():
                workers.append(self._start_slot_worker(slot))
            self._play_until_done(workers)
        except KeyboardInterrupt as exc:
            if isinstance(exc, Terminated):
                self._stop("terminated", "stopped by SIGTERM")
            else:
                self._stop("interrupted", "stopped by Ctrl-C")
            with contextlib.suppress(KeyboardInterrupt):  # a second signal: leave at once
                self._join(workers, self.teardown_timeout + 10)
        finally:
            self._writer.close()
        left = self._schedule.left()
        if self.outcome.stop is None and left:
            lost = "; ".join(f"{s}: {e}" for s, e in self.outcome.quarantined.items())
            self.outcome.stop = "devices_lost"
            self.outcome.message = (
                f"every device was quarantined ({lost}); {len(left)} episodes were not run. "
                "Rerun the same command once a device is back to run them"
            )
        if self.outcome.stop:
            self.outcome.unfinished += left
            self.outcome.not_started = len(left)
        # Errors of the run as a whole: those recorded before a resume count too.
        self.outcome.errored = self.progress.errored
        return self.outcome

    def _slots(self) -> list[Slot]:
        """One slot per device, each played by a worker thread of its own."""
        return [self._slot_of(d) for d in self.devices]

    @staticmethod
    def _slot_of(device: Device) -> Slot:
        return Slot(device.serial, device.host, device.port, device)

    def _start_slot_worker(self, slot: Slot) -> threading.Event:
        """A worker thread playing ``slot``'s device; the Event it sets when done."""
        done = threading.Event()
        threading.Thread(
            target=self._work_then_say_done,
            args=(slot, done),
            name=f"droidhub-{slot.serial}",
            daemon=True,
        ).start()
        return done

    def _play_until_done(self, workers: list[threading.Event]) -> None:
        """Wait for every worker, giving each phone that joins the run meanwhile a worker
        of its own (virtual phones started while the first episodes play)."""
        while not all(done.is_set() for done in workers):
            for device in self._arrivals() if self._arrivals is not None else ():
                if not self._stopping.is_set():
                    workers.append(self._start_slot_worker(self._slot_of(device)))
            # Phones that join are looked for every 50 ms; a worker that ends wakes us.
            self._worker_ended.wait(0.05)
            self._worker_ended.clear()

    @staticmethod
    def _join(workers: Sequence[threading.Event], limit: float | None) -> None:
        """Wait until every worker is done, or ``limit`` seconds have passed."""
        deadline = None if limit is None else time.monotonic() + limit
        for done in workers:
            while not done.wait(0.2):
                if deadline is not None and time.monotonic() > deadline:
                    return

    def _work_then_say_done(self, slot: Slot, done: threading.Event) -> None:
        try:
            self._worker(slot)
        finally:
            done.set()
            self._worker_ended.set()

    def _stop(self, reason: str, message: str) -> None:
        with self._lock:
            if self.outcome.stop is None:
                self.outcome.stop = reason
                self.outcome.message = message
        self._stopping.set()
        self._schedule.stop()

    def _worker(self, slot: Slot) -> None:
        try:
            while True:
                inst = self._schedule.take(idle=lambda: self._retire_phone(slot))
                if inst is None:
                    return
                requeue: TaskInstance | None = None
                try:
                    requeue = self._attempt(slot, inst)
                finally:
                    self._schedule.finish(requeue)
                if slot.quarantined:
                    return
        except BaseException as exc:  # a worker must not die silently
            self._stop("crash", f"the worker of {slot.serial} failed: {type(exc).__name__}: {exc}")

    def _retire_phone(self, slot: Slot) -> None:
        """Nothing is left to queue: give ``slot``'s phone back now (a virtual phone
        stops while the others still play), unless the run is stopping."""
        if self._retire is None or slot.device is None or self._stopping.is_set():
            return
        slot.retired, slot.device = slot.device, None
        self._retire(slot.retired)

    def _fresh_phone(self, slot: Slot, retired: Device) -> Device:
        """A fresh phone in place of the one ``slot`` retired, now that it was given an
        episode after all."""
        try:
            fresh = self.renew(retired) if self.renew is not None else None
        except Exception as exc:  # the phones' host failed to make one: a device fault
            raise DeviceError(f"no fresh phone in place of {slot.serial}: {exc}") from exc
        if fresh is None:
            raise DeviceError(f"no fresh phone in place of {slot.serial}, which was retired")
        slot.retired, slot.serial = None, fresh.serial
        return fresh

    # --- one episode on one device -------------------------------------------------------
    def _attempt(self, slot: Slot, inst: TaskInstance) -> TaskInstance | None:
        """Run ``inst`` on ``slot``; return it when it must go back to the queue."""
        if slot.device is None:
            try:
                retired = slot.retired
                slot.device = (
                    self._recovery.open(slot)
                    if retired is None
                    else self._fresh_phone(slot, retired)
                )
            except DeviceError as exc:
                return self._device_failed(slot, inst, str(exc))
        device = slot.device
        if slot.agent is None:
            try:
                slot.agent = self.make_agent()
            except Exception as exc:
                self._stop("fatal_agent", f"cannot build the agent: {type(exc).__name__}: {exc}")
                return inst
        try:
            episode = Episode(
                inst,
                device,
                slot.agent,
                self.out,
                self.apps,
                self.notify,
                self.agent_name,
                self.max_steps,
                self.step_timeout,
                self.episode_timeout,
                self.teardown_timeout,
            )
        except Exception as exc:  # the task could not even be made from its params
            self._record(self._unplayable(inst, slot, exc), None)
            return None
        thread = threading.Thread(
            target=episode.run, name=f"droidhub-episode-{slot.serial}", daemon=True
        )
        thread.start()
        verdict: str | None = None
        while not episode.finished.wait(0.1):
            verdict = "interrupted" if self._stopping.is_set() else episode.overdue()
            if verdict is not None and episode.abandon():
                break
            verdict = None
        if verdict is None:
            return self._finished(slot, inst, episode)
        result = episode.result.model_copy(deep=True)
        result.duration_s = episode.elapsed
        phase = episode.phase
        teardown_error, restored = self._recovery.retire(slot, episode, verdict)
        if verdict == "interrupted":
            with self._lock:
                self.outcome.unfinished.append(inst.episode_id)
            return None
        result.reward, result.success = 0.0, False
        if phase == TEARDOWN and result.error:  # it had failed before its tear-down hung
            result.error = f"{result.error}; {verdict}"
        else:
            result.error, result.error_kind = verdict, error_kind(phase)
            result.traceback = None
        result.error_source = "timeout"
        if teardown_error:
            result.error += f"; tear_down after the timeout failed: {teardown_error}"
            result.error_kind = result.error_kind or "teardown"
        if slot.device is None and not restored:
            # The phone stopped answering: not the episode's doing, it goes to another.
            return self._device_failed(slot, inst, verdict)
        self._record_then_check(slot, result, episode.context)
        return None

    def _finished(self, slot: Slot, inst: TaskInstance, episode: Episode) -> TaskInstance | None:
        result = episode.result
        if episode.fatal is not None:
            self._stop("fatal_agent", str(episode.fatal) or type(episode.fatal).__name__)
            with self._lock:
                self.outcome.unfinished.append(inst.episode_id)
            return None
        if result.error is not None and not self._recovery.reachable(slot):
            # The phone went away: not the task's or the agent's doing, so the episode
            # goes back to the queue for a device that works.
            result.error_source = "device"
            return self._device_failed(slot, inst, result.error)
        if episode.teardown_failed:
            self._recovery.restore(slot, episode.task)
        self._record_then_check(slot, result, episode.context)
        return None

    def _record_then_check(
        self, slot: Slot, result: EpisodeResult, context: EpisodeContext | None
    ) -> None:
        """Record a finished episode; if its phone did not come back healthy from a
        restore, count that against the phone (the episode itself stands)."""
        self._record(result, context)
        if slot.device is None:
            self._count_fault(slot, f"it did not answer after {result.episode_id}'s tear-down")
        else:
            slot.failures = 0

    def _device_failed(self, slot: Slot, inst: TaskInstance, error: str) -> TaskInstance:
        """Count a device fault under ``inst``, which goes back to the queue."""
        self._count_fault(slot, error)
        return inst

    def _count_fault(self, slot: Slot, error: str) -> None:
        """One more device fault of ``slot`` in a row; quarantine it after too many.

        Only faults of the phone itself count: adb could not reach it, or it did not
        answer ``echo``. A task's failing tear-down is the task's, not the phone's."""
        slot.failures += 1
        slot.device = None
        if slot.failures >= self.quarantine_after:
            slot.quarantined = True
            first = error.splitlines()[0][:200]
            with self._lock:
                self.outcome.quarantined[slot.serial] = first
            self.progress.quarantine(
                slot.serial, f"{slot.failures} device errors in a row, the last: {first}"
            )

    def _unplayable(self, inst: TaskInstance, slot: Slot, exc: Exception) -> EpisodeResult:
        import traceback

        return instance_result(
            inst,
            self.agent_name,
            slot.serial,
            error=f"{type(exc).__name__}: {exc}",
            error_source="task",
            traceback="".join(traceback.format_exception(exc)),
        )

    # --- recording ------------------------------------------------------------------------
    def _record(self, result: EpisodeResult, context: EpisodeContext | None) -> None:
        result.attempt = self.attempts.get(result.episode_id, 1)
        with self._lock:
            if self.outcome.stop == "disk":
                self.outcome.unfinished.append(result.episode_id)
                return
            try:
                self._writer.append(result)
            except RunFolderError as exc:
                self.outcome.unfinished.append(result.episode_id)
                stop_now = True
                message = str(exc)
            else:
                stop_now = False
                self.outcome.recorded += 1
                self._first.append(result)
                message = early_stop_message(self._first, self.early_stop)
        if stop_now:
            self._stop("disk", message)
            return
        self.progress.episode(result)
        if context is not None:
            self.notify("droidhub_episode_end", context=context, result=result)
        if message:
            self._stop("early_stop", message)

    # --- one episode, in this thread (tests and embedders) ---------------------------------
    def run_episode(
        self, inst: TaskInstance, device: Device, agent: Agent
    ) -> tuple[EpisodeResult, EpisodeContext | None]:
        """Run one episode to its end here, without time limits; never raises for
        errors of the task or agent."""
        episode = Episode(
            inst, device, agent, self.out, self.apps, self.notify, self.agent_name, self.max_steps
        )
        episode.run()
        return episode.result, episode.context
