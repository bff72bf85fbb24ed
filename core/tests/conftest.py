"""Shared fixtures of the core tests."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from droidhub.plugins import PluginManager, reset_plugin_manager


def write_distribution(
    root: Path, dist: str, module: str, source: str, entry_name: str, version: str = "1.2.3"
) -> Path:
    """Write an installed distribution (module + .dist-info with a droidhub entry point)
    into ``root``: exactly what pip leaves in site-packages, so importlib.metadata finds
    it once ``root`` is on the path."""
    root.mkdir(parents=True, exist_ok=True)
    (root / f"{module}.py").write_text(textwrap.dedent(source), encoding="utf-8")
    info = root / f"{dist.replace('-', '_')}-{version}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {dist}\nVersion: {version}\n", encoding="utf-8"
    )
    (info / "entry_points.txt").write_text(
        f"[droidhub]\n{entry_name} = {module}\n", encoding="utf-8"
    )
    (info / "RECORD").write_text("", encoding="utf-8")
    return root


TINY_PLUGIN = '''
from droidhub import TaskEval, TaskFamily, hookimpl, Footprint, StateRefs
from pydantic import BaseModel


class Params(BaseModel):
    word: str


MARK = "/sdcard/Download/tiny_mark.txt"


class TinyWriteWord(TaskEval):
    """Write a word to a file; the oracle writes it."""

    template = "Write the word {word} into tiny_mark.txt in Downloads."
    app_names = ("files",)
    complexity = 0.2
    Params = Params
    footprint = Footprint(writes=StateRefs(paths=frozenset({MARK})))

    @classmethod
    def generate_random_params(cls, rng):
        return Params(word=rng.choice(["apple", "pear", "plum", "fig", "kiwi"]))

    def initialize_task(self, env):
        super().initialize_task(env)
        env.device.remove(MARK)

    def is_successful(self, env):
        if not env.device.exists(MARK):
            return 0.0
        return 1.0 if env.device.read_text(MARK) == self.params.word else 0.0

    def oracle(self, env):
        env.device.write_text(MARK, self.params.word)

    def tear_down(self, env):
        env.device.remove(MARK)
        super().tear_down(env)


class TinyExplodes(TaskEval):
    """A task whose set-up fails, to prove the run goes on."""

    template = "This task cannot be set up."

    def initialize_task(self, env):
        raise RuntimeError("set-up exploded on purpose")

    def is_successful(self, env):
        return 0.0


class SlowAgent:
    """Waits a little, then says it is done: gives a test time to kill the run."""

    def reset(self, goal, task, env, rng):
        pass

    def step(self, state):
        import time

        from droidhub import Action

        time.sleep(0.4)
        return Action(action_type="status", goal_status="complete")


@hookimpl
def droidhub_task_families():
    return [TaskFamily("tiny", "a tiny test family", tasks=[TinyWriteWord, TinyExplodes])]
'''

BROKEN_PLUGIN = """
raise ImportError("the broken plugin cannot be imported (on purpose)")
"""


@pytest.fixture
def plugin_path(tmp_path: Path) -> Path:
    """A folder holding two installed test distributions: a working one and a broken one."""
    root = tmp_path / "site"
    write_distribution(root, "droidhub-tiny", "droidhub_tiny", TINY_PLUGIN, "tiny")
    write_distribution(root, "droidhub-broken", "droidhub_broken", BROKEN_PLUGIN, "broken")
    return root


@pytest.fixture
def with_plugins(plugin_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[PluginManager]:
    """The test distributions importable in this process, with a fresh plugin manager."""
    monkeypatch.syspath_prepend(str(plugin_path))
    pm = PluginManager()
    reset_plugin_manager(pm)
    yield pm
    reset_plugin_manager(None)
    for mod in ("droidhub_tiny", "droidhub_broken"):
        sys.modules.pop(mod, None)


def _run_cli(
    *args: str, pythonpath: Path | None = None, timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    """Run ``droidhub ARGS`` in a subprocess, as a user would."""
    env = dict(os.environ)
    if pythonpath is not None:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(pythonpath), env.get("PYTHONPATH")]))
    return subprocess.run(
        [sys.executable, "-m", "droidhub", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
    )


@pytest.fixture
def run_cli() -> object:
    """``run_cli(*args, pythonpath=None)``: run ``droidhub ARGS`` in a subprocess."""
    return _run_cli
