"""Test tasks and agents for the runner's failure paths, installed like real plugins.

The ``hang`` family has tasks that hang in set-up or scoring, one that errors until
the ``HANG_FIXED`` environment variable says it is fixed, and quick ones; each task
logs its set-up and tear-down to the file ``HANG_LOG`` names (when set) so a test can
prove tear-down ran. ``hang_agents`` (no entry point: ``--agent hang_agents:Name``)
holds agents that hang, raise, report usage or are just slow.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from plugin_dists import setup_fails_task, write_distribution

HANG_PLUGIN = (
    '''
import os
import threading

from droidhub import TaskEval, TaskFamily, hookimpl

FOREVER = threading.Event()


def log(what, task):
    path = os.environ.get("HANG_LOG")
    if path:
        with open(path, "a", encoding="utf-8") as fh:
            fh.write(f"{what} {task.name}/{id(task)}\\n")


class _Logged(TaskEval):
    template = "Do nothing at all."
    #: The phase that never returns ("setup", "scoring" or "teardown"); none if empty.
    hangs_in = ""

    def initialize_task(self, env):
        super().initialize_task(env)
        log("setup", self)
        self.maybe_hang("setup")

    def is_successful(self, env):
        self.maybe_hang("scoring")
        return 0.0

    def tear_down(self, env):
        log("teardown", self)
        super().tear_down(env)
        self.maybe_hang("teardown")

    def maybe_hang(self, phase):
        if phase == self.hangs_in:
            FOREVER.wait()


class Quick(_Logged):
    """Nothing to do; scores 0 (an honest failure, never an error)."""


class Quick2(_Logged):
    """Same again, under another name."""


class Quick3(_Logged):
    """And a third."""


class SetUpHangs(_Logged):
    """Set-up never returns."""

    hangs_in = "setup"


class ScoringHangs(_Logged):
    """Scoring never returns."""

    hangs_in = "scoring"


class BrokenUntilFixed(_Logged):
    """Set-up fails until the environment variable HANG_FIXED is 1."""

    def initialize_task(self, env):
        super().initialize_task(env)
        if os.environ.get("HANG_FIXED") != "1":
            raise RuntimeError("not fixed yet")

    def is_successful(self, env):
        return 1.0


class TearDownHangs(_Logged):
    """Its tear-down never returns."""

    hangs_in = "teardown"


class TearDownRaises(_Logged):
    """Its tear-down raises."""

    def tear_down(self, env):
        super().tear_down(env)
        raise RuntimeError("tear-down exploded")

'''
    + setup_fails_task("Explodes", "Cannot be set up.", "set-up exploded")
    + """

@hookimpl
def droidhub_task_families():
    return [
        TaskFamily(
            "hang",
            "runner failure-path tests",
            tasks=[
                Quick, Quick2, Quick3, SetUpHangs, ScoringHangs, BrokenUntilFixed, Explodes,
                TearDownHangs, TearDownRaises,
            ],
        )
    ]
"""
)

HANG_AGENTS = '''
import os
import threading
import time

from droidhub import Action, FatalAgentError

FOREVER = threading.Event()
DONE = Action(action_type="status", goal_status="complete")


class _Stateless:
    """An agent that keeps nothing from one episode to the next: reset does nothing."""

    def reset(self, goal, task, env, rng):
        pass


class StepHangsOnQuick2:
    """Hangs forever in step on task Quick2; elsewhere says it is done."""

    def reset(self, goal, task, env, rng):
        self.task = task.name

    def step(self, state):
        if self.task == "Quick2":
            FOREVER.wait()
        return DONE


class Raises(_Stateless):
    """Every step raises the same error."""

    def step(self, state):
        raise ValueError("the model said no")


class Exits(_Stateless):
    """Its step calls sys.exit, as a careless agent script may."""

    def step(self, state):
        raise SystemExit(3)


class RaisesFatal(_Stateless):
    """Its first step says the API key is wrong."""

    def step(self, state):
        raise FatalAgentError("401 Unauthorized: the API key was rejected")


class Babbles(_Stateless):
    """Answers prose instead of an action."""

    def step(self, state):
        return "I think I should tap the button"


class BadThenDone:
    """Four answers that are no valid action, then done."""

    BAD = [
        {"action_type": "fly"},
        {"action_type": "input_text", "text": "a\\x00b", "x": 5, "y": 5},
        {"action_type": "input_text", "text": "a\\ud800b", "x": 5, "y": 5},
        "I think I should tap the button",
    ]

    def reset(self, goal, task, env, rng):
        self.n = 0

    def step(self, state):
        self.n += 1
        return self.BAD[self.n - 1] if self.n <= len(self.BAD) else DONE


class Reports:
    """Waits twice, then is done; reports usage with every step."""

    def reset(self, goal, task, env, rng):
        self.n = 0
        self.last_step_info = None

    def step(self, state):
        self.n += 1
        self.last_step_info = {
            "usage": {"prompt_tokens": 10, "cost": 0.25, "calls": 1},
            "thought": f"step {self.n}",
        }
        if self.n < 3:
            return Action(action_type="wait")
        return DONE


class Slow(_Stateless):
    """Waits a little, then is done: gives a test time to act during a run."""

    def step(self, state):
        time.sleep(float(os.environ.get("HANG_SLOW", "0.4")))
        return DONE
'''

NOISY_PLUGIN = """
from droidhub import hookimpl


@hookimpl
def droidhub_step(context, step):
    raise KeyError("no such column")
"""


def hang_site(root: Path, noisy: bool = False) -> Path:
    """Install the ``hang`` family (and, if asked, a plugin whose step hook raises)
    into ``root``; the agents go beside it as plain module ``hang_agents``."""
    write_distribution(root, "droidhub-hang", "droidhub_hang", HANG_PLUGIN, "hang")
    if noisy:
        write_distribution(root, "droidhub-noisy", "droidhub_noisy", NOISY_PLUGIN, "noisy")
    (root / "hang_agents.py").write_text(HANG_AGENTS, encoding="utf-8")
    return root


def droidhub_env(site: Path, **extra: str) -> dict[str, str]:
    """The environment of a ``droidhub`` subprocess that sees ``site``."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(site), env.get("PYTHONPATH")]))
    env.update(extra)
    return env


def droidhub(
    site: Path, *args: str, timeout: float = 120, **extra: str
) -> subprocess.CompletedProcess[str]:
    """Run ``droidhub ARGS`` in a subprocess (hang guard: ``timeout``)."""
    return subprocess.run(
        [sys.executable, "-m", "droidhub", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=droidhub_env(site, **extra),
    )


def sigint_default() -> None:
    """``preexec_fn`` of a ``droidhub`` subprocess that a test stops with Ctrl-C: a shell
    started in the background (nohup, ``&``) hands its children SIGINT ignored, and a
    Python started so never raises KeyboardInterrupt."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_DFL)


def results_rows(out: Path) -> list[dict[str, Any]]:
    """The rows of run folder ``out``'s ``results.jsonl`` (none before it exists)."""
    path = out / "results.jsonl"
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def assert_each_quick_episode_once(out: Path, n: int) -> None:
    """Each of the ``n`` ``hang/Quick`` episodes of the run in ``out`` is recorded exactly
    once: none lost, none run twice."""
    counts = Counter(r["episode_id"] for r in results_rows(out))
    assert counts == Counter({f"hang/Quick/{i}": 1 for i in range(n)})


def assert_one_episode_ran_again(out: Path, n: int) -> None:
    """Each of the ``n`` ``hang/Quick`` episodes of the run in ``out`` is recorded once,
    and exactly one as attempt 2: the one a killed worker cut short ran again."""
    assert_each_quick_episode_once(out, n)
    assert sorted(r["attempt"] for r in results_rows(out)) == [1] * (n - 1) + [2]


def quick_run_args(n: int, agent: str, out: Path, *extra: str) -> list[str]:
    """``droidhub`` arguments of a run of ``n`` ``hang/Quick`` episodes by ``agent`` into
    ``out``; ``extra`` arguments (devices, executor) go last."""
    args = ["run", "--suite", "hang", "--tasks", "Quick", "--n-combinations", str(n)]
    return [*args, "--agent", agent, "--out", str(out), *extra]


def tiny_run_args(agent: str, out: Path, *extra: str) -> list[str]:
    """``droidhub`` arguments of a run of the ``tiny`` suite by ``agent`` into ``out``;
    ``extra`` arguments (tasks, devices, combinations, seed) go last."""
    return ["run", "--suite", "tiny", "--agent", agent, "--out", str(out), *extra]


def wait_until(done: Callable[[], bool], timeout: float) -> bool:
    """Poll ``done`` every 50 ms until it holds or ``timeout`` seconds pass; its last
    answer."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and not done():
        time.sleep(0.05)
    return done()


def serves_phones(process: Any) -> bool:
    """Whether ``process`` (a :class:`psutil.Process`) is a virtual phones' process
    (:mod:`droidhub.virtual.server_process`, or a fork of one); False for one that
    ended meanwhile."""
    import psutil

    try:
        return "droidhub.virtual.server_process" in process.cmdline()
    except psutil.Error:
        return False


@contextlib.contextmanager
def running_droidhub(
    site: Path,
    args: list[str],
    *,
    preexec_fn: Callable[[], None] | None = None,
    start_new_session: bool = False,
    **extra: str,
) -> Iterator[subprocess.Popen[str]]:
    """``droidhub ARGS`` started in a subprocess that sees ``site`` (stdout and stderr
    piped, ``extra`` in its environment); killed on leaving if it still runs, with its
    whole session when it has one of its own."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "droidhub", *args],
        env=droidhub_env(site, **extra),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=preexec_fn,
        start_new_session=start_new_session,
    )
    try:
        yield proc
    finally:
        if proc.poll() is None:
            if start_new_session:
                os.killpg(proc.pid, signal.SIGKILL)
            else:
                proc.kill()
            proc.wait(timeout=30)


@dataclass
class SlowRun:
    """A run of ``n`` slow ``hang/Quick`` episodes on two virtual phones: the folder of
    plugins it sees, its run folder and its ``droidhub`` arguments."""

    site: Path
    out: Path
    args: list[str]
    n: int


def slow_run(tmp_path: Path, n: int, *extra: str) -> SlowRun:
    """A :class:`SlowRun` of ``n`` episodes in ``tmp_path`` (the ``hang`` family installed
    there); ``extra`` arguments (the executor) go last."""
    site = hang_site(tmp_path / "site")
    out = tmp_path / "run"
    args = quick_run_args(n, "hang_agents:Slow", out, "--device", "virtual:2", *extra)
    return SlowRun(site, out, args, n)


@contextlib.contextmanager
def slow_run_under_way(
    run: SlowRun, *, start_new_session: bool = False
) -> Iterator[subprocess.Popen[str]]:
    """``run`` started as :func:`running_droidhub` starts it, once it has recorded three
    episodes: its workers and driver are busy."""
    with running_droidhub(
        run.site, run.args, start_new_session=start_new_session, HANG_SLOW="0.3"
    ) as proc:
        wait_until(lambda: len(results_rows(run.out)) >= 3 or proc.poll() is not None, 120)
        assert len(results_rows(run.out)) >= 3, "the run recorded too little"
        yield proc


def kill_a_phone_owner_mid_run(
    run: SlowRun,
    owners: Callable[[int], list[int]],
    *,
    start_new_session: bool = False,
    timeout: float = 180,
) -> str:
    """Kill one of the two processes that own the phones of ``run`` under way
    (``owners``: the two, from the run's pid) and hold the run to its promise: it ends
    0, each episode recorded once and exactly one run again. Its stderr."""
    with slow_run_under_way(run, start_new_session=start_new_session) as proc:
        victims = owners(proc.pid)
        assert len(victims) == 2, victims
        os.kill(victims[0], signal.SIGKILL)
        _, stderr = proc.communicate(timeout=timeout)
    assert proc.returncode == 0, stderr
    assert_one_episode_ran_again(run.out, run.n)
    return stderr


def rerun_completes(run: SlowRun, timeout: float = 120) -> str:
    """Run the stopped ``run`` again at full speed and hold it to finishing the job: it
    ends 0 with each of its episodes recorded once. Its stderr."""
    again = droidhub(run.site, *run.args, timeout=timeout, HANG_SLOW="0")
    assert again.returncode == 0, again.stderr
    assert_each_quick_episode_once(run.out, run.n)
    return again.stderr


#: Four AndroidWorld tasks of four apps: a run of them compares two executors.
AW_MIX = "SystemWifiTurnOn,MarkorCreateNote,ExpenseDeleteSingle,SimpleCalendarAddOneEvent"


def aw_mix_rows(out: Path, executor: str, n: int, *agent: str) -> list[dict[str, Any]]:
    """The results rows of a run of :data:`AW_MIX`, ``n`` instances of each, by ``agent``
    (its ``--agent`` name and options) on two virtual phones with ``executor`` into
    ``out``; the run must end 0, or 3 (some episode failed)."""
    args = ["run", "--suite", "android_world", "--tasks", AW_MIX, "--n-combinations", str(n),
            "--agent", *agent, "--device", "virtual:2", "--executor", executor,
            "--out", str(out)]  # fmt: skip
    done = subprocess.run(
        [sys.executable, "-m", "droidhub", *args], capture_output=True, text=True, timeout=300
    )
    assert done.returncode in (0, 3), done.stderr
    return results_rows(out)


def rewards_and_steps(rows: list[dict[str, Any]]) -> dict[str, tuple[float, int]]:
    """Each episode's reward and step count, by episode id: what two executors must agree
    on, instance for instance."""
    return {r["episode_id"]: (r["reward"], r["steps"]) for r in rows}


def logged_events(log: Path) -> list[tuple[str, str]]:
    """The ``(what, task)`` pairs the hang tasks wrote to ``HANG_LOG`` (``setup`` and
    ``teardown``), in order."""
    logged = log.read_text().split()
    return list(zip(logged[::2], logged[1::2], strict=True))
