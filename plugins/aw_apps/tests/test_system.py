"""System tasks on the virtual phone: radios, brightness, the clipboard, opening apps."""

from __future__ import annotations

import random

import pytest
from episodes import noop_fails_and_oracle_succeeds
from task_runs import make, score

from droidhub import Env, TaskEval
from droidhub_aw_apps.clipboard import model as clipboard
from droidhub_aw_apps.system import tasks as system

RADIO_TASKS = [
    system.SystemWifiTurnOn,
    system.SystemWifiTurnOff,
    system.SystemBluetoothTurnOn,
    system.SystemBluetoothTurnOff,
]
VERIFY_TASKS = [
    system.SystemWifiTurnOnVerify,
    system.SystemWifiTurnOffVerify,
    system.SystemBluetoothTurnOnVerify,
    system.SystemBluetoothTurnOffVerify,
    system.SystemBrightnessMaxVerify,
    system.SystemBrightnessMinVerify,
]
ACTION_TASKS = [*RADIO_TASKS, system.SystemBrightnessMax, system.SystemBrightnessMin]


@pytest.mark.parametrize("cls", ACTION_TASKS, ids=lambda c: c.name)
def test_oracle_succeeds_and_doing_nothing_fails(virtual_env: Env, cls: type[TaskEval]) -> None:
    noop_fails_and_oracle_succeeds(virtual_env, make(cls))


@pytest.mark.parametrize("cls", VERIFY_TASKS, ids=lambda c: c.name)
def test_verify_tasks_hold_at_start_and_the_wrong_action_fails(
    virtual_env: Env, cls: type[TaskEval]
) -> None:
    assert cls.met_at_start
    assert score(virtual_env, make(cls)) == 1.0
    task = make(cls)
    assert score(virtual_env, task, task.wrong_action) == 0.0


def test_wifi_near_miss_switching_bluetooth_instead(virtual_env: Env) -> None:
    task = make(system.SystemWifiTurnOn)
    assert (
        score(virtual_env, task, lambda env: env.device.shell(["svc", "bluetooth", "enable"]))
        == 0.0
    )


def test_bluetooth_near_miss_switching_wifi_instead(virtual_env: Env) -> None:
    task = make(system.SystemBluetoothTurnOff)
    assert score(virtual_env, task, lambda env: env.device.shell(["svc", "wifi", "disable"])) == 0.0


def test_wifi_reads_on_while_in_airplane_mode(virtual_env: Env) -> None:
    # Android reports 2 for "on, airplane mode on": still on.
    task = make(system.SystemWifiTurnOn)
    assert (
        score(virtual_env, task, lambda env: env.device.put_setting("global", "wifi_on", "2"))
        == 1.0
    )


@pytest.mark.parametrize(
    ("cls", "almost"), [(system.SystemBrightnessMax, "254"), (system.SystemBrightnessMin, "2")]
)
def test_brightness_near_miss_one_step_short(
    virtual_env: Env, cls: type[TaskEval], almost: str
) -> None:
    task = make(cls)
    act = lambda env: env.device.put_setting("system", "screen_brightness", almost)  # noqa: E731
    assert score(virtual_env, task, act) == 0.0


def test_tear_down_restores_radio_and_brightness(virtual_env: Env) -> None:
    device = virtual_env.device
    device.shell(["svc", "wifi", "enable"])
    device.put_setting("system", "screen_brightness", "77")
    score(virtual_env, make(system.SystemWifiTurnOn), lambda env: None)
    score(virtual_env, make(system.SystemBrightnessMax), lambda env: None)
    assert device.get_setting("global", "wifi_on") == "1"
    assert device.get_setting("system", "screen_brightness") == "77"


def test_copy_to_clipboard(virtual_env: Env) -> None:
    task = make(system.SystemCopyToClipboard)
    assert task.params.clipboard_content in system.CLIPBOARD_TEXTS
    noop_fails_and_oracle_succeeds(virtual_env, task)


def test_copy_to_clipboard_near_miss_half_the_text(virtual_env: Env) -> None:
    task = make(system.SystemCopyToClipboard, seed=4)
    text = task.params.clipboard_content
    act = lambda env: clipboard.write_clipboard(env.device, text[: len(text) // 2])  # noqa: E731
    assert score(virtual_env, task, act) == 0.0


def test_clipboard_tear_down_gives_back_the_old_text(virtual_env: Env) -> None:
    clipboard.write_clipboard(virtual_env.device, "kept")
    task = make(system.SystemCopyToClipboard)
    score(virtual_env, task, task.oracle)
    assert clipboard.read_clipboard(virtual_env.device) == "kept"


def test_clipper_answers_only_in_the_foreground(virtual_env: Env) -> None:
    virtual_env.device.go_home()
    result = virtual_env.device.broadcast(clipboard.GET_ACTION)
    assert result.code != clipboard.RESULT_OK


@pytest.mark.parametrize("app_name", list(system.OPENABLE_APPS))
def test_open_app(virtual_env: Env, app_name: str) -> None:
    task = system.OpenAppTaskEval({"app_name": app_name})
    assert score(virtual_env, task) == 0.0
    assert score(virtual_env, task, task.oracle) == 1.0


def test_open_app_near_miss_a_different_app(virtual_env: Env) -> None:
    task = system.OpenAppTaskEval({"app_name": "contacts"})
    other = system.OpenAppTaskEval({"app_name": "dialer"})
    assert score(virtual_env, task, other.oracle) == 0.0


def test_params_are_deterministic_and_in_androidworld_space() -> None:
    for cls in system.TASKS:
        first = cls.generate_random_params(random.Random(11))
        assert first == cls.generate_random_params(random.Random(11))
    assert system.SystemWifiTurnOff.generate_random_params(random.Random(0)).on_or_off == "off"
    assert system.SystemBrightnessMin.generate_random_params(random.Random(0)).max_or_min == "min"
    apps = {
        system.OpenAppTaskEval.generate_random_params(random.Random(i)).app_name for i in range(60)
    }
    assert apps == set(system.OPENABLE_APPS)
