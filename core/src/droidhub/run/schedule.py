"""What the device workers of a run share: the queue of episodes left
(:class:`Schedule`), each device as its worker sees it (:class:`Slot`), and a call
bounded in time on a thread of its own (:func:`in_thread`)."""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from droidhub.tasks.suite import TaskInstance

if TYPE_CHECKING:
    from droidhub.agents.base import Agent
    from droidhub.device.client import Device


class Schedule:
    """The episodes left, shared by the device workers.

    A worker leaves only when nothing is queued *and* no episode is in flight: an
    episode in flight on a failing device may come back to the queue for another.
    """

    def __init__(self, items: Sequence[TaskInstance]) -> None:
        self._items: deque[TaskInstance] = deque(items)
        self._busy = 0
        self._stopped = False
        self._cond = threading.Condition()

    def take(self, idle: Callable[[], object] | None = None) -> TaskInstance | None:
        """The next episode, or None once there is none left to play. While nothing is
        queued but episodes are in flight, ``idle`` is called once (outside the lock)
        before waiting: the worker has nothing to do, maybe for good."""
        with self._cond:
            while True:
                if self._stopped:
                    return None
                if self._items:
                    self._busy += 1
                    return self._items.popleft()
                if self._busy == 0:
                    return None
                if idle is not None:
                    call, idle = idle, None
                    self._cond.release()
                    try:
                        call()
                    finally:
                        self._cond.acquire()
                    continue
                self._cond.wait(0.2)

    def finish(self, requeue: TaskInstance | None) -> None:
        with self._cond:
            self._busy -= 1
            if requeue is not None:
                self._items.append(requeue)
            self._cond.notify_all()

    def stop(self) -> None:
        with self._cond:
            self._stopped = True
            self._cond.notify_all()

    def left(self) -> list[str]:
        with self._cond:
            return [i.episode_id for i in self._items]


@dataclass
class Slot:
    """One device as its worker sees it (its ``device`` is opened on first use)."""

    serial: str
    host: str
    port: int
    device: Device | None
    agent: Agent | None = None
    failures: int = 0
    quarantined: bool = False
    #: The phone it gave back while nothing was left to play (see ``Runner``): an
    #: episode that comes back to the queue afterwards needs a fresh one in its place.
    retired: Device | None = None


def in_thread(call: Callable[[], object], limit: float, name: str) -> str | None:
    """Run ``call`` on a daemon thread for at most ``limit`` s: its error, or None."""
    error: list[str] = []

    def target() -> None:
        try:
            call()
        except BaseException as exc:  # reported to the caller
            error.append(f"{type(exc).__name__}: {exc}")

    thread = threading.Thread(target=target, name=name, daemon=True)
    thread.start()
    thread.join(limit)
    if thread.is_alive():
        return f"did not finish within {limit:g}s"
    return error[0] if error else None
