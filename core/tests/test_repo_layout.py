"""The monorepo's tests run in one pytest session: their file names must not collide."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def test_test_module_names_are_unique_across_distributions() -> None:
    # pytest imports test files without __init__.py by basename; two test_x.py in
    # different distributions would stop `nox -s tests` at collection.
    names = Counter(
        p.name
        for folder in (
            "core/tests",
            "plugins/aw_apps/tests",
            "plugins/miniwob/tests",
            "composite/tests",
        )
        for p in (REPO / folder).glob("test_*.py")
    )
    assert [n for n, c in names.items() if c > 1] == []
