"""Every scripted solver reaches reward 1 on the virtual phone, acting through a Device."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import pytest

from droidhub_miniwob import plugin, solvers

if TYPE_CHECKING:
    from droidhub import Env

pytestmark = pytest.mark.browser

SUBSET = plugin.miniwob_subset_family()
SOLVED = [name for name in SUBSET.task_names() if SUBSET.get(name).has_oracle()]
FULL = plugin.miniwob_family()
#: Solved tasks of the 92 that the subset leaves out.
SOLVED_BEYOND = [
    name for name in FULL.task_names() if FULL.get(name).has_oracle() and name not in SOLVED
]


def test_the_subset_has_at_least_15_solvers() -> None:
    assert len(SOLVED) >= 15


@pytest.mark.parametrize(
    ("family", "name"),
    [(SUBSET, name) for name in SOLVED] + [(FULL, name) for name in SOLVED_BEYOND],
    ids=[*SOLVED, *SOLVED_BEYOND],
)
def test_oracle_solves_the_task(miniwob_env: Env, family: Any, name: str) -> None:
    cls = family.get(name)
    for instance in range(2):
        task = cls(cls.generate_random_params(random.Random(f"{name}-{instance}")))
        task.initialize_task(miniwob_env)
        assert task.is_successful(miniwob_env) == 0.0, "doing nothing must not score"
        assert task.oracle(miniwob_env) is None
        assert task.is_successful(miniwob_env) == 1.0, (task.goal, task.details)
        assert task.details["raw_reward"] == 1.0
        assert task.is_done(miniwob_env)
        task.tear_down(miniwob_env)


def test_pages_without_a_solver_have_no_oracle() -> None:
    unsolved = [n for n in SUBSET.task_names() if n not in solvers.solved_pages()]
    assert unsolved
    assert not any(SUBSET.get(n).has_oracle() for n in unsolved)
