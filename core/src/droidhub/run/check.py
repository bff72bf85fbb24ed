"""``droidhub check``: prove each task on a fresh virtual phone.

For every task: its parameters are deterministic for a seed; its goal renders; doing
nothing scores 0 (or, for a task declared ``met_at_start``, the wrong action scores 0);
its oracle scores 1; tear-down returns the device to the state set-up found; and no
state outside the task's declared footprint changes. A task without an oracle is
reported as such, and its other checks still run.

With ``ui=True`` one more column: the ``ui_oracle`` agent, which acts through the
screen only, plays the instance through the same :class:`droidhub.run.episode.Episode`
path as any agent, and must score 1. A task without a UI solver fails that column.
"""

from __future__ import annotations

import tempfile
import time
import traceback
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from droidhub.android.phone import canonical_path
from droidhub.env.environment import Env
from droidhub.plugins import catalog
from droidhub.plugins.ui_oracle import UIOracleAgent
from droidhub.report.summary import text_table
from droidhub.run.episode import Episode
from droidhub.tasks.suite import TaskInstance, make_instance
from droidhub.tasks.task_eval import NoOracle, StateRefs, TaskEval

if TYPE_CHECKING:
    from droidhub.tasks.apps import AppSpec
    from droidhub.virtual.phone import VirtualPhone

PASS, FAIL, SKIP = "pass", "FAIL", "skip"


@dataclass
class TaskCheck:
    """The outcome of checking one task: one verdict per aspect, with a note each."""

    task: str
    family: str
    verdicts: dict[str, tuple[str, str]] = field(default_factory=dict)
    seconds: float = 0.0

    def set(self, aspect: str, verdict: str, note: str = "") -> None:
        """Record a verdict; a failure is never overwritten by a later pass."""
        if self.verdicts.get(aspect, (PASS, ""))[0] == FAIL and verdict != FAIL:
            return
        self.verdicts[aspect] = (verdict, note)

    @property
    def ok(self) -> bool:
        """Whether no aspect failed."""
        return all(v != FAIL for v, _ in self.verdicts.values())


def _under(path: str, roots: Sequence[str]) -> bool:
    # A database's -journal/-wal/-shm companions belong to it.
    return any(
        path == root or path.startswith(root + "/") or path.startswith(root + "-") for root in roots
    )


class FootprintMatcher:
    """Decides whether a snapshot key (``setting:...``, ``file:...``) is in a footprint.

    Paths are compared after :func:`droidhub.android.phone.canonical_path` resolved their
    storage and app-data aliases, by the one table the virtual phone uses too.
    """

    def __init__(self, refs: StateRefs, uri_paths: Callable[[str], list[str]]) -> None:
        self.settings = set(refs.settings)
        self.packages = set(refs.packages)
        roots = [canonical_path(p) for p in refs.paths]
        for uri in refs.content_uris:
            roots += [canonical_path(p) for p in uri_paths(uri)]
        roots += [f"/data/data/{pkg}" for pkg in refs.packages]
        self.roots = roots

    def covers(self, key: str) -> bool:
        """Whether the piece of state ``key`` names is declared."""
        kind, _, name = key.partition(":")
        if kind == "setting":
            return name in self.settings
        if kind == "package":
            return name in self.packages
        if kind == "file":
            return _under(canonical_path(name), self.roots)
        return False


def diff(before: Mapping[str, str], after: Mapping[str, str]) -> list[str]:
    """Keys whose value differs, appeared or disappeared, sorted."""
    return sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))


def _short(keys: Sequence[str], limit: int = 4) -> str:
    shown = ", ".join(keys[:limit])
    return shown + (f" (+{len(keys) - limit} more)" if len(keys) > limit else "")


@contextmanager
def fresh_phone(apps: Sequence[AppSpec]) -> Iterator[tuple[Env, VirtualPhone]]:
    """A brand-new virtual phone, reached through the adb protocol like any device."""
    from droidhub.device.client import Device
    from droidhub.virtual.server import VirtualDeviceServer

    with VirtualDeviceServer(devices=1, scratch=True) as server:
        serial = server.serials[0]
        device = Device(serial, host="127.0.0.1", port=server.port)
        yield Env(device, apps), server.phone(serial)


def _phase(
    check: TaskCheck,
    task: TaskEval,
    apps: Sequence[AppSpec],
    act: Callable[[Env], None],
    expect: float,
    aspect: str,
    note: str = "",
) -> None:
    """Set up ``task`` on a fresh phone, ``act``, score, tear down; judge each part."""
    from droidhub.virtual.snapshot import content_uri_paths, snapshot

    with fresh_phone(apps) as (env, phone):
        writes = FootprintMatcher(task.footprint.writes, lambda uri: content_uri_paths(phone, uri))
        before = snapshot(phone)
        set_up = False
        try:
            env.reset(go_home=task.start_on_home_screen)
            set_up = True
            task.initialize_task(env)
            act(env)
            reward = float(task.is_successful(env))
            prefix = f"{note}: " if note else ""
            if reward == expect:
                check.set(aspect, PASS, f"{reward:g}")
            else:
                check.set(aspect, FAIL, f"{prefix}scored {reward:g}, expected {expect:g}")
            during = diff(before, snapshot(phone))
            outside = [k for k in during if not writes.covers(k)]
            if outside:
                check.set("footprint", FAIL, f"changed outside its footprint: {_short(outside)}")
            else:
                check.set("footprint", PASS)
        except NoOracle as exc:  # the oracle says this instance is beyond it, and why
            check.set(aspect, SKIP, str(exc))
        except Exception as exc:
            check.set(aspect, FAIL, f"{note + ': ' if note else ''}{type(exc).__name__}: {exc}")
            check.verdicts[aspect] = (
                FAIL,
                check.verdicts[aspect][1] + "\n" + traceback.format_exc(),
            )
        finally:
            if set_up:
                try:
                    task.tear_down(env)
                except Exception as exc:
                    check.set("tear-down", FAIL, f"{type(exc).__name__}: {exc}")
        left = diff(before, snapshot(phone))
        if left:
            check.set("tear-down", FAIL, f"not restored: {_short(left)}")
        else:
            check.set("tear-down", PASS)


def _ui_phase(check: TaskCheck, inst: TaskInstance, apps: Sequence[AppSpec]) -> None:
    """Play ``inst`` with the ``ui_oracle`` agent on a fresh phone, as a run would."""
    from droidhub.device.client import Device
    from droidhub.virtual.server import VirtualDeviceServer

    key = f"{inst.family}/{inst.name}"
    solvers = catalog.ui_solvers()
    if key not in solvers:
        if any(name.startswith(f"{inst.family}/") for name in solvers):
            check.set("ui", FAIL, "no UI solver")
        else:  # a family with no UI solvers at all (MiniWoB's oracles take the Env)
            check.set("ui", SKIP, f"the {inst.family} family has no UI solvers")
        return
    with (
        VirtualDeviceServer(devices=1, scratch=True) as server,
        tempfile.TemporaryDirectory(prefix="droidhub-check-ui-") as out,
    ):
        serial = server.serials[0]
        device = Device(serial, host="127.0.0.1", port=server.port)
        episode = Episode(inst, device, UIOracleAgent(), Path(out), apps, agent_name="ui_oracle")
        episode.run()
    result = episode.result
    if result.error:
        check.set("ui", FAIL, result.error.partition(": ")[2] or result.error)
    elif result.reward == 1.0:
        check.set("ui", PASS, f"{result.steps} steps")
    else:
        check.set(
            "ui",
            FAIL,
            f"scored {result.reward:g} after {result.steps} of {result.max_steps} steps",
        )


def check_task(
    task_cls: type[TaskEval], apps: Sequence[AppSpec], seed: int = 30, ui: bool = False
) -> TaskCheck:
    """Run every check on one task (instance 0 of ``seed``); ``ui`` adds the UI column."""
    started = time.monotonic()
    check = TaskCheck(task_cls.name, task_cls.family)
    try:
        first = make_instance(task_cls, 0, seed)
        again = make_instance(task_cls, 0, seed)
        if first.params != again.params:
            check.set("params", FAIL, f"not deterministic: {first.params} vs {again.params}")
        else:
            check.set("params", PASS)
        goal = first.create().goal
        if not goal.strip():
            check.set("goal", FAIL, "the goal is empty")
        else:
            check.set("goal", PASS)
    except Exception as exc:
        check.set("params", FAIL, f"{type(exc).__name__}: {exc}")
        check.seconds = time.monotonic() - started
        return check

    def nothing(env: Env) -> None:
        del env

    if task_cls.met_at_start:
        _phase(check, first.create(), apps, nothing, 1.0, "no-op")
        if check.verdicts.get("no-op", (FAIL, ""))[0] == PASS:
            check.set("no-op", PASS, "met at start")
        wrong = first.create()
        _phase(check, wrong, apps, wrong.wrong_action, 0.0, "wrong action")
    else:
        _phase(check, first.create(), apps, nothing, 0.0, "no-op")
        if check.verdicts["no-op"][1].startswith("scored 1"):
            check.verdicts["no-op"] = (
                FAIL,
                "scores 1 with no action but does not declare met_at_start",
            )

    if task_cls.has_oracle():
        task = first.create()

        def solve(env: Env) -> None:
            answer = task.oracle(env)
            if answer is not None:
                env.answer = answer

        _phase(check, task, apps, solve, 1.0, "oracle")
    else:
        check.set("oracle", SKIP, task_cls.no_oracle_reason() or "no oracle")
    # Tasks may add cases of their own (a composite: each sub-oracle alone scores 1/N).
    for index, (label, _act, _expected) in enumerate(first.create().check_cases()):
        task = first.create()
        _label, act, expected = task.check_cases()[index]
        # One column per kind of case ("sub-oracle 2 (sms)" -> "sub-oracle").
        _phase(check, task, apps, act, expected, label.split(" ")[0], note=label)
    if ui:
        _ui_phase(check, first, apps)
    check.seconds = time.monotonic() - started
    return check


ASPECTS = ("params", "goal", "no-op", "wrong action", "oracle", "tear-down", "footprint")


def format_checks(checks: Sequence[TaskCheck]) -> str:
    """A table of verdicts, then the notes of every failure."""
    extra = [a for c in checks for a in c.verdicts if a not in ASPECTS]
    aspects = [*ASPECTS, *dict.fromkeys(extra)]
    headers = ["task", *aspects, "time"]
    rows = [
        [f"{c.family}/{c.task}"]
        + [
            (c.verdicts[a][0] + (" (met at start)" if c.verdicts[a][1] == "met at start" else ""))
            if a in c.verdicts
            else "-"
            for a in aspects
        ]
        + [f"{c.seconds:.2f}s"]
        for c in checks
    ]
    lines = [text_table(headers, rows)]
    failures = [
        f"{c.family}/{c.task} {aspect}: {note}"
        for c in checks
        for aspect, (verdict, note) in c.verdicts.items()
        if verdict == FAIL
    ]
    if failures:
        lines += ["", "Failures:", *failures]
    for aspect, heading, label in (
        ("oracle", "Without an oracle:", ""),
        ("ui", "Not proved through the screen:", " ui"),
    ):
        skipped = [
            f"{c.family}/{c.task}{label}: {c.verdicts[aspect][1]}"
            for c in checks
            if c.verdicts.get(aspect, ("", ""))[0] == SKIP
        ]
        if skipped:
            lines += ["", heading, *skipped]
    return "\n".join(lines)
