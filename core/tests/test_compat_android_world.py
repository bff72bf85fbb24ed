"""An agent written to AndroidWorld's agent interface runs under droidhub through
``droidhub.compat.android_world``, by option or by a wrapper class, via the CLI."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from aw_json_action import JSON_ACTION

from droidhub import ActionError
from droidhub.compat.android_world import to_action

# What AndroidWorld's documentation asks of an agent: built with the env, reset(go_home),
# step(goal) observing through env.get_state() and acting through env.execute_action()
# with a JSONAction, returning a result with done and data.
AW_AGENT = JSON_ACTION + textwrap.dedent(
    """
    import time

    from droidhub.compat.android_world import AndroidWorldAgent


    @dataclasses.dataclass
    class AgentInteractionResult:
        done: bool
        data: dict


    class WifiAgent:
        def __init__(self, env, name="WifiAgent", transition_pause=1.0):
            self._env, self.name, self.transition_pause = env, name, transition_pause

        @property
        def env(self):
            return self._env

        def reset(self, go_home=False):
            self._env.reset(go_home)

        def get_post_transition_state(self):
            if self.transition_pause:
                time.sleep(self.transition_pause)
            return self._env.get_state()

        def step(self, goal):
            assert goal == "Turn wifi on.", goal
            state = self._env.get_state()
            assert state.pixels.shape[2] == 3
            elements = state.ui_elements
            texts = [e.text for e in elements]
            if "Wi\u2011Fi" in texts:  # Settings' Internet page: the switch on its row
                title = texts.index("Wi\u2011Fi")
                i = next(j for j, e in enumerate(elements) if e.is_checkable and j > title)
                if elements[i].is_checked:
                    return AgentInteractionResult(True, {"summary": "wifi is on"})
                self._env.execute_action(JSONAction(action_type="click", index=i))
                after = self.get_post_transition_state()
                on = any(x.is_checkable and x.is_checked for x in after.ui_elements)
                return AgentInteractionResult(False, {"summary": f"tapped; on after: {on}"})
            for label in ("Internet", "Network & internet"):
                if label in texts:
                    tap = JSONAction(action_type="click", index=texts.index(label))
                    self._env.execute_action(tap)
                    return AgentInteractionResult(False, {"summary": f"opened {label}"})
            self._env.execute_action(JSONAction(action_type="open_app", app_name="Settings"))
            return AgentInteractionResult(False, {"summary": "opened Settings"})


    class Wrapped(AndroidWorldAgent):
        def make_agent(self, env):
            return WifiAgent(env, transition_pause=0)
    """
)


@pytest.mark.parametrize(
    "agent_args",
    [
        ["--agent", "h5_aw_agent:WifiAgent", "--agent-option", "compat=android_world"],
        ["--agent", "h5_aw_agent:Wrapped"],
    ],
    ids=["compat-option", "wrapper-class"],
)
def test_android_world_agent_solves_a_task(agent_args: list[str], tmp_path: Path) -> None:
    (tmp_path / "h5_aw_agent.py").write_text(AW_AGENT)
    env = {**os.environ, "PYTHONPATH": f"{tmp_path}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    out = tmp_path / "run"
    done = subprocess.run(
        [sys.executable, "-m", "droidhub", "run", "--suite", "android_world",
         "--tasks", "SystemWifiTurnOn", *agent_args, "--max-steps", "7", "--out", str(out)],
        capture_output=True, text=True, timeout=180, env=env,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    (result,) = [json.loads(x) for x in (out / "results.jsonl").read_text().splitlines()]
    assert result["reward"] == 1.0 and result["error"] is None
    steps_file = next(out.glob("episodes/*/*/*/steps.jsonl"))
    steps = [json.loads(x) for x in steps_file.read_text().splitlines()]
    assert [s["action"]["action_type"] for s in steps] == [
        "open_app",
        "click",
        "click",
        "click",
        "status",
    ]
    # The agent looked at the screen after its tap, inside its own step, and saw it on.
    summaries = [d["summary"] for d in steps[4]["agent_info"]["android_world"]]
    assert summaries == ["tapped; on after: True", "wifi is on"]


def test_unknown_compat_is_one_line(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "droidhub", "run", "--suite", "android_world",
         "--agent", "json:loads", "--agent-option", "compat=gym", "--out", str(tmp_path)],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 2
    assert "unknown compat 'gym'" in done.stderr and "android_world" in done.stderr


def test_actions_map_from_android_world_fields() -> None:
    assert to_action({"action_type": "click", "index": 3, "clear_text": None}).index == 3
    with pytest.raises(ActionError, match="keycode"):
        to_action({"action_type": "click", "keycode": "KEYCODE_A"})
