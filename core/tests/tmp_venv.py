"""A throwaway venv that sees the droidhub under test, for tests that ``pip install``.

``python -m venv --system-site-packages`` reaches the base interpreter's packages; when
the tests themselves run in a venv (nox), droidhub lives in that venv instead. So the
new venv also gets a ``.pth`` file that adds every site folder of the running
interpreter (processing their own ``.pth`` files, which editable installs rely on).
pip is the running interpreter's, pointed at the new venv with ``--python``, which
spares the seconds ``ensurepip`` takes; builds use the running interpreter's hatchling
(core's ``test`` extra) instead of an isolated build env per package, the other
seconds a ``pip install .`` spends.
"""

from __future__ import annotations

import os
import site
import subprocess
import sys
import sysconfig
from pathlib import Path


def run(
    *args: str | Path, cwd: Path | None = None, timeout: float = 180
) -> subprocess.CompletedProcess[str]:
    """Run a command, capturing its output; never raises on a non-zero exit."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    return subprocess.run(
        [str(a) for a in args],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=cwd,
        env=env,
        check=False,
    )


def make_venv(folder: Path) -> Path:
    """Create a venv in ``folder`` that can import droidhub; return its python."""
    made = run(sys.executable, "-m", "venv", "--without-pip", "--system-site-packages", folder)
    assert made.returncode == 0, made.stderr
    python = folder / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")
    purelib = run(python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))")
    dirs = [*site.getsitepackages(), sysconfig.get_path("purelib")]
    lines = "; ".join(f"site.addsitedir({d!r})" for d in dict.fromkeys(dirs))
    Path(purelib.stdout.strip(), "_droidhub_under_test.pth").write_text(f"import site; {lines}\n")
    return python


def pip_install(python: Path, *args: str | Path) -> None:
    """``pip install ARGS`` into the venv of ``python``; fails the test with pip's output."""
    done = run(
        sys.executable, "-m", "pip", "--python", python, "install", "-q",
        "--no-build-isolation", *args,
    )  # fmt: skip
    assert done.returncode == 0, (done.stdout + done.stderr)[-3000:]
