"""IR spec files: the shipped specs are AW's, bad specs fail with errors that say what to
fix, and the tool that writes the specs reads AW's textproto faithfully."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import pytest
from aw_tools import load_tool

from droidhub_aw_apps.common.ir_spec import SpecError, builtin_specs, load_spec, parse_spec
from droidhub_aw_apps.common.ir_task import tasks_from_specs

HERE = Path(__file__).resolve().parent
REFERENCE = HERE / "data" / "android_world_task_metadata.json"
FIXTURE = HERE / "data" / "aw_parity_fixture.json"

#: A small valid spec each test breaks in one way.
VALID: dict[str, Any] = {
    "name": "TasksDueToday",
    "app": "tasks",
    "prompt": "What is due {date} in Tasks app?",
    "params": [
        {"name": "date", "values": ["October 15 2023", "October 16 2023"]},
        {"name": "title", "values": ["Pay rent", "Call mom", "Buy milk"]},
    ],
    "rows": [{"title": "{title_without_replacement}", "due_date": "{date}"}],
    "exclude": [{"field": "due_date", "op": "eq", "value": "{date}"}],
    "expect": [{"transform": "identity", "field": "title", "match": "string"}],
}


def broken(**changes: Any) -> dict[str, Any]:
    spec = json.loads(json.dumps(VALID))
    spec.update(changes)
    return {k: v for k, v in spec.items() if v is not None}


def test_the_valid_example_loads_and_builds_a_task() -> None:
    spec = parse_spec(VALID)
    [cls] = tasks_from_specs([spec])
    assert cls.name == "TasksDueToday" and cls.step_budget() == 10


def test_the_25_shipped_specs_are_awss_ir_tasks() -> None:
    specs = builtin_specs()
    assert len(specs) == 25
    assert {s.app for s in specs} == {"calendar", "tasks", "sports", "notes"}
    known = {t["task_name"]: t for t in json.loads(REFERENCE.read_text())}
    fixture = json.loads(FIXTURE.read_text())["tasks"]
    ir_names = {name for name, rows in fixture.items() if "goal_at_start" in rows[0]}
    assert {s.name for s in specs} == ir_names
    for spec in specs:
        assert spec.difficulty == known[spec.name]["difficulty"], spec.name
        assert spec.tags == known[spec.name]["tags"], spec.name
        # AW's metadata sometimes words the answer format differently from its proto
        # (which AW runs, and the parity test compares); the question itself is the same.
        assert spec.prompt.split("?")[0] == known[spec.name]["task_template"].split("?")[0]


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"colour": "red"}, "colour: unknown field"),
        ({"prompt": None}, "prompt: Field required"),
        ({"prompt": "What is due {date} for {person}?"}, "{person} names no param"),
        ({"app": "todoist"}, "app: Input should be"),
        ({"rows": [{"title": "{titel_without_replacement}"}]}, "{titel_without_replacement}"),
        ({"exclude": [{"field": "due_date", "op": "before", "value": "x"}]}, "exclude.0.op"),
        ({"expect": []}, "expect: List should have at least 1 item"),
        ({"expect": [{"field": "title", "match": "string"}]}, "give either transform and field"),
        (
            {"expect": [{"transform": "count", "field": "title", "value": "3", "match": "number"}]},
            "give either transform and field",
        ),
        ({"expect": [{"value": "3", "match": "fuzzy"}]}, "expect.0.match"),
        (
            {
                "expect": [
                    {"transform": "identity", "field": "title", "match": "string"},
                    {"transform": "identity", "field": "due_date", "match": "date"},
                ]
            },
            "cannot be combined",
        ),
        ({"params": [{"name": "date", "values": ["a"]}] * 2}, "listed twice"),
        ({"params": [{"name": "date", "values": []}]}, "params.0.values"),
    ],
)
def test_bad_specs_fail_naming_the_problem(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(SpecError) as info:
        parse_spec(broken(**changes), "my_spec.toml")
    assert "my_spec.toml" in str(info.value)
    assert message in str(info.value)


def test_unknown_app_fields_fail_when_tasks_are_built() -> None:
    spec = parse_spec(broken(rows=[{"title": "{title}", "due": "{date}"}]))
    with pytest.raises(ValueError, match=r"unknown tasks field\(s\) rows\[0\]\.due"):
        tasks_from_specs([spec])


def test_load_spec_reads_toml_and_checks_the_file_name(tmp_path: Path) -> None:
    good = tmp_path / "TasksDueToday.toml"
    good.write_text(
        'name = "TasksDueToday"\napp = "tasks"\nprompt = "What is due {date}?"\n'
        '[[params]]\nname = "date"\nvalues = ["October 15 2023"]\n'
        '[[rows]]\ntitle = "Pay rent"\ndue_date = "{date}"\n'
        '[[expect]]\ntransform = "identity"\nfield = "title"\nmatch = "string"\n'
    )
    assert load_spec(good).name == "TasksDueToday"
    renamed = tmp_path / "Other.toml"
    renamed.write_text(good.read_text())
    with pytest.raises(SpecError, match="is not the file's stem"):
        load_spec(renamed)
    bad = tmp_path / "Bad.toml"
    bad.write_text("name = ")
    with pytest.raises(SpecError, match="not TOML"):
        load_spec(bad)


TEXTPROTO = r"""
# proto-message: Tasks
tasks {
  name: "TasksDueToday"
  prompt: "What is due {date}? Say \"none\" if nothing."
  complexity: 2
  relevant_state {
    state: {
      tasks_app {
        tasks_app_tasks {
          due_date: "{date}"
          title: "{title_without_replacement}"
        }
      }
    }
    exclusion_conditions { field: "due_date" operation: EQUAL_TO value: "{date}" }
  }
  success_criteria {
    expectations {
      field_transformation { operation: COUNT field_name: "tasks_app_tasks" }
      match_type: NUMBER_MATCH
      tolerance: 0.5
    }
  }
  task_params { name: "date" possible_values: "October 15 2023" }
  task_params { name: "title" possible_values: "Pay rent" possible_values: "Call\nmom" }
}
"""


def test_the_tool_turns_aws_textproto_into_a_spec_that_loads(tmp_path: Path) -> None:
    tool = load_tool("aw_ir_specs")
    parsed = tool.parse_textproto(TEXTPROTO)
    meta = {"difficulty": "easy", "tags": ["parameterized"]}
    app, folder, spec = tool.spec_of(parsed["tasks"][0], meta)
    assert (app, folder) == ("tasks", "tasks_app")
    path = tmp_path / "TasksDueToday.toml"
    path.write_text(tool.to_toml(spec), encoding="utf-8")
    loaded = load_spec(path)
    assert loaded.prompt == 'What is due {date}? Say "none" if nothing.'
    assert loaded.complexity == 2
    # Row fields in AW's field-number order (title before due_date), whatever the text's.
    assert list(loaded.rows[0]) == ["title", "due_date"]
    assert loaded.params[1].values == ["Pay rent", "Call\nmom"]
    assert loaded.exclude[0].op == "eq"
    (expect,) = loaded.expect
    assert (expect.transform, expect.field, expect.match, expect.tolerance) == (
        "count",
        "tasks_app_tasks",
        "number",
        0.5,
    )


def test_the_shipped_specs_are_toml_files_the_tool_wrote() -> None:
    src = HERE.parent / "src" / "droidhub_aw_apps"
    files = sorted(src.glob("*/specs/*"))
    assert len(files) == 25 and all(f.suffix == ".toml" for f in files)
    for f in files:
        text = f.read_text()
        assert text.startswith("# AndroidWorld's IR task ")
        assert tomllib.loads(text)["name"] == f.stem
