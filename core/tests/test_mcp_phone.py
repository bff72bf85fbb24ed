"""An MCP client (the `mcp` package's own) drives a phone through a task to reward 1
over `droidhub mcp` on standard input/output."""

from __future__ import annotations

import re
import sys
from typing import Any

import pytest

mcp = pytest.importorskip("mcp", reason="droidhub mcp needs the mcp extra")

import anyio  # noqa: E402  # mcp brings it
from mcp import ClientSession  # noqa: E402
from mcp.client.stdio import StdioServerParameters, stdio_client  # noqa: E402


async def _call(session: ClientSession, tool: str, **arguments: Any) -> Any:
    result = await session.call_tool(tool, arguments)
    assert not result.is_error, (tool, result.content)
    # A tool's structured answer: a dict as it is, any other value wrapped as "result".
    structured = getattr(result, "structured_content", None)
    if structured is None:
        return result
    return structured["result"] if set(structured) == {"result"} else structured


async def _refused(session: ClientSession, tool: str, arguments: Any, reason: str) -> None:
    """``tool`` fails with ``reason`` in its text: a client can read why and correct."""
    result = await session.call_tool(tool, arguments)
    text = " ".join(getattr(part, "text", "") for part in result.content)
    assert result.is_error and reason in text, (tool, text)


def _index_of(elements: str, pattern: str) -> int:
    for line in elements.splitlines():
        if re.search(pattern, line):
            return int(line.split(":", 1)[0])
    raise AssertionError(f"no element matching {pattern!r} in\n{elements}")


async def _turn_wifi_on_through_mcp() -> tuple[dict[str, Any], float, float, list[str], str]:
    server = StdioServerParameters(command=sys.executable, args=["-m", "droidhub", "mcp"])
    async with stdio_client(server) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        tools = sorted(t.name for t in (await session.list_tools()).tools)
        await _refused(session, "score_task", {}, "no task started: call start_task first")
        await _refused(session, "start_task", {"task": "Nope"}, "unknown task 'Nope'")
        await _refused(session, "tap", {"index": 3}, "no UI elements were observed yet")
        await _refused(session, "open_app", {"name": "Nope"}, "unknown app 'Nope' for open_app")
        started = await _call(session, "start_task", task="SystemWifiTurnOn", seed=30)
        before = await _call(session, "score_task")
        await _call(session, "open_app", name="Settings")
        for label in ("Network & internet", "Internet"):
            elements = await _call(session, "ui_elements")
            await _call(session, "tap", index=_index_of(elements, f"'{label}'"))
        elements = await _call(session, "ui_elements")
        await _call(session, "tap", index=_index_of(elements, r"^\d+: Switch "))
        after = await _call(session, "score_task")
        shot = await session.call_tool("screenshot", {})
        stopped = await _call(session, "stop_task")
        assert shot.content[0].type == "image"
        return started, before, after, tools, str(stopped)


def test_an_mcp_client_drives_a_phone_through_a_task_to_reward_1() -> None:
    started, before, after, tools, stopped = anyio.run(_turn_wifi_on_through_mcp)
    assert started["goal"] == "Turn wifi on." and started["max_steps"] == 10
    assert (before, after) == (0.0, 1.0)
    assert {"start_task", "score_task", "ui_elements", "tap", "screenshot"} <= set(tools)
    assert "torn down" in stopped


def test_no_adb_server_for_the_serial_is_one_line_and_exit_6() -> None:
    import socket
    import subprocess

    with socket.socket() as probe:  # a port nothing listens on once this closes
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    done = subprocess.run(
        [sys.executable, "-m", "droidhub", "mcp", "--device", "emulator-5554",
         "--adb-port", str(port)],
        stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 6, done.stderr
    assert "Traceback" not in done.stderr
    assert f"error: no adb server answers at 127.0.0.1:{port}" in done.stderr


def test_a_busy_http_port_is_one_line_and_exit_2() -> None:
    import socket
    import subprocess

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run(
            [sys.executable, "-m", "droidhub", "mcp", "--http", str(port)],
            stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120,
        )  # fmt: skip
    assert done.returncode == 2, done.stderr
    assert (
        done.stderr.strip().splitlines()[-1].startswith(f"Error: cannot listen on 127.0.0.1:{port}")
    )
