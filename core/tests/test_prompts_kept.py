"""What a model saw is kept beside its step: pictures as files, names that stay inside."""

from __future__ import annotations

import base64
import json
from pathlib import Path

from droidhub.results.layout import EpisodeFolder
from droidhub.results.prompts import keep_requests, prompt_text, read_requests

PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="
)


def test_pictures_leave_the_text_and_links_stay(tmp_path: Path) -> None:
    folder = EpisodeFolder(tmp_path)
    url = "data:image/png;base64," + base64.b64encode(PNG).decode()
    requests = [
        [
            {"role": "system", "content": "Be brief."},
            {
                "role": "user",
                "content": [
                    {"type": "text", "text": "Goal: x"},
                    {"type": "image_url", "image_url": {"url": url}},
                    {"type": "image_url", "image_url": {"url": "https://example.com/a.png"}},
                ],
            },
        ]
    ]
    name = keep_requests(folder, 4, requests)
    assert name == "step_004.prompt.json"
    kept = json.loads((tmp_path / name).read_text())
    parts = kept[0][1]["content"]
    assert parts[1] == {"type": "image_url", "image_url": {"file": "step_004.prompt_1.png"}}
    assert (tmp_path / "step_004.prompt_1.png").read_bytes() == PNG
    assert parts[2]["image_url"]["url"] == "https://example.com/a.png"
    assert "data:image" not in (tmp_path / name).read_text()
    assert read_requests(folder, name) == kept
    text = prompt_text(kept[0])
    assert text.startswith("## system\nBe brief.")
    assert "[image: step_004.prompt_1.png]" in text


def test_a_name_read_back_cannot_leave_the_folder(tmp_path: Path) -> None:
    secret = tmp_path / "secret.json"
    secret.write_text('[[{"role": "user", "content": "secret"}]]')
    inner = tmp_path / "episodes" / "f" / "t" / "0"
    inner.mkdir(parents=True)
    folder = EpisodeFolder(inner)
    for name in ("../../../../secret.json", str(secret), "..", "", None, 3):
        assert read_requests(folder, name) == []


def test_what_is_not_a_list_of_requests_is_not_written(tmp_path: Path) -> None:
    folder = EpisodeFolder(tmp_path)
    assert keep_requests(folder, 0, "a string") is None
    assert keep_requests(folder, 0, [{"role": "user"}]) is None
    assert list(tmp_path.iterdir()) == []
