"""Putting a device worker's phone right again: after an episode was abandoned past its
time limit (:meth:`Recovery.retire`), or after a task's tear-down failed or hung
(:meth:`Recovery.restore`). Each ends with the phone answering a trivial command, or
with ``slot.device`` None: the worker then counts a device fault against the slot."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from droidhub.device.client import DeviceError
from droidhub.env.environment import Env, Observe
from droidhub.run.episode import TEARDOWN, Episode
from droidhub.run.schedule import Slot, in_thread

if TYPE_CHECKING:
    from droidhub.device.client import Device
    from droidhub.tasks.apps import AppSpec
    from droidhub.tasks.task_eval import TaskEval


class Recovery:
    """Opens, probes, renews and restores the phones of a run's slots.

    ``teardown_timeout`` bounds a tear-down or restore run again here; ``renew(device)``
    gives a fresh phone in place of ``device`` (None where it cannot); ``note`` tells
    the run's progress what happened to a phone.
    """

    def __init__(
        self,
        apps: Sequence[AppSpec],
        teardown_timeout: float,
        renew: Callable[[Device], Device | None] | None,
        note: Callable[[str], None],
    ) -> None:
        self.apps = apps
        self.teardown_timeout = teardown_timeout
        self.renew = renew
        self.note = note

    def open(self, slot: Slot) -> Device:
        """A new connection to ``slot``'s phone; raises DeviceError when adb cannot
        reach it."""
        from droidhub.device.client import Device

        return Device(slot.serial, host=slot.host, port=slot.port)

    def reachable(self, slot: Slot) -> bool:
        """Whether adb can still reach ``slot``'s phone."""
        try:
            self.open(slot)
        except DeviceError:
            return False
        return True

    def retire(self, slot: Slot, episode: Episode, reason: str) -> tuple[str | None, bool]:
        """Close the device an abandoned episode holds and open a fresh one. Unless the
        episode was abandoned in its tear-down, run the tear-down again on it (bounded).
        Returns the tear-down's error, if any, and whether the phone then had to be
        restored (:meth:`restore`) because its tear-down failed or hung."""
        assert slot.device is not None
        slot.device.close(f"its episode was abandoned: {reason}")
        slot.agent = None  # it may still be stuck inside the abandoned thread
        try:
            slot.device = self.open(slot)
        except DeviceError:
            slot.device = None
            return None, False
        if reason != "interrupted" and not self.answers(slot.device):
            # The adb server still lists the phone but the phone itself is stuck.
            slot.device.close("it did not answer after a timeout")
            slot.device = None
            return None, False
        if not episode.setup_started or episode.torn_down:
            return None, False
        error = None
        if episode.phase != TEARDOWN:
            observe: Observe = getattr(episode.agent, "observes", Observe.UI_TREE)
            env = Env(slot.device, self.apps, observe=observe)
            error = in_thread(
                lambda: episode.task.tear_down(env),
                self.teardown_timeout,
                f"droidhub-teardown-{slot.serial}",
            )
            if error is None:
                return None, False
        self.restore(slot, episode.task)
        return error, True

    def restore(self, slot: Slot, task: TaskEval) -> None:
        """Bring a phone whose tear-down failed or hung back to a known state: a fresh
        phone where :attr:`renew` can make one, else the task's ``restore`` (bounded);
        then a health check. A phone that fails it is closed (``slot.device`` None)."""
        old = slot.device
        if old is None:
            return
        fresh = None
        if self.renew is not None:
            try:
                fresh = self.renew(old)
            except Exception as exc:  # then restore this one, as on a real phone
                self.note(f"device {slot.serial}: no fresh phone ({exc}); restoring it")
        if fresh is not None:
            old.close("replaced by a fresh phone after a failed tear-down")
            self.note(
                f"device {slot.serial} replaced by a fresh phone {fresh.serial} "
                "after a failed tear-down"
            )
            slot.device, slot.serial = fresh, fresh.serial
        else:
            env = Env(old, self.apps)
            error = in_thread(
                lambda: task.restore(env), self.teardown_timeout, f"droidhub-restore-{slot.serial}"
            )
            if error is not None and error.startswith("did not finish"):
                # The stuck thread holds this Device: give it up and take a new one.
                old.close("its restore did not finish")
                try:
                    slot.device = self.open(slot)
                except DeviceError:
                    slot.device = None
                    return
        assert slot.device is not None
        if not self.answers(slot.device):
            slot.device.close("it did not answer after a restore")
            slot.device = None

    def answers(self, device: Device) -> bool:
        """Whether the phone runs a trivial command within a short limit."""
        limit = min(self.teardown_timeout, 10.0)
        error = in_thread(
            lambda: device.shell(["echo", "ok"], timeout=limit),
            limit + 1,
            f"droidhub-probe-{device.serial}",
        )
        return error is None
