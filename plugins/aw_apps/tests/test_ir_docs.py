"""The worked example of docs/writing-ir-tasks.md is a real spec that works end to end."""

from __future__ import annotations

import datetime as dt
import random
import re
from pathlib import Path

import pytest

from droidhub import Env
from droidhub_aw_apps.common.ir_spec import load_spec
from droidhub_aw_apps.common.ir_task import compute_truth, create_state, ir_app, tasks_from_specs

DOC = Path(__file__).parents[3] / "docs" / "writing-ir-tasks.md"
NOW = dt.datetime(2023, 10, 15, 15, 34, tzinfo=dt.UTC)


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


def test_the_worked_example_loads_and_keeps_its_truth_over_seeds(example: Path) -> None:
    spec = load_spec(example)
    [cls] = tasks_from_specs([spec])
    assert cls.name == "TasksOverdueHighPriority"
    app = ir_app(spec.app)
    for seed in range(50):
        task = cls(cls.generate_random_params(random.Random(seed)))
        assert "{" not in task.goal
        state = create_state(spec, task.params.model_dump(), NOW, random.Random(seed))
        assert compute_truth(spec.answer, state.relevant, app, state.ctx) == state.truth
        assert all(r["importance"] != 0 for r in state.noise)


def test_the_worked_example_runs_on_the_phone(example: Path, virtual_env: Env) -> None:
    [cls] = tasks_from_specs([load_spec(example)])
    task = cls(cls.generate_random_params(random.Random(7)))
    task.initialize_task(virtual_env)
    assert task.is_successful(virtual_env) == 0.0
    virtual_env.answer = task.oracle(virtual_env)
    assert task.is_successful(virtual_env) == 1.0
    task.tear_down(virtual_env)


def test_the_documented_fields_match_the_apps() -> None:
    text = DOC.read_text(encoding="utf-8")
    for key in ("calendar", "tasks", "sports", "notes"):
        row = re.search(rf"^\| `{key}` \| (.*)$", text, re.M)
        assert row, key
        for field in ir_app(key).fields:
            assert f"`{field}`" in row.group(1), (key, field)
