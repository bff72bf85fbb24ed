"""Composing registered tasks into one multi-app task with averaged partial rewards.

A composite of N tasks initialises every sub-task in order on the same device, scores
the mean of the sub-task rewards (1 of 2 done gives 0.5; each sub-reward is recorded
in the episode's ``details["sub_rewards"]``), and tears every sub-task down in reverse
order, even when one of them raises. Compositions whose footprints would interfere are
refused when they are made.

A composite's params hold each sub-task's params under its alias
(``{"note": {...}, "sms": {...}}``), or, made with ``flat_params``, the listed fields
side by side as AndroidWorld's own multi-app tasks keep them (``["note.file_name",
"note.text", "sms.number"]`` gives ``{"file_name", "text", "number"}``). A field a link
derives is not listed; any other field left out must be one its sub-task fixes (the same
on every draw, as SystemWifiTurnOn's ``on_or_off``), and is drawn again when needed.
"""

from __future__ import annotations

import hashlib
import random
import string
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, create_model

from droidhub import Env, Footprint, TaskEval
from droidhub.tasks.names import MAX_NAME_LENGTH

_DIFFICULTY_ORDER = {"easy": 0, "medium": 1, "hard": 2}


def default_name(task_names: Sequence[str]) -> str:
    """A composite's name when none is given: its tasks' names as identifiers, joined
    by ``Then`` (``click-button`` + ``SimpleSmsSend`` -> ``ClickButtonThenSimpleSmsSend``).

    A composite's name is a folder of every run, so it keeps to droidhub's name rule
    (:mod:`droidhub.tasks.names`): past :data:`~droidhub.tasks.names.MAX_NAME_LENGTH` characters the
    name is cut and ends in ``_`` and 8 hex digits of the whole name's SHA-256, so two
    long composites still get two names, the same on every machine.
    """
    name = "Then".join(_identifier(n) for n in task_names)
    if len(name) <= MAX_NAME_LENGTH:
        return name
    digest = hashlib.sha256(name.encode()).hexdigest()[:8]
    return f"{name[: MAX_NAME_LENGTH - 9]}_{digest}"


def _identifier(name: str) -> str:
    """``click-button`` -> ``ClickButton``; ``SimpleSmsSend`` stays."""
    parts = "".join(c if c.isascii() and c.isalnum() else " " for c in name).split()
    return "".join(p[0].upper() + p[1:] for p in parts) or "Task"


class CompositionError(ValueError):
    """A composition that cannot be made; the message names the tasks and the cause."""


@dataclass(frozen=True)
class Link:
    """Derive one sub-task's parameter from another's: ``target = source``.

    Both sides are ``ALIAS.FIELD`` (``sms.message = note.text``); the source must be
    an earlier sub-task, so its value exists when the target is drawn.
    """

    target: str
    source: str

    @classmethod
    def parse(cls, text: str) -> Link:
        """Parse ``"sms.message=note.text"``."""
        target, sep, source = text.partition("=")
        if not sep or "." not in target or "." not in source:
            raise CompositionError(
                f"bad link {text!r}: write TARGET_ALIAS.FIELD=SOURCE_ALIAS.FIELD, "
                "e.g. sms.message=note.text"
            )
        return cls(target.strip(), source.strip())


def default_alias(task: type[TaskEval]) -> str:
    """A default alias: the task name in snake case (SimpleSmsSend -> simple_sms_send)."""
    out = []
    for i, ch in enumerate(task.name):
        if ch.isupper() and i and not task.name[i - 1].isupper():
            out.append("_")
        out.append(ch.lower() if ch.isalnum() else "_")
    return "".join(out).strip("_")


def find_conflicts(tasks: Sequence[type[TaskEval]]) -> list[str]:
    """Every pair of sub-tasks whose footprints interfere, described.

    Two sub-tasks conflict when both write the same state, or when an earlier one
    reads state that a later one writes (its check would see the later one's work).
    A later task may read what an earlier one writes.
    """
    problems = []
    for i, first in enumerate(tasks):
        for second in tasks[i + 1 :]:
            shared = first.footprint.writes.overlap(second.footprint.writes)
            if shared:
                problems.append(f"{first.name} and {second.name} both write {', '.join(shared)}")
            read_then_written = first.footprint.reads.overlap(second.footprint.writes)
            if read_then_written:
                problems.append(
                    f"{second.name} writes {', '.join(read_then_written)}, which the earlier "
                    f"{first.name} reads to score"
                )
    return problems


def _join_goals(goals: Sequence[str]) -> str:
    """``"Turn wifi on." + "Open Clock."`` -> ``"Turn wifi on. Then, open Clock."``"""
    cleaned = [g.strip().rstrip(".") for g in goals if g.strip()]
    rest = [g[0].lower() + g[1:] if len(g) > 1 and g[1].islower() else g for g in cleaned[1:]]
    return ". Then, ".join([cleaned[0], *rest]) + "."


def _template_fields(template: str) -> set[str]:
    return {
        field.split(".")[0].split("[")[0]
        for _, field, _, _ in string.Formatter().parse(template)
        if field
    }


class CompositeTask(TaskEval):
    """Base of composed tasks; :func:`compose` makes the subclasses."""

    #: The sub-task classes, in order.
    subtasks: ClassVar[tuple[type[TaskEval], ...]] = ()
    #: One alias per sub-task: the name of its parameters in the composite's params.
    aliases: ClassVar[tuple[str, ...]] = ()
    links: ClassVar[tuple[Link, ...]] = ()
    #: Goal template over ``{alias.field}``; empty: the sub-goals joined.
    goal_template: ClassVar[str] = ""
    #: The ``alias.field`` kept in flat params, or None: params by alias (module docstring).
    flat_params: ClassVar[tuple[str, ...] | None] = None

    def __init__(self, params: Any = None) -> None:
        super().__init__(params)
        nested = self._nested(self.params.model_dump()) if self.flat_params is not None else None
        self.parts: list[TaskEval] = [
            sub(nested[alias] if nested is not None else getattr(self.params, alias))
            for sub, alias in zip(self.subtasks, self.aliases, strict=True)
        ]

    @classmethod
    def _linked(cls, drawn: dict[str, dict[str, Any]], alias: str) -> None:
        """Fill the fields of ``alias`` that links derive from earlier sub-tasks'."""
        for link in cls.links:
            t_alias, t_field = link.target.split(".", 1)
            if t_alias == alias:
                s_alias, s_field = link.source.split(".", 1)
                drawn[alias][t_field] = drawn[s_alias][s_field]

    @classmethod
    def _nested(cls, flat: dict[str, Any]) -> dict[str, dict[str, Any]]:
        """Each sub-task's params, from flat params (fixed fields drawn again)."""
        kept = cls.flat_params or ()
        nested: dict[str, dict[str, Any]] = {}
        for sub, alias in zip(cls.subtasks, cls.aliases, strict=True):
            nested[alias] = sub.generate_random_params(random.Random(0)).model_dump()
            nested[alias].update(
                {f: flat[f] for f in sub.Params.model_fields if f"{alias}.{f}" in kept}
            )
            cls._linked(nested, alias)
        return nested

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> BaseModel:
        drawn: dict[str, dict[str, Any]] = {}
        for sub, alias in zip(cls.subtasks, cls.aliases, strict=True):
            drawn[alias] = sub.generate_random_params(rng).model_dump()
            cls._linked(drawn, alias)
        if cls.flat_params is not None:
            return cls.Params.model_validate(
                {kept.split(".", 1)[1]: drawn[kept.split(".")[0]][kept.split(".", 1)[1]]
                 for kept in cls.flat_params}
            )  # fmt: skip
        return cls.Params.model_validate(drawn)

    @property
    def goal(self) -> str:
        if self.goal_template:
            return self.goal_template.format(
                **{alias: part.params for alias, part in zip(self.aliases, self.parts, strict=True)}
            )
        return _join_goals([part.goal for part in self.parts])

    def initialize_task(self, env: Env) -> None:
        super().initialize_task(env)
        done: list[TaskEval] = []
        try:
            for part in self.parts:
                done.append(part)
                part.initialize_task(env)
        except Exception:
            # The runner tears the composite down; only what was started is undone.
            self.parts_started = done
            raise
        self.parts_started = done

    def is_successful(self, env: Env) -> float:
        rewards = {}
        for alias, part in zip(self.aliases, self.parts, strict=True):
            rewards[alias] = float(part.is_successful(env))
        self.details["sub_rewards"] = rewards
        sub_details = {a: p.details for a, p in zip(self.aliases, self.parts, strict=True)}
        if any(sub_details.values()):
            self.details["sub_details"] = sub_details
        return sum(rewards.values()) / len(rewards)

    def tear_down(self, env: Env) -> None:
        errors = []
        for part in reversed(getattr(self, "parts_started", self.parts)):
            try:
                part.tear_down(env)
            except Exception as exc:
                errors.append(f"{part.name}: {type(exc).__name__}: {exc}")
        super().tear_down(env)
        if errors:
            raise RuntimeError("tear-down failed for " + "; ".join(errors))

    def is_done(self, env: Env) -> bool:
        return all(part.is_done(env) for part in self.parts)

    def oracle(self, env: Env) -> str | None:
        answer = None
        for part in self.parts:
            if not part.has_oracle():
                raise NotImplementedError(f"sub-task {part.name} has no oracle")
            given = part.oracle(env)
            if given is not None:
                answer = given
        return answer

    @classmethod
    def has_oracle(cls) -> bool:
        return all(sub.has_oracle() for sub in cls.subtasks)

    def wrong_action(self, env: Env) -> None:
        for part in self.parts:
            part.wrong_action(env)

    def check_cases(self) -> list[tuple[str, Callable[[Env], None], float]]:
        """Extra cases for ``droidhub check``: each sub-oracle alone scores exactly 1/N."""
        n = len(self.parts)
        cases: list[tuple[str, Callable[[Env], None], float]] = []
        for index, (alias, part) in enumerate(zip(self.aliases, self.parts, strict=True)):
            if part.met_at_start or not part.has_oracle():
                continue

            def solve_one(env: Env, part: TaskEval = part) -> None:
                given = part.oracle(env)
                if given is not None:
                    env.answer = given

            expected = sum(1.0 for p in self.parts if p.met_at_start) / n + 1.0 / n
            cases.append((f"sub-oracle {index + 1} ({alias})", solve_one, expected))
        return cases


def _flat_fields(
    tasks: Sequence[type[TaskEval]],
    aliases: Sequence[str],
    targets: set[str],
    kept: Sequence[str],
) -> dict[str, Any]:
    """The fields of flat params ``kept`` (``alias.field``), checked: each exists once,
    and every sub-task field neither kept nor linked is the same on every draw."""
    fields: dict[str, Any] = {}
    named = {f"{a}.{f}" for a, t in zip(aliases, tasks, strict=True) for f in t.Params.model_fields}
    unknown = sorted(set(kept) - named)
    if unknown:
        raise CompositionError(f"flat params: no such field {', '.join(unknown)}")
    for alias, task in zip(aliases, tasks, strict=True):
        draws = [task.generate_random_params(random.Random(s)).model_dump() for s in range(3)]
        for field, info in task.Params.model_fields.items():
            if f"{alias}.{field}" in targets:
                continue
            if f"{alias}.{field}" not in kept:
                if any(d[field] != draws[0][field] for d in draws):
                    raise CompositionError(
                        f"flat params: {task.name} draws {alias}.{field}; list it in flat_params"
                    )
                continue
            if field in fields:
                raise CompositionError(f"flat params: two fields named {field!r}")
            fields[field] = (info.annotation, info)
    return fields


def compose(
    tasks: Sequence[type[TaskEval]],
    name: str | None = None,
    aliases: Sequence[str] | None = None,
    links: Sequence[Link | str] = (),
    goal: str = "",
    description: str = "",
    flat_params: Sequence[str] | None = None,
) -> type[CompositeTask]:
    """Make a composite task class of ``tasks`` (at least two, in order).

    ``name`` defaults to :func:`default_name`. ``aliases`` name each sub-task's
    parameters (default: the task names in snake case); ``links`` derive parameters
    from earlier sub-tasks'; ``goal`` is a template over ``{alias.field}`` (default:
    the sub-goals joined); ``flat_params`` lists the ``alias.field`` of flat params
    (module docstring). Raises :class:`CompositionError` naming the tasks and the shared
    state when footprints conflict, and for unknown aliases or fields (and, flat, for a
    field listed twice, or left out though its sub-task draws it).
    """
    if len(tasks) < 2:
        raise CompositionError(f"a composite needs at least two tasks, got {len(tasks)}")
    name = name or default_name([t.name for t in tasks])
    aliases = list(aliases) if aliases else [default_alias(t) for t in tasks]
    if len(aliases) != len(tasks):
        raise CompositionError(f"{len(aliases)} aliases given for {len(tasks)} tasks")
    if len(set(aliases)) != len(aliases):
        raise CompositionError(f"aliases must be distinct: {aliases}")
    for alias in aliases:
        if not alias.isidentifier():
            raise CompositionError(f"alias {alias!r} is not a valid identifier")
    conflicts = find_conflicts(tasks)
    if conflicts:
        names = " + ".join(t.name for t in tasks)
        raise CompositionError(f"cannot compose {names}: " + "; ".join(conflicts))
    parsed = [Link.parse(link) if isinstance(link, str) else link for link in links]
    position = {alias: i for i, alias in enumerate(aliases)}
    for link in parsed:
        for side in (link.target, link.source):
            alias, _, field = side.partition(".")
            if alias not in position:
                raise CompositionError(
                    f"link {link.target}={link.source}: unknown alias {alias!r}; "
                    f"aliases are {', '.join(aliases)}"
                )
            fields = tasks[position[alias]].Params.model_fields
            if field not in fields:
                raise CompositionError(
                    f"link {link.target}={link.source}: task {tasks[position[alias]].name} "
                    f"has no parameter {field!r} (it has {', '.join(fields) or 'none'})"
                )
        if position[link.source.split(".")[0]] >= position[link.target.split(".")[0]]:
            raise CompositionError(
                f"link {link.target}={link.source}: the source must be an earlier sub-task"
            )
    if goal:
        unknown = _template_fields(goal) - set(aliases)
        if unknown:
            raise CompositionError(
                f"goal template uses {', '.join(sorted(unknown))}, not among the aliases "
                f"{', '.join(aliases)}"
            )
    model_fields: dict[str, Any]
    if flat_params is not None:
        model_fields = _flat_fields(tasks, aliases, {link.target for link in parsed}, flat_params)
    else:
        model_fields = {alias: (t.Params, ...) for alias, t in zip(aliases, tasks, strict=True)}
    params_model = create_model(
        f"{name}Params", __config__=ConfigDict(extra="forbid", frozen=True), **model_fields
    )
    footprint = Footprint()
    for task in tasks:
        footprint = footprint.union(task.footprint)
    apps: list[str] = []
    for task in tasks:
        apps += [a for a in task.app_names if a not in apps]
    tags = ["composite", *sorted({tag for t in tasks for tag in t.tags} - {"composite"})]
    hardest = max((t.difficulty for t in tasks), key=lambda d: _DIFFICULTY_ORDER.get(d, 1))
    attrs: dict[str, Any] = {
        "__doc__": description or "Composite of " + ", ".join(t.name for t in tasks) + ".",
        "name": name,
        "family": "",
        "template": goal or " / ".join(t.template for t in tasks),
        "goal_template": goal,
        "flat_params": None if flat_params is None else tuple(flat_params),
        "subtasks": tuple(tasks),
        "aliases": tuple(aliases),
        "links": tuple(parsed),
        "Params": params_model,
        "footprint": footprint,
        "app_names": tuple(apps),
        "complexity": sum(t.complexity for t in tasks),
        "difficulty": hardest,
        "tags": tuple(tags),
        "start_on_home_screen": tasks[0].start_on_home_screen,
        "met_at_start": all(t.met_at_start for t in tasks),
    }
    return type(attrs["name"], (CompositeTask,), attrs)
