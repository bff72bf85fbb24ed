"""What happens around the model call: 429 then 200 is retried, 401 stops the run,
replies that do not parse cost their step and are recorded, and options are checked."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from werkzeug import Response

from conftest import WIFI_TURN_ON, ScriptedModel, results, run_cli, steps


def test_429_then_200_is_retried_honouring_retry_after(
    model: tuple[ScriptedModel, str], tmp_path: Path
) -> None:
    scripted, url = model

    def first_call_limited(n: int) -> Response | None:
        if n == 1:
            # Retry-After 0: the test stays fast; a long back-off would show as a timeout.
            body = json.dumps({"error": {"message": "slow down", "type": "rate_limit"}})
            return Response(body, status=429, headers={"Retry-After": "0"})
        return None

    scripted.before = first_call_limited
    done = run_cli(
        tmp_path, *WIFI_TURN_ON, "--agent", "t3a", "--agent-option", f"base_url={url}",
        "--agent-option", "retry_backoff_s=600", "--max-steps", "6",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    (result,) = results(tmp_path)
    assert result["reward"] == 1.0
    assert len(scripted.requests) == 6  # the refused call, then five answered
    assert result["usage"]["retries"] == 1 and result["usage"]["calls"] == 5
    assert steps(tmp_path)[0]["agent_info"]["usage"]["retries"] == 1


def test_401_stops_the_run_with_one_line(model: tuple[ScriptedModel, str], tmp_path: Path) -> None:
    scripted, url = model
    body = json.dumps({"error": {"message": "Incorrect API key provided", "type": "auth"}})
    scripted.before = lambda n: Response(body, status=401, content_type="application/json")
    done = run_cli(
        tmp_path, "--suite", "android_world",
        "--tasks", "SystemWifiTurnOn,SystemWifiTurnOff,SystemBluetoothTurnOn",
        "--agent", "t3a", "--agent-option", f"base_url={url}",
    )  # fmt: skip
    assert done.returncode not in (0, 1, 2), done.stderr
    assert len(results(tmp_path)) <= 1
    assert len(scripted.requests) == 1  # no retry of a refused key
    lines = [ln for ln in done.stderr.splitlines() if "refused the API key" in ln]
    assert lines and "HTTP 401" in lines[0] and "OPENAI_API_KEY" in lines[0]
    assert "Traceback" not in done.stderr + done.stdout


def test_garbage_replies_cost_steps_and_are_recorded(
    model: tuple[ScriptedModel, str], tmp_path: Path
) -> None:
    scripted, url = model
    scripted.garbage = True
    done = run_cli(
        tmp_path, *WIFI_TURN_ON, "--agent", "t3a", "--agent-option", f"base_url={url}",
        "--max-steps", "2",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    (result,) = results(tmp_path)
    assert result["error"] is None and result["reward"] == 0.0 and result["steps"] == 2
    recorded = steps(tmp_path)
    assert len(recorded) == 2
    for step in recorded:
        info = step["agent_info"]
        assert info["reply"].startswith("I think I would like to tap")
        assert info["action"] is None and "no JSON action" in info["parse_error"]
        assert step["action"] == {"action_type": "wait"}
    # The second prompt tells the model its first reply could not be used.
    assert "could not be used" in scripted.requests[1]["messages"][-1]["content"]


def test_unknown_option_is_one_line_naming_the_valid_ones(tmp_path: Path) -> None:
    done = run_cli(tmp_path, *WIFI_TURN_ON, "--agent", "m3a", "--agent-option", "modle=x")
    assert done.returncode == 2
    assert "unknown option 'modle' for agent m3a; valid options: api_key, base_url" in done.stderr
    assert "image_width" in done.stderr and "Traceback" not in done.stderr


def test_agents_command_lists_t3a_and_m3a_options() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "droidhub", "agents", "--json"],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    rows = {r["name"]: r for r in map(json.loads, done.stdout.splitlines())}
    m3a = {o["name"]: o for o in rows["m3a"]["options"]}
    assert m3a["image_width"]["default"] == "540" and m3a["image_width"]["type"] == "int"
    assert (
        m3a["base_url"]["type"] == "str | None"
        and "OPENAI_BASE_URL" in m3a["base_url"]["description"]
    )
    t3a = {o["name"] for o in rows["t3a"]["options"]}
    assert {"model", "timeout_s", "max_retries", "price_in", "max_concurrency"} <= t3a
    assert "image_width" not in t3a
