"""The android_world family is AndroidWorld's catalogue: same names, difficulty and tags."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from droidhub import catalog

# ../shared/reference sits beside the repository (it is not part of the product).
REFERENCE = Path(__file__).resolve().parents[3].parent / "shared/reference"
COMPOSITES = {"MarkorCreateNoteAndSms", "TurnOnWifiAndOpenApp", "TurnOffWifiAndTurnOnBluetooth"}


@pytest.fixture(scope="module")
def reference() -> dict[str, dict]:
    path = REFERENCE / "android_world_task_metadata.json"
    if not path.exists():
        pytest.skip(f"AndroidWorld's reference metadata is not at {path}")
    return {t["task_name"]: t for t in json.loads(path.read_text(encoding="utf-8"))}


def test_every_single_app_task_is_registered_under_its_androidworld_name(reference) -> None:
    registered = set(catalog.registry().family("android_world").task_names())
    assert registered == set(reference) - COMPOSITES
    assert len(registered) == 113


def test_difficulty_and_tags_match_the_reference(reference) -> None:
    mismatched = []
    for task in catalog.registry().tasks("android_world"):
        ref = reference[task.name]
        ref_tags = {t for t in ref["tags"] if t}
        if task.difficulty != ref["difficulty"] or set(task.tags) != ref_tags:
            mismatched.append((task.name, task.difficulty, ref["difficulty"], task.tags, ref_tags))
    assert mismatched == []
