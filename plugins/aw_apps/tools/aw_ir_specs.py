"""Write droidhub's IR spec files from AndroidWorld's own IR task definitions.

AndroidWorld defines its 25 information-retrieval tasks as data: one textproto
(``android_world/task_evals/information_retrieval/proto/tasks.textproto``) holding each
task's prompt, complexity, parameter pools, answer rows, noise exclusions and success
criteria, and a Python module of the notes Joplin's noise is drawn from
(``joplin_app_utils.py``). This script reads those facts from a copy of AW's source and
writes them in droidhub's spec format (:mod:`droidhub_aw_apps.common.ir_spec`): one TOML
file per task in its app's ``specs/`` folder. The value pools AW draws the noise rows
from go to ``ir_noise.json`` beside the app's ``ir.py`` (Joplin's notes by folder, the
Tasks app's titles and notes, OpenTracks' activity names by category). Difficulty and
tags come from AW's ``android_world/task_metadata.json``.

Run it from the repository root with AW's source unpacked somewhere::

    git -C android_world archive HEAD | tar -x -C /tmp/awsrc
    python plugins/aw_apps/tools/aw_ir_specs.py /tmp/awsrc

It needs nothing of AW's at run time (no protobuf, no imports of AW's modules): the
textproto is parsed here, and the pools are read with :func:`ast.literal_eval`.
"""

from __future__ import annotations

import argparse
import ast
import json
import re
import sys
from pathlib import Path
from typing import Any

IR_DIR = Path("android_world/task_evals/information_retrieval")
PACKAGE = Path(__file__).resolve().parents[1] / "src" / "droidhub_aw_apps"

#: AW's state message -> (droidhub app key, package folder, row list field).
APPS = {
    "calendar": ("calendar", "calendar", "events"),
    "tasks_app": ("tasks", "tasks_app", "tasks_app_tasks"),
    "sports_activity_app": ("sports", "sports_tracker", "sports_activities"),
    "notes_app": ("notes", "joplin", "notes"),
}
#: Each row message's fields in field-number order (the order AW fills them in).
FIELD_ORDER = {
    "calendar": ("start_date", "start_time", "duration", "description", "title", "location"),
    "tasks": (
        "title", "importance", "due_date", "due_time", "hide_until_date", "hide_until_time",
        "completed_date", "completed_time", "notes",
    ),
    "sports": (
        "name", "description", "category", "start_date", "start_time", "duration",
        "total_distance", "elevation_gain", "elevation_loss",
    ),
    "notes": ("folder", "title", "body", "is_todo", "todo_completed"),
}  # fmt: skip
OPS = {
    "EQUAL_TO": "eq",
    "CONTAINS": "contains",
    "GREATER_THAN": "gt",
    "LESS_THAN": "lt",
    "GREATER_THAN_OR_EQUAL_TO": "ge",
    "LESS_THAN_OR_EQUAL_TO": "le",
}

_TOKEN = re.compile(
    r'\s+|#[^\n]*|(?P<str>"(?:[^"\\]|\\.)*"|\'(?:[^\'\\]|\\.)*\')|(?P<punct>[{}:])'
    r"|(?P<word>[A-Za-z0-9_.+-]+)"
)


def _unquote(text: str) -> str:
    body = text[1:-1]
    escapes = {"n": "\n", "t": "\t", '"': '"', "'": "'", "\\": "\\"}
    return re.sub(r"\\(.)", lambda m: escapes.get(m.group(1), m.group(0)), body)


def parse_textproto(text: str) -> dict[str, list[Any]]:
    """A textproto as nested dicts; every field maps to the list of its values."""
    tokens: list[tuple[str, str]] = []
    pos = 0
    while pos < len(text):
        match = _TOKEN.match(text, pos)
        if not match:
            raise ValueError(f"cannot read the textproto at {text[pos : pos + 40]!r}")
        pos = match.end()
        kind = match.lastgroup
        if kind:
            tokens.append((kind, match.group(kind)))
    stack: list[dict[str, list[Any]]] = [{}]
    i = 0
    while i < len(tokens):
        kind, value = tokens[i]
        if kind == "punct" and value == "}":
            stack.pop()
            i += 1
            continue
        name = value
        i += 1
        if tokens[i] == ("punct", ":"):
            i += 1
        kind, value = tokens[i]
        if (kind, value) == ("punct", "{"):
            child: dict[str, list[Any]] = {}
            stack[-1].setdefault(name, []).append(child)
            stack.append(child)
        else:
            stack[-1].setdefault(name, []).append(_unquote(value) if kind == "str" else value)
        i += 1
    return stack[0]


def _one(message: dict[str, list[Any]], field: str, default: Any = None) -> Any:
    return message.get(field, [default])[0]


def spec_of(task: dict[str, list[Any]], meta: dict[str, Any]) -> tuple[str, str, dict[str, Any]]:
    """(app key, package folder, spec dict) for one AW task message."""
    relevant = _one(task, "relevant_state")
    state = _one(relevant, "state")
    (message,) = [m for m in APPS if m in state]
    app, folder, rows_field = APPS[message]
    rows = []
    for row in _one(state, message).get(rows_field, []):
        rows.append({f: row[f][0] for f in FIELD_ORDER[app] if f in row})
    expect = []
    for exp in _one(task, "success_criteria").get("expectations", []):
        item: dict[str, Any] = {}
        if "expected_value" in exp:
            item["value"] = _one(exp, "expected_value")
        else:
            transform = _one(exp, "field_transformation")
            item["transform"] = _one(transform, "operation").lower()
            item["field"] = _one(transform, "field_name")
        item["match"] = _one(exp, "match_type").removesuffix("_MATCH").lower()
        if "tolerance" in exp:
            item["tolerance"] = float(_one(exp, "tolerance"))
        expect.append(item)
    spec = {
        "name": _one(task, "name"),
        "app": app,
        "prompt": _one(task, "prompt"),
        "complexity": int(_one(task, "complexity", "1")),
        "difficulty": meta["difficulty"],
        "tags": meta["tags"],
        "params": [
            {"name": _one(p, "name"), "values": p.get("possible_values", [])}
            for p in task.get("task_params", [])
        ],
        "rows": rows,
        "exclude": [
            {"field": _one(c, "field"), "op": OPS[_one(c, "operation")], "value": _one(c, "value")}
            for c in relevant.get("exclusion_conditions", [])
        ],
        "expect": expect,
    }
    return app, folder, spec


def _toml_value(value: Any) -> str:
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, list):
        if len(value) <= 3 and all(len(str(v)) < 30 for v in value):
            return "[" + ", ".join(_toml_value(v) for v in value) + "]"
        return "[\n" + "".join(f"  {_toml_value(v)},\n" for v in value) + "]"
    raise TypeError(f"no TOML form for {value!r}")


def to_toml(spec: dict[str, Any]) -> str:
    """The spec as a TOML file (scalars first, then each array of tables in order)."""
    out = [
        f"# AndroidWorld's IR task {spec['name']}, written by plugins/aw_apps/tools/"
        "aw_ir_specs.py from AW's tasks.textproto: regenerate rather than edit.",
    ]
    for key in ("name", "app", "prompt", "complexity", "difficulty", "tags"):
        out.append(f"{key} = {_toml_value(spec[key])}")
    for table in ("params", "rows", "exclude", "expect"):
        for item in spec[table]:
            out.append(f"\n[[{table}]]")
            out.extend(f"{k} = {_toml_value(v)}" for k, v in item.items())
    return "\n".join(out) + "\n"


def _body_parts(node: ast.expr) -> list[Any]:
    """A note body AW builds by concatenation: its literal parts, and for each
    ``"\\n".join(random.sample(_LIST, k))`` a ``{"sample": values, "k": k}`` part."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return _body_parts(node.left) + _body_parts(node.right)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        (sample,) = node.args
        assert isinstance(sample, ast.Call)
        pool, k = sample.args
        assert isinstance(pool, ast.Name) and isinstance(k, ast.Constant)
        return [{"sample": pool.id, "k": k.value}]
    return [ast.literal_eval(node)]


def _note(node: ast.expr, pools: dict[str, list[str]]) -> dict[str, Any]:
    assert isinstance(node, ast.Dict)
    note: dict[str, Any] = {}
    for key, val in zip(node.keys, node.values, strict=True):
        assert isinstance(key, ast.Constant)
        parts = _body_parts(val)
        for part in parts:
            if isinstance(part, dict):
                part["sample"] = pools[part["sample"]]
        note[key.value] = parts[0] if len(parts) == 1 else parts
    return note


def joplin_notes(source: str) -> dict[str, list[dict[str, Any]]]:
    """AW's noise notes by folder, read from ``joplin_app_utils.py``'s literals. A body
    AW assembles at import time from random samples is kept as a list of parts."""
    tree = ast.parse(source)
    lists: dict[str, ast.List] = {}
    folders: dict[str, str] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            name = node.targets[0].id
            if name == "_FOLDERS" and isinstance(node.value, ast.Dict):
                for key, val in zip(node.value.keys, node.value.values, strict=True):
                    assert isinstance(key, ast.Constant) and isinstance(val, ast.Name)
                    folders[key.value] = val.id
            elif isinstance(node.value, ast.List):
                lists[name] = node.value
    pools = {
        name: ast.literal_eval(node)
        for name, node in lists.items()
        if all(isinstance(e, ast.Constant) for e in node.elts)
    }
    return {folder: [_note(e, pools) for e in lists[var].elts] for folder, var in folders.items()}


def _source(root: Path, name: str) -> str:
    return (root / IR_DIR / name).read_text("utf-8")


def _literal(source: str, name: str) -> Any:
    """The literal value assigned to module-level ``name``."""
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", None) == name:
            return ast.literal_eval(node.value)
    raise ValueError(f"no assignment to {name}")


def main(argv: list[str] | None = None) -> int:
    """Write every IR spec and the Joplin notes from the AW source folder given."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("aw_source", type=Path, help="root of AW's source tree")
    args = parser.parse_args(argv)
    root: Path = args.aw_source
    tasks = parse_textproto((root / IR_DIR / "proto" / "tasks.textproto").read_text("utf-8"))
    metadata = json.loads((root / "android_world" / "task_metadata.json").read_text("utf-8"))
    meta = {m["task_name"]: m for m in metadata}
    for task in tasks["tasks"]:
        _app, folder, spec = spec_of(task, meta[_one(task, "name")])
        path = PACKAGE / folder / "specs" / f"{spec['name']}.toml"
        path.write_text(to_toml(spec), encoding="utf-8")
    noise = {
        "joplin": {"notes": joplin_notes(_source(root, "joplin_app_utils.py"))},
        "tasks_app": {"tasks": _literal(_source(root, "task_app_utils.py"), "_TASKS")},
        "sports_tracker": {
            "names": _literal(_source(root, "activity_app_utils.py"), "_CATEGORY_TO_ACTIVITY_NAMES")
        },
    }
    for folder, pools in noise.items():
        (PACKAGE / folder / "ir_noise.json").write_text(
            json.dumps(pools, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
        )
    print(f"wrote {len(tasks['tasks'])} specs and the noise pools of {len(noise)} apps")
    return 0


if __name__ == "__main__":
    sys.exit(main())
