"""The Gymnasium face: a droidhub task on a phone as a :class:`gymnasium.Env`.

Importing this module registers ``droidhub/AndroidWorld-v0`` and ``droidhub/MiniWoB-v0``
(gymnasium 1.x dropped entry-point plugins, so registration happens on import; the
``module:id`` form imports it for you)::

    import gymnasium
    env = gymnasium.make("droidhub.faces.gym_env:droidhub/AndroidWorld-v0",
                         task="SystemWifiTurnOn")
    obs, info = env.reset(seed=0)
    obs, reward, terminated, truncated, info = env.step('{"action_type": "navigate_home"}')

An episode is what ``droidhub run`` plays: :meth:`PhoneEnv.reset` draws the task
instance from the seed as a suite does (AndroidWorld's seeds), sets it up on the phone
and observes; each :meth:`PhoneEnv.step` parses the JSON action and carries it out
through :class:`droidhub.env.environment.Env`. The reward is the task's
``is_successful`` at the end: terminated on ``status``/``answer`` (or when the task says
it is done), truncated at the task's step budget. See docs/gymnasium.md.
"""

from __future__ import annotations

import contextlib
import copy
import functools
import json
import os
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AsyncVectorEnv, SyncVectorEnv
from gymnasium.vector.utils import concatenate, iterate
from gymnasium.vector.vector_env import AutoresetMode

from droidhub.android.phone import PIXEL_6
from droidhub.android.ui_tree import PARSED_DUMPS_KEPT, parse_hierarchy
from droidhub.device.client import Device
from droidhub.device.connect import open_devices
from droidhub.env.actions import Action, ActionError
from droidhub.env.environment import Env, Observe, State
from droidhub.faces.gym_spaces import AnyText
from droidhub.plugins import catalog
from droidhub.tasks.suite import DEFAULT_SEED, TaskInstance, make_instance, select_tasks
from droidhub.tasks.task_eval import TaskEval
from droidhub.virtual.phone_settings import check_phone_settings
from droidhub.virtual.server_process import ServerProcesses

#: The longest UI element list (as JSON text) and action the spaces admit.
MAX_TEXT = 1 << 20
#: The ids this module registers, and the family each plays.
ENV_IDS = {"droidhub/AndroidWorld-v0": "android_world", "droidhub/MiniWoB-v0": "miniwob"}


class PhoneEnv(gymnasium.Env[dict[str, Any], str]):
    """Tasks of one droidhub family on one phone, as a Gymnasium environment.

    Args:
        family: the task family (``android_world``, ``miniwob``, ... see ``droidhub list``).
        task: a task name, several joined by commas, or None for every task of the
            family; with several, each reset picks one with the env's ``np_random``.
        seed: the suite seed a :meth:`reset` without a seed draws instances from.
        device: ``"virtual"`` (a virtual phone of its own, stopped by :meth:`close`;
            a scratch phone: its sandbox in /dev/shm where that has 1 GiB free, unless
            ``$DROIDHUB_VIRTUAL_DIR`` names a folder), a serial of a phone on the adb server at
            ``adb_host:adb_port``, or a :class:`~droidhub.device.client.Device` someone
            else owns.
        observe: ``"ui_tree"``, ``"screenshot"`` or ``"both"``: the observation's keys,
            and all that is fetched (pixels cost far more than text).
        screen_scale: the screenshot's size relative to the phone's (0.25 gives 270x600
            on a Pixel 6).
        max_steps: the step budget; the task's own budget by default.
        render_mode: ``"rgb_array"`` or None.
    """

    metadata: dict[str, Any] = {"render_modes": ["rgb_array"], "render_fps": 4}

    def __init__(
        self,
        family: str,
        task: str | None = None,
        seed: int = DEFAULT_SEED,
        device: str | Device = "virtual",
        observe: str = "both",
        screen_scale: float = 1.0,
        max_steps: int | None = None,
        render_mode: str | None = None,
        adb_host: str = "127.0.0.1",
        adb_port: int = 5037,
    ) -> None:
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode {render_mode!r}: use 'rgb_array' or None")
        if not 0 < screen_scale <= 1:
            raise ValueError(f"screen_scale must be in (0, 1], got {screen_scale}")
        self.family = family
        names = [n.strip() for n in task.split(",")] if task else None
        self.tasks: list[type[TaskEval]] = select_tasks(catalog.registry(), [family], names)
        self.suite_seed = seed
        if observe not in {o.value for o in Observe}:
            choices = ", ".join(repr(o.value) for o in Observe)
            raise ValueError(f"observe={observe!r}: use one of {choices}")
        self.observe = Observe(observe)
        self.render_mode = render_mode
        self.max_steps = max_steps
        width, height = PIXEL_6.size
        self.screen_size = (
            max(1, round(width * screen_scale)),
            max(1, round(height * screen_scale)),
        )
        self.observation_space = _observation_space(self.observe, self.screen_size)
        self.action_space = AnyText(MAX_TEXT, min_length=1)
        self._phones = contextlib.ExitStack()
        self._device = self._connect(device, adb_host, adb_port)
        self._env = Env(self._device, catalog.apps(), observe=self.observe)
        self._instance: TaskInstance | None = None
        self._task: TaskEval | None = None
        self._next_instance = 0
        self._steps = 0
        self._budget = 0
        self._done = False

    def _connect(self, device: str | Device, host: str, port: int) -> Device:
        if isinstance(device, Device):
            return device
        spec = "virtual:1" if device == "virtual" else device
        return self._phones.enter_context(open_devices(spec, host, port, scratch=True))[0]

    @property
    def device(self) -> Device:
        """The phone this env plays on."""
        return self._device

    @property
    def task(self) -> TaskEval | None:
        """The task of the current episode (None before the first reset)."""
        return self._task

    # --- gymnasium's API -------------------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Tear down the last episode, draw the next task instance and set it up.

        ``seed`` becomes the suite seed and restarts at instance 0 (``droidhub run
        --seed SEED`` plays the same instance first); a reset without one plays the
        suite's next instance. ``options={"instance": i}`` picks instance ``i``.
        """
        super().reset(seed=seed)
        self._tear_down()
        if seed is not None:
            self.suite_seed, self._next_instance = seed, 0
        if options and "instance" in options:
            self._next_instance = int(options["instance"])
        task_cls = self.tasks[int(self.np_random.integers(len(self.tasks)))]
        self._instance = make_instance(task_cls, self._next_instance, self.suite_seed)
        self._next_instance += 1
        task = self._task = self._instance.create()
        self._env.reset(go_home=task.start_on_home_screen)
        task.initialize_task(self._env)
        self._steps, self._done = 0, False
        self._budget = self.max_steps or task.max_steps
        return self._observe(), self._info()

    def step(self, action: str) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        """Carry out one JSON action; an invalid one costs the step, with its reason in
        ``info["action_error"]``."""
        task = self._task
        if task is None or self._done:
            raise RuntimeError("the episode is over (or never began): call reset() first")
        self._steps += 1
        error: str | None = None
        parsed: Action | None = None
        # The action's taps and keys go with the observation's dump: one round trip.
        with self._env.device.holding_inputs():
            try:
                parsed = Action.parse(action)
                if not parsed.ends_episode:
                    self._env.execute_action(parsed)
            except ActionError as exc:
                error = str(exc)
            ends = parsed is not None and parsed.action_type in ("status", "answer")
            terminated = ends or task.is_done(self._env)
            truncated = not terminated and self._steps >= self._budget
            reward = 0.0
            if terminated or truncated:
                self._done = True
                reward = float(task.is_successful(self._env))
            info = self._info()
            info["action_error"] = error
            return self._observe(), reward, terminated, truncated, info

    def render(self) -> np.ndarray[Any, np.dtype[np.uint8]] | None:
        """The phone's screen as an RGB array (``render_mode="rgb_array"``), else None."""
        if self.render_mode != "rgb_array":
            return None
        return self._pixels(self._env.get_state(observe=Observe.SCREENSHOT))

    def close(self) -> None:
        """Tear down the current task and stop the phone if this env started it."""
        self._tear_down()
        self._phones.close()

    # --- pieces ------------------------------------------------------------------------------
    def _tear_down(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.tear_down(self._env)

    def _observe(self) -> dict[str, Any]:
        state = self._env.get_state()
        obs: dict[str, Any] = {}
        if self.observe.wants_tree:
            obs["ui_elements"] = _elements_json(state.ui_tree)
        if self.observe.wants_pixels:
            obs["screenshot"] = self._pixels(state)
        return obs

    def _pixels(self, state: State) -> np.ndarray[Any, np.dtype[np.uint8]]:
        assert state.screenshot is not None
        image = state.screenshot.convert("RGB")
        # Resized to the declared shape, so a phone of another size still fits the space.
        if image.size != self.screen_size:
            image = image.resize(self.screen_size)
        return np.asarray(image, dtype=np.uint8)

    def _info(self) -> dict[str, Any]:
        inst, task = self._instance, self._task
        assert inst is not None and task is not None
        return {
            "goal": task.goal,
            "task": inst.name,
            "family": inst.family,
            "instance": inst.instance,
            "episode_id": inst.episode_id,
            "params": copy.deepcopy(inst.params),  # callers keep infos: none may share
            "step": self._steps,
            "max_steps": self._budget,
            "ui_element_count": len(self._env._last_elements),
        }


@functools.lru_cache(maxsize=PARSED_DUMPS_KEPT)
def _elements_json(ui_tree: str) -> str:
    """A dump's UI elements as the observation's JSON list, whose positions are the
    indices actions name (remembered by dump text, as :func:`parse_hierarchy` is)."""
    elements = parse_hierarchy(ui_tree)
    return json.dumps([e.to_json() for e in elements], ensure_ascii=False)


def _observation_space(observe: Observe, screen: tuple[int, int]) -> spaces.Dict:
    width, height = screen
    parts: dict[str, spaces.Space[Any]] = {}
    if observe.wants_tree:
        parts["ui_elements"] = AnyText(MAX_TEXT)
    if observe.wants_pixels:
        parts["screenshot"] = spaces.Box(0, 255, (height, width, 3), np.uint8)
    return spaces.Dict(parts)


class PhonesVectorEnv(SyncVectorEnv):
    """:class:`~gymnasium.vector.SyncVectorEnv` over virtual phones whose servers this
    vector env started; :meth:`close` stops them after the envs.

    :meth:`step` calls the envs side by side, a thread each, rather than one after the
    other: an env's step is mostly a wait for its phone's adb answer, so the phones'
    processes work at once, on every core, while the policy's process waits. Each env
    is still called from one thread at a time, and the results are gathered as
    gymnasium's own :meth:`SyncVectorEnv.step` gathers them, in every autoreset mode.
    """

    def __init__(
        self,
        env_fns: Sequence[Callable[[], gymnasium.Env[Any, Any]]],
        server: contextlib.ExitStack,
        **kwargs: Any,
    ) -> None:
        super().__init__(env_fns, **kwargs)
        self._server = server
        self._pool = ThreadPoolExecutor(self.num_envs, thread_name_prefix="droidhub-gym-env")

    def step(
        self, actions: Any
    ) -> tuple[
        Any, np.ndarray[Any, Any], np.ndarray[Any, Any], np.ndarray[Any, Any], dict[str, Any]
    ]:
        """Every env's step (or its autoreset) at once; then batched as gymnasium does."""
        mode = self.autoreset_mode
        if mode == AutoresetMode.DISABLED:
            # As gymnasium's: the caller resets the envs that ended.
            assert not any(self._autoreset_envs), f"{self._autoreset_envs=}"
        resetting = [mode == AutoresetMode.NEXT_STEP and bool(r) for r in self._autoreset_envs]
        calls = [
            functools.partial(self._step_one, env, action, reset)
            for env, action, reset in zip(
                self.envs, iterate(self.action_space, actions), resetting, strict=True
            )
        ]
        infos: dict[str, Any] = {}
        for i, (obs, reward, terminated, truncated, info, final) in enumerate(
            self._pool.map(lambda call: call(), calls)
        ):
            self._env_obs[i] = obs
            self._rewards[i], self._terminations[i], self._truncations[i] = (
                reward,
                terminated,
                truncated,
            )
            if final is not None:
                infos = self._add_info(infos, {"final_obs": final[0], "final_info": final[1]}, i)
            infos = self._add_info(infos, info, i)
        self._observations = concatenate(
            self.single_observation_space, self._env_obs, self._observations
        )
        self._autoreset_envs = np.logical_or(self._terminations, self._truncations)
        return (
            copy.deepcopy(self._observations) if self.copy else self._observations,
            np.copy(self._rewards),
            np.copy(self._terminations),
            np.copy(self._truncations),
            infos,
        )

    def _step_one(
        self, env: gymnasium.Env[Any, Any], action: Any, reset: bool
    ) -> tuple[Any, float, bool, bool, dict[str, Any], tuple[Any, dict[str, Any]] | None]:
        """One env's part of a step: its reset (next-step autoreset), or its step and,
        in same-step autoreset, the reset after an end (with the end's observation)."""
        if reset:
            obs, info = env.reset()
            return obs, 0.0, False, False, info, None
        obs, reward, terminated, truncated, info = env.step(action)
        if self.autoreset_mode == AutoresetMode.SAME_STEP and (terminated or truncated):
            final = (obs, info)
            obs, info = env.reset()
            return obs, float(reward), bool(terminated), bool(truncated), info, final
        return obs, float(reward), bool(terminated), bool(truncated), info, None

    def close_extras(self, **kwargs: Any) -> None:
        """Close the envs, then stop the phones' servers."""
        self._pool.shutdown(wait=True)
        super().close_extras(**kwargs)
        self._server.close()


def make_vector_env(
    num_envs: int, family: str, mode: str = "sync", **kwargs: Any
) -> gymnasium.vector.VectorEnv[Any, Any, Any]:
    """``num_envs`` :class:`PhoneEnv` of ``family`` on virtual phones, as one vector env.

    ``mode="sync"``: a :class:`PhonesVectorEnv`, the envs in this process, stepped side
    by side; their phones are served by a process per core (one phone: in this process),
    so that the phones' work uses every core while the envs share this one.
    ``mode="async"``: :class:`~gymnasium.vector.AsyncVectorEnv`, a process per env
    with a phone of its own. ``kwargs`` go to :class:`PhoneEnv`.
    Also ``gymnasium.make_vec(id, num_envs, vectorization_mode="vector_entry_point")``.
    """
    if mode == "async":
        fns = [_factory(family, kwargs) for _ in range(num_envs)]
        # Text spaces cannot live in gymnasium's shared memory (it encodes them by
        # charset index): observations travel through the pipes instead.
        return AsyncVectorEnv(fns, shared_memory=False)
    if mode != "sync":
        raise ValueError(f"mode {mode!r}: use 'sync' or 'async'")
    stack = contextlib.ExitStack()
    try:
        phones = _phones_on_every_core(num_envs, stack)
        return PhonesVectorEnv([_factory(family, kwargs, d) for d in phones], stack)
    except BaseException:
        stack.close()
        raise


def _phones_on_every_core(count: int, stack: contextlib.ExitStack) -> list[Device]:
    """``count`` virtual phones, served by a process per core (at most one a phone; a
    lone phone in this process), each stopped when ``stack`` closes.

    They are scratch phones, as ``droidhub check``'s are: an env reaches its phone only
    through AndroidWorld's actions and its tasks' few files, and an RL loop plays
    thousands of short episodes, so their sandboxes go to /dev/shm where it has 1 GiB
    free (unless ``$DROIDHUB_VIRTUAL_DIR`` names a folder). Every observation writes,
    reads and deletes the dump's file: on this project's 2-core machines, on disk, the
    kernel's part of that was a third of the phones' CPU.
    """
    processes = min(count, os.cpu_count() or 1)
    if processes <= 1:
        return list(stack.enter_context(open_devices(f"virtual:{count}", scratch=True)))
    check_phone_settings(scratch=True)
    host = stack.enter_context(ServerProcesses(count, 0, processes, scratch=True))
    return [Device(serial, host="127.0.0.1", port=host.port_of(serial)) for serial in host.serials]


def _factory(
    family: str, kwargs: dict[str, Any], device: Device | None = None
) -> Callable[[], PhoneEnv]:
    def make() -> PhoneEnv:
        return PhoneEnv(family, device=device or "virtual", **kwargs)

    return make


def _vector_entry(family: str) -> Callable[..., gymnasium.vector.VectorEnv[Any, Any, Any]]:
    def make(num_envs: int = 1, **kwargs: Any) -> gymnasium.vector.VectorEnv[Any, Any, Any]:
        return make_vector_env(num_envs, family, **kwargs)

    return make


def register_envs() -> None:
    """Register droidhub's env ids with gymnasium (idempotent)."""
    for env_id, family in ENV_IDS.items():
        if env_id in gymnasium.registry:
            continue
        gymnasium.register(
            id=env_id,
            entry_point=PhoneEnv,  # type: ignore[arg-type]
            vector_entry_point=_vector_entry(family),
            kwargs={"family": family},
            # A phone's screen has a clock and animations: one step may differ from the last.
            nondeterministic=True,
        )


register_envs()
