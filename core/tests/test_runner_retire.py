"""A phone with nothing left to play stops while the run's other phones still play; an
episode that comes back to the queue afterwards (its phone was lost) is played on a
fresh phone in the retired one's place."""

from __future__ import annotations

import json
import random
import threading
import time
from pathlib import Path

from droidhub import Action, Agent, Device, Env, State, TaskEval, TaskFamily
from droidhub.device.connect import Phones
from droidhub.run.runner import Runner
from droidhub.tasks.suite import make_instance
from droidhub.virtual.server import VirtualDeviceServer

#: The instance whose first attempt loses its phone.
DOOMED = 1


class Nothing(TaskEval):
    """Nothing to do; done at once."""

    template = "Do nothing."

    def is_successful(self, env: Env) -> float:
        return 1.0


TaskFamily("retire_tests", "phones retired at a run's tail", tasks=[Nothing])


class LoseThePhoneOnce(Agent):
    """Says the task is done. In the first attempt of instance :data:`DOOMED`, waits
    until its phone is the only one left on the server (the other one, with nothing
    left to play, retired), then loses its phone and fails."""

    attempts: list[str] = []
    lock = threading.Lock()

    def __init__(self, server: VirtualDeviceServer) -> None:
        self.server = server

    def reset(self, goal: str, task: TaskEval, env: Env, rng: random.Random) -> None:
        if task.instance_seed != make_instance(Nothing, DOOMED, 0).seed:
            return
        with self.lock:
            self.attempts.append(env.device.serial)
            first = len(self.attempts) == 1
        if not first:
            return
        deadline = time.monotonic() + 20
        while self.server.serials != [env.device.serial]:
            assert time.monotonic() < deadline, f"still attached: {self.server.serials}"
            time.sleep(0.05)
        self.server.remove_phone(env.device.serial)
        raise RuntimeError("the phone went away")

    def step(self, state: State) -> Action:
        return Action(action_type="status", goal_status="complete")


def test_an_episode_back_in_the_queue_after_a_phone_retired_gets_a_fresh_phone(
    tmp_path: Path,
) -> None:
    with VirtualDeviceServer(devices=2) as server:
        phones = Phones([Device(s, port=server.port) for s in server.serials], server)
        runner = Runner(
            tmp_path,
            phones,
            make_agent=lambda: LoseThePhoneOnce(server),
            renew=phones.renew,
            progress_stream=None,
        )
        instances = [make_instance(Nothing, i, 0) for i in range(3)]
        outcome = runner.run(instances, [])
        left = server.serials
    assert outcome.stop is None, outcome.message
    rows = [json.loads(line) for line in (tmp_path / "results.jsonl").open()]
    assert sorted(r["instance"] for r in rows) == [0, 1, 2]  # each recorded once
    assert all(r["error"] is None and r["reward"] == 1.0 for r in rows), rows
    attempts = LoseThePhoneOnce.attempts
    # The second attempt ran on a phone made for it, in the retired one's place: the
    # only phone left once the run was over.
    assert len(attempts) == 2 and attempts[1] not in {"virtual-0", "virtual-1"}, attempts
    assert left == [attempts[1]]
