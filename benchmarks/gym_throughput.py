"""Gymnasium face throughput: env steps per second at 1, 2 and 8 virtual phones.

    python benchmarks/gym_throughput.py [--seconds 10] [--task SystemWifiTurnOn]

A random policy that takes only valid actions (a click on one of the observed UI
elements, a scroll, back or home) drives a droidhub vector env observing the UI tree
only (no pixels), with the task's own step budget (episodes reset as they end, through
the vector env's autoreset; those reset steps are counted too, as an RL loop sees them).
Both vector envs are measured in this one invocation: ``sync`` (the envs in this
process, stepped side by side; their phones served by a process per core) and ``async``
(a process per env, each with its phone). The
memory per phone is the rise of resident memory (this process and its children) from
before the phones started to after the first reset, divided by the phones. Ratios
compare each row with its own mode at one phone. Goal: 500 steps/s at 8 phones on a
2-core machine.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

import psutil

from droidhub.faces.gym_env import make_vector_env

GOAL_AT_8 = 500.0
DIRECTIONS = ("up", "down", "left", "right")


def _rss_mib() -> float:
    """Resident memory of this process and all its children, in MiB."""
    me = psutil.Process()
    total = me.memory_info().rss
    for child in me.children(recursive=True):
        try:
            total += child.memory_info().rss
        except psutil.NoSuchProcess:
            continue
    return total / 2**20


def random_action(rng: random.Random, elements: int) -> str:
    """A valid action: mostly a click on an observed element, else scroll, back or home."""
    roll = rng.random()
    if elements and roll < 0.6:
        action: dict[str, Any] = {"action_type": "click", "index": rng.randrange(elements)}
    elif roll < 0.8:
        action = {"action_type": "scroll", "direction": rng.choice(DIRECTIONS)}
    elif roll < 0.95:
        action = {"action_type": "navigate_back"}
    else:
        action = {"action_type": "navigate_home"}
    return json.dumps(action)


def measure(phones: int, mode: str, seconds: float, task: str) -> tuple[float, float, int]:
    """(env steps/s, MiB per phone, invalid actions) for ``phones`` in ``mode``."""
    before = _rss_mib()
    envs = make_vector_env(phones, "android_world", mode=mode, task=task, observe="ui_tree")
    rng = random.Random(0)
    invalid = 0
    try:
        _obs, infos = envs.reset(seed=0)
        per_phone = (_rss_mib() - before) / phones
        counts = list(infos["ui_element_count"])
        steps, start = 0, time.perf_counter()
        while time.perf_counter() - start < seconds:
            actions = tuple(random_action(rng, int(n)) for n in counts)
            _obs, _rew, _term, _trunc, infos = envs.step(actions)
            counts = list(infos["ui_element_count"])
            errors = infos.get("action_error")
            if errors is not None:
                invalid += sum(1 for e in errors if e)
            steps += phones
        rate = steps / (time.perf_counter() - start)
    finally:
        envs.close()
    return rate, per_phone, invalid


def main() -> None:
    """Measure every (mode, phones) and print the table with ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="measuring time per row")
    parser.add_argument("--task", default="SystemWifiTurnOn")
    parser.add_argument("--phones", default="1,2,8", help="phone counts, comma-separated")
    parser.add_argument("--modes", default="sync,async")
    args = parser.parse_args()
    print(
        f"{'mode':6} {'phones':>6} {'steps/s':>9} {'x 1 phone':>9} {'MiB/phone':>9} {'invalid':>7}"
    )
    for mode in args.modes.split(","):
        base: float | None = None
        for phones in (int(p) for p in args.phones.split(",")):
            rate, mib, invalid = measure(phones, mode, args.seconds, args.task)
            base = base or rate
            print(f"{mode:6} {phones:>6} {rate:>9.1f} {rate / base:>9.2f} {mib:>9.1f} {invalid:>7}")
            if phones == 8:
                verdict = "met" if rate >= GOAL_AT_8 else "not met"
                print(f"       goal {GOAL_AT_8:.0f} steps/s at 8 phones: {verdict}")


if __name__ == "__main__":
    main()
