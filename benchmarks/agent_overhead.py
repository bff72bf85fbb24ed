"""Per-step time droidhub spends around the model call of the LLM agents.

    python benchmarks/agent_overhead.py [--steps 40]

On a virtual phone (started in this process) showing Settings, each step is what the
runner does for an agent, minus writing the step record: observe (UI tree, plus the
screenshot for m3a), build the prompt (element list; for m3a scale, mark and
JPEG-encode the screenshot, and the reflection request after each action), parse the
reply, and carry out the action (a tap). The model call itself is replaced by a canned
reply returned at once, so the figure is droidhub's overhead alone. Prints the median
and 90th percentile per agent. Targets on 2 cores: t3a <= 60 ms, m3a <= 250 ms.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any, cast

from droidhub.device.connect import open_devices
from droidhub.env.actions import Action
from droidhub.env.environment import Env
from droidhub.plugins import catalog
from droidhub_agents.client import Reply, Usage
from droidhub_agents.llm import M3A, T3A, LLMAgent

TARGETS_MS = {"t3a": 60.0, "m3a": 250.0}
#: A tap on the Settings title: it reaches the device but changes nothing, so every
#: step sees the same screen.
REPLY = 'Reason: look at the title.\nAction: {"action_type": "click", "index": 1}'


class _CannedClient:
    """Stands in for the model: answers at once, counts the request size."""

    def __init__(self) -> None:
        self.request_bytes: list[int] = []

    def complete(self, messages: list[dict[str, Any]]) -> Reply:
        self.request_bytes.append(len(json.dumps(messages)))
        return Reply(text=REPLY, model="canned", usage=Usage(calls=1))


def _measure(
    agent: LLMAgent, env: Env, steps: int
) -> tuple[list[float], list[float], _CannedClient]:
    client = _CannedClient()
    agent.client = cast(Any, client)
    agent.reset("Turn wifi on.", cast(Any, None), env, random.Random(0))
    samples, observing = [], []
    for i in range(steps + 3):  # three warm-up steps
        started = time.perf_counter()
        state = env.get_state(observe=agent.observes)
        observed = time.perf_counter()
        action = agent.step(state)
        env.execute_action(action)
        if i >= 3:
            samples.append((time.perf_counter() - started) * 1000)
            observing.append((observed - started) * 1000)
    return samples, observing, client


def main() -> None:
    """Run the measurement and print one line per agent."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=40)
    args = parser.parse_args()
    with open_devices("virtual") as devices:
        env = Env(devices[0], catalog.apps())
        env.reset()
        env.execute_action(Action(action_type="open_app", app_name="Settings"))
        for name, agent in (("t3a", T3A()), ("m3a", M3A())):
            samples, observing, client = _measure(agent, env, args.steps)
            ordered = sorted(samples)
            median = statistics.median(samples)
            p90 = ordered[int(len(ordered) * 0.9) - 1]
            verdict = "ok" if median <= TARGETS_MS[name] else "OVER TARGET"
            kib = statistics.median(client.request_bytes) / 1024
            print(
                f"{name}: median {median:6.1f} ms  p90 {p90:6.1f} ms per step "
                f"(target <= {TARGETS_MS[name]:.0f} ms: {verdict}), of which observing "
                f"{statistics.median(observing):.1f} ms; "
                f"{len(client.request_bytes) / (args.steps + 3):.1f} model requests per step, "
                f"median request {kib:.1f} KiB"
            )


if __name__ == "__main__":
    main()
