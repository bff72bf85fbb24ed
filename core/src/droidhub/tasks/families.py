"""Task families and the registry that finds tasks by name."""

from __future__ import annotations

import datetime as dt
import difflib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from droidhub.tasks.describe import describe_value
from droidhub.tasks.names import check_name, name_problem, quote_name
from droidhub.tasks.task_eval import TaskEval


class UnknownTaskError(LookupError):
    """Raised for a family or task name that is not registered."""


@dataclass
class TaskFamily:
    """A named group of tasks contributed by one plugin.

    ``unavailable`` lists task names that belong to the family but cannot run, each
    with the reason (``{"click-menu": "not among the 92 tasks"}``): they
    are shown by ``droidhub list`` and never silently dropped.

    The family's name and its tasks' names become folders of every run, so they must
    follow :mod:`droidhub.tasks.names` (``../x`` raises
    :class:`~droidhub.tasks.names.BadNameError`).
    """

    name: str
    description: str
    tasks: Sequence[type[TaskEval]] = ()
    unavailable: Mapping[str, str] = field(default_factory=dict)
    #: The distribution that contributed it; filled in by the plugin manager.
    plugin: str = ""
    #: The clock each of its tasks starts at (:attr:`TaskEval.device_time`), for the
    #: tasks that set none of their own; None leaves them as they are.
    device_time: dt.datetime | None = None

    def __post_init__(self) -> None:
        check_name("family", self.name)
        seen: dict[str, type[TaskEval]] = {}
        for i, task in enumerate(self.tasks, 1):
            why = bad_task(task)
            if why:
                raise TypeError(f"family {self.name}: task {i} is {why}")
            check_name(f"family {self.name}: task", task.name)
            if task.name in seen and seen[task.name] is not task:
                raise ValueError(f"family {self.name} has two tasks named {task.name!r}")
            seen[task.name] = task
            if not task.__dict__.get("family"):
                task.family = self.name
            if self.device_time is not None and task.__dict__.get("device_time") is None:
                task.device_time = self.device_time
        self._by_name = seen

    def task_names(self) -> list[str]:
        """Names of the family's runnable tasks, in registration order."""
        return list(self._by_name)

    def get(self, name: str) -> type[TaskEval]:
        """Return the task class called ``name`` or raise with a suggestion."""
        try:
            return self._by_name[name]
        except KeyError:
            pass
        if name in self.unavailable:
            raise UnknownTaskError(
                f"task {name!r} in family {self.name} is unavailable: {self.unavailable[name]}"
            )
        raise UnknownTaskError(
            f"unknown task {name!r} in family {self.name}{_suggest(name, self._by_name)}"
        )


def bad_task(task: object) -> str | None:
    """Why ``task`` cannot be a family's task (it must be a TaskEval subclass), or None."""
    if isinstance(task, type) and issubclass(task, TaskEval):
        return None
    return f"{describe_value(task)}, expected a TaskEval subclass"


def family_problem(family: TaskFamily) -> str | None:
    """Why ``family`` cannot be registered as it is now, or None.

    :meth:`TaskFamily.__post_init__` checked it when it was made; the plugin manager
    asks again at load, because a plugin may have changed its tasks (or their names)
    since.
    """
    why = name_problem(family.name)
    if why:
        return f"family named {quote_name(family.name)}, whose name {why}"
    for i, task in enumerate(family.tasks, 1):
        why = bad_task(task)
        if why:
            return f"family {family.name!r} whose task {i} is {why}"
        why = name_problem(task.name)
        if why:
            named = quote_name(task.name)
            return f"family {family.name!r} whose task {i} is named {named}, which {why}"
    return None


def _suggest(name: str, choices: Iterable[str]) -> str:
    choices = list(choices)
    lowered = {c.lower(): c for c in choices}
    if name.lower() in lowered:
        return f"; did you mean {lowered[name.lower()]}?"
    close = difflib.get_close_matches(name, choices, n=3, cutoff=0.6)
    if close:
        return "; did you mean " + " or ".join(close) + "?"
    return ""


class Registry:
    """All task families known in this process, keyed by family name."""

    def __init__(self, families: Iterable[TaskFamily] = ()) -> None:
        self._families: dict[str, TaskFamily] = {}
        for family in families:
            self.add(family)

    def add(self, family: TaskFamily) -> None:
        """Register ``family``; a second family with the same name is an error."""
        if family.name in self._families:
            other = self._families[family.name]
            by = f" by {other.plugin}" if other.plugin else ""
            raise ValueError(f"task family {family.name!r} is already registered{by}")
        self._families[family.name] = family

    @property
    def families(self) -> list[TaskFamily]:
        """All families, in registration order."""
        return list(self._families.values())

    def family(self, name: str) -> TaskFamily:
        """Return the family called ``name`` or raise with a suggestion."""
        try:
            return self._families[name]
        except KeyError:
            known = ", ".join(self._families) or "none (is a plugin installed?)"
            raise UnknownTaskError(
                f"unknown task family {name!r}{_suggest(name, self._families)} "
                f"Known families: {known}."
            ) from None

    def task(self, name: str, family: str | None = None) -> type[TaskEval]:
        """Find a task by name, in one family or, if ``family`` is None, in all of them.

        ``FAMILY/NAME`` is accepted too.
        """
        if family is None and "/" in name:
            family, name = name.split("/", 1)
        if family is not None:
            return self.family(family).get(name)
        for fam in self._families.values():
            if name in fam.task_names():
                return fam.get(name)
        every = [t for fam in self._families.values() for t in fam.task_names()]
        raise UnknownTaskError(f"unknown task {name!r}{_suggest(name, every)}")

    def tasks(self, family: str | None = None) -> list[type[TaskEval]]:
        """All task classes of one family, or of every family."""
        fams = [self.family(family)] if family else self.families
        return [fam.get(n) for fam in fams for n in fam.task_names()]
