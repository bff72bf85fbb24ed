"""The Ray executor: each phone owned by a Ray actor, anywhere in a Ray cluster.

``droidhub run --executor ray [--ray-address ADDR]`` (``pip install "droidhub[ray]"``).
Without an address Ray starts a local cluster for the run; with one (``auto``, or the
head's ``HOST:PORT``) the run joins it. Each phone of ``--device`` gets an actor that
plays whole episodes next to its phone with the worker code of the process executor
(:class:`~droidhub.run.process_pool.PhoneRunner`): ``virtual:N`` places N actors, each
starting a virtual phone of its own, wherever the cluster has a CPU for one; a serial
goes to the node that advertises it as the custom resource ``phone:SERIAL`` (``ray start
--resources '{"phone:emulator-5554": 1}'``), or, if none does, to any node, reaching it
through the driver's ``--adb-host``. An actor writes its episode's files in a scratch
folder of its node and sends them back with the result: the driver alone writes the run
folder, so ``results.jsonl``, resume, ``--retry-errors`` and the report work exactly as
with the other executors. An actor that dies mid-episode (its process, or its node)
costs no episode: it goes back to the queue as a device failure, and the phone's next
episode gets a fresh actor; a phone that keeps failing is quarantined. The scratch
folder of an actor that died is deleted by the next actor of its node that starts or
closes (the folder's name holds the actor's pid).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import stat
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from droidhub.results.layout import RunFolder
from droidhub.run.process_pool import (
    START_TIMEOUT,
    PhonePlan,
    PhoneRunner,
    ProcessRunner,
    WorkerSettings,
    instance_message,
    phone,
)
from droidhub.run.runner import RunConfigError
from droidhub.run.schedule import Slot
from droidhub.tasks.suite import TaskInstance
from droidhub.virtual.server import process_alive

#: An actor's scratch folder is named ``droidhub-actor-PID-XXXXXXXX`` in the node's temp dir.
SCRATCH_PREFIX = "droidhub-actor-"
#: What ``--executor ray`` says when Ray is not installed.
RAY_MISSING = '--executor ray needs Ray: pip install "droidhub[ray]"'


def import_ray() -> Any:
    """The ``ray`` module; :class:`~droidhub.run.runner.RunConfigError` naming the extra
    that installs it when it is missing."""
    try:
        import ray
    except ImportError:
        raise RunConfigError(RAY_MISSING) from None
    return ray


class PhoneActor:
    """A phone and the code that plays its episodes, as a Ray actor (made remote when the
    run starts). ``play`` returns the episode's report and its files."""

    def __init__(self, plan: PhonePlan, settings: WorkerSettings) -> None:
        remove_dead_scratch()
        self._scratch = Path(tempfile.mkdtemp(prefix=f"{SCRATCH_PREFIX}{os.getpid()}-"))
        self._phone = phone(plan)
        phones = self._phone.__enter__()
        self._reports: list[tuple[Any, ...]] = []
        scratch = replace(settings, out=self._scratch)
        self._runner = PhoneRunner(phones, scratch, self._reports.append)

    def pid(self) -> int:
        """The actor's process id (it answers once the phone is up)."""
        return os.getpid()

    def play(self, spec: dict[str, Any]) -> tuple[tuple[Any, ...], dict[str, bytes]]:
        """Play episode ``spec``; its report and its folder's files (relative paths)."""
        self._reports.clear()
        self._runner.play(spec)
        folder = RunFolder(self._scratch).episode(spec["family"], spec["task"], spec["instance"])
        files: dict[str, bytes] = {}
        if folder.path.is_dir():
            for path in sorted(folder.path.rglob("*")):
                if path.is_file():
                    files[path.relative_to(folder.path).as_posix()] = path.read_bytes()
            shutil.rmtree(folder.path, ignore_errors=True)
        return self._reports[-1], files

    def stop(self) -> None:
        """Interrupt the episode playing (it is torn down and reported interrupted)."""
        self._runner.stop()

    def close(self) -> None:
        """Stop the phone and drop the scratch folder."""
        self._phone.__exit__(None, None, None)
        shutil.rmtree(self._scratch, ignore_errors=True)
        remove_dead_scratch()


def remove_dead_scratch() -> list[Path]:
    """Delete the scratch folders (of this user, in this node's temp dir) of actors
    whose process is gone: one killed outright (``ray.kill``, its node's OOM killer)
    never deleted its own. Return them."""
    removed = []
    for folder in Path(tempfile.gettempdir()).glob(f"{SCRATCH_PREFIX}*-*"):
        pid = folder.name[len(SCRATCH_PREFIX) :].split("-", 1)[0]
        try:
            info = folder.lstat()
        except OSError:
            continue
        if not pid.isdigit() or info.st_uid != os.getuid() or not stat.S_ISDIR(info.st_mode):
            continue
        if not process_alive(int(pid)):  # a zombie not reaped yet waits for a later sweep
            shutil.rmtree(folder, ignore_errors=True)
            removed.append(folder)
    return removed


class RayRunner(ProcessRunner):
    """A :class:`~droidhub.run.runner.Runner` whose devices are Ray actors."""

    worker_kind = "Ray actor"

    def __init__(self, out: Path, phones: list[PhonePlan], settings: WorkerSettings,
                 ray_address: str | None = None, **kwargs: Any) -> None:  # fmt: skip
        super().__init__(out, phones, settings, **kwargs)
        self.ray = import_ray()
        self.ray_address = ray_address
        self._actors: dict[str, Any] = {}
        self._remote: Any = None

    def run(self, instances: Any, already: Any) -> Any:
        started_here = not self.ray.is_initialized()
        if started_here:
            self.ray.init(
                address=self.ray_address,
                include_dashboard=False,
                log_to_driver=False,
                configure_logging=False,
            )
        self._remote = self.ray.remote(max_concurrency=2)(PhoneActor)
        try:
            return super().run(instances, already)
        finally:
            for label in list(self._actors):
                self._close_worker(label)
            if started_here:
                self.ray.shutdown()

    def _attempt(self, slot: Slot, inst: TaskInstance) -> TaskInstance | None:
        actor = self._actors.get(slot.serial)
        if actor is None:
            actor, error = self._start_actor(slot.serial)
            if actor is None:
                return self._device_failed(slot, inst, error)
        ref = actor.play.remote(instance_message(inst))
        limit = (self.episode_timeout or 86400.0) + self.teardown_timeout + 60
        deadline = time.monotonic() + limit
        asked_to_stop = False
        while True:
            if self._stopping.is_set() and not asked_to_stop:
                actor.stop.remote()
                asked_to_stop = True
            ready, _ = self.ray.wait([ref], timeout=0.1)
            if not ready:
                if time.monotonic() < deadline:
                    continue
                message: tuple[Any, ...] = ("silent", limit)
            else:
                try:
                    message, files = self.ray.get(ref)
                except self.ray.exceptions.RayError:  # the actor or its node died
                    message = ("died",)
                else:
                    self._write_files(inst, files)
            outcome = self._answer(slot, inst, message)
            return outcome  # type: ignore[return-value]

    def _write_files(self, inst: TaskInstance, files: dict[str, bytes]) -> None:
        folder = RunFolder(self.out).episode(inst.family, inst.name, inst.instance).path
        for relative, data in files.items():
            path = folder / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)

    def _start_actor(self, label: str) -> tuple[Any, str]:
        self._close_worker(label)
        plan = next(p for p in self.phones if p.label == label)
        # A virtual phone takes a CPU of whichever node has one; a real phone goes to the
        # node that advertises it, if one does.
        options: dict[str, Any] = {"num_cpus": 1}
        if plan.serial is not None:
            resource = f"phone:{plan.serial}"
            if resource in self.ray.cluster_resources():
                options = {"num_cpus": 0, "resources": {resource: 1}}
            else:
                options = {"num_cpus": 0}
        actor = self._remote.options(**options).remote(plan, self.settings)
        try:
            self.ray.get(actor.pid.remote(), timeout=START_TIMEOUT)
        except Exception as exc:  # any failure to start is a device failure
            self.ray.kill(actor)
            return None, f"the Ray actor of {label} failed to start: {type(exc).__name__}: {exc}"
        self._actors[label] = actor
        return actor, ""

    def _close_worker(self, label: str) -> int | None:
        actor = self._actors.pop(label, None)
        if actor is None:
            return None
        with contextlib.suppress(Exception):  # a dead actor has nothing left to close
            self.ray.get(actor.close.remote(), timeout=self.teardown_timeout + 10)
        self.ray.kill(actor)
        return None
