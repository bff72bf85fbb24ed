"""Composites on the virtual phone, through the CLI as a user runs them."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

MIXED = """
[[composite]]
name = "ClickThenWifi"
tasks = ["miniwob_subset/click-button", "android_world/SystemWifiTurnOn"]
aliases = ["web", "wifi"]
"""


def _cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "droidhub", *args],
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, **(env or {})},
    )


def test_androidworld_composites_pass_the_check() -> None:
    proc = _cli("check", "--suite", "composite")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    for name in ("MarkorCreateNoteAndSms", "TurnOnWifiAndOpenApp", "TurnOffWifiAndTurnOnBluetooth"):
        line = next(ln for ln in proc.stdout.splitlines() if ln.startswith(f"composite/{name} "))
        # params, goal, no-op, oracle, tear-down, footprint and the 1/N sub-oracle cases.
        assert line.split()[1:].count("pass") == 7, line
    assert "3 of 3 tasks pass" in proc.stdout


def test_androidworld_composites_are_solved_through_the_screen(tmp_path: Path) -> None:
    # Each composite's UI solver runs its parts' solvers in turn; the reward is still
    # the mean of the parts' own device-state checks.
    out = tmp_path / "run"
    proc = _cli(
        "run", "--suite", "composite", "--agent", "ui_oracle", "--device", "virtual",
        "--out", str(out),
    )  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr
    rows = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    rewards = {row["task"].split("/")[-1]: row["reward"] for row in rows}
    assert rewards == {
        "MarkorCreateNoteAndSms": 1.0,
        "TurnOnWifiAndOpenApp": 1.0,
        "TurnOffWifiAndTurnOnBluetooth": 1.0,
    }


def test_conflicting_composition_is_refused_on_the_command_line() -> None:
    proc = _cli("compose", "android_world/SystemWifiTurnOn", "android_world/SystemWifiTurnOff")
    assert proc.returncode == 1
    assert (
        "cannot compose SystemWifiTurnOn + SystemWifiTurnOff: SystemWifiTurnOn and "
        "SystemWifiTurnOff both write global/wifi_on" in proc.stderr
    )


def test_an_unknown_task_and_an_unwritable_save_are_one_line_each(tmp_path: Path) -> None:
    unknown = _cli("compose", "android_world/Nope", "android_world/SystemWifiTurnOn")
    assert unknown.returncode == 2  # a bad value, as for run and check
    (tmp_path / "blocker").write_text("a file, where a folder should be")
    save = tmp_path / "blocker" / "composites.toml"
    pair = ("android_world/MarkorCreateNote", "android_world/SimpleSmsSend")
    unwritable = _cli("compose", "--save", str(save), *pair)
    assert unwritable.returncode == 1
    assert f"cannot write {save}" in unwritable.stderr
    for proc in (unknown, unwritable):
        assert "Traceback" not in proc.stderr
        assert len(proc.stderr.strip().splitlines()) == 1, proc.stderr


def test_save_appends_only_to_a_toml_file(tmp_path: Path) -> None:
    results = tmp_path / "run" / "results.jsonl"
    results.parent.mkdir()
    results.write_text('{"episode_id": "f/T/0"}\n', encoding="utf-8")
    pair = ("android_world/MarkorCreateNote", "android_world/SimpleSmsSend")
    refused = _cli("compose", "--save", str(results), *pair)
    assert refused.returncode == 2
    assert f"{results} is not a .toml file" in refused.stderr
    assert results.read_text(encoding="utf-8") == '{"episode_id": "f/T/0"}\n'


needs_browser = pytest.mark.skipif(
    not (
        os.environ.get("DROIDHUB_CHROMIUM")
        or shutil.which("chromium")
        or shutil.which("chromium-browser")
        or shutil.which("google-chrome")
    ),
    reason="no Chromium to host the MiniWoB++ page (apt-get install chromium)",
)


def _run_mixed(agent: str, out: Path, env: dict[str, str]) -> dict:
    """Run the ``ClickThenWifi`` composite of ``MIXED`` once by ``agent`` into ``out``;
    the run must finish cleanly, and its one row of results.jsonl is returned."""
    proc = _cli("run", "--suite", "composite", "--tasks", "ClickThenWifi", "--agent", agent,
                "--out", str(out), env=env)  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    (row,) = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    return row


@pytest.mark.browser
@needs_browser
def test_miniwob_and_androidworld_composite_runs_end_to_end(tmp_path: Path) -> None:
    spec = tmp_path / "mixed.toml"
    spec.write_text(MIXED, encoding="utf-8")
    env = {"DROIDHUB_COMPOSITES": str(spec)}
    row = _run_mixed("oracle", tmp_path / "run", env)
    assert row["error"] is None, row["traceback"]
    assert row["reward"] == 1.0 and row["success"]
    assert row["details"]["sub_rewards"] == {"web": 1.0, "wifi": 1.0}
    assert row["apps"][-1] == "settings"

    row = _run_mixed("noop", tmp_path / "noop", env)
    assert row["reward"] == 0.0 and row["details"]["sub_rewards"] == {"web": 0.0, "wifi": 0.0}

    # Each sub-oracle alone scores exactly 1/2, on a fresh phone each.
    check = _cli("check", "--suite", "composite", "--tasks", "ClickThenWifi", env=env)
    assert check.returncode == 0, check.stdout + check.stderr
    assert "1 of 1 task passes" in check.stdout
