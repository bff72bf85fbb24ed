"""Comparing two runs (`droidhub report RUN_A RUN_B`) and exporting trajectories
(`droidhub export RUN --format jsonl`), on a constructed pair and on the real two-seed
runs of the ``report_runs`` fixture (tiny_report.py)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from PIL import Image
from runner_plugins import results_rows

from droidhub.report.compare import compare
from droidhub.results.records import EpisodeResult, ResultsWriter, RunManifest, read_results

DOCS = Path(__file__).resolve().parents[2] / "docs"

# The `report_runs` fixture: two real runs, built once per session (see tiny_report.py).
pytest_plugins = ["tiny_report"]

if TYPE_CHECKING:  # imported by pytest_plugins above, as a plugin
    from tiny_report import ReportRuns


def _write_run(folder: Path, rewards: dict[str, list[float]]) -> Path:
    """A run folder holding episodes with the given rewards, per ``family/task``."""
    folder.mkdir(parents=True)
    manifest = RunManifest(suite=["f", "g"], agent="constructed")
    (folder / "run.json").write_text(manifest.model_dump_json(), encoding="utf-8")
    writer = ResultsWriter(folder)
    for name, values in rewards.items():
        family, task = name.split("/")
        for i, reward in enumerate(values):
            writer.append(
                EpisodeResult(
                    episode_id=f"{name}/{i}",
                    task=task,
                    family=family,
                    instance=i,
                    seed=i,
                    reward=reward,
                    success=reward == 1.0,
                )
            )
    writer.close()
    return folder


def _comparison_table(stdout: str) -> dict[str, list[str]]:
    """Rows of the printed comparison by task: reward A, B, B - A, success A, B, flip."""
    lines = stdout.splitlines()
    start = next(i for i, ln in enumerate(lines) if ln.startswith("task "))
    table = {}
    for line in lines[start + 2 :]:
        if not line.strip():
            break
        cells = re.split(r"\s{2,}", line.strip())
        table[cells[0]] = cells[1:] + [""] * (7 - len(cells))  # an empty flip is blank
    return table


#: The constructed pair: each task's episode rewards in run A and in run B, side by side
#: (no rewards: the task is not in that run).
PAIR_REWARDS: dict[str, tuple[list[float], list[float]]] = {
    "f/Flip": ([0.0, 0.0], [1.0, 1.0]),
    "f/Lost": ([1.0, 0.5], [0.0, 0.0]),
    "f/Dips": ([1.0, 1.0], [1.0, 0.0]),
    "f/Partial": ([0.5, 0.5], [0.9, 0.9]),
    "f/OnlyA": ([1.0], []),
    "g/OnlyB": ([], [0.0]),
}


def test_constructed_pair_shows_differences_and_flips(run_cli, tmp_path: Path) -> None:
    run_a = _write_run(tmp_path / "a", {task: a for task, (a, _) in PAIR_REWARDS.items() if a})
    run_b = _write_run(tmp_path / "b", {task: b for task, (_, b) in PAIR_REWARDS.items() if b})
    proc = run_cli("report", str(run_a), str(run_b))
    assert proc.returncode == 0, proc.stderr
    table = _comparison_table(proc.stdout)
    assert table == {
        # task:      reward A, reward B, B - A,   success A, success B, flip
        # success in percent, as every other table prints it
        "f/Flip": ["0.000", "1.000", "+1.000", "0.0%", "100.0%", "gained"],
        "f/Lost": ["0.750", "0.000", "-0.750", "50.0%", "0.0%", "lost"],
        "f/Dips": ["1.000", "0.500", "-0.500", "100.0%", "50.0%", ""],
        "f/Partial": ["0.500", "0.900", "+0.400", "0.0%", "0.0%", ""],
        "f/OnlyA": ["1.000", "-", "-", "100.0%", "-", ""],
        "g/OnlyB": ["-", "0.000", "-", "-", "0.0%", ""],
    }
    # Over the four tasks both runs have: A (0 + 0.75 + 1 + 0.5) / 4, B (1 + 0 + 0.5 + 0.9) / 4.
    assert (
        "On the 4 tasks both runs have: mean reward A 0.562, B 0.600, difference +0.037"
        in proc.stdout
    )
    assert "Flipped to solved in B (1): f/Flip" in proc.stdout
    assert "Flipped to unsolved in B (1): f/Lost" in proc.stdout
    assert f"A = {run_a}" in proc.stdout and f"B = {run_b}" in proc.stdout
    # Paired episodes: Lost/0 and Dips/1 solved by A only; Flip/0 and Flip/1 by B only;
    # the exact McNemar p of 2 against 2 is 1.
    assert (
        "McNemar's exact test on the episodes both ran: solved by A only 2, by B only 2; p = 1"
        in proc.stdout
    )

    rows = {r.task: r for r in compare(read_results(run_a), read_results(run_b))}
    assert rows["f/Partial"].difference == pytest.approx(0.4)
    assert rows["f/OnlyA"].difference is None and rows["g/OnlyB"].reward_a is None
    assert [t for t, r in rows.items() if r.flip] == ["f/Flip", "f/Lost"]


def test_two_seeds_compared_task_by_task_as_computed_by_hand(
    report_runs: ReportRuns, run_cli
) -> None:
    proc = run_cli("report", str(report_runs.run_a), str(report_runs.run_b))
    assert proc.returncode == 0, proc.stderr
    table = _comparison_table(proc.stdout)

    def per_task(run_dir: Path) -> dict[str, tuple[float, float]]:
        eps: dict[str, list[dict[str, Any]]] = {}
        for r in results_rows(run_dir):
            eps.setdefault(f"{r['family']}/{r['task']}", []).append(r)
        return {
            name: (
                sum(e["reward"] for e in es) / len(es),
                sum(1 for e in es if e["reward"] == 1.0 and not e["error"]) / len(es),
            )
            for name, es in eps.items()
        }

    a, b = per_task(report_runs.run_a), per_task(report_runs.run_b)
    assert list(a) == list(b) and len(a) == 5  # the same suite, two seeds
    gained, lost = [], []
    for name, (reward_a, success_a) in a.items():
        reward_b, success_b = b[name]
        flip = ""
        if success_a == 0 and success_b > 0:
            flip = "gained"
            gained.append(name)
        elif success_a > 0 and success_b == 0:
            flip = "lost"
            lost.append(name)
        assert table[name] == [
            f"{reward_a:.3f}",
            f"{reward_b:.3f}",
            f"{reward_b - reward_a:+.3f}",
            f"{100 * success_a:.1f}%",
            f"{100 * success_b:.1f}%",
            flip,
        ], name
    # The seeds were chosen so the coin task draws differently: the pair is not trivial.
    assert a["tinyreport/TinyCoin"] != b["tinyreport/TinyCoin"]
    assert f"Flipped to solved in B ({len(gained)}): {', '.join(gained) or '-'}" in proc.stdout
    assert f"Flipped to unsolved in B ({len(lost)}): {', '.join(lost) or '-'}" in proc.stdout
    mean_a = sum(r for r, _ in a.values()) / 5
    mean_b = sum(r for r, _ in b.values()) / 5
    assert (
        f"On the 5 tasks both runs have: mean reward A {mean_a:.3f}, B {mean_b:.3f}, "
        f"difference {mean_b - mean_a:+.3f}" in proc.stdout
    )


def _documented_fields() -> set[str]:
    """The field names in the table of docs/trajectory-format.md."""
    doc = (DOCS / "trajectory-format.md").read_text(encoding="utf-8")
    fields: set[str] = set()
    for line in doc.splitlines():
        if line.startswith("| `"):
            fields.update(re.findall(r"`([a-z_]+)`", line.split("|")[1]))
    return fields


def test_export_writes_one_documented_line_per_step_with_existing_files(
    report_runs: ReportRuns, run_cli, tmp_path: Path
) -> None:
    run = report_runs.run_a
    out = tmp_path / "steps.jsonl"
    proc = run_cli("export", str(run), "--format", "jsonl", "--out", str(out))
    assert proc.returncode == 0, proc.stderr
    lines = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    results = {r["episode_id"]: r for r in results_rows(run)}
    # One line per recorded step: every episode's `steps`, and every steps.jsonl line.
    assert len(lines) == sum(r["steps"] for r in results.values()) == 20
    recorded = sum(
        len(p.read_text(encoding="utf-8").splitlines())
        for p in run.glob("episodes/*/*/*/steps.jsonl")
    )
    assert len(lines) == recorded
    assert f"{len(lines)} steps written to {out}" in proc.stderr

    fields = _documented_fields()
    assert {"episode_id", "step_id", "goal", "action", "ui_tree_file", "screenshot_file"} <= fields
    by_episode: dict[str, list[dict[str, Any]]] = {}
    for line in lines:
        assert set(line) == fields, f"fields differ from docs/trajectory-format.md: {line}"
        by_episode.setdefault(line["episode_id"], []).append(line)
    assert set(by_episode) == set(results)
    for episode_id, steps in by_episode.items():
        result = results[episode_id]
        assert [s["step_id"] for s in steps] == list(range(result["steps"]))
        for s in steps:
            assert s["schema_version"] == 1
            assert (s["task"], s["family"], s["goal"]) == (
                result["task"],
                result["family"],
                result["goal"],
            )
            assert s["episode_reward"] == result["reward"]
            assert s["episode_success"] == result["success"]
            assert s["episode_steps"] == result["steps"]
            tree, shot = run / s["ui_tree_file"], run / s["screenshot_file"]
            assert tree.read_text(encoding="utf-8").startswith("<?xml")
            with Image.open(shot) as img:
                assert img.format == "PNG" and img.size == (1080, 2400)
            assert tree.parent == shot.parent == run / "episodes" / episode_id
        assert steps[0]["action"]["action_type"] == "click"
        assert isinstance(steps[0]["action"]["index"], int)
        assert steps[-1]["action"] == {"action_type": "status", "goal_status": "complete"}
    # Without --out the same lines go to standard output.
    to_stdout = run_cli("export", str(run))
    assert to_stdout.returncode == 0, to_stdout.stderr
    assert [json.loads(x) for x in to_stdout.stdout.splitlines()] == lines


def test_html_with_two_runs_is_refused_not_ignored(tmp_path: Path, run_cli) -> None:
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "results.jsonl").write_text("", encoding="utf-8")
    proc = run_cli(
        "report", str(tmp_path / "a"), str(tmp_path / "b"), "--html", str(tmp_path / "r.html")
    )
    assert proc.returncode == 2
    assert "--html writes the report of one run" in proc.stderr
    assert not (tmp_path / "r.html").exists()


@pytest.mark.parametrize(
    ("command", "target"),
    [
        (("report", "--html"), "blocker/report.html"),  # a folder that is a file
        (("export", "--format", "jsonl", "--out"), "folder"),  # a folder, not a file
        (("export", "--format", "hf", "--out"), "blocker/dataset"),
    ],
)
def test_an_output_that_cannot_be_written_is_one_line_and_exit_1(
    tmp_path: Path, run_cli, command: tuple[str, ...], target: str
) -> None:
    run = _write_run(tmp_path / "run", {"f/Task": [1.0]})
    (tmp_path / "blocker").write_text("a file, where a folder is needed", encoding="utf-8")
    (tmp_path / "folder").mkdir()
    verb, *options = command
    proc = run_cli(verb, str(run), *options, str(tmp_path / target))
    assert proc.returncode == 1, proc.stderr
    assert "Traceback" not in proc.stderr
    assert proc.stderr.strip().splitlines()[-1].startswith(f"error: cannot write {tmp_path}")
    assert read_results(run)  # the run folder is as it was


def _folder_bytes(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


@pytest.mark.parametrize(
    ("command", "target", "named"),
    [
        (("export", "--out"), "results.jsonl", "run's own results.jsonl"),
        (("export", "--format", "hf", "--out"), ".", "the run folder"),
        (("export", "--format", "hf", "--out"), "episodes/data", "run's own episodes"),
        (("report", "--html"), "run.json", "run's own run.json"),
        (("probe", "build", "--out"), "results.jsonl", "run's own results.jsonl"),
    ],
)
def test_an_output_over_the_runs_own_records_is_refused_and_the_run_kept(
    tmp_path: Path, run_cli, command: tuple[str, ...], target: str, named: str
) -> None:
    run = _write_run(tmp_path / "run", {"f/Task": [1.0, 0.0]})
    before = _folder_bytes(run)
    *verb, option = command
    proc = run_cli(*verb, str(run), option, str(run / target))
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr
    assert named in proc.stderr and "pick a path outside the run's records" in proc.stderr
    assert _folder_bytes(run) == before


def test_run_refuses_an_html_report_over_its_own_records_before_it_starts(
    tmp_path: Path, run_cli
) -> None:
    out = tmp_path / "run"
    proc = run_cli(
        "run", "--suite", "android_world", "--tasks", "SystemWifiTurnOn", "--agent", "random",
        "--out", str(out), "--html", str(out / "results.jsonl"),
    )  # fmt: skip
    assert proc.returncode == 2, proc.stderr
    assert "run's own results.jsonl" in proc.stderr
    assert not out.exists()  # refused before the run made its folder


@pytest.mark.parametrize(
    "command",
    [
        ("run", "--suite", "android_world", "--agent", "random", "--out"),
        ("merge",),
        ("probe", "run", "probes.jsonl", "--agent", "random", "--out"),
    ],
)
def test_a_run_folder_among_another_runs_records_is_refused(
    tmp_path: Path, run_cli, command: tuple[str, ...]
) -> None:
    run = _write_run(tmp_path / "run", {"f/Task": [1.0]})
    before = _folder_bytes(run)
    inner = run / "episodes" / "inner"
    extra = [str(run)] if command == ("merge",) else []
    proc = run_cli(*command, str(inner), *extra)
    assert proc.returncode == 2, proc.stderr
    assert f"lies in {run}'s own episodes" in proc.stderr
    assert not inner.exists() and _folder_bytes(run) == before
