"""The own-agent example of docs/agents.md runs as printed and solves a task."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

from pytest_httpserver import HTTPServer
from werkzeug import Request, Response

from conftest import completion

DOC = Path(__file__).resolve().parents[3] / "docs" / "agents.md"


def _wifi_policy(request: Request) -> Response:
    """Settings > Network & internet > Internet > the Wi-Fi switch; done once the
    network shows under it (the example agent's lines carry no checked state)."""
    prompt = json.loads(request.get_data())["messages"][0]["content"]
    lines = re.findall(r"^(\d+): (\S+) '(.*)' '(.*)'$", prompt, re.M)
    texts = {text: int(index) for index, _cls, text, _desc in lines}
    switches = [int(i) for i, cls, _t, _d in lines if cls == "android.widget.Switch"]
    if "AndroidWifi" in texts:
        action = {"action_type": "status", "goal_status": "complete"}
    elif "Wi\u2011Fi" in texts:
        action = {"action_type": "click", "index": switches[0]}
    elif "Internet" in texts:
        action = {"action_type": "click", "index": texts["Internet"]}
    elif "Network & internet" in texts:
        action = {"action_type": "click", "index": texts["Network & internet"]}
    else:
        action = {"action_type": "open_app", "app_name": "Settings"}
    return Response(json.dumps(completion(json.dumps(action))), content_type="application/json")


def test_own_agent_example_solves_a_task(httpserver: HTTPServer, tmp_path: Path) -> None:
    code = DOC.read_text().split("## Writing your own agent")[1].split("```python\n")[1]
    (tmp_path / "myagent.py").write_text(code.split("```")[0])
    httpserver.expect_request("/v1/chat/completions").respond_with_handler(_wifi_policy)
    env = {**os.environ, "PYTHONPATH": str(tmp_path), "OPENAI_API_KEY": "test"}
    done = subprocess.run(
        [sys.executable, "-m", "droidhub", "run", "--suite", "android_world",
         "--tasks", "SystemWifiTurnOn", "--agent", "myagent:TextAgent",
         "--agent-option", f"base_url={httpserver.url_for('/v1')}",
         "--max-steps", "7", "--out", str(tmp_path / "run")],
        capture_output=True, text=True, timeout=120, env=env,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    result = json.loads((tmp_path / "run" / "results.jsonl").read_text().splitlines()[0])
    assert result["reward"] == 1.0 and result["steps"] == 5
