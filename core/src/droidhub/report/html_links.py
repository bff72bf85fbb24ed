"""The HTML report's steps when its screenshots are linked (the default).

A report of a thousand episodes holds thousands of steps; written out as markup they
would make the file large and slow to open. Linked, each episode's steps are compact
JSON in one ``<script type="application/json">`` block and drawn by a few lines of
script when the episode is opened: the action, its error, what a model-driven agent
said (model, tokens, latency, reason, reply, and a link to the requests it sent: "what
the model saw"), and the run folder's own screenshot, linked relative to the report and
loaded lazily, with the point acted at marked over it. UI trees are left to
``droidhub view``.
"""

from __future__ import annotations

import contextlib
import json
import os
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import quote

from PIL import Image

from droidhub.results.layout import EpisodeFolder

__all__ = ["LINKED_CSS", "linked_script", "linked_step", "model_facts"]

LINKED_CSS = """
.shot{position:relative;display:block;width:362px}.shot img{display:block;width:360px}
.tap{position:absolute;width:16px;height:16px;margin:-11px 0 0 -11px;border:3px solid #e60000;
border-radius:50%}
"""


def _script() -> str:
    """The script that draws an opened episode's steps from the JSON block (see
    :func:`linked_step` for a step's fields)."""
    return (
        resources.files("droidhub.report").joinpath("viewer_static", "report_steps.js").read_text()
    )


def linked_script(steps: dict[str, list[list[Any]]]) -> str:
    """The JSON block of every episode's steps and the script that draws them."""
    block = json.dumps(steps, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    return (
        f"<script type='application/json' id='droidhub-steps'>{block}</script>"
        f"<script>{_script()}</script>"
    )


def model_facts(info: dict[str, Any]) -> str:
    """An agent's step info as one line: the model, its tokens and latency."""
    usage = info.get("usage") if isinstance(info.get("usage"), dict) else {}
    facts = [str(info["model"])] if info.get("model") else []
    if usage:
        facts.append(
            f"{usage.get('prompt_tokens', 0)} + {usage.get('completion_tokens', 0)} tokens, "
            f"{float(usage.get('latency_s', 0.0)):.2f}s"
        )
    return ", ".join(facts)


def _link(folder: Path, name: str, base: Path) -> tuple[Path, str]:
    """The file ``name`` of the episode ``folder``, and its link from the report's folder
    ``base``; ValueError for a name that is no file of the folder."""
    path = EpisodeFolder(folder).inside_file(name)
    return path, quote(Path(os.path.relpath(path, base)).as_posix())


def _agent_facts(info: object, folder: Path, base: Path) -> dict[str, str] | None:
    """What the step's agent reported, as short texts, and a link to the requests it
    sent (None when it reported nothing)."""
    if not isinstance(info, dict):
        return None
    prompt = ""
    if isinstance(info.get("prompt_file"), str):
        with contextlib.suppress(ValueError):
            prompt = _link(folder, info["prompt_file"], base)[1]
    kept = {
        "facts": model_facts(info),
        "parse_error": str(info.get("parse_error") or ""),
        "reply": str(info.get("reply") or ""),
        "prompt": prompt,
    }
    return {k: v for k, v in kept.items() if v} or None


def linked_step(
    folder: Path, step: dict[str, Any], base: Path, point: tuple[int, int] | None
) -> list[Any]:
    """One step as the script draws it: index, action, error, screenshot link (relative
    to the report's folder ``base``) with its size, the point acted at in percent of
    the screen (``point``, in pixels), and the agent's facts."""
    href, width, height, x, y = None, 0, 0, None, None
    shot = step.get("screenshot")
    if isinstance(shot, str) and shot:
        try:
            path, link = _link(folder, shot, base)
            with Image.open(path) as image:  # the header only
                width, height = image.size
            href = link
        except (OSError, ValueError):
            href = None
    if href is not None and point is not None and width and height:
        x, y = round(100 * point[0] / width, 1), round(100 * point[1] / height, 1)
    action = json.dumps(step.get("action", {}), ensure_ascii=False)
    return [step.get("index"), action, step.get("error"), href, width, height, x, y,
            _agent_facts(step.get("agent_info"), folder, base)]  # fmt: skip
