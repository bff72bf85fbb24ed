"""The plugin's shape: one package per app plus ``common/``, public imports only, no
import circles, every module small enough to read."""

from __future__ import annotations

import ast
import importlib
import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

from droidhub_aw_apps import plugin

SRC = Path(__file__).resolve().parents[1] / "src" / "droidhub_aw_apps"
#: What plugin code may import of droidhub: its top-level names, the app-model API, the
#: UI solvers' API, and the view engine screens are declared with (the package and its
#: modules, as the import-linter contract allows).
ALLOWED_DROIDHUB = {"droidhub", "droidhub.virtual.appmodel", "droidhub.agents.ui_solver"}
ENGINE = "droidhub.virtual.views"


def _public(module: str) -> bool:
    return module in ALLOWED_DROIDHUB or module == ENGINE or module.startswith(ENGINE + ".")


def _module_name(path: Path) -> str:
    parts = path.relative_to(SRC.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(p): p for p in sorted(SRC.rglob("*.py"))}


def _is_module(name: str) -> bool:
    """Whether ``name`` is a module of this plugin or of droidhub (not a name in one)."""
    if name in MODULES:
        return True
    if not name.startswith("droidhub."):
        return False
    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:  # a name inside a module, not a module
        return False


def _imports(path: Path) -> list[str]:
    """Every module ``path`` imports, anywhere in it (``from pkg import sub`` names
    ``pkg.sub`` when ``sub`` is a module: ``from droidhub.virtual import views`` imports
    the view engine, not the ``droidhub.virtual`` package's own names)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            subs = [f"{node.module}.{a.name}" for a in node.names]
            inner = [s for s in subs if _is_module(s)]
            found += inner or [node.module]
    return found


def test_each_app_is_a_package_the_plugin_gathers() -> None:
    packages = {p.parent.name for p in SRC.glob("*/__init__.py")} - {"common"}
    assert len(packages) == 21
    assert {part.split(".")[0] for part in plugin.PARTS} == packages | {"common"}
    assert not [p.name for p in SRC.glob("*.py") if p.stem not in ("__init__", "plugin")]
    for name in packages:
        package = importlib.import_module(f"droidhub_aw_apps.{name}")
        # TASKS and EVALUATORS only where it has some (the IR apps' tasks are spec files).
        assert "APPS" in package.__all__, name
        assert (SRC / name / "model.py").exists(), name
        # The app on the phone comes from its screens module, which the package itself
        # does not import (the view engine is for the commands that start phones).
        if (SRC / name / "screens.py").exists():
            assert "virtual_apps" not in package.__all__, name
            screens = importlib.import_module(f"droidhub_aw_apps.{name}.screens")
            assert callable(screens.virtual_apps), name
        else:
            assert "virtual_apps" in package.__all__, name


@pytest.mark.parametrize("module", sorted(MODULES))
def test_plugin_code_imports_only_public_droidhub_names(module: str) -> None:
    used = {m for m in _imports(MODULES[module]) if m.split(".")[0] == "droidhub"}
    private = sorted(m for m in used if not _public(m))
    assert not private, f"{module} imports {private}"


def test_no_import_circle_between_modules_of_the_plugin() -> None:
    edges = {
        name: {m for m in _imports(path) if m in MODULES and m != name}
        for name, path in MODULES.items()
    }
    circles = []

    def visit(node: str, trail: list[str], done: set[str]) -> None:
        for nxt in sorted(edges[node]):
            if nxt in trail:
                circles.append([*trail[trail.index(nxt) :], nxt])
            elif nxt not in done:
                visit(nxt, [*trail, nxt], done)
        done.add(node)

    finished: set[str] = set()
    for start in sorted(edges):
        if start not in finished:
            visit(start, [start], finished)
    assert circles == []


def test_every_module_is_under_600_lines() -> None:
    long = {name: n for name, p in MODULES.items() if (n := len(p.read_text().splitlines())) >= 600}
    assert long == {}


def test_the_app_screens_take_the_screen_size_from_pixel_6() -> None:
    # 1080 and 2400 are PIXEL_6's width and height; no module writes them down again.
    for name, path in MODULES.items():
        text = path.read_text(encoding="utf-8")
        assert "SCREEN_WIDTH" not in text and "SCREEN_HEIGHT" not in text, name
        assert "1080, 2400" not in text and ", 2400)" not in text, name


def test_gathering_the_plugins_contributions_loads_no_phone_and_no_view_engine() -> None:
    # A run's process and `droidhub list` define tasks, agents and solvers; what draws
    # screens (Skia, numpy, the view engine) and the phone itself belong to the phones'
    # process. A task module that imports a screens module would bring them all back.
    heavy = ("skia", "numpy", "droidhub.virtual.views", "droidhub.virtual.phone")
    code = (
        "import sys\n"
        "from droidhub.plugins import catalog\n"
        "catalog.load_all(virtual_apps=False)\n"
        f"print([m for m in {heavy!r} if m in sys.modules])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert done.stdout.strip() == "[]"
