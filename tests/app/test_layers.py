"""No import cycles, the scenes' included, counting imports inside functions too (scenes reach each other
through the app's routes, amul_table/app/navigation.py).

import-linter checks the layers from pyproject.toml; this walks every module's syntax tree itself so
that a lazy import (one inside a function) cannot hide a cycle. `if TYPE_CHECKING:` blocks are skipped.
"""

from __future__ import annotations

import ast
import tomllib
from functools import cache
from pathlib import Path

import amul_table
from tests.code_walk import collector_paused, inner_statements

PACKAGE = Path(amul_table.__file__).parent


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imported(tree: ast.AST, module: str, *, is_package: bool, modules: frozenset[str] = frozenset()) -> set[str]:
    """Every module `module` imports, at any depth except under `if TYPE_CHECKING:`.

    `from package import module` counts as importing the module only (as import-linter reads it).
    """
    found: set[str] = set()
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and is_type_checking(node):
            stack.extend(node.orelse)
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = module.split(".")
                anchor = anchor if is_package else anchor[:-1]
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            names = {f"{base}.{alias.name}" for alias in node.names}
            found.update(names & modules)
            if names - modules:
                found.add(base)
        stack.extend(inner_statements(node))  # an import is a statement: no need to look into expressions
    return found


@cache  # the package read once for both tests that ask
def import_graph() -> dict[str, set[str]]:
    """Module -> project modules it imports (a name imported from a package counts as the package)."""
    sources = {module_name(p): p for p in PACKAGE.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    with collector_paused():
        for module, path in sources.items():
            tree = ast.parse(path.read_text(encoding="utf-8"))
            targets = imported(tree, module, is_package=path.name == "__init__.py", modules=frozenset(sources))
            graph[module] = {t for t in targets if t in sources and t != module}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for succ in sorted(graph.get(node, ())):
            if succ not in index:
                visit(succ)
                low[node] = min(low[node], low[succ])
            elif succ in on_stack:
                low[node] = min(low[node], index[succ])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_walker_sees_lazy_imports_and_skips_type_checking_blocks():
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from amul_table.app.window import App\n"
        "def f():\n    from amul_table.rules import engine\n    import amul_table.match.session\n"
    )
    modules = frozenset(
        {"amul_table.rules", "amul_table.rules.engine", "amul_table.match.session", "amul_table.app.window"}
    )
    found = imported(ast.parse(source), "amul_table.x", is_package=False, modules=modules)
    assert found == {"typing", "amul_table.rules.engine", "amul_table.match.session"}


def test_the_cycle_finder_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_import_cycle_anywhere_the_scenes_included():
    """Main had two circles of 10 and 3 scenes (and one of 2): title → setup → table → score pad → title, ..."""
    assert cycles(import_graph()) == []


def layers() -> list[set[str]]:
    """The packages of each layer, top first, as pyproject.toml's `layers` contract lists them."""
    pyproject = tomllib.loads((PACKAGE.parent / "pyproject.toml").read_text(encoding="utf-8"))
    contract = next(c for c in pyproject["tool"]["importlinter"]["contracts"] if c["id"] == "layers")
    return [{name.strip().split(".")[1] for name in layer.split("|")} for layer in contract["layers"]]


def test_every_package_imports_only_the_layers_below_it_lazy_imports_included():
    """The same layers as import-linter's, walked by this file's own reader: i18n once imported ai.reasons."""
    rank = {package: i for i, layer in enumerate(layers()) for package in layer}
    packages = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").is_file()}
    assert set(rank) == packages  # every package has its layer
    upward = set()
    for module, targets in import_graph().items():
        source = module.split(".")[1] if "." in module else ""
        for target in targets:
            dest = target.split(".")[1] if "." in target else ""
            if source in rank and dest in rank and source != dest and rank[dest] <= rank[source]:
                upward.add((module, target))
    assert sorted(upward) == []
