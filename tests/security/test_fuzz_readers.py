"""Fuzz every reader: random bytes, random YAML trees, deep nesting, aliases, huge numbers, odd Unicode.

Each input must be accepted or refused cleanly (one printable line, the reader's own error) within a
bound of CPU time. Fixed example counts and no deadline flakiness: the bound is asserted by hand, on the
reading thread's CPU time (a busy machine stretches the wall clock, not the work an input costs).
"""

from __future__ import annotations

import random
import tempfile
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.budget import examples
from tests.security.hostile import FAILURE, READERS, attempt, dump, families

SECONDS = 2.0  # of CPU per input; the worst measured is 0.56 s of wall time beside two busy cores
FAST = settings(
    max_examples=examples(25, fast=10), deadline=None, derandomize=True, suppress_health_check=list(HealthCheck)
)
HEAVY = settings(max_examples=120, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))

yaml_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()
    | st.text(max_size=30)
    | st.sampled_from(["A-27", "offer", "human", "bot", "en", "fr", "fast", "2026-01-31T18:05:00Z"]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=12), inner, max_size=5),
    max_leaves=30,
)


def check(reader: str, data: str | bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        start = time.thread_time()
        outcome, detail = attempt(reader, data, Path(folder))
        took = time.thread_time() - start
    assert outcome != FAILURE, detail
    assert took < SECONDS, f"{reader} took {took:.2f} s of CPU"


@pytest.mark.parametrize("reader", READERS)
@FAST
@given(data=st.binary(max_size=600))
def test_random_bytes(reader: str, data: bytes) -> None:
    check(reader, data)


@pytest.mark.parametrize("reader", READERS)
@FAST
@given(value=yaml_values)
def test_random_yaml_trees(reader: str, value: object) -> None:
    check(reader, dump(value))


@pytest.mark.parametrize("reader", READERS)
@FAST
@given(value=yaml_values, key=st.sampled_from(["seats", "seed", "name", "bot_pause", "language", "tables"]))
def test_random_yaml_under_a_known_key(reader: str, value: object, key: str) -> None:
    check(reader, dump({key: value}))


@pytest.mark.parametrize("reader", READERS)
@pytest.mark.parametrize("family", range(7))
@FAST
@given(seed=st.integers(0, 2**32 - 1))
def test_hostile_families(reader: str, family: int, seed: int) -> None:
    """Deep nesting, alias bombs, huge numbers, odd Unicode, mutated saves: see tests/security/hostile.py."""
    kind = families(reader)[family]
    check(reader, kind.make(random.Random(seed)))


@pytest.mark.slow
@pytest.mark.parametrize("reader", READERS)
@HEAVY
@given(seed=st.integers(0, 2**32 - 1))
def test_many_hostile_inputs(reader: str, seed: int) -> None:
    rng = random.Random(seed)
    kind = rng.choice(families(reader))
    check(reader, kind.make(rng))
