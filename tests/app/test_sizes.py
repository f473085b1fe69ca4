"""Size limits over the package: no source file over 450 lines (the i18n string tables aside), no function over 60
lines unless its def line carries a `# long:` comment saying why (and it is listed here, so a new exception is a
decision, not drift)."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import amul_table
from tests.code_walk import collector_paused, statements

PACKAGE = Path(amul_table.__file__).parent
MAX_FILE_LINES = 450
MAX_FUNCTION_LINES = 60
# "module.py:function": functions allowed over the limit, each with a `# long:` comment on its def line
LONG_FUNCTIONS: set[str] = set()


def sources() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


@cache  # the package read once for both tests
def long_functions() -> dict[str, tuple[int, str]]:
    """Every function over the limit: its length and its def line."""
    found = {}
    with collector_paused():
        for path in sources():
            text = path.read_text(encoding="utf-8")
            lines = text.splitlines()
            for node in statements(ast.parse(text)):
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                    length = node.end_lineno - node.lineno + 1
                    if length > MAX_FUNCTION_LINES:
                        name = f"{path.relative_to(PACKAGE).as_posix()}:{node.name}"
                        found[name] = (length, lines[node.lineno - 1])
    return found


def is_string_table(path: Path) -> bool:
    """The UI text of one language (i18n/en*.py, fr*.py): a table of strings, as long as the game has words."""
    return path.parent.name == "i18n" and path.stem.startswith(("en", "fr"))


def test_no_source_file_is_over_450_lines_but_the_string_tables():
    too_long = {
        path.relative_to(PACKAGE).as_posix(): n
        for path in sources()
        if not is_string_table(path) and (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_FILE_LINES
    }
    assert too_long == {}


def test_the_limit_leaves_out_the_two_languages_tables_and_nothing_else():
    exempt = {path.relative_to(PACKAGE).as_posix() for path in sources() if is_string_table(path)}
    assert {"i18n/en.py", "i18n/fr.py"} <= exempt
    assert not is_string_table(PACKAGE / "i18n" / "__init__.py") and not is_string_table(
        PACKAGE / "i18n" / "card_texts.py"
    )


def test_no_function_is_over_60_lines_unless_listed_and_explained():
    found = long_functions()
    assert set(found) <= LONG_FUNCTIONS, {k: v[0] for k, v in found.items() if k not in LONG_FUNCTIONS}
    unexplained = [name for name, (_, line) in found.items() if "# long:" not in line]
    assert unexplained == []


def test_every_listed_exception_is_still_long():
    """An exception that got shorter leaves the list, so the list stays the truth."""
    assert set(long_functions()) == LONG_FUNCTIONS
