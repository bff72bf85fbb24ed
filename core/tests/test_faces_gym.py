"""The Gymnasium face: droidhub's tasks on virtual phones through gymnasium's API."""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path
from typing import Any

import pytest

gymnasium = pytest.importorskip(
    "gymnasium", reason="the gym extra is not installed (pip install './core[gym]')"
)

from gymnasium.utils.env_checker import check_env  # noqa: E402
from gymnasium.vector.vector_env import AutoresetMode  # noqa: E402

from droidhub.env.actions import Action  # noqa: E402
from droidhub.faces.gym_env import PhoneEnv, PhonesVectorEnv, make_vector_env  # noqa: E402
from droidhub.faces.gym_spaces import DictActions, dict_action_space, dict_to_json  # noqa: E402
from droidhub.plugins import catalog  # noqa: E402
from droidhub.tasks.suite import make_instance  # noqa: E402
from droidhub.virtual import phone_settings  # noqa: E402
from droidhub.virtual.phone_settings import SCRATCH_FOLDER, SCRATCH_ROOM  # noqa: E402
from droidhub.virtual.server import OWNER_FILE, SANDBOX_PREFIX  # noqa: E402

WIFI = "SystemWifiTurnOn"


def _make(**kwargs: Any) -> Any:
    return gymnasium.make("droidhub/AndroidWorld-v0", task=WIFI, **kwargs)


def test_check_env_passes_with_pixels_and_tree() -> None:
    env = _make(observe="both", screen_scale=0.1, render_mode="rgb_array")
    try:
        check_env(env.unwrapped)
        obs, info = env.reset(seed=0)
        assert obs["screenshot"].shape == (240, 108, 3)
        assert obs["screenshot"].dtype.name == "uint8"
        assert obs["screenshot"].max() > obs["screenshot"].min()  # a painted screen
        elements = json.loads(obs["ui_elements"])
        assert elements and info["ui_element_count"] == len(elements)
        assert (info["goal"], info["task"], info["family"]) == (
            "Turn wifi on.",
            WIFI,
            "android_world",
        )
    finally:
        env.close()


def test_reward_is_the_tasks_at_the_end_of_the_episode() -> None:
    env = _make(observe="ui_tree")
    try:
        env.reset(seed=0)
        _obs, reward, terminated, truncated, _info = env.step(
            '{"action_type": "status", "goal_status": "complete"}'
        )
        assert (reward, terminated, truncated) == (0.0, True, False)

        env.reset(seed=0)
        # What the task checks, done behind the agent's back: the reward is the task's.
        env.unwrapped.device.put_setting("global", "wifi_on", "1")
        _obs, reward, terminated, _trunc, _info = env.step('{"action_type": "answer", "text": "x"}')
        assert (reward, terminated) == (1.0, True)
        with pytest.raises(RuntimeError, match="call reset"):
            env.step('{"action_type": "navigate_home"}')
    finally:
        env.close()


def test_an_invalid_action_costs_a_step_and_the_budget_truncates() -> None:
    env = _make(observe="ui_tree", max_steps=2)
    try:
        env.reset(seed=1)
        _obs, reward, terminated, truncated, info = env.step("tap the wifi toggle")
        assert (reward, terminated, truncated) == (0.0, False, False)
        assert "not valid JSON" in info["action_error"]
        _obs, reward, terminated, truncated, info = env.step(
            '{"action_type": "click", "index": 999}'
        )
        assert "'index' is 999" in info["action_error"]
        assert (reward, terminated, truncated) == (0.0, False, True)
        assert info["step"] == info["max_steps"] == 2
    finally:
        env.close()


def test_reset_draws_instances_as_a_suite_with_that_seed_does() -> None:
    task = "SimpleSmsSend"
    env = gymnasium.make("droidhub/AndroidWorld-v0", task=task, observe="ui_tree")
    task_cls = catalog.registry().task(task)
    try:
        _obs, info = env.reset(seed=7)
        assert info["params"] == make_instance(task_cls, 0, 7).params
        _obs, info = env.reset()  # the suite's next instance
        assert info["episode_id"] == f"android_world/{task}/1"
        assert info["params"] == make_instance(task_cls, 1, 7).params
    finally:
        env.close()


def test_miniwob_is_registered_too() -> None:
    env = gymnasium.make("droidhub/MiniWoB-v0", task="click-button", observe="ui_tree")
    try:
        _obs, info = env.reset(seed=0)
        assert info["family"] == "miniwob" and info["goal"]
    finally:
        env.close()


HOME = '{"action_type": "navigate_home"}'
DONE = '{"action_type": "status", "goal_status": "complete"}'


def test_sync_vector_env_spreads_its_phones_over_a_process_per_core() -> None:
    envs = make_vector_env(2, "android_world", task=WIFI, observe="ui_tree")
    try:
        obs, _infos = envs.reset(seed=3)
        assert len(obs["ui_elements"]) == 2
        devices = [env.unwrapped.device for env in envs.envs]
        assert len({d.serial for d in devices}) == 2  # serials differ across processes too
        # Each phones' process is an adb server of its own: one per core, at most one a phone.
        assert len({d.port for d in devices}) == min(2, os.cpu_count() or 1)
        _obs, rewards, terminated, _trunc, infos = envs.step((HOME, DONE))
        assert list(terminated) == [False, True]
        assert list(rewards) == [0.0, 0.0]
        assert list(infos["step"]) == [1, 1]
        # Next-step autoreset: the env that ended is reset in this step, the other steps.
        _obs, rewards, terminated, _trunc, infos = envs.step((HOME, HOME))
        assert list(infos["step"]) == [2, 0]
        assert list(terminated) == [False, False] and list(rewards) == [0.0, 0.0]
    finally:
        envs.close()


def _sandboxes_of_children() -> set[Path]:
    """The phone sandboxes in /dev/shm whose owner descends from this process (the
    phones' processes past the first are forks of the first)."""
    import psutil

    ours = {str(child.pid) for child in psutil.Process().children(recursive=True)}
    found = set()
    for folder in Path(SCRATCH_FOLDER).glob(SANDBOX_PREFIX + "*"):
        with contextlib.suppress(OSError):
            if (folder / OWNER_FILE).read_text(encoding="ascii").strip() in ours:
                found.add(folder)
    return found


@pytest.mark.skipif(
    not phone_settings._has_room(SCRATCH_FOLDER, SCRATCH_ROOM),
    reason="no writable /dev/shm with 1 GiB free",
)
def test_the_envs_phones_are_scratch_phones_kept_in_memory(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("DROIDHUB_VIRTUAL_DIR", raising=False)
    envs = make_vector_env(2, "android_world", task=WIFI, observe="ui_tree")
    try:
        envs.reset(seed=0)
        held = _sandboxes_of_children()
        assert len(held) == min(2, os.cpu_count() or 1)  # a phones' process per core
    finally:
        envs.close()
    assert not any(folder.exists() for folder in held)


def test_same_step_autoreset_gives_the_end_and_the_next_episode_in_one_step() -> None:
    envs = PhonesVectorEnv(
        [lambda: PhoneEnv("android_world", task=WIFI, observe="ui_tree") for _ in range(2)],
        contextlib.ExitStack(),
        autoreset_mode=AutoresetMode.SAME_STEP,
    )
    try:
        envs.reset(seed=3)
        _obs, _rewards, terminated, _trunc, infos = envs.step((HOME, DONE))
        assert list(terminated) == [False, True]
        assert list(infos["step"]) == [1, 0]  # the second env already began its next episode
        assert list(infos["_final_obs"]) == [False, True]
        assert infos["final_info"]["step"][1] == 1
        assert json.loads(infos["final_obs"][1]["ui_elements"])  # what the ended episode saw
    finally:
        envs.close()


def test_dict_actions_become_valid_json_actions() -> None:
    space = dict_action_space(16, (1080, 2400))
    space.seed(0)
    kinds = set()
    for _ in range(200):
        action = Action.parse(dict_to_json(space.sample()))
        kinds.add(action.action_type)
    assert len(kinds) == 13  # every action type, each with the fields it needs


def test_dict_actions_wrapper_drives_the_phone() -> None:
    env = DictActions(_make(observe="ui_tree"))
    try:
        env.reset(seed=0)
        home = {**env.action_space.sample(), "action_type": 7}  # navigate_home
        _obs, _reward, _term, _trunc, info = env.step(home)
        assert info["action_error"] is None
        assert isinstance(env.unwrapped, PhoneEnv)
    finally:
        env.close()


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"observe": "pixels"}, "observe='pixels': use one of 'ui_tree', 'screenshot', 'both'"),
        ({"screen_scale": 0}, "screen_scale must be in (0, 1], got 0"),
        ({"render_mode": "video"}, "render_mode 'video': use 'rgb_array' or None"),
    ],
)
def test_a_bad_option_names_itself_and_what_it_takes(options: dict, message: str) -> None:
    with pytest.raises(ValueError) as caught:
        PhoneEnv("android_world", task="SystemWifiTurnOn", **options)
    assert str(caught.value) == message
