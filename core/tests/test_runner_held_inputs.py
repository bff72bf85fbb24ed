"""The runner's steps send an action's inputs with the observation after it: one adb
command a step, the action's effect in that observation, and the last action on the
phone before the episode is scored."""

from __future__ import annotations

import random
from pathlib import Path

from droidhub import Action, Agent, Device, Env, State, TaskEval, TaskFamily
from droidhub.run.runner import Runner
from droidhub.tasks.suite import make_instance

SETTINGS = "com.android.settings/.Settings"
#: How the focused activity names it (dumpsys window spells the class out).
SETTINGS_IN_FRONT = "com.android.settings/com.android.settings.Settings"


class LeaveSettings(TaskEval):
    """Settings is in front; done when the launcher is."""

    template = "Go to the home screen."

    def initialize_task(self, env: Env) -> None:
        super().initialize_task(env)
        env.device.start_activity(component=SETTINGS)

    def is_successful(self, env: Env) -> float:
        return float(env.device.foreground_activity() != SETTINGS_IN_FRONT)


TaskFamily("held_input_tests", "the runner's held inputs", tasks=[LeaveSettings])


class PressHome(Agent):
    """Presses HOME, then (given ``then_stop``) says the task is done; notes what each
    step saw and how many adb services its Device had opened by then."""

    def __init__(self, device: Device, then_stop: bool) -> None:
        self.device, self.then_stop = device, then_stop
        self.seen: list[tuple[str | None, int]] = []

    def reset(self, goal: str, task: TaskEval, env: Env, rng: random.Random) -> None:
        self.seen = []

    def step(self, state: State) -> Action:
        self.seen.append((state.foreground, sum(self.device.services.values())))
        if len(self.seen) == 1 or not self.then_stop:
            return Action(action_type="navigate_home")
        return Action(action_type="status", goal_status="complete")


def test_an_action_goes_with_the_next_observation(virtual_device: Device, tmp_path: Path) -> None:
    agent = PressHome(virtual_device, then_stop=True)
    runner = Runner(tmp_path, [virtual_device], make_agent=lambda: agent)
    result, _ = runner.run_episode(make_instance(LeaveSettings, 0, 30), virtual_device, agent)
    assert (result.steps, result.reward, result.error) == (2, 1.0, None)
    (first, opened_first), (second, opened_second) = agent.seen
    # The HOME key came before the dump that carried it.
    assert first == SETTINGS_IN_FRONT and second != SETTINGS_IN_FRONT
    assert opened_second - opened_first == 1  # one command: the key and the dump


def test_the_last_action_reaches_the_phone_before_the_score(
    virtual_device: Device, tmp_path: Path
) -> None:
    agent = PressHome(virtual_device, then_stop=False)
    runner = Runner(tmp_path, [virtual_device], make_agent=lambda: agent, max_steps=1)
    result, _ = runner.run_episode(make_instance(LeaveSettings, 0, 30), virtual_device, agent)
    assert (result.steps, result.reward, result.error) == (1, 1.0, None)
