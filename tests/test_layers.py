"""The package's layers import one way, with no cycle (imports inside functions count too).

From the bottom: ``record``, ``version``, ``files`` and ``lang`` (no layer above);
``pipeline`` (the recovery's steps) and ``geometry``; ``config`` (the options);
``recovery`` (the steps assembled); ``run`` (files, workers) and ``audit``; ``api``
and ``cli`` at the top.  A module may import its own layer and those below.
Imports made for the type checker alone (under ``if TYPE_CHECKING:``) run never,
and are left out.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "srtext"

#: Each layer by its modules' prefixes, lowest first; a module belongs to the first that matches.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("srtext.record", "srtext.version", "srtext.files", "srtext.lang"),
    ("srtext.pipeline", "srtext.geometry"),
    ("srtext.config", "srtext.options", "srtext.docgen"),
    ("srtext.recovery", "srtext.eval"),
    ("srtext.run", "srtext.audit"),
    ("srtext.api",),
    ("srtext", "srtext.cli", "srtext.__main__"),
)


def _name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _layer(module: str) -> int:
    for i, prefixes in enumerate(LAYERS):
        if any(module == p or module.startswith(p + ".") for p in prefixes if p != "srtext"):
            return i
    if module == "srtext":
        return len(LAYERS) - 1
    raise AssertionError(f"{module} is in no layer of tests/test_layers.py")


def _is_type_checking(node: ast.If) -> bool:
    return isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"


def _imports(path: Path) -> set[str]:
    """The srtext modules a module imports when it runs (at its top or in a function)."""
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                full = f"{node.module}.{alias.name}"
                found.add(full if full in MODULES else node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return {m for m in found if m in MODULES}


GRAPH = {module: _imports(path) - {module} for module, path in MODULES.items()}


@pytest.mark.parametrize("module", sorted(MODULES))
def test_a_module_imports_only_its_layer_and_those_below(module: str) -> None:
    upward = sorted(m for m in GRAPH[module] if _layer(m) > _layer(module))
    assert not upward, f"{module} imports {upward}, a layer above it"


def test_no_import_cycle() -> None:
    """Tarjan's strongly connected components: every one is a single module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    cycles: list[list[str]] = []

    def strong(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in GRAPH[v]:
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for v in sorted(GRAPH):
        if v not in index:
            strong(v)
    assert not cycles


def test_the_pipeline_imports_neither_run_nor_the_command_line() -> None:
    for module, imported in GRAPH.items():
        if module.startswith("srtext.pipeline"):
            above = {m for m in imported if m.startswith(("srtext.run", "srtext.cli", "srtext.api"))}
            assert not above, module


def test_the_graph_sees_deferred_imports() -> None:
    """An import inside a function counts: srtext.api imports srtext.run.process there."""
    assert "srtext.run.process" in GRAPH["srtext.api"]
