"""The task: what an agent is asked to do, how the device is set up, and how it is scored.

:class:`TaskEval` keeps AndroidWorld's surface (``template``, ``app_names``,
``complexity``, ``generate_random_params``, ``initialize_task``, ``is_successful``,
``tear_down``) so tasks and habits carry over, with three additions: parameters are a
pydantic model, random parameters come from an explicit :class:`random.Random`, and a
task may ship an :meth:`~TaskEval.oracle` and declares its :class:`Footprint`.
"""

from __future__ import annotations

import abc
import contextlib
import datetime as dt
import inspect
import random
import sys
import types
import typing
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import BaseModel, ConfigDict, ValidationError

if TYPE_CHECKING:
    from droidhub.env.environment import Env


class NoParams(BaseModel):
    """Parameters of a task that has none."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class StateRefs(BaseModel):
    """A set of pieces of device state, named the way the device names them.

    ``settings`` are ``namespace/key`` (``global/wifi_on``); ``paths`` are absolute
    device paths, a folder standing for everything under it; ``content_uris`` are
    provider URIs (``content://sms``); ``packages`` are apps whose whole data is reset.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    settings: frozenset[str] = frozenset()
    paths: frozenset[str] = frozenset()
    content_uris: frozenset[str] = frozenset()
    packages: frozenset[str] = frozenset()

    def overlap(self, other: StateRefs) -> list[str]:
        """Return the pieces of state named by both, paths overlapping by prefix."""
        shared = sorted(self.settings & other.settings)
        shared += sorted(self.content_uris & other.content_uris)
        shared += sorted(self.packages & other.packages)
        for mine in sorted(self.paths):
            for theirs in sorted(other.paths):
                if _path_within(mine, theirs) or _path_within(theirs, mine):
                    shared.append(mine if len(mine) >= len(theirs) else theirs)
        return shared

    def union(self, other: StateRefs) -> StateRefs:
        """Return the state named by either."""
        return StateRefs(
            settings=self.settings | other.settings,
            paths=self.paths | other.paths,
            content_uris=self.content_uris | other.content_uris,
            packages=self.packages | other.packages,
        )

    def is_empty(self) -> bool:
        """True when no state is named."""
        return not (self.settings or self.paths or self.content_uris or self.packages)


def _path_within(path: str, folder: str) -> bool:
    folder = folder.rstrip("/")
    return path == folder or path.startswith(folder + "/")


class Footprint(BaseModel):
    """The device state a task touches.

    ``writes``: state the task sets up, that an agent is expected to change, or that
    tear-down restores. ``reads``: state the task only reads to score (an app's
    database it queries but never resets). ``droidhub check`` proves that after
    tear-down the ``writes`` are back as set-up found them and that nothing outside
    the footprint changed; composition refuses two tasks whose writes overlap.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    writes: StateRefs = StateRefs()
    reads: StateRefs = StateRefs()

    def union(self, other: Footprint) -> Footprint:
        """Return the footprint of doing both tasks."""
        return Footprint(
            writes=self.writes.union(other.writes), reads=self.reads.union(other.reads)
        )


class TaskParamsError(ValueError):
    """Raised when parameters handed to a task do not fit its ``Params`` model."""


class NoOracle(Exception):
    """Raised by :meth:`TaskEval.oracle` when this instance cannot be solved by the
    oracle, with the reason (e.g. what the instance asks needs an action the action
    set lacks). ``droidhub check`` reports the oracle as skipped with that reason."""


class TaskEval(abc.ABC):
    """One task: a goal for the agent, its set-up on the device, and its reward.

    Subclass it, set the class attributes, and implement :meth:`is_successful`::

        class SystemWifiTurnOn(TaskEval):
            template = "Turn wifi on."
            app_names = ("settings",)
            complexity = 1

            def initialize_task(self, env):
                super().initialize_task(env)
                env.device.put_setting("global", "wifi_on", "0")

            def is_successful(self, env):
                return 1.0 if env.device.get_setting("global", "wifi_on") == "1" else 0.0

    The step budget of an episode is ``10 * complexity``.
    """

    #: Goal template, formatted with the parameters: ``"Send '{message}' to {number}"``.
    template: ClassVar[str] = ""
    #: Names of the apps the task involves (as ``open_app`` accepts them).
    app_names: ClassVar[tuple[str, ...]] = ()
    #: Rough number of steps / 10 an expert needs; the step budget is 10 x complexity.
    complexity: ClassVar[float] = 1.0
    #: ``easy`` / ``medium`` / ``hard``, as AndroidWorld labels its tasks.
    difficulty: ClassVar[str] = "easy"
    #: Free tags (``data_entry``, ``information_retrieval``...), used in reports.
    tags: ClassVar[tuple[str, ...]] = ()
    #: Whether the episode starts from the launcher home screen.
    start_on_home_screen: ClassVar[bool] = True
    #: The goal already holds once set up (AndroidWorld's *Verify* tasks): the agent must
    #: notice and not break it. ``droidhub check`` then proves that :meth:`wrong_action`
    #: scores 0 instead of proving that doing nothing scores 0.
    met_at_start: ClassVar[bool] = False
    #: The pydantic model of the task's parameters. A task states it once, as the type
    #: of its instances' ``params`` (``params: SendParams``); this is then set from it.
    Params: ClassVar[type[BaseModel]] = NoParams
    #: The device state the task touches; see :class:`Footprint`.
    footprint: ClassVar[Footprint] = Footprint()
    #: Name of the task; defaults to the class name.
    name: ClassVar[str] = ""
    #: Name of the family the task belongs to; set by :class:`droidhub.TaskFamily`.
    family: ClassVar[str] = ""
    #: The clock every instance starts at: :meth:`initialize_task` sets it first
    #: (``date`` as root), before each task, as AndroidWorld sets 2023-10-15 15:34 UTC.
    #: None leaves the clock alone; :class:`droidhub.TaskFamily` can set it for all of its
    #: tasks. The clock is not put back in tear-down: it runs on, as on any phone.
    device_time: ClassVar[dt.datetime | None] = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if not cls.__dict__.get("name"):
            cls.name = cls.__name__
        model = _annotated_params_model(cls)
        if model is None:
            return
        stated = cls.__dict__.get("Params")
        if stated is not None and stated is not model:
            raise TypeError(
                f"{cls.__name__}: params is annotated {model.__name__} but Params is "
                f"{stated.__name__}; state the model once, as `params: {model.__name__}`"
            )
        cls.Params = model

    def __init__(self, params: BaseModel | Mapping[str, Any] | None = None) -> None:
        # An instance of the task's own Params model; typed Any so a task reads its
        # fields (self.params.number) without a cast.
        self.params: Any = self.validate_params(params if params is not None else {})
        #: The seed this instance's params were drawn with (a suite's instance seed), set
        #: by :meth:`droidhub.TaskInstance.create`; None for a task made from params
        #: alone. AndroidWorld reseeds with it when a task sets up, and a task that
        #: reproduces AW's set-up draws (its noise, its goal's wording) does the same.
        self.instance_seed: int | None = None
        self.initialized = False
        #: Extra facts recorded with the episode result (raw rewards, sub-rewards...).
        self.details: dict[str, Any] = {}

    @classmethod
    def validate_params(cls, params: BaseModel | Mapping[str, Any]) -> BaseModel:
        """Return ``params`` as an instance of :attr:`Params`, or raise a clear error."""
        if isinstance(params, cls.Params):
            return params
        raw = params.model_dump() if isinstance(params, BaseModel) else dict(params)
        try:
            return cls.Params.model_validate(raw)
        except ValidationError as exc:
            problems = "; ".join(
                f"{'.'.join(str(p) for p in err['loc']) or '(params)'}: {err['msg']}"
                for err in exc.errors()
            )
            raise TaskParamsError(f"bad parameters for task {cls.name}: {problems}") from exc

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> BaseModel:
        """Draw parameters for one instance, using only ``rng`` for randomness.

        The same ``rng`` state must always give the same parameters. Tasks without
        parameters need not override this.
        """
        del rng
        return cls.Params()

    @property
    def goal(self) -> str:
        """The instruction the agent receives: :attr:`template` filled with the params."""
        return self.template.format(**self.params.model_dump())

    @property
    def max_steps(self) -> int:
        """The step budget of an episode (see :meth:`step_budget`)."""
        return self.step_budget()

    @classmethod
    def step_budget(cls) -> int:
        """Ten steps per unit of complexity, at least one (AndroidWorld's budget)."""
        return max(1, round(10 * cls.complexity))

    def initialize_task(self, env: Env) -> None:
        """Put the device into the task's start state (target data plus noise).

        Subclasses extend this and call ``super().initialize_task(env)`` first: it sets
        the clock to :attr:`device_time`, when the task has one.
        """
        if self.device_time is not None:
            env.device.set_time(self.device_time)
        self.initialized = True

    @abc.abstractmethod
    def is_successful(self, env: Env) -> float:
        """Return the reward in ``[0, 1]`` computed from device state (1 = success)."""

    def tear_down(self, env: Env) -> None:
        """Undo what :meth:`initialize_task` set up. Runs even after errors."""
        del env
        self.initialized = False

    def restore(self, env: Env) -> None:
        """Bring the phone back to a usable state after :meth:`tear_down` failed or hung.

        The runner calls it (bounded in time, then a health check) on a phone it cannot
        replace by a fresh one. The default stops the task's apps and goes home; a
        family whose tasks leave more behind overrides it in its base class.
        """
        for name in self.app_names:
            with contextlib.suppress(Exception):  # one app that cannot stop is no reason to
                env.device.force_stop(env.find_app(name).package)  # leave the others running
        env.device.go_home()

    def is_done(self, env: Env) -> bool:
        """Whether the episode should end before the agent says so (default: never)."""
        del env
        return False

    @classmethod
    def has_oracle(cls) -> bool:
        """Whether the task ships an :meth:`oracle`."""
        return cls.oracle is not TaskEval.oracle

    @classmethod
    def no_oracle_reason(cls) -> str:
        """Why the task has no oracle, for ``droidhub check`` to show ("" when it has
        one, or when no reason is given). A task overrides it to say what stands in
        the way (a continuous reward, a gesture the phone does not model...)."""
        return ""

    def oracle(self, env: Env) -> str | None:
        """Achieve the goal directly through the device; return the answer for questions.

        The default has no oracle and raises :class:`NotImplementedError`; tasks
        override it. Returning a string means "this is the answer to give".
        """
        raise NotImplementedError(f"task {self.name} has no oracle")

    def wrong_action(self, env: Env) -> None:
        """For :attr:`met_at_start` tasks: break the goal the way a careless agent would."""
        raise NotImplementedError(f"task {self.name} declares no wrong action")

    def check_cases(self) -> list[tuple[str, Callable[[Env], None], float]]:
        """Extra cases ``droidhub check`` proves: ``(label, act, expected reward)``.

        Each case runs on a fresh phone: set up, ``act(env)``, score, tear down. A
        composite uses it to prove that each sub-oracle alone scores exactly 1/N.
        """
        return []


def _annotated_params_model(cls: type) -> type[BaseModel] | None:
    """The pydantic model ``cls`` annotates its ``params`` with, if it does so itself."""
    annotation = inspect.get_annotations(cls).get("params")
    if annotation is None:
        return None
    # Resolved as typing.get_type_hints resolves it (a string under `from __future__
    # import annotations`), in the task's module, for this one annotation only.
    holder = types.SimpleNamespace(__annotations__={"params": annotation})
    module = sys.modules.get(cls.__module__)
    try:
        hints = typing.get_type_hints(
            holder, globalns=vars(module) if module else {}, localns=dict(vars(cls))
        )
    except NameError:  # a name only type checkers see: the model is then set as Params
        return None
    model = hints["params"]
    if isinstance(model, type) and issubclass(model, BaseModel):
        return model
    return None
