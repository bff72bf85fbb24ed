"""droidhub's sessions: `nox -l` lists them.

- tests: every distribution installed together, every test but the sweeps.
- sweeps: the end-to-end sweeps of whole suites through the CLI (tests marked `sweep`).
- aw_apps / miniwob / composite / agents: only the core and that plugin (plus what its tests
  need) installed, its tests, then `droidhub check` of its suite on the virtual phone;
  this proves each plugin installs and works on its own.
- lint: ruff check, ruff format --check, mypy, lint-imports (import-linter contracts),
  and the docs site's strict build.
- demo: the main job, a suite run on the virtual phone ending in a results table.
- ui: every AndroidWorld task that has a UI-only solver, done through the screen alone:
  `droidhub check --ui`, then the `ui_oracle` agent on 3 seeds over two virtual phones,
  every episode at reward 1 (a slow sweep, kept out of `tests`).
- docs: the documentation site (mkdocs, material, mkdocstrings) into site/, warnings as
  errors, then a check that the API reference documents every public name.
- build: a wheel and an sdist of every distribution into dist/, checked by twine.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import nox

nox.options.sessions = ["tests", "lint"]
nox.options.reuse_existing_virtualenvs = True

CORE = "./core[test]"
PLUGINS = {
    "aw_apps": ["./plugins/aw_apps[test]"],
    "miniwob": ["./plugins/miniwob[test]"],
    "composite": ["./composite[test]", "./plugins/aw_apps", "./plugins/miniwob"],
    "agents": ["./plugins/agents[test]", "./plugins/aw_apps", "./plugins/miniwob"],
}
SUITES = {
    "aw_apps": ["android_world"],
    "miniwob": ["miniwob_subset"],
    "composite": ["composite"],
    "agents": [],
}
TEST_DIRS = {
    "aw_apps": "plugins/aw_apps/tests",
    "miniwob": "plugins/miniwob/tests",
    "composite": "composite/tests",
    "agents": "plugins/agents/tests",
}


def _fast_sandboxes() -> dict[str, str]:
    # Phones' sandboxes default to disk; the tests make thousands of phones, and on
    # tmpfs their SQLite files are created several times faster (docs/decisions.md).
    shm = Path("/dev/shm")
    return {"DROIDHUB_VIRTUAL_DIR": str(shm)} if shm.is_dir() else {}


@nox.session
def tests(session: nox.Session) -> None:
    """Install every distribution and run every test but the sweeps (`nox -s sweeps`)."""
    session.install(CORE, *(p for paths in PLUGINS.values() for p in paths))
    session.run(
        "pytest", "core/tests", *TEST_DIRS.values(), "-m", "not sweep", *session.posargs,
        env=_fast_sandboxes(),
    )  # fmt: skip


@nox.session
def sweeps(session: nox.Session) -> None:
    """The end-to-end sweeps kept out of `tests` (minutes each): whole suites run through
    the CLI, e.g. miniwob_subset with the oracle on four phones in one process."""
    session.install(CORE, *(p for paths in PLUGINS.values() for p in paths))
    session.run(
        "pytest", "core/tests", *TEST_DIRS.values(), "-m", "sweep", *session.posargs,
        env=_fast_sandboxes(),
    )  # fmt: skip


def _suite_session(session: nox.Session, name: str) -> None:
    session.install(CORE, *PLUGINS[name])
    session.run("pytest", TEST_DIRS[name], *session.posargs)
    for suite in SUITES[name]:
        session.run("droidhub", "check", "--suite", suite)


@nox.session
def aw_apps(session: nox.Session) -> None:
    """Core + droidhub-aw-apps only: its tests and `droidhub check --suite android_world`."""
    _suite_session(session, "aw_apps")


@nox.session
def miniwob(session: nox.Session) -> None:
    """Core + droidhub-miniwob only: its tests and `droidhub check --suite miniwob_subset`."""
    _suite_session(session, "miniwob")


@nox.session
def composite(session: nox.Session) -> None:
    """Core + droidhub-composite + the plugins its tests compose: tests and check."""
    _suite_session(session, "composite")


@nox.session
def agents(session: nox.Session) -> None:
    """Core + droidhub-agents + the suites its tests solve: t3a/m3a against a scripted
    model on loopback (no check: the plugin contributes agents, not tasks)."""
    _suite_session(session, "agents")


@nox.session
def lint(session: nox.Session) -> None:
    """ruff check, ruff format --check, mypy over every distribution, import-linter's
    contracts (root pyproject.toml: the layers of core; plugins reach the virtual phone
    only through droidhub.virtual.appmodel), and the docs site built as `docs` builds it
    (so CI fails on a docs warning or an undocumented public name)."""
    session.install(
        "ruff",
        "mypy",
        "types-requests",
        "import-linter",
        "./core[test,docs]",
        *(p for ps in PLUGINS.values() for p in ps),
    )
    # No cache: a clean clone has none, and a stale one has hidden failures here before.
    session.run("ruff", "check", "--no-cache", ".")
    session.run("ruff", "format", "--no-cache", "--check", ".")
    session.run("mypy")
    session.run("lint-imports")
    _build_docs(session, f"{session.create_tmp()}/site")


@nox.session
def demo(session: nox.Session) -> None:
    """The main job: AndroidWorld's tasks done through the screen alone (the ui_oracle
    agent, recording a screenshot of every step) on two virtual phones, ending in the
    results table and an HTML report with each step's screen, the tapped element marked
    (runs/demo/report.html)."""
    session.install("./core", "./plugins/aw_apps", "./plugins/miniwob", "./composite")
    session.run(
        "droidhub", "run", "--suite", "android_world", "--agent", "ui_oracle",
        "--agent-option", "observe=both", "--device", "virtual:2", "--out", "runs/demo",
        "--html", "runs/demo/report.html", *session.posargs,
    )  # fmt: skip


_SOLVED_TASKS = (
    "import sys; from droidhub.plugins import catalog; print(','.join(sorted(k.split('/', 1)[1] "
    "for k in catalog.ui_solvers() if k.startswith(sys.argv[1] + '/'))))"
)
_ALL_SOLVED = (
    "import json, sys; rows = [json.loads(line) for line in open(sys.argv[1])]; "
    "bad = [f\"{r['task']}/{r['instance']}: reward {r['reward']} {r['error'] or ''}\" "
    "for r in rows if r['reward'] != 1.0]; print(len(rows) - len(bad), 'of', len(rows), "
    "'episodes at reward 1'); print(*bad, sep='\\n'); sys.exit(1 if bad or not rows else 0)"
)


@nox.session
def ui(session: nox.Session) -> None:
    """Every AndroidWorld task and composite with a UI-only solver, through the screen
    alone: `check --ui`, then ui_oracle on 3 seeds over two virtual phones, all at
    reward 1."""
    session.install("./core", "./plugins/aw_apps", "./composite")
    for suite in ("android_world", "composite"):
        tasks = str(session.run("python", "-c", _SOLVED_TASKS, suite, silent=True)).strip()
        session.run("droidhub", "check", "--ui", "--suite", suite, "--tasks", tasks)
        out = f"{session.create_tmp()}/ui-{suite}"
        session.run(
            "droidhub", "run", "--suite", suite, "--tasks", tasks, "--agent", "ui_oracle",
            "--device", "virtual:2", "--n-combinations", "3", "--out", out,
        )  # fmt: skip
        session.run("python", "-c", _ALL_SOLVED, out + "/results.jsonl")


# Every public name a plugin, agent or task author uses must have its entry (an HTML id
# that mkdocstrings gives each documented object) in the built reference.
_REFERENCE_COVERS = """
import inspect, re, sys
from pathlib import Path
import droidhub, droidhub.hookspecs as hooks, droidhub.agents.ui_solver as solver
from droidhub.virtual import appmodel
def public(module):
    return [n for n, v in vars(module).items() if not n.startswith("_")
            and getattr(v, "__module__", None) == module.__name__ and callable(v)]
wanted = {
    "droidhub": [n for n in droidhub.__all__ if n != "__version__"],
    "appmodel": list(appmodel.__all__),
    "ui_solver": public(solver),
    "hookspecs": [n for n in vars(hooks) if n.startswith("droidhub_")],
}
prefix = {"droidhub": "droidhub.", "appmodel": "droidhub.virtual.appmodel.",
          "ui_solver": "droidhub.agents.ui_solver.", "hookspecs": "droidhub.hookspecs."}
missing = []
for page, names in wanted.items():
    html = Path(sys.argv[1], "reference", page, "index.html").read_text()
    ids = set(re.findall(r'id="([^"]+)"', html))
    missing += [prefix[page] + n for n in names if prefix[page] + n not in ids]
print(sum(map(len, wanted.values())), "public names;", "missing:", missing or "none")
sys.exit(1 if missing else 0)
"""

#: Every distribution of the repository, each built by `nox -s build`.
DISTRIBUTIONS = ["core", "plugins/aw_apps", "plugins/miniwob", "plugins/agents", "composite"]


@nox.session
def docs(session: nox.Session) -> None:
    """The documentation site into site/ with `mkdocs build --strict` (a warning, a broken
    link or anchor fails it), then a check that the API reference has every public name."""
    session.install("./core[docs]")
    _build_docs(session, "site")


def _build_docs(session: nox.Session, site: str) -> None:
    session.run("mkdocs", "build", "--strict", "--site-dir", site)
    session.run("python", "-c", _REFERENCE_COVERS, site)


@nox.session
def build(session: nox.Session) -> None:
    """A wheel and an sdist of every distribution into dist/, then `twine check --strict`
    (metadata and the README each renders on a package index)."""
    session.install("build", "twine")
    shutil.rmtree("dist", ignore_errors=True)
    for path in DISTRIBUTIONS:
        session.run("python", "-m", "build", "--outdir", "dist", path)
    session.run("twine", "check", "--strict", *sorted(str(p) for p in Path("dist").iterdir()))
