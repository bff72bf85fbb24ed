"""What a model saw at a step: the requests an agent sent, kept beside the step's files.

An agent may report the chat requests it made for a step under ``requests`` in its
``last_step_info``: a list of requests, each a list of chat messages in the OpenAI
shape (``{"role": ..., "content": str | [parts]}``, an image part holding its picture
as a ``data:`` URL). The episode writes them to ``step_NNN.prompt.json`` in the
episode's folder, each picture to a file of its own beside it
(``step_NNN.prompt_K.jpg``, named in place of the URL as ``{"file": NAME}``), and
leaves ``prompt_file`` in the step's ``agent_info`` in their stead: the text stays
readable and searchable, the pictures cost their bytes once, and a run can be audited
or judged again from what the model was actually shown.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from droidhub.results.layout import EpisodeFolder

__all__ = ["keep_requests", "prompt_text", "read_requests"]

_DATA_URL = re.compile(r"data:image/(?P<kind>[a-z+]+);base64,(?P<data>.*)", re.DOTALL)
_SUFFIX = {"jpeg": "jpg", "png": "png", "webp": "webp", "gif": "gif"}


def _kept_part(part: Any, folder: EpisodeFolder, index: int, pictures: list[str]) -> Any:
    """``part`` with an image's data URL written to a file and named instead."""
    if not isinstance(part, dict) or part.get("type") != "image_url":
        return part
    image = part.get("image_url")
    url = image.get("url", "") if isinstance(image, dict) else ""
    match = _DATA_URL.fullmatch(url) if isinstance(url, str) else None
    if match is None:
        return part  # a link, not a picture: kept as it is
    try:
        data = base64.b64decode(match["data"], validate=True)
    except (binascii.Error, ValueError):
        return {"type": "image_url", "image_url": {"file": None, "error": "not base64"}}
    name = folder.prompt_image_name(index, len(pictures) + 1, _SUFFIX.get(match["kind"], "img"))
    (folder.path / name).write_bytes(data)
    pictures.append(name)
    return {"type": "image_url", "image_url": {"file": name}}


def keep_requests(folder: EpisodeFolder, index: int, requests: object) -> str | None:
    """Write step ``index``'s ``requests`` into ``folder``; the file's name, or None if
    ``requests`` is not a list of message lists (then nothing is written)."""
    if not isinstance(requests, list) or not all(isinstance(r, list) for r in requests):
        return None
    pictures: list[str] = []
    kept = []
    for messages in requests:
        request = []
        for message in messages:
            if isinstance(message, dict) and isinstance(message.get("content"), list):
                parts = [_kept_part(p, folder, index, pictures) for p in message["content"]]
                message = {**message, "content": parts}
            request.append(message)
        kept.append(request)
    name = folder.prompt_name(index)
    text = json.dumps(kept, ensure_ascii=False, indent=1, default=str)
    (folder.path / name).write_text(text + "\n", encoding="utf-8")
    return name


def read_requests(folder: EpisodeFolder, name: object) -> list[list[dict[str, Any]]]:
    """The requests kept under ``name`` in ``folder`` (none if it is missing or unreadable)."""
    if not isinstance(name, str) or not name:
        return []
    try:
        path = folder.inside_file(name)
        kept = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    return kept if isinstance(kept, list) else []


def prompt_text(request: list[dict[str, Any]]) -> str:
    """One request as plain text: each message's role over its text, pictures by name."""
    blocks = []
    for message in request:
        if not isinstance(message, dict):
            continue
        content = message.get("content")
        parts = content if isinstance(content, list) else [content]
        lines = []
        for part in parts:
            if isinstance(part, str):
                lines.append(part)
            elif isinstance(part, dict) and part.get("type") == "text":
                lines.append(str(part.get("text", "")))
            elif isinstance(part, dict) and part.get("type") == "image_url":
                image = part.get("image_url")
                shown = image.get("file") or image.get("url") if isinstance(image, dict) else None
                lines.append(f"[image: {shown}]")
        blocks.append(f"## {message.get('role', '?')}\n" + "\n".join(lines))
    return "\n\n".join(blocks)
