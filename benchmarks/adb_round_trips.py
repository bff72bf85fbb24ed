"""How many adb round trips an episode costs: the commands and transfers droidhub sends.

    python benchmarks/adb_round_trips.py [--suite android_world] [--tasks A,B]

On an emulator or a real phone every adb command or transfer is a round trip of
milliseconds, so a task's set-up, scoring and tear-down should take few. This plays
each task once (seed 30, instance 0) with the ``ui_oracle`` agent through the runner's
episode path on a virtual phone, counting the device services droidhub's client uses
(``Device.services``), and prints per episode, on average:

- set-up (the family's reset and the task's ``initialize_task``), the agent's steps
  (each observation and action), and scoring with tear-down;
- the kinds of service the set-up, scoring and tear-down use most (``shell:WORD`` by a
  command's first word, ``sync:VERB`` for file transfers).

Issue 33 measured ~26 round trips an episode for set-up and scoring alone.
"""

from __future__ import annotations

import argparse
import tempfile
from collections import Counter
from pathlib import Path

from droidhub.device.client import Device
from droidhub.plugins import catalog
from droidhub.plugins.ui_oracle import UIOracleAgent
from droidhub.run.episode import Episode
from droidhub.tasks.suite import build_suite
from droidhub.virtual.server import VirtualDeviceServer


class CountingOracle(UIOracleAgent):
    """The ui_oracle agent, noting the device's service count when its episode starts
    (set-up done) and after its last step."""

    def __init__(self, device: Device) -> None:
        super().__init__()
        self.device = device
        self.at_start: Counter[str] = Counter()
        self.at_end: Counter[str] = Counter()

    def reset(self, goal, task, env, rng):  # type: ignore[no-untyped-def]
        self.at_start = self.device.services.copy()
        super().reset(goal, task, env, rng)

    def step(self, state):  # type: ignore[no-untyped-def]
        action = super().step(state)
        self.at_end = self.device.services.copy()
        return action


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--suite", default="android_world")
    parser.add_argument("--tasks", default="", help="only these tasks (comma-separated)")
    args = parser.parse_args()
    tasks = [t for t in args.tasks.split(",") if t] or None
    instances = build_suite(catalog.registry(), [args.suite], tasks, n_combinations=1, seed=30)
    apps = catalog.apps()
    phases: dict[str, Counter[str]] = {"set-up": Counter(), "agent": Counter(), "score": Counter()}
    episodes = 0
    with VirtualDeviceServer(devices=1) as server, tempfile.TemporaryDirectory() as out:
        for inst in instances:
            device = Device(server.serials[0], host="127.0.0.1", port=server.port)
            agent = CountingOracle(device)
            Episode(inst, device, agent, Path(out), apps, agent_name="ui_oracle").run()
            total = device.services
            phases["set-up"] += agent.at_start
            phases["agent"] += agent.at_end - agent.at_start
            phases["score"] += total - (agent.at_end or agent.at_start)
            episodes += 1
    print(f"{episodes} episodes of {args.suite} with ui_oracle; adb round trips an episode:")
    for phase, counts in phases.items():
        print(f"  {phase:8s} {sum(counts.values()) / episodes:7.2f}")
    outside = phases["set-up"] + phases["score"]
    print(
        f"  set-up + scoring + tear-down: {sum(outside.values()) / episodes:.2f} "
        f"(agent's steps: {sum(phases['agent'].values()) / episodes:.2f})"
    )
    print("most opened outside the agent's steps (an episode, on average):")
    for kind, count in outside.most_common(12):
        print(f"  {kind:24s} {count / episodes:6.2f}")


if __name__ == "__main__":
    main()
