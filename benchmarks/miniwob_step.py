"""How fast a MiniWoB++ episode runs on the virtual phone, against the raw CDP floor.

    python benchmarks/miniwob_step.py [--steps 30] [--task click-checkboxes-large]

Starts a virtual device server in this process, and prints, in one run:

- reset latency: ``initialize_task`` of a task whose page is already loaded (``am
  start`` with a new seed, then the utterance broadcast), all through the Device;
- step latency, UI tree only: one tap (``Env.execute_action``) plus one observation
  (``Env.get_state`` with ``Observe.UI_TREE``: ``uiautomator dump`` and the
  foreground activity), as the runner does each step;
- step latency, UI tree + screenshot: the same with ``Observe.BOTH`` (a 1080x2400
  ``screencap`` decoded by the Device);
- a ``droidhub run`` step observing screenshots: the same taps played by an agent
  through :class:`droidhub.run.episode.Episode` (the runner's own path: observation, the
  step's record, the screenshot written to the run folder), timed between the agent's
  calls, against the environment's own full step;
- the raw CDP floor: on a bare Chromium page of the same task and size, one touch tap
  and one 1080x2400 PNG screenshot (the same capture parameters as ``screencap``)
  over the DevTools socket, with no adb, no hierarchy and no decoding; the
  screenshot alone; and, for reference, the screenshot with Chromium's default
  (slower, smaller) PNG encoder.

Goals: tree-only step <= 30 ms, full step <= 1.1 x the floor, reset <= 150 ms, run
step <= 1.15 x the environment's full step.
Each step taps a checkbox (a tap that never ends the episode).
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from timing import ms_per_run

from droidhub import Action, Agent, Device, Env, Observe, State, TaskEval, catalog
from droidhub.android.phone import PIXEL_6
from droidhub.run.episode import Episode
from droidhub.tasks.suite import make_instance
from droidhub.virtual.server import VirtualDeviceServer
from droidhub_miniwob import plugin
from droidhub_miniwob.browser import Chromium
from droidhub_miniwob.origin import PageOrigin
from droidhub_miniwob.phone_window import DENSITY
from droidhub_miniwob.webview import (
    SCREENSHOT_CLIP,
    SCREENSHOT_PARAMS,
    emulate_webview_screen,
)

TREE_GOAL_MS = 30.0
RUN_FACTOR_GOAL = 1.15
FLOOR_FACTOR_GOAL = 1.1
RESET_GOAL_MS = 150.0


def line(label: str, samples: list[float], extra: str = "") -> float:
    """Print the median and 90th percentile; return the median."""
    median = statistics.median(samples)
    p90 = sorted(samples)[int(0.9 * (len(samples) - 1))]
    print(f"{label:<44} median {median:7.1f} ms   p90 {p90:7.1f} ms   {extra}")
    return median


def checkbox_points(env: Env) -> list[tuple[int, int]]:
    """Centres of the page's checkboxes, from the UI tree."""
    found = env.get_state(observe=Observe.UI_TREE).ui_elements
    points = [e.bounds.center for e in found if e.class_name.endswith("CheckBox") and e.bounds]
    if not points:
        raise SystemExit("the page shows no checkbox to tap; pick another --task")
    return points


class TimedTapper(Agent):
    """Taps the given points in turn, observing the tree and a screenshot, and notes
    when each of its steps is asked for."""

    observes = Observe.BOTH

    def __init__(self, points: list[tuple[int, int]]) -> None:
        self.points = points
        self.asked: list[float] = []

    def reset(self, goal: str, task: TaskEval, env: Env, rng: random.Random) -> None:
        del goal, task, env, rng

    def step(self, state: State) -> Action:
        del state
        self.asked.append(time.perf_counter())
        x, y = self.points[len(self.asked) % len(self.points)]
        return Action(action_type="click", x=x, y=y)


def run_step(
    task_name: str, steps: int, device: Device, points: list[tuple[int, int]]
) -> list[float]:
    """Milliseconds between an agent's consecutive steps in a real episode."""
    cls = plugin.miniwob_family().get(task_name)
    agent = TimedTapper(points)
    with tempfile.TemporaryDirectory() as out:
        episode: Any = Episode(
            make_instance(cls, 0, 0), device, agent, Path(out), catalog.apps(), max_steps=steps
        )
        episode.run()
    return [(b - a) * 1000 for a, b in zip(agent.asked[1:], agent.asked[2:], strict=False)]


def on_the_phone(task_name: str, steps: int) -> tuple[float, float, float, float]:
    """Reset, tree-only step and full step medians through the virtual phone."""
    family = plugin.miniwob_family()
    cls = family.get(task_name)
    with VirtualDeviceServer(devices=0) as server:
        serial = server.add_phone()
        env = Env(Device(serial, host="127.0.0.1", port=server.port), apps=catalog.apps())
        rng = random.Random(0)
        cls(cls.generate_random_params(rng)).initialize_task(env)  # starts the browser

        def reset(_: int) -> None:
            cls(cls.generate_random_params(rng)).initialize_task(env)

        reset_ms = line("reset (page already loaded)", ms_per_run(reset, steps))
        points = checkbox_points(env)

        def step(observe: Observe) -> Callable[[int], object]:
            def one(i: int) -> object:
                x, y = points[i % len(points)]
                env.execute_action(Action(action_type="click", x=x, y=y))
                return env.get_state(observe=observe)

            return one

        tree_ms = line(
            "step: tap + UI tree",
            ms_per_run(step(Observe.UI_TREE), steps),
            f"(goal <= {TREE_GOAL_MS:.0f} ms)",
        )
        full_ms = line(
            "step: tap + UI tree + 1080x2400 screenshot", ms_per_run(step(Observe.BOTH), steps)
        )
        state = env.get_state(observe=Observe.BOTH)
        assert state.screenshot is not None and state.screenshot.size == PIXEL_6.size
        device = Device(serial, host="127.0.0.1", port=server.port)
        run_ms = line(
            "run step: an agent's step in an episode",
            run_step(task_name, steps + 2, device, points),
            f"(goal <= {RUN_FACTOR_GOAL} x the full step)",
        )
    return reset_ms, tree_ms, full_ms, run_ms


def raw_floor(task_name: str, steps: int, point: tuple[int, int]) -> tuple[float, float]:
    """Tap + screenshot, and screenshot alone, over a bare DevTools socket."""
    origin = PageOrigin()
    with Chromium(origin=origin) as chromium:
        page = chromium.page()
        emulate_webview_screen(page)
        url = origin.task_url(task_name)
        page.call("Page.navigate", url=url)
        while page.evaluate("document.readyState") != "complete":
            time.sleep(0.01)
        page.evaluate("Math.seedrandom('0'); core.startEpisodeReal(); 0")
        css = [{"x": point[0] / DENSITY, "y": point[1] / DENSITY}]

        def shot() -> None:
            page.call("Page.captureScreenshot", **SCREENSHOT_PARAMS)

        def default_shot(_: int) -> None:
            page.call("Page.captureScreenshot", format="png", clip=SCREENSHOT_CLIP)

        def tap_and_shot(_: int) -> None:
            page.call("Input.dispatchTouchEvent", type="touchStart", touchPoints=css)
            page.call("Input.dispatchTouchEvent", type="touchEnd", touchPoints=[])
            shot()

        floor_ms = line("raw CDP floor: touch tap + 1080x2400 PNG", ms_per_run(tap_and_shot, steps))
        shot_ms = line("raw CDP: the 1080x2400 PNG alone", ms_per_run(lambda _: shot(), steps))
        line(
            "raw CDP: the PNG with the default encoder",
            ms_per_run(default_shot, steps),
            "(reference; screencap uses the fast one)",
        )
    return floor_ms, shot_ms


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=30, help="timed repetitions of each")
    parser.add_argument("--task", default="click-checkboxes-large", help="a page with checkboxes")
    args = parser.parse_args()
    print(f"MiniWoB++ on the virtual phone: task {args.task}, {args.steps} runs each\n")
    reset_ms, tree_ms, full_ms, run_ms = on_the_phone(args.task, args.steps)
    floor_ms, _ = raw_floor(args.task, args.steps, (60, 420))
    print()
    print(
        f"reset {reset_ms:.1f} ms (goal <= {RESET_GOAL_MS:.0f}); "
        f"tree-only step {tree_ms:.1f} ms (goal <= {TREE_GOAL_MS:.0f}); "
        f"full step {full_ms:.1f} ms = {full_ms / floor_ms:.2f} x the floor "
        f"{floor_ms:.1f} ms (goal <= {FLOOR_FACTOR_GOAL}); "
        f"run step {run_ms:.1f} ms = {run_ms / full_ms:.2f} x the full step "
        f"(goal <= {RUN_FACTOR_GOAL})"
    )


if __name__ == "__main__":
    main()
