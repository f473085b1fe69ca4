"""The tests' own modules: a second `pytestmark = ...` silently throws the first one's marks away (two window tests
ran at the default size and bot pause that way)."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]


def test_no_test_module_sets_its_marks_twice():
    twice = []
    for path in sorted(TESTS.rglob("test_*.py")):
        text = path.read_text(encoding="utf-8")
        if text.count("pytestmark") < 2:  # only a module that names it twice can set it twice: parse those
            continue
        tree = ast.parse(text)
        targets = [t for node in tree.body if isinstance(node, ast.Assign) for t in node.targets]
        if sum(isinstance(t, ast.Name) and t.id == "pytestmark" for t in targets) > 1:
            twice.append(path.relative_to(TESTS).as_posix())
    assert twice == []
