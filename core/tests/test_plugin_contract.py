"""The plugin contract under abuse: registration order, names claimed twice, answers of
the wrong type and observers that raise. Each must cost only the plugin at fault."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest
from plugin_dists import FIRST, IMPOSTOR, SECOND, TINY, WRONG_TYPES, write_site

from droidhub import TaskEval, TaskFamily, hookimpl
from droidhub.plugins.manager import PluginManager


def _rows(stdout: str) -> dict[str, dict]:
    return {r["name"]: r for r in map(json.loads, stdout.splitlines())}


@pytest.fixture
def rivals(tmp_path: Path) -> Path:
    """tiny, plus two plugins claiming the same names, plus one named like droidhub."""
    # Written second-first: the order must come from the names, not the disk.
    return write_site(tmp_path / "site", TINY, SECOND, FIRST, IMPOSTOR)


@pytest.fixture
def wrong(tmp_path: Path) -> Path:
    """tiny, plus a plugin whose every collecting hook answers with the wrong type."""
    return write_site(tmp_path / "site", TINY, WRONG_TYPES)


def _oracle_writes_the_word(
    run_cli: Any, site: Path, out: Path
) -> tuple[subprocess.CompletedProcess[str], dict[str, Any]]:
    """Run tiny's TinyWriteWord with the oracle agent, the plugins of ``site`` installed,
    into ``out``; the finished process (exit 0 asserted) and its one result row."""
    args = ("run", "--suite", "tiny", "--tasks", "TinyWriteWord", "--agent", "oracle")
    proc = run_cli(*args, "--out", str(out), pythonpath=site)
    assert proc.returncode == 0, proc.stderr
    (row,) = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    return proc, row


def test_a_name_claimed_twice_is_an_error_of_the_second_plugin(rivals: Path, run_cli) -> None:
    proc = run_cli("plugins", "--json", pythonpath=rivals)
    assert proc.returncode == 7, proc.stderr  # a plugin failed: `plugins` says so
    rows = _rows(proc.stdout)
    assert rows["droidhub"]["errors"] == []
    assert rows["first"]["errors"] == [] and rows["first"]["families"] == ["shared"]
    assert rows["second"]["families"] == ["second_only"]
    assert sorted(rows["second"]["errors"]) == sorted(
        [
            "hook droidhub_task_families: task family 'shared' is already registered by "
            "plugin first (droidhub-aaa-first); this one is ignored",
            "hook droidhub_agents: agent 'oracle' is already registered by "
            "plugin droidhub (droidhub); this one is ignored",
            "hook droidhub_agents: agent 'helper' is already registered by "
            "plugin first (droidhub-aaa-first); this one is ignored",
            "hook droidhub_evaluators: evaluator 'shared_check' is already registered by "
            "plugin first (droidhub-aaa-first); this one is ignored",
            "hook droidhub_apps: app name 'notes' is already registered by "
            "plugin first (droidhub-aaa-first); this one is ignored",
            "hook droidhub_cli_commands: command 'hello' is already registered by "
            "plugin first (droidhub-aaa-first); this one is ignored",
            "hook droidhub_cli_commands: command 'run' is already registered by "
            "plugin droidhub (droidhub); this one is ignored",
        ]
    )
    # An entry point named like the built-in plugin is never loaded, and is the one blamed.
    assert rows["droidhub (droidhub-impostor)"]["errors"] == [
        "register: plugin name 'droidhub' is already registered by droidhub "
        f"{rows['droidhub']['version']}; this one is not loaded"
    ]
    text = run_cli("plugins", pythonpath=rivals)
    assert (
        "    FAILED hook droidhub_agents: agent 'oracle' is already registered by "
        "plugin droidhub (droidhub); this one is ignored"
    ) in text.stdout.splitlines()
    # The first plugin keeps its command; the built-in run is still droidhub's.
    hello = run_cli("hello", pythonpath=rivals)
    assert hello.stdout.strip() == "hello from the first plugin", hello.stderr


def test_run_with_a_plugin_claiming_oracle_runs_the_builtin_oracle(
    rivals: Path, run_cli, tmp_path: Path
) -> None:
    proc, row = _oracle_writes_the_word(run_cli, rivals, tmp_path / "run")
    # The impostor gives up at once (reward 0); the real oracle solves the task.
    assert (row["reward"], row["error"]) == (1.0, None)
    assert (
        "warning: plugin second failed at hook droidhub_agents: agent 'oracle' is already "
        "registered by plugin droidhub (droidhub); this one is ignored"
    ) in proc.stderr.splitlines()


def test_wrong_answers_are_reported_and_the_good_parts_kept(wrong: Path, run_cli) -> None:
    proc = run_cli("plugins", "--json", pythonpath=wrong)
    assert proc.returncode == 7, proc.stderr  # a plugin failed: `plugins` says so
    row = _rows(proc.stdout)["wrong"]
    assert row["families"] == ["wrongish"]
    errors = row["errors"]
    assert len(errors) == 8, errors
    for exact in (
        "hook droidhub_task_families: item 2 of 3: expected TaskFamily, got str 'garbage'; ignored",
        "hook droidhub_task_families: item 3 of 3: expected TaskFamily, got int 42; ignored",
        "hook droidhub_derived_task_families: TypeError: family junk: task 2 is "
        "str 'nope', expected a TaskEval subclass",
        "hook droidhub_agents: expected a list of AgentFactory, got NoneType None",
        "hook droidhub_evaluators: expected a list of Evaluator, got str 'sms_sent'",
        "hook droidhub_virtual_apps: item 1 of 1: expected a VirtualApp instance, "
        "got class droidhub_wrong.Model; ignored",
    ):
        assert exact in errors
    assert (
        "hook droidhub_apps: item 2 of 2: expected AppSpec, got object instance; ignored" in errors
    )
    assert (
        "hook droidhub_cli_commands: item 1 of 1: expected click.Command, "
        "got function droidhub_wrong.droidhub_cli_commands.<locals>.<lambda>; ignored"
    ) in errors
    assert _rows(proc.stdout)["tiny"]["errors"] == []


def test_list_and_run_keep_working_beside_a_plugin_of_wrong_types(
    wrong: Path, run_cli, tmp_path: Path
) -> None:
    listed = run_cli("list", "--json", pythonpath=wrong)
    assert listed.returncode == 0, listed.stderr
    families = {json.loads(line)["family"] for line in listed.stdout.splitlines()}
    assert {"tiny", "wrongish"} <= families and "junk" not in families
    assert "warning: plugin wrong failed at hook droidhub_task_families" in listed.stderr
    assert "Traceback" not in listed.stderr
    _, row = _oracle_writes_the_word(run_cli, wrong, tmp_path / "run")
    assert (row["reward"], row["error"]) == (1.0, None)


class _Answers:
    """A plugin object that contributes one family and records that it was called."""

    def __init__(self, family: str, calls: list[str]) -> None:
        self.family = family
        self.calls = calls

    @hookimpl
    def droidhub_task_families(self) -> list[TaskFamily]:
        self.calls.append(self.family)
        return [TaskFamily(self.family, "d", tasks=[])]


class _Eager(_Answers):
    @hookimpl(tryfirst=True)
    def droidhub_task_families(self) -> list[TaskFamily]:
        return super().droidhub_task_families()


def test_hooks_are_called_in_registration_order_whatever_tryfirst_says() -> None:
    pm = PluginManager(load_entry_points=False)
    calls: list[str] = []
    pm.register(_Answers("a", calls), name="a")
    pm.register(_Eager("b", calls), name="b")
    pm.register(_Answers("c", calls), name="c")
    assert [f.name for _p, f in pm.collect("droidhub_task_families")] == ["a", "b", "c"]
    assert calls == ["a", "b", "c"]


def test_a_family_whose_tasks_were_swapped_for_garbage_is_left_out() -> None:
    class Task(TaskEval):
        template = "t"

        def is_successful(self, env):
            return 0.0

    class Swapper:
        @hookimpl
        def droidhub_task_families(self) -> list[TaskFamily]:
            good = TaskFamily("good", "d", tasks=[Task])
            bad = TaskFamily("bad", "d", tasks=[Task])
            bad.tasks = [Task, "not a task"]  # type: ignore[list-item]
            return [good, bad]

    pm = PluginManager(load_entry_points=False)
    pm.register(Swapper(), name="swapper")
    assert [f.name for _p, f in pm.collect("droidhub_task_families")] == ["good"]
    (err,) = pm.errors
    assert (err.plugin, err.stage) == ("swapper", "hook droidhub_task_families")
    assert err.cause == (
        "item 2 of 2: expected TaskFamily, got family 'bad' whose task 2 is "
        "str 'not a task', expected a TaskEval subclass; ignored"
    )


def test_an_observer_that_always_raises_is_recorded_once_and_still_called() -> None:
    class Flaky:
        calls = 0

        @hookimpl
        def droidhub_step(self, context: object, step: object) -> None:
            Flaky.calls += 1
            raise RuntimeError(f"step observer broke (call {Flaky.calls})")

    class Counter:
        calls = 0

        @hookimpl
        def droidhub_step(self, context: object, step: object) -> None:
            Counter.calls += 1

    pm = PluginManager(load_entry_points=False)
    pm.register(Flaky(), name="flaky")
    pm.register(Counter(), name="counter")
    for _ in range(100):
        pm.notify("droidhub_step", context=None, step=None)
    assert (Flaky.calls, Counter.calls) == (100, 100)
    (err,) = pm.observer_errors()
    assert (err.plugin, err.stage, err.count) == ("flaky", "hook droidhub_step", 100)
    assert err.cause == "RuntimeError: step observer broke (call 1)"
    assert "droidhub_step" in err.traceback
    assert len([e for e in pm.errors if e.plugin == "flaky"]) == 1
    # Load errors are not observer errors.
    pm.record_error("flaky", "hook droidhub_agents", "expected a list")
    assert [e.stage for e in pm.observer_errors()] == ["hook droidhub_step"]


def test_items_whose_names_are_not_strings_are_left_out() -> None:
    from droidhub import AgentFactory, AppSpec

    class Sloppy:
        @hookimpl
        def droidhub_apps(self) -> list[AppSpec]:
            return [
                AppSpec("org.ok", ".Main", ("OK",)),
                AppSpec("org.slip", ".Main", "Slip"),  # type: ignore[arg-type]
            ]

        @hookimpl
        def droidhub_agents(self) -> list[AgentFactory]:
            return [AgentFactory(None, "nameless", object)]  # type: ignore[arg-type]

    pm = PluginManager(load_entry_points=False)
    pm.register(Sloppy(), name="sloppy")
    assert [a.package for _p, a in pm.collect("droidhub_apps")] == ["org.ok"]
    assert [a for _p, a in pm.collect("droidhub_agents") if a.name is None] == []
    causes = [e.cause for e in pm.errors]
    assert causes[0].startswith("item 2 of 2: expected AppSpec with names that are non-empty")
    assert "names must be a tuple of strings, not str 'Slip'" in causes[0]
    assert "(a name is NoneType None); ignored" in causes[1]
