"""droidhub's task families as inspect_ai tasks: ``inspect eval droidhub/android_world``.

Each sample is one instance of a family's task (the same instances, seeds and goals as
``droidhub run --seed``); its phone is set up before the model's first turn and torn
down after scoring; the model acts through AndroidWorld's actions as inspect tools;
the score is the task's reward. Every provider inspect has then evaluates on
droidhub's tasks, and inspect's log viewer shows the episodes::

    inspect eval droidhub/android_world --model openai/gpt-4o \\
        -T tasks=SystemWifiTurnOn,ClockStopWatchRunning -T device=virtual

``device``: ``virtual`` gives each sample a fresh virtual phone of one server in this
process (samples run in parallel); an adb serial serves one sample at a time. Needs
the ``inspect`` extra (``pip install './core[inspect]'``).
"""

from __future__ import annotations

import contextvars
import threading
from typing import Any, Literal

import anyio
from inspect_ai import Task, task
from inspect_ai.dataset import Sample
from inspect_ai.scorer import Score, Target, mean, scorer
from inspect_ai.solver import Generate, Solver, TaskState, basic_agent, solver
from inspect_ai.tool import Tool, ToolError, tool

from droidhub.device.client import Device
from droidhub.device.connect import parse_device_spec
from droidhub.faces.phone_session import KEY_ACTIONS, PhoneSession, elements_text
from droidhub.plugins import catalog
from droidhub.tasks.suite import DEFAULT_SEED, TaskInstance, build_suite

#: The phone of the sample this coroutine serves (set by the set-up, read by the tools).
_SESSION: contextvars.ContextVar[PhoneSession | None] = contextvars.ContextVar(
    "droidhub_session", default=None
)
#: Every sample's phone, by (sample id, epoch), for the scorer and the clean-up.
_LIVE: dict[tuple[str | int, int], PhoneSession] = {}


class _Phones:
    """Where samples get phones: a fresh virtual phone each (one server per process),
    or the one real phone, lent to one sample at a time."""

    _server: Any = None
    _lock = threading.Lock()
    _real = threading.Semaphore(1)

    @classmethod
    def take(cls, spec: str, adb_host: str, adb_port: int) -> Device:
        _count, serials = parse_device_spec(spec)
        if serials:
            cls._real.acquire()
            return Device(serials[0], host=adb_host, port=adb_port)
        with cls._lock:
            if cls._server is None:
                from droidhub.virtual.server import VirtualDeviceServer

                # The process's server lives as long as it (stopped at exit).
                cls._server = VirtualDeviceServer(devices=0).start()
            serial = cls._server.add_phone()
            return Device(serial, host="127.0.0.1", port=cls._server.port)

    @classmethod
    def give_back(cls, device: Device) -> None:
        if cls._server is not None and device.port == cls._server.port:
            cls._server.remove_phone(device.serial)
        else:
            cls._real.release()


def _key(state: TaskState) -> tuple[str | int, int]:
    return (state.sample_id, state.epoch)


def _session() -> PhoneSession:
    session = _SESSION.get()
    if session is None:
        raise ToolError("no phone: the sample was not set up")
    return session


async def _act(**fields: Any) -> str:
    session = _session()
    try:
        return await anyio.to_thread.run_sync(lambda: session.act(**fields))
    except ValueError as exc:  # an action the phone cannot take: the model sees why
        raise ToolError(str(exc)) from None


@tool
def ui_elements() -> Tool:
    async def execute() -> str:
        """The screen's UI elements, one per line: index, class, label, bounds, flags."""
        session = _session()
        return await anyio.to_thread.run_sync(lambda: elements_text(session))

    return execute


@tool
def tap() -> Tool:
    async def execute(index: int) -> str:
        """Tap a UI element.

        Args:
            index: The element's index, as ui_elements lists it.
        """
        return await _act(action_type="click", index=index)

    return execute


@tool
def type_text() -> Tool:
    async def execute(text: str, index: int) -> str:
        """Type text into a field (then ENTER, as AndroidWorld's input_text does).

        Args:
            text: What to type.
            index: The field's index, as ui_elements lists it.
        """
        return await _act(action_type="input_text", text=text, index=index)

    return execute


@tool
def scroll() -> Tool:
    async def execute(direction: Literal["up", "down", "left", "right"]) -> str:
        """Scroll the screen.

        Args:
            direction: Which way the content moves into view.
        """
        return await _act(action_type="scroll", direction=direction)

    return execute


@tool
def press() -> Tool:
    async def execute(key: Literal["back", "home", "enter"]) -> str:
        """Press a key of the phone.

        Args:
            key: back, home or enter.
        """
        return await _act(action_type=KEY_ACTIONS[key])

    return execute


@tool
def open_app() -> Tool:
    async def execute(name: str) -> str:
        """Open an app by the name its launcher shows.

        Args:
            name: The app's name (Settings, Markor, Simple Calendar Pro...).
        """
        return await _act(action_type="open_app", app_name=name)

    return execute


@solver
def phone_setup(device: str, adb_host: str, adb_port: int) -> Solver:
    """Lend the sample a phone and set its task instance up on it."""

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        meta = state.metadata
        inst = _instance(meta["family"], meta["task"], meta["instance"], meta["suite_seed"])
        taken = await anyio.to_thread.run_sync(lambda: _Phones.take(device, adb_host, adb_port))
        session = PhoneSession(taken)
        _LIVE[_key(state)] = session
        _SESSION.set(session)
        started = await anyio.to_thread.run_sync(lambda: session.start_instance(inst))
        state.metadata["goal"] = started["goal"]
        return state

    return solve


@scorer(metrics=[mean()])
def droidhub_reward() -> Any:
    """The task's reward in [0, 1] from the phone's state (1.0: success)."""

    async def score(state: TaskState, target: Target) -> Score:
        del target  # the reward comes from the phone, not from a text answer
        session = _LIVE.get(_key(state))
        if session is None or session.task is None:
            return Score(value=0.0, explanation="the sample's phone was never set up")
        reward = await anyio.to_thread.run_sync(session.score)
        return Score(value=reward, explanation=f"droidhub reward {reward:g}")

    return score


async def _cleanup(state: TaskState) -> None:
    session = _LIVE.pop(_key(state), None)
    if session is not None:
        await anyio.to_thread.run_sync(session.stop)
        await anyio.to_thread.run_sync(lambda: _Phones.give_back(session.device))


def _instance(family: str, name: str, index: int, seed: int) -> TaskInstance:
    return build_suite(catalog.registry(), [family], [name], index + 1, seed)[index]


def family_task(
    family: str,
    tasks: str = "",
    seed: int = DEFAULT_SEED,
    n_combinations: int = 1,
    device: str = "virtual",
    adb_host: str = "127.0.0.1",
    adb_port: int = 5037,
) -> Task:
    """An inspect Task of a droidhub family: one sample per instance, the phone's actions
    as tools, the reward as the score, the step budget as the message limit."""
    names = [t.strip() for t in tasks.split(",") if t.strip()] or None
    instances = build_suite(catalog.registry(), [family], names, n_combinations, seed)
    samples = [
        Sample(
            id=inst.episode_id,
            input=inst.create().goal,
            metadata={"family": inst.family, "task": inst.name, "instance": inst.instance,
                      "suite_seed": seed, "params": inst.params},
        )
        for inst in instances
    ]  # fmt: skip
    budget = max((inst.task_cls.step_budget() for inst in instances), default=10)
    return Task(
        dataset=samples,
        setup=phone_setup(device, adb_host, adb_port),
        solver=basic_agent(
            tools=[ui_elements(), tap(), type_text(), scroll(), press(), open_app()],
            message_limit=2 * budget + 2,  # a tool call and its answer per step
        ),
        scorer=droidhub_reward(),
        cleanup=_cleanup,
        name=family,
    )


@task
def android_world(
    tasks: str = "", seed: int = DEFAULT_SEED, n_combinations: int = 1, device: str = "virtual"
) -> Task:
    """AndroidWorld's tasks (family android_world), as ``droidhub run`` draws them."""
    return family_task("android_world", tasks, seed, n_combinations, device)


@task
def miniwob(
    tasks: str = "", seed: int = DEFAULT_SEED, n_combinations: int = 1, device: str = "virtual"
) -> Task:
    """MobileMiniWoB++ (family miniwob)."""
    return family_task("miniwob", tasks, seed, n_combinations, device)


@task
def family(
    name: str,
    tasks: str = "",
    seed: int = DEFAULT_SEED,
    n_combinations: int = 1,
    device: str = "virtual",
) -> Task:
    """Any installed family: ``inspect eval droidhub/family -T name=composite``."""
    return family_task(name, tasks, seed, n_combinations, device)
