"""Clock tasks on the virtual phone, scored from the UI hierarchy as AndroidWorld does."""

from __future__ import annotations

import datetime as dt
import random

import pytest
from episodes import noop_fails_and_oracle_succeeds
from task_runs import make, open_app, score

from droidhub import Action, Env, Observe, TaskEval
from droidhub_aw_apps.clock import tasks as clock


def _tap(env: Env, label: str) -> None:
    """Tap the element labelled ``label`` the way an agent would: by its index."""
    for index, element in enumerate(env.get_state(observe=Observe.UI_TREE).ui_elements):
        if label in (element.text, element.content_description):
            env.execute_action(Action(action_type="click", index=index))
            return
    raise AssertionError(f"no element labelled {label!r} on screen")


def _open(env: Env, tab: str) -> None:
    open_app(env, "clock")
    _tap(env, tab)


#: The clock's tasks; the paused stopwatch is paused after set-up, but the check reads the
#: screen: doing nothing scores 0 there too.
CLOCK_TASKS = [clock.ClockTimerEntry, clock.ClockStopWatchRunning, clock.ClockStopWatchPausedVerify]


@pytest.mark.parametrize("task_class", CLOCK_TASKS, ids=lambda c: c.__name__)
def test_noop_fails_and_oracle_succeeds(virtual_env: Env, task_class: type[TaskEval]) -> None:
    noop_fails_and_oracle_succeeds(virtual_env, make(task_class))


def test_timer_entry_by_tapping_the_keypad(virtual_env: Env) -> None:
    task = clock.ClockTimerEntry({"hours": 1, "minutes": 2, "seconds": 3})

    def act(env: Env) -> None:
        _open(env, "Timer")
        for digit in "10203":
            _tap(env, digit)

    assert score(virtual_env, task, act) == 1.0


def test_timer_entry_near_miss_wrong_seconds(virtual_env: Env) -> None:
    task = clock.ClockTimerEntry({"hours": 1, "minutes": 2, "seconds": 3})
    wrong = clock.ClockTimerEntry({"hours": 1, "minutes": 2, "seconds": 4})
    assert score(virtual_env, task, wrong.oracle) == 0.0


@pytest.mark.parametrize(
    ("task_class", "label"),
    [
        pytest.param(clock.ClockTimerEntry, "Start", id="timer-entered-then-started"),
        pytest.param(clock.ClockStopWatchRunning, "Pause", id="stopwatch-running-then-paused"),
        pytest.param(clock.ClockStopWatchPausedVerify, "Start", id="stopwatch-paused-then-started"),
    ],
)
def test_near_miss_one_tap_past_the_goal(
    virtual_env: Env, task_class: type[TaskEval], label: str
) -> None:
    task = make(task_class)

    def act(env: Env) -> None:
        task.oracle(env)
        _tap(env, label)

    assert score(virtual_env, task, act) == 0.0


def test_stopwatch_running_near_miss_clock_left(virtual_env: Env) -> None:
    task = make(clock.ClockStopWatchRunning)

    def act(env: Env) -> None:
        task.oracle(env)
        env.execute_action(Action(action_type="navigate_home"))

    assert score(virtual_env, task, act) == 0.0


def test_stopwatch_paused_near_miss_other_tab(virtual_env: Env) -> None:
    task = make(clock.ClockStopWatchPausedVerify)

    def act(env: Env) -> None:
        _open(env, "Timer")
        _tap(env, "5")  # the timer's Start button shows, but this is not the stopwatch

    assert score(virtual_env, task, act) == 0.0


def test_tear_down_resets_the_stopwatch(virtual_env: Env) -> None:
    task = make(clock.ClockStopWatchRunning)
    score(virtual_env, task, task.oracle)
    open_app(virtual_env, "clock")
    _tap(virtual_env, "Stopwatch")
    assert clock.stopwatch_paused(virtual_env) == 1.0


def test_timer_params_are_deterministic_and_in_range() -> None:
    for seed in range(30):
        params = clock.ClockTimerEntry.generate_random_params(random.Random(seed))
        assert params == clock.ClockTimerEntry.generate_random_params(random.Random(seed))
        assert 0 <= params.hours <= 23 and 0 <= params.minutes <= 59 and 0 <= params.seconds <= 59


def test_stopwatch_counts_the_phone_time(virtual_env: Env) -> None:
    task = make(clock.ClockStopWatchRunning)

    def act(env: Env) -> None:
        task.oracle(env)
        env.device.set_time(env.device.now() + dt.timedelta(seconds=65))
        texts = [e.text for e in env.get_state(observe=Observe.UI_TREE).ui_elements]
        assert any(t in ("01:04", "01:05", "01:06") for t in texts), texts

    assert score(virtual_env, task, act) == 1.0
