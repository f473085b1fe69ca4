"""What `make test-fast` runs of a wide check: its most demanding cases and a share of its examples; `make test`
(no `-m`) runs every case and every example. No case is ever dropped: the rest is marked slow."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import pytest

# Set by tests/conftest.py's pytest_configure: the run leaves the slow tests out (`-m "not slow"`).
FAST_RUN = False


def slow(*values: Any, id: str | None = None) -> Any:
    """A parametrized case that only `make test` runs."""
    return pytest.param(*values, marks=pytest.mark.slow, id=id)


def sweep(
    values: Iterable[Any], *, fast: Iterable[Any] | Callable[[Any], bool], ids: Callable[[Any], str] | None = None
) -> list[Any]:
    """Every value as a case: those in `fast` (or that `fast` picks) in both suites, the others in `make test` only
    (a tuple is one case of several arguments, as `pytest.mark.parametrize` takes it); `ids` names each case."""
    keep = fast if callable(fast) else list(fast).__contains__
    return [
        pytest.param(
            *(value if isinstance(value, tuple) else (value,)),
            marks=() if keep(value) else pytest.mark.slow,
            id=None if ids is None else ids(value),
        )
        for value in values
    ]


def examples(full: int, *, fast: int) -> int:
    """A property test's max_examples: `full` in the whole suite, `fast` when the run leaves the slow tests out."""
    return fast if FAST_RUN else full
