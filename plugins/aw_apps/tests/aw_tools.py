"""The scripts of ``plugins/aw_apps/tools``, loaded for their pure functions.

They run in AndroidWorld's interpreter to write this package's fixtures; what a test
recomputes on droidhub's side (a spec, a digest of rows) it takes from the same script,
so the two sides cannot drift apart.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

TOOLS = Path(__file__).resolve().parent.parent / "tools"


def load_tool(name: str) -> ModuleType:
    """The module ``tools/<name>.py`` (registered in ``sys.modules`` under ``name``)."""
    loaded = importlib.util.spec_from_file_location(name, TOOLS / f"{name}.py")
    assert loaded and loaded.loader, name
    module = importlib.util.module_from_spec(loaded)
    sys.modules[name] = module
    loaded.loader.exec_module(module)
    return module
