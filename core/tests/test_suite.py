"""Suites: reproducible instances from AndroidWorld's seed formula."""

from __future__ import annotations

import hashlib
import random

import pytest
from pydantic import BaseModel

from droidhub import Registry, TaskEval, TaskFamily, UnknownTaskError
from droidhub.tasks.suite import build_suite, instance_seed


class P(BaseModel):
    n: int


class Draw(TaskEval):
    template = "Pick {n}."
    Params = P

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> P:
        return P(n=rng.randrange(1_000_000))

    def is_successful(self, env):
        return 0.0


class Other(Draw):
    pass


def test_instance_seed_follows_androidworld_formula() -> None:
    # Pinned values: any change to the formula would make runs incomparable.
    assert (
        instance_seed(30, "SimpleSmsSend", 0)
        == int(hashlib.sha256(b"30_SimpleSmsSend_0").hexdigest(), 16) % 2**32
    )
    assert instance_seed(30, "SimpleSmsSend", 0) == 4209246460
    assert instance_seed(30, "SimpleSmsSend", 1) != instance_seed(30, "SimpleSmsSend", 0)


def test_same_seed_same_params_other_seed_other_params() -> None:
    reg = Registry([TaskFamily("fam", "d", tasks=[Draw, Other])])
    a = build_suite(reg, ["fam"], None, n_combinations=3, seed=1)
    b = build_suite(reg, ["fam"], None, n_combinations=3, seed=1)
    c = build_suite(reg, ["fam"], None, n_combinations=3, seed=2)
    assert [i.params for i in a] == [i.params for i in b]
    assert [i.params for i in a] != [i.params for i in c]
    assert [i.episode_id for i in a] == [
        f"fam/{t}/{k}" for t in ("Draw", "Other") for k in range(3)
    ]
    # The same name gets the same params whichever other tasks are in the suite.
    only = build_suite(reg, ["fam"], ["Other"], n_combinations=3, seed=1)
    assert [i.params for i in only] == [i.params for i in a[3:]]


def test_unknown_task_in_suite_is_suggested() -> None:
    reg = Registry([TaskFamily("fam", "d", tasks=[Draw])])
    with pytest.raises(
        UnknownTaskError, match="unknown task 'Drow' in family fam; did you mean Draw"
    ):
        build_suite(reg, ["fam"], ["Drow"])


def test_zero_combinations_is_refused() -> None:
    reg = Registry([TaskFamily("fam", "d", tasks=[Draw])])
    with pytest.raises(ValueError, match="at least 1, got 0"):
        build_suite(reg, ["fam"], None, n_combinations=0)
