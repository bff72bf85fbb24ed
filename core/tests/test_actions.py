"""Actions: AndroidWorld's JSON shape, validated with errors that name the field."""

from __future__ import annotations

import pytest

from droidhub import Action, ActionError
from droidhub.android.phone import PIXEL_6
from droidhub.device.client import Device
from droidhub.env.environment import Env
from droidhub.virtual.appmodel import VirtualApp
from droidhub.virtual.server import VirtualDeviceServer


@pytest.mark.parametrize(
    "data",
    [
        {"action_type": "click", "index": 3},
        {"action_type": "click", "x": 10, "y": 20},
        {"action_type": "long_press", "index": 0},
        {"action_type": "input_text", "text": "héllo; rm -rf /", "index": 1},
        {"action_type": "scroll", "direction": "down"},
        {"action_type": "open_app", "app_name": "Contacts"},
        {"action_type": "answer", "text": "3"},
        {"action_type": "status", "goal_status": "infeasible"},
        {"action_type": "navigate_back"},
    ],
)
def test_valid_actions_round_trip(data: dict) -> None:
    action = Action.parse(data)
    assert action.to_json() == data
    assert Action.parse(action.model_dump_json()) == action


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"action_type": "clik", "index": 1}, "action_type: Input should be 'click'"),
        ({"action_type": "click"}, "needs a target: 'index' or 'x' and 'y'"),
        ({"action_type": "click", "x": 5}, "needs both 'x' and 'y'"),
        ({"action_type": "input_text"}, "action 'input_text' needs field 'text'"),
        ({"action_type": "scroll", "direction": "sideways"}, "direction: Input should be"),
        ({"action_type": "click", "index": -2}, "field 'index' must be >= 0, got -2"),
        ({"action_type": "click", "index": 1, "colour": "red"}, "colour: Extra inputs"),
        ({"action_type": "status", "goal_status": "done"}, "goal_status: Input should be"),
    ],
)
def test_invalid_actions_name_the_problem(data: dict, message: str) -> None:
    with pytest.raises(ActionError) as err:
        Action.parse(data)
    assert message in str(err.value)


def test_non_json_text_is_rejected_clearly() -> None:
    with pytest.raises(ActionError, match="action is not valid JSON"):
        Action.parse("click the button")
    with pytest.raises(ActionError, match="must be a JSON object, got list"):
        Action.parse("[1, 2]")


def test_status_ends_the_episode() -> None:
    assert Action.parse({"action_type": "status", "goal_status": "complete"}).ends_episode
    assert not Action.parse({"action_type": "wait"}).ends_episode


class _SwipeRecorder(VirtualApp):
    """An app that records the drags it receives."""

    package = "com.example.swipes"

    def __init__(self) -> None:
        self.drags: list[tuple[int, int, int, int]] = []

    def on_swipe(self, phone, x1, y1, x2, y2, duration_ms):  # type: ignore[no-untyped-def]
        self.drags.append((x1, y1, x2, y2))


def test_scroll_and_swipe_drag_as_androidworld_does() -> None:
    # A scroll drags from the middle of the screen to its edge (the content moves by
    # half the screen); a swipe crosses the whole screen through its middle.
    recorder = _SwipeRecorder()
    with VirtualDeviceServer(devices=1, apps=lambda: [recorder]) as server:
        device = Device(server.serials[0], host="127.0.0.1", port=server.port)
        device.shell(["am", "start", "-n", "com.example.swipes/.MainActivity"])
        env = Env(device)
        env.execute_action(Action(action_type="scroll", direction="down"))
        env.execute_action(Action(action_type="scroll", direction="left"))
        env.execute_action(Action(action_type="swipe", direction="up"))
        env.execute_action(Action(action_type="swipe", direction="right"))
    width, height = PIXEL_6.size
    assert recorder.drags == [
        (width // 2, height // 2, width // 2, 0),
        (width // 2, height // 2, width, height // 2),
        (width // 2, height, width // 2, 0),
        (width, height // 2, 0, height // 2),
    ]
