"""Test plugin distributions, written to disk the way pip installs them.

Kept in a module of its own (not conftest.py) so tests can import it by a name no
other distribution's tests use.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple


def write_distribution(
    root: Path,
    dist: str,
    module: str,
    source: str,
    entry_name: str,
    version: str = "1.2.3",
    declares: Sequence[str] = (),
) -> Path:
    """Write an installed distribution (module + .dist-info with a droidhub entry point)
    into ``root``: exactly what pip leaves in site-packages, so importlib.metadata finds
    it once ``root`` is on the path. ``declares`` are more family names it declares
    (the ``droidhub.families`` entry point group)."""
    root.mkdir(parents=True, exist_ok=True)
    (root / f"{module}.py").write_text(textwrap.dedent(source), encoding="utf-8")
    info = root / f"{dist.replace('-', '_')}-{version}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {dist}\nVersion: {version}\n", encoding="utf-8"
    )
    families = "".join(f"{name} = {module}\n" for name in declares)
    (info / "entry_points.txt").write_text(
        f"[droidhub]\n{entry_name} = {module}\n"
        + (f"[droidhub.families]\n{families}" if declares else ""),
        encoding="utf-8",
    )
    (info / "RECORD").write_text("", encoding="utf-8")
    return root


def never_done_task(name: str, template: str) -> str:
    """The source of task class ``name``: a ``TaskEval`` (the plugin source imports it)
    whose goal is ``template`` and which always scores 0, the plain task a test plugin
    registers when only its name or family matters."""
    return f"""
class {name}(TaskEval):
    template = {template!r}

    def is_successful(self, env):
        return 0.0
"""


def setup_fails_task(name: str, template: str, error: str) -> str:
    """The source of task class ``name``: as :func:`never_done_task`'s, but its set-up
    raises ``RuntimeError(error)`` at once (an errored episode with no step files)."""
    failing_setup = f"""
    def initialize_task(self, env):
        raise RuntimeError({error!r})
"""
    return never_done_task(name, template) + failing_setup


#: The methods of a test task that is done when file ``MARK`` holds its params' ``word``:
#: set-up and tear-down remove the file, the oracle writes the word. Plugin sources paste
#: it into a task class (a ``TaskEval`` with a ``word`` param, in a module defining ``MARK``).
WORD_MARK_TASK_METHODS = """
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
"""

TINY_PLUGIN = (
    '''
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

'''
    + WORD_MARK_TASK_METHODS
    + setup_fails_task("TinyExplodes", "This task cannot be set up.", "set-up exploded on purpose")
    + '''

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
)

BROKEN_PLUGIN = """
raise ImportError("the broken plugin cannot be imported (on purpose)")
"""


SHODDY_PLUGIN = """
from droidhub import Footprint, StateRefs, TaskEval, TaskFamily, hookimpl
from droidhub import NoOracle as Beyond

FILE = "/sdcard/Download/shoddy.txt"
STRAY = "/sdcard/Download/stray.txt"
WRITES_FILE = Footprint(writes=StateRefs(paths=frozenset({FILE})))


class Good(TaskEval):
    template = "Write ok to shoddy.txt."
    footprint = WRITES_FILE
    #: What tear-down removes: every file its oracle writes.
    written = (FILE,)

    def initialize_task(self, env):
        super().initialize_task(env)
        env.device.remove(FILE)

    def is_successful(self, env):
        return 1.0 if env.device.exists(FILE) and env.device.read_text(FILE) == "ok" else 0.0

    def oracle(self, env):
        env.device.write_text(FILE, "ok")

    def tear_down(self, env):
        for path in self.written:
            env.device.remove(path)
        super().tear_down(env)


class AlreadyDone(Good):
    template = "Nothing to do."

    def initialize_task(self, env):
        super().initialize_task(env)
        env.device.write_text(FILE, "ok")


class Sprawling(Good):
    template = "Write ok, and a stray file too."
    written = (STRAY, FILE)

    def oracle(self, env):
        super().oracle(env)
        env.device.write_text(STRAY, "oops")


class Leaky(Good):
    template = "Write ok; set-up changes a setting it never restores."
    footprint = Footprint(
        writes=StateRefs(paths=frozenset({FILE}), settings=frozenset({"global/auto_time"}))
    )

    def initialize_task(self, env):
        super().initialize_task(env)
        env.device.put_setting("global", "auto_time", "0")


class WifiStaysOn(TaskEval):
    template = "Make sure wifi is on."
    met_at_start = True
    footprint = Footprint(writes=StateRefs(settings=frozenset({"global/wifi_on"})))

    def initialize_task(self, env):
        super().initialize_task(env)
        self.before = env.device.get_setting("global", "wifi_on")
        env.device.put_setting("global", "wifi_on", "1")

    def is_successful(self, env):
        return 1.0 if env.device.get_setting("global", "wifi_on") == "1" else 0.0

    def oracle(self, env):
        return None

    def wrong_action(self, env):
        env.device.shell(["svc", "wifi", "disable"])

    def tear_down(self, env):
        env.device.put_setting("global", "wifi_on", self.before)
        super().tear_down(env)


class NoOracle(TaskEval):
    template = "Do something no oracle can."

    @classmethod
    def no_oracle_reason(cls):
        return "it needs a gesture the phone does not model"

    def is_successful(self, env):
        return 0.0


class BeyondThisOne(Good):
    template = "An instance the oracle cannot do."

    def oracle(self, env):
        raise Beyond("this instance asks for a reply no action can send")


@hookimpl
def droidhub_task_families():
    return [TaskFamily("shoddy", "tasks broken on purpose",
                       tasks=[Good, AlreadyDone, Sprawling, Leaky, WifiStaysOn, NoOracle,
                              BeyondThisOne])]
"""


# Two plugins that claim the same names. Installed in one folder, they are registered
# alphabetically by distribution: droidhub-aaa-first, then droidhub-zzz-second.
FIRST_PLUGIN = f"""
import click

from droidhub import AgentFactory, AppSpec, Evaluator, TaskEval, TaskFamily, hookimpl
from droidhub.agents.base import BUILTIN

{never_done_task("FirstTask", "A task of the first plugin.")}

@hookimpl
def droidhub_task_families():
    return [TaskFamily("shared", "the first plugin's family", tasks=[FirstTask])]


@hookimpl
def droidhub_agents():
    noop = next(f for f in BUILTIN if f.name == "noop")
    return [AgentFactory("helper", "the first plugin's helper", noop.create)]


@hookimpl
def droidhub_evaluators():
    return [Evaluator("shared_check", "the first plugin's check", lambda env: 1.0)]


@hookimpl
def droidhub_apps():
    return [AppSpec("org.first.notes", ".Main", ("Notes",))]


@hookimpl
def droidhub_cli_commands():
    @click.command("hello")
    def hello():
        click.echo("hello from the first plugin")

    return [hello]
"""

SECOND_PLUGIN = f"""
import click

from droidhub import Action, AgentFactory, AppSpec, Evaluator, TaskEval, TaskFamily, hookimpl

{never_done_task("SecondTask", "A task of the second plugin.")}

class Impostor:
    \"\"\"Claims to be the oracle, gives up at once: a run scored by it gets 0.\"\"\"

    def reset(self, goal, task, env, rng):
        pass

    def step(self, state):
        return Action(action_type="status", goal_status="infeasible")


@hookimpl
def droidhub_task_families():
    return [
        TaskFamily("shared", "the second plugin's family", tasks=[SecondTask]),
        TaskFamily("second_only", "a family nobody else claims", tasks=[SecondTask]),
    ]


@hookimpl
def droidhub_agents():
    return [
        AgentFactory("oracle", "not the real oracle", Impostor),
        AgentFactory("helper", "the second plugin's helper", Impostor),
        AgentFactory("second_agent", "a name nobody else claims", Impostor),
    ]


@hookimpl
def droidhub_evaluators():
    return [Evaluator("shared_check", "the second plugin's check", lambda env: 0.0)]


@hookimpl
def droidhub_apps():
    return [AppSpec("org.second.notes", ".Main", ("notes", "Second Notes"))]


@hookimpl
def droidhub_cli_commands():
    @click.command("hello")
    def hello():
        click.echo("hello from the second plugin")

    @click.command("run")
    def run():
        click.echo("not the real run")

    return [hello, run]
"""

# Registered under the built-in plugin's own name.
IMPOSTOR_PLUGIN = """
from droidhub import hookimpl


@hookimpl
def droidhub_task_families():
    raise AssertionError("an impostor of the droidhub plugin must never be called")
"""

# Every collecting hook answers with something of the wrong type (some partly good).
WRONG_TYPES_PLUGIN = f"""
import click

from droidhub import AppSpec, TaskEval, TaskFamily, hookimpl
from droidhub.virtual.app import VirtualApp

{never_done_task("Fine", "A good task of the wrong-types plugin.")}

class Model(VirtualApp):
    package = "org.wrong.model"


@hookimpl
def droidhub_task_families():
    return [TaskFamily("wrongish", "the good part of a bad answer", tasks=[Fine]), "garbage", 42]


@hookimpl
def droidhub_derived_task_families(registry):
    return [TaskFamily("junk", "a family with a string for a task", tasks=[Fine, "nope"])]


@hookimpl
def droidhub_agents():
    return None


@hookimpl
def droidhub_evaluators():
    return "sms_sent"


@hookimpl
def droidhub_apps():
    return [AppSpec("org.wrong.app", ".Main", ("Wrong App",)), object()]


@hookimpl
def droidhub_virtual_apps():
    return [Model]


@hookimpl
def droidhub_cli_commands():
    return [lambda: None]
"""


class PluginDistribution(NamedTuple):
    """A test plugin as :func:`write_distribution` installs it."""

    dist: str
    module: str
    source: str
    entry_name: str


TINY = PluginDistribution("droidhub-tiny", "droidhub_tiny", TINY_PLUGIN, "tiny")
BROKEN = PluginDistribution("droidhub-broken", "droidhub_broken", BROKEN_PLUGIN, "broken")
FIRST = PluginDistribution("droidhub-aaa-first", "droidhub_first", FIRST_PLUGIN, "first")
SECOND = PluginDistribution("droidhub-zzz-second", "droidhub_second", SECOND_PLUGIN, "second")
IMPOSTOR = PluginDistribution("droidhub-impostor", "droidhub_impostor", IMPOSTOR_PLUGIN, "droidhub")
WRONG_TYPES = PluginDistribution("droidhub-wrong", "droidhub_wrong", WRONG_TYPES_PLUGIN, "wrong")


def write_site(root: Path, *dists: PluginDistribution) -> Path:
    """Install ``dists`` into ``root`` in the order given (a folder for ``sys.path`` or
    PYTHONPATH, as site-packages would be); ``root``."""
    for dist in dists:
        write_distribution(root, *dist)
    return root
