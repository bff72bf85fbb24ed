"""The plugin examples of README.md and docs/writing-plugins.md, installed as printed.

Each page's blocks whose first line is ``# some/path`` are the files of its package;
with the empty ``droidhub_mytasks/__init__.py`` both pages mention, ``pip install`` of
that folder into a fresh venv must work, ``droidhub list`` must show the family and
``droidhub check`` must pass it; the guide's own test file must pass under pytest.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from tmp_venv import make_venv, pip_install, run

REPO = Path(__file__).resolve().parents[2]
BLOCK = re.compile(r"^```\w+\n# (?P<path>[\w./-]+)\n(?P<body>.*?)^```", re.S | re.M)


def package_files(page: Path) -> dict[str, str]:
    """``path -> text`` of the blocks of ``page`` that open with a ``# path`` line."""
    return {
        m["path"]: f"# {m['path']}\n{m['body']}" for m in BLOCK.finditer(page.read_text("utf-8"))
    }


@pytest.mark.parametrize(
    ("page", "task"), [("README.md", "WifiOff"), ("docs/writing-plugins.md", "WriteWord")]
)
def test_plugin_example_installs_lists_and_passes_check(
    tmp_path: Path, page: str, task: str
) -> None:
    files = package_files(REPO / page)
    assert {"pyproject.toml", "droidhub_mytasks/plugin.py"} <= set(files), sorted(files)
    package = tmp_path / "droidhub-mytasks"
    for relative, text in files.items():
        (package / relative).parent.mkdir(parents=True, exist_ok=True)
        (package / relative).write_text(text, encoding="utf-8")
    (package / "droidhub_mytasks" / "__init__.py").write_text("")

    python = make_venv(tmp_path / "venv")
    pip_install(python, package)
    listed = run(python, "-m", "droidhub", "list", "--suite", "mytasks", "--json")
    assert listed.returncode == 0, listed.stderr
    assert [json.loads(line)["name"] for line in listed.stdout.splitlines()] == [task]
    checked = run(python, "-m", "droidhub", "check", "--suite", "mytasks")
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "1 of 1 tasks pass (0 without an oracle)" in checked.stdout
    if (package / "tests").is_dir():
        tested = run(python, "-m", "pytest", "-q", "-p", "no:cacheprovider", cwd=package)
        assert tested.returncode == 0, tested.stdout[-3000:]
        assert "1 passed" in tested.stdout
