"""droidhub.results.layout: the one place that names a run folder's files, and what a run
really leaves on disk."""

from __future__ import annotations

import ast
import json
from pathlib import Path

from runner_plugins import tiny_run_args

from droidhub.results.layout import EpisodeFolder, RunFolder

CORE = Path(__file__).resolve().parents[1] / "src/droidhub"


def test_a_run_leaves_exactly_the_files_run_folder_names(
    plugin_path: Path, run_cli, tmp_path: Path
) -> None:
    out = tmp_path / "run"
    args = tiny_run_args("oracle", out, "--tasks", "TinyWriteWord", "--n-combinations", "1")
    proc = run_cli(*args, pythonpath=plugin_path)  # on the one virtual phone, by default
    assert proc.returncode == 0, proc.stderr
    run = RunFolder(out)
    episode = run.episode("tiny", "TinyWriteWord", 0)
    step = json.loads(episode.steps.read_text().splitlines()[0])
    assert step["ui_tree"] == EpisodeFolder.ui_tree_name(0) == "step_000.xml"
    expected = {run.manifest, run.results, run.summary, run.lock, episode.steps, episode.ui_tree(0)}
    assert {p for p in out.rglob("*") if p.is_file()} == expected
    assert episode.path == out / "episodes/tiny/TinyWriteWord/0"
    assert run.results.read_text().count("\n") == 1
    assert json.loads(run.manifest.read_text())["agent"] == "oracle"


def test_no_other_module_spells_a_run_folder_name() -> None:
    names = {"run.json", "results.jsonl", "attempts.jsonl", "summary.json", ".lock", "steps.jsonl"}
    found = []
    for path in CORE.glob("*.py"):
        if path.name == "run_layout.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            spelled = None
            if isinstance(node, ast.Constant) and node.value in names:
                spelled = node.value
            elif (  # OUT / "episodes"
                isinstance(node, ast.BinOp)
                and isinstance(node.op, ast.Div)
                and isinstance(node.right, ast.Constant)
                and node.right.value == RunFolder.EPISODES
            ):
                spelled = RunFolder.EPISODES
            elif (  # f"step_{i:03d}.png"
                isinstance(node, ast.JoinedStr)
                and node.values
                and isinstance(node.values[0], ast.Constant)
                and str(node.values[0].value).startswith("step_")
            ):
                spelled = "step_..."
            if spelled:
                found.append(f"{path.name}:{node.lineno}: {spelled}")
    assert found == []
