"""What a command that starts no phone loads: the plugins' tasks, not the virtual
phone's view engine (Skia, numpy) nor the MiniWoB oracles that read screens with it."""

from __future__ import annotations

import subprocess
import sys

HEAVY = {"skia", "numpy", "droidhub.virtual.views", "droidhub_miniwob.solvers"}


def _imported_by(*args: str) -> set[str]:
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "droidhub", *args],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    return {
        line.rsplit("|", 1)[-1].strip()
        for line in done.stderr.splitlines()
        if line.startswith("import time:")
    }


def test_help_loads_the_plugins_but_not_the_view_engine() -> None:
    imported = _imported_by("--help")
    # The help lists the plugins' commands, so the plugins were loaded, MiniWoB's
    # tasks with them...
    assert {"droidhub_miniwob.tasks", "droidhub_aw_apps.common.pinned_apks"} <= imported
    # ...without what draws or reads a screen.
    assert not HEAVY & imported, sorted(HEAVY & imported)
