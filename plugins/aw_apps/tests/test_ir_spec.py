"""IR spec files: the shipped specs load, and bad specs fail with errors that say what to fix."""

from __future__ import annotations

import datetime as dt
import json
import tomllib
from pathlib import Path
from typing import Any

import pytest

from droidhub_aw_apps.common.ir_spec import (
    SpecError,
    builtin_specs,
    load_spec,
    parse_spec,
    resolve_day,
)
from droidhub_aw_apps.common.ir_task import tasks_from_specs

REFERENCE = Path(__file__).resolve().parent / "data" / "android_world_task_metadata.json"

#: A small valid spec each test breaks in one way.
VALID: dict[str, Any] = {
    "name": "TasksDueToday",
    "app": "tasks",
    "template": "What is due {date} in Tasks app?",
    "params": {"date": {"dates": {"start": "today", "end": "today+3"}}},
    "pools": {"title": {"values": ["Pay rent", "Call mom"]}},
    "rows": [{"title": "{title}", "due_date": "{date}"}],
    "exclude": [{"field": "due_date", "op": "eq", "value": "{date}"}],
    "answer": {
        "where": [{"field": "due_date", "op": "eq", "value": "{date}"}],
        "op": "identity",
        "field": "title",
        "match": "list",
    },
}


def broken(**changes: Any) -> dict[str, Any]:
    spec = json.loads(json.dumps(VALID))
    for dotted, value in changes.items():
        *path, last = dotted.split("__")
        node = spec
        for key in path:
            node = node[key]
        if value is None:
            del node[last]
        else:
            node[last] = value
    return spec


def test_the_valid_example_loads() -> None:
    spec = parse_spec(VALID)
    assert spec.params["date"].is_date
    assert [t.name for t in tasks_from_specs([spec])] == ["TasksDueToday"]


def test_all_25_shipped_specs_load_with_androidworld_names() -> None:
    specs = builtin_specs()
    names = {s.name for s in specs}
    assert len(specs) == 25
    assert {s.app for s in specs} == {"calendar", "tasks", "sports", "notes"}
    known = {t["task_name"]: t for t in json.loads(REFERENCE.read_text())}
    assert names <= set(known)
    for spec in specs:
        assert spec.difficulty == known[spec.name]["difficulty"], spec.name
        assert spec.tags == known[spec.name]["tags"], spec.name
        assert spec.template.split("?")[0] == known[spec.name]["task_template"].split("?")[0]


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"colour": "red"}, "colour: unknown field"),
        ({"answer__tolerence": 3}, "answer.tolerence: unknown field"),
        ({"template": None}, "template: missing field"),
        ({"template": "What is due {date} for {person}?"}, "no param 'person' is defined"),
        ({"template": "What is due in Tasks app?"}, "param 'date' is not used in the template"),
        ({"app": "todoist"}, "unknown app 'todoist'"),
        ({"answer__match": "fuzzy"}, "unknown match 'fuzzy': the ir_answer evaluator matches"),
        ({"answer__op": "average"}, "answer.op"),
        ({"rows": [{"title": "{titel}", "due_date": "{date}"}]}, "rows[0].title uses {titel}"),
        ({"pools__notes": {"values": ["x"]}}, "pool 'notes' is never used"),
        (
            {"answer__where": [{"field": "title", "op": "eq", "value": "{title}"}]},
            "drawn per row",
        ),
        ({"params__date__dates__start": "monday"}, "anchored on 'today'"),
        ({"params__date__dates__start": "next tuesday"}, "is not a day anchor"),
        (
            {"params__date": {"values": ["a"], "dates": {"start": "today", "end": "today"}}},
            "exactly one",
        ),
        ({"rows": []}, "'rows' is empty"),
        ({"min_rows": 3}, "min_rows = 3 must be between 1 and 1"),
        ({"answer__op": "first"}, "op 'first' needs 'order_by'"),
    ],
)
def test_bad_specs_fail_naming_the_problem(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(SpecError) as info:
        parse_spec(broken(**changes), "my_spec.toml")
    assert "my_spec.toml" in str(info.value)
    assert message in str(info.value)


def test_unknown_app_fields_fail_when_tasks_are_built() -> None:
    spec = parse_spec(broken(rows=[{"title": "{title}", "due": "{date}"}]))
    with pytest.raises(ValueError, match=r"unknown tasks field\(s\): rows\[0\]\.due"):
        tasks_from_specs([spec])


def test_load_spec_reads_toml_and_checks_the_file_name(tmp_path: Path) -> None:
    good = tmp_path / "TasksDueToday.toml"
    good.write_text(
        'name = "TasksDueToday"\napp = "tasks"\ntemplate = "What is due {date}?"\n'
        '[params.date]\ndates = { start = "today", end = "today+3" }\n'
        '[pools.title]\nvalues = ["Pay rent"]\n'
        '[[rows]]\ntitle = "{title}"\ndue_date = "{date}"\n'
        '[answer]\nwhere = [{ field = "due_date", op = "eq", value = "{date}" }]\n'
        'op = "identity"\nfield = "title"\nmatch = "list"\n'
    )
    assert load_spec(good).name == "TasksDueToday"
    renamed = tmp_path / "Other.toml"
    renamed.write_text(good.read_text())
    with pytest.raises(SpecError, match="differs from the file name"):
        load_spec(renamed)
    bad = tmp_path / "Bad.toml"
    bad.write_text("name = ")
    with pytest.raises(SpecError, match="not valid TOML"):
        load_spec(bad)


def test_the_shipped_specs_are_toml_files_not_python() -> None:
    src = Path(__file__).parents[1] / "src" / "droidhub_aw_apps"
    files = sorted(src.glob("*/specs/*"))
    assert len(files) == 25 and all(f.suffix == ".toml" for f in files)
    for f in files:
        assert tomllib.loads(f.read_text())["name"] == f.stem


@pytest.mark.parametrize(
    ("anchor", "expected"),
    [
        ("today", dt.date(2023, 10, 15)),
        ("today+3", dt.date(2023, 10, 18)),
        ("today-7", dt.date(2023, 10, 8)),
        ("monday", dt.date(2023, 10, 9)),  # 2023-10-15 is a Sunday: its week began on the 9th
        ("monday+7", dt.date(2023, 10, 16)),
        ("monday+13", dt.date(2023, 10, 22)),
    ],
)
def test_day_anchors_count_from_the_given_today(anchor: str, expected: dt.date) -> None:
    assert resolve_day(anchor, dt.date(2023, 10, 15)) == expected


def test_monday_follows_the_day_it_is_given() -> None:
    assert resolve_day("monday", dt.date(2024, 2, 29)) == dt.date(2024, 2, 26)
    assert resolve_day("monday", dt.date(2024, 2, 26)) == dt.date(2024, 2, 26)
