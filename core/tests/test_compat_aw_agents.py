"""An agent written to AndroidWorld's interface, laid out and calling as AW's T3A does,
solves tasks on the virtual phone through ``--agent-option compat=android_world``.

The test writes a stand-in ``android_world`` package into its tmp folder: the modules
AW's agents import (``env.interface``, ``env.adb_utils``, ``env.json_action``,
``agents.base_agent``, ``agents.t3a``), holding the facts AW's code relies on — the
calls T3A makes each step (``env.logical_screen_size``, ``get_state().ui_elements``,
``adb_utils.get_physical_frame_boundary(env.controller)`` and ``get_orientation`` on a
click, ``env.hide_automation_ui()`` at reset) and the adb requests ``adb_utils`` sends
(``AdbRequest(generic=GenericRequest(args=...))`` answered through
``env.controller.execute_adb_call``). Its "LLM" reads the prompt's element list and
replies ``Reason: ... Action: {json}`` as T3A's model would.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from aw_json_action import JSON_ACTION

INTERFACE = """
import abc


class AsyncEnv(abc.ABC):
    @property
    @abc.abstractmethod
    def controller(self): ...
"""

ADB_UTILS = """
import re

try:
    from android_env.proto import adb_pb2
except ImportError:  # droidhub's stand-in, same names and shape
    from droidhub.compat.android_world import adb_pb2


def issue_generic_request(args, env, timeout_sec=10):
    args = args.split(" ") if isinstance(args, str) else list(args)
    request = adb_pb2.AdbRequest(
        generic=adb_pb2.AdbRequest.GenericRequest(args=args), timeout_sec=timeout_sec
    )
    return env.execute_adb_call(request)


def get_orientation(env):
    response = issue_generic_request("shell dumpsys window | grep mCurrentRotation", env)
    if response.status == adb_pb2.AdbResponse.Status.OK:
        found = re.findall(r"mCurrentRotation=ROTATION_(\\d+)", response.generic.output.decode())
        if found:
            return int(found[0]) // 90
    raise ValueError("no orientation")


def get_physical_frame_boundary(env):
    response = issue_generic_request("shell dumpsys input | grep physicalFrame", env)
    if response.status == adb_pb2.AdbResponse.Status.OK:
        text = response.generic.output.decode()
        for m in re.findall(r"physicalFrame=\\[(\\d+), (\\d+), (\\d+), (\\d+)\\]", text):
            if any(int(v) for v in m):
                return tuple(int(v) for v in m)
    raise ValueError("no physical frame")


def get_current_activity(env):
    request = adb_pb2.AdbRequest(get_current_activity=adb_pb2.AdbRequest.GetCurrentActivity())
    response = env.execute_adb_call(request)
    return response.get_current_activity.full_activity, response
"""

BASE_AGENT = """
import abc
import dataclasses
import time


@dataclasses.dataclass()
class AgentInteractionResult:
    done: bool
    data: dict


class EnvironmentInteractingAgent(abc.ABC):
    def __init__(self, env, name="", transition_pause=1.0):
        self._env, self._name, self._transition_pause = env, name, transition_pause
        self._max_steps = None

    @property
    def env(self):
        return self._env

    def set_max_steps(self, max_steps):
        self._max_steps = max_steps

    def reset(self, go_home=False):
        self.env.reset(go_home=go_home)

    def get_post_transition_state(self):
        if self._transition_pause is None:
            return self.env.get_state(wait_to_stabilize=True)
        time.sleep(self._transition_pause)
        return self.env.get_state(wait_to_stabilize=False)

    @abc.abstractmethod
    def step(self, goal): ...
"""

T3A = """
import json
import re

from android_world.agents import base_agent
from android_world.env import adb_utils, interface, json_action


def _valid(element, screen):
    box = element.bbox_pixels
    return box is not None and 0 <= box.x_min < box.x_max <= screen[0] and (
        0 <= box.y_min < box.y_max <= screen[1]
    )


def _describe(elements, screen):
    return "".join(
        f"UI element {i}: {e}\\n" for i, e in enumerate(elements) if _valid(e, screen)
    )


class T3A(base_agent.EnvironmentInteractingAgent):
    def __init__(self, env: interface.AsyncEnv, llm, name="T3A"):
        super().__init__(env, name)
        self.llm, self.history = llm, []

    def reset(self, go_home_on_reset=False):
        super().reset(go_home_on_reset)
        self.env.hide_automation_ui()
        self.history = []

    def step(self, goal):
        data = {"max_steps": self._max_steps}
        state = self.get_post_transition_state()
        screen = self.env.logical_screen_size
        elements = state.ui_elements
        prompt = f"Goal: {goal}\\n" + _describe(elements, screen)
        output, _, _ = self.llm.predict(prompt)
        reason, action = re.search(r"Reason:(.*)Action:(.*)", output, re.DOTALL).groups()
        action = json_action.JSONAction(**json.loads(action))
        data["reason"] = reason.strip()
        if action.index is not None and action.action_type != "status":
            if not 0 <= int(action.index) < len(elements):
                self.history.append("index out of range")
                return base_agent.AgentInteractionResult(False, data)
            frame = adb_utils.get_physical_frame_boundary(self.env.controller)
            orientation = adb_utils.get_orientation(self.env.controller)
            data["frame"] = ",".join(str(v) for v in frame)
            data["orientation"] = orientation
        if action.action_type == "status":
            return base_agent.AgentInteractionResult(True, data)
        self.env.execute_action(action)
        after = self.get_post_transition_state()
        data["after"] = len(_describe(after.ui_elements, self.env.logical_screen_size))
        self.history.append(reason)
        return base_agent.AgentInteractionResult(False, data)
"""

# droidhub builds ``Class(env)``: this module gives T3A its (scripted) model, as a user's
# own launcher would, and records what the env offers beside T3A's calls.
SCRIPTED = '''
import json
import re

from android_world.agents import t3a
from android_world.env import adb_utils, interface

_LINE = re.compile(
    r"UI element (\\d+): UIElement\\(text=(None|'[^']*'), content_description=(None|'[^']*'),"
    r".*?is_checked=(\\w+), is_checkable=(\\w+)"
)

# (goal word, the element to look for on each screen, in order of preference) ->
# what to do there. "switch" taps the first switch after the label.
PLANS = {
    "wifi": ("Settings", ["=Wi\\u2011Fi:switch:on", "Internet", "Network & internet"]),
    "bluetooth": ("Settings", ["Use Bluetooth:switch:off", "=Bluetooth",
                               "Connection preferences", "Connected devices"]),
    "stopwatch": ("Clock", ["Pause:done", "Start", "Stopwatch"]),
}


class ScriptedLlm:
    """Reads T3A's prompt (goal and element lines) and answers as a model would."""

    def predict(self, prompt):
        goal = prompt.splitlines()[0].lower()
        app, steps = next(v for k, v in PLANS.items() if k in goal)
        rows = []
        for m in _LINE.finditer(prompt):
            text = (m.group(2) if m.group(2) != "None" else m.group(3)).strip("'")
            rows.append((int(m.group(1)), "" if text == "None" else text,
                         m.group(5) == "True", m.group(4) == "True"))
        for step in steps:
            label, _, rest = step.partition(":")
            exact = label.startswith("=")
            label = label.lstrip("=")
            hits = [r for r in rows if (r[1] == label if exact else label in r[1])]
            if not hits:
                continue
            if rest == "done":
                return self._say({"action_type": "status", "goal_status": "complete"})
            if rest.startswith("switch"):
                switch = next(r for r in rows if r[2] and r[0] > hits[0][0])
                want_on = rest.endswith("on")
                if switch[3] == want_on:
                    return self._say({"action_type": "status", "goal_status": "complete"})
                return self._say({"action_type": "click", "index": switch[0]})
            return self._say({"action_type": "click", "index": hits[0][0]})
        return self._say({"action_type": "open_app", "app_name": app})

    @staticmethod
    def _say(action):
        return f"Reason: the plan says so\\nAction: {json.dumps(action)}", True, None


class ScriptedT3A(t3a.T3A):
    def __init__(self, env, transition_pause=1.0):
        super().__init__(env, ScriptedLlm())
        self._transition_pause = transition_pause
        self.facts = {
            "async_env": isinstance(env, interface.AsyncEnv),
            "device_screen_size": ",".join(map(str, env.device_screen_size)),
            "physical_frame_boundary": ",".join(map(str, env.physical_frame_boundary)),
            "orientation": env.orientation,
            "asked": env.ask_question("which one?") is None,
            "activity": adb_utils.get_current_activity(env.controller)[0],
        }
        env.display_message("starting", header="T3A")

    def step(self, goal):
        result = super().step(goal)
        if len(self.history) <= 1:
            result.data.update(self.facts)
            self.env.interaction_cache = "seen"
            result.data["cache"] = self.env.interaction_cache
            self.env.interaction_cache = ""
        return result
'''

FILES = {
    "android_world/__init__.py": "",
    "android_world/env/__init__.py": "",
    "android_world/env/interface.py": INTERFACE,
    "android_world/env/json_action.py": JSON_ACTION,
    "android_world/env/adb_utils.py": ADB_UTILS,
    "android_world/agents/__init__.py": "",
    "android_world/agents/base_agent.py": BASE_AGENT,
    "android_world/agents/t3a.py": T3A,
    "scripted_t3a.py": SCRIPTED,
}

TASKS = ["SystemWifiTurnOn", "SystemBluetoothTurnOff", "ClockStopWatchRunning"]


@pytest.fixture(scope="module")
def run_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("aw")
    for name, text in FILES.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(textwrap.dedent(text))
    path = os.pathsep.join([str(root), os.environ.get("PYTHONPATH", "")])
    out = root / "run"
    done = subprocess.run(
        [sys.executable, "-m", "droidhub", "run", "--suite", "android_world",
         "--tasks", ",".join(TASKS), "--agent", "scripted_t3a:ScriptedT3A",
         "--agent-option", "compat=android_world", "--out", str(out)],
        capture_output=True, text=True, timeout=600, env={**os.environ, "PYTHONPATH": path},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return out


def _steps(out: Path, task: str) -> list[dict]:
    steps_file = next(out.glob(f"episodes/*/{task}/*/steps.jsonl"))
    return [json.loads(line) for line in steps_file.read_text().splitlines()]


def _aw_data(steps: list[dict]) -> list[dict]:
    """The data of each AW step, in order (each lands on the droidhub step after its
    action, when the agent has looked at the screen again)."""
    return [d for s in steps for d in (s["agent_info"] or {}).get("android_world", [])]


def test_an_aw_shaped_t3a_solves_three_tasks(run_folder: Path) -> None:
    results = [json.loads(x) for x in (run_folder / "results.jsonl").read_text().splitlines()]
    assert sorted(r["task"] for r in results) == sorted(TASKS)
    assert [(r["reward"], r["error"]) for r in results] == [(1.0, None)] * 3


def test_every_click_read_the_frame_and_orientation_through_the_controller(
    run_folder: Path,
) -> None:
    for task in TASKS:
        steps = _steps(run_folder, task)
        kinds = [s["action"]["action_type"] for s in steps]
        assert kinds[0] == "open_app" and kinds[-1] == "status" and "click" in kinds
        data = _aw_data(steps)
        assert len(data) == len(steps)  # one AW step per action, the last one "done"
        clicks = [d for d in data if "frame" in d]
        assert len(clicks) == kinds.count("click")
        assert {(d["frame"], d["orientation"]) for d in clicks} == {("0,0,1080,2400", 0)}
        assert {d["max_steps"] for d in data} == {10}  # AW's budget, handed over


def test_the_env_offers_what_aws_env_offers(run_folder: Path) -> None:
    first = _aw_data(_steps(run_folder, "SystemWifiTurnOn"))[0]
    assert first["async_env"] is True  # registered with the importable android_world
    assert first["device_screen_size"] == "1080,2400"
    assert first["physical_frame_boundary"] == "0,0,1080,2400"
    assert first["orientation"] == 0 and first["asked"] is True
    assert first["cache"] == "seen"
    assert first["activity"].startswith("com.google.android.apps.nexuslauncher/")
