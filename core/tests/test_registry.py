"""Task families, the registry and its suggestions."""

from __future__ import annotations

import datetime as dt

import pytest

from droidhub import Registry, TaskEval, TaskFamily, UnknownTaskError


class _NeverDone(TaskEval):
    """A task that always scores 0: here only its name and family matter."""

    def is_successful(self, env):
        return 0.0


class SimpleSmsSend(_NeverDone):
    template = "Send a message."


class SystemWifiTurnOn(_NeverDone):
    template = "Turn wifi on."


@pytest.fixture
def registry() -> Registry:
    fam = TaskFamily(
        "android_world",
        "test family",
        tasks=[SimpleSmsSend, SystemWifiTurnOn],
        unavailable={"DragItem": "not shipped"},
    )
    return Registry([fam])


def test_lookup_by_name_and_by_family_slash_name(registry: Registry) -> None:
    assert registry.task("SimpleSmsSend") is SimpleSmsSend
    assert registry.task("android_world/SystemWifiTurnOn") is SystemWifiTurnOn
    assert SimpleSmsSend.family == "android_world"


def test_unknown_task_suggests_the_close_name(registry: Registry) -> None:
    with pytest.raises(UnknownTaskError) as err:
        registry.task("SimpleSmsSnd", family="android_world")
    assert str(err.value) == (
        "unknown task 'SimpleSmsSnd' in family android_world; did you mean SimpleSmsSend?"
    )


def test_wrong_case_is_suggested(registry: Registry) -> None:
    with pytest.raises(UnknownTaskError, match="did you mean SystemWifiTurnOn"):
        registry.task("systemwifiturnon")


def test_unknown_family_lists_known_ones(registry: Registry) -> None:
    with pytest.raises(UnknownTaskError, match=r"did you mean android_world.*Known families"):
        registry.family("android_wrld")


def test_unavailable_task_gives_its_reason(registry: Registry) -> None:
    with pytest.raises(UnknownTaskError, match="unavailable: not shipped"):
        registry.task("DragItem", family="android_world")


def test_a_family_name_cannot_be_claimed_twice(registry: Registry) -> None:
    with pytest.raises(ValueError, match="'android_world' is already registered"):
        registry.add(TaskFamily("android_world", "again"))


def test_a_family_refuses_a_task_that_is_not_a_task_class() -> None:
    with pytest.raises(TypeError) as err:
        TaskFamily("f", "d", tasks=[SimpleSmsSend, "SystemWifiTurnOn"])  # type: ignore[list-item]
    assert str(err.value) == (
        "family f: task 2 is str 'SystemWifiTurnOn', expected a TaskEval subclass"
    )


class _Clocked(_NeverDone):
    template = "Read the clock."


class _OwnClock(_Clocked):
    device_time = dt.datetime(2020, 1, 2, 3, 4, tzinfo=dt.UTC)


def test_a_familys_clock_goes_to_its_tasks_that_have_none(virtual_env) -> None:
    start = dt.datetime(2023, 10, 15, 15, 34, tzinfo=dt.UTC)
    TaskFamily("clocked", "clock test", tasks=[_Clocked, _OwnClock], device_time=start)
    assert _Clocked.device_time == start
    assert _OwnClock.device_time == dt.datetime(2020, 1, 2, 3, 4, tzinfo=dt.UTC)
    # Set-up puts the phone's clock there, wherever it stood.
    for task, expected in ((_Clocked(), start), (_OwnClock(), _OwnClock.device_time)):
        virtual_env.device.set_time(dt.datetime(2031, 5, 6, 7, 8, tzinfo=dt.UTC))
        task.initialize_task(virtual_env)
        shown = virtual_env.device.now()
        assert expected <= shown < expected + dt.timedelta(minutes=10), (task.name, shown)
        task.tear_down(virtual_env)
