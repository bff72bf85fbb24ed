"""Inputs held back to go with the next command (Device.holding_inputs), end to end over
the adb protocol to a virtual phone: fewer connections, the same effects in the same
order, a failing input still named, no input lost or leaked to another thread."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest
from app_phone import started
from listening_app import ListeningApp

from droidhub.device.client import Device, DeviceError
from droidhub.device.inputs import MOST_HELD
from droidhub.virtual.app import Screen
from droidhub.virtual.phone import VirtualPhone
from droidhub.virtual.screen import Node, hierarchy

PAD = "com.example.counter"


class Counter(ListeningApp):
    """Shows how many taps it has had, so a dump tells whether a tap came before it."""

    package = PAD
    label = "Counter"
    activity = ".MainActivity"

    def screen(self, phone: VirtualPhone) -> Screen | None:
        taps = sum(1 for kind, _ in self.events if kind == "tap")
        label = Node(
            "android.widget.TextView",
            PAD,
            (40, 300, 1040, 500),
            text=f"taps: {taps}",
            resource_id=f"{PAD}:id/count",
        )
        return Screen(hierarchy(Node(package=PAD, children=[label])))


@pytest.fixture
def counter() -> Iterator[tuple[Counter, Device]]:
    """The Counter app started on a fresh phone, and the Device that reaches it."""
    yield from started(Counter())


@pytest.fixture
def app(counter: tuple[Counter, Device]) -> Counter:
    """The started Counter app, which records every input it gets."""
    return counter[0]


@pytest.fixture
def device(counter: tuple[Counter, Device]) -> Device:
    """The Device that reaches the Counter app's phone."""
    return counter[1]


def shown(device: Device) -> str:
    (label,) = [e for e in device.ui_elements() if e.resource_id == f"{PAD}:id/count"]
    return label.text


def inputs_of(app: Counter) -> list[tuple[str, object]]:
    return [e for e in app.events if e[0] in ("tap", "swipe", "key")]


def test_held_inputs_go_with_the_next_command_in_their_order(app: Counter, device: Device) -> None:
    before = sum(device.services.values())
    with device.holding_inputs():
        device.tap(10, 20)
        device.swipe(1, 2, 3, 4, 500)
        device.keyevent(67)
        device.tap(30, 40)
        assert inputs_of(app) == []  # nothing sent yet
        assert shown(device) == "taps: 2"  # the dump ran after them, in one command
    assert sum(device.services.values()) - before == 1
    assert inputs_of(app) == [
        ("tap", (10, 20)),
        ("swipe", (1, 2, 3, 4, 500)),
        ("key", "KEYCODE_DEL"),
        ("tap", (30, 40)),
    ]


@pytest.mark.parametrize("shell_v2", [True, False], ids=["shell-v2", "old-adbd"])
def test_the_carrying_commands_output_and_exit_code_are_its_own(
    app: Counter, device: Device, shell_v2: bool
) -> None:
    if not shell_v2:
        device.features = frozenset(device.features - {"shell_v2"})
    with device.holding_inputs():
        device.tap(1, 1)
        assert device.run("echo out; echo err >&2; false").exit_code == 1
        device.tap(2, 2)
        result = device.run("echo out")
    assert result.output == "out\n" and result.exit_code == 0
    assert inputs_of(app) == [("tap", (1, 1)), ("tap", (2, 2))]


@pytest.mark.parametrize("shell_v2", [True, False], ids=["shell-v2", "old-adbd"])
def test_a_failing_held_input_is_named_and_the_command_after_it_does_not_run(
    app: Counter, device: Device, shell_v2: bool
) -> None:
    if not shell_v2:  # exit codes from an echo appended to the line
        device.features = frozenset(device.features - {"shell_v2"})
    with device.holding_inputs():
        device.tap(5, 5)
        device.keyevent("NOT_A_KEY")
        device.tap(6, 6)
        with pytest.raises(DeviceError, match=r"`input tap 5 5 && input keyevent NOT_A_KEY"):
            device.run("touch /sdcard/ran")
    assert not device.exists("/sdcard/ran")
    assert inputs_of(app) == [("tap", (5, 5))]  # stopped at the failing one


def test_inputs_still_held_at_the_end_are_sent_and_on_an_error_dropped(
    app: Counter, device: Device
) -> None:
    with device.holding_inputs():
        device.tap(7, 7)
    assert inputs_of(app) == [("tap", (7, 7))]
    with pytest.raises(RuntimeError), device.holding_inputs():
        device.tap(8, 8)
        raise RuntimeError("the step failed")
    device.tap(9, 9)  # not holding any more: sent at once
    assert inputs_of(app) == [("tap", (7, 7)), ("tap", (9, 9))]


def test_files_and_screenshots_see_the_inputs_first(app: Counter, device: Device) -> None:
    device.write_text("/sdcard/Download/note.txt", "note")
    with device.holding_inputs():
        device.tap(1, 1)
        device.exists("/sdcard")
        assert inputs_of(app) == [("tap", (1, 1))]
        device.tap(2, 2)
        device.screenshot_png()
        assert len(inputs_of(app)) == 2
        device.tap(3, 3)
        assert device.read_text("/sdcard/Download/note.txt") == "note"
        assert len(inputs_of(app)) == 3


def test_another_threads_commands_neither_carry_nor_wait_for_them(
    app: Counter, device: Device
) -> None:
    with device.holding_inputs():
        device.tap(1, 1)
        seen: list[str] = []
        other = threading.Thread(target=lambda: seen.append(shown(device)))
        other.start()
        other.join()
        assert seen == ["taps: 0"] and inputs_of(app) == []
        device.tap(2, 2)  # held by this thread only: another thread's taps go at once
        worker = threading.Thread(target=device.tap, args=(3, 3))
        worker.start()
        worker.join()
        assert inputs_of(app) == [("tap", (3, 3))]
    assert inputs_of(app) == [("tap", (3, 3)), ("tap", (1, 1)), ("tap", (2, 2))]


def test_a_hold_inside_a_hold_leaves_the_outer_one_holding(app: Counter, device: Device) -> None:
    with device.holding_inputs():
        device.tap(1, 1)
        with device.holding_inputs():
            device.tap(2, 2)
        device.tap(3, 3)  # still held: only the outermost block sends
        assert inputs_of(app) == []
    assert inputs_of(app) == [("tap", (1, 1)), ("tap", (2, 2)), ("tap", (3, 3))]


def test_no_more_than_so_many_inputs_wait_for_a_command(app: Counter, device: Device) -> None:
    with device.holding_inputs():
        for x in range(MOST_HELD + 1):
            device.tap(x, 1)
        assert len(inputs_of(app)) == MOST_HELD  # sent once that many waited
    assert [detail for _, detail in inputs_of(app)] == [(x, 1) for x in range(MOST_HELD + 1)]
