"""Suites: which task instances a run contains, reproducibly for a seed.

Instance seeds follow AndroidWorld: ``int(sha256(f"{seed}_{name}_{i}")) % 2**32``, so
the same ``--seed`` gives the same parameters on every machine.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from droidhub.tasks.families import Registry, UnknownTaskError
from droidhub.tasks.task_eval import TaskEval

#: AndroidWorld's default suite seed.
DEFAULT_SEED = 30


def instance_seed(seed: int, task_name: str, instance: int) -> int:
    """The seed of instance ``instance`` of ``task_name`` in a suite seeded with ``seed``."""
    digest = hashlib.sha256(f"{seed}_{task_name}_{instance}".encode()).hexdigest()
    return int(digest, 16) % 2**32


def episode_id(family: str, task: str, instance: int) -> str:
    """The stable id of one episode of a run: ``family/task/instance``."""
    return f"{family}/{task}/{instance}"


@dataclass(frozen=True)
class TaskInstance:
    """One task with its parameters: what an episode runs."""

    task_cls: type[TaskEval]
    instance: int
    seed: int
    params: dict[str, Any]

    @property
    def family(self) -> str:
        """The task's family name."""
        return self.task_cls.family

    @property
    def name(self) -> str:
        """The task's name."""
        return self.task_cls.name

    @property
    def episode_id(self) -> str:
        """``family/task/instance``: the key of this episode in ``results.jsonl``."""
        return episode_id(self.family, self.name, self.instance)

    def create(self) -> TaskEval:
        """A fresh task object with these parameters, knowing its instance seed."""
        task = self.task_cls(self.task_cls.validate_params(self.params))
        task.instance_seed = self.seed
        return task


def make_instance(task_cls: type[TaskEval], instance: int, seed: int) -> TaskInstance:
    """Draw instance ``instance`` of ``task_cls`` for suite seed ``seed``."""
    iseed = instance_seed(seed, task_cls.name, instance)
    params = task_cls.generate_random_params(random.Random(iseed))
    params = task_cls.validate_params(params)
    return TaskInstance(task_cls, instance, iseed, params.model_dump(mode="json"))


def select_tasks(
    registry: Registry, families: Sequence[str], tasks: Sequence[str] | None = None
) -> list[type[TaskEval]]:
    """The task classes of ``families``, narrowed to ``tasks`` when given.

    Each name in ``tasks`` must exist in one of the families; the error suggests a
    close name otherwise. A name may also be qualified as the result tables print it,
    ``family/Task`` (the family must be one of ``families``).
    """
    if not families:
        raise UnknownTaskError("no suite given: pass --suite FAMILY (see `droidhub list`)")
    pool = [t for fam in families for t in registry.tasks(fam)]
    if not tasks:
        return pool
    chosen = []
    by_name = {t.name: t for t in pool}
    for name in tasks:
        family, slash, bare = name.rpartition("/")
        if slash and family not in families:
            raise UnknownTaskError(
                f"task {name!r} is of family {family!r}, which is not among --suite "
                f"{','.join(families)}; add --suite {family} or drop the prefix"
            )
        if slash:
            chosen.append(registry.family(family).get(bare))
            continue
        if name in by_name:
            chosen.append(by_name[name])
            continue
        # Let the family produce the error, with its "did you mean" suggestion.
        for fam in families:
            try:
                chosen.append(registry.family(fam).get(name))
                break
            except UnknownTaskError as exc:
                last_error = exc
        else:
            raise last_error
    return chosen


def build_suite(
    registry: Registry,
    families: Sequence[str],
    tasks: Sequence[str] | None = None,
    n_combinations: int = 1,
    seed: int = DEFAULT_SEED,
) -> list[TaskInstance]:
    """Every instance of a run, task by task, ``n_combinations`` instances each."""
    if n_combinations < 1:
        raise ValueError(f"--n-combinations must be at least 1, got {n_combinations}")
    return [
        make_instance(task_cls, i, seed)
        for task_cls in select_tasks(registry, families, tasks)
        for i in range(n_combinations)
    ]
