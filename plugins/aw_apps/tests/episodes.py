"""Episode checks shared by the app tests (a task's no-op and oracle episodes)."""

from __future__ import annotations

from collections.abc import Callable

from task_runs import score

from droidhub import Env, TaskEval


def noop_fails_and_oracle_succeeds(env: Env, task: TaskEval) -> None:
    """Run two episodes of ``task``'s instance on ``env``'s phone: doing nothing scores
    0.0 and the oracle scores 1.0. Each episode tears down, so a test can run them on
    the same phone as its near miss."""
    fresh = type(task)(task.params)
    assert score(env, fresh) == 0.0
    fresh = type(task)(task.params)
    assert score(env, fresh, fresh.oracle) == 1.0


def near_miss_scores_zero(env: Env, task: TaskEval, act: Callable[[Env], object]) -> None:
    """A near miss: ``act`` on ``task`` scores 0.0; then the task's own no-op scores 0.0
    and its oracle 1.0 (``noop_fails_and_oracle_succeeds``)."""
    assert score(env, task, act) == 0.0
    noop_fails_and_oracle_succeeds(env, task)
