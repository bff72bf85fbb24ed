"""``droidhub run`` of the miniwob_subset suite in a child process, for the tests that
run the suite whole. Kept out of conftest.py so tests import it by a name no other
distribution's tests use."""

from __future__ import annotations

import sys
from pathlib import Path


def subset_run_args(out: Path, *args: str) -> list[str]:
    """The command line of ``droidhub run --suite miniwob_subset ARGS --out OUT`` with this
    interpreter."""
    return [
        sys.executable, "-m", "droidhub", "run", "--suite", "miniwob_subset", *args,
        "--out", str(out),
    ]  # fmt: skip
