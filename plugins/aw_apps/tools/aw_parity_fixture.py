"""Write AndroidWorld's own params and goals for every task, suite seeds 0..9, instances 0..4.

The fixture ``plugins/aw_apps/tests/data/aw_parity_fixture.json`` is what
``tests/test_aw_parity.py`` compares droidhub's generators against. It is produced by
AndroidWorld's code itself, never by droidhub's, so regenerate it only from AW's
source, like this (the script runs inside AW's interpreter, not droidhub's)::

    # 1. AW's source at a known commit, e.g. from a clone of
    #    https://github.com/google-research/android_world
    git -C android_world archive HEAD | tar -x -C /tmp/awsrc
    # 2. the Python packages AW's task modules import (its requirements.txt pins);
    #    none of them draws a task parameter, they only have to import
    python3.11 -m venv /tmp/awvenv
    /tmp/awvenv/bin/pip install absl-py==2.1.0 immutabledict==2.0.0 numpy==1.26.3 \
        protobuf==5.29.5 fuzzywuzzy==0.18.0 python-Levenshtein pandas==2.1.4 \
        dm_env==1.6 android_env==1.2.3 jsonschema==4.17.3 requests tenacity \
        termcolor grpcio-tools==1.71.0 "opencv-python-headless<4.11" Pillow pydub
    # 3. the IR protos AW's setup.py compiles
    cd /tmp/awsrc && /tmp/awvenv/bin/python -m grpc_tools.protoc -I. --python_out=. \
        android_world/task_evals/information_retrieval/proto/*.proto
    # 4. this script
    PYTHONPATH=/tmp/awsrc /tmp/awvenv/bin/python plugins/aw_apps/tools/aw_parity_fixture.py \
        --aw-commit "$(git -C android_world rev-parse HEAD)" \
        plugins/aw_apps/tests/data/aw_parity_fixture.json

Each instance is drawn exactly as AW's ``suite_utils.create_suite`` draws instance ``i``
of a suite seeded with ``seed`` (``create_suite(..., n_task_combinations=5, seed=seed)``):
the instance seed is ``int(sha256(f"{seed}_{name}_{i}")) % 2**32``, the task class gets
AW's fixed device time, the global ``random`` is seeded with the instance seed,
``generate_random_params()`` runs and the task is made; its params are kept as they are
then (before the goal is rendered, which may add a key), and the goal and the complexity
(AW's step budget is ten times it) are the task object's. For an information-retrieval
task the entry also holds ``goal_at_start``, the goal as AW's agent receives it once
``initialize_task`` has reworded its dates, and ``setup``: what AW's set-up then writes
into the app (its inserts are caught, so no phone is needed): the number of rows, a
digest of every table's rows in insertion order in the canonical form
:func:`canonical_rows` gives, and the expected answer. Joplin note bodies AW samples at
import time from unseeded randomness are left out of the digest.

What the JSON keeps of values JSON cannot hold: AW's row dataclasses (Expense,
Recipe, CalendarEvent...) become dicts of their fields; a PIL image becomes
``{"image": {"mode", "size", "sha256"}}`` (its pixels' digest). AW's ``seed`` key is
dropped from params (droidhub keeps the instance seed beside the params, not in them).
A param whose JSON form is longer than :data:`LONG` characters (the rows of a
database, a long text) is stored as its digest, :func:`digest`, so that 50 draws of
every task stay a few MB; the test digests droidhub's value the same way.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import random
import re
import sys
import types
from pathlib import Path
from typing import Any

SEEDS = range(10)
INSTANCES = range(5)
#: Params longer than this, as JSON, are stored as :func:`digest` gives them.
LONG = 400


def instance_seed(seed: int, name: str, instance: int = 0) -> int:
    """AW's per-instance seed for a suite seeded with ``seed``."""
    digest = hashlib.sha256(f"{seed}_{name}_{instance}".encode()).hexdigest()
    return int(digest, 16) % 2**32


def to_json(value: Any) -> Any:
    """``value`` as JSON data, keeping every field the generator drew."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_json(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {str(k): to_json(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_json(v) for v in value]
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    if type(value).__module__.startswith("PIL."):
        return {
            "image": {
                "mode": value.mode,
                "size": list(value.size),
                "sha256": hashlib.sha256(value.tobytes()).hexdigest(),
            }
        }
    raise TypeError(f"no JSON form for {type(value).__qualname__}: {value!r}")


def digest(value: Any) -> dict[str, Any]:
    """A long JSON value as the fixture stores it: its length and sha256 as JSON."""
    text = json.dumps(value, sort_keys=True, ensure_ascii=False)
    return {"digest": {"chars": len(text), "sha256": hashlib.sha256(text.encode()).hexdigest()}}


def compact(params: dict[str, Any]) -> dict[str, Any]:
    """``params`` (JSON data) with each value longer than :data:`LONG` as its digest."""
    return {
        k: digest(v) if len(json.dumps(v, sort_keys=True, ensure_ascii=False)) > LONG else v
        for k, v in params.items()
    }


def dumps(fixture: dict[str, Any], lists: tuple[str, ...] = ()) -> str:
    """The fixture as JSON with one task per line, and one item per line of each of its
    ``lists`` (the command fixture's ``calls``), so a diff names what moved."""
    head = {k: v for k, v in fixture.items() if k not in (*lists, "tasks")}
    opening = json.dumps(head, sort_keys=True)[:-1]
    lines = []
    for key in lists:
        lines.append(f"{opening}, {json.dumps(key)}: [")
        items = [json.dumps(x, sort_keys=True, ensure_ascii=False) for x in fixture[key]]
        lines.append(",\n".join(items))
        opening = "]"
    lines.append(f'{opening}, "tasks": {{')
    names = sorted(fixture["tasks"])
    for i, name in enumerate(names):
        body = json.dumps(fixture["tasks"][name], sort_keys=True, ensure_ascii=False)
        lines.append(f"{json.dumps(name)}: {body}" + ("," if i < len(names) - 1 else ""))
    lines.append("}}")
    return "\n".join(lines) + "\n"


#: Every column AW's IR set-up writes, by table, but the random ones (uuid4 ids: a note's
#: and a folder's ``id``, a track's ``uuid``, a task's ``remoteId``) and the keys the
#: database numbers; ``parent_id`` of a note is compared as its folder's title.
COMPARED: dict[str, tuple[str, ...]] = {
    "events": (
        "start_ts", "end_ts", "title", "location", "description", "repeat_interval",
        "repeat_rule", "reminder_1_minutes", "reminder_2_minutes", "reminder_3_minutes",
        "reminder_1_type", "reminder_2_type", "reminder_3_type", "repeat_limit",
        "repetition_exceptions", "attendees", "import_id", "time_zone", "flags",
        "event_type", "parent_id", "last_updated", "source", "availability", "color", "type",
    ),
    "tasks": (
        "title", "importance", "dueDate", "hideUntil", "created", "modified", "completed",
        "deleted", "notes", "estimatedSeconds", "elapsedSeconds", "timerStart",
        "notificationFlags", "lastNotified", "recurrence", "repeat_from", "calendarUri",
        "collapsed", "parent", "order", "read_only",
    ),
    "tracks": (
        "name", "description", "category", "activity_type", "starttime", "stoptime",
        "numpoints", "totaldistance", "totaltime", "movingtime", "avgspeed",
        "avgmovingspeed", "maxspeed", "minelevation", "maxelevation", "elevationgain",
        "icon", "elevationloss", "starttime_offset",
    ),
    "folders": (
        "title", "created_time", "updated_time", "user_created_time", "user_updated_time",
        "encryption_cipher_text", "encryption_applied", "parent_id", "is_shared",
        "share_id", "master_key_id", "icon", "user_data",
    ),
    "notes": (
        "parent_id", "title", "body", "created_time", "updated_time", "is_conflict",
        "latitude", "longitude", "altitude", "author", "source_url", "is_todo", "todo_due",
        "todo_completed", "source", "source_application", "application_data", "order",
        "user_created_time", "user_updated_time", "encryption_cipher_text",
        "encryption_applied", "markup_language", "is_shared", "share_id",
        "conflict_original_id", "master_key_id", "user_data",
    ),
    "notes_normalized": (
        "parent_id", "title", "body", "latitude", "longitude", "altitude", "source_url",
        "is_todo", "todo_due", "todo_completed", "user_created_time", "user_updated_time",
    ),
}  # fmt: skip

#: The rows AW's IR set-up inserted, as (table, column -> value), caught by
#: :func:`catch_ir_writes` in the order AW inserts them.
WRITES: list[tuple[str, dict[str, Any]]] = []


def catch_ir_writes() -> set[tuple[str, str]]:
    """Route AW's database calls into :data:`WRITES` (no phone: reads find nothing,
    deletes and app restarts do nothing, Joplin's folder ids are the caught folders');
    return the (folder, title) of the Joplin notes whose bodies AW samples at import
    time."""
    from android_world.env import adb_utils
    from android_world.task_evals.information_retrieval import joplin_app_utils
    from android_world.task_evals.utils import sqlite_schema_utils, sqlite_utils

    def insert(rows: list[Any], exclude_key: str | None, table: str, *_: Any, **__: Any) -> None:
        for row in rows:
            command, values = sqlite_schema_utils.insert_into_db(row, table, exclude_key)
            columns = re.findall(r'"(\w+)"', command.split("VALUES")[0])
            WRITES.append((table, dict(zip(columns, values, strict=True))))

    sqlite_utils.insert_rows_to_remote_db = insert
    sqlite_utils.delete_all_rows_from_table = lambda *_, **__: None
    sqlite_utils.get_rows_from_remote_device = lambda *_, **__: []
    adb_utils.close_app = lambda *_, **__: None
    joplin_app_utils._get_folder_to_id = lambda env: {
        row["title"]: row["id"] for table, row in WRITES if table == "folders"
    }
    sys.path.insert(0, str(Path(__file__).parent))
    from aw_ir_specs import joplin_notes

    source = Path(joplin_app_utils.__file__).read_text(encoding="utf-8")
    return {
        (folder, note["title"])
        for folder, notes in joplin_notes(source).items()
        for note in notes
        if not isinstance(note["body"], str)
    }


def _stored(value: Any) -> Any:
    """A value as SQLite hands it back from a numeric column: numbers as floats."""
    if isinstance(value, (bool, int, float)):
        return float(value)
    return value


def canonical_rows(writes: list[tuple[str, dict[str, Any]]], sampled: set[tuple[str, str]]) -> str:
    """A digest of the rows set-up stored: table by table (in :data:`COMPARED`'s order),
    each table's rows in insertion order, the compared columns of each. A note's
    ``parent_id`` becomes its folder's title; the bodies of ``sampled`` notes (folder,
    title) are left out."""
    folders = {row["id"]: row["title"] for table, row in writes if table == "folders"}
    unsampled: set[str] = set()
    for table, row in writes:
        if table == "notes" and (folders.get(row["parent_id"]), row["title"]) in sampled:
            unsampled.add(row["id"])
    out: list[list[Any]] = []
    for table, columns in COMPARED.items():
        for name, row in writes:
            if name != table:
                continue
            values = {c: _stored(row.get(c, "<absent>")) for c in columns}
            if table.startswith("notes"):
                values["parent_id"] = folders.get(row["parent_id"], "<no folder>")
                if row["id"] in unsampled:
                    values["body"] = None
            out.append([table, values])
    text = json.dumps(out, ensure_ascii=False, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


def draw(cls: Any, seed: int, instance: int, sampled: set[tuple[str, str]]) -> dict[str, Any]:
    """Instance ``instance`` of AW task ``cls`` for suite seed ``seed``, as AW's suite
    draws it."""
    iseed = instance_seed(seed, cls.__name__, instance)
    cls.set_device_time(None)
    random.seed(iseed)
    params = cls.generate_random_params()
    params["seed"] = iseed
    task = cls(params)
    # The params as AW's suite holds them: once the task is made (MarkorTranscribeReceipt
    # takes its image out of them) and before the goal is rendered (a goal may add a key
    # as it goes, as SimpleCalendarAddOneEventRelativeDay's day_of_week, which AW's
    # generator never draws).
    stored = {k: v for k, v in task.params.items() if k != "seed"}
    goal = task.goal
    entry = {
        "seed": seed,
        "instance": instance,
        "instance_seed": iseed,
        "params": compact(to_json(stored)),
        "goal": goal,
        # What AW's suite gives the episode: max steps = int(10 * this).
        "complexity": task.complexity,
    }
    from android_world.task_evals.information_retrieval import information_retrieval as ir
    from android_world.task_evals.information_retrieval import proto_utils

    if isinstance(task, ir.InformationRetrieval):
        # An IR task's goal changes in initialize_task: after reseeding with the instance
        # seed it fills its proto from the params and rewords date params ("tomorrow",
        # "October 16"...). Those steps need no device; the agent sees this goal.
        random.seed(iseed)
        proto_utils.initialize_proto(task.task, task.params)
        ir._maybe_replace_date(task.params)
        entry["goal_at_start"] = task.goal
        state = task.task.relevant_state.state
        exclusions = list(task.task.relevant_state.exclusion_conditions)
        WRITES.clear()
        from android_world.task_evals.information_retrieval import (
            activity_app_utils,
            calendar_utils,
            joplin_app_utils,
            task_app_utils,
        )

        env = types.SimpleNamespace(controller=None)
        if task.is_calendar_task():
            calendar_utils.setup_task_state(state.calendar, exclusions, env)
        elif task.is_tasks_task():
            task_app_utils.setup_task_state(state.tasks_app, exclusions, env)
        elif task.is_sports_task():
            activity_app_utils.setup_task_state(state.sports_activity_app, exclusions, env)
        else:
            joplin_app_utils.setup_task_state(state.notes_app, exclusions, env)
        entry["setup"] = {
            "rows": len(WRITES),
            "digest": canonical_rows(WRITES, sampled),
            "answer": [str(a) for a in proto_utils.get_expected_answer(task.task)],
        }
    return entry


def main(argv: list[str] | None = None) -> int:
    """Write the fixture named on the command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", help="where to write the JSON fixture")
    parser.add_argument("--aw-commit", default="", help="AW commit the source came from")
    args = parser.parse_args(argv)

    from android_world import registry  # AW's own package, from PYTHONPATH

    sampled = catch_ir_writes()
    reg = registry.TaskRegistry()
    tasks = reg.get_registry(reg.ANDROID_WORLD_FAMILY)
    fixture: dict[str, Any] = {
        "source": "google-research/android_world",
        "aw_commit": args.aw_commit,
        "seeds": list(SEEDS),
        "instances": list(INSTANCES),
        "long": LONG,
        "tasks": {
            name: [draw(cls, s, i, sampled) for s in SEEDS for i in INSTANCES]
            for name, cls in sorted(tasks.items())
        },
    }
    with open(args.out, "w", encoding="utf-8") as fh:
        fh.write(dumps(fixture))
    draws = len(SEEDS) * len(INSTANCES)
    print(f"wrote {len(fixture['tasks'])} tasks x {draws} draws to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
