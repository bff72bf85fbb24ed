"""The quickstart followed verbatim in a fresh venv: its install block installs the
checkout there, then every block it shows runs in order, with that venv's droidhub."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

from tmp_venv import make_venv, pip_install

ROOT = Path(__file__).resolve().parents[2]
QUICKSTART = ROOT / "docs" / "quickstart.md"
_BLOCK = re.compile(r"(<!-- skip:[^>]*-->\n)?```(\w+)\n(.*?)```", re.S)


def test_the_quickstart_runs_as_written_in_a_fresh_venv(tmp_path: Path) -> None:
    blocks = [(bool(m[1]), m[2], m[3]) for m in _BLOCK.finditer(QUICKSTART.read_text())]
    install = blocks[0]
    assert install[1] == "sh" and install[2].startswith("pip install ./core")
    python = make_venv(tmp_path / "venv")
    # The install block, from the checkout (pip of the running interpreter, see tmp_venv).
    pip_install(python, *(ROOT / p for p in install[2].split()[2:]))
    work = tmp_path / "work"
    work.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["PATH"] = f"{python.parent}{os.pathsep}{env['PATH']}"
    ran = 0
    for skipped, language, body in blocks[1:]:
        if skipped:
            continue
        if language == "python":
            # The block names its own file in its first line ("# mypkg/agents.py").
            path = work / body.splitlines()[0].lstrip("# ").strip()
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(body)
            continue
        done = subprocess.run(
            ["bash", "-euo", "pipefail", "-c", body],
            cwd=work, env=env, capture_output=True, text=True, timeout=300,
        )  # fmt: skip
        assert done.returncode == 0, f"{body}\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"
        ran += 1
    assert ran >= 5
    installed = subprocess.run(
        [str(python.parent / "droidhub"), "plugins"], capture_output=True, text=True, env=env
    )
    assert "droidhub-aw-apps" in installed.stdout
