"""``droidhub check --ui`` and the ``ui_oracle`` agent, against a test plugin whose
task can only be done by tapping through its app's two screens."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from plugin_dists import WORD_MARK_TASK_METHODS, write_distribution

DOOR_PLUGIN = (
    '''
import json
import os

from pydantic import BaseModel

from droidhub import Footprint, StateRefs, TaskEval, TaskFamily, hookimpl
from droidhub.agents.ui_solver import UISolver, tap
from droidhub.virtual.appmodel import Screen, VirtualApp

PACKAGE = "org.example.door"
MARK = "/sdcard/Download/door.txt"
WORDS = ("apple", "pear", "plum", "fig")


def _button(text, top):
    return (
        f'<node index="0" text="{text}" resource-id="{PACKAGE}:id/button" '
        f'class="android.widget.Button" package="{PACKAGE}" content-desc="" '
        'checkable="false" checked="false" clickable="true" enabled="true" '
        'focusable="true" focused="false" scrollable="false" long-clickable="false" '
        f'password="false" selected="false" bounds="[100,{top}][980,{top + 150}]" />'
    )


class DoorApp(VirtualApp):
    """Two screens: a Next button, then one button per word; a word writes MARK."""

    package = PACKAGE
    label = "Door"

    def on_start(self, phone, intent):
        self.page = 0

    def buttons(self):
        labels = ["Next"] if getattr(self, "page", 0) == 0 else list(WORDS)
        return [(label, 400 + i * 200) for i, label in enumerate(labels)]

    def screen(self, phone):
        inner = "".join(_button(label, top) for label, top in self.buttons())
        return Screen(
            "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>"
            '<hierarchy rotation="0"><node index="0" text="" resource-id="" '
            f'class="android.widget.FrameLayout" package="{PACKAGE}" content-desc="" '
            'checkable="false" checked="false" clickable="false" enabled="true" '
            'focusable="false" focused="false" scrollable="false" long-clickable="false" '
            f'password="false" selected="false" bounds="[0,0][1080,2400]">{inner}</node>'
            "</hierarchy>"
        )

    def on_tap(self, phone, x, y):
        for label, top in self.buttons():
            if 100 <= x < 980 and top <= y < top + 150:
                if label == "Next":
                    self.page = 1
                else:
                    path = phone.host_path(MARK)
                    path.parent.mkdir(parents=True, exist_ok=True)
                    path.write_text(label)


class Params(BaseModel):
    word: str


class _Door(TaskEval):
    template = "Open the Door app, press Next, then press {word}."
    complexity = 0.5
    Params = Params
    footprint = Footprint(writes=StateRefs(paths=frozenset({MARK})))

    @classmethod
    def generate_random_params(cls, rng):
        return Params(word=rng.choice(WORDS))

'''
    + WORD_MARK_TASK_METHODS
    + '''

class PressWord(_Door):
    """Solved through the screen by its solver."""


class PressWrongWord(_Door):
    """Its solver presses another word: scores 0."""


class NoSolver(_Door):
    """No UI solver is registered for it."""


class LostSolver(_Door):
    """Its solver looks for a button that is not there."""


class PressInHall(_Door):
    """Of the hall family, which has no UI solvers at all."""


def _open(state):
    from droidhub import Action

    return Action(action_type="open_app", app_name="Door")


def solve_press_word(goal, params, state, *rest):
    record = os.environ.get("DOOR_RECORD")
    if record:
        with open(record, "w") as fh:
            json.dump({"goal": goal, "params": params, "type": type(params).__name__,
                       "extra": len(rest)}, fh)
    params["word"] = "changed by the solver"
    state = yield _open(state)
    state = yield tap(state, text="Next")
    yield tap(state, text=goal.split("press ")[-1].rstrip("."))


def solve_wrong_word(goal, params, state):
    state = yield _open(state)
    state = yield tap(state, text="Next")
    word = goal.split("press ")[-1].rstrip(".")
    yield tap(state, text=next(w for w in WORDS if w != word))


def solve_lost(goal, params, state):
    state = yield _open(state)
    yield tap(state, text="Open sesame")


@hookimpl
def droidhub_task_families():
    return [TaskFamily("door", "tap-through test tasks",
                       tasks=[PressWord, PressWrongWord, NoSolver, LostSolver]),
            TaskFamily("hall", "tasks with no UI solvers", tasks=[PressInHall])]


@hookimpl
def droidhub_apps():
    from droidhub import AppSpec
    return [AppSpec(package=PACKAGE, activity=".MainActivity", names=("Door",))]


@hookimpl
def droidhub_virtual_apps():
    return [DoorApp()]


@hookimpl
def droidhub_ui_solvers():
    return [
        UISolver("door", "PressWord", solve_press_word),
        UISolver("door", "PressWrongWord", solve_wrong_word),
        UISolver("door", "LostSolver", solve_lost),
    ]
'''
)

BAD_SOLVER_PLUGIN = """
from droidhub import hookimpl

@hookimpl
def droidhub_ui_solvers():
    return ["not a solver"]
"""


@pytest.fixture
def door_path(tmp_path: Path) -> Path:
    root = tmp_path / "site"
    write_distribution(
        root, "droidhub-door", "droidhub_door", DOOR_PLUGIN, "door", declares=["hall"]
    )
    return root


@pytest.fixture
def check_door(door_path: Path, run_cli) -> Callable[..., subprocess.CompletedProcess[str]]:
    """``check_door(*args)``: ``droidhub check ARGS`` with the door plugin installed."""

    def check(*args: str) -> subprocess.CompletedProcess[str]:
        return run_cli("check", *args, pythonpath=door_path)

    return check


def _rows(stdout: str) -> dict[str, list[str]]:
    table = stdout.split("Failures:")[0]
    return {
        line.split()[0]: line.split()[1:] for line in table.splitlines() if line.startswith("door/")
    }


def test_check_ui_proves_each_task_through_the_screen_or_says_why_not(check_door) -> None:
    proc = check_door("--ui", "--suite", "door")
    assert proc.returncode == 1, proc.stdout + proc.stderr
    header = next(line for line in proc.stdout.splitlines() if line.startswith("task"))
    assert header.split()[-2:] == ["ui", "time"]
    rows = _rows(proc.stdout)
    assert rows["door/PressWord"][-2] == "pass"
    # The oracle passes everywhere: only the ui column fails.
    for name in ("PressWrongWord", "NoSolver", "LostSolver"):
        assert rows[f"door/{name}"][-2] == "FAIL"
        assert rows[f"door/{name}"][4] == "pass"
    failures = proc.stdout.split("Failures:")[1]
    assert "door/NoSolver ui: no UI solver" in failures
    assert "door/PressWrongWord ui: scored 0 after 4 of 5 steps" in failures
    assert "door/LostSolver ui: no element with text='Open sesame' on screen" in failures
    assert "1 of 4 tasks pass" in proc.stdout


def test_check_ui_skips_a_family_that_has_no_ui_solvers_and_says_so(check_door) -> None:
    proc = check_door("--ui", "--suite", "hall")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    row = next(line for line in proc.stdout.splitlines() if line.startswith("hall/"))
    assert row.split()[-2] == "skip"
    assert "hall/PressInHall ui: the hall family has no UI solvers" in proc.stdout
    assert "1 of 1 task passes" in proc.stdout


def test_check_without_ui_has_no_ui_column(check_door) -> None:
    proc = check_door("--suite", "door")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    header = next(line for line in proc.stdout.splitlines() if line.startswith("task"))
    assert "ui" not in header.split()


def test_ui_oracle_runs_solvers_with_a_json_copy_of_params_and_nothing_else(
    door_path: Path, tmp_path: Path, run_cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = tmp_path / "record.json"
    monkeypatch.setenv("DOOR_RECORD", str(record))
    out = tmp_path / "run"
    proc = run_cli(
        "run", "--suite", "door", "--tasks", "PressWord,NoSolver", "--agent", "ui_oracle",
        "--device", "virtual", "--n-combinations", "2", "--out", str(out),
        pythonpath=door_path,
    )  # fmt: skip
    # With no solver the agent gives up at once (status infeasible): NoSolver scores 0,
    # no error; PressWord scores 1 twice.
    assert proc.returncode == 0, proc.stdout + proc.stderr
    results = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    by_task: dict[str, list[dict]] = {}
    for result in results:
        by_task.setdefault(result["task"], []).append(result)
    assert [r["reward"] for r in by_task["PressWord"]] == [1.0, 1.0]
    assert all(r["error"] is None for r in by_task["PressWord"])
    assert [(r["reward"], r["error"], r["steps"]) for r in by_task["NoSolver"]] == [
        (0.0, None, 1)
    ] * 2
    seen = json.loads(record.read_text())
    # A plain dict of the params, the goal, and the first state: no env, no task.
    assert seen["type"] == "dict" and seen["extra"] == 0
    assert seen["params"]["word"] in seen["goal"]
    # The solver changed its copy; the task still judged (and rewarded) the real word.
    assert by_task["PressWord"][-1]["goal"].endswith(f"press {seen['params']['word']}.")


def test_a_ui_solvers_hook_answering_the_wrong_type_is_a_load_error(
    tmp_path: Path, run_cli
) -> None:
    root = tmp_path / "site"
    write_distribution(root, "droidhub-badsolver", "droidhub_badsolver", BAD_SOLVER_PLUGIN, "bad")
    proc = run_cli("plugins", pythonpath=root)
    text = proc.stdout + proc.stderr
    assert "droidhub_ui_solvers" in text and "UISolver" in text, text
