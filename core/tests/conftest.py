"""Shared fixtures of the core tests."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from plugin_dists import BROKEN, TINY, write_site

from droidhub.plugins.manager import PluginManager, reset_plugin_manager
from droidhub.virtual.phone import VirtualPhone

# A test module imports this helper plugin itself (for its constants) before pytest
# loads it as a plugin: registered here, its asserts are still rewritten.
pytest.register_assert_rewrite("browser_page")


@pytest.fixture
def phone(tmp_path: Path) -> VirtualPhone:
    """A virtual phone with no apps, in this process (its sandbox under ``tmp_path``);
    a test module that needs apps on it defines its own."""
    return VirtualPhone("virtual-0", tmp_path / "phone")


@pytest.fixture
def plugin_path(tmp_path: Path) -> Path:
    """A folder holding two installed test distributions: a working one and a broken one."""
    return write_site(tmp_path / "site", TINY, BROKEN)


@pytest.fixture
def with_plugins(plugin_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[PluginManager]:
    """The test distributions importable in this process, with a fresh plugin manager."""
    monkeypatch.syspath_prepend(str(plugin_path))
    pm = PluginManager()
    reset_plugin_manager(pm)
    yield pm
    reset_plugin_manager(None)
    for mod in ("droidhub_tiny", "droidhub_broken"):
        sys.modules.pop(mod, None)


def _run_cli(
    *args: str, pythonpath: Path | None = None, timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    """Run ``droidhub ARGS`` in a subprocess, as a user would."""
    env = dict(os.environ)
    if pythonpath is not None:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(pythonpath), env.get("PYTHONPATH")]))
    return subprocess.run(
        [sys.executable, "-m", "droidhub", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
    )


@pytest.fixture
def run_cli() -> object:
    """``run_cli(*args, pythonpath=None)``: run ``droidhub ARGS`` in a subprocess."""
    return _run_cli
