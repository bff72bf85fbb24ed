"""Screenshots pass through untouched: the env hands over the phone's PNG bytes with an
image opened from them lazily, and a run stores those very bytes (no re-encoding)."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from droidhub import Env, Observe

PNG = b"\x89PNG\r\n\x1a\n"


def test_a_screenshot_is_the_phones_png_bytes_and_an_image_opened_from_them(
    virtual_env: Env,
) -> None:
    state = virtual_env.get_state(observe=Observe.SCREENSHOT)
    again = virtual_env.device.screenshot_png()
    assert state.screenshot_png is not None and state.screenshot_png.startswith(PNG)
    assert state.screenshot_png == again  # the same screen, the same bytes
    assert state.screenshot is not None and state.screenshot.size == (1080, 2400)
    assert state.screenshot.convert("L").getextrema()[1] > 0  # decodes when asked


AGENT = '''
import hashlib
from droidhub import Action, Observe

class Hasher:
    """Notes the sha256 of each screenshot it is shown, then says it is done."""

    observes = Observe.BOTH

    def reset(self, goal, task, env, rng):
        self.steps = 0

    def step(self, state):
        self.last_step_info = {"png_sha256": hashlib.sha256(state.screenshot_png).hexdigest()}
        self.steps += 1
        if self.steps < 3:
            return Action(action_type="scroll", direction="down")
        return Action(action_type="status", goal_status="complete")
'''


def test_a_run_stores_each_screenshot_byte_for_byte(tmp_path: Path) -> None:
    pytest.importorskip("droidhub_aw_apps")
    (tmp_path / "hasher.py").write_text(AGENT)
    out = tmp_path / "run"
    args = ["run", "--suite", "android_world", "--tasks", "SystemWifiTurnOn", "--agent",
            "hasher:Hasher", "--device", "virtual", "--out", str(out)]  # fmt: skip
    done = subprocess.run(
        [sys.executable, "-m", "droidhub", *args],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    folder = out / "episodes" / "android_world" / "SystemWifiTurnOn" / "0"
    steps = [json.loads(line) for line in (folder / "steps.jsonl").read_text().splitlines()]
    assert len(steps) == 3
    for step in steps:
        stored = (folder / step["screenshot"]).read_bytes()
        assert hashlib.sha256(stored).hexdigest() == step["agent_info"]["png_sha256"]
