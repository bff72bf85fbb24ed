"""The monorepo's tests run in one pytest session: their file names must not collide."""

from __future__ import annotations

import ast
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

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


# --- import structure ----------------------------------------------------------------------
# The graph is read from the source with ast (every import counts: module level, inside
# functions, under TYPE_CHECKING), so the check needs nothing beyond the standard library.

SOURCES = {
    "droidhub": REPO / "core/src/droidhub",
    "droidhub_aw_apps": REPO / "plugins/aw_apps/src/droidhub_aw_apps",
    "droidhub_miniwob": REPO / "plugins/miniwob/src/droidhub_miniwob",
    "droidhub_composite": REPO / "composite/src/droidhub_composite",
    "droidhub_agents": REPO / "plugins/agents/src/droidhub_agents",
}


def _modules(package: str) -> dict[str, Path]:
    root = SOURCES[package]
    found = {}
    for path in root.rglob("*.py"):
        parts = [package, *path.relative_to(root).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _is_type_checking(node: ast.AST) -> bool:
    test = node.test if isinstance(node, ast.If) else None
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _runtime_nodes(tree: ast.AST) -> list[ast.AST]:
    """Every node of ``tree`` except those under ``if TYPE_CHECKING:``."""
    found: list[ast.AST] = []
    work = [tree]
    while work:
        node = work.pop()
        found.append(node)
        if _is_type_checking(node):
            assert isinstance(node, ast.If)
            work.extend(node.orelse)
            continue
        work.extend(ast.iter_child_nodes(node))
    return found


def _imports(module: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The modules of the same package that ``module`` imports when it runs: at the top
    or inside functions. Imports under ``if TYPE_CHECKING:`` never run, so they cannot
    make a circle (import-linter leaves them out too: ``exclude_type_checking_imports``);
    a lazy import inside a function does run, and counts."""
    is_package = path.name == "__init__.py"
    out: set[str] = set()
    for node in _runtime_nodes(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = module.split(".")
                anchor = anchor[: len(anchor) - node.level + (1 if is_package else 0)]
                base = ".".join([*anchor, base] if base else anchor)
            # `from a import b` imports module a.b when there is one, else a name of a.
            targets = [
                f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base
                for alias in node.names
            ]
        else:
            continue
        for target in targets:
            # `import a.b.c` names a.b.c; stop at the deepest module of the package.
            while target and target not in modules:
                target = target.rpartition(".")[0]
            if target and target != module:
                out.add(target)
    return out


def import_cycles(package: str) -> list[list[str]]:
    """Groups of modules of ``package`` that import each other, directly or round about
    (strongly connected components with more than one module; Tarjan's algorithm)."""
    modules = _modules(package)
    edges = {m: sorted(_imports(m, p, modules)) for m, p in modules.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles: list[list[str]] = []

    def visit(root: str) -> None:
        # Iterative depth-first search: the graph may be deeper than the recursion limit.
        work = [(root, iter(edges[root]))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(edges[child])))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    cycles.append(sorted(group))

    for module in sorted(modules):
        if module not in index:
            visit(module)
    return cycles


def test_the_cycle_finder_finds_a_cycle(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("def f():\n    from pkg import b\n")
    (pkg / "b.py").write_text("from .c import X\n")
    (pkg / "c.py").write_text("import pkg.a\n")
    (pkg / "d.py").write_text("from pkg import a\n")
    # Type-only imports never run: e and f refer to each other only for annotations.
    (pkg / "e.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.f import Y\n"
    )
    (pkg / "f.py").write_text("import typing\nif typing.TYPE_CHECKING:\n    from pkg import e\n")
    monkeypatch.setitem(SOURCES, "pkg", pkg)
    assert import_cycles("pkg") == [["pkg.a", "pkg.b", "pkg.c"]]


def _outside_virtual(cycle: list[str]) -> bool:
    return not all(m.startswith("droidhub.virtual.") for m in cycle)


def test_no_import_cycle_among_the_core_modules_outside_the_virtual_phone() -> None:
    assert [c for c in import_cycles("droidhub") if _outside_virtual(c)] == []


def test_no_import_cycle_inside_the_virtual_phone() -> None:
    assert [c for c in import_cycles("droidhub") if not _outside_virtual(c)] == []


@pytest.mark.parametrize("package", [p for p in SOURCES if p != "droidhub"])
def test_no_import_cycle_inside_a_plugin(package: str) -> None:
    assert import_cycles(package) == []


def test_the_core_subclasses_no_adbutils_class() -> None:
    # adbutils' classes are its own to change; droidhub speaks the protocol itself
    # (droidhub.device.transport) and uses adbutils only through its public calls.
    offenders = []
    for module, path in _modules("droidhub").items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                for base in node.bases:
                    if "adbutils" in ast.unparse(base):
                        offenders.append(f"{module}.{node.name}({ast.unparse(base)})")
    assert offenders == []


def test_check_resolves_storage_aliases_by_the_one_table() -> None:
    from droidhub.android.phone import STORAGE_ALIASES
    from droidhub.run.check import FootprintMatcher
    from droidhub.tasks.task_eval import StateRefs

    declared = FootprintMatcher(
        StateRefs(paths=frozenset({"/sdcard/Download/a.txt", "/data/data/com.x"})), lambda _: []
    )
    # /data/media/0 was missing from check's own copy of the table.
    for alias in STORAGE_ALIASES:
        assert declared.covers(f"file:{alias}/Download/a.txt")
    assert declared.covers("file:/data/user/0/com.x/databases/x.db")
    assert not declared.covers("file:/data/user/0/com.y/databases/x.db")


@pytest.mark.parametrize("name", ["run/check.py", "env/environment.py"])
def test_env_and_check_spell_no_phone_fact(name: str) -> None:
    # Screen size and storage paths are droidhub.android.phone's; a copy here would drift.
    tree = ast.parse((SOURCES["droidhub"] / name).read_text(encoding="utf-8"))
    facts = {1080, 2400, "/sdcard", "/storage/emulated/0", "/mnt/sdcard", "/data/user/0"}
    found = [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and not isinstance(node.value, bool)
        and node.value in facts
    ]
    assert found == []


# --- files a person can hold ---------------------------------------------------------------
# The core's size limits: a module of at most 500 lines, a function of at most 80.
MODULE_LINES, FUNCTION_LINES = 500, 80


def test_every_core_package_opens_with_a_docstring() -> None:
    # What the package is, what it may import, who uses it: docs/architecture.md's layers.
    packages = {m: p for m, p in _modules("droidhub").items() if p.name == "__init__.py"}
    bare = [m for m, path in packages.items() if not ast.get_docstring(ast.parse(path.read_text()))]
    assert bare == []


def test_no_core_module_or_function_outgrows_what_a_person_can_hold() -> None:
    long_modules, long_functions = [], []
    for module, path in _modules("droidhub").items():
        text = path.read_text(encoding="utf-8")
        if text.count("\n") > MODULE_LINES:
            long_modules.append(module)
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                assert node.end_lineno is not None
                if node.end_lineno - node.lineno + 1 > FUNCTION_LINES:
                    long_functions.append(f"{module}.{node.name}")
    assert (long_modules, long_functions) == ([], [])


def test_every_public_name_of_the_app_model_api_resolves_and_only_they_do() -> None:
    # appmodel imports the phone and the widget kit on first use: each name it lists must
    # come from its module, in a fresh interpreter that has imported neither yet.
    code = (
        "import droidhub.virtual.appmodel as api\n"
        "assert 'droidhub.virtual.phone' not in __import__('sys').modules\n"
        "print(sorted(type(getattr(api, name)).__name__ for name in api.__all__) != [])\n"
        "print(hasattr(api, 'Launcher'), set(api.__all__) <= set(dir(api)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert done.stdout.split() == ["True", "False", "True"]
