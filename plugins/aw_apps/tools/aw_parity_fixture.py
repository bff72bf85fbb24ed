"""Write AndroidWorld's own params and goals for every task and suite seeds 0..4.

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

Each instance is drawn exactly as AW's ``suite_utils.create_suite`` draws instance 0
of a suite seeded with ``seed``: the instance seed is
``int(sha256(f"{seed}_{name}_0")) % 2**32``, the task class gets AW's fixed device
time, the global ``random`` is seeded with the instance seed, and
``generate_random_params()`` runs; the goal and the complexity (AW's step budget is
ten times it) are the task object's. For an information-retrieval task the entry also
holds ``goal_at_start``, the goal as AW's agent receives it once ``initialize_task`` has
reworded its dates, and ``setup``: what AW's set-up then writes into the app (its
database calls are caught, so no phone is needed): the number of rows, a digest of the
rows in insertion order in the canonical form :func:`canonical_rows` gives, and the
expected answer. Joplin note bodies AW samples at import time from unseeded randomness
are left out of the digest.

What the JSON keeps of values JSON cannot hold: AW's row dataclasses (Expense,
Recipe, CalendarEvent...) become dicts of their fields; a PIL image becomes
``{"image": {"mode", "size", "sha256"}}`` (its pixels' digest). AW's ``seed`` key is
dropped from params (droidhub keeps the instance seed beside the params, not in them).
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

SEEDS = range(5)


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


def dumps(fixture: dict[str, Any]) -> str:
    """The fixture as JSON with one task per line, so a diff names the tasks that moved."""
    head = {k: v for k, v in fixture.items() if k != "tasks"}
    lines = [json.dumps(head, sort_keys=True)[:-1] + ', "tasks": {']
    names = sorted(fixture["tasks"])
    for i, name in enumerate(names):
        body = json.dumps(fixture["tasks"][name], sort_keys=True, ensure_ascii=False)
        lines.append(f"{json.dumps(name)}: {body}" + ("," if i < len(names) - 1 else ""))
    lines.append("}}")
    return "\n".join(lines) + "\n"


#: Rows AW's IR set-up wrote, caught by :func:`catch_ir_writes`.
CAUGHT: list[Any] = []


def catch_ir_writes() -> set[tuple[str, str]]:
    """Route AW's IR set-up database calls into :data:`CAUGHT`; return the (folder,
    title) of the Joplin notes whose bodies AW samples at import time."""
    from android_world.task_evals.information_retrieval import (
        activity_app_utils,
        calendar_utils,
        joplin_app_utils,
        task_app_utils,
    )

    folders: dict[str, str] = {}
    calendar_utils.utils.clear_calendar_db = lambda env: None
    calendar_utils.utils.add_events = lambda rows, env: CAUGHT.extend(rows)
    task_app_utils.clear_task_db = lambda env: None
    task_app_utils.add_tasks = lambda rows, env: CAUGHT.extend(rows)
    activity_app_utils.clear_db = lambda env: None
    activity_app_utils._add_activities = lambda rows, env: CAUGHT.extend(rows)
    joplin_app_utils.clear_dbs = lambda env: folders.clear()
    joplin_app_utils._get_folder_to_id = lambda env: dict(folders)
    joplin_app_utils._add_folders = lambda rows, env: folders.update(
        {r.title: r.title for r in rows}
    )
    joplin_app_utils.add_notes = lambda rows, env: CAUGHT.extend(rows)
    sys.path.insert(0, str(Path(__file__).parent))
    from aw_ir_specs import joplin_notes

    source = Path(joplin_app_utils.__file__).read_text(encoding="utf-8")
    return {
        (folder, note["title"])
        for folder, notes in joplin_notes(source).items()
        for note in notes
        if not isinstance(note["body"], str)
    }


def canonical_rows(app: str, rows: list[Any], sampled: set[tuple[str, str]]) -> str:
    """A digest of stored rows: the fields both sides store, in insertion order."""
    out: list[list[Any]] = []
    for r in rows:
        if app == "calendar":
            out.append([r.start_ts, r.end_ts, r.title, r.description, r.location])
        elif app == "tasks":
            out.append(
                [r.title, r.importance, r.dueDate, r.hideUntil, r.completed, r.created, r.notes]
            )
        elif app == "sports":
            out.append([
                r.name, r.category, r.description, r.starttime, r.stoptime,
                float(r.totaldistance), float(r.elevationgain), float(r.elevationloss),
            ])  # fmt: skip
        else:  # notes: droidhub's folder; AW's parent_id is the folder's title here
            folder = r.folder if hasattr(r, "folder") else r.parent_id
            body = None if (folder, r.title) in sampled else r.body
            out.append([folder, r.title, int(r.is_todo), int(r.todo_completed), body])
    text = json.dumps(out, ensure_ascii=False, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


def draw(cls: Any, seed: int, sampled: set[tuple[str, str]]) -> dict[str, Any]:
    """One instance of AW task ``cls`` for suite seed ``seed``, as AW's suite draws it."""
    iseed = instance_seed(seed, cls.__name__)
    cls.set_device_time(None)
    random.seed(iseed)
    params = cls.generate_random_params()
    params["seed"] = iseed
    task = cls(params)
    # Rendering the goal first: some of AW's goals add a param (day_of_week) as they go.
    goal = task.goal
    stored = {k: v for k, v in params.items() if k != "seed"}
    entry = {
        "seed": seed,
        "instance_seed": iseed,
        "params": to_json(stored),
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
        CAUGHT.clear()
        from android_world.task_evals.information_retrieval import (
            activity_app_utils,
            calendar_utils,
            joplin_app_utils,
            task_app_utils,
        )

        if task.is_calendar_task():
            app = "calendar"
            calendar_utils.setup_task_state(state.calendar, exclusions, None)
        elif task.is_tasks_task():
            app = "tasks"
            task_app_utils.setup_task_state(state.tasks_app, exclusions, None)
        elif task.is_sports_task():
            app = "sports"
            activity_app_utils.setup_task_state(state.sports_activity_app, exclusions, None)
        else:
            app = "notes"
            joplin_app_utils.setup_task_state(state.notes_app, exclusions, None)
        entry["setup"] = {
            "rows": len(CAUGHT),
            "digest": canonical_rows(app, CAUGHT, sampled),
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
        "tasks": {
            name: [draw(cls, s, sampled) for s in SEEDS] for name, cls in sorted(tasks.items())
        },
    }
    with open(args.out, "w", encoding="utf-8") as fh:
        fh.write(dumps(fixture))
    print(f"wrote {len(fixture['tasks'])} tasks x {len(SEEDS)} seeds to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
