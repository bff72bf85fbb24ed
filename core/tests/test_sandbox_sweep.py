"""Sandboxes of a server killed outright are swept by the next server that starts."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from droidhub.virtual.server import OWNER_FILE, SANDBOX_PREFIX, VirtualDeviceServer


def _sandbox(base: Path, name: str, owner: int | None) -> Path:
    folder = base / f"{SANDBOX_PREFIX}{name}"
    (folder / "virtual-0" / "data").mkdir(parents=True)
    if owner is not None:
        (folder / OWNER_FILE).write_text(str(owner))
    return folder


def test_a_dead_owners_sandbox_is_removed_others_are_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DROIDHUB_VIRTUAL_DIR", str(tmp_path))
    gone = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        capture_output=True,
        text=True,
        check=True,
    )
    dead = _sandbox(tmp_path, "dead", int(gone.stdout))
    alive = _sandbox(tmp_path, "alive", os.getpid())
    unowned = _sandbox(tmp_path, "unowned", None)
    with VirtualDeviceServer(devices=1) as server:
        assert not dead.exists()
        assert alive.exists() and unowned.exists()
        ours = [p for p in tmp_path.glob(SANDBOX_PREFIX + "*") if p not in (alive, unowned)]
        assert len(ours) == 1 and (ours[0] / OWNER_FILE).read_text() == str(os.getpid())
        assert server.serials == ["virtual-0"]
    assert not ours[0].exists()  # a normal stop removes its own sandbox


NEVER_STOPPED = {
    # A script that starts a server and just ends.
    "server": "from droidhub.virtual.server import VirtualDeviceServer\n"
    "VirtualDeviceServer(devices=2).start()\n",
    # A gym env never closed: its wrappers close it as the interpreter exits.
    "gym env": "import gymnasium, droidhub.faces.gym_env\n"
    "env = gymnasium.make('droidhub/AndroidWorld-v0', task='SystemWifiTurnOn', observe='ui_tree')\n"
    "env.reset(seed=0)\n",
}


@pytest.mark.parametrize("script", NEVER_STOPPED.values(), ids=NEVER_STOPPED.keys())
def test_a_server_never_stopped_is_stopped_at_exit(tmp_path: Path, script: str) -> None:
    if "gymnasium" in script:
        pytest.importorskip("gymnasium")
        pytest.importorskip("droidhub_aw_apps")
    done = subprocess.run(
        [sys.executable, "-c", script],
        env={**os.environ, "DROIDHUB_VIRTUAL_DIR": str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert list(tmp_path.iterdir()) == []  # no sandbox left for a later sweep
