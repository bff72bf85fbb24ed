"""The android_world family is AndroidWorld's catalogue: same names, difficulty and tags."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from droidhub.plugins import catalog

# AndroidWorld's task metadata (names, difficulty, tags, templates), committed with the
# tests so the catalogue is checked in every run.
REFERENCE = Path(__file__).resolve().parent / "data" / "android_world_task_metadata.json"
COMPOSITES = {"MarkorCreateNoteAndSms", "TurnOnWifiAndOpenApp", "TurnOffWifiAndTurnOnBluetooth"}


@pytest.fixture(scope="module")
def reference() -> dict[str, dict]:
    return {t["task_name"]: t for t in json.loads(REFERENCE.read_text(encoding="utf-8"))}


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
