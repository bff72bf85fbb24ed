"""Agents: what decides the next action. Built-ins: ``noop``, ``random``, ``oracle``.

An agent is any class with ``reset(goal, task, env, rng)`` and ``step(state)``; it
declares what it observes (:class:`droidhub.env.environment.Observe`) so the env fetches only that.
A user agent is named on the command line as ``module:Class``.

Agents may take options (``--agent-option KEY=VALUE``): a factory's ``options`` model,
or a ``module:Class`` agent's ``Options`` class attribute, is a pydantic model that
validates them; the agent is then built with the validated model as its one argument.
"""

from __future__ import annotations

import importlib
import os
import random
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar, cast

from pydantic import BaseModel, ValidationError

from droidhub.env.actions import Action
from droidhub.env.environment import Observe

if TYPE_CHECKING:
    from droidhub.env.environment import Env, State
    from droidhub.tasks.task_eval import TaskEval


class Agent:
    """Base class of agents. Override :meth:`step`; :meth:`reset` is optional."""

    #: What the agent looks at; the env fetches only this. Read again after
    #: :meth:`reset`, so an agent may choose it per task.
    observes: ClassVar[Observe] = Observe.UI_TREE

    def reset(self, goal: str, task: TaskEval, env: Env, rng: random.Random) -> None:
        """Start a new episode with ``goal``. ``rng`` is seeded from the instance seed."""
        del goal, task, env, rng

    def step(self, state: State) -> Action:
        """Return the next action for the current observation."""
        raise NotImplementedError


Built = TypeVar("Built")


@dataclass(frozen=True)
class NamedFactory(Generic[Built]):
    """A named way to build one object, an agent or a judge, from ``--agent-option``
    strings.

    Without ``options``, ``create()`` takes no argument. With an ``options`` model,
    ``create(options)`` receives the validated model (defaults where no option was given).
    """

    #: What the factory builds, as error messages name it ("agent", "judge").
    kind: ClassVar[str]
    name: str
    description: str
    create: Callable[..., Built]
    options: type[BaseModel] | None = None

    def build(self, options: Mapping[str, str] | None = None) -> Built:
        """Validate ``options`` against :attr:`options` and build one object."""
        if self.options is None:
            self._refuse(options)
            return self.create()
        return self.create(validate_options(self.name, self.options, options or {}, self.kind))

    def _refuse(self, options: Mapping[str, str] | None) -> None:
        """Raise, saying what was given, if there are ``options``: this factory takes none."""
        raise NotImplementedError


class AgentFactory(NamedFactory[Agent]):
    """A named way to build an agent (``--agent NAME``).

    ``build(options)`` validates the ``--agent-option`` strings and builds one agent.
    Without ``options``, ``create()`` takes no argument. With an ``options`` model,
    ``create(options)`` receives the validated model (defaults where no option was given).
    """

    kind: ClassVar[str] = "agent"

    def _refuse(self, options: Mapping[str, str] | None) -> None:
        """Raise :class:`AgentOptionsError` if there are ``options``."""
        _refuse_options(self.name, options)


class NoopAgent(Agent):
    """Does nothing and says it is done: the floor every task must score 0 on."""

    def step(self, state: State) -> Action:
        del state
        return Action(action_type="status", goal_status="complete")


class RandomAgent(Agent):
    """Taps, types and scrolls at random, seeded by the instance seed."""

    def reset(self, goal: str, task: TaskEval, env: Env, rng: random.Random) -> None:
        self.rng = random.Random(rng.getrandbits(64))

    def step(self, state: State) -> Action:
        rng = self.rng
        elements = state.ui_elements
        choice = rng.random()
        if elements and choice < 0.6:
            return Action(action_type="click", index=rng.randrange(len(elements)))
        if choice < 0.75:
            return Action(action_type="scroll", direction=rng.choice(["up", "down"]))
        if choice < 0.85:
            return Action(action_type="input_text", text=rng.choice(["hello", "1", "test"]))
        if choice < 0.95:
            return Action(action_type="navigate_back")
        return Action(action_type="status", goal_status="complete")


class OracleAgent(Agent):
    """Runs the task's oracle, then answers (for questions) and says it is done."""

    def reset(self, goal: str, task: TaskEval, env: Env, rng: random.Random) -> None:
        self.task, self.env = task, env
        self.pending: list[Action] = []
        self.started = False

    def step(self, state: State) -> Action:
        del state
        if not self.started:
            self.started = True
            answer = self.task.oracle(self.env)
            if answer is not None:
                self.pending.append(Action(action_type="answer", text=answer))
            self.pending.append(Action(action_type="status", goal_status="complete"))
        return self.pending.pop(0)


BUILTIN = (
    AgentFactory("noop", "does nothing and reports completion (scores 0 everywhere)", NoopAgent),
    AgentFactory("random", "random taps, scrolls and text, seeded per instance", RandomAgent),
    AgentFactory("oracle", "runs each task's oracle (proves every task is solvable)", OracleAgent),
)


class AgentLoadError(LookupError):
    """An agent name that names no registered agent and no importable class."""


class AgentOptionsError(AgentLoadError):
    """An ``--agent-option`` the agent does not take, or a value it does not accept."""


def _refuse_options(name: str, options: Mapping[str, str] | None) -> None:
    if options:
        keys = ", ".join(sorted(options))
        raise AgentOptionsError(f"agent {name} takes no options (got {keys})")


def validate_options(
    name: str, model: type[BaseModel], options: Mapping[str, str], kind: str = "agent"
) -> BaseModel:
    """Validate string ``options`` against the options ``model`` of the ``kind`` (an
    agent, a judge) called ``name``.

    Unknown keys are an error naming the valid ones; a bad value names the option,
    the value and what was expected.
    """
    valid = sorted(model.model_fields)
    unknown = sorted(set(options) - set(valid))
    if unknown:
        raise AgentOptionsError(
            f"unknown option {', '.join(map(repr, unknown))} for {kind} {name}; "
            f"valid options: {', '.join(valid) or 'none'}"
        )
    try:
        return model.model_validate(dict(options))
    except ValidationError as exc:
        problems = []
        for err in exc.errors():
            key = ".".join(str(p) for p in err["loc"]) or "options"
            shown = f" (got {err['input']!r})" if key in options else ""
            problems.append(f"option {key!r} of {kind} {name}: {err['msg']}{shown}")
        raise AgentOptionsError("; ".join(problems)) from None


def options_model(target: Any) -> type[BaseModel] | None:
    """The options model a ``module:Class`` agent declares as ``Options``, if any."""
    found = getattr(target, "Options", None)
    if isinstance(found, type) and issubclass(found, BaseModel):
        return found
    return None


def describe_options(model: type[BaseModel] | None) -> list[dict[str, str]]:
    """Each option of ``model``: name, type, default and description (for listings)."""
    if model is None:
        return []
    rows = []
    for key, info in model.model_fields.items():
        annotation = info.annotation
        if isinstance(annotation, type):
            kind = annotation.__name__
        else:  # unions, Literal[...]: their repr reads well once the module prefix goes
            kind = str(annotation).replace("typing.", "").replace("NoneType", "None")
        default = "(required)" if info.is_required() else repr(info.get_default())
        rows.append(
            {"name": key, "type": kind, "default": default, "description": info.description or ""}
        )
    return rows


#: The ``compat`` option of ``module:Class`` agents: which foreign agent interface the
#: class follows, and the module:function that wraps such a class into a droidhub agent.
COMPAT_ADAPTERS = {"android_world": "droidhub.compat.android_world:wrap_agent_class"}


def import_agent_module(name: str) -> ModuleType:
    """Import the module of a ``module:Class`` agent, from the installed packages or,
    failing that, from the current folder (as ``python -m`` would; the ``droidhub``
    script's own folder is what Python puts on ``sys.path`` instead).

    A module that is not found raises :class:`AgentLoadError` with a hint; a module that
    fails while importing raises it with the module's own error.
    """
    cwd = os.getcwd()
    added = cwd not in sys.path
    if added:  # last, so that an installed package of the same name still wins
        sys.path.append(cwd)
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        missing = exc.name or name
        if name != missing and not name.startswith(missing + "."):
            raise AgentLoadError(f"agent module {name!r} failed to import: {exc}") from exc
        top = missing.split(".")[0]
        hint = f"run droidhub from the folder that holds {top}/ (or {top}.py)"
        if Path(cwd, "src", top).is_dir():
            hint = f"it is under src/: install it first with `pip install -e {cwd}`"
        raise AgentLoadError(
            f"cannot import agent module {name!r}: no module {missing!r} in {cwd} or "
            f"the installed packages; {hint}, or pip install the package"
        ) from None
    except Exception as exc:  # whatever the user's module raises is reported, in one line
        raise AgentLoadError(
            f"agent module {name!r} failed to import: {type(exc).__name__}: {exc}"
        ) from exc
    finally:
        if added and cwd in sys.path:
            sys.path.remove(cwd)


def load_agent(
    spec: str, factories: dict[str, AgentFactory], options: Mapping[str, str] | None = None
) -> Agent:
    """Build the agent named ``spec``: a registered name, or ``module:Class``.

    ``options`` are the ``--agent-option`` values, validated by the agent's options
    model. A ``module:Class`` agent also takes ``compat=android_world``: the class is
    an AndroidWorld agent, run through :mod:`droidhub.compat.android_world`.
    """
    if spec in factories:
        return factories[spec].build(options)
    if ":" not in spec:
        known = ", ".join(sorted(factories))
        raise AgentLoadError(
            f"unknown agent {spec!r}; use one of {known}, or module:Class for your own"
        )
    module_name, _, attr = spec.partition(":")
    module = import_agent_module(module_name)
    target: Any = module
    for part in attr.split("."):
        target = getattr(target, part, None)
        if target is None:
            raise AgentLoadError(f"module {module_name!r} has no attribute {attr!r}")
    options = dict(options or {})
    compat = options.pop("compat", None)
    if compat is not None:
        if compat not in COMPAT_ADAPTERS:
            raise AgentOptionsError(
                f"unknown compat {compat!r} for agent {spec}; "
                f"valid: {', '.join(sorted(COMPAT_ADAPTERS))}"
            )
        adapter_module, _, adapter = COMPAT_ADAPTERS[compat].partition(":")
        target = getattr(importlib.import_module(adapter_module), adapter)(target)
    model = options_model(target)
    if model is None:
        _refuse_options(spec, options)
        args: tuple[Any, ...] = ()
    else:
        args = (validate_options(spec, model, options),)
    try:
        agent = target(*args)
    except Exception as exc:  # the user's class: its failure is reported in one line
        raise AgentLoadError(
            f"{spec} could not be built: {type(exc).__name__}: {exc}; an agent class is "
            "built with no argument (or its Options model)"
        ) from exc
    if not callable(getattr(agent, "step", None)):
        raise AgentLoadError(f"{spec} is not an agent: it has no step(state) method")
    return cast(Agent, agent)  # duck-typed: it has step(), which is what an Agent needs
