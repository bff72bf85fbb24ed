"""``droidhub new suite`` / ``droidhub new agent``: the scaffolds install, list, check,
run and test green exactly as generated, in a fresh venv."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from tmp_venv import make_venv, pip_install, run

from droidhub.cli import main


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["suite", "My-Tasks"], "bad name 'My-Tasks': use lowercase letters"),
        (["agent", "9lives"], "bad name '9lives'"),
        (["suite", "ok", "--dir", "taken"], "taken already exists; choose another --dir"),
    ],
)
def test_new_refuses_a_bad_name_or_a_used_folder_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], message: str
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "keep.txt").write_text("mine")
    result = CliRunner().invoke(main, ["new", *args])
    assert result.exit_code == 1
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ") and message in lines[0]
    assert "Traceback" not in result.output
    assert (tmp_path / "taken" / "keep.txt").read_text() == "mine"


def test_generated_suite_and_agent_install_list_check_run_and_test_green(tmp_path: Path) -> None:
    python = make_venv(tmp_path / "venv")
    droidhub = (python, "-m", "droidhub")
    for kind, name in (("suite", "my_tasks"), ("agent", "tapper")):
        made = CliRunner().invoke(main, ["new", kind, name, "--dir", str(tmp_path / name)])
        assert made.exit_code == 0, made.output
    suite, agent = tmp_path / "my_tasks", tmp_path / "tapper"
    assert (suite / "README.md").is_file() and (agent / "README.md").is_file()
    pip_install(python, suite, agent)

    listed = run(*droidhub, "list", "--suite", "my_tasks", "--json")
    assert listed.returncode == 0, listed.stderr
    assert [json.loads(line)["name"] for line in listed.stdout.splitlines()] == ["OpenApp"]
    agents = run(*droidhub, "agents")
    assert agents.returncode == 0 and "tapper" in agents.stdout, agents.stderr

    checked = run(*droidhub, "check", "--suite", "my_tasks")
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "1 of 1 tasks pass" in checked.stdout

    out = tmp_path / "run"
    ran = run(*droidhub, "run", "--suite", "my_tasks", "--agent", "tapper", "--device",
              "virtual", "--out", out)  # fmt: skip
    assert ran.returncode == 0, ran.stderr
    rows = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    assert [(r["task"], r["reward"]) for r in rows] == [("OpenApp", 1.0)]

    for folder in (suite, agent):
        tested = run(python, "-m", "pytest", "-q", "-p", "no:cacheprovider", cwd=folder)
        assert tested.returncode == 0, tested.stdout[-3000:]
        assert "1 passed" in tested.stdout
