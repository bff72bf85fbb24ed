"""What a newcomer meets first: help without an error, the judges listed, a warning
where ui_oracle cannot solve, and Kendall's tau's gaps said in words."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from runner_plugins import droidhub, hang_site

from droidhub.evaluation.calibration import no_tau_reason


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "droidhub", *args], capture_output=True, text=True, timeout=120
    )


def test_droidhub_alone_prints_its_help_and_no_error() -> None:
    for args in ((), ("device",)):
        proc = _cli(*args)
        assert proc.returncode == 0, proc.stderr
        assert proc.stdout.startswith("Usage: ") and "droidhub" in proc.stdout.splitlines()[0]
        assert "Error:" not in proc.stdout + proc.stderr


def test_help_loads_the_plugins_without_the_phone() -> None:
    # The plugins are loaded for every command; the phone's app models (and the screens,
    # Skia and numpy behind them) only by the commands that use them.
    shown = subprocess.run(
        [
            sys.executable, "-c",
            "import runpy, sys; sys.argv = ['droidhub', '--help']\n"
            "try:\n    runpy.run_module('droidhub', run_name='__main__')\n"
            "except SystemExit:\n    pass\n"
            "print('appmodel imported:', 'droidhub.virtual.appmodel' in sys.modules)",
        ],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.startswith("Usage: ")
    assert shown.stdout.strip().splitlines()[-1] == "appmodel imported: False"


def test_judge_help_lists_the_installed_judges() -> None:
    proc = _cli("judge", "--help")
    assert proc.returncode == 0, proc.stderr
    assert "Judges installed:" in proc.stdout
    assert "see `droidhub judge --help`" not in proc.stdout


def test_ui_oracle_warns_about_the_tasks_it_has_no_solver_for(tmp_path: Path) -> None:
    site = hang_site(tmp_path / "site")
    args = ["run", "--suite", "hang", "--tasks", "Quick", "--agent", "ui_oracle"]
    proc = droidhub(site, *args, "--out", str(tmp_path / "run"))
    assert proc.returncode == 0, proc.stderr
    assert (
        "warning: ui_oracle has no UI-only solver for 1 of the chosen tasks (hang/Quick); "
        "it answers 'infeasible' on them"
    ) in proc.stderr


def test_an_undefined_kendall_tau_says_why() -> None:
    assert no_tau_reason([0.5], [0.5], "judged success rate", "success rate") == (
        "needs two runs or more (got 1)"
    )
    # The judge rates two runs alike though their real successes differ.
    assert no_tau_reason([0.5, 0.5], [0.2, 0.8], "judged success rate", "success rate") == (
        "undefined: the judged success rate of all 2 runs is the same (50.0%), so it ranks nothing"
    )


PHONE_COMMANDS = pytest.mark.parametrize(
    "command",
    [
        ("run", "--suite", "hang", "--tasks", "Quick", "--agent", "noop", "--device", "virtual:8"),
        ("run", "--suite", "hang", "--tasks", "Quick", "--agent", "noop"),
        ("check", "--suite", "hang"),
        ("device", "serve", "--port", "0"),
        ("mcp",),
    ],
    ids=["run-8-phones", "run", "check", "device-serve", "mcp"],
)


@PHONE_COMMANDS
def test_a_sandbox_folder_that_is_none_is_one_line_before_anything_starts(
    tmp_path: Path, command: tuple[str, ...]
) -> None:
    not_a_folder = tmp_path / "a-file"
    not_a_folder.write_text("")
    site = hang_site(tmp_path / "site")
    out = tmp_path / "run"
    extra = ("--out", str(out)) if command[0] == "run" else ()
    proc = droidhub(site, *command, *extra, DROIDHUB_VIRTUAL_DIR=str(not_a_folder))
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.strip().splitlines() == [
        f"Error: DROIDHUB_VIRTUAL_DIR={not_a_folder} is not a folder: create it, or unset "
        "DROIDHUB_VIRTUAL_DIR to keep the phones in the temporary folder on disk"
    ]
    assert not out.exists()  # no run folder for a run that never started


@PHONE_COMMANDS
@pytest.mark.parametrize(
    ("variable", "value", "says"),
    [
        ("DROIDHUB_EVENT_LOOP", "tokio", "$DROIDHUB_EVENT_LOOP='tokio': name one of uvloop, "
         "asyncio, or unset it"),
        ("DROIDHUB_VIRTUAL_STORAGE", "lots", "$DROIDHUB_VIRTUAL_STORAGE: storage size 'lots' "
         "is not a size"),
    ],
    ids=["event-loop", "storage"],
)  # fmt: skip
def test_a_phone_setting_that_is_wrong_is_one_line_before_anything_starts(
    tmp_path: Path, command: tuple[str, ...], variable: str, value: str, says: str
) -> None:
    site = hang_site(tmp_path / "site")
    out = tmp_path / "run"
    extra = ("--out", str(out)) if command[0] == "run" else ()
    proc = droidhub(site, *command, *extra, **{variable: value})
    assert proc.returncode != 0
    (line,) = proc.stderr.strip().splitlines()
    assert line.startswith("Error: ") and says in line, proc.stderr
    assert not out.exists()  # no run folder for a run that never started
