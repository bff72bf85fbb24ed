"""Names a plugin may not take, through real distributions pip-installed in one venv.

- An impostor that returns the families ``composite``, ``android_world``, ``miniwob``
  and ``miniwob_subset`` (each of whose tasks scores 1 whatever happens) is refused
  whether it is registered before the real distributions or after them; the real ones
  keep their families. Registration order is the entry points' order along
  ``sys.path``, so one impostor is installed in the venv's own site folder (found
  before the real plugins) and one in a folder a ``.pth`` file adds after them.
- A family name two distributions declare is registered by neither.
- Family, task, agent and judge names that could not be a file name (``../``, an
  absolute path, an over-long name) are the load error of their plugin, shown by
  ``droidhub plugins`` with the value; running such a suite writes nothing outside OUT.
"""

from __future__ import annotations

import json
import os
import textwrap
from dataclasses import dataclass
from pathlib import Path

import pytest
from plugin_dists import never_done_task, write_distribution
from tmp_venv import make_venv, pip_install, run

from droidhub.tasks.names import quote_name

REAL = {
    "composite": "droidhub-composite",
    "android_world": "droidhub-aw-apps",
    "miniwob": "droidhub-miniwob",
    "miniwob_subset": "droidhub-miniwob",
}
#: How each real family's owner declares it in its metadata.
DECLARED_BY = {
    "composite": "droidhub-composite (its droidhub entry point 'composite')",
    "android_world": "droidhub-aw-apps (its droidhub entry point 'android_world')",
    "miniwob": "droidhub-miniwob (its droidhub entry point 'miniwob')",
    "miniwob_subset": "droidhub-miniwob (its droidhub.families entry point 'miniwob_subset')",
}

IMPOSTOR = """
from droidhub import TaskEval, TaskFamily, hookimpl

NAMES = ("composite", "android_world", "miniwob", "miniwob_subset")


class AlwaysWins(TaskEval):
    \"\"\"Scores 1 whatever the agent does: a run of it would read 100 %.\"\"\"

    template = "Do nothing; you have won already."

    def is_successful(self, env):
        return 1.0


def families():
    # One subclass per family: a task class belongs to the first family that takes it.
    return [
        TaskFamily(name, "not the real one", tasks=[type("AlwaysWins", (AlwaysWins,), {})])
        for name in NAMES
    ]


@hookimpl
def droidhub_task_families():
    return families()
"""

#: The early impostor also claims the families from the derived hook, which
#: droidhub-composite's own family comes from.
EARLY_EXTRA = """

@hookimpl
def droidhub_derived_task_families(registry):
    return families()[:1]
"""


def nothing_plugin(*families: tuple[str, str]) -> str:
    """The source of a plugin with one task, scoring 0, in each of ``families`` (each a
    name and a description)."""
    declared = ", ".join(f"TaskFamily({n!r}, {d!r}, tasks=[Nothing])" for n, d in families)
    return f"""
from droidhub import TaskEval, TaskFamily, hookimpl

{never_done_task("Nothing", "Nothing.")}

@hookimpl
def droidhub_task_families():
    return [{declared}]
"""


BAD_FAMILY = nothing_plugin(("../../escaped-family", "a family that climbs out"))

# A task named by its ``name`` attribute (a class name cannot hold a '/'), plus an
# agent and a judge whose names climb out.
BAD_TASK = """
from droidhub import AgentFactory, JudgeFactory, TaskEval, TaskFamily, hookimpl


class Climbs(TaskEval):
    name = {name!r}
    template = "Nothing."

    def is_successful(self, env):
        return 1.0


@hookimpl
def droidhub_task_families():
    return [TaskFamily({family!r}, "a family whose task climbs out", tasks=[Climbs])]


@hookimpl
def droidhub_agents():
    return [AgentFactory("../agent", "an agent that climbs out", object)]


@hookimpl
def droidhub_judges():
    return [JudgeFactory("/tmp/judge", "a judge that climbs out", object)]
"""


def _package(root: Path, dist: str, modules: dict[str, str], entry_points: dict[str, str]) -> Path:
    """A source folder ``pip install`` builds: ``dist`` with one package of ``modules``."""
    package = dist.replace("-", "_")
    folder = root / dist
    (folder / package).mkdir(parents=True)
    (folder / package / "__init__.py").write_text("")
    for module, source in modules.items():
        (folder / package / f"{module}.py").write_text(textwrap.dedent(source), encoding="utf-8")
    points = "\n".join(f'{name} = "{package}.{module}"' for name, module in entry_points.items())
    (folder / "pyproject.toml").write_text(
        textwrap.dedent(
            f"""\
            [build-system]
            requires = ["hatchling"]
            build-backend = "hatchling.build"

            [project]
            name = "{dist}"
            version = "6.6.6"

            [project.entry-points.droidhub]
            """
        )
        + points
        + "\n",
        encoding="utf-8",
    )
    return folder


@dataclass
class Venv:
    """The venv, the folder runs write into, and the absolute path a task is named."""

    python: Path
    work: Path
    absolute: Path

    def droidhub(self, *args: str | Path, cwd: Path | None = None) -> tuple[int, str, str]:
        done = run(self.python, "-m", "droidhub", *args, cwd=cwd)
        return done.returncode, done.stdout, done.stderr

    def plugins(self) -> dict[str, dict]:
        code, out, err = self.droidhub("plugins", "--json")
        assert code == 7, err  # plugins failed: `plugins` says so
        return {row["name"]: row for row in map(json.loads, out.splitlines())}


@pytest.fixture(scope="module")
def venv(tmp_path_factory: pytest.TempPathFactory) -> Venv:
    root = tmp_path_factory.mktemp("ownership")
    work = root / "work"
    work.mkdir()
    absolute = root / "escaped-absolute"
    sources = root / "src"
    early = _package(
        sources,
        "droidhub-aaa-impostor",
        {"plugin": IMPOSTOR + EARLY_EXTRA},
        {"impostor_early": "plugin"},
    )
    bad = _package(
        sources,
        "droidhub-badnames",
        {
            "family": BAD_FAMILY,
            "relative": BAD_TASK.format(name="../../../escaped-task", family="climbs"),
            "absolute": BAD_TASK.format(name=str(absolute), family="absolute"),
            "long": BAD_TASK.format(name="L" * 200, family="long"),
        },
        {"badfamily": "family", "relative": "relative", "absolute": "absolute", "long": "long"},
    )
    # Named to sort before droidhub-*: in one folder it would come first; it is last
    # because its folder is.
    late = _package(sources, "aaa-late-impostor", {"plugin": IMPOSTOR}, {"impostor_late": "plugin"})
    python = make_venv(root / "venv")
    pip_install(python, "--no-deps", early, bad)
    late_site = root / "late-site"
    pip_install(python, "--no-deps", "--target", late_site, late)
    purelib = run(python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))")
    # .pth files are read in name order: this one after _droidhub_under_test.pth, which
    # adds the folders of the real plugins.
    Path(purelib.stdout.strip(), "zz_late.pth").write_text(f"{late_site}\n")
    return Venv(python, work, absolute)


def test_the_impostors_sit_before_and_after_the_real_plugins(venv: Venv) -> None:
    order = list(venv.plugins())
    assert order.index("impostor_early") < order.index("android_world")
    assert order.index("impostor_early") < order.index("composite")
    assert order.index("miniwob") < order.index("impostor_late")
    assert order.index("composite") < order.index("impostor_late")


@pytest.mark.parametrize(
    ("plugin", "dist"),
    [("impostor_early", "droidhub-aaa-impostor"), ("impostor_late", "aaa-late-impostor")],
)
def test_an_impostor_family_is_refused_in_either_order(venv: Venv, plugin: str, dist: str) -> None:
    rows = venv.plugins()
    assert rows[plugin]["families"] == []
    errors = rows[plugin]["errors"]
    for family, how in DECLARED_BY.items():
        refusal = (
            f"hook droidhub_task_families: task family {family!r} belongs to {how}; "
            f"plugin {plugin} ({dist}) may not register it; this one is ignored, rename it"
        )
        assert refusal in errors
    if plugin == "impostor_early":
        assert (
            "hook droidhub_derived_task_families: task family 'composite' belongs to "
            f"{DECLARED_BY['composite']}; plugin {plugin} ({dist}) may not register it; "
            "this one is ignored, rename it"
        ) in errors
    for family, owner in REAL.items():
        (row,) = [r for r in rows.values() if family in r["families"]]
        assert (row["distribution"], row["errors"]) == (owner, [])


def test_the_real_families_are_listed_and_run(venv: Venv) -> None:
    for family in REAL:
        code, listed, err = venv.droidhub("list", "--suite", family, "--json")
        assert code == 0, err
        names = [json.loads(line)["name"] for line in listed.splitlines()]
        assert len(names) >= 3 and "AlwaysWins" not in names, (family, names)
    out = venv.work / "composite"
    code, stdout, err = venv.droidhub(
        "run", "--suite", "composite", "--agent", "noop", "--out", out
    )
    assert code == 0, err
    rows = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    assert {r["task"] for r in rows} == {
        "MarkorCreateNoteAndSms",
        "TurnOnWifiAndOpenApp",
        "TurnOffWifiAndTurnOnBluetooth",
    }
    # The real composites are not done by an agent that does nothing; the impostor's were.
    assert {r["reward"] for r in rows} == {0.0}, stdout


def test_names_that_are_no_file_names_are_load_errors(venv: Venv) -> None:
    rows = venv.plugins()
    (family_error,) = rows["badfamily"]["errors"]
    assert family_error.startswith(
        "hook droidhub_task_families: BadNameError: family name '../../escaped-family' "
        "starts with '.' and contains '/':"
    )
    for plugin, family, shown, why in (
        ("relative", "climbs", "'../../../escaped-task'", "starts with '.' and contains '/'"),
        # Quoted as the message quotes it: cut short where the temp folder's path is long.
        ("absolute", "absolute", quote_name(str(venv.absolute)), "contains '/'"),
        ("long", "long", quote_name("L" * 200), "is 200 characters long"),
    ):
        errors = rows[plugin]["errors"]
        assert rows[plugin]["families"] == []
        assert len(errors) == 3, errors
        assert errors[0].startswith(
            f"hook droidhub_task_families: BadNameError: family {family}: task name {shown} {why}"
        ), errors[0]
        assert errors[1].startswith(
            "hook droidhub_agents: item 1 of 1: agent name '../agent' starts with '.' and "
            "contains '/' (a name may hold only ASCII letters"
        ), errors[1]
        assert errors[2].startswith(
            "hook droidhub_judges: item 1 of 1: judge name '/tmp/judge' contains '/'"
        ), errors[2]
    # The other plugins keep working.
    assert rows["composite"]["errors"] == [] and rows["composite"]["families"] == ["composite"]
    code, text, _err = venv.droidhub("plugins")
    assert code == 7
    assert "    FAILED hook droidhub_task_families: BadNameError: family climbs: task name " in text


def test_running_a_suite_with_bad_names_writes_nothing_outside_out(venv: Venv) -> None:
    out = venv.work / "a" / "b" / "out"
    before = _files(venv.work)
    refused = {
        (suite, "noop"): f"unknown task family {suite!r}"
        for suite in ("climbs", "absolute", "long", "../../escaped-family")
    }
    refused["climbs", "../agent"] = "unknown agent '../agent'"  # the agent is checked first
    for (suite, agent), message in refused.items():
        code, _out, err = venv.droidhub(
            "run", "--suite", suite, "--agent", agent, "--out", out, cwd=venv.work
        )
        assert code != 0
        assert message in err, err
        assert "Traceback" not in err
    assert [p for p in _files(venv.work) - before if not p.is_relative_to(out)] == []
    assert not venv.absolute.exists()


def _files(folder: Path) -> set[Path]:
    return {
        Path(dirpath) / name for dirpath, dirs, files in os.walk(folder) for name in dirs + files
    }


def test_a_name_two_distributions_declare_is_registered_by_neither(tmp_path: Path, run_cli) -> None:
    site = tmp_path / "site"
    for dist, own in (("droidhub-one", "one"), ("droidhub-two", "two")):
        module = dist.replace("-", "_")
        source = nothing_plugin(("shared", "both declare it"), (own, "only this one declares it"))
        write_distribution(site, dist, module, source, own, declares=["shared"])
    proc = run_cli("plugins", "--json", pythonpath=site)
    assert proc.returncode == 7, proc.stderr
    rows = {row["name"]: row for row in map(json.loads, proc.stdout.splitlines())}
    both = (
        "hook droidhub_task_families: task family 'shared' is declared by 2 distributions: "
        "droidhub-one (its droidhub.families entry point 'shared'); "
        "droidhub-two (its droidhub.families entry point 'shared'); "
        "none of them may register it, uninstall all but one"
    )
    for own in ("one", "two"):
        assert (rows[own]["families"], rows[own]["errors"]) == ([own], [both])
