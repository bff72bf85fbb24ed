"""What a user sees when they get a command wrong, and the CLI a newcomer reads (issue 19).

Each bad input gives exactly one line on stderr, naming the bad value and what to do,
and its own exit code (see `droidhub --help`); no traceback, and nothing is written
for a run that never started. Then the readable side: qualified task names, `list`'s
columns, `agents`, the headline printed last, `--quiet` and `--json`.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from plugin_dists import never_done_task, write_distribution

#: One family with one task, to see "1 task" in `droidhub list`.
SOLO_PLUGIN = f"""
from droidhub import TaskEval, TaskFamily, hookimpl

{never_done_task("OnlyOne", "Do nothing.")}

@hookimpl
def droidhub_task_families():
    return [TaskFamily("solo", "a family of one task", tasks=[OnlyOne])]
"""

#: A composite spec file whose third line does not parse.
BROKEN_TOML = '[[composite]]\nname = "Half"\ntasks = [\n'
#: A composite spec file whose second entry lacks its tasks (line 5).
INVALID_TOML = (
    '[[composite]]\nname = "Fine"\n'
    'tasks = ["android_world/SystemWifiTurnOn", "android_world/SystemBluetoothTurnOn"]\n\n'
    '[[composite]]\nname = "NoTasks"\n'
)

#: An agent class that fails when built, as one without its API key would.
BAD_AGENT = """
class Bad:
    def __init__(self):
        raise RuntimeError("no API key")
"""

RUN = ["run", "--suite", "android_world", "--tasks", "SystemWifiTurnOn"]


def _droidhub(
    *args: str | Path, cwd: Path, env: dict[str, str] | None = None, script: bool = False
) -> subprocess.CompletedProcess[str]:
    """``droidhub ARGS`` in a child process from ``cwd``: through the console script
    when ``script`` (whose own folder, not ``cwd``, is what Python puts on sys.path),
    else ``python -m droidhub``."""
    command = [shutil.which("droidhub") or "droidhub"] if script else [sys.executable, "-m"]
    if not script:
        command.append("droidhub")
    return subprocess.run(
        [*command, *map(str, args)],
        cwd=cwd,
        env={**os.environ, **(env or {})},
        capture_output=True,
        text=True,
        timeout=180,
    )


def _free_port() -> int:
    """A port nothing listens on (bound, then released)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _cases(port: int) -> list[tuple[str, list[str], dict[str, str], int, str]]:
    """(id, arguments, environment, exit code, words the one line must hold)."""
    broken = {"DROIDHUB_COMPOSITES": "broken.toml"}
    invalid = {"DROIDHUB_COMPOSITES": "invalid.toml"}
    return [
        ("no-agent", RUN, {}, 2, "--agent is required: an agent from `droidhub agents`"),
        (
            "no-adb-server",
            [*RUN, "--agent", "noop", "--device", "emulator-9999", "--adb-port", str(port),
             "--out", "never"],
            {}, 6, f"no adb server answers at 127.0.0.1:{port}",
        ),
        ("out-is-a-file", [*RUN, "--agent", "noop", "--out", "a_file"], {}, 2,
         "a_file is a file; give a folder"),
        ("broken-toml-run", ["run", "--suite", "composite", "--agent", "oracle", "--out", "c"],
         broken, 7, "broken.toml:3: not valid TOML"),
        ("broken-toml-check", ["check", "--suite", "composite"], broken, 7,
         "broken.toml:3: not valid TOML"),
        ("invalid-toml-check", ["check", "--suite", "composite"], invalid, 7,
         "invalid.toml:5: composite NoTasks: tasks: Field required"),
        ("plugins-with-a-failure", ["plugins"], broken, 7,
         "1 plugin failed to load: composite"),
        ("agent-module-missing", [*RUN, "--agent", "nopkg.agents:Agent", "--out", "x"], {}, 2,
         "no module 'nopkg' in"),
        ("agent-class-fails", [*RUN, "--agent", "badagent:Bad", "--out", "x"],
         {"PYTHONDONTWRITEBYTECODE": "1"}, 2,
         "badagent:Bad could not be built: RuntimeError: no API key"),
        ("qualified-task-of-another-suite",
         ["run", "--suite", "miniwob", "--tasks", "android_world/SystemWifiTurnOn",
          "--agent", "noop"], {}, 2, "add --suite android_world"),
        ("unknown-task", ["run", "--suite", "android_world", "--tasks", "SystemWifiTurnOnn",
                          "--agent", "noop"], {}, 2, "did you mean"),
        ("click-bad-value", [*RUN, "--agent", "noop", "--n-combinations", "0"], {}, 2,
         "--n-combinations': 0 is not in the range"),
    ]  # fmt: skip


@pytest.mark.parametrize("case", range(len(_cases(0))), ids=[c[0] for c in _cases(0)])
def test_each_bad_input_is_one_line_with_its_own_exit_code(case: int, tmp_path: Path) -> None:
    port = _free_port()
    _name, args, env, code, words = _cases(port)[case]
    (tmp_path / "a_file").write_text("mine")
    (tmp_path / "broken.toml").write_text(BROKEN_TOML)
    (tmp_path / "invalid.toml").write_text(INVALID_TOML)
    (tmp_path / "badagent.py").write_text(BAD_AGENT)
    before = sorted(p.name for p in tmp_path.iterdir())
    done = _droidhub(*args, cwd=tmp_path, env=env)
    lines = done.stderr.strip().splitlines()
    assert done.returncode == code, done.stderr
    assert len(lines) == 1 and lines[0].lower().startswith("error: "), done.stderr
    assert words in lines[0], lines[0]
    assert "Traceback" not in done.stdout + done.stderr
    # Nothing was started, so nothing was written: no run folder, the file untouched.
    assert sorted(p.name for p in tmp_path.iterdir()) == before
    assert (tmp_path / "a_file").read_text() == "mine"


def test_exit_codes_are_listed_in_the_help(tmp_path: Path) -> None:
    shown = _droidhub("--help", cwd=tmp_path).stdout
    for code, words in ((6, "no device reachable"), (7, "failed to load"), (2, "bad option")):
        assert any(line.split()[:1] == [str(code)] and words in line for line in
                   shown.splitlines()), shown  # fmt: skip


def test_a_failed_device_run_leaves_no_manifest_for_the_next_run(tmp_path: Path) -> None:
    """The next run into the same folder records its own devices, not the failed ones."""
    (tmp_path / "r").mkdir()  # made by the user: kept, and left empty
    failed = _droidhub(*RUN, "--agent", "noop", "--device", "emulator-9999", "--adb-port",
                       str(_free_port()), "--out", "r", cwd=tmp_path)  # fmt: skip
    assert failed.returncode == 6, failed.stderr
    assert list((tmp_path / "r").iterdir()) == []
    ok = _droidhub(*RUN, "--agent", "noop", "--out", "r", "--quiet", cwd=tmp_path)
    assert ok.returncode == 0, ok.stderr
    manifest = (tmp_path / "r" / "run.json").read_text()
    assert json.loads(manifest)["devices"] == ["virtual"]
    # Resuming it where no adb server answers: the same exit, the run left as it was.
    again = _droidhub(*RUN, "--agent", "noop", "--device", "emulator-9999", "--adb-port",
                      str(_free_port()), "--out", "r", cwd=tmp_path)  # fmt: skip
    assert again.returncode == 6, again.stderr
    assert (tmp_path / "r" / "run.json").read_text() == manifest


def test_module_agent_resolves_from_the_current_folder(tmp_path: Path) -> None:
    """`--agent mypkg.agents:MyAgent` from the package's folder, through the `droidhub`
    script (python -m would put the folder on sys.path by itself)."""
    (tmp_path / "mypkg").mkdir()
    (tmp_path / "mypkg" / "__init__.py").write_text("")
    (tmp_path / "mypkg" / "agents.py").write_text(
        "from droidhub import Action, Agent\n\n\n"
        "class MyAgent(Agent):\n"
        "    def step(self, state):\n"
        "        return Action(action_type='status', goal_status='complete')\n"
    )
    done = _droidhub(*RUN, "--agent", "mypkg.agents:MyAgent", "--out", "r", "--json",
                     cwd=tmp_path, script=True)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["episodes"] == 1


def test_qualified_names_json_and_quiet_output(tmp_path: Path) -> None:
    """`--tasks family/Task` as the tables print it; --json is one object on stdout;
    --quiet prints the headline only; the full output ends with the headline."""
    args = ["run", "--suite", "android_world", "--agent", "oracle", "--tasks",
            "android_world/SystemWifiTurnOn,SystemBluetoothTurnOff", "--out", "r"]  # fmt: skip
    as_json = _droidhub(*args, "--json", cwd=tmp_path)
    assert as_json.returncode == 0, as_json.stderr
    summary = json.loads(as_json.stdout)
    assert [t["task"] for t in summary["per_task"]] == [
        "SystemWifiTurnOn",
        "SystemBluetoothTurnOff",
    ]
    assert summary["success_rate"] == 1.0
    quiet = _droidhub(*args, "--quiet", cwd=tmp_path)  # resumes: nothing left to run
    assert quiet.returncode == 0 and quiet.stderr == "", quiet.stderr
    assert quiet.stdout.splitlines()[0].startswith("Success rate: 100.0% (95% CI")
    assert len(quiet.stdout.splitlines()) == 6
    full = _droidhub(*args, "--html", "r/report.html", cwd=tmp_path).stdout.splitlines()
    assert (tmp_path / "r" / "report.html").is_file()
    assert "Per task" in full
    assert full[-6:] == quiet.stdout.splitlines()  # the headline comes last
    assert full[-2] == "Tasks: 2   Episodes: 2   Errors: 0"
    checked = _droidhub("check", "--suite", "android_world", "--tasks",
                        "android_world/SystemWifiTurnOn", cwd=tmp_path)  # fmt: skip
    assert checked.returncode == 0 and "1 of 1 task passes" in checked.stdout, checked.stderr


def test_list_has_headers_aligned_columns_and_plurals(tmp_path: Path) -> None:
    site = write_distribution(tmp_path / "site", "droidhub-solo", "droidhub_solo", SOLO_PLUGIN,
                              "solo")  # fmt: skip
    done = _droidhub("list", "--suite", "solo,composite", cwd=tmp_path,
                     env={"PYTHONPATH": str(site)})  # fmt: skip
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "solo: 1 task, from droidhub-solo: a family of one task"
    assert lines[1].split() == ["task", "apps", "difficulty", "complexity", "max", "steps"]
    assert lines[3].split()[0] == "solo/OnlyOne"
    composite = lines.index(next(line for line in lines if line.startswith("composite: ")))
    assert "3 tasks" in lines[composite]
    header, rule, *rows = lines[composite + 1 : composite + 6]
    # Every cell starts where its header does.
    starts = [header.index(h) for h in ("apps", "difficulty", "complexity")]
    assert [rule[s - 2 : s] for s in starts] == ["  "] * 3
    for row in rows:
        assert all(row[s - 2 : s] == "  " and row[s] != " " for s in starts), row
