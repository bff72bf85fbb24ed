"""A real two-seed run on the virtual phone, for the report, comparison and export tests.

``report_runs`` is a session fixture: the tests of test_report.py and
test_compare_export.py import it, and the runs are built once, on first use.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path

import pytest

REPORT_PLUGIN = '''
"""Tasks with known outcomes, and an agent that looks at pixels and taps by index."""

from droidhub import Action, TaskEval, TaskFamily, hookimpl
from droidhub.env.environment import Observe
from pydantic import BaseModel

WORD_FILE = "/sdcard/Download/tiny_report_word.txt"
COIN_KEY = "tiny_report_coin"
LAUNCHER = "com.google.android.apps.nexuslauncher"


class Word(BaseModel):
    word: str


class Coin(BaseModel):
    heads: bool


class TinyWordKept(TaskEval):
    """Solved whatever the agent does: set-up writes the file the reward reads back."""

    template = "Keep the word {word} in tiny_report_word.txt."
    app_names = ("files",)
    difficulty = "easy"
    tags = ("data_entry",)
    Params = Word

    @classmethod
    def generate_random_params(cls, rng):
        return Word(word=rng.choice(["apple", "pear", "plum", "fig"]))

    def initialize_task(self, env):
        super().initialize_task(env)
        env.device.write_text(WORD_FILE, self.params.word)

    def is_successful(self, env):
        return 1.0 if env.device.read_text(WORD_FILE) == self.params.word else 0.0

    def tear_down(self, env):
        env.device.remove(WORD_FILE)
        super().tear_down(env)


class TinyCoin(TaskEval):
    """Solved on heads: the seed decides, so two seeds can disagree."""

    template = "Hope the coin shows {heads}."
    app_names = ("settings",)
    difficulty = "medium"
    tags = ("data_entry", "flaky")
    Params = Coin

    @classmethod
    def generate_random_params(cls, rng):
        return Coin(heads=rng.random() < 0.5)

    def initialize_task(self, env):
        super().initialize_task(env)
        env.device.put_setting("system", COIN_KEY, "1" if self.params.heads else "0")

    def is_successful(self, env):
        return 1.0 if env.device.get_setting("system", COIN_KEY) == "1" else 0.0

    def tear_down(self, env):
        env.device.delete_setting("system", COIN_KEY)
        super().tear_down(env)


class TinyHalf(TaskEval):
    """Partial credit: one of two sub-goals holds, so reward 0.5 and never success."""

    template = "Make both halves hold."
    app_names = ("files", "settings")
    difficulty = "hard"
    tags = ("composite",)

    def initialize_task(self, env):
        super().initialize_task(env)
        env.device.write_text(WORD_FILE, "half")
        env.device.delete_setting("system", COIN_KEY)

    def is_successful(self, env):
        subs = {
            "file": 1.0 if env.device.exists(WORD_FILE) else 0.0,
            "setting": 1.0 if env.device.get_setting("system", COIN_KEY) == "1" else 0.0,
        }
        self.details["sub_rewards"] = subs
        return sum(subs.values()) / len(subs)

    def tear_down(self, env):
        env.device.remove(WORD_FILE)
        super().tear_down(env)


class TinyLeaveHome(TaskEval):
    """Solved when the tap left the launcher (an app icon was tapped)."""

    template = "Open any app from the home screen."
    difficulty = "easy"
    tags = ("navigation",)

    def is_successful(self, env):
        return 0.0 if env.device.foreground_activity().startswith(LAUNCHER) else 1.0


class TinyEvalExplodes(TaskEval):
    """The agent acts, then scoring fails: an episode with steps and an error."""

    template = "Nothing can score this."
    app_names = ("files",)
    difficulty = "hard"

    def is_successful(self, env):
        raise RuntimeError("evaluation exploded on purpose")


class TapThenDone:
    """Looks at the screenshot and UI tree, taps the first labelled clickable element by
    index, then says the task is complete."""

    observes = Observe.BOTH

    def reset(self, goal, task, env, rng):
        self.steps = 0

    def step(self, state):
        self.steps += 1
        if self.steps > 1:
            return Action(action_type="status", goal_status="complete")
        assert state.screenshot is not None, "the runner must fetch pixels for Observe.BOTH"
        index = next(
            (i for i, e in enumerate(state.ui_elements) if e.clickable and e.text), 0
        )
        return Action(action_type="click", index=index)


@hookimpl
def droidhub_task_families():
    return [
        TaskFamily(
            "tinyreport",
            "tasks with known outcomes",
            tasks=[TinyWordKept, TinyCoin, TinyHalf, TinyLeaveHome],
        ),
        TaskFamily("tinyreport_more", "a task whose scoring fails", tasks=[TinyEvalExplodes]),
    ]
'''

#: The two suite seeds of the report runs; with them the TinyCoin task draws different
#: coins, so the comparison has a task that changes.
REPORT_SEEDS = (30, 31)


@dataclass(frozen=True)
class ReportRuns:
    """Two finished runs of the report plugin on the virtual phone, one per seed."""

    plugin_path: Path
    run_a: Path
    run_b: Path
    #: What ``droidhub run`` printed at the end of each run.
    stdout_a: str
    stdout_b: str


def _write_distribution(root: Path) -> Path:
    """The plugin as pip would install it: the module and a .dist-info with its entry point."""
    root.mkdir(parents=True)
    (root / "droidhub_tinyreport.py").write_text(textwrap.dedent(REPORT_PLUGIN), encoding="utf-8")
    info = root / "droidhub_tinyreport-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: droidhub-tinyreport\nVersion: 1.0\n", encoding="utf-8"
    )
    (info / "entry_points.txt").write_text(
        "[droidhub]\ntinyreport = droidhub_tinyreport\n", encoding="utf-8"
    )
    (info / "RECORD").write_text("", encoding="utf-8")
    return root


_built: dict[Path, ReportRuns] = {}


def build_report_runs(root: Path) -> ReportRuns:
    """Run the ``tinyreport`` suites (5 tasks x 2 instances) with the pixel-observing
    ``TapThenDone`` agent on the virtual phone, once per seed of :data:`REPORT_SEEDS`,
    into ``root``; a second call with the same ``root`` returns the same runs."""
    if root in _built:
        return _built[root]
    site = _write_distribution(root / "site")
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(site), env.get("PYTHONPATH")]))
    runs = [root / f"seed{seed}" for seed in REPORT_SEEDS]
    # Both runs at once, each with its own virtual phone: they share nothing but the CPU.
    procs = [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "droidhub",
                "run",
                "--suite",
                "tinyreport,tinyreport_more",
                "--agent",
                "droidhub_tinyreport:TapThenDone",
                "--n-combinations",
                "2",
                "--seed",
                str(seed),
                "--out",
                str(out),
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        for seed, out in zip(REPORT_SEEDS, runs, strict=True)
    ]
    outputs = []
    try:
        for proc in procs:
            stdout, stderr = proc.communicate(timeout=180)
            # 3: the run finished with errored episodes (one errors on purpose).
            assert proc.returncode == 3, stderr
            outputs.append(stdout)
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    _built[root] = ReportRuns(site, runs[0], runs[1], outputs[0], outputs[1])
    return _built[root]


@pytest.fixture(scope="session")
def report_runs(tmp_path_factory: pytest.TempPathFactory) -> ReportRuns:
    """The two runs of :func:`build_report_runs`, built once per test session."""
    return build_report_runs(tmp_path_factory.getbasetemp() / "report_runs")


@pytest.fixture(scope="module")
def html_report_a(
    report_runs: ReportRuns, tmp_path_factory: pytest.TempPathFactory
) -> tuple[Path, str]:
    """``droidhub report RUN_A --html OUT --embed-screenshots``, run once: the HTML file
    (one file, its screenshots in it) and what it printed."""
    out = tmp_path_factory.mktemp("html") / "report.html"
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "droidhub",
            "report",
            str(report_runs.run_a),
            "--html",
            str(out),
            "--embed-screenshots",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    return out, proc.stdout
