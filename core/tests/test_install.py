"""Real installs: the core and a plugin into a fresh venv, then uninstall the plugin."""

from __future__ import annotations

import json
import subprocess
import sys
import venv
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


def _run(*args: str | Path, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(a) for a in args], capture_output=True, text=True, timeout=timeout, check=False
    )


@pytest.mark.slow
def test_pip_install_lists_plugins_and_uninstall_removes_families(tmp_path: Path) -> None:
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    bindir = env_dir / ("Scripts" if sys.platform == "win32" else "bin")
    pip = _run(
        bindir / "python", "-m", "pip", "install", "-q", REPO / "core", REPO / "plugins" / "miniwob"
    )
    assert pip.returncode == 0, pip.stderr[-3000:]

    listed = _run(bindir / "droidhub", "plugins", "--json")
    assert listed.returncode == 0, listed.stderr
    rows = {r["distribution"]: r for r in map(json.loads, listed.stdout.splitlines())}
    assert rows["droidhub"]["version"] == "0.1.0"
    assert rows["droidhub-miniwob"]["version"] == "0.1.0"
    assert {"miniwob", "miniwob_subset"} <= set(rows["droidhub-miniwob"]["families"])
    assert all(not r["errors"] for r in rows.values()), rows

    removed = _run(bindir / "python", "-m", "pip", "uninstall", "-y", "-q", "droidhub-miniwob")
    assert removed.returncode == 0, removed.stderr
    after = _run(bindir / "droidhub", "list", "--json")
    assert after.returncode == 0, after.stderr
    families = {json.loads(line)["family"] for line in after.stdout.splitlines()}
    assert not families & {"miniwob", "miniwob_subset"}
    gone = _run(bindir / "droidhub", "list", "--suite", "miniwob")
    assert gone.returncode != 0 and "unknown task family 'miniwob'" in gone.stderr
