"""What a plugin author installs works as printed: the plugin examples of README.md and
docs/writing-plugins.md, and the packages ``droidhub new suite`` / ``droidhub new agent``
write, all pip-installed into one fresh venv (one pip run, one ``list``, one ``check``:
the plugins load once per command, which keeps this module fast).

A page's blocks whose first line is ``# some/path`` are the files of its package; with
the empty ``__init__.py`` both pages mention, that folder is what ``pip install .``
installs.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner
from tmp_venv import make_venv, pip_install, run

from droidhub.cli.main import main

REPO = Path(__file__).resolve().parents[2]
BLOCK = re.compile(r"^```\w+\n# (?P<path>[\w./-]+)\n(?P<body>.*?)^```", re.S | re.M)
#: Page -> (its package's import name, its family, its one task).
PAGES = {
    "README.md": ("droidhub_wifi", "wifi", "WifiOff"),
    "docs/writing-plugins.md": ("droidhub_mytasks", "mytasks", "WriteWord"),
}
SCAFFOLD_SUITE, SCAFFOLD_AGENT = "my_tasks", "tapper"


def package_files(page: Path) -> dict[str, str]:
    """``path -> text`` of the blocks of ``page`` that open with a ``# path`` line."""
    return {
        m["path"]: f"# {m['path']}\n{m['body']}" for m in BLOCK.finditer(page.read_text("utf-8"))
    }


@dataclass
class Installed:
    """The venv with every package installed, and the folders they came from."""

    python: Path
    folders: dict[str, Path]

    def droidhub(self, *args: str | Path) -> tuple[int, str]:
        done = run(self.python, "-m", "droidhub", *args)
        return done.returncode, done.stdout + done.stderr


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    root = tmp_path_factory.mktemp("authors")
    folders: dict[str, Path] = {}
    for page, (package, _family, _task) in PAGES.items():
        folder = folders[page] = root / Path(page).stem
        files = package_files(REPO / page)
        assert {"pyproject.toml", f"{package}/plugin.py"} <= set(files), sorted(files)
        for relative, text in files.items():
            (folder / relative).parent.mkdir(parents=True, exist_ok=True)
            (folder / relative).write_text(text, encoding="utf-8")
        (folder / package / "__init__.py").write_text("")
    for kind, name in (("suite", SCAFFOLD_SUITE), ("agent", SCAFFOLD_AGENT)):
        folders[kind] = root / name
        made = CliRunner().invoke(main, ["new", kind, name, "--dir", str(folders[kind])])
        assert made.exit_code == 0, made.output
    python = make_venv(root / "venv")
    pip_install(python, *folders.values())
    return Installed(python, folders)


@pytest.fixture(scope="module")
def listed(installed: Installed) -> dict[str, list[str]]:
    """``droidhub list --json`` in the venv: family -> task names."""
    code, output = installed.droidhub("list", "--json")
    assert code == 0, output
    families: dict[str, list[str]] = {}
    for line in output.splitlines():
        if line.startswith("{"):
            row = json.loads(line)
            families.setdefault(row["family"], []).append(row["name"])
    return families


@pytest.fixture(scope="module")
def checked(installed: Installed) -> str:
    """``droidhub check`` of the three installed families, which must pass."""
    suites = ",".join([*(family for _p, family, _t in PAGES.values()), SCAFFOLD_SUITE])
    code, output = installed.droidhub("check", "--suite", suites)
    assert code == 0, output
    return output


@pytest.fixture(scope="module")
def tested(installed: Installed) -> str:
    """pytest over the guide's test and the scaffolds' (one run); its ``-rA`` report."""
    folders = installed.folders
    done = run(installed.python, "-m", "pytest", "-q", "-rA", "-p", "no:cacheprovider",
               folders["docs/writing-plugins.md"], folders["suite"], folders["agent"])  # fmt: skip
    assert done.returncode == 0, done.stdout[-3000:]
    return done.stdout


@pytest.mark.parametrize("page", PAGES)
def test_plugin_example_installs_lists_and_passes_check(
    page: str, listed: dict[str, list[str]], checked: str
) -> None:
    _package, family, task = PAGES[page]
    assert listed[family] == [task]
    assert re.search(rf"^{family}/{task}\s+(pass\s+|-\s+)+", checked, re.M), checked


def test_plugin_guide_test_passes(tested: str) -> None:
    assert re.search(r"^PASSED .*test_mytasks.py::test_oracle_solves_write_word", tested, re.M)


def test_scaffolds_list_check_run_and_test_green(
    installed: Installed, listed: dict[str, list[str]], checked: str, tested: str, tmp_path: Path
) -> None:
    folders = installed.folders
    assert (folders["suite"] / "README.md").is_file()
    assert (folders["agent"] / "README.md").is_file()
    assert listed[SCAFFOLD_SUITE] == ["OpenApp"]
    assert re.search(rf"^{SCAFFOLD_SUITE}/OpenApp\s+(pass\s+|-\s+)+", checked, re.M), checked
    code, output = installed.droidhub("agents")
    assert code == 0 and SCAFFOLD_AGENT in output, output

    out = tmp_path / "run"
    args = ("--suite", SCAFFOLD_SUITE, "--agent", SCAFFOLD_AGENT, "--device", "virtual")
    code, output = installed.droidhub("run", *args, "--out", out)
    assert code == 0, output
    rows = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    assert [(r["task"], r["reward"]) for r in rows] == [("OpenApp", 1.0)]
    assert rows[0]["apps"] == ["settings"]  # the scaffold's task names its apps

    # Each package's own test passes.
    for test in ("test_my_tasks.py::test_open_app", "test_tapper.py::test_agent_opens_settings"):
        assert re.search(rf"^PASSED .*{test}", tested, re.M), tested
