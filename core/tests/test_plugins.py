"""Plugins: found through entry points; a broken one is reported and the rest work."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from droidhub.plugins import catalog
from droidhub.plugins.manager import PluginManager


def test_working_plugin_contributes_its_family(with_plugins: PluginManager) -> None:
    reg = catalog.registry()
    assert reg.family("tiny").task_names() == ["TinyWriteWord", "TinyExplodes"]
    info = with_plugins.plugins["tiny"]
    assert (info.distribution, info.version, info.families) == ("droidhub-tiny", "1.2.3", ["tiny"])


def test_broken_plugin_is_reported_by_name_and_cause(with_plugins: PluginManager) -> None:
    errors = [e for e in with_plugins.errors if e.plugin == "broken"]
    assert len(errors) == 1
    assert errors[0].stage == "import of droidhub_broken"
    assert "cannot be imported (on purpose)" in errors[0].cause


def test_a_raising_hook_is_isolated(with_plugins: PluginManager) -> None:
    class Raising:
        from droidhub import hookimpl

        @hookimpl
        def droidhub_task_families(self):
            raise RuntimeError("families exploded")

    with_plugins.register(Raising(), name="raising")
    catalog.clear_caches()
    reg = catalog.registry()
    assert "tiny" in [f.name for f in reg.families]
    assert any(
        e.plugin == "raising" and "families exploded" in e.cause for e in with_plugins.errors
    )


def test_cli_plugins_lists_versions_and_failures(plugin_path: Path, run_cli) -> None:
    proc = run_cli("plugins", "--json", pythonpath=plugin_path)
    assert proc.returncode == 7, proc.stderr  # a plugin failed: `plugins` says so
    rows = {r["name"]: r for r in map(json.loads, proc.stdout.splitlines())}
    assert rows["tiny"]["version"] == "1.2.3" and rows["tiny"]["families"] == ["tiny"]
    assert rows["broken"]["errors"] and "on purpose" in rows["broken"]["errors"][0]
    assert rows["droidhub"]["errors"] == []


def test_cli_list_shows_plugin_task_and_uninstall_removes_it(plugin_path: Path, run_cli) -> None:
    proc = run_cli("list", "--suite", "tiny", "--json", pythonpath=plugin_path)
    assert proc.returncode == 0, proc.stderr
    names = [json.loads(line)["name"] for line in proc.stdout.splitlines()]
    assert names == ["TinyWriteWord", "TinyExplodes"]
    assert "plugin broken failed" in proc.stderr
    # "Uninstall": remove the distribution's files, as pip uninstall does.
    for leftover in plugin_path.glob("droidhub_tiny*"):
        shutil.rmtree(leftover) if leftover.is_dir() else leftover.unlink()
    proc = run_cli("list", "--suite", "tiny", pythonpath=plugin_path)
    assert proc.returncode != 0
    assert "unknown task family 'tiny'" in proc.stderr
