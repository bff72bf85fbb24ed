"""The plugin's shape: it reaches droidhub only through its public names, the
app-model API and the view engine, its modules import each other without a circle,
each stays small enough to read, and its screen is the one droidhub models."""

from __future__ import annotations

import ast
from pathlib import Path

import droidhub_miniwob
from droidhub.android.phone import PIXEL_6
from droidhub_miniwob import webview

SRC = Path(droidhub_miniwob.__file__).parent
#: What a plugin may import of droidhub.
#: droidhub's public names, the app model API and the view engine (whose soft keyboard
#: shows over the WebView), as pyproject's import contract for plugins says.
ALLOWED = {
    "droidhub",
    "droidhub.virtual.appmodel",
    "droidhub.virtual.views",
    "droidhub.virtual.views.keyboard",
}
MAX_LINES = 600


def _modules() -> dict[str, Path]:
    found = {}
    for path in sorted(SRC.rglob("*.py")):
        parts = ("droidhub_miniwob", *path.relative_to(SRC).with_suffix("").parts)
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


def _imports(path: Path) -> set[str]:
    """The modules ``path`` imports (at the top, in functions, for type checking), with
    ``from package import name`` read as both ``package`` and ``package.name``."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def _droidhub_modules(path: Path) -> set[str]:
    """The droidhub modules ``path`` imports from (``from droidhub import X`` is
    ``droidhub``)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.split(".")[0] == "droidhub")
        elif (
            isinstance(node, ast.ImportFrom)
            and node.module
            and node.level == 0
            and node.module.split(".")[0] == "droidhub"
        ):
            found.add(node.module)
    return found


def test_src_imports_only_droidhub_public_names_and_the_app_model_api() -> None:
    wrong = sorted(
        f"{name} imports {imported}"
        for name, path in _modules().items()
        for imported in _droidhub_modules(path)
        if imported not in ALLOWED
    )
    assert not wrong


def test_no_module_is_longer_than_600_lines() -> None:
    long = {
        name: n
        for name, path in _modules().items()
        if (n := len(path.read_text("utf-8").splitlines())) > MAX_LINES
    }
    assert not long


def test_modules_import_each_other_without_a_circle() -> None:
    modules = _modules()
    graph = {
        name: {i for i in _imports(path) if i in modules and i != name}
        for name, path in modules.items()
    }

    def reachable(start: str) -> set[str]:
        seen: set[str] = set()
        todo = [start]
        while todo:
            for nxt in graph[todo.pop()]:
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return seen

    circles = sorted(name for name in graph if name in reachable(name))
    assert not circles


def test_the_webview_screen_is_droidhubs_pixel_6() -> None:
    screen = (webview.SCREEN_WIDTH_PX, webview.SCREEN_HEIGHT_PX)
    viewport = (webview.VIEWPORT_WIDTH, webview.VIEWPORT_HEIGHT)
    density = webview.DENSITY
    assert screen == PIXEL_6.size
    assert density == 5.0  # AW's app: WebView.setInitialScale(500)
    assert viewport == (216, 480)  # the screen in CSS px, exactly
    clip = webview.SCREENSHOT_CLIP
    assert round(clip["width"] * webview.DENSITY) == PIXEL_6.width
    assert round(clip["height"] * webview.DENSITY) == PIXEL_6.height
