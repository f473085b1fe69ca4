"""What `make test-fast` runs of a wide check: its most demanding cases and a share of its examples; `make test`
(no `-m`) runs every case and every example. No case is ever dropped: the rest is marked slow."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest

# Set by tests/conftest.py's pytest_configure: the run leaves the slow tests out (`-m "not slow"`).
FAST_RUN = False


def slow(*values: Any, id: str | None = None) -> Any:
    """A parametrized case that only `make test` runs."""
    return pytest.param(*values, marks=pytest.mark.slow, id=id)


def sweep(values: Iterable[Any], *, fast: Iterable[Any]) -> list[Any]:
    """Every value as a case: those in `fast` in both suites, the others in `make test` only (a tuple is one case
    of several arguments, as `pytest.mark.parametrize` takes it)."""
    keep = list(fast)
    cases = [value if isinstance(value, tuple) else (value,) for value in values]
    return [value if value in keep else slow(*case) for value, case in zip(values, cases, strict=True)]


def examples(full: int, *, fast: int) -> int:
    """A property test's max_examples: `full` in the whole suite, `fast` when the run leaves the slow tests out."""
    return fast if FAST_RUN else full
