"""t3a and m3a solve real tasks through the CLI on the virtual phone, against a real
chat-completions server on loopback that answers like a model would."""

from __future__ import annotations

import base64
import io
import json
from pathlib import Path

import pytest
from PIL import Image

from droidhub_agents.marks import MARK_COLOUR

from conftest import (
    COMPLETION_TOKENS,
    PROMPT_TOKENS,
    WIFI_TURN_ON,
    ScriptedModel,
    assert_wifi_turned_on,
    results,
    run_cli,
    steps,
)


@pytest.fixture(params=["t3a", "m3a"])
def agent(request: pytest.FixtureRequest) -> str:
    """Each of the two LLM agents, by name."""
    return str(request.param)


def test_solves_an_android_world_task(
    agent: str, model: tuple[ScriptedModel, str], tmp_path: Path
) -> None:
    scripted, url = model
    done = run_cli(
        tmp_path, *WIFI_TURN_ON,
        "--agent", agent,
        "--agent-option", "model=scripted-1",
        "--agent-option", f"base_url={url}",
        "--agent-option", "price_in=2", "--agent-option", "price_out=10",
        "--agent-option", "api_key=sk-never-on-disk",
        "--max-steps", "6", "--html", str(tmp_path / "report.html"),
    )  # fmt: skip
    result, recorded = assert_wifi_turned_on(tmp_path, done)
    calls = 5 if agent == "t3a" else 9  # m3a reflects after each of the four actions
    assert len(scripted.requests) == calls
    usage = result["usage"]
    assert usage["prompt_tokens"] == calls * PROMPT_TOKENS
    assert usage["completion_tokens"] == calls * COMPLETION_TOKENS
    assert usage["calls"] == calls
    assert usage["cost"] == pytest.approx(
        calls * (PROMPT_TOKENS * 2 + COMPLETION_TOKENS * 10) / 1e6
    )
    first = recorded[0]["agent_info"]
    assert first["model"] == "scripted-1" and "open_app" in first["reply"]
    assert first["action"] == {"action_type": "open_app", "app_name": "Settings"}
    assert first["parse_error"] is None
    line = (
        f"Model: {calls} calls, tokens {calls * PROMPT_TOKENS} in + {calls * COMPLETION_TOKENS} out"
    )
    assert line in done.stdout
    manifest = json.loads((tmp_path / "run" / "run.json").read_text())
    assert manifest["agent_options"]["model"] == "scripted-1"
    assert manifest["agent_options"]["api_key"] == "(hidden)"
    for path in [*(tmp_path / "run").rglob("*"), tmp_path / "report.html"]:
        assert not path.is_file() or b"sk-never-on-disk" not in path.read_bytes(), path
    assert set(scripted.auth) == {"Bearer sk-never-on-disk"}  # the option's key was used
    assert "sk-never-on-disk" not in done.stdout + done.stderr
    html = (tmp_path / "report.html").read_text()
    assert "Model usage" in html and str(calls * PROMPT_TOKENS) in html
    _prompts_kept_as_sent(tmp_path, scripted, html)


def _prompts_kept_as_sent(tmp_path: Path, scripted: ScriptedModel, html: str) -> None:
    """Each step's requests are in its prompt file as the server received them, their
    pictures in files beside it, and the report shows them."""
    folder = tmp_path / "run" / "episodes" / "android_world" / "SystemWifiTurnOn" / "0"
    kept = []
    for step in steps(tmp_path):
        name = step["agent_info"]["prompt_file"]
        assert name == f"step_{step['index']:03d}.prompt.json"
        assert "requests" not in step["agent_info"]  # no picture inlined in steps.jsonl
        kept += json.loads((folder / name).read_text(encoding="utf-8"))
    sent = [request["messages"] for request in scripted.requests]
    assert len(kept) == len(sent)
    for mine, theirs in zip(kept, sent, strict=True):
        assert [m["role"] for m in mine] == [m["role"] for m in theirs]
        for m, t in zip(mine, theirs, strict=True):
            if isinstance(t["content"], str):
                assert m["content"] == t["content"]
                continue
            for part, sent_part in zip(m["content"], t["content"], strict=True):
                if sent_part["type"] == "text":
                    assert part == sent_part
                else:  # the picture's bytes, in the file named in its place
                    data = base64.b64decode(sent_part["image_url"]["url"].split(",", 1)[1])
                    assert (folder / part["image_url"]["file"]).read_bytes() == data
    # The report links each step's requests (its screenshots and prompts stay files
    # of the run folder beside it).
    for step in steps(tmp_path):
        assert f"{step['agent_info']['prompt_file']}" in html


@pytest.mark.browser
def test_solves_a_miniwob_task(
    agent: str, model: tuple[ScriptedModel, str], tmp_path: Path
) -> None:
    _scripted, url = model
    done = run_cli(
        tmp_path,
        "--suite", "miniwob_subset", "--tasks", "click-test",
        "--agent", agent, "--agent-option", f"base_url={url}", "--max-steps", "3",
    )  # fmt: skip
    recorded = results(tmp_path) if (tmp_path / "run" / "results.jsonl").exists() else []
    assert done.returncode == 0, f"{[r['error'] for r in recorded]}\n{done.stderr}"
    (result,) = recorded
    assert result["reward"] == 1.0 and result["error"] is None
    assert steps(tmp_path)[0]["action"]["action_type"] == "click"


def _decode(url: str) -> Image.Image:
    assert url.startswith("data:image/jpeg;base64,")
    return Image.open(io.BytesIO(base64.b64decode(url.split(",", 1)[1])))


def test_m3a_sends_the_marked_screenshot_at_the_configured_size(
    model: tuple[ScriptedModel, str], tmp_path: Path
) -> None:
    scripted, url = model
    done = run_cli(
        tmp_path, *WIFI_TURN_ON,
        "--agent", "m3a", "--agent-option", f"base_url={url}",
        "--agent-option", "image_width=360", "--agent-option", "jpeg_quality=90",
        "--agent-option", "reflection=false", "--max-steps", "6",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert len(scripted.requests) == 5  # no reflection calls
    # The fourth request sees Settings' Internet page: its Wi-Fi switch, where the
    # step's UI elements place it on the 1080x2400 screen, is boxed at a third of that
    # on the 360x800 image.
    parts = scripted.requests[3]["messages"][-1]["content"]
    (image_url,) = [p["image_url"]["url"] for p in parts if p["type"] == "image_url"]
    image = _decode(image_url).convert("RGB")
    assert image.size == (360, 800)
    text = next(p["text"] for p in parts if p["type"] == "text")
    index = next(line.split(":")[0] for line in text.splitlines() if "switch_widget" in line)
    box = steps(tmp_path)[3]["ui_elements"][int(index)]["bounds"]
    left, top, _right, bottom = (v // 3 for v in box)
    edge = [image.getpixel((x, (top + bottom) // 2)) for x in range(left - 1, left + 3)]
    assert any(all(abs(a - b) < 60 for a, b in zip(px, MARK_COLOUR, strict=True)) for px in edge), (
        edge
    )
    # The label (white digits on the mark colour) sits in the box's top-left corner.
    corner = image.crop((left, top, left + 12 * len(index), top + 12))
    pixels = [corner.getpixel((x, y)) for x in range(corner.width) for y in range(corner.height)]
    assert any(abs(px[1] - MARK_COLOUR[1]) < 60 and px[0] < 80 for px in pixels)
    assert any(min(px) > 200 for px in pixels), "no label digits"
