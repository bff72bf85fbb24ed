"""MiniWoB++ tasks as droidhub tasks: one :class:`MiniWobTask` subclass per task name.

Every task drives the WebView app only through the :class:`droidhub.Device`: it
starts the activity with the task, a seed and the timer switched off, waits for the
utterance broadcast, and reads the reward back with a broadcast (the contract is in
:mod:`droidhub_miniwob.contract`). The agent's goal is the page's own utterance.
"""

from __future__ import annotations

import random
import time
from typing import TYPE_CHECKING, ClassVar, cast

from pydantic import BaseModel, ConfigDict, Field

from droidhub import Footprint, StateRefs, TaskEval
from droidhub_miniwob import contract
from droidhub_miniwob.contract import RewardReply, UtteranceReply

if TYPE_CHECKING:
    from droidhub import Device, Env
    from droidhub_miniwob.solvers import Solver

#: Seeds are 32-bit signed ints so that ``am start --ei seed`` carries them unchanged.
SEED_LIMIT = 2**31
_READY_TIMEOUT_S = 30.0
_POLL_S = 0.02

#: How AndroidWorld words a MiniWoB++ goal around the page's utterance.
GOAL_TEMPLATE = "Follow the instructions shown on the top of the screen: {utterance}"


class MiniWobParams(BaseModel):
    """One instance of a MiniWoB++ task: the page's seed, and whether its timer runs."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    seed: int = Field(ge=0, lt=SEED_LIMIT, description="seeds the page's Math.random")
    no_timer: bool = Field(
        default=True, description="disable the page's episode timer (agents are slow)"
    )


class MiniWobTask(TaskEval):
    """A MiniWoB++ page in the WebView app; :attr:`name` is the MiniWoB task name.

    The reward is 1.0 only when the page's raw reward is exactly 1; the raw reward
    (which may be partial, or -1 for a wrong answer) is kept in ``details``.
    """

    template = "Complete the MiniWoB++ task {task} (seed {seed})."
    app_names = ("miniwob",)
    #: AndroidWorld's complexity for every MiniWoB++ task: a budget of 30 steps.
    complexity = 3.0
    tags = ("miniwob",)
    start_on_home_screen = False
    params: MiniWobParams
    footprint = Footprint(writes=StateRefs(packages=frozenset({contract.PACKAGE})))
    #: The page the task runs (``click-button`` → ``click-button.html``).
    page: ClassVar[str] = ""

    def __init__(self, params: BaseModel | dict[str, object] | None = None) -> None:
        super().__init__(params)
        #: The page's instruction, known once :meth:`initialize_task` has run.
        self.utterance: str | None = None

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> MiniWobParams:
        """A seed drawn from ``rng``: the same draw gives the same page instance."""
        return MiniWobParams(seed=rng.randrange(SEED_LIMIT))

    @property
    def instance(self) -> MiniWobParams:
        """The parameters, typed."""
        return cast(MiniWobParams, self.params)

    @property
    def seed(self) -> int:
        """The instance's seed."""
        return self.instance.seed

    @property
    def goal(self) -> str:
        """The page's utterance as AndroidWorld words it, once the task is set up; a
        description before that."""
        if self.utterance:
            return GOAL_TEMPLATE.format(utterance=self.utterance)
        return self.template.format(task=self.page, seed=self.seed)

    def initialize_task(self, env: Env) -> None:
        """Start (or restart) the page with this instance's seed; wait for its utterance."""
        super().initialize_task(env)
        no_timer = self.instance.no_timer
        env.device.start_activity(
            component=contract.ACTIVITY_COMPONENT,
            extras={
                contract.EXTRA_TASK: self.page,
                contract.EXTRA_SEED: self.seed,
                contract.EXTRA_NO_TIMER: no_timer,
            },
        )
        reply = wait_for_utterance(env.device, self.page, self.seed)
        self.utterance = reply.utterance
        self.details["utterance"] = reply.utterance

    def reward_reply(self, env: Env) -> RewardReply | None:
        """Ask the app for the reward; None when no page answers."""
        result = env.device.broadcast(
            contract.ACTION_GET_REWARD, component=contract.RECEIVER_COMPONENT
        )
        if result.code != contract.RESULT_OK:
            return None
        return RewardReply.parse(result.data)

    def is_successful(self, env: Env) -> float:
        """1.0 when the page's raw reward is 1, else 0.0; the raw reward goes in details."""
        reply = self.reward_reply(env)
        if reply is None:
            self.details.update(raw_reward=None, done=False, reason="no task page answered")
            return 0.0
        self.details.update(
            raw_reward=reply.raw_reward,
            time_reward=reply.reward,
            done=reply.done,
            reason=reply.reason,
        )
        if reply.task != self.page or reply.seed != str(self.seed):
            # Another instance is showing (the agent relaunched the app with other
            # extras): this instance was not solved.
            self.details["reason"] = f"page shows {reply.task} seed {reply.seed}"
            return 0.0
        return 1.0 if reply.raw_reward == 1.0 else 0.0

    def is_done(self, env: Env) -> bool:
        """The episode ends when the page reports its episode done."""
        reply = self.reward_reply(env)
        return reply is not None and reply.done

    @classmethod
    def has_oracle(cls) -> bool:
        """Whether a scripted solver exists for this page."""
        return _solver(cls.page) is not None

    @classmethod
    def no_oracle_reason(cls) -> str:
        """Why the page has no solver (:data:`droidhub_miniwob.solvers.gaps.GAPS`)."""
        from droidhub_miniwob.solvers.gaps import GAPS

        return "" if cls.has_oracle() else GAPS.get(cls.page, "")

    def oracle(self, env: Env) -> str | None:
        """Solve the page through the device only (taps and text from the UI tree)."""
        solver = _solver(self.page)
        if solver is None:
            raise NotImplementedError(f"MiniWoB task {self.page} has no scripted solver")
        solver(env, self.utterance or "")
        return None


def _solver(page: str) -> Solver | None:
    """The solver of ``page``. The solvers are imported on first use, not with the
    tasks: they read screens with the virtual phone's view engine (skia, numpy), which
    a command that only lists or runs tasks with an agent has no use for."""
    from droidhub_miniwob import solvers

    return solvers.get(page)


def wait_for_utterance(
    device: Device, task: str, seed: int | str | None, timeout: float = _READY_TIMEOUT_S
) -> UtteranceReply:
    """Poll GET_UTTERANCE until the page of ``task`` with ``seed`` is up and ready."""
    deadline = time.monotonic() + timeout
    last: UtteranceReply | None = None
    while True:
        result = device.broadcast(
            contract.ACTION_GET_UTTERANCE, component=contract.RECEIVER_COMPONENT
        )
        if result.code == contract.RESULT_OK:
            last = UtteranceReply.parse(result.data)
            if (
                last is not None
                and last.ready
                and last.task == task
                and (seed is None or last.seed == str(seed))
            ):
                return last
        if time.monotonic() >= deadline:
            seen = f"the app answered {last}" if last else f"the app answered code {result.code}"
            raise TimeoutError(
                f"MiniWoB task {task} (seed {seed}) was not ready after {timeout:.0f} s; "
                f"{seen}. Is the app {contract.PACKAGE} installed and the page present?"
            )
        time.sleep(_POLL_S)


def make_task_class(page: str, family: str) -> type[MiniWobTask]:
    """A :class:`MiniWobTask` subclass for ``page`` in ``family`` (one class per family,
    since a class belongs to the family that registers it first)."""
    class_name = "MiniWob_" + page.replace("-", "_") + "_" + family
    attrs = {
        "name": page,
        "family": family,
        "page": page,
        "__doc__": f"The MiniWoB++ page {page}.html, instructions from the page.",
        "__module__": __name__,
    }
    return type(class_name, (MiniWobTask,), attrs)
