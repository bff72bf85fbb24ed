"""The worked example of docs/writing-ir-tasks.md is a real spec that works end to end."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from droidhub import Env
from droidhub_aw_apps.common.ir_spec import load_spec
from droidhub_aw_apps.common.ir_task import ir_app, tasks_from_specs

DOC = Path(__file__).parents[3] / "docs" / "writing-ir-tasks.md"


@pytest.fixture
def example(tmp_path: Path) -> Path:
    text = DOC.read_text(encoding="utf-8")
    block = re.search(r"```toml\n(.*?)```", text, re.S)
    assert block, "the worked example (a toml block) is missing from the doc"
    name = re.search(r'^name = "(\w+)"', block.group(1), re.M)
    assert name
    path = tmp_path / f"{name.group(1)}.toml"
    path.write_text(block.group(1), encoding="utf-8")
    return path


def test_the_worked_example_loads_and_answers_with_its_two_tasks(example: Path) -> None:
    [cls] = tasks_from_specs([load_spec(example)])
    assert cls.name == "TasksHighPriorityDueBefore"
    for seed in range(20):
        task = cls(cls.generate_random_params(random.Random(seed)))
        assert "{" not in task.goal
        titles = task.expected()
        assert len(titles) == 2 and len(set(titles)) == 2
        assert task.params.title not in titles


def test_the_worked_example_runs_on_the_phone(example: Path, virtual_env: Env) -> None:
    [cls] = tasks_from_specs([load_spec(example)])
    task = cls(cls.generate_random_params(random.Random(7)))
    task.initialize_task(virtual_env)
    virtual_env.answer = None
    assert task.is_successful(virtual_env) == 0.0
    virtual_env.answer = task.oracle(virtual_env)
    assert task.is_successful(virtual_env) == 1.0
    virtual_env.answer = ", ".join(reversed(task.oracle(virtual_env).split(", ")))
    assert task.is_successful(virtual_env) == 1.0
    task.tear_down(virtual_env)


def test_the_documented_fields_match_the_apps() -> None:
    text = DOC.read_text(encoding="utf-8")
    for key in ("calendar", "tasks", "sports", "notes"):
        row = re.search(rf"^\| `{key}` \| (.*)$", text, re.M)
        assert row, key
        named = re.findall(r"`(\w+)`", row.group(1))
        fields = list(ir_app(key).fields)
        assert [f for f in named if f in fields] == fields, key
