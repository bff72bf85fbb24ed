"""Names that become file names (droidhub.tasks.names): the rule, the task families that must
keep it, and the run folder paths that are refused when a name would leave the folder."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from droidhub import TaskEval, TaskFamily
from droidhub.results.layout import OutsideRunFolderError, RunFolder
from droidhub.tasks.names import MAX_NAME_LENGTH, BadNameError, check_name, name_problem


@pytest.mark.parametrize(
    "name",
    ["android_world", "miniwob_subset", "click-button", "SimpleSmsSend", "v1.2", "a" * 128],
)
def test_the_names_the_suites_use_keep_the_rule(name: str) -> None:
    assert name_problem(name) is None
    assert check_name("task", name) == name


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("../../X", "starts with '.' and contains '/'"),
        ("/tmp/X", "contains '/'"),
        ("x" * (MAX_NAME_LENGTH + 1), f"is {MAX_NAME_LENGTH + 1} characters long"),
        (".hidden", "starts with '.'"),
        ("..", "starts with '.'"),
        ("", "is empty"),
        ("a b\\c", "contains ' ', '\\\\'"),
        ("Größe", "contains 'ß', 'ö'"),
        ("nul\x00", "contains '\\x00'"),
    ],
)
def test_a_bad_name_is_refused_with_the_value_and_the_reason(name: str, why: str) -> None:
    assert name_problem(name) == why
    with pytest.raises(BadNameError) as err:
        check_name("family", name)
    message = str(err.value)
    assert message.startswith("family name ")
    assert why in message and "rename it" in message
    assert len(message) < 400  # an over-long name is cut short in the message


def _task(name: str) -> type[TaskEval]:
    """A task class named ``name`` (through the ``name`` attribute, as plugins and
    data-defined specs do: a class name could never hold a '/')."""

    class Named(TaskEval):
        template = "Nothing."

        def is_successful(self, env: object) -> float:
            return 0.0

    Named.name = name
    return Named


@pytest.mark.parametrize("name", ["../../../X", "/tmp/X", "T" * 200])
def test_a_family_refuses_a_task_whose_name_is_no_file_name(name: str) -> None:
    with pytest.raises(BadNameError, match=r"^family f: task name '(\.\./|/tmp|TTT)"):
        TaskFamily("f", "d", tasks=[_task("Fine"), _task(name)])


def test_a_family_refuses_a_name_that_is_no_file_name() -> None:
    with pytest.raises(BadNameError, match=r"^family name '\.\./\.\./X' starts with '\.'"):
        TaskFamily("../../X", "d", tasks=[_task("Fine")])


def test_episode_folders_are_the_names_one_folder_each(tmp_path: Path) -> None:
    run = RunFolder(tmp_path / "out")
    assert (
        run.episode("tiny", "TinyWriteWord", 3).path
        == tmp_path / "out/episodes/tiny/TinyWriteWord/3"
    )
    assert RunFolder.episode_relpath("tiny", "T", 0) == Path("episodes/tiny/T/0")
    assert run.judgements("llm") == tmp_path / "out/judgements/llm.jsonl"


@pytest.mark.parametrize(
    ("family", "task"),
    [("tiny", "../../../X"), ("tiny", "/tmp/X"), ("../../X", "T"), ("tiny", "T" * 200)],
)
def test_a_name_that_would_leave_the_run_folder_is_refused(
    tmp_path: Path, family: str, task: str
) -> None:
    run = RunFolder(tmp_path / "out")
    with pytest.raises(BadNameError):
        run.episode(family, task, 0)
    with pytest.raises(BadNameError):
        RunFolder.episode_relpath(family, task, 0)
    with pytest.raises(BadNameError):
        run.judgements(task if name_problem(task) else family)


def test_a_symlink_planted_in_the_run_folder_is_not_followed_out(tmp_path: Path) -> None:
    out, elsewhere = tmp_path / "out", tmp_path / "elsewhere"
    (out / "episodes").mkdir(parents=True)
    elsewhere.mkdir()
    (out / "episodes" / "tiny").symlink_to(elsewhere)
    (out / "judgements").symlink_to(elsewhere)
    run = RunFolder(out)
    with pytest.raises(OutsideRunFolderError) as err:
        run.episode("tiny", "T", 0)
    assert str(elsewhere / "T" / "0") in str(err.value) and str(out) in str(err.value)
    with pytest.raises(OutsideRunFolderError):
        run.judgements("llm")
    # A run folder that is itself a link (to another disk, say) is fine.
    (tmp_path / "link").symlink_to(elsewhere)
    assert (
        RunFolder(tmp_path / "link").episode("f", "T", 0).path == tmp_path / "link/episodes/f/T/0"
    )
    assert os.listdir(elsewhere) == []


def test_merge_refuses_a_results_file_naming_a_folder_outside(
    plugin_path: Path, run_cli, tmp_path: Path
) -> None:
    """A results file from elsewhere (a shard handed over) that names ``../..`` as its
    task must not make ``merge`` copy or write outside the folders it was given."""
    work = tmp_path / "work"
    shard = work / "a" / "b" / "shard"
    proc = run_cli(
        "run", "--suite", "tiny", "--tasks", "TinyWriteWord", "--agent", "oracle",
        "--out", str(shard), pythonpath=plugin_path,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    results = RunFolder(shard).results
    (row,) = [json.loads(line) for line in results.read_text().splitlines()]
    # The episode's folder, moved to where the hostile name points: beside the shard.
    hostile = "../../../../escaped"
    escaped = Path(os.path.normpath(shard / "episodes" / "tiny" / hostile))
    assert escaped == work / "a" / "escaped"
    escaped.mkdir()
    (shard / "episodes/tiny/TinyWriteWord/0").rename(escaped / "0")
    row["task"] = hostile
    results.write_text(json.dumps(row) + "\n")
    before = sorted(p for p in work.rglob("*"))
    # One level deeper than the shard: the same name points elsewhere from there.
    merged = work / "a" / "b" / "c" / "merged"
    proc = run_cli("merge", str(merged), str(shard), pythonpath=plugin_path)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert f"task name '{hostile}' starts with '.' and contains '/'" in proc.stderr
    assert "Traceback" not in proc.stderr
    assert sorted(p for p in work.rglob("*") if not p.is_relative_to(merged)) == before


def test_judge_and_calibrate_refuse_a_judge_name_that_is_no_file_name(tmp_path: Path) -> None:
    run = tmp_path / "run"
    run.mkdir()
    (run / "results.jsonl").write_text("", encoding="utf-8")
    for command in ("judge", "calibrate"):
        proc = subprocess.run(
            [sys.executable, "-m", "droidhub", command, str(run), "--judge", "../x"],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert proc.returncode == 2, proc.stderr
        (line,) = proc.stderr.strip().splitlines()
        assert "judge name '../x' starts with '.' and contains '/'" in line
    assert sorted(p.name for p in tmp_path.iterdir()) == ["run"]
