"""Walking the package's syntax trees by their statements only: imports and function definitions are statements,
and no statement lies inside an expression, so the expressions (most of a tree's nodes) need no visit."""

from __future__ import annotations

import ast
from collections.abc import Iterator

HOLDERS = (ast.stmt, ast.excepthandler, ast.match_case)  # a handler's and a case's bodies hold statements


def inner_statements(node: ast.AST) -> list[ast.AST]:
    """The statements (and the handlers and cases that hold more) right under `node`."""
    return [child for child in ast.iter_child_nodes(node) if isinstance(child, HOLDERS)]


def statements(tree: ast.AST) -> Iterator[ast.AST]:
    """Every statement of `tree` at any depth (and the handlers and cases between them)."""
    stack = [tree]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(inner_statements(node))
